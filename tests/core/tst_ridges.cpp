// Ridge points I* = peak / bandwidth of the reference devices at every compute ceiling they
// list, datasheet and achievable, read both from the Device figures and from evaluate().
//
// The peaks and bandwidths, typed from the reference table the presets cite, and their
// quotients are in ridgerows.h.
#include "catalog.h"
#include "evaluate.h"
#include "ridgerows.h"
#include "testhelpers.h"

#include <QSet>
#include <QTest>

#include <iterator>

using namespace rooflab;
using rooflab::test::RidgeRow;
using rooflab::test::ridgeRows;

namespace {

const ComputeRoof *findRoof(const DeviceRoofs &roofs, UnitKind unit, const QString &math)
{
    for (const ComputeRoof &roof : roofs.compute) {
        if (roof.unit == unit && roof.math == math)
            return &roof;
    }
    return nullptr;
}

UnitKind unitOf(const QString &name)
{
    return name == QLatin1String("vector") ? UnitKind::Vector : UnitKind::Matrix;
}

// The roofs evaluate() reports for one device with no operators.
DeviceRoofs roofsOf(const Catalog &catalog, const QString &device, RoofMode mode,
                    const QString &level = QStringLiteral("main"))
{
    Scenario scenario;
    scenario.devices = {device};
    scenario.roof = mode;
    scenario.memoryLevel = level;
    const Analysis analysis = evaluate(catalog, scenario);
    return analysis.devices.value(0);
}

} // namespace

class TestRidges : public QObject
{
    Q_OBJECT

private:
    Catalog m_catalog;

private Q_SLOTS:
    void initTestCase();
    void requiredDevicesPresent();
    void everyCeilingHasARow();
    void datasheetRidge_data();
    void datasheetRidge();
    void achievableRidge_data();
    void achievableRidge();
    void cacheLevelRidge_data();
    void cacheLevelRidge();
};

void TestRidges::initTestCase()
{
    m_catalog = Catalog::builtin();
    QVERIFY2(m_catalog.problems().isEmpty(),
             qPrintable(m_catalog.problems().join(QLatin1Char('\n'))));
}

void TestRidges::requiredDevicesPresent()
{
    const char *required[] = {"a100-sxm4-40gb", "a100-sxm4-80gb", "h100-sxm5", "h100-pcie",
                              "h200-sxm",       "b200",           "gb200",     "l4",
                              "l40s",           "rtx-4090",       "mi300x",    "mi325x",
                              "gaudi3",         "tpu-v5e",        "tpu-v6e"};
    for (const char *id : required)
        QVERIFY2(m_catalog.device(QString::fromLatin1(id)), id);
    // And at least one server CPU.
    QVERIFY(m_catalog.device(QStringLiteral("xeon-8480")) ||
            m_catalog.device(QStringLiteral("epyc-9654")));
}

void TestRidges::everyCeilingHasARow()
{
    // Each ceiling of each built-in device needs its hand-typed row above.
    QSet<QString> covered;
    for (const RidgeRow &row : ridgeRows)
        covered.insert(
            QStringLiteral("%1 %2 %3")
                .arg(QLatin1String(row.device), QLatin1String(row.unit), QLatin1String(row.math)));
    for (const Device &device : m_catalog.devices()) {
        for (const ComputeCeiling &c : device.compute) {
            const QString key =
                QStringLiteral("%1 %2 %3").arg(device.id, unitKindName(c.unit), c.math);
            QVERIFY2(covered.contains(key), qPrintable(key + QStringLiteral(" has no row")));
        }
    }
}

void TestRidges::datasheetRidge_data()
{
    QTest::addColumn<QString>("device");
    QTest::addColumn<QString>("unit");
    QTest::addColumn<QString>("math");
    QTest::addColumn<double>("tflops");
    QTest::addColumn<double>("tbps");
    QTest::addColumn<double>("ridge");
    for (const RidgeRow &row : ridgeRows) {
        const QByteArray name = QByteArray(row.device) + ' ' + row.unit + ' ' + row.math;
        QTest::newRow(name.constData())
            << QString::fromLatin1(row.device) << QString::fromLatin1(row.unit)
            << QString::fromLatin1(row.math) << row.tflops << row.tbps << row.ridge;
    }
}

void TestRidges::datasheetRidge()
{
    QFETCH(QString, device);
    QFETCH(QString, unit);
    QFETCH(QString, math);
    QFETCH(double, tflops);
    QFETCH(double, tbps);
    QFETCH(double, ridge);

    // The preset carries the reference figures, converted from TFLOP/s and TB/s (x 1e12).
    const Device *d = m_catalog.device(device);
    QVERIFY(d);
    const ComputeCeiling *ceiling = d->ceiling(unitOf(unit), math);
    QVERIFY2(ceiling, "the device lacks this ceiling");
    const MemoryLevel *main = d->memoryLevel(QStringLiteral("main"));
    QVERIFY(main);
    ROOFLAB_COMPARE_DOUBLE(ceiling->peakFlops, tflops * 1e12);
    ROOFLAB_COMPARE_DOUBLE(main->bandwidth, tbps * 1e12);
    ROOFLAB_COMPARE_NEAR(ceiling->peakFlops / main->bandwidth, ridge, 1e-8);

    // evaluate() reports the same ridge for the datasheet roof.
    const DeviceRoofs roofs = roofsOf(m_catalog, device, RoofMode::Datasheet);
    const ComputeRoof *roof = findRoof(roofs, unitOf(unit), math);
    QVERIFY(roof);
    ROOFLAB_COMPARE_DOUBLE(roof->peakFlops, tflops * 1e12);
    ROOFLAB_COMPARE_DOUBLE(roof->datasheetFlops, tflops * 1e12);
    ROOFLAB_COMPARE_NEAR(roof->ridge, ridge, 1e-8);
}

void TestRidges::achievableRidge_data()
{
    QTest::addColumn<QString>("device");
    QTest::addColumn<QString>("unit");
    QTest::addColumn<QString>("math");
    QTest::addColumn<double>("tflops");
    QTest::addColumn<double>("tbps");
    QTest::addColumn<double>("computeShare");
    QTest::addColumn<double>("bandwidthShare");
    QTest::addColumn<double>("ridge");
    // Achievable ridge = (peak x compute share) / (bandwidth x bandwidth share). The shares
    // are each preset's `achievable` block: 0.75 / 0.85 for the accelerators, 0.6 / 0.8 for
    // the CPUs.
    const auto row = [](const char *name, const char *device, const char *unit, const char *math,
                        double tflops, double tbps, double fc, double fb, double ridge) {
        QTest::newRow(name) << QString::fromLatin1(device) << QString::fromLatin1(unit)
                            << QString::fromLatin1(math) << tflops << tbps << fc << fb << ridge;
    };
    // 989.5 x 0.75 = 742.125; 3.35 x 0.85 = 2.8475; 742.125 / 2.8475 = 260.6233538
    row("h100 bf16", "h100-sxm5", "matrix", "bf16", 989.5, 3.35, 0.75, 0.85, 260.6233538);
    // 1979 x 0.75 = 1484.25; / 2.8475 = 521.2467076
    row("h100 fp8", "h100-sxm5", "matrix", "fp8", 1979, 3.35, 0.75, 0.85, 521.2467076);
    // 312 x 0.75 = 234; 2.039 x 0.85 = 1.73315; 234 / 1.73315 = 135.0142804
    row("a100-80 bf16", "a100-sxm4-80gb", "matrix", "bf16", 312, 2.039, 0.75, 0.85, 135.0142804);
    // 9000 x 0.75 = 6750; 7.7 x 0.85 = 6.545; 6750 / 6.545 = 1031.32162
    row("b200 fp4", "b200", "matrix", "fp4", 9000, 7.7, 0.75, 0.85, 1031.32162);
    // 1307.4 x 0.75 = 980.55; 5.3 x 0.85 = 4.505; 980.55 / 4.505 = 217.6581576
    row("mi300x bf16", "mi300x", "matrix", "bf16", 1307.4, 5.3, 0.75, 0.85, 217.6581576);
    // 1836 x 0.75 = 1377; 1.638 x 0.85 = 1.3923; 1377 / 1.3923 = 989.010989
    row("tpu-v6e int8", "tpu-v6e", "matrix", "int8", 1836, 1.638, 0.75, 0.85, 989.010989);
    // 242.5 x 0.75 = 181.875; 0.3 x 0.85 = 0.255; 181.875 / 0.255 = 713.2352941
    row("l4 fp8", "l4", "matrix", "fp8", 242.5, 0.3, 0.75, 0.85, 713.2352941);
    // 114.7 x 0.6 = 68.82; 0.3072 x 0.8 = 0.24576; 68.82 / 0.24576 = 280.0292969
    row("xeon bf16", "xeon-8480", "matrix", "bf16", 114.7, 0.3072, 0.6, 0.8, 280.0292969);
    // 7.37 x 0.6 = 4.422; 0.4608 x 0.8 = 0.36864; 4.422 / 0.36864 = 11.99544271
    row("epyc fp32", "epyc-9654", "vector", "fp32", 7.37, 0.4608, 0.6, 0.8, 11.99544271);
}

void TestRidges::achievableRidge()
{
    QFETCH(QString, device);
    QFETCH(QString, unit);
    QFETCH(QString, math);
    QFETCH(double, tflops);
    QFETCH(double, tbps);
    QFETCH(double, computeShare);
    QFETCH(double, bandwidthShare);
    QFETCH(double, ridge);

    const Device *d = m_catalog.device(device);
    QVERIFY(d);
    ROOFLAB_COMPARE_DOUBLE(d->achievable.compute, computeShare);
    ROOFLAB_COMPARE_DOUBLE(d->achievable.bandwidth, bandwidthShare);
    QVERIFY(!d->achievable.source.isEmpty());

    const DeviceRoofs roofs = roofsOf(m_catalog, device, RoofMode::Achievable);
    const ComputeRoof *roof = findRoof(roofs, unitOf(unit), math);
    QVERIFY(roof);
    ROOFLAB_COMPARE_DOUBLE(roof->peakFlops, tflops * computeShare * 1e12);
    ROOFLAB_COMPARE_DOUBLE(roof->datasheetFlops, tflops * 1e12);
    ROOFLAB_COMPARE_NEAR(roof->ridge, ridge, 1e-8);
    QVERIFY(!roofs.memory.isEmpty());
    QCOMPARE(roofs.memory.first().level, QStringLiteral("main"));
    ROOFLAB_COMPARE_DOUBLE(roofs.memory.first().bandwidth, tbps * bandwidthShare * 1e12);
    ROOFLAB_COMPARE_DOUBLE(roofs.memory.first().datasheetBandwidth, tbps * 1e12);
}

void TestRidges::cacheLevelRidge_data()
{
    QTest::addColumn<QString>("device");
    QTest::addColumn<double>("tflops");
    QTest::addColumn<double>("tbps");
    QTest::addColumn<double>("ridge");
    // Ridge against the L2/last-level cache bandwidth of the reference table, bf16 matrix.
    // 312 / 7.2 = 43.33333333
    QTest::newRow("a100-40 L2") << QStringLiteral("a100-sxm4-40gb") << 312.0 << 7.2 << 43.33333333;
    // 1307.4 / 17.2 = 76.01162791 (Infinity Cache)
    QTest::newRow("mi300x LLC") << QStringLiteral("mi300x") << 1307.4 << 17.2 << 76.01162791;
    // 1835 / 12.8 = 143.359375 (on-die SRAM)
    QTest::newRow("gaudi3 SRAM") << QStringLiteral("gaudi3") << 1835.0 << 12.8 << 143.359375;
}

void TestRidges::cacheLevelRidge()
{
    QFETCH(QString, device);
    QFETCH(double, tflops);
    QFETCH(double, tbps);
    QFETCH(double, ridge);
    const Device *d = m_catalog.device(device);
    QVERIFY(d);
    const MemoryLevel *l2 = d->memoryLevel(QStringLiteral("l2"));
    QVERIFY(l2);
    ROOFLAB_COMPARE_DOUBLE(l2->bandwidth, tbps * 1e12);

    const DeviceRoofs roofs = roofsOf(m_catalog, device, RoofMode::Datasheet, QStringLiteral("l2"));
    const ComputeRoof *roof = findRoof(roofs, UnitKind::Matrix, QStringLiteral("bf16"));
    QVERIFY(roof);
    ROOFLAB_COMPARE_DOUBLE(roof->peakFlops, tflops * 1e12);
    ROOFLAB_COMPARE_NEAR(roof->ridge, ridge, 1e-8);
}

QTEST_GUILESS_MAIN(TestRidges)
#include "tst_ridges.moc"
