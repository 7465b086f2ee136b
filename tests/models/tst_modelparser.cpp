// Model presets: every built-in file loads, malformed files are rejected with the file, the
// field and the reason, duplicates are refused, and writing then reading gives the same model.
#include "catalog.h"
#include "jsonreader.h"
#include "modelparser.h"
#include "presetparser.h"
#include "testhelpers.h"

#include <QJsonDocument>
#include <QJsonObject>
#include <QTest>

using namespace rooflab;

namespace {

// A valid model file to break one field at a time.
QJsonObject goodModel()
{
    return QJsonObject{
        {QStringLiteral("schema"), QStringLiteral("rooflab-model")},
        {QStringLiteral("version"), 1},
        {QStringLiteral("id"), QStringLiteral("test-model")},
        {QStringLiteral("name"), QStringLiteral("Test model")},
        {QStringLiteral("vendor"), QStringLiteral("Nobody")},
        {QStringLiteral("year"), 2024},
        {QStringLiteral("source"), QStringLiteral("made up for a test")},
        {QStringLiteral("layers"), 2},
        {QStringLiteral("hidden"), 64},
        {QStringLiteral("heads"), 4},
        {QStringLiteral("kv_heads"), 2},
        {QStringLiteral("head_dim"), 16},
        {QStringLiteral("ffn"), 128},
        {QStringLiteral("vocab"), 1000},
        {QStringLiteral("gated_mlp"), true},
        {QStringLiteral("tied_embeddings"), false},
    };
}

QByteArray bytesOf(const QJsonObject &obj)
{
    return QJsonDocument(obj).toJson();
}

} // namespace

class TestModelParser : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void builtinModelsLoad();
    void goodFileLoads();
    void badFile_data();
    void badFile();
    void notJson();
    void duplicateId();
    void roundTrip();
    void expertGemmOperator();
};

void TestModelParser::builtinModelsLoad()
{
    const Catalog catalog = Catalog::builtin();
    QVERIFY2(catalog.problems().isEmpty(), qPrintable(catalog.problems().join(QLatin1Char('\n'))));
    const QStringList ids = {QStringLiteral("llama-2-7b"),    QStringLiteral("llama-2-13b"),
                             QStringLiteral("llama-2-70b"),   QStringLiteral("llama-3.1-8b"),
                             QStringLiteral("llama-3.1-70b"), QStringLiteral("llama-3.1-405b"),
                             QStringLiteral("mistral-7b"),    QStringLiteral("mixtral-8x7b"),
                             QStringLiteral("qwen2.5-72b")};
    for (const QString &id : ids)
        QVERIFY2(catalog.model(id), qPrintable(id));
    QVERIFY(!catalog.model(QStringLiteral("gpt-5")));
    const ModelSpec *mixtral = catalog.model(QStringLiteral("mixtral-8x7b"));
    QCOMPARE(mixtral->experts, 8.0);
    QCOMPARE(mixtral->expertsPerToken, 2.0);
    QVERIFY(catalog.model(QStringLiteral("qwen2.5-72b"))->attentionBias);
    QVERIFY(!catalog.model(QStringLiteral("llama-3.1-8b"))->isMoe());
}

void TestModelParser::goodFileLoads()
{
    Catalog catalog;
    QVERIFY2(catalog.loadBytes(bytesOf(goodModel()), QStringLiteral("good.json")),
             qPrintable(catalog.problems().join(QLatin1Char('\n'))));
    const ModelSpec *m = catalog.model(QStringLiteral("test-model"));
    QVERIFY(m);
    QCOMPARE(m->layers, 2.0);
    QCOMPARE(m->kvHeads, 2.0);
    QCOMPARE(m->activation, QStringLiteral("silu")); // the default
    QCOMPARE(m->norm, QStringLiteral("rmsnorm"));    // the default
    QCOMPARE(m->publishedParams, 0.0);               // optional
}

void TestModelParser::badFile_data()
{
    QTest::addColumn<QString>("key");
    QTest::addColumn<QJsonValue>("value"); // undefined: remove the key
    QTest::addColumn<QString>("message");

    const QJsonValue remove(QJsonValue::Undefined);
    QTest::newRow("no layers") << QStringLiteral("layers") << remove
                               << QStringLiteral("bad.json: layers: missing");
    QTest::newRow("hidden text") << QStringLiteral("hidden") << QJsonValue(QStringLiteral("4k"))
                                 << QStringLiteral("bad.json: hidden: must be a number");
    QTest::newRow("fractional heads")
        << QStringLiteral("heads") << QJsonValue(3.5)
        << QStringLiteral("bad.json: heads: must be a whole number of at least 1");
    QTest::newRow("more kv heads than heads")
        << QStringLiteral("kv_heads") << QJsonValue(8)
        << QStringLiteral("bad.json: kv_heads: must not exceed heads (4), found 8");
    QTest::newRow("kv heads do not divide heads")
        << QStringLiteral("kv_heads") << QJsonValue(3)
        << QStringLiteral("bad.json: kv_heads: must divide heads (4) evenly, found 3");
    QTest::newRow("zero vocab") << QStringLiteral("vocab") << QJsonValue(0)
                                << QStringLiteral("bad.json: vocab: must be a whole number");
    QTest::newRow("no gated_mlp") << QStringLiteral("gated_mlp") << remove
                                  << QStringLiteral("bad.json: gated_mlp: missing");
    QTest::newRow("tied as text") << QStringLiteral("tied_embeddings")
                                  << QJsonValue(QStringLiteral("no"))
                                  << QStringLiteral(
                                         "bad.json: tied_embeddings: must be true or false");
    QTest::newRow("experts alone") << QStringLiteral("experts") << QJsonValue(8)
                                   << QStringLiteral("bad.json: experts_per_token: experts and "
                                                     "experts_per_token go together");
    QTest::newRow("top-k alone") << QStringLiteral("experts_per_token") << QJsonValue(2)
                                 << QStringLiteral("bad.json: experts: experts and "
                                                   "experts_per_token go together");
    QTest::newRow("shared experts, dense") << QStringLiteral("shared_experts") << QJsonValue(1)
                                           << QStringLiteral("bad.json: shared_experts: needs "
                                                             "experts and experts_per_token");
    QTest::newRow("dense layers without width")
        << QStringLiteral("dense_layers") << QJsonValue(1)
        << QStringLiteral("bad.json: dense_layers: needs experts");
    QTest::newRow("mla missing a width")
        << QStringLiteral("mla") << QJsonValue(QJsonObject{{QStringLiteral("q_lora_rank"), 32}})
        << QStringLiteral("bad.json: mla.kv_lora_rank: missing");
    QTest::newRow("mla unknown field")
        << QStringLiteral("mla")
        << QJsonValue(QJsonObject{{QStringLiteral("q_lora_rank"), 32},
                                  {QStringLiteral("kv_lora_rank"), 16},
                                  {QStringLiteral("qk_nope_head_dim"), 16},
                                  {QStringLiteral("qk_rope_head_dim"), 8},
                                  {QStringLiteral("v_head_dim"), 16},
                                  {QStringLiteral("rank"), 4}})
        << QStringLiteral("bad.json: mla.rank: unknown field");
    QTest::newRow("mla as number") << QStringLiteral("mla") << QJsonValue(3)
                                   << QStringLiteral("bad.json: mla: must be an object");
    QTest::newRow("bad activation")
        << QStringLiteral("activation") << QJsonValue(QStringLiteral("swish"))
        << QStringLiteral("bad.json: activation: must be relu, silu "
                          "or gelu, found \"swish\"");
    QTest::newRow("bad norm") << QStringLiteral("norm") << QJsonValue(QStringLiteral("batchnorm"))
                              << QStringLiteral("bad.json: norm: must be rmsnorm or layernorm");
    QTest::newRow("bad id") << QStringLiteral("id") << QJsonValue(QStringLiteral("Llama 3"))
                            << QStringLiteral("bad.json: id: \"Llama 3\" may hold only");
    QTest::newRow("no source") << QStringLiteral("source") << remove
                               << QStringLiteral("bad.json: source: missing");
    QTest::newRow("negative params") << QStringLiteral("published_params_b") << QJsonValue(-7)
                                     << QStringLiteral("bad.json: published_params_b: must be "
                                                       "greater than zero");
    QTest::newRow("newer version") << QStringLiteral("version") << QJsonValue(2)
                                   << QStringLiteral("bad.json: version: version 2 is newer");
    QTest::newRow("wrong schema") << QStringLiteral("schema")
                                  << QJsonValue(QStringLiteral("rooflab-modle"))
                                  << QStringLiteral("bad.json: schema: unknown schema "
                                                    "\"rooflab-modle\"");
}

void TestModelParser::badFile()
{
    QFETCH(QString, key);
    QFETCH(QJsonValue, value);
    QFETCH(QString, message);
    QJsonObject obj = goodModel();
    if (value.isUndefined())
        obj.remove(key);
    else
        obj.insert(key, value);
    Catalog catalog;
    QVERIFY(!catalog.loadBytes(bytesOf(obj), QStringLiteral("bad.json")));
    QVERIFY(catalog.models().isEmpty());
    const QString problems = catalog.problems().join(QLatin1Char('\n'));
    QVERIFY2(problems.contains(message), qPrintable(problems));
}

void TestModelParser::notJson()
{
    Catalog catalog;
    QVERIFY(!catalog.loadBytes("{ \"schema\": \"rooflab-model\", ", QStringLiteral("cut.json")));
    QVERIFY(catalog.models().isEmpty());
    QVERIFY(catalog.problems().value(0).startsWith(QStringLiteral("cut.json: line 1")));
}

void TestModelParser::duplicateId()
{
    Catalog catalog;
    QVERIFY(catalog.loadBytes(bytesOf(goodModel()), QStringLiteral("a.json")));
    QVERIFY(!catalog.loadBytes(bytesOf(goodModel()), QStringLiteral("b.json")));
    QCOMPARE(catalog.models().size(), 1);
    QVERIFY2(catalog.problems()
                 .join(QLatin1Char('\n'))
                 .contains(QStringLiteral("b.json: id: duplicate model id \"test-model\", "
                                          "already loaded from a.json")),
             qPrintable(catalog.problems().join(QLatin1Char('\n'))));
}

void TestModelParser::roundTrip()
{
    const Catalog catalog = Catalog::builtin();
    for (const ModelSpec &m : catalog.models()) {
        JsonReader reader(m.id);
        const std::optional<ModelSpec> back = parseModel(writeModel(m), reader);
        QVERIFY2(back, qPrintable(reader.errors().join(QLatin1Char('\n'))));
        QCOMPARE(back->id, m.id);
        QVERIFY2(*back == m, qPrintable(m.id));
    }
}

void TestModelParser::expertGemmOperator()
{
    // Operator presets may describe routed experts on a decode or prefill GEMM.
    QJsonObject op{{QStringLiteral("id"), QStringLiteral("moe-up")},
                   {QStringLiteral("kind"), QStringLiteral("decode-gemm")},
                   {QStringLiteral("d"), 4096},
                   {QStringLiteral("f"), 28672},
                   {QStringLiteral("experts"), 8},
                   {QStringLiteral("experts_per_token"), 2}};
    JsonReader reader(QStringLiteral("ops.json"));
    const std::optional<OperatorSpec> spec =
        readOperator(op, QStringLiteral("operators[0]"), reader, {});
    QVERIFY2(spec, qPrintable(reader.errors().join(QLatin1Char('\n'))));
    QCOMPARE(spec->experts, 8.0);
    QCOMPARE(spec->expertsPerToken, 2.0);
    const QJsonObject written = writeOperator(*spec);
    QCOMPARE(written.value(QStringLiteral("experts")).toDouble(), 8.0);
    QCOMPARE(written.value(QStringLiteral("experts_per_token")).toDouble(), 2.0);

    op.insert(QStringLiteral("experts_per_token"), 9);
    JsonReader tooMany(QStringLiteral("ops.json"));
    QVERIFY(!readOperator(op, QStringLiteral("operators[0]"), tooMany, {}));
    QCOMPARE(
        tooMany.errors().value(0),
        QStringLiteral("ops.json: operators[0].experts_per_token: must not exceed experts (8)"));
    op.remove(QStringLiteral("experts_per_token"));
    JsonReader alone(QStringLiteral("ops.json"));
    QVERIFY(!readOperator(op, QStringLiteral("operators[0]"), alone, {}));
    QCOMPARE(alone.errors().value(0),
             QStringLiteral("ops.json: operators[0]: experts and experts_per_token go together"));
}

QTEST_GUILESS_MAIN(TestModelParser)
#include "tst_modelparser.moc"
