#include "labelplacer.h"
#include "renderfixtures.h"
#include "sceneframe.h"
#include "scenemodel.h"

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
};

namespace {

AxisMapping mappingFor(const SceneModel &model)
{
    AxisMapping map;
    map.rect = QRectF(80, 20, 1500, 900);
    map.x0 = model.content.xMin;
    map.x1 = model.content.xMax;
    map.y0 = model.content.yMin;
    map.y1 = model.content.yMax;
    return map;
}

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

QTEST_MAIN(TestSceneFrame)
#include "tst_sceneframe.moc"
