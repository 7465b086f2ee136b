#include "figure.h"
#include "renderfixtures.h"
#include "scenarioanalysis.h"
#include "sceneframe.h"
#include "testhelpers.h"

#include <QTest>

using namespace rooflab;
using namespace rooflab::test;

// The selected point keeps its name on the chart where large text leaves a small plot
// (issue 12): when the lines' labels take every place near it, the layout places it before
// them and lets one of theirs go to the legend's count.
class TestSelectedLabel : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void theSelectedClassIsNamedInASmallPlot_data();
    void theSelectedClassIsNamedInASmallPlot();
};

void TestSelectedLabel::theSelectedClassIsNamedInASmallPlot_data()
{
    QTest::addColumn<QSize>("size");
    QTest::addColumn<double>("textScale");
    // The chart of a 1280 x 800 screen's window at 225 % (its first size, 90 % of the
    // screen, leaves the chart about 652 x 646), and a 1200 x 800 export at 225 %.
    QTest::newRow("window chart 652x646 at 225 %") << QSize(652, 646) << 2.25;
    QTest::newRow("1200x800 at 225 %") << QSize(1200, 800) << 2.25;
    QTest::newRow("1920x1080 at 175 %") << QSize(1920, 1080) << 1.75;
}

void TestSelectedLabel::theSelectedClassIsNamedInASmallPlot()
{
    QFETCH(QSize, size);
    QFETCH(double, textScale);
    // Llama 3.1 70B decode at batch 16 on the H100, H200 and MI300X, the MLP projections
    // selected on the H100: 70 % of its step time, the class a lecturer points at.
    const ScenarioAnalysis result = analysisAt(threeDevices(), 16);
    ChartOptions options = windowOptions(result, textScale);
    options.selectedDevice = QStringLiteral("h100-sxm5");
    options.selectedOperator = QStringLiteral("mlp");
    const Figure figure(result.chart, options, size);
    const SceneFrame &frame = figure.frame();
    const PlacedText *selected = nullptr;
    for (const PlacedText &t : frame.texts) {
        if (t.style == TextStyle::SelectedPoint)
            selected = &t;
    }
    QVERIFY2(selected, "the selected class has no label");
    QCOMPARE(selected->text, QStringLiteral("MLP projections"));
    // Inside the plot, on no other label.
    const QRectF plot = figure.layout().map.rect;
    QVERIFY2(plot.contains(selected->rect), qPrintable(describe(selected->rect)));
    for (const PlacedText &t : frame.texts) {
        if (&t != selected && t.angle == 0 && !t.text.isEmpty())
            QVERIFY2(!t.rect.intersects(selected->rect), qPrintable(t.text));
    }
}

QTEST_MAIN(TestSelectedLabel)
#include "tst_selectedlabel.moc"
