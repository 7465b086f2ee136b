// ERT's roofline.json as a measured device, and its bad inputs.
#include "ertimport.h"
#include "testhelpers.h"

#include <QFile>
#include <QTest>

using namespace rooflab;

namespace {

const QString file = QStringLiteral("roofline.json");

} // namespace

class TestErtImport : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void readsLevelsAndPeaks();
    void recognisesItsFiles();
    void syntaxErrorAtLineAndColumn();
    void badEntryNamedAndRestLoads();
    void notThisFormat();
};

void TestErtImport::readsLevelsAndPeaks()
{
    const MeasuredImport imported =
        importErtJson(file, rooflab::test::measuredDataFile("ert-roofline.json"));
    QVERIFY2(imported.problems.isEmpty(), qPrintable(imported.problems.value(0).text()));
    QVERIFY(imported.device);
    QVERIFY(imported.kernels.isEmpty());
    const MeasuredDevice &d = *imported.device;
    QCOMPARE(d.name, QStringLiteral("bench-box"));
    QCOMPARE(d.bandwidths.size(), 3);
    // 950 GB/s = 9.5e11 B/s, 480 GB/s = 4.8e11 B/s, 60 GB/s = 6e10 B/s.
    QCOMPARE(d.bandwidths.at(0).first, QStringLiteral("L1"));
    ROOFLAB_COMPARE_DOUBLE(d.bandwidths.at(0).second, 9.5e11);
    ROOFLAB_COMPARE_DOUBLE(d.bandwidths.at(1).second, 4.8e11);
    QCOMPARE(d.bandwidths.at(2).first, QStringLiteral("DRAM"));
    ROOFLAB_COMPARE_DOUBLE(d.bandwidths.at(2).second, 6e10);
    // 270 GFLOP/s = 2.7e11 FLOP/s.
    QCOMPARE(d.peaks.size(), 1);
    ROOFLAB_COMPARE_DOUBLE(d.peaks.at(0).second, 2.7e11);
}

void TestErtImport::recognisesItsFiles()
{
    QVERIFY(looksLikeErtJson(rooflab::test::measuredDataFile("ert-roofline.json")));
    QVERIFY(!looksLikeErtJson(rooflab::test::measuredDataFile("kernels.csv")));
    QVERIFY(!looksLikeErtJson("{\"schema\": \"rooflab-scenario\"}"));
}

void TestErtImport::syntaxErrorAtLineAndColumn()
{
    // A comma is missing after 950.0: the parser stops on line 2 just past the '[' that
    // should have followed one (column 3), so it names column 4.
    const MeasuredImport imported =
        importErtJson(file, "{\"empirical\": {\"gbytes\": {\"data\": [[\"L1\", 950.0]\n  "
                            "[\"DRAM\", 60.0]]}}}");
    QCOMPARE(imported.problems.size(), 1);
    QCOMPARE(imported.problems.at(0).line, 2);
    QCOMPARE(imported.problems.at(0).column, 4);
    QVERIFY(!imported.device);
}

void TestErtImport::badEntryNamedAndRestLoads()
{
    const MeasuredImport imported = importErtJson(
        file, "{\"empirical\": {\"gbytes\": {\"data\": [[\"L1\", \"fast\"], [\"DRAM\", 60.0],"
              " [\"L2\", -4]]}, \"gflops\": {\"data\": [[\"GFLOPs\", 100]]}}}");
    QCOMPARE(imported.problems.size(), 2);
    QCOMPARE(imported.problems.at(0).text(),
             QStringLiteral("roofline.json: empirical.gbytes.data[0]: must be [name, number]"));
    QCOMPARE(imported.problems.at(1).field, QStringLiteral("empirical.gbytes.data[2][1]"));
    QVERIFY(imported.problems.at(1).reason.contains(QStringLiteral("greater than zero")));
    QVERIFY(imported.device);
    QCOMPARE(imported.device->bandwidths.size(), 1);
    // 60 GB/s = 6e10 B/s; 100 GFLOP/s = 1e11 FLOP/s.
    ROOFLAB_COMPARE_DOUBLE(imported.device->bandwidths.at(0).second, 6e10);
    ROOFLAB_COMPARE_DOUBLE(imported.device->peaks.at(0).second, 1e11);
    // No HOSTNAME: a generic name.
    QVERIFY(!imported.device->name.isEmpty());
}

void TestErtImport::notThisFormat()
{
    const MeasuredImport imported = importErtJson(file, "[1, 2, 3]");
    QCOMPARE(imported.problems.size(), 1);
    QCOMPARE(imported.problems.at(0).field, QStringLiteral("empirical"));
    QVERIFY(imported.problems.at(0).reason.contains(QStringLiteral("not an ERT")));
}

QTEST_GUILESS_MAIN(TestErtImport)
#include "tst_ertimport.moc"
