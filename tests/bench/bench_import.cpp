// Benchmark (not a test): `rooflab import` of an Nsight Compute raw CSV with 100,000
// launches of 300 kernels, made up here in memory (issue 34: under 1 s). Build in Release.
// Usage: bench_import [ITERATIONS]

#include "measuredfigures.h"
#include "ncuimport.h"

#include <QCoreApplication>
#include <QElapsedTimer>
#include <QTextStream>

#include <algorithm>

using namespace rooflab;

namespace {

// A number with thousands separators, as ncu prints it: 12582912 → "12,582,912".
QByteArray grouped(qint64 value)
{
    QByteArray digits = QByteArray::number(value);
    for (qsizetype at = digits.size() - 3; at > 0; at -= 3)
        digits.insert(at, ',');
    return digits;
}

QByteArray madeUpReport(int launches, int kernels)
{
    QByteArray csv =
        "\"ID\",\"Kernel Name\",\"Device\",\"dram__bytes.sum\",\"gpu__time_duration.sum\","
        "\"lts__t_bytes.sum\",\"l1tex__t_bytes.sum\","
        "\"sm__sass_thread_inst_executed_op_ffma_pred_on.sum\","
        "\"sm__sass_thread_inst_executed_op_fadd_pred_on.sum\"\n"
        "\"\",\"\",\"\",\"byte\",\"nsecond\",\"byte\",\"byte\",\"inst\",\"inst\"\n";
    for (int i = 0; i < launches; ++i) {
        const qint64 scale = 1 + i % 97;
        csv += "\"" + QByteArray::number(i) + "\",\"kernel_" + QByteArray::number(i % kernels) +
               "<float, 128>(float const*, float*, int)\",\"0\",\"" + grouped(4096 * scale * 3001) +
               "\",\"" + grouped(1000 * scale + 17) + "\",\"" + grouped(8192 * scale * 3001) +
               "\",\"" + grouped(16384 * scale * 3001) + "\",\"" + grouped(1048576 * scale) +
               "\",\"" + grouped(4096 * scale) + "\"\n";
    }
    return csv;
}

} // namespace

int main(int argc, char **argv)
{
    QCoreApplication app(argc, argv);
    const int iterations = argc > 1 ? std::max(1, QString::fromLocal8Bit(argv[1]).toInt()) : 10;
    const QByteArray report = madeUpReport(100000, 300);
    Device device;
    device.name = QStringLiteral("bench device");
    device.memory = {{.level = QStringLiteral("main"),
                      .name = QStringLiteral("HBM"),
                      .bandwidth = 3e12,
                      .sizeBytes = 0,
                      .source = {}}};
    device.compute = {{.unit = UnitKind::Vector,
                       .math = QStringLiteral("fp32"),
                       .peakFlops = 60e12,
                       .source = {}}};
    QList<double> ms;
    qsizetype kernels = 0;
    for (int i = 0; i < iterations; ++i) {
        QElapsedTimer timer;
        timer.start();
        const MeasuredImport imported = importNcuCsv(QStringLiteral("bench.csv"), report);
        for (const MeasuredKernel &k : imported.kernels)
            kernels += kernelFigures(k, &device).levels.isEmpty() ? 0 : 1;
        ms.append(static_cast<double>(timer.nsecsElapsed()) / 1e6);
    }
    std::sort(ms.begin(), ms.end());
    QTextStream(stdout) << "bench: import_ncu launches=100000 kernels=300 bytes=" << report.size()
                        << " median_ms=" << ms.at(ms.size() / 2)
                        << " p90_ms=" << ms.at(ms.size() * 9 / 10) << " figured=" << kernels
                        << '\n';
    return 0;
}
