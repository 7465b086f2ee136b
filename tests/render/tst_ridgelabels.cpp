#include "catalog.h"
#include "figure.h"
#include "labelgeometry.h"
#include "renderfixtures.h"
#include "scenarioanalysis.h"
#include "sceneframe.h"
#include "scenemodel.h"
#include "testhelpers.h"

#include <QTest>

#include <algorithm>

using namespace rooflab;

// Ridge labels where several devices' corners crowd (docs/labels.md, "Each label has its
// own list of places").
class TestRidgeLabels : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void everyRidgeLabelSitsAtItsOwnCorner();
    void aRidgeLabelDoesNotSlidePastAnotherCorner_data();
    void aRidgeLabelDoesNotSlidePastAnotherCorner();
    void ridgeLabelsStayByTheirCornersOverTheSweep_data()
    {
        aRidgeLabelDoesNotSlidePastAnotherCorner_data();
    }
    void ridgeLabelsStayByTheirCornersOverTheSweep();
};

void TestRidgeLabels::everyRidgeLabelSitsAtItsOwnCorner()
{
    // The model figure with four devices, Llama 3.1 70B decode at batch 1 and 32, the view
    // following the content, at the benchmarks' size: every roof's ridge label is drawn, next to
    // its own corner, in its device's colour. Where the corners crowd (the H200 shares the H100's
    // BF16 roof, the MI300X's FP32 roof starts among three slopes) two of them used to find no
    // place. By hand, from the datasheet figures the chart prints: the H200's BF16 ridge is 989.5
    // TFLOP/s / 4.8 TB/s = 206.1 FLOP/B, "206"; the MI300X's FP32 ridge is 163.4 TFLOP/s / 5.3 TB/s
    // = 30.83 FLOP/B, "30.8".
    const QRectF plot(80, 20, 1500, 900);
    const Catalog catalog = Catalog::builtin();
    for (double batch : {1.0, 32.0}) {
        Scenario scenario;
        scenario.model = QStringLiteral("llama-3.1-70b");
        scenario.devices = {QStringLiteral("h100-sxm5"), QStringLiteral("h200-sxm"),
                            QStringLiteral("mi300x"), QStringLiteral("b200")};
        scenario.batch = batch;
        const SceneModel model =
            SceneModel::build(analyzeScenario(catalog, scenario).chart, ChartOptions());
        const ViewRange &c = model.content;
        const AxisMapping map{plot, c.xMin, c.xMax, c.yMin, c.yMax};
        const SceneFrame frame = SceneFrame::layout(model, map, {});
        QStringList ridges;
        for (const SceneRoof &roof : model.roofs) {
            if (roof.ridgeLabel.isEmpty())
                continue;
            ridges.append(roof.ridgeLabel);
            const PlacedText *label = nullptr;
            for (const PlacedText &t : frame.texts) {
                if (t.style == TextStyle::Ridge && t.text == roof.ridgeLabel)
                    label = &t;
            }
            QVERIFY2(
                label,
                qPrintable(QStringLiteral("batch %1: no \"%2\"").arg(batch).arg(roof.ridgeLabel)));
            QCOMPARE(label->color, model.theme.deviceColor(roof.device));
            // Next to its corner: the box within 36 px of it (three 15 px steps down from
            // 5 px under the roof, or two up from 5 px over the slope, and 16 px of the
            // box's height), or under the roof at most one label width further right.
            const QPointF corner = map.toPixel(roof.ridge, roof.peak);
            const QRectF &box = label->rect;
            const QPointF nearest(std::clamp(corner.x(), box.left(), box.right()),
                                  std::clamp(corner.y(), box.top(), box.bottom()));
            const QRectF underRoof(corner.x(), corner.y(), 2 * box.width() + 6, 52);
            QVERIFY2(QLineF(nearest, corner).length() <= 36 || underRoof.contains(box),
                     qPrintable(roof.ridgeLabel));
        }
        QVERIFY2(ridges.contains(QStringLiteral("ridge 206 FLOP/B")),
                 qPrintable(ridges.join(QLatin1Char(','))));
        QVERIFY2(ridges.contains(QStringLiteral("ridge 30.8 FLOP/B")),
                 qPrintable(ridges.join(QLatin1Char(','))));
    }
}

namespace {

// The presenter view's chart (the whole screen, text at 175 %) with Llama 3.1 70B decode on
// the H100, H200 and MI300X. The H200 shares the H100's BF16 roof (both 989.5 TFLOP/s) and
// FP32 vector roof (both 67 TFLOP/s); with more bandwidth its corners lie left of the H100's.
// Its labels used to slide right along the shared roof until they stood under the H100's
// corners, where they read as the H100's. The corners by hand, ridge = peak / bandwidth:
// H100 989.5 / 3.35 = 295.4 and 67 / 3.35 = 20.0, H200 989.5 / 4.8 = 206.1 and 67 / 4.8 =
// 13.96, MI300X 1307.4 / 5.3 = 246.7 and 163.4 / 5.3 = 30.83 FLOP/B.
struct PresenterCorner
{
    QString label;
    QPointF pixel;
    // The label's brief form, where the whole one finds no room: "ridge 295 FLOP/B" less
    // its unit (the axis says it).
    QString brief() const { return label.chopped(int(sizeof(" FLOP/B")) - 1); }
};

QList<PresenterCorner> presenterCorners(const AxisMapping &map)
{
    // Each corner's pixel from the plot's own axis mapping and the figures above, not from
    // the scene's roofs.
    const auto at = [&](double peakT, double bandwidthT) {
        return map.toPixel(peakT / bandwidthT, peakT * 1e12);
    };
    return {{QStringLiteral("ridge 295 FLOP/B"), at(989.5, 3.35)},
            {QStringLiteral("ridge 20 FLOP/B"), at(67, 3.35)},
            {QStringLiteral("ridge 206 FLOP/B"), at(989.5, 4.8)},
            {QStringLiteral("ridge 14 FLOP/B"), at(67, 4.8)},
            {QStringLiteral("ridge 247 FLOP/B"), at(1307.4, 5.3)},
            {QStringLiteral("ridge 30.8 FLOP/B"), at(163.4, 5.3)}};
}

double boxToPoint(const QRectF &box, const QPointF &p)
{
    return QLineF(nearestPointOnRect(box, p), p).length();
}

// Every ridge label drawn in `frame` that stands nearer another device's corner than its
// own ("text by the corner of other"; with `leaderExcuses`, unless a leader line joins it to
// its own corner), has a leader line to another corner, or is not in its device's colour.
QStringList misplacedRidgeLabels(const SceneModel &model, const SceneFrame &frame,
                                 const QList<PresenterCorner> &corners, bool leaderExcuses)
{
    QStringList misplaced;
    for (const PlacedText &t : frame.texts) {
        if (t.style != TextStyle::Ridge)
            continue;
        const auto own =
            std::find_if(corners.cbegin(), corners.cend(), [&](const PresenterCorner &c) {
                return c.label == t.text || c.brief() == t.text;
            });
        if (own == corners.cend()) {
            misplaced.append(t.text + QStringLiteral(": no such corner"));
            continue;
        }
        const bool led = t.leader && QLineF(t.leaderLine.p2(), own->pixel).length() < 0.5;
        if (t.leader && !led)
            misplaced.append(t.text + QStringLiteral(": a leader line to another corner"));
        for (const PresenterCorner &c : corners) {
            if (c.label != own->label && !(leaderExcuses && led) &&
                boxToPoint(t.rect, c.pixel) <= boxToPoint(t.rect, own->pixel))
                misplaced.append(t.text + QStringLiteral(" by the corner of ") + c.label);
        }
        for (const SceneRoof &roof : model.roofs) {
            if (roof.ridgeLabel == own->label && t.color != model.theme.deviceColor(roof.device))
                misplaced.append(t.text + QStringLiteral(" not in its device's colour"));
        }
    }
    return misplaced;
}

// The ridge label of `corner` in `frame`, whole or brief; null: not drawn.
const PlacedText *ridgeText(const SceneFrame &frame, const PresenterCorner &corner)
{
    for (const PlacedText &t : frame.texts) {
        if (t.style == TextStyle::Ridge && (t.text == corner.label || t.text == corner.brief()))
            return &t;
    }
    return nullptr;
}

// Whether `label`, not drawn, is named in `frame`'s legend: on a line of it (a full legend
// puts it on its device's line) or in the list of line labels a compact legend counts.
bool namedInLegend(const SceneFrame &frame, const QString &label)
{
    const auto &listed = frame.lineLabelsLeftOut;
    const auto &lines = frame.legend.lines;
    return std::any_of(
               listed.cbegin(), listed.cend(),
               [&](const QString &l) { return l.startsWith(label + QLatin1String(" (")); }) ||
           std::any_of(lines.cbegin(), lines.cend(),
                       [&](const LegendLayout::Line &l) { return l.entry.text.contains(label); });
}

} // namespace

void TestRidgeLabels::aRidgeLabelDoesNotSlidePastAnotherCorner_data()
{
    QTest::addColumn<QSize>("size");
    QTest::newRow("1920x1080") << QSize(1920, 1080);
    QTest::newRow("1280x800") << QSize(1280, 800);
}

// At batch 16: every ridge label drawn stands nearer its own corner than any other device's
// (box to corner), with no leader line, in its device's colour; the H200's labels stand above
// left of their corners (docs/labels.md, "A ridge label on a roof two devices share").
void TestRidgeLabels::aRidgeLabelDoesNotSlidePastAnotherCorner()
{
    QFETCH(QSize, size);
    const ScenarioAnalysis result = rooflab::test::analysisAt(rooflab::test::threeDevices(), 16);
    const Figure figure(result.chart, rooflab::test::windowOptions(result, 1.75), size);
    const SceneModel &model = figure.model();
    const QList<PresenterCorner> corners = presenterCorners(figure.layout().map);
    // The scene's corners are those by hand (within 0.5 px), so the test's pixels are right.
    for (const SceneRoof &roof : model.roofs) {
        if (roof.ridgeLabel.isEmpty())
            continue;
        const auto byHand =
            std::find_if(corners.cbegin(), corners.cend(),
                         [&](const PresenterCorner &c) { return c.label == roof.ridgeLabel; });
        QVERIFY2(byHand != corners.cend(), qPrintable(roof.ridgeLabel));
        const QPointF scene = figure.layout().map.toPixel(roof.ridge, roof.peak);
        ROOFLAB_COMPARE_NEAR(scene.x(), byHand->pixel.x(), 0.5);
        ROOFLAB_COMPARE_NEAR(scene.y(), byHand->pixel.y(), 0.5);
    }
    const SceneFrame &frame = figure.frame();
    const QStringList misplaced = misplacedRidgeLabels(model, frame, corners, false);
    QVERIFY2(misplaced.isEmpty(), qPrintable(misplaced.join(QStringLiteral("; "))));
    for (const PlacedText &t : frame.texts)
        QVERIFY2(t.style != TextStyle::Ridge || !t.leader, qPrintable(t.text));
    // The H200's labels (corners.at(2) and at(3)) above left of their corners: the box ends
    // left of the corner and its bottom is above it. At 1920 x 1080 every ridge label is
    // drawn whole (all six). At 1280 x 800 the top of the plot leaves the whole BF16 labels
    // no room, so every ridge label of the figure is drawn brief (one form a figure), the
    // unit left to the axis: the H100's "ridge 295" right of its corner (the box starts right
    // of it); the MI300X's roof label takes the places of "ridge 247", and the home of the
    // H200's brief "ridge 206" by a fraction of a pixel here (the presenter window's own plot,
    // a few pixels other, leaves it room): where it is drawn, it is above left of its corner,
    // never by the H100's. A label left out is named with its device in the frame's list of
    // the line labels the compact legend counts (the window's tooltip over the legend).
    const bool large = size.width() > 1900;
    const QStringList devices = {
        QStringLiteral("NVIDIA H100 SXM5 80GB"), QStringLiteral("NVIDIA H100 SXM5 80GB"),
        QStringLiteral("NVIDIA H200 SXM 141GB"), QStringLiteral("NVIDIA H200 SXM 141GB"),
        QStringLiteral("AMD Instinct MI300X"),   QStringLiteral("AMD Instinct MI300X")};
    for (qsizetype i = 0; i < corners.size(); ++i) {
        const PresenterCorner &c = corners.at(i);
        const PlacedText *t = ridgeText(frame, c);
        // The two whose room is that tight may be left out, named in the legend's list.
        if (!large && !t &&
            (c.label == QStringLiteral("ridge 247 FLOP/B") ||
             c.label == QStringLiteral("ridge 206 FLOP/B"))) {
            const QString named = QStringLiteral("%1 (%2)").arg(c.label, devices.at(i));
            QVERIFY2(frame.lineLabelsLeftOut.contains(named),
                     qPrintable(named + QStringLiteral(" not in: ") +
                                frame.lineLabelsLeftOut.join(QStringLiteral("; "))));
            continue;
        }
        QVERIFY2(t, qPrintable(c.label));
        QCOMPARE(t->text, large ? c.label : c.brief());
        const bool h200 = c.label == QStringLiteral("ridge 206 FLOP/B") ||
                          c.label == QStringLiteral("ridge 14 FLOP/B");
        if (h200)
            QVERIFY2(t->rect.right() <= c.pixel.x() && t->rect.bottom() <= c.pixel.y(),
                     qPrintable(c.label + QLatin1Char(' ') + rooflab::test::describe(t->rect)));
    }
    if (!large)
        QVERIFY(ridgeText(frame, corners.at(0))->rect.left() >= corners.at(0).pixel.x());
}

// The same view over the batch sweep 1 to 1000 in 3 % steps, the axes fixed: in every frame
// every ridge label drawn stands nearer its own corner than any other device's, or is joined
// to its own corner by a leader line (where a point takes every place by its corner), and the
// H200's "ridge 206" is drawn above left of its corner in every frame at 1920 x 1080 (no point
// comes there: the MI300X's slope runs between it and the H200's points). No frame mixes
// whole and brief ridge labels, and a ridge label that is not drawn is named in the frame's
// list of line labels left out (its legend is compact at both sizes).
void TestRidgeLabels::ridgeLabelsStayByTheirCornersOverTheSweep()
{
    QFETCH(QSize, size);
    QList<ScenarioAnalysis> steps;
    for (double b = 1; b <= 1000; b *= 1.03)
        steps.append(rooflab::test::analysisAt(rooflab::test::threeDevices(), b));
    const ViewRange range = rooflab::test::sweepRange(steps, 1.75);
    QStringList misplaced;
    int drawn206 = 0;
    for (const ScenarioAnalysis &step : std::as_const(steps)) {
        const Figure figure(
            step.chart,
            rooflab::test::withFixedAxes(rooflab::test::windowOptions(step, 1.75), range), size);
        const QList<PresenterCorner> corners = presenterCorners(figure.layout().map);
        const SceneFrame &frame = figure.frame();
        misplaced += misplacedRidgeLabels(figure.model(), frame, corners, true);
        // One form a frame, and every ridge label drawn or named in the legend's list.
        int whole = 0, brief = 0;
        for (const PresenterCorner &c : corners) {
            const PlacedText *t = ridgeText(frame, c);
            if (t)
                ++(t->text == c.label ? whole : brief);
            else if (!namedInLegend(frame, c.label))
                misplaced.append(c.label + QStringLiteral(": neither drawn nor named"));
        }
        if (whole > 0 && brief > 0)
            misplaced.append(QStringLiteral("%1 whole and %2 brief ridge labels in one frame")
                                 .arg(whole)
                                 .arg(brief));
        const PlacedText *t206 = ridgeText(frame, corners.at(2));
        const QPointF c206 = corners.at(2).pixel;
        if (t206 && t206->rect.right() <= c206.x() && t206->rect.bottom() <= c206.y())
            ++drawn206;
    }
    QVERIFY2(misplaced.isEmpty(), qPrintable(misplaced.mid(0, 10).join(QStringLiteral("; "))));
    if (size.width() > 1900)
        QCOMPARE(drawn206, int(steps.size()));
}

QTEST_MAIN(TestRidgeLabels)
#include "tst_ridgelabels.moc"
