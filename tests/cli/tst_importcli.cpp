// `rooflab import`, run as a separate process: the figures of measured kernels against a
// shipped device preset derived by hand, the table, and every bad input giving exit status 2
// with the file, line, column and reason named.
#include "runrooflab.h"
#include "testhelpers.h"

#include <QFile>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QTemporaryDir>
#include <QTest>

namespace {

using rooflab::test::Run;

QString s(const char *text)
{
    return QString::fromUtf8(text);
}

} // namespace

class TestImportCli : public QObject
{
    Q_OBJECT

private:
    Run run(const QStringList &arguments) const;
    QString data(const char *name) const;
    // Writes `bytes` to a file in the temporary folder and returns its path.
    QString write(const char *name, const QByteArray &bytes) const;

    QTemporaryDir m_home;

private Q_SLOTS:
    void initTestCase();
    void ncuAgainstDevice();
    void plainCsvKernelsNameTheirDevice();
    void tableWithoutJson();
    void ertPrintsMeasuredDevice();
    void rocprofGuessedWithCacheLine();
    void advisorRoofsGuessed();
    void zeroBytesPrintNoInfinity();
    void badNumberExitsTwoNamingThePlace();
    void notAFormatExitsTwo();
    void formatOption_data();
    void formatOption();
};

Run TestImportCli::run(const QStringList &arguments) const
{
    return rooflab::test::runRooflab(QString::fromUtf8(ROOFLAB_EXE),
                                     QStringList{s("import")} + arguments, m_home.path(), 30000);
}

QString TestImportCli::data(const char *name) const
{
    return qEnvironmentVariable("ROOFLAB_TEST_DATA") + s("/measured/") + s(name);
}

QString TestImportCli::write(const char *name, const QByteArray &bytes) const
{
    const QString path = m_home.filePath(s(name));
    QFile file(path);
    if (file.open(QIODevice::WriteOnly))
        file.write(bytes);
    return path;
}

void TestImportCli::initTestCase()
{
    QVERIFY(m_home.isValid());
    QVERIFY(!qEnvironmentVariable("ROOFLAB_TEST_DATA").isEmpty());
}

void TestImportCli::ncuAgainstDevice()
{
    const Run r = run({data("ncu-base.csv"), s("--device"), s("a100-sxm4-40gb"), s("--json")});
    QVERIFY(r.finished);
    QCOMPARE(r.exitCode, 0);
    const QJsonArray kernels = QJsonDocument::fromJson(r.out).array();
    QCOMPARE(kernels.size(), 2);
    const QJsonObject k = kernels.at(0).toObject();
    QCOMPARE(k.value(u"name").toString(), s("vec_scale(float*, int)"));
    QCOMPARE(k.value(u"launches").toInt(), 2);
    // 3,932,160 FLOP (fmul + 2·ffma over both launches) / 3,072 ns = 1.28e12 FLOP/s.
    ROOFLAB_COMPARE_DOUBLE(k.value(u"flops").toDouble(), 3932160);
    ROOFLAB_COMPARE_DOUBLE(k.value(u"time_s").toDouble(), 3072e-9);
    ROOFLAB_COMPARE_DOUBLE(k.value(u"achieved_flops").toDouble(), 1.28e12);
    const QJsonObject bytes = k.value(u"bytes_by_level").toObject();
    ROOFLAB_COMPARE_DOUBLE(bytes.value(u"dram").toDouble(), 12582912);
    ROOFLAB_COMPARE_DOUBLE(bytes.value(u"l2").toDouble(), 12589056);
    ROOFLAB_COMPARE_DOUBLE(bytes.value(u"l1").toDouble(), 12600000);
    // 3,932,160 / 12,582,912 B = 0.3125 FLOP/B at DRAM.
    ROOFLAB_COMPARE_DOUBLE(k.value(u"intensity_by_level").toObject().value(u"dram").toDouble(),
                           0.3125);
    // The A100 40GB preset: HBM 1.555 TB/s, L2 7.2 TB/s, vector FP32 19.5 TFLOP/s.
    // DRAM roof 1.555e12 × 0.3125 = 4.859375e11; L2 roof 7.2e12 × 3,932,160 / 12,589,056
    // = 2.249e12; the DRAM roof is the lowest and under the peak: memory-bound at DRAM,
    // 1.28e12 / 4.859375e11 = 263.4 % of it, so the point is above its roof.
    ROOFLAB_COMPARE_DOUBLE(k.value(u"roof_flops").toDouble(), 4.859375e11);
    ROOFLAB_COMPARE_NEAR(k.value(u"pct_of_roof").toDouble(), 263.408, 1e-5);
    QCOMPARE(k.value(u"bound").toString(), s("memory"));
    QCOMPARE(k.value(u"bound_level").toString(), s("dram"));
    QCOMPARE(k.value(u"peak").toString(), s("vector fp32"));
    const QString warnings =
        QString::fromUtf8(QJsonDocument(k.value(u"warnings").toArray()).toJson());
    QVERIFY2(warnings.contains(s("above its DRAM memory roof")), qPrintable(warnings));

    // half_axpy: no DRAM bytes (n/a), so no "dram" key; FP16 has no vector ceiling on
    // the A100 preset, so it answers to the matrix FP16 312 TFLOP/s.
    const QJsonObject half = kernels.at(1).toObject();
    QVERIFY(!half.value(u"bytes_by_level").toObject().contains(u"dram"));
    QCOMPARE(half.value(u"peak").toString(), s("matrix fp16"));
    // L2: 2,310 FLOP / 2,000 B = 1.155 FLOP/B; roof 7.2e12 × 1.155 = 8.316e12.
    ROOFLAB_COMPARE_DOUBLE(half.value(u"roof_flops").toDouble(), 8.316e12);
}

void TestImportCli::plainCsvKernelsNameTheirDevice()
{
    const Run r = run({data("kernels.csv"), s("--json")});
    QCOMPARE(r.exitCode, 0);
    const QJsonArray kernels = QJsonDocument::fromJson(r.out).array();
    QCOMPARE(kernels.size(), 2);
    const QJsonObject gemm = kernels.at(0).toObject();
    // Its device column names the A100 40GB. No precision: the highest floating-point peak,
    // matrix BF16/FP16 312 TFLOP/s. DRAM 4e9 / 1e8 = 40 FLOP/B → 1.555e12 × 40 = 62.2e12;
    // L2 4e9 / 2e8 = 20 → 7.2e12 × 20 = 144e12: memory-bound at DRAM, and
    // 4e9 / 0.004 s = 1e12 FLOP/s is 1e12 / 62.2e12 = 1.6077 % of it.
    ROOFLAB_COMPARE_DOUBLE(gemm.value(u"roof_flops").toDouble(), 62.2e12);
    ROOFLAB_COMPARE_NEAR(gemm.value(u"pct_of_roof").toDouble(), 100.0 / 62.2, 1e-9);
    QCOMPARE(gemm.value(u"bound_level").toString(), s("dram"));
    // stream_triad names no device: no roof.
    const QJsonObject triad = kernels.at(1).toObject();
    QVERIFY(triad.value(u"roof_flops").isNull());
    QVERIFY(triad.value(u"bound").isNull());
    // 1e8 FLOP / 2.4e9 B = 0.041667 FLOP/B.
    ROOFLAB_COMPARE_DOUBLE(triad.value(u"intensity_by_level").toObject().value(u"dram").toDouble(),
                           1e8 / 2.4e9);
}

void TestImportCli::tableWithoutJson()
{
    const Run r = run({data("ncu-base.csv"), s("--device"), s("a100-sxm4-40gb")});
    QCOMPARE(r.exitCode, 0);
    const QString out = QString::fromUtf8(r.out);
    QVERIFY2(out.contains(s("vec_scale(float*, int)")), r.out.constData());
    QVERIFY(out.contains(s("memory-bound at DRAM")));
    QVERIFY(out.contains(s("hadd + hmul + 2·hfma")));
    QVERIFY(r.err.isEmpty());
}

void TestImportCli::ertPrintsMeasuredDevice()
{
    const Run r = run({data("ert-roofline.json"), s("--json")});
    QCOMPARE(r.exitCode, 0);
    const QJsonObject device = QJsonDocument::fromJson(r.out).object();
    QCOMPARE(device.value(u"name").toString(), s("bench-box"));
    // 60 GB/s = 6e10 B/s; 270 GFLOP/s = 2.7e11 FLOP/s.
    ROOFLAB_COMPARE_DOUBLE(device.value(u"bandwidth_by_level").toObject().value(u"DRAM").toDouble(),
                           6e10);
    ROOFLAB_COMPARE_DOUBLE(device.value(u"peaks").toObject().value(u"GFLOPs").toDouble(), 2.7e11);
}

void TestImportCli::rocprofGuessedWithCacheLine()
{
    Run r = run({data("rocprof-pmc_perf.csv"), s("--cache-line"), s("128"), s("--json")});
    QCOMPARE(r.exitCode, 0);
    const QJsonArray kernels = QJsonDocument::fromJson(r.out).array();
    QCOMPARE(kernels.size(), 2);
    // axpy: L2 128 × (3,000 + 1,000 + 9,000 + 3,000) = 2,048,000 B; 1,280,000 FLOP / 40 µs
    // = 3.2e10 FLOP/s.
    const QJsonObject axpy = kernels.at(0).toObject();
    ROOFLAB_COMPARE_DOUBLE(axpy.value(u"bytes_by_level").toObject().value(u"l2").toDouble(),
                           2048000);
    ROOFLAB_COMPARE_DOUBLE(axpy.value(u"achieved_flops").toDouble(), 3.2e10);

    r = run({data("rocprof-roofline.csv"), s("--json")});
    QCOMPARE(r.exitCode, 0);
    // 1,400 GB/s HBM = 1.4e12 B/s.
    ROOFLAB_COMPARE_DOUBLE(QJsonDocument::fromJson(r.out)
                               .object()
                               .value(u"bandwidth_by_level")
                               .toObject()
                               .value(u"HBM")
                               .toDouble(),
                           1.4e12);

    r = run({data("rocprof-pmc_perf.csv"), s("--cache-line"), s("0")});
    QCOMPARE(r.exitCode, 2);
    QVERIFY2(r.err.contains("--cache-line"), r.err.constData());
}

void TestImportCli::advisorRoofsGuessed()
{
    const Run r = run({data("advisor-roofs.csv")});
    QCOMPARE(r.exitCode, 0);
    // 85,000,000,000 byte/s printed as 85 GB/s; 2.4e12 FLOP/s as 2.4 TFLOP/s; the names in
    // a column as wide as the longest (36 characters) and two spaces: after the 14 of
    // "DRAM Bandwidth", 38 - 14 = 24 spaces.
    const QString out = QString::fromUtf8(r.out);
    QVERIFY2(out.contains(s("  DRAM Bandwidth") + QString(24, u' ') + s("85 GB/s")),
             r.out.constData());
    QVERIFY2(out.contains(s("2.4 TFLOP/s")), r.out.constData());
}

void TestImportCli::zeroBytesPrintNoInfinity()
{
    const QString path = write("zero.csv", "name,flops,time_s,bytes_dram\nk,1e9,1,0\n");
    for (const bool json : {true, false}) {
        const Run r = run(json ? QStringList{path, s("--device"), s("h100-sxm5"), s("--json")}
                               : QStringList{path, s("--device"), s("h100-sxm5")});
        QCOMPARE(r.exitCode, 0);
        const QByteArray lower = r.out.toLower();
        QVERIFY2(!lower.contains("inf") && !lower.contains("nan"), r.out.constData());
    }
}

void TestImportCli::badNumberExitsTwoNamingThePlace()
{
    const QString path =
        write("bad.csv", "name,flops,time_s,bytes_dram\ngood,1e9,1,5\nbad,1e9,fast,5\n");
    const Run r = run({path, s("--json")});
    QVERIFY(r.finished);
    QCOMPARE(r.exitCode, 2);
    QVERIFY2(r.err.contains(path.toUtf8() + ":3:3: time_s: \"fast\" is not a number"),
             r.err.constData());
    // The good row still prints.
    QCOMPARE(QJsonDocument::fromJson(r.out).array().size(), 1);
}

void TestImportCli::notAFormatExitsTwo()
{
    const QString path = write("notes.txt", "just some words\n");
    Run r = run({path});
    QCOMPARE(r.exitCode, 2);
    QVERIFY2(r.err.contains("not a file format"), r.err.constData());
    // Forced as ncu, it says why it is not one.
    r = run({path, s("--format"), s("ncu")});
    QCOMPARE(r.exitCode, 2);
    QVERIFY2(r.err.contains(":1: not an Nsight Compute raw CSV"), r.err.constData());
    r = run({m_home.filePath(s("absent.csv"))});
    QCOMPARE(r.exitCode, 2);
    QVERIFY(r.err.contains("absent.csv"));
}

void TestImportCli::formatOption_data()
{
    QTest::addColumn<QStringList>("arguments");
    QTest::addColumn<QString>("message");
    QTest::newRow("unknown") << QStringList{s("--format"), s("xlsx")} << s("unknown format");
    QTest::newRow("device") << QStringList{s("--device"), s("no-such-gpu")} << s("unknown device");
}

void TestImportCli::formatOption()
{
    QFETCH(QStringList, arguments);
    QFETCH(QString, message);
    const Run r = run(QStringList{data("kernels.csv")} + arguments);
    QCOMPARE(r.exitCode, 2);
    QVERIFY2(QString::fromUtf8(r.err).contains(message), r.err.constData());
    QVERIFY(r.out.isEmpty());
}

QTEST_GUILESS_MAIN(TestImportCli)
#include "tst_importcli.moc"
