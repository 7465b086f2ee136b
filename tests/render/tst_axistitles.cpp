#include "catalog.h"
#include "figure.h"
#include "scenarioanalysis.h"

#include <QFontMetricsF>
#include <QTest>

using namespace rooflab;

// The axis titles of a figure (docs/labels.md, "Axis titles"): never cut, never over the
// chart's title, the tick labels or a legend outside the plot; the whole title where the
// room holds it, else only the unit, at the text scale's size.
class TestAxisTitles : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void titlesFitTheirRoom_data();
    void titlesFitTheirRoom();
};

namespace {

QString s(const char *text)
{
    return QString::fromUtf8(text);
}

QString describe(const QRectF &r)
{
    return s("(%1, %2) %3 x %4").arg(r.x()).arg(r.y()).arg(r.width()).arg(r.height());
}

} // namespace

void TestAxisTitles::titlesFitTheirRoom_data()
{
    QTest::addColumn<QSize>("size");
    QTest::addColumn<double>("textScale");
    // Whether each axis has room for its whole title: "Attainable performance (FLOP/s)" is
    // 31 characters, at 16 px (text 1) about 250 px, at 36 px (225 %) about 560 px, more than
    // the room between a two-line title and the bottom of a 600 or 400 px figure.
    QTest::addColumn<bool>("wholeY");
    QTest::newRow("1500 x 900, text 1") << QSize(1500, 900) << 1.0 << true;
    QTest::newRow("580 x 455, text 1") << QSize(580, 455) << 1.0 << true;
    QTest::newRow("950 x 600, text 2.25") << QSize(950, 600) << 2.25 << false;
    QTest::newRow("930 x 570, text 2.25") << QSize(930, 570) << 2.25 << false;
    QTest::newRow("950 x 400, text 2.25") << QSize(950, 400) << 2.25 << false;
    QTest::newRow("1920 x 1080, text 2.25") << QSize(1920, 1080) << 2.25 << true;
}

void TestAxisTitles::titlesFitTheirRoom()
{
    QFETCH(QSize, size);
    QFETCH(double, textScale);
    QFETCH(bool, wholeY);
    const Catalog catalog = Catalog::builtin();
    Scenario scenario;
    scenario.model = s("llama-3.1-70b");
    scenario.devices = {s("h100-sxm5"), s("h200-sxm"), s("mi300x")};
    scenario.batch = 16;
    const ScenarioAnalysis result = analyzeScenario(catalog, scenario);
    ChartOptions options;
    options.fontScale = textScale;
    options.title = modelChartTitle(result.models);
    options.fitVerdicts = modelFitVerdicts(result.models);
    options.titleWidest = modelChartTitle(result.models, true);
    const Figure figure(result.chart, options, size);
    const FigureLayout &layout = figure.layout();
    const QRectF &plot = layout.map.rect;
    const QFontMetricsF metrics(figure.model().fonts.axisTitle);
    const QRectF x = layout.xTitleRect, y = layout.yTitleRect;

    QCOMPARE(layout.yTitle, wholeY ? s("Attainable performance (FLOP/s)") : s("FLOP/s"));
    QVERIFY(layout.xTitle == s("Arithmetic intensity (FLOP/byte)") ||
            layout.xTitle == s("FLOP/byte"));
    // Whole: the text no longer than its box (the vertical box is turned, so its height).
    QVERIFY2(metrics.horizontalAdvance(layout.xTitle) <= x.width(), qPrintable(describe(x)));
    QVERIFY2(metrics.horizontalAdvance(layout.yTitle) <= y.height(), qPrintable(describe(y)));
    // In the figure, under the chart's title, left of and under the plot, clear of the legend.
    const QRectF all(QPointF(0, 0), QSizeF(size));
    QVERIFY2(all.contains(x) && all.contains(y), qPrintable(describe(x) + describe(y)));
    QVERIFY2(y.top() >= 12 + layout.titleHeight,
             qPrintable(describe(y) + s(" under a title %1 px high").arg(layout.titleHeight)));
    QVERIFY2(y.right() <= plot.left(), qPrintable(describe(y) + describe(plot)));
    QVERIFY2(x.top() >= plot.bottom(), qPrintable(describe(x) + describe(plot)));
    const QRectF legend = figure.frame().legend.rect;
    QVERIFY2(!x.intersects(legend) && !y.intersects(legend),
             qPrintable(describe(legend) + describe(x) + describe(y)));
}

QTEST_MAIN(TestAxisTitles)
#include "tst_axistitles.moc"
