// The batch curve's time axis: its unit and range (src/gui/batchcurveaxes.h). A step time from
// 45 ms to 1.2 s (Gaudi 3 with Llama 3.1 70B) used to be drawn in seconds with labels at
// powers of two: 0.03125, 0.0625, 0.125 ...

#include "batchcurveaxes.h"
#include "batchcurvechart.h"
#include "results.h"
#include "testhelpers.h"

#include <QTest>

using namespace rooflab;
using namespace rooflab::gui;

namespace {

// A sweep of (batch, step time in s), one token per sequence.
BatchCurve sweep(std::initializer_list<std::pair<double, double>> steps)
{
    BatchCurve curve;
    for (const auto &[batch, time] : steps) {
        BatchSample sample;
        sample.batch = batch;
        sample.time = time;
        sample.tokens = batch;
        sample.tokensPerSecond = batch / time;
        curve.samples.append(sample);
    }
    return curve;
}

} // namespace

class TestBatchCurveAxes : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void underTwoDecadesTheLowEndSetsTheUnit()
    {
        // Step times 45 ms to 1.2 s: the axis from 0.7 * 0.045 = 0.0315 s to 1.4 * 1.2 = 1.68 s,
        // 1.68 / 0.0315 = 53 < 100: labels at powers of two, in ms (31.5 ms has a whole
        // part; 0.0315 s has none).
        const Scale narrow = sweepTimeScale(0.045, 1.2);
        QCOMPARE(narrow.symbol, QStringLiteral("ms"));
        ROOFLAB_COMPARE_DOUBLE(narrow.factor, 1e-3);
        // 1 ms to 0.8 s: the axis from 0.7 ms to 1.12 s, 1600 > 100, labels at powers of
        // ten: the unit of the longest time, ms (0.8 s has no whole part).
        const Scale wide = sweepTimeScale(1e-3, 0.8);
        QCOMPARE(wide.symbol, QStringLiteral("ms"));
        ROOFLAB_COMPARE_DOUBLE(wide.factor, 1e-3);
        QCOMPARE(sweepTimeScale(1e-3, 2).symbol, QStringLiteral("s"));
        // 30 µs to 600 µs: the axis from 21 µs to 840 µs, 40 < 100, the low end in µs.
        QCOMPARE(sweepTimeScale(30e-6, 600e-6).symbol, QStringLiteral("µs"));
    }

    void theChartDrawsWholeLabels()
    {
        // Step times 45 ms at batch 1 to 1.2 s at batch 4096: the axis runs from
        // 0.045 * 0.7 = 0.0315 s to 1.2 * 1.4 = 1.68 s, drawn in ms: 31.5 to 1680.
        BatchCurveChart chart;
        chart.setCurve(sweep({{1.0, 0.045}, {64.0, 0.06}, {4096.0, 1.2}}));
        const auto [low, high] = chart.timeRange();
        ROOFLAB_COMPARE_NEAR(low, 31.5, 1e-9);
        ROOFLAB_COMPARE_NEAR(high, 1680.0, 1e-9);
        ROOFLAB_COMPARE_NEAR(chart.timePoints().first().y(), 45.0, 1e-9);
    }

    void everyLogAxisHasThreeLabels_data()
    {
        QTest::addColumn<double>("lo");
        QTest::addColumn<double>("hi");
        QTest::addColumn<bool>("allowBaseTwo");
        QTest::addColumn<double>("wantLo");
        QTest::addColumn<double>("wantHi");
        QTest::addColumn<int>("wantBase");
        // Steps of 50 ms to 3 s: the axis 0.035 to 4.2 s, 4.2 / 0.035 = 120 >= 100, base ten.
        // Inside: 0.1 and 1, two labels. The next powers out: 0.01 (0.035 / 0.01 = 3.5 away)
        // and 10 (10 / 4.2 = 2.38 away): the top goes to 10, and 0.1, 1, 10 are labelled.
        QTest::newRow("2 decades, top widened") << 0.035 << 4.2 << true << 0.035 << 10.0 << 10;
        // A flat 100 ms step: 70 to 140 ms, under two decades, base two. Inside: 128 only.
        // Out: 64 (70 / 64 = 1.09) and 256 (256 / 140 = 1.83): the bottom goes to 64; then 32
        // (64 / 32 = 2) and 256 (1.83): the top goes to 256. Labels 64, 128, 256.
        QTest::newRow("flat, base two") << 70.0 << 140.0 << true << 64.0 << 256.0 << 2;
        // Batches 4 to 32 (a batch axis allows no base two): 3.2 to 38.4 holds only 10.
        // Out: 1 (3.2 away) and 100 (100 / 38.4 = 2.6 away): the top to 100; then 1 (3.2)
        // and 1000 (10): the bottom to 1. Labels 1, 10, 100.
        QTest::newRow("batch, both widened") << 3.2 << 38.4 << false << 1.0 << 100.0 << 10;
        // 0.7 to 1120 ms holds 1, 10, 100, 1000: kept as it is.
        QTest::newRow("wide, kept") << 0.7 << 1120.0 << true << 0.7 << 1120.0 << 10;
        // No range (no step drawn): one to a hundred, three labels.
        QTest::newRow("empty") << 0.0 << 0.0 << true << 1.0 << 100.0 << 10;
    }

    void everyLogAxisHasThreeLabels()
    {
        QFETCH(double, lo);
        QFETCH(double, hi);
        QFETCH(bool, allowBaseTwo);
        QFETCH(double, wantLo);
        QFETCH(double, wantHi);
        QFETCH(int, wantBase);
        const LogRange range = logRange(lo, hi, allowBaseTwo);
        ROOFLAB_COMPARE_DOUBLE(range.lo, wantLo);
        ROOFLAB_COMPARE_DOUBLE(range.hi, wantHi);
        QCOMPARE(range.base, wantBase);
    }

    // Subnormal ends, where pow() cannot reach the next power exactly: the widening stops
    // after three steps instead of repeating the same end for ever.
    void aSubnormalRangeEnds()
    {
        const LogRange range = logRange(9.99989e-321, 1.99998e-320, false);
        QCOMPARE(range.base, 10);
        QVERIFY(range.lo > 0 && range.hi > range.lo);
    }

    void theChartLabelsThreeDecades()
    {
        // Steps of 50 ms (batch 1) to 3 s (batch 4096): in s (above), the axis to 10 s or a
        // little more, so that 0.1, 1 and 10 all lie on it.
        BatchCurveChart chart;
        chart.setCurve(sweep({{1.0, 0.05}, {4096.0, 3.0}}));
        const auto [low, high] = chart.timeRange();
        QVERIFY2(low <= 0.1 && high >= 10,
                 qPrintable(QStringLiteral("time axis %1 to %2 s").arg(low).arg(high)));
    }
};

QTEST_MAIN(TestBatchCurveAxes)
#include "tst_batchcurveaxes.moc"
