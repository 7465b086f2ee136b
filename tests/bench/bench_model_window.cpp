// Benchmark (not a test): with a model loaded in the window, the time from a batch change to
// every view brought up to date (model analysis on each device, chart, model panel, moves,
// batch curve, time shares), offscreen, with Llama 3.1 70B on three and on four devices.
// Build in Release; run through scripts/bench-chart.sh. Each case ends in one summary line
// "bench: NAME median_ms=X p90_ms=Y" (NAME says "model"), the lines to compare.
// Usage: bench_model_window [ITERATIONS]

#include "batchscale.h"
#include "catalog.h"
#include "document.h"
#include "mainwindow.h"

#include <QApplication>
#include <QElapsedTimer>
#include <QTextStream>

#include <algorithm>
#include <ctime>

using namespace rooflab;
using namespace rooflab::gui;

namespace {

// CPU time of this thread in ms: on a busy machine, closer to the work done than wall time.
double threadCpuMs()
{
    timespec t;
    clock_gettime(CLOCK_THREAD_CPUTIME_ID, &t);
    return double(t.tv_sec) * 1e3 + double(t.tv_nsec) / 1e6;
}

double percentile(QList<double> values, double p)
{
    std::sort(values.begin(), values.end());
    const auto index = static_cast<qsizetype>(p * double(values.size() - 1) + 0.5);
    return values.at(std::clamp<qsizetype>(index, 0, values.size() - 1));
}

void run(const QStringList &devices, int iterations)
{
    Scenario scenario;
    scenario.model = QStringLiteral("llama-3.1-70b");
    scenario.devices = devices;
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
    QList<double> ms, edit, cpu;
    for (int i = 0; i < iterations; ++i) {
        const double batch = batchscale::batchAt(1 + i % batchscale::maximumPosition());
        const double cpu0 = threadCpuMs();
        QElapsedTimer timer;
        timer.start();
        document.setBatch(batch); // analysis and every view's refresh
        const qint64 edited = timer.nsecsElapsed();
        QCoreApplication::processEvents(); // layout and paint
        ms.append(static_cast<double>(timer.nsecsElapsed()) / 1e6);
        cpu.append(threadCpuMs() - cpu0);
        edit.append(static_cast<double>(edited) / 1e6);
    }
    QTextStream out(stdout);
    out << "model window, " << devices.size() << " devices, Llama 3.1 70B decode, " << iterations
        << " batch changes: to every view repainted best " << percentile(ms, 0.0) << " ms, median "
        << percentile(ms, 0.5) << " ms; of which analysis and refresh best "
        << percentile(edit, 0.0) << " ms, median " << percentile(edit, 0.5) << " ms; CPU median "
        << percentile(cpu, 0.5) << " ms\n";
    out << "bench: model_window_llama70b_" << devices.size()
        << "dev median_ms=" << QString::number(percentile(ms, 0.5), 'f', 2)
        << " p90_ms=" << QString::number(percentile(ms, 0.9), 'f', 2) << "\n";
}

} // namespace

int main(int argc, char **argv)
{
    qputenv("QT_QPA_PLATFORM", "offscreen");
    QApplication app(argc, argv);
    QCoreApplication::setApplicationName(QStringLiteral("rooflab-bench"));
    const int iterations = argc > 1 ? std::max(1, QString::fromLocal8Bit(argv[1]).toInt()) : 40;

    const QStringList four = {QStringLiteral("h100-sxm5"), QStringLiteral("h200-sxm"),
                              QStringLiteral("mi300x"), QStringLiteral("b200")};
    for (const qsizetype devices : {3, 4})
        run(four.mid(0, devices), iterations);
    return 0;
}
