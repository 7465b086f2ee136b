#include "catalog.h"
#include "figure.h"
#include "figurelayout.h"
#include "legendslot.h"
#include "renderfixtures.h"
#include "scenarioanalysis.h"

#include <QTest>

#include <cmath>

using namespace rooflab;
using rooflab::test::describe;
using rooflab::test::fourDevices;

// Where the legend goes (docs/labels.md): inside the plot only in a corner no point can
// reach and only while it takes at most a fifth of the plot, else in a margin beside or
// under it; the choice does not move while the batch sweeps.
class TestLegendSlot : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void legendHidesNoPoint_data();
    void legendHidesNoPoint();
    void choiceHoldsWhileTheBatchSweeps_data();
    void choiceHoldsWhileTheBatchSweeps();
    void wideFigureRightTallFigureBelow();
    void aCompactMarginBeatsALegendOverThePoints();
    void slotCacheAnswersAsTheSearchDoes();
};

namespace {

QString s(const char *text)
{
    return QString::fromUtf8(text);
}

const QStringList &twoDevices()
{
    static const QStringList devices = {s("h100-sxm5"), s("mi300x")};
    return devices;
}

// `model` ("" for the LLM operator set of presets/operators/llm-common.json) on `devices`.
Analysis analysisOf(const Catalog &catalog, const QString &model, const QStringList &devices,
                    double batch)
{
    if (model.isEmpty())
        return analyzeScenario(catalog, test::llmScenario(catalog, devices, batch)).chart;
    Scenario scenario;
    scenario.model = model;
    scenario.devices = devices;
    scenario.batch = batch;
    return analyzeScenario(catalog, scenario).chart;
}

ChartOptions optionsAt(double textScale)
{
    ChartOptions options;
    options.fontScale = textScale;
    return options;
}

// Fails unless the legend of `figure` hides no point marker, stays in the figure and, when
// it is outside the plot, off the plot; and unless the plot keeps most of the figure.
void checkLegend(const Figure &figure, const QSize &size)
{
    const FigureLayout &layout = figure.layout();
    const SceneFrame &frame = figure.frame();
    const QRectF legend = frame.legend.rect;
    const QRectF plot = layout.map.rect;
    QVERIFY(!legend.isEmpty());
    QVERIFY2(QRectF(QPointF(0, 0), QSizeF(size)).contains(legend), qPrintable(describe(legend)));
    if (layout.legend.outside())
        QVERIFY2(!legend.intersects(plot),
                 qPrintable(describe(legend) + s(" over the plot ") + describe(plot)));
    else
        QVERIFY2(legend.width() * legend.height() <= plot.width() * plot.height() / 5,
                 qPrintable(describe(legend) + s(" in ") + describe(plot)));
    for (qsizetype i = 0; i < frame.pointPixels.size(); ++i) {
        const QPointF p = frame.pointPixels.at(i);
        const double half = frame.pointSize(figure.model().points.at(i)) / 2;
        const QRectF marker = QRectF(p.x() - half, p.y() - half, 2 * half, 2 * half) & plot;
        QVERIFY2(marker.isEmpty() || !legend.intersects(marker),
                 qPrintable(s("point %1 at ").arg(i) + describe(marker) + s(" under the legend ") +
                            describe(legend)));
    }
    // A sensible plot: at 1280 x 800 up to text scale 1.35, half the figure's width and 45 %
    // of its height; at larger text or in a smaller figure a big legend may take more, but
    // the plot keeps a quarter of each side and a fifth of the figure.
    const bool roomy = size == QSize(1280, 800) && figure.model().options.fontScale <= 1.35;
    const double w = plot.width() / size.width(), h = plot.height() / size.height();
    QVERIFY2(roomy ? w >= 0.5 && h >= 0.45 : w >= 0.25 && h >= 0.25 && w * h >= 0.2,
             qPrintable(describe(plot)));
}

} // namespace

void TestLegendSlot::legendHidesNoPoint_data()
{
    QTest::addColumn<QString>("model");
    QTest::addColumn<QStringList>("devices");
    QTest::addColumn<double>("textScale");
    QTest::addColumn<double>("batch");
    for (double scale : {1.0, 1.35, 1.75, 2.25}) {
        for (double batch : {1.0, 16.0, 256.0}) {
            const QString at = s(" at %1, batch %2").arg(scale).arg(batch);
            QTest::newRow(qPrintable(s("Llama 3.1 70B on four devices") + at))
                << s("llama-3.1-70b") << fourDevices() << scale << batch;
            QTest::newRow(qPrintable(s("Llama 3.1 8B on two devices") + at))
                << s("llama-3.1-8b") << twoDevices() << scale << batch;
            QTest::newRow(qPrintable(s("LLM operators on two devices") + at))
                << QString() << twoDevices() << scale << batch;
        }
    }
}

void TestLegendSlot::legendHidesNoPoint()
{
    QFETCH(QString, model);
    QFETCH(QStringList, devices);
    QFETCH(double, textScale);
    QFETCH(double, batch);
    const Catalog catalog = Catalog::builtin();
    const Analysis analysis = analysisOf(catalog, model, devices, batch);
    QVERIFY(!analysis.points.isEmpty());
    // The window's chart at 1280 x 800 and, at text scale 1, smaller and taller figures.
    QList<QSize> sizes = {QSize(1280, 800)};
    if (textScale == 1.0)
        sizes += {QSize(800, 560), QSize(700, 900)};
    for (const QSize size : std::as_const(sizes)) {
        const Figure figure(analysis, optionsAt(textScale), size);
        if (qEnvironmentVariableIsSet("ROOFLAB_LIST_LEGENDS")) { // what the legend holds
            qInfo() << size << int(figure.layout().legend.place) << figure.frame().legend.rect
                    << figure.layout().map.rect;
            for (const LegendLayout::Line &line : figure.frame().legend.lines)
                qInfo() << line.entry.text << line.rect;
        }
        checkLegend(figure, size);
        if (QTest::currentTestFailed()) {
            qWarning() << "at" << size;
            return;
        }
    }
}

void TestLegendSlot::choiceHoldsWhileTheBatchSweeps_data()
{
    QTest::addColumn<QString>("model");
    QTest::addColumn<QStringList>("devices");
    QTest::addColumn<double>("textScale");
    for (double scale : {1.0, 2.25}) {
        const QString at = s(" at %1").arg(scale);
        QTest::newRow(qPrintable(s("Llama 3.1 70B on four devices") + at))
            << s("llama-3.1-70b") << fourDevices() << scale;
        QTest::newRow(qPrintable(s("Llama 3.1 8B on two devices") + at))
            << s("llama-3.1-8b") << twoDevices() << scale;
        QTest::newRow(qPrintable(s("LLM operators on two devices") + at))
            << QString() << twoDevices() << scale;
    }
}

void TestLegendSlot::choiceHoldsWhileTheBatchSweeps()
{
    QFETCH(QString, model);
    QFETCH(QStringList, devices);
    QFETCH(double, textScale);
    const Catalog catalog = Catalog::builtin();
    // Batch 1, 1.03, 1.03^2, ... up to 1000: ln(1000) / ln(1.03) = 233.7, so 234 steps.
    QList<Analysis> steps;
    for (double b = 1; b <= 1000; b *= 1.03)
        steps.append(analysisOf(catalog, model, devices, b));
    QCOMPARE(steps.size(), 234);
    // Fixed axes, as a locked view or a view that follows the content steadily: the union
    // of every step's own range.
    ChartOptions options = optionsAt(textScale);
    ViewRange range = {1e300, 0, 1e300, 0};
    for (const Analysis &analysis : std::as_const(steps)) {
        const ViewRange c = SceneModel::build(analysis, options).content;
        range = {std::min(range.xMin, c.xMin), std::max(range.xMax, c.xMax),
                 std::min(range.yMin, c.yMin), std::max(range.yMax, c.yMax)};
    }
    options.xMin = range.xMin;
    options.xMax = range.xMax;
    options.yMin = range.yMin;
    options.yMax = range.yMax;
    const QSize size(1280, 800);
    const LegendSlot first = Figure(steps.first(), options, size).layout().legend;
    for (qsizetype k = 1; k < steps.size(); ++k) {
        const Figure figure(steps.at(k), options, size);
        const LegendSlot &slot = figure.layout().legend;
        QVERIFY2(slot.place == first.place && slot.rect == first.rect,
                 qPrintable(s("step %1: %2 %3, step 0: %4 %5")
                                .arg(k)
                                .arg(int(slot.place))
                                .arg(describe(slot.rect))
                                .arg(int(first.place))
                                .arg(describe(first.rect))));
        checkLegend(figure, size);
        if (QTest::currentTestFailed()) {
            qWarning() << "at step" << k;
            return;
        }
    }
}

void TestLegendSlot::wideFigureRightTallFigureBelow()
{
    // Llama 3.1 70B on four devices: its legend (four devices with their roofs, the operator
    // kinds and notes) takes more than a fifth of the plot, so it leaves the plot; a wide
    // figure puts it on the right, a tall one under the plot.
    const Catalog catalog = Catalog::builtin();
    const Analysis analysis = analysisOf(catalog, s("llama-3.1-70b"), fourDevices(), 16);
    const Figure wide(analysis, optionsAt(1.0), QSize(1280, 800));
    QCOMPARE(wide.layout().legend.place, LegendSlot::Place::Right);
    QVERIFY(wide.frame().legend.rect.left() > wide.layout().map.rect.right());
    const Figure tall(analysis, optionsAt(1.0), QSize(700, 1000));
    QCOMPARE(tall.layout().legend.place, LegendSlot::Place::Below);
    QVERIFY(tall.frame().legend.rect.top() > tall.layout().map.rect.bottom());
}

void TestLegendSlot::aCompactMarginBeatsALegendOverThePoints()
{
    // Llama 3.1 70B on three devices in a 585 x 420 chart (about the window's, beside its
    // docks on a small screen): with every roof label in it the legend would leave the plot
    // under 45 % of the width, so the margin holds the scene's own lines only; roof labels with no
    // room on their line are counted in a note, and no point is hidden.
    const Catalog catalog = Catalog::builtin();
    const QStringList three = {s("h100-sxm5"), s("h200-sxm"), s("mi300x")};
    const Analysis analysis = analysisOf(catalog, s("llama-3.1-70b"), three, 16);
    const QSize size(585, 420);
    const Figure figure(analysis, optionsAt(1.0), size);
    QVERIFY(figure.layout().legend.outside());
    QVERIFY(figure.layout().legend.compact);
    checkLegend(figure, size);
    // No device line carries a roof's label: those are on their lines or counted.
    for (const LegendLayout::Line &line : figure.frame().legend.lines)
        QVERIFY2(!line.entry.text.contains(s("TFLOP/s")), qPrintable(line.entry.text));
}

void TestLegendSlot::slotCacheAnswersAsTheSearchDoes()
{
    // The window's chart asks for the slot through a LegendSlotCache: it must give what
    // chooseLegendSlot() gives for every figure, from a batch tick (the same key) to a new
    // size (Llama 3.1 70B on four devices goes right of a wide plot and under a tall one,
    // as above) and back.
    const Catalog catalog = Catalog::builtin();
    const SceneModel at16 = SceneModel::build(
        analysisOf(catalog, s("llama-3.1-70b"), fourDevices(), 16), optionsAt(1.0));
    const SceneModel at64 = SceneModel::build(
        analysisOf(catalog, s("llama-3.1-70b"), fourDevices(), 64), optionsAt(1.0));
    const ViewRange fixed = FigureLayout::rangeOf(at16); // fixed axes over the sweep
    LegendSlotCache cache;
    const struct
    {
        const SceneModel *model;
        QSize size;
        LegendSlot::Place place;
    } steps[] = {{&at16, QSize(1280, 800), LegendSlot::Place::Right},
                 {&at64, QSize(1280, 800), LegendSlot::Place::Right},
                 {&at64, QSize(700, 1000), LegendSlot::Place::Below},
                 {&at16, QSize(1280, 800), LegendSlot::Place::Right}};
    for (const auto &step : steps) {
        const LegendSlot cached = FigureLayout::make(*step.model, step.size, fixed, &cache).legend;
        const LegendSlot searched = FigureLayout::make(*step.model, step.size, fixed).legend;
        QVERIFY(cached == searched);
        QCOMPARE(cached.place, step.place);
    }
    // It saves the search where it can: each step's figure asked once more at once, with
    // nothing changed, is answered from the kept slot, without the search.
    for (const auto &step : steps) {
        FigureLayout::make(*step.model, step.size, fixed, &cache);
        const int before = cache.hits();
        FigureLayout::make(*step.model, step.size, fixed, &cache);
        QCOMPARE(cache.hits(), before + 1);
    }
    // A new size is searched again: 700 x 1000 after 1280 x 800 does not hit.
    const int before = cache.hits();
    FigureLayout::make(at64, QSize(700, 1000), fixed, &cache);
    QCOMPARE(cache.hits(), before);
}

QTEST_MAIN(TestLegendSlot)
#include "tst_legendslot.moc"
