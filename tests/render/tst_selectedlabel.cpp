#include "figure.h"
#include "renderfixtures.h"
#include "scenarioanalysis.h"
#include "sceneframe.h"
#include "testhelpers.h"

#include <QTest>

#include <algorithm>
#include <cmath>

using namespace rooflab;
using namespace rooflab::test;

namespace {

// The window's options for `result` with the MLP projections on the H100 selected.
ChartOptions mlpSelected(const ScenarioAnalysis &result, double textScale)
{
    ChartOptions options = windowOptions(result, textScale);
    options.selectedDevice = QStringLiteral("h100-sxm5");
    options.selectedOperator = QStringLiteral("mlp");
    return options;
}

} // namespace

// The selected point keeps its name on the chart where large text leaves a small plot
// (issue 12): when the lines' labels take every place near it, the layout places it before
// them and lets one of theirs go to the legend's count.
class TestSelectedLabel : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void theSelectedClassIsNamedInASmallPlot_data();
    void theSelectedClassIsNamedInASmallPlot();
    void noLabelOnTheSelectionRing_data();
    void noLabelOnTheSelectionRing();
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
    const Figure figure(result.chart, mlpSelected(result, textScale), size);
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

void TestSelectedLabel::noLabelOnTheSelectionRing_data()
{
    theSelectedClassIsNamedInASmallPlot_data();
    // The chart of a 1920 x 1080 screen's window at 225 %, where "ridge 20" sat on the ring.
    QTest::newRow("window chart 973x900 at 225 %") << QSize(973, 900) << 2.25;
}

void TestSelectedLabel::noLabelOnTheSelectionRing()
{
    QFETCH(QSize, size);
    QFETCH(double, textScale);
    const ScenarioAnalysis result = analysisAt(threeDevices(), 16);
    const Figure figure(result.chart, mlpSelected(result, textScale), size);
    const SceneFrame &frame = figure.frame();
    const SceneModel &model = figure.model();
    qsizetype ringed = -1;
    for (qsizetype i = 0; i < model.points.size(); ++i) {
        if (model.points.at(i).selected)
            ringed = i;
    }
    QVERIFY(ringed >= 0);
    // The ring as the painter draws it: a marker 1.35 times the point's size, the ring at
    // 0.85 of that as its radius, with a 3 px pen (its outer edge 1.5 px further).
    const QPointF centre = frame.pointPixels.at(ringed);
    const double radius = frame.pointSize(model.points.at(ringed)) * 1.35 * 0.85 + 1.5;
    for (const PlacedText &t : frame.texts) {
        if (t.angle != 0 || t.text.isEmpty())
            continue;
        // The point of the text's box nearest the centre.
        const QPointF nearest(std::clamp(centre.x(), t.rect.left(), t.rect.right()),
                              std::clamp(centre.y(), t.rect.top(), t.rect.bottom()));
        const double distance = std::hypot(nearest.x() - centre.x(), nearest.y() - centre.y());
        QVERIFY2(distance >= radius,
                 qPrintable(QStringLiteral("\"%1\" %2 px from the ring's centre, its radius %3")
                                .arg(t.text)
                                .arg(distance)
                                .arg(radius)));
    }
}

QTEST_MAIN(TestSelectedLabel)
#include "tst_selectedlabel.moc"
