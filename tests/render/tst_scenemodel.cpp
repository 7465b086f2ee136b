#include "legendnotes.h"
#include "renderfixtures.h"
#include "scenemodel.h"
#include "testhelpers.h"

#include <QTest>

using namespace rooflab;
using namespace rooflab::test;

class TestSceneModel : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void roofsAndLabelsOfOneDevice();
    void achievableModeDrawsDatasheetGhosts();
    void coincidingRoofsShareOneLabel();
    void pointsAndGroups();
    void ridgeBatchMark();
    void ridgeBatchRangeIsExplained();
    void eachDeviceLineSaysItsGemmsRidgeBatches();
    void contentRangeHoldsEveryPoint();
    void modelClassMarkersGrowWithShare_data();
    void modelClassMarkersGrowWithShare();
    void themeNames_data();
    void themeNames();
};

void TestSceneModel::roofsAndLabelsOfOneDevice()
{
    const Catalog catalog = Catalog::builtin();
    Scenario scenario;
    scenario.devices = {QStringLiteral("h100-sxm5")};
    scenario.operators = {catalogOperator(catalog, QStringLiteral("decode-qkv-8b"))};
    const SceneModel model = SceneModel::build(evaluate(catalog, scenario), ChartOptions());

    // Only the BF16 matrix roof answers to the one GEMM: one slope, one flat roof.
    QCOMPARE(model.slopes.size(), 1);
    QCOMPARE(model.roofs.size(), 1);
    const SceneRoof &roof = model.roofs.first();
    // H100 SXM5 datasheet: 989.5 TFLOP/s BF16 dense, HBM3 3.35 TB/s.
    ROOFLAB_COMPARE_DOUBLE(roof.peak, 989.5e12);
    // ridge = 989.5e12 / 3.35e12 = 295.37 FLOP/byte
    ROOFLAB_COMPARE_NEAR(roof.ridge, 295.3731343, 1e-9);
    QCOMPARE(roof.label, QStringLiteral("BF16 matrix 989.5 TFLOP/s"));
    QCOMPARE(roof.ridgeLabel, QStringLiteral("ridge 295 FLOP/B"));
    QCOMPARE(model.slopes.first().label, QStringLiteral("HBM3 3.35 TB/s"));
    ROOFLAB_COMPARE_DOUBLE(model.slopes.first().bandwidth, 3.35e12);
    QCOMPARE(model.deviceNames, QStringList{QStringLiteral("NVIDIA H100 SXM5 80GB")});
    QCOMPARE(model.zoneRoof, 0);
}

void TestSceneModel::achievableModeDrawsDatasheetGhosts()
{
    const Catalog catalog = Catalog::builtin();
    Scenario scenario;
    scenario.devices = {QStringLiteral("h100-sxm5")};
    scenario.operators = {catalogOperator(catalog, QStringLiteral("decode-qkv-8b"))};
    scenario.roof = RoofMode::Achievable;
    const SceneModel model = SceneModel::build(evaluate(catalog, scenario), ChartOptions());

    QVERIFY(model.achievable);
    QCOMPARE(model.roofs.size(), 2);
    const SceneRoof &solid = model.roofs.at(0);
    const SceneRoof &ghost = model.roofs.at(1);
    QVERIFY(!solid.ghost);
    QVERIFY(ghost.ghost);
    // Achievable: 0.75 * 989.5 = 742.125 TFLOP/s over 0.85 * 3.35 = 2.8475 TB/s.
    ROOFLAB_COMPARE_DOUBLE(solid.peak, 742.125e12);
    QCOMPARE(solid.label, QStringLiteral("BF16 matrix 742.1 TFLOP/s"));
    // ridge = 742.125 / 2.8475 = 260.62 FLOP/byte
    QCOMPARE(solid.ridgeLabel, QStringLiteral("ridge 261 FLOP/B"));
    // The datasheet roof is drawn faint and unlabelled at 989.5 TFLOP/s, 3.35 TB/s.
    ROOFLAB_COMPARE_DOUBLE(ghost.peak, 989.5e12);
    QVERIFY(ghost.label.isEmpty());
    QCOMPARE(model.slopes.size(), 2);
    ROOFLAB_COMPARE_DOUBLE(model.slopes.at(1).bandwidth, 3.35e12);
    QVERIFY(model.legend.last().text.contains(QLatin1String("dashed")));
}

void TestSceneModel::coincidingRoofsShareOneLabel()
{
    const Catalog catalog = Catalog::builtin();
    Scenario scenario;
    // H100 SXM5 and H200 SXM have the same 989.5 TFLOP/s BF16 roof and differ in bandwidth.
    scenario.devices = {QStringLiteral("h100-sxm5"), QStringLiteral("h200-sxm")};
    scenario.operators = {catalogOperator(catalog, QStringLiteral("decode-qkv-8b"))};
    const SceneModel model = SceneModel::build(evaluate(catalog, scenario), ChartOptions());

    QCOMPARE(model.roofs.size(), 2);
    QCOMPARE(model.roofs.at(0).sharedCount, 2);
    QCOMPARE(model.roofs.at(1).sharedIndex, 1);
    QCOMPARE(model.roofs.at(0).label, QStringLiteral("BF16 matrix 989.5 TFLOP/s"));
    QVERIFY(model.roofs.at(0).labelShared);
    QVERIFY(model.roofs.at(1).label.isEmpty());
    // The shared part starts at the larger ridge: 989.5 / 3.35 = 295.4 (H200: 989.5 / 4.8).
    ROOFLAB_COMPARE_NEAR(model.roofs.at(1).sharedFromX, 295.3731343, 1e-9);
    // Different bandwidths: both slopes keep their own labels.
    QCOMPARE(model.slopes.at(0).label, QStringLiteral("HBM3 3.35 TB/s"));
    QCOMPARE(model.slopes.at(1).label, QStringLiteral("HBM3e 4.8 TB/s"));
}

void TestSceneModel::pointsAndGroups()
{
    const Catalog catalog = Catalog::builtin();
    Scenario scenario =
        llmScenario(catalog, {QStringLiteral("h100-sxm5"), QStringLiteral("h200-sxm")}, 1);
    ChartOptions options;
    options.selectedDevice = QStringLiteral("h200-sxm");
    options.selectedOperator = QStringLiteral("decode-qkv-8b");
    const Analysis analysis = evaluate(catalog, scenario);
    const SceneModel model = SceneModel::build(analysis, options);

    QCOMPARE(model.points.size(), analysis.points.size());
    // Every operator sits at the same intensity on both devices (same formats): one label
    // group per operator, two points each.
    QCOMPARE(model.groups.size(), scenario.operators.size());
    for (const SceneGroup &group : model.groups)
        QCOMPARE(group.points.size(), 2);
    int selected = 0;
    for (const ScenePoint &point : model.points) {
        const PointAnalysis &p = analysis.points.at(point.analysisIndex);
        QCOMPARE(point.x, p.intensity);
        QCOMPARE(point.y, p.attainableFlops);
        QCOMPARE(point.shape, markerForKind(p.kind));
        if (point.selected) {
            ++selected;
            QCOMPARE(p.deviceId, QStringLiteral("h200-sxm"));
            QCOMPARE(p.operatorId, QStringLiteral("decode-qkv-8b"));
        }
    }
    QCOMPARE(selected, 1);
    // The zones follow the selected point's device (the second device).
    QCOMPARE(model.roofs.at(model.zoneRoof).device, 1);
}

void TestSceneModel::ridgeBatchMark()
{
    const Catalog catalog = Catalog::builtin();
    Scenario scenario;
    scenario.devices = {QStringLiteral("h100-sxm5")};
    scenario.operators = {catalogOperator(catalog, QStringLiteral("decode-qkv-8b"))};
    const SceneModel model = SceneModel::build(evaluate(catalog, scenario), ChartOptions());

    QCOMPARE(model.batchMarks.size(), 1);
    // Decode GEMM D = 4096, F = 6144, 2-byte weights and activations, ridge I* = 295.3731:
    // 2*B*D*F = I* * (D*F*2 + B*(D+F)*2)  =>  B = I*·D·F·2 / (2·D·F − I*·(D+F)·2)
    //   D·F = 25,165,824; numerator = 295.3731 * 25,165,824 * 2 = 1.486656e10
    //   denominator = 50,331,648 − 295.3731 * 10,240 * 2 = 50,331,648 − 6,049,241 = 44,282,407
    //   B* = 335.72, shown as the first whole batch past it.
    QCOMPARE(model.batchMarks.first().text, QStringLiteral("B*=336"));
    ROOFLAB_COMPARE_NEAR(model.batchMarks.first().x, 295.3731343, 1e-9);
    ROOFLAB_COMPARE_DOUBLE(model.batchMarks.first().y, 989.5e12);
}

// Two GEMMs that reach the ridge at different whole batches: the mark gives both ends, and the
// legend says what they are (a single GEMM's mark keeps the plain note, ridgeBatchMark).
void TestSceneModel::ridgeBatchRangeIsExplained()
{
    const Catalog catalog = Catalog::builtin();
    Scenario scenario;
    scenario.devices = {QStringLiteral("h100-sxm5")};
    scenario.operators = {catalogOperator(catalog, QStringLiteral("decode-qkv-8b")),
                          catalogOperator(catalog, QStringLiteral("decode-out-proj-8b"))};
    const auto noteOf = [](const SceneModel &model) {
        for (const SceneLegendEntry &entry : model.legend) {
            if (entry.topic == SceneLegendEntry::Topic::BatchMarks)
                return entry.text;
        }
        return QString();
    };
    const SceneModel model = SceneModel::build(evaluate(catalog, scenario), ChartOptions());
    QCOMPARE(model.batchMarks.size(), 1);
    // QKV (D = 4096, F = 6144): B* = 335.72 (ridgeBatchMark), first whole batch 336.
    // Out proj (D = F = 4096), B = I*·D·F / (D·F − I*·(D+F)) with I* = 295.3731:
    //   D·F = 16,777,216; I*·(D+F) = 295.3731 * 8192 = 2,419,697
    //   B* = 4.955539e9 / 14,357,519 = 345.15, first whole batch 346.
    QCOMPARE(model.batchMarks.first().text, QStringLiteral("B*=336–346"));
    QVERIFY(model.batchMarks.first().range);
    QCOMPARE(noteOf(model), QStringLiteral("B* = each GEMM's ridge batch, lowest–highest"));
    bool briefSaysRange = false;
    for (const SceneLegendEntry &entry : briefLegendLines(model.legend, true))
        briefSaysRange = briefSaysRange || entry.text == QStringLiteral("B* = ridge batch, lo–hi");
    QVERIFY(briefSaysRange);

    scenario.operators.removeLast();
    const SceneModel one = SceneModel::build(evaluate(catalog, scenario), ChartOptions());
    QVERIFY(!one.batchMarks.first().range);
    QCOMPARE(noteOf(one), QStringLiteral("B* = batch at which a GEMM reaches the ridge"));
}

// A B* mark at a ridge corner is often hidden by the labels and points there: each device's
// legend line says its decode GEMMs' ridge batches, whatever is selected; a key leaves it out.
void TestSceneModel::eachDeviceLineSaysItsGemmsRidgeBatches()
{
    const Catalog catalog = Catalog::builtin();
    Scenario scenario;
    scenario.devices = {QStringLiteral("h100-sxm5"), QStringLiteral("h200-sxm")};
    scenario.operators = {catalogOperator(catalog, QStringLiteral("decode-qkv-8b")),
                          catalogOperator(catalog, QStringLiteral("decode-out-proj-8b")),
                          catalogOperator(catalog, QStringLiteral("rmsnorm-8b"))};
    const Analysis analysis = evaluate(catalog, scenario);
    const auto deviceLines = [](const QList<SceneLegendEntry> &legend) {
        QStringList lines;
        for (const SceneLegendEntry &entry : legend) {
            if (entry.kind == SceneLegendEntry::Kind::Device)
                lines.append(entry.text);
        }
        return lines;
    };
    // H100: 336–346 (ridgeBatchRangeIsExplained). H200, ridge I* = 989.5e12 / 4.8e12 = 206.1458:
    //   QKV: I*·D·F / (D·F − I*·(D+F)) = 206.1458 * 25,165,824 / (25,165,824 − 2,110,933)
    //        = 5.187830e9 / 23,054,891 = 225.02, first whole batch 226;
    //   out proj: 206.1458 * 16,777,216 / (16,777,216 − 206.1458 * 8192)
    //        = 3.458553e9 / 15,088,469 = 229.22, first whole batch 230.
    const QStringList expected{QStringLiteral("NVIDIA H100 SXM5 80GB · B*=336–346"),
                               QStringLiteral("NVIDIA H200 SXM 141GB · B*=226–230")};
    ChartOptions options;
    for (const char *selected : {"", "decode-out-proj-8b", "rmsnorm-8b"}) {
        options.selectedDevice = QStringLiteral("h100-sxm5");
        options.selectedOperator = QString::fromLatin1(selected);
        const SceneModel model = SceneModel::build(analysis, options);
        QCOMPARE(deviceLines(model.legend), expected);
    }
    // With the out projection selected, the H100's mark on the chart says its own B*.
    options.selectedOperator = QStringLiteral("decode-out-proj-8b");
    const SceneModel model = SceneModel::build(analysis, options);
    QCOMPARE(model.batchMarks.first().text, QStringLiteral("B*=346"));
    int notesLeftOut = 0;
    QCOMPARE(deviceLines(keyLegendLines(model.legend, model.deviceNames, &notesLeftOut)),
             QStringList({QStringLiteral("H100"), QStringLiteral("H200")}));
}

void TestSceneModel::contentRangeHoldsEveryPoint()
{
    const Catalog catalog = Catalog::builtin();
    for (double batch : {1.0, 1024.0}) {
        const Analysis analysis = evaluate(
            catalog,
            llmScenario(catalog, {QStringLiteral("h100-sxm5"), QStringLiteral("mi300x")}, batch));
        const SceneModel model = SceneModel::build(analysis, ChartOptions());
        const ViewRange &r = model.content;
        for (const ScenePoint &point : model.points) {
            QVERIFY(point.x > r.xMin && point.x < r.xMax);
            QVERIFY(point.y > r.yMin && point.y < r.yMax);
        }
        for (const SceneRoof &roof : model.roofs) {
            QVERIFY(roof.ridge > r.xMin && roof.ridge < r.xMax);
            // Room above the highest roof for its label.
            QVERIFY(roof.peak * 2 < r.yMax);
        }
    }
}

void TestSceneModel::themeNames_data()
{
    QTest::addColumn<QString>("name");
    QTest::addColumn<int>("theme");
    QTest::newRow("light") << QStringLiteral("light") << int(Theme::Light);
    QTest::newRow("dark") << QStringLiteral("dark") << int(Theme::Dark);
    QTest::newRow("print") << QStringLiteral("print") << int(Theme::Print);
    QTest::newRow("colorblind") << QStringLiteral("colorblind") << int(Theme::ColorBlind);
}

void TestSceneModel::themeNames()
{
    QFETCH(QString, name);
    QFETCH(int, theme);
    QCOMPARE(themeName(Theme(theme)), name);
    QCOMPARE(themeFromName(name.toUpper()), std::optional<Theme>(Theme(theme)));
    QCOMPARE(themeFromName(QStringLiteral("neon")), std::nullopt);
}

void TestSceneModel::modelClassMarkersGrowWithShare_data()
{
    QTest::addColumn<double>("share");
    QTest::addColumn<double>("scale");
    // Area proportional to the share: diameter 3.5 * sqrt(share) plain sizes, at least 1.
    QTest::newRow("plain operator") << 0.0 << 1.0;
    QTest::newRow("whole step") << 1.0 << 3.5;                      // 3.5 * 1
    QTest::newRow("a quarter") << 0.25 << 1.75;                     // 3.5 * 0.5
    QTest::newRow("a hundredth: never below plain") << 0.01 << 1.0; // 3.5 * 0.1 = 0.35
    QTest::newRow("half") << 0.5 << 2.4748737341529163;             // 3.5 * 0.70710678
}

void TestSceneModel::modelClassMarkersGrowWithShare()
{
    QFETCH(double, share);
    QFETCH(double, scale);
    const Catalog catalog = Catalog::builtin();
    Scenario scenario;
    scenario.devices = {QStringLiteral("h100-sxm5")};
    scenario.operators = {catalogOperator(catalog, QStringLiteral("decode-qkv-8b")),
                          catalogOperator(catalog, QStringLiteral("rmsnorm-8b"))};
    Analysis analysis = evaluate(catalog, scenario);
    QCOMPARE(analysis.points.size(), 2);
    analysis.points[0].share = share;
    const SceneModel model = SceneModel::build(analysis, ChartOptions());
    QCOMPARE(model.points.size(), 2);
    ROOFLAB_COMPARE_NEAR(model.points.at(0).markerScale, scale, 1e-12);
    // The other point is a plain operator (share 0): the plain size.
    ROOFLAB_COMPARE_DOUBLE(model.points.at(1).markerScale, 1.0);
}

QTEST_MAIN(TestSceneModel)
#include "tst_scenemodel.moc"
