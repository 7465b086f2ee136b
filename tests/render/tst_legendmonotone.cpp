#include "figurelayout.h"
#include "renderfixtures.h"
#include "scenemodel.h"

#include <QTest>

#include <tuple>

using namespace rooflab;
using rooflab::test::analysisAt;
using rooflab::test::describe;
using rooflab::test::fourDevices;
using rooflab::test::threeDevices;
using rooflab::test::windowOptions;

// Issue 12: the legend's form follows the figure's width in one direction only. Dragging a
// dock's edge to widen the chart never makes the legend say less (a key where a narrower
// chart had the brief legend, a compact one where it had every label), at any height
// (docs/labels.md, "Where the legend goes").
class TestLegendMonotone : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void aWiderFigureNeverSaysLess_data();
    void aWiderFigureNeverSaysLess();
};

namespace {

// How much a legend slot says, read from the slot alone, in the order chooseLegendSlot()
// prefers them (docs/labels.md): first the legend at its longest (in a corner or a margin)
// and compact, at the legend's font and then smaller ones; then names that may break, brief,
// and brief without marker kinds, at each font in turn; a key last. Smaller tuples say more:
// (group, minus the font's pixels, form).
std::tuple<int, int, int> roominess(const LegendSlot &slot, int ownPixels)
{
    const int pixels = slot.fontPixels > 0 ? slot.fontPixels : ownPixels;
    if (slot.key)
        return {2, -pixels, 0};
    if (slot.brief)
        return {1, -pixels, slot.markerKinds ? 1 : 2};
    if (slot.breakNames)
        return {1, -pixels, 0};
    return {0, -pixels, slot.compact ? 1 : 0};
}

QString describeSlot(const LegendSlot &slot, int ownPixels)
{
    const QString form =
        slot.key          ? QStringLiteral("key")
        : slot.brief      ? (slot.markerKinds ? QStringLiteral("brief") : QStringLiteral("minimal"))
        : slot.breakNames ? QStringLiteral("broken names")
        : slot.compact    ? QStringLiteral("compact")
        : slot.outside()  ? QStringLiteral("longest")
                          : QStringLiteral("inside");
    const QString place = slot.place == LegendSlot::Place::Right   ? QStringLiteral("right")
                          : slot.place == LegendSlot::Place::Below ? QStringLiteral("below")
                                                                   : QStringLiteral("inside");
    return QStringLiteral("%1 %2 at %3 px")
        .arg(form, place)
        .arg(slot.fontPixels > 0 ? slot.fontPixels : ownPixels);
}

} // namespace

void TestLegendMonotone::aWiderFigureNeverSaysLess_data()
{
    QTest::addColumn<int>("devices");
    QTest::addColumn<double>("textScale");
    QTest::addColumn<int>("height");
    // Four devices (the B200's long name widens the legend) and three, at the text scales
    // where the legend gives up form, at the heights of a 580 x 455 export, the window's
    // chart on a 1280 x 800 screen (about 650) and a taller one.
    for (const int devices : {4, 3}) {
        for (const double scale : {1.75, 2.25}) {
            for (const int height : {455, 650, 800}) {
                QTest::newRow(qPrintable(QStringLiteral("%1 devices, %2 %, %3 px high")
                                             .arg(devices)
                                             .arg(scale * 100)
                                             .arg(height)))
                    << devices << scale << height;
            }
        }
    }
}

// Widths of 400 to 2400 px in 10 px steps at a fixed height: the legend's form at each is
// at least as roomy as at every narrower width. Laid out as the window lays out its chart
// (its title and brief title at their widest, the fit verdicts), axes following the content.
void TestLegendMonotone::aWiderFigureNeverSaysLess()
{
    QFETCH(int, devices);
    QFETCH(double, textScale);
    QFETCH(int, height);
    const ScenarioAnalysis result = analysisAt(devices == 4 ? fourDevices() : threeDevices(), 16);
    const SceneModel model = SceneModel::build(result.chart, windowOptions(result, textScale));
    const int own = model.fonts.legend.pixelSize();
    const bool list = qEnvironmentVariableIsSet("ROOFLAB_LIST_LEGENDS");
    std::tuple<int, int, int> narrower{0, -1000, 0};
    QString before;
    for (int width = 400; width <= 2400; width += 10) {
        const QSize size(width, height);
        const FigureLayout layout = FigureLayout::make(model, size, FigureLayout::rangeOf(model));
        const QString form = describeSlot(layout.legend, own);
        if (list && form != before)
            qInfo("%d x %d: %s, plot %s", width, height, qPrintable(form),
                  qPrintable(describe(layout.map.rect)));
        const std::tuple<int, int, int> level = roominess(layout.legend, own);
        // No step back, not even a font size where the title, shrunk to fit and growing with
        // the width, comes down further over the plot: the legend is then kept as judged and
        // the title takes its floor font (docs/labels.md).
        QVERIFY2(
            width == 400 || level <= narrower,
            qPrintable(
                QStringLiteral("%1 x %2: %3 after %4").arg(width).arg(height).arg(form, before)));
        // A margin chosen for leaving the plot 45 % of the width and 40 % of the height
        // leaves it that in the whole pixels drawn, not half a pixel less.
        const double w = layout.map.rect.width() / width, h = layout.map.rect.height() / height;
        QVERIFY2(!layout.legend.shareKept || !layout.legend.outside() || (w >= 0.45 && h >= 0.40),
                 qPrintable(QStringLiteral("%1 x %2: %3, plot %4")
                                .arg(width)
                                .arg(height)
                                .arg(form, describe(layout.map.rect))));
        narrower = level;
        before = form;
    }
}

QTEST_MAIN(TestLegendMonotone)
#include "tst_legendmonotone.moc"
