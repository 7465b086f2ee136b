// Intel Advisor's roofs report as a measured device, and its bad inputs.
#include "advisorroofs.h"
#include "testhelpers.h"

#include <QFile>
#include <QTest>

using namespace rooflab;

namespace {

const QString file = QStringLiteral("roofs.csv");

} // namespace

class TestAdvisorRoofs : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void readsMemoryAndComputeRoofs();
    void recognisesItsFiles();
    void badRowsNamedAndRestLoads();
    void notThisFormat();
};

void TestAdvisorRoofs::readsMemoryAndComputeRoofs()
{
    const MeasuredImport imported =
        importAdvisorRoofs(file, rooflab::test::measuredDataFile("advisor-roofs.csv"));
    QVERIFY2(imported.problems.isEmpty(), qPrintable(imported.problems.value(0).text()));
    QVERIFY(imported.device);
    const MeasuredDevice &d = *imported.device;
    // Raw units, not giga: 85,000,000,000 byte/s = 85 GB/s.
    QCOMPARE(d.bandwidths.size(), 2);
    QCOMPARE(d.bandwidths.at(0).first, QStringLiteral("DRAM Bandwidth"));
    ROOFLAB_COMPARE_DOUBLE(d.bandwidths.at(0).second, 85e9);
    ROOFLAB_COMPARE_DOUBLE(d.bandwidths.at(1).second, 900e9);
    // 2,400,000,000,000 FLOP/s = 2.4 TFLOP/s; the single-threaded variant kept as its own.
    QCOMPARE(d.peaks.size(), 2);
    ROOFLAB_COMPARE_DOUBLE(d.peaks.at(0).second, 2.4e12);
    QCOMPARE(d.peaks.at(1).first, QStringLiteral("DP Vector FMA Peak (single-threaded)"));
    ROOFLAB_COMPARE_DOUBLE(d.peaks.at(1).second, 75e9);
}

void TestAdvisorRoofs::recognisesItsFiles()
{
    QVERIFY(looksLikeAdvisorRoofs(rooflab::test::measuredDataFile("advisor-roofs.csv")));
    QVERIFY(!looksLikeAdvisorRoofs(rooflab::test::measuredDataFile("kernels.csv")));
    QVERIFY(!looksLikeAdvisorRoofs(rooflab::test::measuredDataFile("rocprof-roofline.csv")));
}

void TestAdvisorRoofs::badRowsNamedAndRestLoads()
{
    const MeasuredImport imported =
        importAdvisorRoofs(file, "a title line\nName,Value,Type,Target\n"
                                 "DRAM Bandwidth,fast,memory,CPU\n"
                                 "L3 Bandwidth,4e11,disk,CPU\n"
                                 "Scalar Add Peak\n"
                                 "SP Vector FMA Peak,5e12,compute,CPU\n");
    QCOMPARE(imported.problems.size(), 3);
    // The header is line 2, so the first roof is line 3.
    QCOMPARE(imported.problems.at(0).text(),
             QStringLiteral("roofs.csv:3:2: DRAM Bandwidth: \"fast\" is not a number"));
    QCOMPARE(imported.problems.at(1).line, 4);
    QCOMPARE(imported.problems.at(1).column, 3);
    QVERIFY(imported.problems.at(1).reason.contains(QStringLiteral("memory or compute")));
    QCOMPARE(imported.problems.at(2).line, 5);
    QVERIFY(imported.device);
    QVERIFY(imported.device->bandwidths.isEmpty());
    QCOMPARE(imported.device->peaks.size(), 1);
    ROOFLAB_COMPARE_DOUBLE(imported.device->peaks.at(0).second, 5e12);
}

void TestAdvisorRoofs::notThisFormat()
{
    const MeasuredImport imported =
        importAdvisorRoofs(file, rooflab::test::measuredDataFile("kernels.csv"));
    QCOMPARE(imported.problems.size(), 1);
    QVERIFY(imported.problems.at(0).reason.contains(QStringLiteral("not an Advisor roofs")));
    QVERIFY(!imported.device);
}

QTEST_GUILESS_MAIN(TestAdvisorRoofs)
#include "tst_advisorroofs.moc"
