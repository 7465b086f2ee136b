// `rooflab list models` and the refusals of malformed model arguments, run as a separate
// process (exit status 2 and one line naming the argument).
#include "runrooflab.h"
#include "testhelpers.h"

#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QTemporaryDir>
#include <QTest>

using rooflab::test::Run;

namespace {

// Relative tolerance for the hand-derived figures.
constexpr double tol = 1e-9;

} // namespace

class TestModelCommands : public QObject
{
    Q_OBJECT

    QTemporaryDir m_home; // an empty user data folder, so no user preset interferes

    Run run(const QStringList &arguments) const
    {
        return rooflab::test::runRooflab(QString::fromUtf8(ROOFLAB_EXE), arguments, m_home.path(),
                                         60000);
    }

private Q_SLOTS:
    void listModels();
    void listModelsJson();
    void noComputeBoundBatchSaysUpToWhichBatch();
    void compareTakesTheLaunchOverhead();
    void compareJsonSaysWhatEachRowWasAnalysedWith();
    void badArguments_data();
    void badArguments();
};

void TestModelCommands::listModels()
{
    const Run r = run({QStringLiteral("list"), QStringLiteral("models")});
    QCOMPARE(r.exitCode, 0);
    const QString out = QString::fromUtf8(r.out);
    for (const char *id :
         {"llama-2-7b", "llama-2-13b", "llama-2-70b", "llama-3.1-8b", "llama-3.1-70b",
          "llama-3.1-405b", "mistral-7b", "mixtral-8x7b", "qwen2.5-72b"})
        QVERIFY2(out.contains(QLatin1String(id)), id);
    // Mixtral: 46.70 billion in all, 12.88 billion per token (tst_modelspec).
    QVERIFY2(out.contains(QStringLiteral("12.88 billion per token")), qPrintable(out));
}

void TestModelCommands::compareTakesTheLaunchOverhead()
{
    // Llama 3.1 8B decode, batch 1, context 4096, on one H100 (tst_modelanalysis): every
    // operator memory-bound, 15,559,191,040 B / 3.35e12 B/s = 4.64453e-3 s, in 354 kernels
    // (11 a layer x 32, the final norm and the LM head); 5 us each adds 1.77e-3 s.
    const QStringList compare{QStringLiteral("compare"),      QStringLiteral("--model"),
                              QStringLiteral("llama-3.1-8b"), QStringLiteral("--device"),
                              QStringLiteral("h100-sxm5"),    QStringLiteral("--json")};
    const Run r =
        run(compare + QStringList{QStringLiteral("--launch-overhead"), QStringLiteral("5e-6")});
    QVERIFY2(r.exitCode == 0, r.err.constData());
    const QJsonObject row = QJsonDocument::fromJson(r.out)
                                .object()
                                .value(QStringLiteral("rows"))
                                .toArray()
                                .first()
                                .toObject();
    ROOFLAB_COMPARE_NEAR(row.value(QStringLiteral("step_time_s")).toDouble(),
                         15559191040.0 / 3.35e12 + 354 * 5e-6, tol);
    const Run bad =
        run(compare + QStringList{QStringLiteral("--launch-overhead"), QStringLiteral("-1")});
    QCOMPARE(bad.exitCode, 2);
    QVERIFY2(bad.err.startsWith("rooflab: --launch-overhead: expected seconds from 0 to 1, got "
                                "\"-1\""),
             bad.err.constData());
}

void TestModelCommands::compareJsonSaysWhatEachRowWasAnalysedWith()
{
    // Llama 3.1 70B on four H100s (TP 4) at batch 1, context 4096, as tst_deployment derives
    // it: 35,614,677,504 B per device against 72e9 usable (80 GB less 10 %); 161 all-reduces
    // and a gather, 3.103420266666667e-3 s of communication. The largest batch: (72e9 -
    // 35,278,831,616 B of weights) / (335,544,320 B of KV cache + 301,568 B of activations a
    // sequence) = 109.3, so 109.
    const Run r = run({QStringLiteral("compare"), QStringLiteral("--model"),
                       QStringLiteral("llama-3.1-70b"), QStringLiteral("--device"),
                       QStringLiteral("h100-sxm5"), QStringLiteral("--tp"), QStringLiteral("4"),
                       QStringLiteral("--price"), QStringLiteral("2.5"), QStringLiteral("--json")});
    QVERIFY2(r.exitCode == 0, r.err.constData());
    const QJsonObject root = QJsonDocument::fromJson(r.out).object();
    QCOMPARE(root.value(QStringLiteral("roof")).toString(), QStringLiteral("datasheet"));
    ROOFLAB_COMPARE_DOUBLE(root.value(QStringLiteral("headroom")).toDouble(), 0.1);
    QCOMPARE(root.value(QStringLiteral("scheme")).toObject().value(QStringLiteral("weights")),
             QJsonValue(QStringLiteral("bf16")));
    ROOFLAB_COMPARE_DOUBLE(root.value(QStringLiteral("launch_overhead_s")).toDouble(), 0.0);
    const QJsonObject row = root.value(QStringLiteral("rows")).toArray().first().toObject();
    ROOFLAB_COMPARE_DOUBLE(row.value(QStringLiteral("footprint_bytes_per_device")).toDouble(),
                           35614677504.0);
    ROOFLAB_COMPARE_DOUBLE(row.value(QStringLiteral("usable_bytes_per_device")).toDouble(), 72e9);
    ROOFLAB_COMPARE_DOUBLE(row.value(QStringLiteral("max_batch_fits")).toDouble(), 109.0);
    ROOFLAB_COMPARE_NEAR(row.value(QStringLiteral("comm_time_s")).toDouble(), 3.103420266666667e-3,
                         tol);
    ROOFLAB_COMPARE_DOUBLE(row.value(QStringLiteral("price_per_device_hour_usd")).toDouble(), 2.5);
}

void TestModelCommands::noComputeBoundBatchSaysUpToWhichBatch()
{
    // Llama 3.1 8B decode at context 4096: each sequence's KV-cache bytes outweigh its FLOPs
    // at every batch (tst_modelcli), so no batch up to the largest searched, 2^20 =
    // 1,048,576, is compute-bound; the line says that batch whole, not "1.049e+06".
    const Run r =
        run({QStringLiteral("analyze"), QStringLiteral("--model"), QStringLiteral("llama-3.1-8b"),
             QStringLiteral("--device"), QStringLiteral("h100-sxm5"), QStringLiteral("--batch"),
             QStringLiteral("1"), QStringLiteral("--seq"), QStringLiteral("4096")});
    QCOMPARE(r.exitCode, 0);
    const QString out = QString::fromUtf8(r.out);
    QVERIFY2(out.contains(QStringLiteral(
                 "compute-bound batch  none: memory-bound at every batch up to 1048576")),
             qPrintable(out));
}

void TestModelCommands::listModelsJson()
{
    const Run r = run({QStringLiteral("list"), QStringLiteral("models"), QStringLiteral("--json")});
    QCOMPARE(r.exitCode, 0);
    const QJsonArray models = QJsonDocument::fromJson(r.out).array();
    QCOMPARE(models.size(), 11); // the presets under presets/models
    for (const QJsonValue &v : models) {
        const QJsonObject m = v.toObject();
        if (m.value(QStringLiteral("id")).toString() != QLatin1String("llama-3.1-8b"))
            continue;
        ROOFLAB_COMPARE_NEAR(m.value(QStringLiteral("params")).toDouble(), 8030261248.0, tol);
        QCOMPARE(m.value(QStringLiteral("kv_heads")).toDouble(), 8.0);
        QVERIFY(!m.value(QStringLiteral("source")).toString().isEmpty());
        return;
    }
    QFAIL("llama-3.1-8b missing from the list");
}

void TestModelCommands::badArguments_data()
{
    QTest::addColumn<QString>("arguments");
    QTest::addColumn<QString>("message");
    QTest::newRow("unknown model") << QStringLiteral("analyze --model gpt-9 --device h100-sxm5")
                                   << QStringLiteral("rooflab: --model: unknown model \"gpt-9\"");
    QTest::newRow("bad phase")
        << QStringLiteral("analyze --model llama-3.1-8b --device h100-sxm5 --phase decoding")
        << QStringLiteral("rooflab: --phase: must be decode or prefill, got \"decoding\"");
    QTest::newRow("model and op")
        << QStringLiteral("analyze --model llama-3.1-8b --device h100-sxm5 --op matmul --n 64")
        << QStringLiteral("rooflab: --op: give either --model or --op, not both");
    QTest::newRow("two devices")
        << QStringLiteral("analyze --model llama-3.1-8b --device h100-sxm5 --device b200")
        << QStringLiteral("rooflab: --device: --model analyses one device at a time, got 2");
    QTest::newRow("no device") << QStringLiteral("analyze --model llama-3.1-8b")
                               << QStringLiteral("rooflab: --device: missing");
    QTest::newRow("phase without model")
        << QStringLiteral("analyze --device h100-sxm5 --op matmul --n 64 --phase prefill")
        << QStringLiteral(
               "rooflab: --phase, --launch-overhead and --rank-moves apply only with --model");
    QTest::newRow("negative overhead")
        << QStringLiteral("analyze --model llama-3.1-8b --device h100-sxm5 --launch-overhead -1")
        << QStringLiteral("rooflab: --launch-overhead: expected seconds from 0 to 1");
    QTest::newRow("zero batch") << QStringLiteral(
                                       "analyze --model llama-3.1-8b --device h100-sxm5 --batch 0")
                                << QStringLiteral("rooflab: --batch: must be greater than zero");
    QTest::newRow("unknown weights")
        << QStringLiteral("analyze --model llama-3.1-8b --device h100-sxm5 --weights fp7")
        << QStringLiteral("rooflab: --weights: unknown format \"fp7\"");
    QTest::newRow("list what") << QStringLiteral("list model")
                               << QStringLiteral("formats, operators or models");
}

void TestModelCommands::badArguments()
{
    QFETCH(QString, arguments);
    QFETCH(QString, message);
    const Run r = run(arguments.split(QLatin1Char(' ')));
    QVERIFY(r.finished);
    QCOMPARE(r.exitCode, 2);
    QVERIFY(r.out.isEmpty());
    QVERIFY2(QString::fromUtf8(r.err).contains(message), r.err.constData());
}

QTEST_GUILESS_MAIN(TestModelCommands)
#include "tst_modelcommands.moc"
