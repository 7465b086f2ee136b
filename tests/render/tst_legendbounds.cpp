// Wherever the legend goes (docs/labels.md, "Where the legend goes"), it stays inside the
// figure and holds every one of its lines, numbered labels included: swept over figure
// sizes, text scales and batches, for the LLM operator set on two devices (many labels,
// several of them numbered) and for Llama 3.1 70B on four devices (long device lines).
#include "catalog.h"
#include "figure.h"
#include "renderfixtures.h"
#include "scenarioanalysis.h"

#include <QTest>

using namespace rooflab;
using rooflab::test::describe;

namespace {

QString s(const char *text)
{
    return QString::fromUtf8(text);
}

// What is wrong with the legend of `figure` at `size`: out of the figure, a line outside
// the legend's box, or a legend outside the plot that overlaps it.
QString legendDefect(const Figure &figure, const QSize &size)
{
    const SceneFrame &frame = figure.frame();
    const QRectF legend = frame.legend.rect;
    if (legend.isEmpty())
        return {};
    const QRectF whole(QPointF(0, 0), QSizeF(size));
    if (!whole.adjusted(-0.5, -0.5, 0.5, 0.5).contains(legend))
        return s("legend ") + describe(legend) + s(" leaves the figure");
    for (const LegendLayout::Line &line : frame.legend.lines) {
        if (!legend.adjusted(-0.5, -0.5, 0.5, 0.5).contains(line.rect))
            return s("line \"%1\" at ").arg(line.entry.text) + describe(line.rect) +
                   s(" outside the legend ") + describe(legend);
    }
    const QRectF plot = figure.layout().map.rect;
    if (figure.layout().legend.outside() && legend.intersects(plot.adjusted(1, 1, -1, -1)))
        return s("legend ") + describe(legend) + s(" over the plot ") + describe(plot);
    return {};
}

} // namespace

class TestLegendBounds : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void theLegendHoldsItsLinesInTheFigure_data()
    {
        QTest::addColumn<bool>("model");
        QTest::addColumn<double>("textScale");
        for (const bool model : {false, true}) {
            for (const double scale : {1.0, 1.35, 1.75, 2.25})
                QTest::newRow(qPrintable(
                    s("%1 at %2 %")
                        .arg(model ? s("70B on four devices") : s("LLM operators on two devices"))
                        .arg(scale * 100)))
                    << model << scale;
        }
    }

    void theLegendHoldsItsLinesInTheFigure()
    {
        QFETCH(bool, model);
        QFETCH(double, textScale);
        const Catalog catalog = Catalog::builtin();
        int figures = 0;
        QStringList searched; // "W x H" of the figures with no margin
        for (const double batch : {1.0, 64.0, 1024.0}) {
            Scenario scenario;
            if (model) {
                scenario.model = s("llama-3.1-70b");
                scenario.devices = {s("h100-sxm5"), s("h200-sxm"), s("mi300x"), s("b200")};
                scenario.batch = batch;
            } else {
                scenario =
                    rooflab::test::llmScenario(catalog, {s("h100-sxm5"), s("h200-sxm")}, batch);
            }
            const ScenarioAnalysis result = analyzeScenario(catalog, scenario);
            QVERIFY(!result.chart.points.isEmpty());
            ChartOptions options;
            options.fontScale = textScale;
            options.title = modelChartTitle(result.models);
            options.fitVerdicts = modelFitVerdicts(result.models);
            for (int width = 560; width <= 1700; width += 190) {
                for (int height = 440; height <= 1040; height += 150) {
                    const QSize size(width, height);
                    const Figure figure(result.chart, options, size);
                    // No margin fits at all: the legend is searched inside the plot, the
                    // one case that may run past it (tst_legendroom, docs/labels.md).
                    if (!figure.layout().legend.fixed()) {
                        searched << s("%1 x %2").arg(width).arg(height);
                        continue;
                    }
                    const QString defect = legendDefect(figure, size);
                    QVERIFY2(
                        defect.isEmpty(),
                        qPrintable(s("%1 x %2 at batch %3: ").arg(width).arg(height).arg(batch) +
                                   defect));
                    ++figures;
                }
            }
        }
        QCOMPARE(figures + searched.size(), 3 * 7 * 5); // batches × widths × heights
        // Only the shortest figures (440 px tall), and only at the largest text, have no margin.
        searched.removeDuplicates();
        for (const QString &figure : std::as_const(searched))
            QVERIFY2(textScale > 2 && figure.endsWith(s(" x 440")), qPrintable(figure));
    }

    void aFileGivesItsLegendsEmptyRowsToThePlot_data()
    {
        QTest::addColumn<QSize>("size");
        QTest::addColumn<double>("textScale");
        // Taller than wide: the legend goes under the plot (docs/labels.md).
        QTest::newRow("600 x 700") << QSize(600, 700) << 1.0;
        QTest::newRow("700 x 800") << QSize(700, 800) << 1.0;
        QTest::newRow("800 x 900 at 135 %") << QSize(800, 900) << 1.35;
    }

    // Llama 3.1 70B on three devices at batch 16: the window lays the legend's margin out for
    // what a batch sweep can add (every label left out, a spare row), and a file drew that
    // margin with 36 to 72 px empty under its rows. A file now gives them to the plot.
    void aFileGivesItsLegendsEmptyRowsToThePlot()
    {
        QFETCH(QSize, size);
        QFETCH(double, textScale);
        const ScenarioAnalysis result =
            rooflab::test::analysisAt(rooflab::test::threeDevices(), 16);
        const ChartOptions options = rooflab::test::windowOptions(result, textScale);
        const Figure file(result.chart, options, size);
        // The same figure as the window lays it out, and its labels placed there.
        const Figure window(result.chart, options, size, {}, Figure::Purpose::Window);
        QVERIFY(window.layout().legend.place == LegendSlot::Place::Below);
        const SceneFrame &windowFrame = window.frame();
        // Under the window's legend, besides the figure's 12 px edge, a band of 20 px or more:
        // what this test is about.
        const double windowBand = size.height() - windowFrame.legend.rect.bottom();
        QVERIFY2(windowBand >= 12 + 20, qPrintable(QString::number(windowBand)));
        // The file's legend ends at the figure's 12 px edge (less than a pixel above it: the
        // plot grows by whole pixels), and the plot is taller by about what was empty.
        const double band = size.height() - file.frame().legend.rect.bottom();
        QVERIFY2(band >= 12 && band < 13, qPrintable(QString::number(band)));
        const double grew = file.layout().map.rect.height() - window.layout().map.rect.height();
        QVERIFY2(grew >= windowBand - band - 1,
                 qPrintable(s("the plot grew %1 px of %2").arg(grew).arg(windowBand - band)));
        // Nothing is lost by it: the legend holds its lines in the figure, off the plot, and
        // no more labels are numbered or left out than in the window's layout.
        QVERIFY(legendDefect(file, size).isEmpty());
        QVERIFY(file.frame().numbered.size() <= windowFrame.numbered.size());
        QVERIFY(file.frame().unlabelled <= windowFrame.unlabelled);
        QVERIFY(file.frame().lineLabelsLeftOut.size() <= windowFrame.lineLabelsLeftOut.size());
    }
};

QTEST_MAIN(TestLegendBounds)
#include "tst_legendbounds.moc"
