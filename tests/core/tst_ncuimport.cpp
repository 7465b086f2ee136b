// Nsight Compute raw CSV: FLOPs from instruction counts, bytes per level, units, both
// locales' grouping, and every bad input named by file, line, column and reason.
#include "measurednumber.h"
#include "ncuimport.h"
#include "testhelpers.h"

#include <QFile>
#include <QTest>

using namespace rooflab;

namespace {

const QString file = QStringLiteral("r.csv");

// A two-metric file: header, units row (`units` for time), then `rows`.
QByteArray smallFile(const char *timeUnit, const char *rows)
{
    return QByteArray("\"ID\",\"Kernel Name\",\"gpu__time_duration.sum\","
                      "\"sm__sass_thread_inst_executed_op_ffma_pred_on.sum\"\n"
                      "\"\",\"\",\"") +
           timeUnit + "\",\"inst\"\n" + rows;
}

} // namespace

class TestNcuImport : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void baseUnitsGroupedByName();
    void halfPrecisionCounting();
    void scaledUnits();
    void pointGroupingLocale();
    void groupingEvidence_data();
    void groupingEvidence();
    void parsesEitherGrouping_data();
    void parsesEitherGrouping();
    void recognisesItsFiles();
    void notThisFormat();
    void missingTimeColumn();
    void unitsRowMismatch();
    void missingUnitsRow();
    void unparsableNumberAndRestLoads();
    void mixedGroupingRefused();
    void timeNotAvailable();
};

void TestNcuImport::baseUnitsGroupedByName()
{
    const MeasuredImport imported =
        importNcuCsv(file, rooflab::test::measuredDataFile("ncu-base.csv"));
    QVERIFY2(imported.problems.isEmpty(), qPrintable(imported.problems.value(0).text()));
    QCOMPARE(imported.kernels.size(), 2);
    const MeasuredKernel &scale = imported.kernels.at(0);
    QCOMPARE(scale.name, QStringLiteral("vec_scale(float*, int)"));
    QCOMPARE(scale.launches, 2);
    // Launch 0: fmul 524,288 + 2 × ffma 1,048,576 = 2,621,440 FLOP;
    // launch 2: 262,144 + 2 × 524,288 = 1,310,720 FLOP; together 3,932,160 FLOP.
    ROOFLAB_COMPARE_DOUBLE(scale.flops, 3932160);
    ROOFLAB_COMPARE_DOUBLE(scale.flopsByMath.value(QStringLiteral("fp32")), 3932160);
    QCOMPARE(scale.dominantMath(), QStringLiteral("fp32"));
    // 2,048 ns + 1,024 ns = 3,072 ns.
    ROOFLAB_COMPARE_DOUBLE(scale.timeS, 3072e-9);
    // DRAM 8,388,608 + 4,194,304 = 12,582,912 B; L2 8,392,704 + 4,196,352 = 12,589,056 B;
    // L1 8,400,000 + 4,200,000 = 12,600,000 B.
    ROOFLAB_COMPARE_DOUBLE(scale.bytes.dram.value_or(-1), 12582912);
    ROOFLAB_COMPARE_DOUBLE(scale.bytes.l2.value_or(-1), 12589056);
    ROOFLAB_COMPARE_DOUBLE(scale.bytes.l1.value_or(-1), 12600000);
}

void TestNcuImport::halfPrecisionCounting()
{
    const MeasuredImport plain =
        importNcuCsv(file, rooflab::test::measuredDataFile("ncu-base.csv"));
    QCOMPARE(plain.kernels.size(), 2);
    const MeasuredKernel &half = plain.kernels.at(1);
    QCOMPARE(half.launches, 1);
    // hadd 100 + hmul 200 + 2 × hfma 1,000 = 2,300 FP16 FLOP; fadd 10 FP32 FLOP.
    ROOFLAB_COMPARE_DOUBLE(half.flopsByMath.value(QStringLiteral("fp16")), 2300);
    ROOFLAB_COMPARE_DOUBLE(half.flops, 2310);
    QCOMPARE(half.dominantMath(), QStringLiteral("fp16"));
    ROOFLAB_COMPARE_DOUBLE(half.timeS, 512e-9);
    // DRAM was n/a: the level is missing, not zero.
    QVERIFY(!half.bytes.dram);
    ROOFLAB_COMPARE_DOUBLE(half.bytes.l2.value_or(-1), 2000);
    QVERIFY(plain.notes.join(QLatin1Char(' ')).contains(QStringLiteral("hadd + hmul + 2·hfma")));

    const MeasuredImport packed =
        importNcuCsv(file, rooflab::test::measuredDataFile("ncu-base.csv"), {.packedHalf = true});
    QCOMPARE(packed.kernels.size(), 2);
    // 2 × 100 + 2 × 200 + 4 × 1,000 = 4,600 FP16 FLOP, + 10 FP32 = 4,610.
    ROOFLAB_COMPARE_DOUBLE(packed.kernels.at(1).flops, 4610);
    // Packed counting changes FP16 only: vec_scale keeps 3,932,160.
    ROOFLAB_COMPARE_DOUBLE(packed.kernels.at(0).flops, 3932160);
    QVERIFY(packed.notes.join(QLatin1Char(' ')).contains(QStringLiteral("packed")));
}

void TestNcuImport::scaledUnits()
{
    const MeasuredImport imported =
        importNcuCsv(file, rooflab::test::measuredDataFile("ncu-scaled.csv"));
    QVERIFY2(imported.problems.isEmpty(), qPrintable(imported.problems.value(0).text()));
    QCOMPARE(imported.kernels.size(), 1);
    const MeasuredKernel &k = imported.kernels.at(0);
    // 2 × dfma 1,000,000 = 2,000,000 FP64 FLOP.
    ROOFLAB_COMPARE_DOUBLE(k.flops, 2e6);
    QCOMPARE(k.dominantMath(), QStringLiteral("fp64"));
    // 2.25 usecond = 2.25e-6 s.
    ROOFLAB_COMPARE_DOUBLE(k.timeS, 2.25e-6);
    // Read 1.5 Mbyte = 1,500,000 B + write 250 Kbyte = 250,000 B = 1,750,000 B.
    ROOFLAB_COMPARE_DOUBLE(k.bytes.dram.value_or(-1), 1.75e6);
    // 0.004 Gbyte = 4,000,000 B.
    ROOFLAB_COMPARE_DOUBLE(k.bytes.l2.value_or(-1), 4e6);
    QVERIFY(!k.bytes.l1);
}

void TestNcuImport::pointGroupingLocale()
{
    const MeasuredImport imported =
        importNcuCsv(file, rooflab::test::measuredDataFile("ncu-pointgroups.csv"));
    QVERIFY2(imported.problems.isEmpty(), qPrintable(imported.problems.value(0).text()));
    QCOMPARE(imported.kernels.size(), 1);
    const MeasuredKernel &k = imported.kernels.at(0);
    // "27.595.520" byte = 27,595,520 B; "65,77" usecond = 65.77e-6 s;
    // 2 × ffma "1.000.000" = 2,000,000 FLOP; L2 n/a.
    ROOFLAB_COMPARE_DOUBLE(k.bytes.dram.value_or(-1), 27595520);
    ROOFLAB_COMPARE_DOUBLE(k.timeS, 65.77e-6);
    ROOFLAB_COMPARE_DOUBLE(k.flops, 2e6);
    QVERIFY(!k.bytes.l2);
}

void TestNcuImport::groupingEvidence_data()
{
    QTest::addColumn<QString>("text");
    QTest::addColumn<int>("expected"); // 0 none, 1 comma groups, 2 point groups
    QTest::newRow("plain") << QStringLiteral("4480") << 0;
    QTest::newRow("one comma, three digits") << QStringLiteral("4,480") << 0;
    QTest::newRow("one point, three digits") << QStringLiteral("4.480") << 0;
    QTest::newRow("two commas") << QStringLiteral("12,582,912") << 1;
    QTest::newRow("decimal point") << QStringLiteral("1.5") << 1;
    QTest::newRow("both, point last") << QStringLiteral("1,234.5") << 1;
    QTest::newRow("two points") << QStringLiteral("27.595.520") << 2;
    QTest::newRow("decimal comma") << QStringLiteral("65,77") << 2;
    QTest::newRow("both, comma last") << QStringLiteral("1.234,5") << 2;
}

void TestNcuImport::groupingEvidence()
{
    QFETCH(QString, text);
    QFETCH(int, expected);
    const std::optional<NumberGrouping> evidence = rooflab::groupingEvidence(text);
    const int got = !evidence ? 0 : *evidence == NumberGrouping::CommaGroups ? 1 : 2;
    QCOMPARE(got, expected);
}

void TestNcuImport::parsesEitherGrouping_data()
{
    QTest::addColumn<QString>("text");
    QTest::addColumn<bool>("pointGroups");
    QTest::addColumn<double>("expected"); // NaN: refused
    const double refused = std::nan("");
    QTest::newRow("comma groups") << QStringLiteral("12,582,912") << false << 12582912.0;
    QTest::newRow("comma groups, decimals") << QStringLiteral("1,234.5") << false << 1234.5;
    QTest::newRow("ambiguous as comma groups") << QStringLiteral("4,480") << false << 4480.0;
    QTest::newRow("ambiguous as point groups") << QStringLiteral("4,480") << true << 4.48;
    QTest::newRow("point groups") << QStringLiteral("27.595.520") << true << 27595520.0;
    QTest::newRow("decimal comma") << QStringLiteral("65,77") << true << 65.77;
    QTest::newRow("exponent") << QStringLiteral("-1.5e3") << false << -1500.0;
    QTest::newRow("bad group") << QStringLiteral("12,58") << false << refused;
    QTest::newRow("letters") << QStringLiteral("12x") << false << refused;
    QTest::newRow("empty exponent") << QStringLiteral("1e") << false << refused;
    QTest::newRow("overflow") << QStringLiteral("1e999") << false << refused;
    QTest::newRow("only a sign") << QStringLiteral("-") << false << refused;
}

void TestNcuImport::parsesEitherGrouping()
{
    QFETCH(QString, text);
    QFETCH(bool, pointGroups);
    QFETCH(double, expected);
    const std::optional<double> value = parseGroupedNumber(
        text, pointGroups ? NumberGrouping::PointGroups : NumberGrouping::CommaGroups);
    if (std::isnan(expected)) {
        QVERIFY(!value);
        return;
    }
    QVERIFY(value);
    ROOFLAB_COMPARE_DOUBLE(*value, expected);
}

void TestNcuImport::recognisesItsFiles()
{
    QVERIFY(looksLikeNcuCsv(rooflab::test::measuredDataFile("ncu-base.csv")));
    QVERIFY(looksLikeNcuCsv(rooflab::test::measuredDataFile("ncu-pointgroups.csv")));
    QVERIFY(!looksLikeNcuCsv(rooflab::test::measuredDataFile("kernels.csv")));
    QVERIFY(!looksLikeNcuCsv(rooflab::test::measuredDataFile("ert-roofline.json")));
}

void TestNcuImport::notThisFormat()
{
    const MeasuredImport imported =
        importNcuCsv(file, rooflab::test::measuredDataFile("kernels.csv"));
    QCOMPARE(imported.problems.size(), 1);
    QCOMPARE(imported.problems.at(0).line, 1);
    QVERIFY(imported.problems.at(0).reason.contains(QStringLiteral("not an Nsight Compute")));
    QVERIFY(imported.kernels.isEmpty());
}

void TestNcuImport::missingTimeColumn()
{
    const MeasuredImport imported = importNcuCsv(
        file,
        "==PROF== hello\n\"Kernel Name\",\"sm__sass_thread_inst_executed_op_ffma_pred_on.sum\"\n"
        "\"\",\"inst\"\n\"k\",\"5\"\n");
    QCOMPARE(imported.problems.size(), 1);
    // The header is on line 2, after the ==PROF== line.
    QCOMPARE(imported.problems.at(0).text(),
             QStringLiteral("r.csv:2: gpu__time_duration.sum: required column missing"));
}

void TestNcuImport::unitsRowMismatch()
{
    const MeasuredImport imported =
        importNcuCsv(file, smallFile("byte", "\"0\",\"k\",\"5\",\"7\"\n"));
    QVERIFY(!imported.problems.isEmpty());
    const ImportProblem &p = imported.problems.at(0);
    QCOMPARE(p.line, 2);
    QCOMPARE(p.column, 3);
    QCOMPARE(p.field, QStringLiteral("gpu__time_duration.sum"));
    QVERIFY2(p.reason.contains(QStringLiteral("\"byte\"")), qPrintable(p.reason));
    QVERIFY(p.reason.contains(QStringLiteral("second")));
    QVERIFY(imported.kernels.isEmpty());
}

void TestNcuImport::missingUnitsRow()
{
    const MeasuredImport imported =
        importNcuCsv(file, "\"Kernel Name\",\"gpu__time_duration.sum\","
                           "\"sm__sass_thread_inst_executed_op_ffma_pred_on.sum\"\n"
                           "\"k\",\"1,000\",\"5\"\n");
    QCOMPARE(imported.problems.size(), 1);
    QCOMPARE(imported.problems.at(0).line, 2);
    QCOMPARE(imported.problems.at(0).column, 1);
    QVERIFY(imported.problems.at(0).reason.contains(QStringLiteral("units row")));
    // The row is read as a launch in base units: 1,000 ns and 2 × 5 = 10 FLOP.
    QCOMPARE(imported.kernels.size(), 1);
    ROOFLAB_COMPARE_DOUBLE(imported.kernels.at(0).timeS, 1e-6);
    ROOFLAB_COMPARE_DOUBLE(imported.kernels.at(0).flops, 10);
}

void TestNcuImport::unparsableNumberAndRestLoads()
{
    const MeasuredImport imported = importNcuCsv(
        file, smallFile("nsecond", "\"0\",\"a\",\"12,58x\",\"7\"\n\"1\",\"b\",\"2,000\",\"7\"\n"));
    QCOMPARE(imported.problems.size(), 1);
    const ImportProblem &p = imported.problems.at(0);
    QCOMPARE(p.line, 3);
    QCOMPARE(p.column, 3);
    QCOMPARE(p.field, QStringLiteral("gpu__time_duration.sum"));
    QVERIFY2(p.reason.contains(QStringLiteral("not a number")), qPrintable(p.reason));
    QCOMPARE(imported.kernels.size(), 1);
    QCOMPARE(imported.kernels.at(0).name, QStringLiteral("b"));
    // 2,000 ns; 2 × 7 = 14 FLOP.
    ROOFLAB_COMPARE_DOUBLE(imported.kernels.at(0).timeS, 2e-6);
    ROOFLAB_COMPARE_DOUBLE(imported.kernels.at(0).flops, 14);
}

void TestNcuImport::mixedGroupingRefused()
{
    const MeasuredImport imported = importNcuCsv(
        file, smallFile("nsecond", "\"0\",\"a\",\"1.5\",\"7\"\n\"1\",\"b\",\"2.000.000\",\"7\"\n"));
    QVERIFY(!imported.problems.isEmpty());
    const ImportProblem &p = imported.problems.at(0);
    QCOMPARE(p.line, 4);
    QCOMPARE(p.column, 3);
    QVERIFY2(p.reason.contains(QStringLiteral("other way")), qPrintable(p.reason));
    // The first value decided: "1.5" ns loads, "2.000.000" does not parse that way.
    QCOMPARE(imported.kernels.size(), 1);
    ROOFLAB_COMPARE_DOUBLE(imported.kernels.at(0).timeS, 1.5e-9);
}

void TestNcuImport::timeNotAvailable()
{
    const MeasuredImport imported =
        importNcuCsv(file, smallFile("nsecond", "\"0\",\"a\",\"n/a\",\"7\"\n"));
    QCOMPARE(imported.problems.size(), 1);
    QCOMPARE(imported.problems.at(0).line, 3);
    QVERIFY(imported.problems.at(0).reason.contains(QStringLiteral("n/a")));
    QVERIFY(imported.kernels.isEmpty());
}

QTEST_GUILESS_MAIN(TestNcuImport)
#include "tst_ncuimport.moc"
