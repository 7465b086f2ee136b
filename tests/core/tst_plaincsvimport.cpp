// RoofLab's own CSV of measured kernels: columns, grouping by name, and every bad input
// named by file, line, column and reason.
#include "plaincsvimport.h"
#include "testhelpers.h"

#include <QFile>
#include <QTest>

using namespace rooflab;

namespace {

const QString file = QStringLiteral("k.csv");

} // namespace

class TestPlainCsvImport : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void groupsLaunchesByName();
    void emptyLevelIsMissing();
    void recognisesItsHeader();
    void unknownColumnNamed();
    void missingColumnNamed();
    void unparsableNumberNamedAndRestLoads();
    void negativeAndZeroRefused();
    void wrongFieldCount();
    void unterminatedQuote();
};

void TestPlainCsvImport::groupsLaunchesByName()
{
    const QByteArray bytes = rooflab::test::measuredDataFile("kernels.csv");
    QVERIFY(!bytes.isEmpty());
    const MeasuredImport imported = importPlainCsv(file, bytes);
    QVERIFY2(imported.problems.isEmpty(), qPrintable(imported.problems.value(0).text()));
    QCOMPARE(imported.kernels.size(), 2);
    const MeasuredKernel &gemm = imported.kernels.at(0);
    // The quoted name keeps its comma.
    QCOMPARE(gemm.name, QStringLiteral("gemm_128(float, float)"));
    QCOMPARE(gemm.launches, 2);
    QCOMPARE(gemm.device, QStringLiteral("a100-sxm4-40gb"));
    // 2e9 + 2e9 = 4e9 FLOP over 0.001 + 0.003 = 0.004 s.
    ROOFLAB_COMPARE_DOUBLE(gemm.flops, 4e9);
    ROOFLAB_COMPARE_DOUBLE(gemm.timeS, 0.004);
    // DRAM 4e7 + 6e7 = 1e8 B; L2 8e7 + 1.2e8 = 2e8 B; L1 1.6e8 + 2.4e8 = 4e8 B.
    ROOFLAB_COMPARE_DOUBLE(gemm.bytes.dram.value_or(-1), 1e8);
    ROOFLAB_COMPARE_DOUBLE(gemm.bytes.l2.value_or(-1), 2e8);
    ROOFLAB_COMPARE_DOUBLE(gemm.bytes.l1.value_or(-1), 4e8);
    // No precision in this format.
    QCOMPARE(gemm.dominantMath(), QString());
}

void TestPlainCsvImport::emptyLevelIsMissing()
{
    const MeasuredImport imported =
        importPlainCsv(file, rooflab::test::measuredDataFile("kernels.csv"));
    QCOMPARE(imported.kernels.size(), 2);
    const MeasuredKernel &triad = imported.kernels.at(1);
    QCOMPARE(triad.name, QStringLiteral("stream_triad"));
    QCOMPARE(triad.launches, 1);
    ROOFLAB_COMPARE_DOUBLE(triad.bytes.dram.value_or(-1), 2.4e9);
    QVERIFY(!triad.bytes.l2);
    QVERIFY(!triad.bytes.l1);
    QCOMPARE(triad.device, QString());
}

void TestPlainCsvImport::recognisesItsHeader()
{
    QVERIFY(looksLikePlainCsv(rooflab::test::measuredDataFile("kernels.csv")));
    QVERIFY(looksLikePlainCsv("name,time_s,flops,bytes_dram\nk,1,2,3\n"));
    QVERIFY(!looksLikePlainCsv(rooflab::test::measuredDataFile("ncu-base.csv")));
    QVERIFY(!looksLikePlainCsv("name,flops,time_s\nk,1,2\n"));
}

void TestPlainCsvImport::unknownColumnNamed()
{
    const MeasuredImport imported =
        importPlainCsv(file, "name,flops,time_s,bytes_dram,bytes_l3\nk,1,1,1,1\n");
    QCOMPARE(imported.problems.size(), 1);
    QCOMPARE(imported.problems.at(0).text(), QStringLiteral("k.csv:1:5: bytes_l3: unknown column"));
    QVERIFY(imported.kernels.isEmpty());
}

void TestPlainCsvImport::missingColumnNamed()
{
    const MeasuredImport imported = importPlainCsv(file, "name,flops,bytes_dram\nk,1,1\n");
    QCOMPARE(imported.problems.size(), 1);
    QCOMPARE(imported.problems.at(0).text(),
             QStringLiteral("k.csv:1: time_s: required column missing"));
}

void TestPlainCsvImport::unparsableNumberNamedAndRestLoads()
{
    const MeasuredImport imported =
        importPlainCsv(file, "name,flops,time_s,bytes_dram\nbad,1e9,0.0x1,5\ngood,1e9,0.5,5\n");
    QCOMPARE(imported.problems.size(), 1);
    const ImportProblem &p = imported.problems.at(0);
    QCOMPARE(p.file, file);
    QCOMPARE(p.line, 2);
    QCOMPARE(p.column, 3);
    QCOMPARE(p.field, QStringLiteral("time_s"));
    QCOMPARE(p.reason, QStringLiteral("\"0.0x1\" is not a number"));
    QCOMPARE(imported.kernels.size(), 1);
    QCOMPARE(imported.kernels.at(0).name, QStringLiteral("good"));
    ROOFLAB_COMPARE_DOUBLE(imported.kernels.at(0).timeS, 0.5);
}

void TestPlainCsvImport::negativeAndZeroRefused()
{
    const MeasuredImport imported =
        importPlainCsv(file, "name,flops,time_s,bytes_dram\nk,-1,0,5\n");
    QCOMPARE(imported.problems.size(), 2);
    QCOMPARE(imported.problems.at(0).column, 2);
    QVERIFY(imported.problems.at(0).reason.contains(QStringLiteral("negative")));
    QCOMPARE(imported.problems.at(1).column, 3);
    QVERIFY(imported.problems.at(1).reason.contains(QStringLiteral("greater than zero")));
    QVERIFY(imported.kernels.isEmpty());
}

void TestPlainCsvImport::wrongFieldCount()
{
    const MeasuredImport imported = importPlainCsv(file, "name,flops,time_s,bytes_dram\nk,1,1\n");
    QCOMPARE(imported.problems.size(), 1);
    QCOMPARE(imported.problems.at(0).text(),
             QStringLiteral("k.csv:2: 3 fields where the header has 4"));
}

void TestPlainCsvImport::unterminatedQuote()
{
    const MeasuredImport imported =
        importPlainCsv(file, "name,flops,time_s,bytes_dram\nk,1,1,1\n\"open,1,1,1\n");
    QCOMPARE(imported.problems.size(), 1);
    QCOMPARE(imported.problems.at(0).line, 3);
    QVERIFY(imported.problems.at(0).reason.contains(QStringLiteral("never closed")));
}

QTEST_GUILESS_MAIN(TestPlainCsvImport)
#include "tst_plaincsvimport.moc"
