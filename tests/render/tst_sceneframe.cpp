#include "figurelayout.h"
#include "labelplacer.h"
#include "renderfixtures.h"
#include "sceneframe.h"
#include "scenemodel.h"
#include "testhelpers.h"

#include <QTest>

using namespace rooflab;
using namespace rooflab::test;

class TestSceneFrame : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void labelsNeverOverlap_data();
    void labelsNeverOverlap();
    void pointPixelsFollowTheMapping();
    void numberedLabelsAreExplainedInTheLegend();
    void legendCanBeHidden();
    void everyGroupIsLabelledOrNumbered_data();
    void everyGroupIsLabelledOrNumbered();
    void legendHidesNothingWhenThereIsRoom_data();
    void legendHidesNothingWhenThereIsRoom();
    void largeMarkersKeepLabelsClear();
};

namespace {

QList<QLineF> visibleLines(const SceneModel &model, const AxisMapping &map)
{
    QList<QLineF> lines;
    for (const SceneSlope &slope : model.slopes) {
        if (const auto s = visibleSlope(slope, map))
            lines.append(QLineF(map.toPixel(s->xa, s->ya), map.toPixel(s->xb, s->yb)));
    }
    for (const SceneRoof &roof : model.roofs) {
        if (const auto s = visibleRoof(roof, map))
            lines.append(QLineF(map.toPixel(s->xa, s->ya), map.toPixel(s->xb, s->yb)));
    }
    return lines;
}

// The first thing in `frame` that breaks the layout's promises, or an empty string: every
// placed box inside the plot, off the legend, off every other box, off the roof lines and
// the markers, and no leader line through another box.
QString layoutProblem(const SceneModel &model, const SceneFrame &frame)
{
    const AxisMapping &map = frame.map;
    const QList<QLineF> lines = visibleLines(model, map);
    QList<const PlacedText *> boxes;
    for (const PlacedText &t : frame.texts) {
        if (t.angle != 0) // along a slope: checked by the placer's parts
            continue;
        const QString name = t.text.isEmpty() ? QStringLiteral("a caret") : t.text;
        if (!map.rect.contains(t.rect))
            return name + QStringLiteral(" leaves the plot");
        if (t.rect.intersects(frame.legend.rect))
            return name + QStringLiteral(" is under the legend");
        for (const PlacedText *other : std::as_const(boxes)) {
            if (t.rect.intersects(other->rect))
                return name + QStringLiteral(" overlaps ") + other->text;
        }
        for (const QLineF &line : lines) {
            if (LabelPlacer::segmentHitsRect(line, t.rect))
                return name + QStringLiteral(" crosses a roof");
        }
        for (qsizetype i = 0; i < frame.pointPixels.size(); ++i) {
            const double half = frame.pointSize(model.points.at(i)) / 2;
            const QPointF p = frame.pointPixels.at(i);
            if (t.rect.intersects(QRectF(p.x() - half, p.y() - half, 2 * half, 2 * half)))
                return name + QStringLiteral(" covers a marker");
        }
        boxes.append(&t);
    }
    for (const PlacedText *t : std::as_const(boxes)) {
        for (const PlacedText *other : std::as_const(boxes)) {
            if (t != other && t->leader && LabelPlacer::segmentHitsRect(t->leaderLine, other->rect))
                return QStringLiteral("the leader of ") + t->text + QStringLiteral(" crosses ") +
                       other->text;
        }
    }
    return {};
}

// Decode GEMMs stacked at nearly one place: a D x D weight with F growing in steps of 8,
// so the intensities differ by well under a pixel, on one device at batch 64.
QList<OperatorSpec> stackedGemms(int count)
{
    QList<OperatorSpec> ops;
    for (int i = 0; i < count; ++i) {
        OperatorSpec op;
        op.id = QStringLiteral("stacked-%1").arg(i);
        op.kind = OperatorKind::DecodeGemm;
        op.d = 8192;
        op.f = 8192 + 8 * i;
        op.name = QStringLiteral("Stacked GEMM %1").arg(i);
        ops.append(op);
    }
    return ops;
}

// Decode GEMMs whose intensities at batch 1024 spread over a few dozen pixels on the
// compute roof: a row of nearly touching markers right under the selected one.
QList<OperatorSpec> gemmRow(int count)
{
    QList<OperatorSpec> ops;
    for (int i = 0; i < count; ++i) {
        OperatorSpec op;
        op.id = QStringLiteral("row-%1").arg(i);
        op.kind = OperatorKind::DecodeGemm;
        op.d = 2048.0 + 256.0 * i;
        op.f = 4096;
        op.name = QStringLiteral("Row GEMM %1").arg(i);
        ops.append(op);
    }
    return ops;
}

} // namespace

void TestSceneFrame::labelsNeverOverlap_data()
{
    QTest::addColumn<QStringList>("devices");
    QTest::addColumn<int>("extraOperators");
    QTest::addColumn<double>("batch");
    QTest::addColumn<int>("roofMode");
    const QStringList three = {QStringLiteral("h100-sxm5"), QStringLiteral("h200-sxm"),
                               QStringLiteral("mi300x")};
    QTest::newRow("3 devices, batch 1") << three << 0 << 1.0 << int(RoofMode::Datasheet);
    QTest::newRow("3 devices, batch 1024") << three << 0 << 1024.0 << int(RoofMode::Datasheet);
    QTest::newRow("achievable") << three << 0 << 64.0 << int(RoofMode::Achievable);
    QTest::newRow("8 devices x 40 operators")
        << eightDevices() << 24 << 16.0 << int(RoofMode::Datasheet);
}

void TestSceneFrame::labelsNeverOverlap()
{
    QFETCH(QStringList, devices);
    QFETCH(int, extraOperators);
    QFETCH(double, batch);
    QFETCH(int, roofMode);
    const Catalog catalog = Catalog::builtin();
    Scenario scenario = llmScenario(catalog, devices, batch);
    scenario.operators += manyOperators(extraOperators);
    scenario.roof = RoofMode(roofMode);
    const SceneModel model = SceneModel::build(evaluate(catalog, scenario), ChartOptions());
    const AxisMapping map = mappingFor(model);
    const SceneFrame frame = SceneFrame::layout(model, map, {});

    const QList<QLineF> lines = visibleLines(model, map);
    QList<QRectF> boxes;
    int labels = 0;
    for (const PlacedText &t : frame.texts) {
        if (t.angle != 0) // along a slope: checked by the placer's parts
            continue;
        QVERIFY2(map.rect.contains(t.rect), qPrintable(t.text));
        QVERIFY2(!t.rect.intersects(frame.legend.rect), qPrintable(t.text));
        for (const QRectF &other : std::as_const(boxes))
            QVERIFY2(!t.rect.intersects(other), qPrintable(t.text + QStringLiteral(" overlaps")));
        for (const QLineF &line : lines)
            QVERIFY2(!LabelPlacer::segmentHitsRect(line, t.rect),
                     qPrintable(t.text + QStringLiteral(" crosses a roof")));
        const double half = frame.markerSize / 2;
        for (const QPointF &p : frame.pointPixels) {
            const QRectF marker(p.x() - half, p.y() - half, 2 * half, 2 * half);
            QVERIFY2(!t.rect.intersects(marker),
                     qPrintable(t.text + QStringLiteral(" covers a marker")));
        }
        boxes.append(t.rect);
        if (t.style == TextStyle::Point || t.style == TextStyle::Badge)
            ++labels;
    }
    QVERIFY(labels > 5);
    // Every roof the points answer to is labelled with its format and value.
    int roofLabels = 0;
    for (const PlacedText &t : frame.texts)
        roofLabels += t.text.contains(QLatin1String(" matrix ")) ||
                      t.text.contains(QLatin1String(" vector "));
    QVERIFY(roofLabels >= 2);
}

void TestSceneFrame::pointPixelsFollowTheMapping()
{
    const Catalog catalog = Catalog::builtin();
    Scenario scenario;
    scenario.devices = {QStringLiteral("h100-sxm5")};
    scenario.operators = {catalogOperator(catalog, QStringLiteral("decode-qkv-8b"))};
    const SceneModel model = SceneModel::build(evaluate(catalog, scenario), ChartOptions());
    AxisMapping map;
    map.rect = QRectF(100, 50, 1000, 800);
    map.x0 = 0.1;
    map.x1 = 1000; // four decades over 1000 px: 250 px per decade
    map.y0 = 1e11;
    map.y1 = 1e15; // four decades over 800 px: 200 px per decade
    // Glide the point to intensity 10, 1e13 FLOP/s: 2 decades right of 0.1, 2 above 1e11.
    const SceneFrame frame = SceneFrame::layout(model, map, {QPointF(10, 1e13)});
    QCOMPARE(frame.pointPixels.size(), 1);
    // x = 100 + 2 * 250 = 600; y = 850 - 2 * 200 = 450
    QCOMPARE(frame.pointPixels.first().x(), 600.0);
    QCOMPARE(frame.pointPixels.first().y(), 450.0);
    // The frame maps its points with PixelProjection, the logs of the spans taken once: bit
    // for bit the pixels AxisMapping gives, so that labels and markers stay where they were.
    map.x0 = 0.037;
    map.y0 = 3.3e10;
    const PixelProjection projection(map);
    for (const QPointF &p : {QPointF(0.3, 7e12), QPointF(123.456, 9.87e14), QPointF(1e-3, 1e9)}) {
        QVERIFY(projection.toPixel(p.x(), p.y()).x() == map.toPixel(p.x(), p.y()).x());
        QVERIFY(projection.toPixel(p.x(), p.y()).y() == map.toPixel(p.x(), p.y()).y());
    }
}

void TestSceneFrame::numberedLabelsAreExplainedInTheLegend()
{
    const Catalog catalog = Catalog::builtin();
    Scenario scenario =
        llmScenario(catalog, {QStringLiteral("h100-sxm5"), QStringLiteral("mi300x")}, 4);
    scenario.operators += manyOperators(30);
    const SceneModel model = SceneModel::build(evaluate(catalog, scenario), ChartOptions());
    AxisMapping map = mappingFor(model);
    map.rect = QRectF(80, 20, 700, 450); // a small window: too little room for every label
    const SceneFrame frame = SceneFrame::layout(model, map, {});
    QVERIFY(!frame.numbered.isEmpty());
    // The legend never takes more than 70% of the plot's height.
    QVERIFY(frame.legend.rect.height() <= 0.7 * map.rect.height() + 16);
    for (const PlacedText &t : frame.texts) {
        if (t.style != TextStyle::Badge)
            continue;
        const int number = t.text.toInt();
        QVERIFY(number >= 1 && number <= frame.numbered.size());
        const bool listed =
            std::any_of(frame.legend.lines.cbegin(), frame.legend.lines.cend(),
                        [&](const LegendLayout::Line &line) { return line.number == number; });
        QVERIFY2(listed, qPrintable(t.text));
    }
}

void TestSceneFrame::legendCanBeHidden()
{
    const Catalog catalog = Catalog::builtin();
    ChartOptions options;
    options.showLegend = false;
    const SceneModel model = SceneModel::build(
        evaluate(catalog, llmScenario(catalog, {QStringLiteral("h100-sxm5")}, 1)), options);
    const SceneFrame frame = SceneFrame::layout(model, mappingFor(model), {});
    QVERIFY(frame.legend.rect.isEmpty());
    QVERIFY(frame.numbered.isEmpty());
}

void TestSceneFrame::everyGroupIsLabelledOrNumbered_data()
{
    QTest::addColumn<QStringList>("devices");
    QTest::addColumn<int>("extra"); // 0: none, 1: 12 stacked GEMMs, 2: a row of 12 GEMMs
    QTest::addColumn<double>("batch");
    QTest::addColumn<double>("fontScale");
    const QStringList two = {QStringLiteral("h100-sxm5"), QStringLiteral("h200-sxm")};
    QTest::newRow("default scenario, batch 1") << two << 0 << 1.0 << 1.0;
    QTest::newRow("default scenario, batch 1024") << two << 0 << 1024.0 << 1.0;
    QTest::newRow("12 GEMMs stacked at one place")
        << QStringList{QStringLiteral("h100-sxm5")} << 1 << 64.0 << 1.0;
    QTest::newRow("a row of 12 GEMMs under the selected one") << two << 2 << 1024.0 << 1.0;
}

void TestSceneFrame::everyGroupIsLabelledOrNumbered()
{
    QFETCH(QStringList, devices);
    QFETCH(int, extra);
    QFETCH(double, batch);
    QFETCH(double, fontScale);
    const Catalog catalog = Catalog::builtin();
    Scenario scenario = llmScenario(catalog, devices, batch);
    if (extra == 1)
        scenario.operators += stackedGemms(12);
    else if (extra == 2)
        scenario.operators += gemmRow(12);
    ChartOptions options;
    options.fontScale = fontScale;
    options.selectedDevice = QStringLiteral("h100-sxm5");
    options.selectedOperator = QStringLiteral("decode-mlp-up-8b");
    const SceneModel model = SceneModel::build(evaluate(catalog, scenario), options);
    // Laid out as the window's chart lays it out: the figure's layout decides where the
    // legend goes (docs/labels.md), for a chart of about the window's size at 1600 x 1000.
    const FigureLayout layout =
        FigureLayout::make(model, QSize(1100, 720), FigureLayout::rangeOf(model));
    const AxisMapping &map = layout.map;
    const SceneFrame frame = SceneFrame::layout(model, map, {}, layout.legend);

    const QString problem = layoutProblem(model, frame);
    QVERIFY2(problem.isEmpty(), qPrintable(problem));
    QCOMPARE(frame.unlabelled, 0);
    int shownGroups = 0;
    for (qsizetype g = 0; g < model.groups.size(); ++g) {
        const SceneGroup &group = model.groups.at(g);
        const bool visible = std::any_of(group.points.cbegin(), group.points.cend(), [&](int i) {
            return map.rect.contains(frame.pointPixels.at(i));
        });
        if (!visible)
            continue;
        ++shownGroups;
        // Named by a label on the chart...
        bool named =
            std::any_of(frame.texts.cbegin(), frame.texts.cend(), [&](const PlacedText &t) {
                return (t.style == TextStyle::Point || t.style == TextStyle::SelectedPoint) &&
                       t.groups.contains(int(g)) &&
                       t.text.split(QLatin1Char('\n')).contains(group.text);
            });
        // ...or by a number next to its marker, spelled out in the legend.
        for (qsizetype n = 0; n < frame.numbered.size() && !named; ++n) {
            if (!frame.numbered.at(n).groups.contains(int(g)))
                continue;
            const QString number = QString::number(n + 1);
            const bool badge =
                std::any_of(frame.texts.cbegin(), frame.texts.cend(), [&](const PlacedText &t) {
                    return t.style == TextStyle::Badge && t.text == number &&
                           t.groups.contains(int(g));
                });
            QStringList legendText;
            for (const LegendLayout::Line &line : frame.legend.lines) {
                if (std::abs(line.number) == n + 1)
                    legendText.append(line.entry.text);
            }
            named = badge && legendText.join(QStringLiteral(", "))
                                 .split(QStringLiteral(", "))
                                 .contains(group.text);
        }
        QVERIFY2(named,
                 qPrintable(group.text + QStringLiteral(" has neither a label nor a number")));
    }
    // The 16 operators of llm-common.json on the devices shown, and the extra ones.
    QVERIFY(shownGroups >= 16);
}

void TestSceneFrame::legendHidesNothingWhenThereIsRoom_data()
{
    QTest::addColumn<double>("batch");
    QTest::addColumn<double>("fontScale");
    QTest::newRow("batch 1") << 1.0 << 1.0;
    QTest::newRow("batch 1, large text") << 1.0 << 1.5;
    QTest::newRow("batch 1024") << 1024.0 << 1.0;
}

void TestSceneFrame::legendHidesNothingWhenThereIsRoom()
{
    QFETCH(double, batch);
    QFETCH(double, fontScale);
    const Catalog catalog = Catalog::builtin();
    ChartOptions options;
    options.fontScale = fontScale;
    const SceneModel model = SceneModel::build(
        evaluate(
            catalog,
            llmScenario(catalog, {QStringLiteral("h100-sxm5"), QStringLiteral("h200-sxm")}, batch)),
        options);
    const AxisMapping map = mappingFor(model);
    const SceneFrame frame = SceneFrame::layout(model, map, {});
    const QRectF legend = frame.legend.rect;
    QVERIFY(!legend.isEmpty());
    QVERIFY(map.rect.contains(legend));
    for (const QLineF &line : visibleLines(model, map))
        QVERIFY2(!LabelPlacer::segmentHitsRect(line, legend), "the legend hides a roof line");
    for (qsizetype i = 0; i < frame.pointPixels.size(); ++i) {
        const double half = frame.pointSize(model.points.at(i)) / 2;
        const QPointF p = frame.pointPixels.at(i);
        QVERIFY2(!legend.intersects(QRectF(p.x() - half, p.y() - half, 2 * half, 2 * half)),
                 "the legend hides a point");
    }
    for (const PlacedText &t : frame.texts) {
        const QRectF box = t.angle == 0 ? t.rect : t.rect.translated(t.origin);
        QVERIFY2(!legend.intersects(box),
                 qPrintable(t.text + QStringLiteral(" is under the legend")));
    }
}

void TestSceneFrame::largeMarkersKeepLabelsClear()
{
    // A model class taking the whole step: its marker is 3.5 x 11 = 38.5 px across.
    const Catalog catalog = Catalog::builtin();
    Scenario scenario;
    scenario.devices = {QStringLiteral("h100-sxm5")};
    scenario.operators = {catalogOperator(catalog, QStringLiteral("decode-qkv-8b"))};
    Analysis analysis = evaluate(catalog, scenario);
    QCOMPARE(analysis.points.size(), 1);
    analysis.points[0].share = 1.0;
    const SceneModel model = SceneModel::build(analysis, ChartOptions());
    const SceneFrame frame = SceneFrame::layout(model, mappingFor(model), {});
    ROOFLAB_COMPARE_DOUBLE(frame.pointSize(model.points.first()), 38.5);
    const QPointF c = frame.pointPixels.first();
    const QRectF marker(c.x() - 19.25, c.y() - 19.25, 38.5, 38.5);
    const auto label =
        std::find_if(frame.texts.cbegin(), frame.texts.cend(), [](const PlacedText &t) {
            return t.style == TextStyle::Point || t.style == TextStyle::SelectedPoint;
        });
    QVERIFY(label != frame.texts.cend());
    // The label keeps off the whole large marker (and so do the markers' own boxes).
    QVERIFY(!label->rect.intersects(marker));
    const QString problem = layoutProblem(model, frame);
    QVERIFY2(problem.isEmpty(), qPrintable(problem));
}

QTEST_MAIN(TestSceneFrame)
#include "tst_sceneframe.moc"
