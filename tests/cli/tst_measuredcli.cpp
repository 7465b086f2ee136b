// --measured on analyze and export, run as a process: a profile's kernels drawn and printed
// where they ran, with figures derived by hand, and every bad file refused with exit status 2
// naming --measured, the file and the reason.
//
// tests/data/measured/kernels.csv: "gemm_128(float, float)" on the A100 SXM4 40GB in two
// launches, 4e9 FLOP in 4e-3 s over 1e8 B at DRAM, 2e8 at L2 and 4e8 at L1; "stream_triad"
// on no named device, 1e8 FLOP in 2e-3 s over 2.4e9 B at DRAM.
#include "runrooflab.h"
#include "testhelpers.h"

#include <QDir>
#include <QFile>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QTemporaryDir>
#include <QTest>

namespace {

QString s(const char *text)
{
    return QString::fromUtf8(text);
}

} // namespace

class TestMeasuredCli : public QObject
{
    Q_OBJECT

    QTemporaryDir m_home;

    rooflab::test::Run rooflab(const QStringList &arguments) const
    {
        return rooflab::test::runRooflab(s(ROOFLAB_EXE), arguments, m_home.path(), 60000);
    }
    static QString data(const char *name)
    {
        return qEnvironmentVariable("ROOFLAB_TEST_DATA") + s("/measured/") + s(name);
    }

private Q_SLOTS:
    void analyzePrintsThemAgainstTheirRoof()
    {
        // The GEMM: 1e12 FLOP/s achieved at 4e9 / 1e8 = 40 FLOP/B (DRAM), 20 (L2), 10 (L1).
        // Its roof is the lowest: DRAM 1.555e12 * 40 = 62.2e12 against L2 7.2e12 * 20 =
        // 144e12 (the preset gives no L1 bandwidth): 1e12 / 62.2e12 = 1.6077 % of it.
        const auto run = rooflab({s("analyze"), s("--device"), s("a100-sxm4-40gb"), s("--measured"),
                                  data("kernels.csv"), s("--json")});
        QVERIFY2(run.finished && run.exitCode == 0, run.err.constData());
        const QJsonArray points = QJsonDocument::fromJson(run.out).array();
        QCOMPARE(points.size(), 4); // three levels of the GEMM, one of the stream
        const QJsonObject gemm = points.at(0).toObject();
        ROOFLAB_COMPARE_DOUBLE(gemm[s("intensity")].toDouble(), 40.0);
        ROOFLAB_COMPARE_DOUBLE(gemm[s("attainable_flops")].toDouble(), 1e12);
        const QJsonObject measured = gemm[s("measured")].toObject();
        QCOMPARE(measured[s("kernel")].toString(), s("gemm_128(float, float)"));
        QCOMPARE(measured[s("launches")].toInt(), 2);
        ROOFLAB_COMPARE_DOUBLE(measured[s("roof_flops")].toDouble(), 62.2e12);
        ROOFLAB_COMPARE_NEAR(measured[s("pct_of_roof")].toDouble(), 100.0 / 62.2, 1e-9);
        // 4e-3 of the 6e-3 s measured.
        ROOFLAB_COMPARE_NEAR(measured[s("time_share")].toDouble(), 4.0 / 6.0, 1e-12);
        ROOFLAB_COMPARE_DOUBLE(points.at(2).toObject()[s("intensity")].toDouble(), 10.0);

        const auto text = rooflab({s("analyze"), s("--device"), s("a100-sxm4-40gb"),
                                   s("--measured"), data("kernels.csv")});
        QVERIFY2(text.out.contains("1.61% of its roof (62.2 TFLOP/s, DRAM bandwidth)"),
                 text.out.constData());
    }

    void exportDrawsThem()
    {
        const QString file = QDir(m_home.path()).filePath(s("measured.svg"));
        const auto run = rooflab({s("export"), s("--device"), s("a100-sxm4-40gb"), s("--op"),
                                  s("decode-gemm"), s("--d"), s("4096"), s("--f"), s("4096"),
                                  s("--measured"), data("kernels.csv"), s("-o"), file});
        QVERIFY2(run.finished && run.exitCode == 0, run.err.constData());
        QFile svg(file);
        QVERIFY(svg.open(QIODevice::ReadOnly));
        const QByteArray bytes = svg.readAll();
        QVERIFY(bytes.contains("measured kernel"));
        // The label of the GEMM: its short name and its share of the roof, two digits.
        QVERIFY2(bytes.contains("gemm_128 · 1.6 % of roof"), "no label for the GEMM");
        // The scenario embedded in the file keeps the kernels.
        QVERIFY(bytes.contains("&quot;measured&quot;"));
    }

    void badFilesAreRefused_data()
    {
        QTest::addColumn<QStringList>("arguments");
        QTest::addColumn<QString>("message");
        const QStringList analyze{s("analyze"), s("--device"), s("a100-sxm4-40gb"),
                                  s("--measured")};
        QTest::newRow("missing file")
            << analyze + QStringList{s("/nonexistent/k.csv")} << s("rooflab: --measured: ");
        QTest::newRow("ceilings") << analyze + QStringList{data("ert-roofline.json")}
                                  << s("rooflab: --measured: ") + data("ert-roofline.json") +
                                         s(": holds measured ceilings, not kernels");
        QTest::newRow("on compare")
            << QStringList{s("compare"),   s("--model"),    s("llama-3.1-8b"),  s("--device"),
                           s("h100-sxm5"), s("--measured"), data("kernels.csv")}
            << s("rooflab: --measured: compare compares a model's deployments");
        QTest::newRow("with a model")
            << QStringList{s("analyze"),   s("--model"),    s("llama-3.1-8b"),  s("--device"),
                           s("h100-sxm5"), s("--measured"), data("kernels.csv")}
            << s("rooflab: --measured: analyze --model prints the model's step");
    }

    void badFilesAreRefused()
    {
        QFETCH(QStringList, arguments);
        QFETCH(QString, message);
        const auto run = rooflab(arguments);
        QVERIFY(run.finished);
        QCOMPARE(run.exitCode, 2);
        QVERIFY2(QString::fromUtf8(run.err).startsWith(message), run.err.constData());
    }

    void aBadNumberNamesItsLineAndNoFileIsWritten()
    {
        const QString csv = QDir(m_home.path()).filePath(s("bad.csv"));
        QFile file(csv);
        QVERIFY(file.open(QIODevice::WriteOnly));
        file.write("name,flops,time_s,bytes_dram\nk,1e9,0.001,1e6\nk2,lots,0.001,1e6\n");
        file.close();
        const QString out = QDir(m_home.path()).filePath(s("never.png"));
        const auto run = rooflab({s("export"), s("--device"), s("a100-sxm4-40gb"), s("--measured"),
                                  csv, s("--op"), s("custom"), s("--flops"), s("1e9"), s("--bytes"),
                                  s("1e9"), s("-o"), out});
        QVERIFY(run.finished);
        QCOMPARE(run.exitCode, 2);
        QVERIFY2(QString::fromUtf8(run.err).startsWith(s("rooflab: --measured: ") + csv + s(":3:")),
                 run.err.constData());
        QVERIFY(!QFile::exists(out));
    }
};

QTEST_GUILESS_MAIN(TestMeasuredCli)
#include "tst_measuredcli.moc"
