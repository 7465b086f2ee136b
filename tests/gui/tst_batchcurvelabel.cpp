// The batch curve's current-batch label ("B = 256") beside its dot: on the right unless a
// vertical marker line (the ridge batch, the memory limit) would cross its text or it would
// leave the plot, then on the left. At batch 256 with the ridge at 300 the ridge line struck
// "B = 256" through. Positions are read from the drawn chart.
#include "batchcurvechart.h"
#include "results.h"

#include <QTest>

#include <algorithm>

using namespace rooflab;
using namespace rooflab::gui;

namespace {

QString s(const char *text)
{
    return QString::fromUtf8(text);
}

// A decode-like sweep, batch 1 to 4096 in powers of two: a flat 10 ms until the ridge, then
// growing with the batch (its exact shape does not matter here).
BatchSample sample(double batch)
{
    BatchSample out;
    out.batch = batch;
    out.time = std::max(0.01, batch * 0.01 / 300);
    out.tokens = batch;
    out.tokensPerSecond = batch / out.time;
    return out;
}

BatchCurve sweep(double current, std::optional<double> ridge, std::optional<double> memory)
{
    BatchCurve curve;
    curve.title = s("sweep");
    for (double b = 1; b <= 4096; b *= 2)
        curve.samples.append(sample(b));
    curve.current = sample(current);
    if (ridge)
        curve.ridge = sample(*ridge);
    curve.memoryLimit = memory;
    return curve;
}

QString crossed(const BatchCurveChart &chart)
{
    const QRectF label = chart.currentMarkerLabelRect();
    for (const qreal x : chart.markerLineXs()) {
        if (x > label.left() && x < label.right())
            return s("marker at x = %1 crosses \"%2\" from %3 to %4")
                .arg(x)
                .arg(chart.currentMarkerLabel())
                .arg(label.left())
                .arg(label.right());
    }
    return {};
}

} // namespace

class TestBatchCurveLabel : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void noMarkerLineCrossesTheLabel_data()
    {
        QTest::addColumn<double>("current");
        QTest::addColumn<double>("ridge");
        QTest::addColumn<double>("memory");
        // The axis spans 0.8 to 4915.2 (3.8 decades) over about 400 px, some 100 px a decade:
        // the ridge at 300 is log10(300 / 200) = 0.18 decade, about 18 px, right of the dot
        // at 200, inside the text that starts 8 px right of it.
        QTest::newRow("ridge just right") << 200.0 << 300.0 << 0.0;
        // The memory limit (purple) just right of the dot does the same.
        QTest::newRow("memory just right") << 64.0 << 0.0 << 100.0;
        // Just left of the dot: the text on the right stays clear of it.
        QTest::newRow("ridge just left") << 300.0 << 200.0 << 0.0;
        // Near the right end of the sweep, with the ridge just right: the text cannot go
        // right (it would leave the plot) nor cross the line, so it goes left.
        QTest::newRow("ridge at the end") << 3600.0 << 4096.0 << 0.0;
    }

    void noMarkerLineCrossesTheLabel()
    {
        QFETCH(double, current);
        QFETCH(double, ridge);
        QFETCH(double, memory);
        BatchCurveChart chart;
        chart.resize(480, 320);
        chart.show();
        QVERIFY(QTest::qWaitForWindowExposed(&chart));
        chart.setCurve(sweep(current, ridge > 0 ? std::optional(ridge) : std::nullopt,
                             memory > 0 ? std::optional(memory) : std::nullopt));
        QTest::qWait(50); // the chart lays its plot area out on the next turn
        QCOMPARE(chart.markerLineXs().size(), 1);
        QVERIFY(!chart.currentMarkerLabelRect().isEmpty());
        const QString cross = crossed(chart);
        QVERIFY2(cross.isEmpty(), qPrintable(cross));
    }
};

QTEST_MAIN(TestBatchCurveLabel)
#include "tst_batchcurvelabel.moc"
