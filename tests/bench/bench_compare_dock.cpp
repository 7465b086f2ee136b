// Benchmark (not a test): the Compare dock with Llama 3.1 70B on 20 devices, TP auto, from a
// batch change to the dock repainted: the document's results (each device's step, the
// comparison rows, the selection's moves and curve) and the dock's table, offscreen. The
// issue asks for one frame (16 ms). Build in Release; run through scripts/bench-chart.sh.
// Ends in "bench: compare_dock_20dev median_ms=X p90_ms=Y".
// Usage: bench_compare_dock [ITERATIONS]

#include "batchscale.h"
#include "catalog.h"
#include "comparedock.h"
#include "document.h"

#include <QApplication>
#include <QElapsedTimer>
#include <QTextStream>

#include <algorithm>

using namespace rooflab;
using namespace rooflab::gui;

namespace {

double percentile(QList<double> values, double p)
{
    std::sort(values.begin(), values.end());
    const auto index = static_cast<qsizetype>(p * double(values.size() - 1) + 0.5);
    return values.at(std::clamp<qsizetype>(index, 0, values.size() - 1));
}

} // namespace

int main(int argc, char **argv)
{
    QApplication app(argc, argv);
    const int iterations = argc > 1 ? std::max(1, QString::fromLocal8Bit(argv[1]).toInt()) : 60;
    const Catalog catalog = Catalog::builtin();
    Scenario scenario;
    scenario.model = QStringLiteral("llama-3.1-70b");
    scenario.seq = 4096;
    scenario.deployment.tpAuto = true;
    for (const Device &d : catalog.devices()) {
        if (scenario.devices.size() < 20)
            scenario.devices.append(d.id);
    }
    app::Document document(catalog, scenario);
    CompareDock dock(&document);
    dock.resize(1400, 700);
    dock.show();
    QCoreApplication::processEvents();

    QList<double> ms, results;
    for (int i = 0; i < iterations; ++i) {
        const double batch = batchscale::batchAt(1 + i % batchscale::maximumPosition());
        QElapsedTimer timer;
        timer.start();
        document.setBatch(batch); // the results, then the dock's rows
        results.append(static_cast<double>(timer.nsecsElapsed()) / 1e6);
        QCoreApplication::processEvents(); // layout and paint
        ms.append(static_cast<double>(timer.nsecsElapsed()) / 1e6);
    }
    QTextStream out(stdout);
    out << "compare dock, " << scenario.devices.size()
        << " devices, Llama 3.1 70B decode, TP auto, " << iterations
        << " batch changes: results and rows median " << percentile(results, 0.5)
        << " ms; to the dock repainted best " << percentile(ms, 0.0) << " ms, median "
        << percentile(ms, 0.5) << " ms, p90 " << percentile(ms, 0.9) << " ms\n";
    out << "bench: compare_dock_20dev median_ms=" << percentile(ms, 0.5)
        << " p90_ms=" << percentile(ms, 0.9) << '\n';
    return 0;
}
