// Benchmark (not a test): with a model loaded in the window, the time from a batch change to
// every view brought up to date (model analysis on each device, chart, model panel, moves,
// batch curve, time shares), offscreen. Build in Release; run through scripts/bench-chart.sh.
// Usage: bench_model_window [ITERATIONS]

#include "batchscale.h"
#include "catalog.h"
#include "document.h"
#include "mainwindow.h"

#include <QApplication>
#include <QElapsedTimer>
#include <QTextStream>

#include <algorithm>

using namespace rooflab;
using namespace rooflab::gui;

int main(int argc, char **argv)
{
    qputenv("QT_QPA_PLATFORM", "offscreen");
    QApplication app(argc, argv);
    QCoreApplication::setApplicationName(QStringLiteral("rooflab-bench"));
    const int iterations = argc > 1 ? std::max(1, QString::fromLocal8Bit(argv[1]).toInt()) : 40;

    Scenario scenario;
    scenario.model = QStringLiteral("llama-3.1-70b");
    scenario.devices = {QStringLiteral("h100-sxm5"), QStringLiteral("h200-sxm"),
                        QStringLiteral("mi300x")};
    scenario.seq = 4096;
    Document document(Catalog::builtin(), scenario);
    MainWindow window(&document);
    Presentation still = document.presentation();
    still.animate = false; // time the work, not the 150 ms glide
    document.reset(document.scenario(), still, Selection(), QString());
    window.resize(1600, 1000);
    window.show();
    QCoreApplication::processEvents();

    // Batches 2, 3, 4, ... up the slider's scale: each one a change.
    QList<double> ms, edit;
    for (int i = 0; i < iterations; ++i) {
        const double batch = batchscale::batchAt(1 + i % batchscale::maximumPosition());
        QElapsedTimer timer;
        timer.start();
        document.setBatch(batch); // analysis and every view's refresh
        const qint64 edited = timer.nsecsElapsed();
        QCoreApplication::processEvents(); // layout and paint
        ms.append(static_cast<double>(timer.nsecsElapsed()) / 1e6);
        edit.append(static_cast<double>(edited) / 1e6);
    }
    std::sort(ms.begin(), ms.end());
    std::sort(edit.begin(), edit.end());
    QTextStream(stdout) << "model window, 3 devices, Llama 3.1 70B decode, " << iterations
                        << " batch changes: to every view repainted best " << ms.first()
                        << " ms, median " << ms.at(ms.size() / 2) << " ms; of which analysis "
                        << "and refresh best " << edit.first() << " ms, median "
                        << edit.at(edit.size() / 2) << " ms\n";
    return 0;
}
