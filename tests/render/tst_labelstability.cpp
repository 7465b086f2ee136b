#include "catalog.h"
#include "figureexport.h"
#include "figurelayout.h"
#include "labelplacer.h"
#include "rooflinechart.h"
#include "scenarioanalysis.h"
#include "sceneframe.h"
#include "scenemodel.h"

#include <QFile>
#include <QHash>
#include <QMultiHash>
#include <QPolygonF>
#include <QTemporaryDir>
#include <QTest>
#include <QTransform>

#include <cmath>
#include <numbers>

using namespace rooflab;

// The label layout as a function of the state: labels stay put while the batch sweeps with
// fixed axes, and one state gives one layout whatever came before (docs/labels.md).
class TestLabelStability : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void labelsStayPutWhileTheBatchSweeps_data();
    void labelsStayPutWhileTheBatchSweeps();
    void sameStateGivesTheSameLayout();
};

namespace {

// A model scenario: Llama 3.1 8B decode on `devices` at `batch`.
Scenario modelScenario(const QStringList &devices, double batch)
{
    Scenario scenario;
    scenario.model = QStringLiteral("llama-3.1-8b");
    scenario.devices = devices;
    scenario.batch = batch;
    return scenario;
}

SceneModel modelScene(const Catalog &catalog, const QStringList &devices, double batch)
{
    return SceneModel::build(analyzeScenario(catalog, modelScenario(devices, batch)).chart,
                             ChartOptions());
}

// The scene as the window's chart shows it (MainWindow::chartOptions): the model's title,
// laid out for its widest, the fit verdicts, and the point a new document selects (the
// first whose time depends on the batch: Document picks it when nothing is selected).
SceneModel windowScene(const Catalog &catalog, const QStringList &devices, double batch)
{
    const ScenarioAnalysis result = analyzeScenario(catalog, modelScenario(devices, batch));
    ChartOptions options;
    options.animate = false;
    options.title = modelChartTitle(result.models);
    options.fitVerdicts = modelFitVerdicts(result.models);
    options.titleWidest = modelChartTitle(result.models, true);
    for (const PointAnalysis &p : result.chart.points) {
        if (p.batchDependent) {
            options.selectedDevice = p.deviceId;
            options.selectedOperator = p.operatorId;
            break;
        }
    }
    return SceneModel::build(result.chart, options);
}

// The batches 1, 1.03, 1.03^2, ... up to 1000: ln(1000) / ln(1.03) = 233.7, so 234 steps.
QList<double> sweepBatches()
{
    QList<double> batches;
    for (double b = 1; b <= 1000; b *= 1.03)
        batches.append(b);
    return batches;
}

// What identifies a label from one frame to the next: its kind, its text and, for a point
// label or a number badge, the groups of points it names (a badge's number may change when
// others come or go).
QString keyOf(const PlacedText &t)
{
    QStringList groups;
    for (int g : t.groups)
        groups.append(QString::number(g));
    const QString text = t.style == TextStyle::Badge ? QString() : t.text;
    return QString::number(int(t.style)) + QLatin1Char(' ') + text + QLatin1Char(' ') +
           groups.join(QLatin1Char(','));
}

// Where a label is: its box's centre (for a text along a slope, the point it turns about).
QPointF centreOf(const PlacedText &t)
{
    return t.angle != 0 ? t.origin : t.rect.center();
}

// The area a label takes: its box; for a text along a slope, the boxes the layout keeps
// for it (linelabels.cpp): the text cut into pieces h / 2 long, each piece's bounding box.
QPolygonF areaOf(const PlacedText &t)
{
    if (t.angle == 0)
        return QPolygonF(t.rect);
    const double w = t.rect.width(), h = t.rect.height();
    const double radians = t.angle * std::numbers::pi / 180;
    const QPointF dir(std::cos(radians), std::sin(radians));
    const int parts = static_cast<int>(std::ceil(w / (h / 2)));
    const double pw = w / parts;
    const QSizeF box(pw * std::abs(dir.x()) + h * std::abs(dir.y()),
                     pw * std::abs(dir.y()) + h * std::abs(dir.x()));
    QPolygonF area;
    for (int i = 0; i < parts; ++i) {
        const QPointF c = t.origin + dir * ((i + 0.5) * pw - w / 2);
        area = area.united(QPolygonF(QRectF(c - QPointF(box.width() / 2, box.height() / 2), box)));
    }
    return area;
}

// True when `a` (its box or its leader line) and `b`'s box share some area: where `b` is,
// `a` could not be (a leader line may not cut through text either).
bool inTheWayOf(const PlacedText &a, const PlacedText &b)
{
    const QPolygonF box = areaOf(b);
    if (areaOf(a).intersects(box))
        return true;
    if (!a.leader)
        return false;
    const QLineF &l = a.leaderLine;
    const QPointF across = QPointF(-l.dy(), l.dx()) / std::max(1e-9, l.length()); // 1 px
    return box.intersects(
        QPolygonF({l.p1() + across, l.p2() + across, l.p2() - across, l.p1() - across}));
}

// The labels of a frame by key; a key may come more than once (a group whose points lie
// far apart is labelled point by point).
QMultiHash<QString, const PlacedText *> labelsOf(const SceneFrame &frame)
{
    QMultiHash<QString, const PlacedText *> labels;
    for (const PlacedText &t : frame.texts) {
        if (!t.text.isEmpty()) // not a batch mark's caret: it sits on its ridge corner
            labels.insert(keyOf(t), &t);
    }
    return labels;
}

// True when `t`'s box is not free in `frame`: a point's marker covers it, or (for a box
// that is not along a slope, which may sit on its own line) a roof or slope line crosses it
// within the 3 px the layout keeps from lines.
bool placeTaken(const SceneModel &model, const SceneFrame &frame, const PlacedText &t)
{
    const QPolygonF area = areaOf(t);
    for (qsizetype i = 0; i < frame.pointPixels.size(); ++i) {
        const double half = frame.pointSize(model.points.at(i)) / 2;
        const QPointF p = frame.pointPixels.at(i);
        // A marker is an obstacle 1 px larger than drawn, and a text along a slope is
        // placed as boxes a little larger than the text: 3 px of slack.
        const QRectF marker(p.x() - half - 3, p.y() - half - 3, 2 * half + 6, 2 * half + 6);
        if (area.intersects(QPolygonF(marker)))
            return true;
    }
    if (t.angle != 0)
        return false;
    const AxisMapping &map = frame.map;
    const QRectF grown = t.rect.adjusted(-3, -3, 3, 3);
    for (const SceneSlope &slope : model.slopes) {
        const auto s = visibleSlope(slope, map);
        if (s && LabelPlacer::segmentHitsRect(
                     QLineF(map.toPixel(s->xa, s->ya), map.toPixel(s->xb, s->yb)), grown))
            return true;
    }
    for (const SceneRoof &roof : model.roofs) {
        const auto s = visibleRoof(roof, map);
        if (s && LabelPlacer::segmentHitsRect(
                     QLineF(map.toPixel(s->xa, s->ya), map.toPixel(s->xb, s->yb)), grown))
            return true;
    }
    return false;
}

// True when nothing of `frame` but `self` is where `place` would go: no marker, no roof or
// slope line within 3 px (for a box not along a slope), not the legend, no other text or
// leader line, inside the plot. What the layout asks of a place.
bool freeAt(const SceneModel &model, const SceneFrame &frame, const PlacedText &place,
            const PlacedText *self)
{
    const QPolygonF area = areaOf(place);
    if (!frame.map.rect.contains(area.boundingRect()))
        return false;
    if (frame.legend.rect.isValid() &&
        area.intersects(QPolygonF(frame.legend.rect.adjusted(-4, -4, 4, 4))))
        return false;
    for (const PlacedText &other : frame.texts) {
        if (&other != self && (inTheWayOf(other, place) || inTheWayOf(place, other)))
            return false;
    }
    return !placeTaken(model, frame, place);
}

// How far a label's points moved from `f0` to `f1` (their mean step in pixels); a label of
// a line, whose line stays, did not move.
QPointF motionOf(const SceneModel &model, const SceneFrame &f0, const SceneFrame &f1,
                 const PlacedText &t)
{
    QPointF sum;
    int count = 0;
    for (int g : t.groups) {
        for (int i : model.groups.value(g).points) {
            if (i < f0.pointPixels.size() && i < f1.pointPixels.size()) {
                sum += f1.pointPixels.at(i) - f0.pointPixels.at(i);
                ++count;
            }
        }
    }
    return count > 0 ? sum / count : QPointF();
}

// `t` moved by `d`, its leader line (if any) with it.
PlacedText movedBy(PlacedText t, const QPointF &d)
{
    t.rect.translate(t.angle == 0 ? d : QPointF());
    t.origin += t.angle == 0 ? QPointF() : d;
    t.leaderLine.translate(d);
    return t;
}

// A label that moved more than `maxMove` pixels from step `k - 1` to step `k`.
struct Jump
{
    QString text;
    bool lineLabel = false; // a roof, slope, ridge, batch or zone text, not a point's
    double moved = 0;
    // Its place (moved with its points) was no longer free at the new step, or the place it
    // took was not free at the old one: something displaced it, it did not just flip.
    bool displaced = false;
};

// The labels present at both steps (same key; of several with one key, the nearest) that
// moved more than `maxMove`, but for those that had to step aside because a point's marker
// took their place (their place at one step is covered by a marker at the other), directly
// or through labels that did (their place is covered by such a label at the other step).
QList<Jump> jumpsBetween(const SceneModel &m0, const SceneFrame &f0, const SceneModel &m1,
                         const SceneFrame &f1, double maxMove, int *compared, int *excused)
{
    const QMultiHash<QString, const PlacedText *> before = labelsOf(f0);
    struct Move
    {
        const PlacedText *was, *now;
        bool excused;
    };
    QList<Move> moves;
    for (const PlacedText &t : f1.texts) {
        if (t.text.isEmpty())
            continue;
        // Of several labels with one key (a group labelled point by point), the one whose
        // markers are nearest: a leader line ends on them, else the label is next to them.
        const auto anchorOf = [](const PlacedText &p) {
            return p.leader ? p.leaderLine.p2() : centreOf(p);
        };
        const PlacedText *was = nullptr;
        for (const PlacedText *candidate : before.values(keyOf(t))) {
            if (!was || QLineF(anchorOf(*candidate), anchorOf(t)).length() <
                            QLineF(anchorOf(*was), anchorOf(t)).length())
                was = candidate;
        }
        if (!was)
            continue;
        ++*compared;
        if (QLineF(centreOf(*was), centreOf(t)).length() <= maxMove)
            continue;
        moves.append({was, &t, placeTaken(m1, f1, *was) || placeTaken(m0, f0, t)});
    }
    for (bool more = true; more;) {
        more = false;
        for (Move &move : moves) {
            if (move.excused)
                continue;
            for (const Move &other : std::as_const(moves)) {
                if (other.excused &&
                    (inTheWayOf(*other.now, *move.was) || inTheWayOf(*move.now, *other.was))) {
                    move.excused = more = true;
                    break;
                }
            }
        }
    }
    QList<Jump> jumps;
    for (const Move &move : std::as_const(moves)) {
        if (move.excused) {
            ++*excused;
            continue;
        }
        const PlacedText &t = *move.now;
        const bool point = t.style == TextStyle::Point || t.style == TextStyle::SelectedPoint ||
                           t.style == TextStyle::Badge;
        // The anchor's motion: exact where a leader line ends on it, else its points' mean.
        const QPointF d = t.leader && move.was->leader
                              ? t.leaderLine.p2() - move.was->leaderLine.p2()
                              : motionOf(m1, f0, f1, t);
        // The layout's places sit around the markers' bounds, which change shape by up to a
        // step's motion (6 px) when its points move apart: a place is judged with that slack.
        const auto slack = [](PlacedText p) {
            if (p.angle == 0)
                p.rect.adjust(-6, -6, 6, 6);
            return p;
        };
        const bool displaced = !freeAt(m1, f1, slack(movedBy(*move.was, d)), &t) ||
                               !freeAt(m0, f0, slack(movedBy(t, -d)), move.was);
        jumps.append({t.text.left(24).replace(QLatin1Char('\n'), QLatin1Char('/')), !point,
                      QLineF(centreOf(*move.was), centreOf(t)).length(), displaced});
    }
    return jumps;
}

} // namespace

void TestLabelStability::labelsStayPutWhileTheBatchSweeps_data()
{
    QTest::addColumn<QStringList>("devices");
    QTest::addColumn<QSize>("figure");
    QTest::addColumn<bool>("window"); // the scene as the window shows it (windowScene)
    const QStringList two = {QStringLiteral("h100-sxm5"), QStringLiteral("mi300x")};
    const QStringList four = {QStringLiteral("h100-sxm5"), QStringLiteral("h200-sxm"),
                              QStringLiteral("mi300x"), QStringLiteral("b200")};
    // Figures laid out as the window and every exported file lay them out (FigureLayout),
    // so that the legend goes where the figure layout puts it, decided from what does not
    // move with the batch. A frame laid out with no figure layout searches the plot for its
    // legend frame by frame, which neither the window nor a file ever does: measured that
    // way, the legend changed corner as points passed and the labels round it followed.
    // The figure sizes give the plots of a large chart (1500 x 900, the legend in its top
    // left corner) and of a small one (739 x 560, the legend in a margin to its right).
    QTest::newRow("two devices, 1500 x 900") << two << QSize(1595, 973) << false;
    QTest::newRow("four devices, 1500 x 900") << four << QSize(1595, 973) << false;
    QTest::newRow("two devices, 740 x 560") << two << QSize(1110, 633) << false;
    QTest::newRow("four devices, 740 x 560") << four << QSize(1110, 633) << false;
    // The window's own chart: a 1600 x 1000 window with a model (its docks shown) gives its
    // chart 893 x 620 px, measured offscreen (MainWindow::chart()->size() of the window of
    // tests/support/windowtest.h, shown at 1600 x 1000 with Llama 3.1 8B on these devices;
    // the chart's figure is its plot's viewport, the whole widget). FigureLayout then puts
    // the legend to the right of a plot of 565 x 492 (two devices) or 559 x 492 (four).
    QTest::newRow("two devices, window 565 x 492") << two << QSize(893, 620) << true;
    QTest::newRow("four devices, window 565 x 492") << four << QSize(893, 620) << true;
}

void TestLabelStability::labelsStayPutWhileTheBatchSweeps()
{
    QFETCH(QStringList, devices);
    QFETCH(QSize, figure);
    QFETCH(bool, window);
    const Catalog catalog = Catalog::builtin();
    const QList<double> batches = sweepBatches();
    QCOMPARE(batches.size(), 234);
    QList<SceneModel> models;
    // Fixed axes: the union of every step's own range, so that nothing leaves the view.
    ViewRange range = {1e300, 0, 1e300, 0};
    for (double batch : batches) {
        models.append(window ? windowScene(catalog, devices, batch)
                             : modelScene(catalog, devices, batch));
        const ViewRange &c = models.last().content;
        range = {std::min(range.xMin, c.xMin), std::max(range.xMax, c.xMax),
                 std::min(range.yMin, c.yMin), std::max(range.yMax, c.yMax)};
    }
    const ViewRange fixed = range;
    // A label present in two neighbouring steps (same kind, same text, same points) moves at
    // most 30 px, while its points move less than 6 px. The exceptions, all where points
    // crowd: a label that regroups (its points merge into a label with others, or leave
    // one) has another text on the other side of the step, so it is not compared; a label
    // whose place a point's marker or a roof line took (its place at one step is covered at
    // the other: its own points moved it onto the line) must step aside, maybe over the
    // marker; and so must a label whose place such a label took. A label pushed about by
    // another label's own small steps is not excused.
    constexpr double maxMove = 30;
    QList<SceneFrame> frames;
    const FigureLayout first = FigureLayout::make(models.first(), figure, fixed);
    for (const SceneModel &model : std::as_const(models)) {
        const FigureLayout layout = FigureLayout::make(model, figure, fixed);
        // One plot and one legend slot for the whole sweep (tst_legendslot checks why).
        QCOMPARE(layout.map.rect, first.map.rect);
        QVERIFY(layout.legend == first.legend);
        frames.append(SceneFrame::layout(model, layout.map, {}, layout.legend));
    }
    // The plot of the row's name, as large as the row says (within 2 %).
    const QStringList size = QString::fromLatin1(QTest::currentDataTag())
                                 .section(QLatin1String(", "), 1)
                                 .section(QLatin1Char(' '), -3)
                                 .split(QLatin1String(" x "));
    QVERIFY(std::abs(first.map.rect.width() / size.first().toDouble() - 1) < 0.02);
    QVERIFY(std::abs(first.map.rect.height() / size.last().toDouble() - 1) < 0.02);
    int compared = 0, excused = 0;
    QStringList lineJumps, pointJumps, flips;
    for (qsizetype k = 1; k < models.size(); ++k) {
        for (const Jump &jump : jumpsBetween(models.at(k - 1), frames.at(k - 1), models.at(k),
                                             frames.at(k), maxMove, &compared, &excused)) {
            const QString what = QStringLiteral("batch %1 -> %2: \"%3\" moved %4 px")
                                     .arg(batches.at(k - 1), 0, 'f', 2)
                                     .arg(batches.at(k), 0, 'f', 2)
                                     .arg(jump.text)
                                     .arg(jump.moved, 0, 'f', 1);
            (jump.lineLabel ? lineJumps : pointJumps).append(what);
            if (!jump.displaced)
                flips.append(what);
        }
    }
    qDebug("%d label moves compared, %d stepped aside for a marker, %d line label jumps, %d "
           "point label jumps, %d not displaced",
           compared, excused, int(lineJumps.size()), int(pointJumps.size()), int(flips.size()));
    // Whatever else: a label leaves its place only when that place is no longer free (or
    // takes one that was not free before). A jump of neither kind would be a layout that
    // flips by itself, as a global score does.
    QVERIFY2(flips.isEmpty(), qPrintable(flips.mid(0, 20).join(QLatin1Char('\n'))));
    if (qEnvironmentVariableIsSet("ROOFLAB_LIST_JUMPS")) // to see what the expected failures hide
        qDebug("%s", qPrintable((lineJumps + pointJumps).join(QLatin1Char('\n'))));
    // Known to miss in the window's chart (docs/labels.md, "What is not stable yet"): the
    // selected GEMM label and the other GEMM classes' label crowd each other near the top of
    // a plot under 500 px tall, and with four devices a ridge label steps aside and back.
    QEXPECT_FAIL("four devices, window 565 x 492", "a ridge label steps aside and back", Continue);
    QVERIFY2(lineJumps.isEmpty(), qPrintable(lineJumps.mid(0, 20).join(QLatin1Char('\n'))));
    for (const char *row : {"two devices, window 565 x 492", "four devices, window 565 x 492"})
        QEXPECT_FAIL(row, "the GEMM labels still jump in the window's chart", Continue);
    QVERIFY2(pointJumps.isEmpty(), qPrintable(pointJumps.mid(0, 20).join(QLatin1Char('\n'))));
    // Most labels are compared at most steps: the test is not vacuous.
    QVERIFY2(compared > 5 * (models.size() - 1), qPrintable(QString::number(compared)));
}

void TestLabelStability::sameStateGivesTheSameLayout()
{
    const Catalog catalog = Catalog::builtin();
    const QStringList devices = {QStringLiteral("h100-sxm5"), QStringLiteral("mi300x")};
    const SceneModel fresh = modelScene(catalog, devices, 300);
    const AxisMapping map{QRectF(80, 20, 740, 560), 0.1, 1e4, 1e11, 1e16};
    const SceneFrame first = SceneFrame::layout(fresh, map, {});
    // Other states laid out in between: other batches, another view, points gliding.
    for (double batch : {1.0, 40.0, 1000.0}) {
        const SceneModel other = modelScene(catalog, devices, batch);
        SceneFrame::layout(other, map, {});
        SceneFrame::layout(other, AxisMapping{map.rect, 1, 1e3, 1e12, 1e15}, {});
        QList<QPointF> halfway;
        for (const ScenePoint &p : other.points)
            halfway.append(QPointF(p.x * 1.5, p.y));
        SceneFrame::layout(other, map, halfway);
    }
    // The same state again, its scene built anew: the same layout to the last bit.
    const SceneFrame again = SceneFrame::layout(modelScene(catalog, devices, 300), map, {});
    QCOMPARE(again.texts.size(), first.texts.size());
    QVERIFY(first.texts.size() > 10);
    for (qsizetype i = 0; i < first.texts.size(); ++i) {
        const PlacedText &a = first.texts.at(i), &b = again.texts.at(i);
        QCOMPARE(b.text, a.text);
        QCOMPARE(b.rect, a.rect);
        QCOMPARE(b.leader, a.leader);
        QCOMPARE(b.leaderLine, a.leaderLine);
        QCOMPARE(b.angle, a.angle);
        QCOMPARE(b.origin, a.origin);
    }
    QCOMPARE(again.legend.rect, first.legend.rect);
    QCOMPARE(again.numbered.size(), first.numbered.size());

    // Through the window's chart, with fixed axes or after Reset view: reached after other
    // batches or shown at once, the same state draws the same image.
    ChartOptions options;
    options.animate = false;
    options.xMin = 0.1;
    options.xMax = 1e4;
    options.yMin = 1e11;
    options.yMax = 1e16;
    const auto analysisAt = [&](double batch) {
        return analyzeScenario(catalog, modelScenario(devices, batch)).chart;
    };
    for (bool fixed : {true, false}) {
        ChartOptions shown = options;
        if (!fixed) // the view follows the content
            shown.xMin = shown.xMax = shown.yMin = shown.yMax = 0;
        RooflineChart travelled;
        travelled.resize(900, 600);
        for (double batch : {1.0, 40.0, 1000.0})
            travelled.setAnalysis(analysisAt(batch), shown);
        travelled.setAnalysis(analysisAt(300), shown);
        if (!fixed) // the view followed the points steadily: Reset view frames them anew
            travelled.resetView();
        RooflineChart direct;
        direct.resize(900, 600);
        direct.setAnalysis(analysisAt(300), shown);
        QVERIFY(travelled.viewRange() == direct.viewRange());
        QVERIFY(travelled.grabImage(QSize(900, 600)) == direct.grabImage(QSize(900, 600)));
    }

    // Exported to a file, before and after other states were exported: the same bytes.
    QTemporaryDir dir;
    QVERIFY(dir.isValid());
    const auto exported = [&](double batch) {
        FigureRequest request;
        request.path = dir.filePath(QStringLiteral("batch-%1.svg").arg(batch));
        request.format = QStringLiteral("svg");
        request.presentation.xMin = options.xMin;
        request.presentation.xMax = options.xMax;
        request.presentation.yMin = options.yMin;
        request.presentation.yMax = options.yMax;
        QString error;
        if (!exportFigure(analysisAt(batch), request, &error))
            return error.toUtf8();
        QFile file(request.path);
        return file.open(QIODevice::ReadOnly) ? file.readAll() : QByteArray();
    };
    const QByteArray first300 = exported(300);
    QVERIFY(first300.startsWith("<?xml"));
    exported(1);
    exported(1000);
    QVERIFY(exported(300) == first300);
}

QTEST_MAIN(TestLabelStability)
#include "tst_labelstability.moc"
