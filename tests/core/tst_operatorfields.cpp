// Operator objects, in presets and scenario files, take only the fields of their kind: a
// misspelt or foreign field is refused naming its path, never silently ignored.
#include "catalog.h"
#include "jsonreader.h"
#include "presetparser.h"
#include "scenariofile.h"

#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QTest>

using namespace rooflab;

namespace {

QString s(const char *text)
{
    return QString::fromUtf8(text);
}

QJsonObject object(const char *json)
{
    return QJsonDocument::fromJson(QByteArray(json)).object();
}

} // namespace

class TestOperatorFields : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void refused_data();
    void refused();
    void everyKnownFieldAccepted_data();
    void everyKnownFieldAccepted();
    void scenarioFileNamesTheField();
    void shippedOperatorsStillLoad();
};

void TestOperatorFields::refused_data()
{
    QTest::addColumn<QByteArray>("json");
    QTest::addColumn<QString>("expected");
    QTest::newRow("misspelt override")
        << QByteArray(
               R"({"id": "g", "kind": "gemm", "m": 1, "n": 2, "k": 3, "weigths": "fp8-e4m3"})")
        << s("ops[0].weigths: unknown field");
    QTest::newRow("measured time")
        << QByteArray(R"({"id": "c", "kind": "custom", "flops": 1, "bytes": 1, "time_s": 0.004})")
        << s("ops[0].time_s: unknown field");
    QTest::newRow("field of another kind")
        << QByteArray(R"({"id": "g", "kind": "gemm", "m": 1, "n": 2, "k": 3, "d": 4096})")
        << s("ops[0].d: unknown field");
    QTest::newRow("experts on a plain gemm")
        << QByteArray(R"({"id": "g", "kind": "gemm", "m": 1, "n": 2, "k": 3, "experts": 8})")
        << s("ops[0].experts: unknown field");
}

void TestOperatorFields::refused()
{
    QFETCH(QByteArray, json);
    QFETCH(QString, expected);
    JsonReader reader(s("ops.json"));
    const std::optional<OperatorSpec> op =
        readOperator(QJsonDocument::fromJson(json).object(), s("ops[0]"), reader, {});
    QVERIFY(!op);
    QCOMPARE(reader.errorCount(), 1);
    QVERIFY2(reader.errors().first().contains(expected), qPrintable(reader.errors().first()));
}

void TestOperatorFields::everyKnownFieldAccepted_data()
{
    QTest::addColumn<QByteArray>("json");
    QTest::newRow("decode-gemm with experts and overrides")
        << QByteArray(R"({"id": "e", "name": "E", "kind": "decode-gemm", "d": 8, "f": 8,
                         "experts": 8, "experts_per_token": 2, "weights": "fp8-e4m3",
                         "act": "bf16", "kv": "bf16", "math": "bf16", "unit": "matrix"})");
    QTest::newRow("activation") << QByteArray(
        R"({"id": "a", "kind": "activation", "hidden": 8, "function": "silu"})");
    QTest::newRow("elementwise") << QByteArray(
        R"({"id": "x", "kind": "elementwise", "elements": 8, "inputs": 2, "flops_per_element": 1})");
    QTest::newRow("rmsnorm") << QByteArray(
        R"({"id": "n", "kind": "rmsnorm", "hidden": 8, "width": 8})");
    QTest::newRow("attention") << QByteArray(
        R"({"id": "t", "kind": "attention-decode", "heads": 8, "kv_heads": 2, "head_dim": 64})");
}

void TestOperatorFields::everyKnownFieldAccepted()
{
    QFETCH(QByteArray, json);
    JsonReader reader(s("ops.json"));
    const std::optional<OperatorSpec> op =
        readOperator(QJsonDocument::fromJson(json).object(), s("ops[0]"), reader, {});
    QVERIFY2(op, qPrintable(reader.errors().join(s(" | "))));
}

void TestOperatorFields::scenarioFileNamesTheField()
{
    const Catalog catalog = Catalog::builtin();
    QJsonObject root =
        QJsonDocument::fromJson(writeScenarioFile(Scenario(), Presentation(), {})).object();
    QJsonObject scenario = root.value(u"scenario").toObject();
    scenario.insert(s("operators"), QJsonArray{object(R"({"id": "c", "kind": "custom", "flops": 1e9,
                                          "bytes": 1e6, "time_s": 0.004})")});
    root.insert(s("scenario"), scenario);
    QStringList errors;
    const auto doc =
        readScenarioFile(QJsonDocument(root).toJson(), s("m.rooflab.json"), catalog, &errors);
    QVERIFY(!doc);
    QVERIFY2(errors.join(u'|').contains(s("m.rooflab.json: scenario.operators[0].time_s: "
                                          "unknown field")),
             qPrintable(errors.join(u'|')));
}

void TestOperatorFields::shippedOperatorsStillLoad()
{
    const Catalog catalog = Catalog::builtin();
    QVERIFY2(catalog.problems().isEmpty(), qPrintable(catalog.problems().join(u'\n')));
    QVERIFY(catalog.operatorSpec(s("attn-decode-70b")));
}

QTEST_GUILESS_MAIN(TestOperatorFields)
#include "tst_operatorfields.moc"
