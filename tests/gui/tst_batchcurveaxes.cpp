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
        BatchCurve curve;
        for (const auto &[batch, time] : {std::pair{1.0, 0.045}, {64.0, 0.06}, {4096.0, 1.2}}) {
            BatchSample sample;
            sample.batch = batch;
            sample.time = time;
            sample.tokens = batch;
            sample.tokensPerSecond = batch / time;
            curve.samples.append(sample);
        }
        BatchCurveChart chart;
        chart.setCurve(curve);
        const auto [low, high] = chart.timeRange();
        ROOFLAB_COMPARE_NEAR(low, 31.5, 1e-9);
        ROOFLAB_COMPARE_NEAR(high, 1680.0, 1e-9);
        ROOFLAB_COMPARE_NEAR(chart.timePoints().first().y(), 45.0, 1e-9);
    }
};

QTEST_MAIN(TestBatchCurveAxes)
#include "tst_batchcurveaxes.moc"
