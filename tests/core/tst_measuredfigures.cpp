// A measured kernel against a device: achieved FLOP/s, intensity per level, the roof above
// it, its bound and the warnings of a point above its roof. The device is made up here.
#include "measuredfigures.h"
#include "testhelpers.h"

#include <QTest>

using namespace rooflab;

namespace {

// Main memory 1 TB/s, L2 4 TB/s, no L1 figure; vector FP32 20 TFLOP/s, matrix FP16
// 300 TFLOP/s, matrix INT8 600 Top/s (never a roof for FLOPs).
Device testDevice()
{
    Device d;
    d.id = QStringLiteral("test-gpu");
    d.name = QStringLiteral("Test GPU");
    d.memory = {{.level = QStringLiteral("main"),
                 .name = QStringLiteral("HBM"),
                 .bandwidth = 1e12,
                 .sizeBytes = 0,
                 .source = {}},
                {.level = QStringLiteral("l2"),
                 .name = QStringLiteral("L2"),
                 .bandwidth = 4e12,
                 .sizeBytes = 0,
                 .source = {}}};
    d.compute = {{.unit = UnitKind::Vector,
                  .math = QStringLiteral("fp32"),
                  .peakFlops = 20e12,
                  .source = {}},
                 {.unit = UnitKind::Matrix,
                  .math = QStringLiteral("fp16"),
                  .peakFlops = 300e12,
                  .source = {}},
                 {.unit = UnitKind::Matrix,
                  .math = QStringLiteral("int8"),
                  .peakFlops = 600e12,
                  .source = {}}};
    return d;
}

MeasuredKernel kernel(double flops, double time, std::optional<double> dram,
                      const char *math = nullptr)
{
    MeasuredKernel k;
    k.name = QStringLiteral("k");
    k.launches = 1;
    k.flops = flops;
    k.timeS = time;
    k.bytes.dram = dram;
    if (math)
        k.flopsByMath.insert(QLatin1String(math), flops);
    return k;
}

bool anyContains(const QStringList &list, const char *text)
{
    for (const QString &s : list) {
        if (s.contains(QLatin1String(text)))
            return true;
    }
    return false;
}

} // namespace

class TestMeasuredFigures : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void withoutDevice();
    void fp32KernelComputeBound();
    void unknownMathAnswersToHighestPeak();
    void zeroBytesHaveNoIntensity();
    void aboveComputeRoofOtherPrecision();
    void aboveComputeRoofTwice();
    void aboveComputeRoofUnits();
    void aboveMemoryRoof();
};

void TestMeasuredFigures::withoutDevice()
{
    MeasuredKernel k = kernel(4e9, 0.004, 1e8);
    k.bytes.l2 = 2e8;
    const KernelFigures f = kernelFigures(k, nullptr);
    // 4e9 FLOP / 0.004 s = 1e12 FLOP/s.
    ROOFLAB_COMPARE_DOUBLE(f.achievedFlops, 1e12);
    QCOMPARE(f.levels.size(), 2);
    // 4e9 / 1e8 B = 40 FLOP/B at DRAM; 4e9 / 2e8 B = 20 FLOP/B at L2.
    QCOMPARE(f.levels.at(0).level, QStringLiteral("dram"));
    ROOFLAB_COMPARE_DOUBLE(f.levels.at(0).intensity.value_or(-1), 40);
    QCOMPARE(f.levels.at(1).level, QStringLiteral("l2"));
    ROOFLAB_COMPARE_DOUBLE(f.levels.at(1).intensity.value_or(-1), 20);
    QVERIFY(!f.roofFlops);
    QVERIFY(!f.pctOfRoof);
    QVERIFY(!f.bound);
    QVERIFY(f.warnings.isEmpty());
}

void TestMeasuredFigures::fp32KernelComputeBound()
{
    const Device d = testDevice();
    MeasuredKernel k = kernel(4e9, 0.004, 1e8, "fp32");
    k.bytes.l2 = 2e8;
    k.bytes.l1 = 4e8;
    const KernelFigures f = kernelFigures(k, &d);
    // FP32 answers to the vector FP32 peak, 20 TFLOP/s.
    QCOMPARE(f.peakName, QStringLiteral("vector fp32"));
    // DRAM roof 1e12 B/s × 40 FLOP/B = 40e12; L2 roof 4e12 × 20 = 80e12; both above the
    // 20e12 peak: compute-bound under 20e12, and 1e12 / 20e12 = 5 % of it.
    ROOFLAB_COMPARE_DOUBLE(f.levels.at(0).roofFlops.value_or(-1), 20e12);
    ROOFLAB_COMPARE_DOUBLE(f.roofFlops.value_or(-1), 20e12);
    ROOFLAB_COMPARE_DOUBLE(f.pctOfRoof.value_or(-1), 5);
    QCOMPARE(f.bound, std::optional(Bound::Compute));
    QCOMPARE(f.boundLevel, QString());
    // L1: 4e9 / 4e8 = 10 FLOP/B, but the device gives no L1 bandwidth.
    ROOFLAB_COMPARE_DOUBLE(f.levels.at(2).intensity.value_or(-1), 10);
    QVERIFY(!f.levels.at(2).roofFlops);
    QCOMPARE(f.warnings.size(), 1);
    QVERIFY(anyContains(f.warnings, "no L1 bandwidth"));
}

void TestMeasuredFigures::unknownMathAnswersToHighestPeak()
{
    const Device d = testDevice();
    MeasuredKernel k = kernel(4e9, 0.004, 1e8);
    k.bytes.l2 = 2e8;
    const KernelFigures f = kernelFigures(k, &d);
    // No precision: the highest floating-point peak, matrix FP16 300e12 (not INT8's 600e12). DRAM
    // roof 40e12 is the lowest (L2 80e12): memory-bound at DRAM, 1e12 / 40e12 = 2.5 % of it.
    QCOMPARE(f.peakName, QStringLiteral("matrix fp16"));
    ROOFLAB_COMPARE_DOUBLE(f.roofFlops.value_or(-1), 40e12);
    ROOFLAB_COMPARE_DOUBLE(f.pctOfRoof.value_or(-1), 2.5);
    QCOMPARE(f.bound, std::optional(Bound::Memory));
    QCOMPARE(f.boundLevel, QStringLiteral("dram"));
    QVERIFY(f.warnings.isEmpty());
}

void TestMeasuredFigures::zeroBytesHaveNoIntensity()
{
    const Device d = testDevice();
    const KernelFigures f = kernelFigures(kernel(1e9, 1, 0.0, "fp32"), &d);
    QCOMPARE(f.levels.size(), 1);
    QVERIFY(!f.levels.at(0).intensity);
    // No memory roof: the roof is the 20e12 peak, with no bound; 1e9 / 20e12 = 0.005 %.
    ROOFLAB_COMPARE_DOUBLE(f.roofFlops.value_or(-1), 20e12);
    ROOFLAB_COMPARE_DOUBLE(f.pctOfRoof.value_or(-1), 0.005);
    QVERIFY(!f.bound);
}

void TestMeasuredFigures::aboveComputeRoofOtherPrecision()
{
    const Device d = testDevice();
    // 4e10 FLOP / 1e-3 s = 40e12 FLOP/s, 2 × the 20e12 FP32 peak; DRAM 1e9 B gives 40 FLOP/B
    // and a 40e12 memory roof, so only the compute roof is crossed. The matrix FP16 peak
    // (300e12) would hold it: a precision mix-up is named first.
    const KernelFigures f = kernelFigures(kernel(4e10, 1e-3, 1e9, "fp32"), &d);
    ROOFLAB_COMPARE_DOUBLE(f.achievedFlops, 40e12);
    ROOFLAB_COMPARE_DOUBLE(f.pctOfRoof.value_or(-1), 200);
    QCOMPARE(f.warnings.size(), 1);
    QVERIFY2(anyContains(f.warnings, "above the vector fp32 peak"), qPrintable(f.warnings.at(0)));
    QVERIFY2(anyContains(f.warnings, "precision"), qPrintable(f.warnings.at(0)));
}

void TestMeasuredFigures::aboveComputeRoofTwice()
{
    Device d = testDevice();
    d.compute.removeAt(1); // FP32 and INT8 only: no other floating-point peak holds it
    const KernelFigures f = kernelFigures(kernel(4e10, 1e-3, 1e9, "fp32"), &d);
    QCOMPARE(f.warnings.size(), 1);
    QVERIFY2(anyContains(f.warnings, "twice"), qPrintable(f.warnings.at(0)));
    QVERIFY(anyContains(f.warnings, "sparse"));
}

void TestMeasuredFigures::aboveComputeRoofUnits()
{
    Device d = testDevice();
    d.compute.removeAt(1);
    // 4e13 FLOP / 1e-3 s = 4e16 FLOP/s: 2,000 × the 20e12 peak; DRAM 1e12 B → 40 FLOP/B.
    const KernelFigures f = kernelFigures(kernel(4e13, 1e-3, 1e12, "fp32"), &d);
    QCOMPARE(f.warnings.size(), 1);
    QVERIFY2(anyContains(f.warnings, "unit"), qPrintable(f.warnings.at(0)));
}

void TestMeasuredFigures::aboveMemoryRoof()
{
    const Device d = testDevice();
    // 1e9 FLOP / 1e-3 s = 1e12 FLOP/s; DRAM 1e10 B → 0.1 FLOP/B, roof 1e12 × 0.1 = 1e11:
    // ten times above the memory roof, under the 20e12 peak.
    const KernelFigures f = kernelFigures(kernel(1e9, 1e-3, 1e10, "fp32"), &d);
    ROOFLAB_COMPARE_DOUBLE(f.roofFlops.value_or(-1), 1e11);
    ROOFLAB_COMPARE_DOUBLE(f.pctOfRoof.value_or(-1), 1000);
    QCOMPARE(f.bound, std::optional(Bound::Memory));
    QCOMPARE(f.warnings.size(), 1);
    QVERIFY2(anyContains(f.warnings, "DRAM memory roof"), qPrintable(f.warnings.at(0)));
}

QTEST_GUILESS_MAIN(TestMeasuredFigures)
#include "tst_measuredfigures.moc"
