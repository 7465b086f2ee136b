// Benchmark (not a test): the rows of a side-by-side comparison (compareDevices(), what a
// Compare dock shows) for Llama 3.1 70B on 20 devices with TP auto, recomputed for each
// batch change. A dock refresh must fit in one frame (16 ms). Build in Release.
// Usage: bench_compare [ITERATIONS]

#include "catalog.h"
#include "devicecompare.h"

#include <QCoreApplication>
#include <QElapsedTimer>
#include <QTextStream>

#include <algorithm>

using namespace rooflab;

int main(int argc, char **argv)
{
    QCoreApplication app(argc, argv);
    const int iterations = argc > 1 ? std::max(1, QString::fromLocal8Bit(argv[1]).toInt()) : 40;
    const Catalog catalog = Catalog::builtin();
    Scenario scenario;
    scenario.model = QStringLiteral("llama-3.1-70b");
    scenario.seq = 4096;
    scenario.deployment.tpAuto = true;
    QStringList devices;
    for (const Device &d : catalog.devices()) {
        if (devices.size() < 20)
            devices.append(d.id);
    }
    QList<double> ms;
    qsizetype rows = 0;
    for (int i = 0; i < iterations; ++i) {
        scenario.batch = 1 + i % 64;
        QElapsedTimer timer;
        timer.start();
        rows += compareDevices(catalog, scenario, devices).size();
        ms.append(static_cast<double>(timer.nsecsElapsed()) / 1e6);
    }
    std::sort(ms.begin(), ms.end());
    QTextStream(stdout) << "bench: compare devices=" << devices.size()
                        << " iterations=" << iterations << " best_ms=" << ms.first()
                        << " median_ms=" << ms.at(ms.size() / 2) << " rows=" << rows << '\n';
    return 0;
}
