// Deployments on the command line, run as a separate process: `analyze --model` totals and
// moves with --tp, `compare` rows in JSON, CSV and Markdown, the interconnect in `list
// devices --json`, and the refusals of bad deployment flags (exit 2, the flag named).
// Figures as derived in tst_deployment (Llama 3.1 70B, BF16, decode at S = 4096).
#include "runrooflab.h"
#include "testhelpers.h"

#include <QFile>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QTemporaryDir>
#include <QTest>

namespace {

constexpr double tol = 1e-9;

using rooflab::test::Run;

// Step of Llama 3.1 70B at B = 1 on two H200s (tst_deployment::twoH200s): operators
// 70,215,103,744 B / 4.8e12, plus 161 all-reduces of 20.8e-6 + 16384/450e9 and the logits'
// all-gather 20.8e-6 + 0.5*256512/450e9.
double h200Step()
{
    return 70215103744.0 / 4.8e12 + 161 * (20.8e-6 + 16384 / 450e9) +
           (20.8e-6 + 0.5 * 256512 / 450e9);
}

// The same deployment (TP 2) on two H100s: the same bytes / 3.35e12, alpha 19.1 us.
double h100Step()
{
    return 70215103744.0 / 3.35e12 + 161 * (19.1e-6 + 16384 / 450e9) +
           (19.1e-6 + 0.5 * 256512 / 450e9);
}

} // namespace

class TestDeploymentCli : public QObject
{
    Q_OBJECT

private:
    QTemporaryDir m_home;
    Run run(const QString &arguments) const
    {
        return rooflab::test::runRooflab(QString::fromUtf8(ROOFLAB_EXE),
                                         arguments.split(QLatin1Char(' ')), m_home.path(), 60000);
    }
    QJsonObject json(const QString &arguments) const
    {
        const Run r = run(arguments);
        if (r.exitCode != 0)
            qWarning("%s", r.err.constData());
        return QJsonDocument::fromJson(r.out).object();
    }

private Q_SLOTS:
    void analyzeTotals()
    {
        // Four H100s, TP 4, B = 1 (tst_deployment::fourH100sBatch1).
        const QJsonObject root =
            json(QStringLiteral("analyze --model llama-3.1-70b --device h100-sxm5 --tp 4 "
                                "--batch 1 --seq 4096 --json"));
        const QJsonObject t = root.value(QStringLiteral("totals")).toObject();
        QCOMPARE(t.value(QStringLiteral("tp")).toInt(), 4);
        QCOMPARE(t.value(QStringLiteral("pp")).toInt(), 1);
        QCOMPARE(t.value(QStringLiteral("devices")).toInt(), 4);
        ROOFLAB_COMPARE_DOUBLE(t.value(QStringLiteral("weight_bytes_per_device")).toDouble(),
                               35278831616.0);
        ROOFLAB_COMPARE_DOUBLE(t.value(QStringLiteral("kv_cache_bytes_per_device")).toDouble(),
                               335544320.0);
        ROOFLAB_COMPARE_DOUBLE(t.value(QStringLiteral("footprint_bytes_per_device")).toDouble(),
                               35614677504.0);
        QVERIFY(t.value(QStringLiteral("fits")).toBool());
        const double comm = 161 * (19.1e-6 + 1.5 * 16384 / 450e9) + 19.1e-6 + 0.75 * 256512 / 450e9;
        const double step = 35118070400.0 / 3.35e12 + comm;
        ROOFLAB_COMPARE_NEAR(t.value(QStringLiteral("comm_time_s")).toDouble(), comm, tol);
        ROOFLAB_COMPARE_NEAR(t.value(QStringLiteral("step_time_s")).toDouble(), step, tol);
        ROOFLAB_COMPARE_NEAR(t.value(QStringLiteral("time_per_token_s")).toDouble(), step, tol);
        ROOFLAB_COMPARE_NEAR(t.value(QStringLiteral("tokens_per_s")).toDouble(), 1 / step, tol);
        ROOFLAB_COMPARE_NEAR(t.value(QStringLiteral("tokens_per_s_per_device")).toDouble(),
                             0.25 / step, tol);
        QVERIFY(t.value(QStringLiteral("cost_per_mtok_usd")).isNull());
        ROOFLAB_COMPARE_DOUBLE(t.value(QStringLiteral("max_batch_fits")).toDouble(), 109.0);
        const QJsonArray moves = root.value(QStringLiteral("moves")).toArray();
        QVERIFY(!moves.isEmpty());
        for (const QJsonValue &v : moves) {
            const QJsonObject m = v.toObject();
            QVERIFY(!m.value(QStringLiteral("title")).toString().isEmpty());
            QVERIFY(!m.value(QStringLiteral("kind")).toString().isEmpty());
            QVERIFY(m.value(QStringLiteral("step_time_s")).toDouble() > 0);
            QVERIFY(m.value(QStringLiteral("fits")).toBool()); // today fits: so must every move
        }
        // "Largest batch that fits: 109" is among them.
        bool largest = false;
        for (const QJsonValue &v : moves)
            largest = largest || v.toObject().value(QStringLiteral("title")).toString() ==
                                     QStringLiteral("Largest batch that fits: 109");
        QVERIFY(largest);
        // The chart classes end with communication.
        const QJsonArray classes = root.value(QStringLiteral("classes")).toArray();
        QCOMPARE(classes.last().toObject().value(QStringLiteral("class")).toString(),
                 QStringLiteral("communication"));
    }

    void priceGivesCost()
    {
        // $2.50 per device-hour on four H100s at B = 1: $10 per hour = 10/3600 $/s over
        // 1 / step tokens/s, so 10/3600 * 13.5864264e-3 * 1e6 = $37.74 per million tokens.
        const QJsonObject t = json(QStringLiteral("analyze --model llama-3.1-70b --device "
                                                  "h100-sxm5 --tp 4 --price 2.5 --json"))
                                  .value(QStringLiteral("totals"))
                                  .toObject();
        const double comm = 161 * (19.1e-6 + 1.5 * 16384 / 450e9) + 19.1e-6 + 0.75 * 256512 / 450e9;
        const double step = 35118070400.0 / 3.35e12 + comm;
        ROOFLAB_COMPARE_NEAR(t.value(QStringLiteral("cost_per_mtok_usd")).toDouble(),
                             10.0 / 3600.0 * step * 1e6, tol);
    }

    void deepseekWithExpertParallelism()
    {
        // DeepSeek-V3, FP8 weights, B = 64, S = 4096 on H200s (tst_expertparallel): auto
        // picks TP 8 (103,219,780,608 B per device of 126.9e9 usable); 116 all-to-alls of
        // 64*8*7168*2*7/8 = 6,422,528 B, each 20.8e-6 + 6,422,528/450e9 s.
        const QString common = QStringLiteral("--model deepseek-v3 --weights fp8-e4m3 --tp auto "
                                              "--ep --batch 64 --seq 4096 --json");
        const QJsonObject t = json(QStringLiteral("analyze --device h200-sxm ") + common)
                                  .value(QStringLiteral("totals"))
                                  .toObject();
        QCOMPARE(t.value(QStringLiteral("tp")).toInt(), 8);
        QVERIFY(t.value(QStringLiteral("expert_parallel")).toBool());
        QVERIFY(t.value(QStringLiteral("fits")).toBool());
        ROOFLAB_COMPARE_DOUBLE(t.value(QStringLiteral("footprint_bytes_per_device")).toDouble(),
                               103219780608.0);
        ROOFLAB_COMPARE_DOUBLE(t.value(QStringLiteral("all_to_alls")).toDouble(), 116.0);
        ROOFLAB_COMPARE_DOUBLE(t.value(QStringLiteral("all_to_all_bytes")).toDouble(), 6422528.0);
        ROOFLAB_COMPARE_NEAR(t.value(QStringLiteral("all_to_all_time_s")).toDouble(),
                             116 * (20.8e-6 + 6422528.0 / 450e9), 1e-9);
        // compare: the H200 row fits at TP 8; 80 GB H100s (72 GB usable) cannot hold the
        // 84.78 GB of FP8 weights per device even at TP 8.
        const QJsonArray rows =
            json(QStringLiteral("compare --device h200-sxm --device h100-sxm5 ") + common)
                .value(QStringLiteral("rows"))
                .toArray();
        QCOMPARE(rows.size(), qsizetype(2));
        QCOMPARE(rows.at(0).toObject().value(QStringLiteral("tp")).toInt(), 8);
        QVERIFY(rows.at(0).toObject().value(QStringLiteral("fits")).toBool());
        QVERIFY(!rows.at(1).toObject().value(QStringLiteral("fits")).toBool());
    }

    void compareJson()
    {
        // auto at B = 1: one device of either holds 72 or 126.9 GB usable, the model needs
        // 142.45 GB; TP 2 needs 71,226,444,288 B per device: both pick TP 2.
        const QJsonObject root =
            json(QStringLiteral("compare --model llama-3.1-70b --device h100-sxm5 --device "
                                "h200-sxm --tp auto --batch 1 --seq 4096 --price 2 --json"));
        const QJsonArray rows = root.value(QStringLiteral("rows")).toArray();
        QCOMPARE(rows.size(), qsizetype(2));
        const QJsonObject h100 = rows.at(0).toObject();
        const QJsonObject h200 = rows.at(1).toObject();
        QCOMPARE(h100.value(QStringLiteral("device")).toString(), QStringLiteral("h100-sxm5"));
        for (const QJsonObject &row : {h100, h200}) {
            QCOMPARE(row.value(QStringLiteral("tp")).toInt(), 2);
            QCOMPARE(row.value(QStringLiteral("devices")).toInt(), 2);
            QVERIFY(row.value(QStringLiteral("fits")).toBool());
            QCOMPARE(row.value(QStringLiteral("bound")).toString(), QStringLiteral("memory"));
            // The prompt's prefill (512 tokens) takes longer than one decode step.
            QVERIFY(row.value(QStringLiteral("ttft_s")).toDouble() >
                    row.value(QStringLiteral("step_time_s")).toDouble());
        }
        ROOFLAB_COMPARE_NEAR(h100.value(QStringLiteral("step_time_s")).toDouble(), h100Step(), tol);
        ROOFLAB_COMPARE_NEAR(h200.value(QStringLiteral("step_time_s")).toDouble(), h200Step(), tol);
        ROOFLAB_COMPARE_NEAR(h200.value(QStringLiteral("tokens_per_s")).toDouble(), 1 / h200Step(),
                             tol);
        ROOFLAB_COMPARE_NEAR(h200.value(QStringLiteral("tokens_per_s_per_device")).toDouble(),
                             0.5 / h200Step(), tol);
        // $2 x 2 devices per hour: 4 / 3600 * step * 1e6 per million tokens.
        ROOFLAB_COMPARE_NEAR(h200.value(QStringLiteral("cost_per_mtok_usd")).toDouble(),
                             4.0 / 3600.0 * h200Step() * 1e6, tol);
        // The H200 reads its bytes 4.8 / 3.35 times faster: best step, rates and cost.
        const QJsonArray best = h200.value(QStringLiteral("best")).toArray();
        for (const char *key :
             {"step_time_s", "tokens_per_s", "tokens_per_s_per_device", "cost_per_mtok_usd"})
            QVERIFY2(best.contains(QString::fromLatin1(key)), key);
        const QJsonArray h100Best = h100.value(QStringLiteral("best")).toArray();
        QVERIFY(!h100Best.contains(QStringLiteral("step_time_s")));
    }

    void compareCsvAndMarkdown()
    {
        const QString args = QStringLiteral("compare --model llama-3.1-70b --device h100-sxm5 "
                                            "--device h200-sxm --tp 2 --batch 1 --seq 4096");
        const Run csv = run(args + QStringLiteral(" --csv"));
        QCOMPARE(csv.exitCode, 0);
        const QStringList lines = QString::fromUtf8(csv.out).trimmed().split(QLatin1Char('\n'));
        QCOMPARE(lines.size(), qsizetype(3));
        QCOMPARE(lines.at(0), QStringLiteral("device,tp,pp,devices,fits,step_time_s,ttft_s,"
                                             "tokens_per_s,tokens_per_s_per_device,"
                                             "cost_per_mtok_usd,bound,best,problem,"
                                             "best_for_device"));
        const QStringList h200 = lines.at(2).split(QLatin1Char(','));
        QCOMPARE(h200.at(0), QStringLiteral("h200-sxm"));
        QCOMPARE(h200.at(1), QStringLiteral("2"));
        QCOMPARE(h200.at(4), QStringLiteral("true"));
        ROOFLAB_COMPARE_NEAR(h200.at(5).toDouble(), h200Step(), 1e-11);
        QCOMPARE(h200.at(9), QString()); // no price: no cost
        QVERIFY2(h200.at(11).contains(QStringLiteral("step_time_s")), qPrintable(lines.at(2)));

        const Run md = run(args + QStringLiteral(" --md"));
        QCOMPARE(md.exitCode, 0);
        const QString text = QString::fromUtf8(md.out);
        QVERIFY2(text.startsWith(QStringLiteral("| device | TP | PP | devices | fits |")),
                 qPrintable(text));
        // H200 step: 18.0 ms, in bold as the best; no price: a dash.
        QVERIFY2(text.contains(QStringLiteral("| NVIDIA H200 SXM 141GB | 2 | 1 | 2 | yes | **18 "
                                              "ms** |")),
                 qPrintable(text));
        QVERIFY2(text.contains(QStringLiteral("| — |")), qPrintable(text));
    }

    void compareRowThatCannotFit()
    {
        // 405B on L40S (48 GB): 811.7 GB of weights over at most 8 devices is 101 GB each.
        const QJsonObject root = json(QStringLiteral(
            "compare --model llama-3.1-405b --device l40s --device b200 --tp auto --json"));
        const QJsonObject l40s = root.value(QStringLiteral("rows")).toArray().at(0).toObject();
        QVERIFY(!l40s.value(QStringLiteral("fits")).toBool());
        QVERIFY(l40s.value(QStringLiteral("tp")).isNull());
        QVERIFY(l40s.value(QStringLiteral("problem")).toString().contains(QStringLiteral("auto")));
        QVERIFY(l40s.value(QStringLiteral("best")).toArray().isEmpty());
    }

    void comparePricePerDevice()
    {
        // $2 per H100-hour, $3.50 per H200-hour, TP 2, B = 1 (tst_devicecompare::pricePerDevice):
        // price x 2 devices / 3600 x step x 1e6 per million tokens.
        const QJsonArray rows =
            json(QStringLiteral("compare --model llama-3.1-70b --device h100-sxm5 --device "
                                "h200-sxm --tp 2 --batch 1 --seq 4096 --price h100-sxm5=2 "
                                "--price h200-sxm=3.5 --json"))
                .value(QStringLiteral("rows"))
                .toArray();
        QCOMPARE(rows.size(), qsizetype(2));
        ROOFLAB_COMPARE_NEAR(
            rows.at(0).toObject().value(QStringLiteral("cost_per_mtok_usd")).toDouble(),
            4.0 / 3600 * h100Step() * 1e6, tol);
        ROOFLAB_COMPARE_NEAR(
            rows.at(1).toObject().value(QStringLiteral("cost_per_mtok_usd")).toDouble(),
            7.0 / 3600 * h200Step() * 1e6, tol);
    }

    void compareRowsThatCannotHostTheDegree()
    {
        // --tp 4 on three devices: the H100 SXM5 hosts it (tst_deployment::fourH100sBatch1);
        // the H100 NVL's bridge joins 2 GPUs and the EPYC has no interconnect. Before, the
        // whole table was refused (exit 2) naming the first of them.
        const Run r = run(QStringLiteral("compare --model llama-3.1-70b --device h100-sxm5 "
                                         "--device h100-nvl --device epyc-9654 --tp 4 --batch 1 "
                                         "--seq 4096"));
        QCOMPARE(r.exitCode, 0);
        const QString text = QString::fromUtf8(r.out);
        QVERIFY2(text.contains(QStringLiteral("NVIDIA H100 NVL (per GPU), TP 4: does not fit: ")),
                 qPrintable(text));
        QVERIFY2(text.contains(QStringLiteral("scale-up domain of 2 devices")), qPrintable(text));
        QVERIFY2(text.contains(QStringLiteral("AMD EPYC 9654 (1 socket), TP 4: does not fit: ")),
                 qPrintable(text));
        const QJsonArray rows =
            json(QStringLiteral("compare --model llama-3.1-70b --device h100-sxm5 --device "
                                "h100-nvl --device epyc-9654 --tp 4 --batch 1 --seq 4096 --json"))
                .value(QStringLiteral("rows"))
                .toArray();
        QCOMPARE(rows.size(), qsizetype(3));
        const QJsonObject h100 = rows.at(0).toObject();
        QCOMPARE(h100.value(QStringLiteral("tp")).toInt(), 4);
        const double comm = 161 * (19.1e-6 + 1.5 * 16384 / 450e9) + 19.1e-6 + 0.75 * 256512 / 450e9;
        ROOFLAB_COMPARE_NEAR(h100.value(QStringLiteral("step_time_s")).toDouble(),
                             35118070400.0 / 3.35e12 + comm, tol);
        for (int i : {1, 2}) {
            const QJsonObject row = rows.at(i).toObject();
            QCOMPARE(row.value(QStringLiteral("tp")).toInt(), 4); // the degree asked for
            QVERIFY(!row.value(QStringLiteral("fits")).toBool());
            QVERIFY(row.value(QStringLiteral("step_time_s")).isNull());
            QVERIFY(row.value(QStringLiteral("problem"))
                        .toString()
                        .startsWith(QStringLiteral("does not fit: ")));
        }
    }

    void compareDegreeList()
    {
        // --tp 1,2,4,8 on H100 SXM5 at B = 1 (figures derived in tst_devicecompare): four
        // rows; TP 1 does not fit (141 GB on 72 GB usable); of the rest TP 2 has the most
        // tokens/s per device (20.78 against 18.40 and 14.97) and carries the mark.
        const QString args = QStringLiteral("compare --model llama-3.1-70b --device h100-sxm5 "
                                            "--tp 1,2,4,8 --batch 1 --seq 4096");
        const QJsonArray rows =
            json(args + QStringLiteral(" --json")).value(QStringLiteral("rows")).toArray();
        QCOMPARE(rows.size(), qsizetype(4));
        for (int i = 0; i < 4; ++i) {
            const QJsonObject row = rows.at(i).toObject();
            QCOMPARE(row.value(QStringLiteral("tp")).toInt(), 1 << i);
            QCOMPARE(row.value(QStringLiteral("best_for_device")).toBool(), i == 1);
        }
        const Run text = run(args);
        QCOMPARE(text.exitCode, 0);
        const QStringList lines = QString::fromUtf8(text.out).split(QLatin1Char('\n'));
        QVERIFY2(
            lines.value(2).simplified().startsWith(QStringLiteral("NVIDIA H100 SXM5 80GB 2+ ")),
            text.out.constData());
        QVERIFY2(text.out.contains("+ the device's best of the TPs asked for"),
                 text.out.constData());
    }

    void exportWritesTotals()
    {
        // `rooflab export` of a model scenario: the totals follow the class points and roofs.
        // Four H100s at B = 1 (fourH100sBatch1): 35,614,677,504 B per device of 72e9 usable.
        QTemporaryDir dir;
        const QString csvPath = dir.filePath(QStringLiteral("t.csv"));
        const QString common = QStringLiteral("export --model llama-3.1-70b --device h100-sxm5 "
                                              "--tp 4 --batch 1 --seq 4096 -o ");
        QCOMPARE(run(common + csvPath).exitCode, 0);
        QFile csv(csvPath);
        QVERIFY(csv.open(QIODevice::ReadOnly));
        const QString text = QString::fromUtf8(csv.readAll());
        const auto totalRow = [&text](const QString &key) {
            for (const QString &line : text.split(QStringLiteral("\r\n"))) {
                if (line.startsWith(QStringLiteral("total,h100-sxm5,")) &&
                    line.split(QLatin1Char(',')).value(3) == key)
                    return line.split(QLatin1Char(','));
            }
            return QStringList();
        };
        // value is column 23 of the header (record ... roof_kind, value, value_unit, ...).
        QCOMPARE(totalRow(QStringLiteral("devices")).value(22), QStringLiteral("4"));
        QCOMPARE(totalRow(QStringLiteral("fits")).value(22), QStringLiteral("true"));
        ROOFLAB_COMPARE_DOUBLE(
            totalRow(QStringLiteral("footprint_bytes_per_device")).value(22).toDouble(),
            35614677504.0);
        const double comm = 161 * (19.1e-6 + 1.5 * 16384 / 450e9) + 19.1e-6 + 0.75 * 256512 / 450e9;
        const double step = 35118070400.0 / 3.35e12 + comm;
        ROOFLAB_COMPARE_NEAR(totalRow(QStringLiteral("step_time_s")).value(22).toDouble(), step,
                             1e-12);
        ROOFLAB_COMPARE_NEAR(totalRow(QStringLiteral("tokens_per_s")).value(22).toDouble(),
                             1 / step, 1e-12);

        const QString mdPath = dir.filePath(QStringLiteral("t.md"));
        QCOMPARE(run(common + mdPath).exitCode, 0);
        QFile md(mdPath);
        QVERIFY(md.open(QIODevice::ReadOnly));
        const QString table = QString::fromUtf8(md.readAll());
        // 13.5864 ms shows as 13.6 ms; 1 / step = 73.60 tokens/s, 18.40 per device.
        QVERIFY2(table.contains(QStringLiteral("| NVIDIA H100 SXM5 80GB | 4 | 1 | 4 | yes | "
                                               "35.61 GB of 72 GB | 13.6 ms | 3.1 ms | 73.6 | "
                                               "18.4 | — | 109 |")),
                 qPrintable(table));
    }

    void listDevicesShowsInterconnect()
    {
        const Run r = run(QStringLiteral("list devices --json"));
        QCOMPARE(r.exitCode, 0);
        const QJsonArray devices = QJsonDocument::fromJson(r.out).array();
        bool sawH100 = false, sawXeon = false;
        for (const QJsonValue &v : devices) {
            const QJsonObject d = v.toObject();
            if (d.value(QStringLiteral("id")).toString() == QLatin1String("h100-sxm5")) {
                sawH100 = true;
                const QJsonObject link = d.value(QStringLiteral("interconnect")).toObject();
                // "900 GB/s" counts both directions of 18 links: 450e9 each way.
                ROOFLAB_COMPARE_DOUBLE(
                    link.value(QStringLiteral("bandwidth_per_direction")).toDouble(), 450e9);
                QCOMPARE(link.value(QStringLiteral("domain_size")).toInt(), 8);
                ROOFLAB_COMPARE_DOUBLE(link.value(QStringLiteral("latency_s")).toDouble(), 19.1e-6);
                QVERIFY(!link.value(QStringLiteral("name")).toString().isEmpty());
                QVERIFY(!link.value(QStringLiteral("source")).toString().isEmpty());
            }
            if (d.value(QStringLiteral("id")).toString() == QLatin1String("xeon-8480")) {
                sawXeon = true;
                QVERIFY(d.value(QStringLiteral("interconnect")).isNull());
            }
        }
        QVERIFY(sawH100 && sawXeon);
    }

    void badFlags_data()
    {
        QTest::addColumn<QString>("arguments");
        QTest::addColumn<QString>("message");
        const QString base = QStringLiteral("analyze --model llama-3.1-70b --device h100-sxm5 ");
        QTest::newRow("tp 0") << base + QStringLiteral("--tp 0")
                              << QStringLiteral("rooflab: --tp: must be a whole number of at "
                                                "least 1 or auto, got \"0\"");
        QTest::newRow("tp word") << base + QStringLiteral("--tp four")
                                 << QStringLiteral("rooflab: --tp: must be a whole number");
        QTest::newRow("tp heads") << base + QStringLiteral("--tp 3")
                                  << QStringLiteral("rooflab: --tp: 3 does not divide the 64 "
                                                    "query heads of Llama 3.1 70B");
        QTest::newRow("tp domain") << base + QStringLiteral("--tp 16")
                                   << QStringLiteral("rooflab: --tp: TP 16 x PP 1 = 16 devices "
                                                     "exceed the scale-up domain of 8 devices");
        QTest::newRow("tp x pp domain") << base + QStringLiteral("--tp 4 --pp 4")
                                        << QStringLiteral("rooflab: --tp: TP 4 x PP 4 = 16");
        QTest::newRow("pp 0") << base + QStringLiteral("--pp 0")
                              << QStringLiteral("rooflab: --pp: must be a whole number of at "
                                                "least 1, got \"0\"");
        QTest::newRow("cpu alone")
            << QStringLiteral("analyze --model llama-3.1-8b --device xeon-8480 --tp 2")
            << QStringLiteral("rooflab: --tp: Intel Xeon Platinum 8480+ (1 socket) has no "
                              "interconnect");
        QTest::newRow("headroom high") << base + QStringLiteral("--headroom 0.95")
                                       << QStringLiteral("rooflab: --headroom: must be a "
                                                         "fraction from 0 to 0.9, got \"0.95\"");
        QTest::newRow("headroom negative") << base + QStringLiteral("--headroom -0.1")
                                           << QStringLiteral("rooflab: --headroom: must be a "
                                                             "fraction from 0 to 0.9");
        QTest::newRow("headroom nan") << base + QStringLiteral("--headroom nan")
                                      << QStringLiteral("rooflab: --headroom: must be a "
                                                        "fraction from 0 to 0.9");
        QTest::newRow("price negative") << base + QStringLiteral("--tp 2 --price -1")
                                        << QStringLiteral("rooflab: --price: must not be "
                                                          "negative, found -1");
        const QString two = QStringLiteral("compare --model llama-3.1-70b --device h100-sxm5 "
                                           "--device h200-sxm --tp 2 ");
        QTest::newRow("price device text")
            << two + QStringLiteral("--price h100-sxm5=abc")
            << QStringLiteral("rooflab: --price h100-sxm5: expected a number, got \"abc\"");
        QTest::newRow("price device negative")
            << two + QStringLiteral("--price h200-sxm=-3")
            << QStringLiteral("rooflab: --price h200-sxm: must not be negative, found -3");
        QTest::newRow("price unknown device")
            << two + QStringLiteral("--price h100=2")
            << QStringLiteral("rooflab: --price: unknown device \"h100\" in \"h100=2\"");
        QTest::newRow("price device not compared")
            << two + QStringLiteral("--price b200=2")
            << QStringLiteral("rooflab: --price b200: not one of the devices given with --device");
        QTest::newRow("price device twice")
            << two + QStringLiteral("--price h200-sxm=2 --price h200-sxm=3")
            << QStringLiteral("rooflab: --price h200-sxm: given twice");
        QTest::newRow("price bare twice")
            << two + QStringLiteral("--price 2 --price 3")
            << QStringLiteral("rooflab: --price: one price for every device at most");
        QTest::newRow("auto refused")
            << QStringLiteral("analyze --model llama-3.1-405b --device h100-sxm5 --tp auto")
            << QStringLiteral("rooflab: --tp auto: Llama 3.1 405B does not fit NVIDIA H100 SXM5 "
                              "80GB at any power-of-two TP up to 8");
        QTest::newRow("ep dense") << base + QStringLiteral("--tp 2 --ep")
                                  << QStringLiteral("rooflab: --ep: Llama 3.1 70B has no routed "
                                                    "experts to spread");
        // GB200's NVL72 domain allows TP 16, which Mixtral's 32 and 8 heads take, but its 8
        // experts cannot be spread whole over 16 devices.
        QTest::newRow("ep experts")
            << QStringLiteral("analyze --model mixtral-8x7b --device gb200 --tp 16 --ep")
            << QStringLiteral("rooflab: --ep: TP 16 does not divide the 8 experts of Mixtral "
                              "8x7B");
        QTest::newRow("ep without model")
            << QStringLiteral("analyze --device h100-sxm5 --op matmul --n 64 --ep")
            << QStringLiteral("rooflab: --ep: applies only with --model");
        QTest::newRow("tp without model")
            << QStringLiteral("analyze --device h100-sxm5 --op matmul --n 64 --tp 2")
            << QStringLiteral("rooflab: --tp: applies only with --model");
        QTest::newRow("price without model")
            << QStringLiteral("analyze --device h100-sxm5 --op matmul --n 64 --price 2")
            << QStringLiteral("rooflab: --price: applies only with --model");
        QTest::newRow("compare without model") << QStringLiteral("compare --device h100-sxm5")
                                               << QStringLiteral("rooflab: --model: missing");
        QTest::newRow("compare two formats")
            << QStringLiteral("compare --model llama-3.1-8b --device h100-sxm5 --csv --md")
            << QStringLiteral("rooflab: --json, --csv, --md: give at most one");
        QTest::newRow("compare tp 0 in a list")
            << QStringLiteral("compare --model llama-3.1-8b --device h100-sxm5 --tp 0,4")
            << QStringLiteral("rooflab: --tp: must be a whole number of at least 1, a list of "
                              "them (1,2,4,8) or auto, got \"0\" in \"0,4\"");
        QTest::newRow("compare tp word")
            << QStringLiteral("compare --model llama-3.1-8b --device h100-sxm5 --tp x")
            << QStringLiteral("rooflab: --tp: must be a whole number of at least 1, a list of "
                              "them (1,2,4,8) or auto, got \"x\"");
        QTest::newRow("compare tp empty in a list")
            << QStringLiteral("compare --model llama-3.1-8b --device h100-sxm5 --tp 2,,4")
            << QStringLiteral("rooflab: --tp: must be a whole number of at least 1, a list of "
                              "them (1,2,4,8) or auto, got \"\" in \"2,,4\"");
        QTest::newRow("analyze tp list")
            << base + QStringLiteral("--tp 2,4")
            << QStringLiteral("rooflab: --tp: a list of degrees is taken only by `rooflab "
                              "compare`, got \"2,4\"");
    }

    void badFlags()
    {
        QFETCH(QString, arguments);
        QFETCH(QString, message);
        const Run r = run(arguments);
        QVERIFY(r.finished);
        QCOMPARE(r.exitCode, 2);
        QVERIFY2(QString::fromUtf8(r.err).startsWith(message), r.err.constData());
        QVERIFY(r.out.isEmpty());
    }
};

QTEST_GUILESS_MAIN(TestDeploymentCli)
#include "tst_deploymentcli.moc"
