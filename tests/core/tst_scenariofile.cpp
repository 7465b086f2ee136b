// Scenario files: exact round trips, and a clear message for every malformed file.
#include "catalog.h"
#include "scenariofile.h"

#include <QDir>
#include <QFile>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QTemporaryDir>
#include <QTest>

#include <functional>

using namespace rooflab;

namespace {

QString s(const char *text)
{
    return QString::fromUtf8(text);
}

// A scenario with every field away from its default, so a field the writer or the reader
// forgot cannot hide behind a default value.
Scenario fullScenario(const Catalog &catalog)
{
    Scenario sc;
    sc.devices = {s("h200-sxm"), s("h100-sxm5")};
    sc.scheme = {s("fp8-e4m3"), s("bf16"), s("fp8-e4m3"), s("bf16")};
    sc.batch = 48;
    sc.seq = 8192;
    sc.prompt = 1024.5; // a fraction must survive exactly
    sc.roof = RoofMode::Achievable;
    sc.memoryLevel = s("l2");
    sc.model = s("llama-3.1-8b");
    sc.phase = Phase::Prefill;

    OperatorSpec gemm;
    gemm.id = s("my-gemm");
    gemm.name = s("My \"quoted\" GEMM, <b>bold</b>");
    gemm.kind = OperatorKind::Gemm;
    gemm.m = 3;
    gemm.n = 5;
    gemm.k = 7;
    gemm.weights = s("int8");
    gemm.unit = UnitKind::Vector;
    sc.operators.append(gemm);

    OperatorSpec add;
    add.id = s("add");
    add.name = s("Add");
    add.kind = OperatorKind::Elementwise;
    add.hidden = 4096;
    add.inputs = 3;
    add.flopsPerElement = 2;
    sc.operators.append(add);

    OperatorSpec gelu;
    gelu.id = s("gelu");
    gelu.name = s("GELU");
    gelu.kind = OperatorKind::Activation;
    gelu.elements = 1000;
    gelu.function = s("gelu");
    sc.operators.append(gelu);

    OperatorSpec experts;
    experts.id = s("moe-up");
    experts.name = s("MoE up");
    experts.kind = OperatorKind::DecodeGemm;
    experts.d = 4096;
    experts.f = 14336;
    experts.experts = 8;
    experts.expertsPerToken = 2;
    sc.operators.append(experts);

    const OperatorSpec *attention = catalog.operatorSpec(s("attn-decode-70b"));
    if (attention)
        sc.operators.append(*attention);
    return sc;
}

// A selection on a point of fullScenario().
Selection fullSelection()
{
    return {.device = s("h100-sxm5"), .op = s("my-gemm")};
}

// A presentation with every field away from its default.
Presentation fullView()
{
    Presentation v;
    v.xMin = 0.1;
    v.xMax = 3000;
    v.yMin = 1e11;
    v.yMax = 3.3e15;
    v.theme = s("colorblind");
    v.width = 1280;
    v.height = 720;
    v.showLegend = false;
    v.textScale = 1.75;
    v.showZones = false;
    v.highlightSelection = false;
    v.animate = false;
    v.scale = 2;
    v.caption = true;
    v.captionLine = true;
    v.compareTable = true;
    return v;
}

// A valid file as JSON, for the malformed rows to change one thing in.
QJsonObject validRoot()
{
    return QJsonDocument::fromJson(
               writeScenarioFile(fullScenario(Catalog::builtin()), fullView(), fullSelection()))
        .object();
}

using Edit = std::function<void(QJsonObject &root, QJsonObject &scenario, QJsonObject &view)>;

QByteArray edited(const Edit &edit)
{
    QJsonObject root = validRoot();
    QJsonObject scenario = root.value(s("scenario")).toObject();
    QJsonObject view = root.value(s("view")).toObject();
    edit(root, scenario, view);
    // Put the edited parts back unless the edit replaced or removed them.
    if (root.value(s("scenario")).isObject())
        root.insert(s("scenario"), scenario);
    if (root.value(s("view")).isObject())
        root.insert(s("view"), view);
    return QJsonDocument(root).toJson();
}

// Replaces the first operator's field `key` with `value`.
void setOperatorField(QJsonObject &scenario, const char *key, const QJsonValue &value)
{
    QJsonArray ops = scenario.value(s("operators")).toArray();
    QJsonObject op = ops.at(0).toObject();
    if (value.isUndefined())
        op.remove(s(key));
    else
        op.insert(s(key), value);
    ops.replace(0, op);
    scenario.insert(s("operators"), ops);
}

} // namespace

class TestScenarioFile : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void initTestCase()
    {
        m_catalog = Catalog::builtin();
        QVERIFY2(m_catalog.problems().isEmpty(), qPrintable(m_catalog.problems().join(s("\n"))));
        QVERIFY(m_catalog.operatorSpec(s("attn-decode-70b")));
    }

    void roundTripIsExact()
    {
        const Scenario scenario = fullScenario(m_catalog);
        const Presentation view = fullView();
        const QByteArray first = writeScenarioFile(scenario, view, fullSelection());
        QStringList errors;
        const auto doc = readScenarioFile(first, s("full.rooflab.json"), m_catalog, &errors);
        QVERIFY2(doc, qPrintable(errors.join(s("\n"))));
        QCOMPARE(doc->scenario, scenario);
        QCOMPARE(doc->presentation, view);
        QCOMPARE(doc->selection, fullSelection());
        QVERIFY(doc->highlightNamed); // highlight_selection false is written, so named
        QVERIFY(first.contains("\"caption_line\": true"));
        QVERIFY(first.contains("\"compare_table\": true"));
        QCOMPARE(writeScenarioFile(doc->scenario, doc->presentation, doc->selection), first);
    }

    void defaultScenarioRoundTrips()
    {
        const Scenario scenario = defaultScenario(m_catalog);
        // The documented default: two devices, seven operators from the llm-common presets.
        QCOMPARE(scenario.devices, (QStringList{s("h100-sxm5"), s("h200-sxm")}));
        QCOMPARE(scenario.operators.size(), 7);
        QCOMPARE(scenario.batch, 32.0);
        const QByteArray bytes = writeScenarioFile(scenario, Presentation());
        QStringList errors;
        const auto doc = readScenarioFile(bytes, s("default"), m_catalog, &errors);
        QVERIFY2(doc, qPrintable(errors.join(s("\n"))));
        QCOMPARE(doc->scenario, scenario);
        QCOMPARE(doc->presentation, Presentation());
        QCOMPARE(doc->selection, Selection());
    }

    void fileIsSortedIndentedJson()
    {
        const QByteArray bytes =
            writeScenarioFile(fullScenario(m_catalog), fullView(), fullSelection());
        QVERIFY(bytes.startsWith("{\n"));
        QVERIFY(bytes.endsWith("}\n"));
        QVERIFY(bytes.contains("\"schema\": \"rooflab-scenario\""));
        QVERIFY(bytes.contains("\"version\": 1"));
        // Keys in sorted order: "batch" < "devices" < "operators" < "scheme" inside scenario.
        const qsizetype batch = bytes.indexOf("\"batch\"");
        const qsizetype devices = bytes.indexOf("\"devices\"");
        const qsizetype operators = bytes.indexOf("\"operators\"");
        const qsizetype scheme = bytes.indexOf("\"scheme\"");
        QVERIFY(batch > 0 && batch < devices && devices < operators && operators < scheme);
        // Defaults that mean "none" are left out rather than written as empty values.
        const QByteArray plain = writeScenarioFile(defaultScenario(m_catalog), Presentation());
        QVERIFY(!plain.contains("\"model\""));
        QVERIFY(!plain.contains("\"intensity_range\""));
        QVERIFY(!plain.contains("\"selected_device\""));
    }

    void minimalFileTakesDefaults()
    {
        const QByteArray bytes = R"({"schema": "rooflab-scenario", "version": 1,
            "scenario": {"devices": ["l4"], "operators": []}})";
        QStringList errors;
        const auto doc = readScenarioFile(bytes, s("minimal"), m_catalog, &errors);
        QVERIFY2(doc, qPrintable(errors.join(s("\n"))));
        Scenario expected;
        expected.devices = {s("l4")};
        QCOMPARE(doc->scenario, expected);
        QCOMPARE(doc->presentation, Presentation());
    }

    void malformed_data()
    {
        QTest::addColumn<QByteArray>("bytes");
        QTest::addColumn<QString>("expected");
        auto row = [](const char *name, const Edit &edit, const char *expected) {
            QTest::newRow(name) << edited(edit) << s(expected);
        };
        QTest::newRow("not json") << QByteArray("{\"schema\": ") << s("line 1, column 12");
        QTest::newRow("array") << QByteArray("[]") << s("top level must be a JSON object");
        row(
            "wrong schema", [](auto &r, auto &, auto &) { r[s("schema")] = s("rooflab-device"); },
            "schema: expected \"rooflab-scenario\", found \"rooflab-device\"");
        row(
            "no version", [](auto &r, auto &, auto &) { r.remove(s("version")); },
            "version: missing");
        row(
            "fractional version", [](auto &r, auto &, auto &) { r[s("version")] = 1.5; },
            "version: must be a whole number");
        row(
            "no scenario", [](auto &r, auto &, auto &) { r.remove(s("scenario")); },
            "scenario: missing");
        row(
            "scenario not object", [](auto &r, auto &, auto &) { r[s("scenario")] = 3; },
            "scenario: must be an object");
        row(
            "unknown top field", [](auto &r, auto &, auto &) { r[s("extra")] = 1; },
            "extra: unknown field");
        row(
            "unknown scenario field", [](auto &, auto &sc, auto &) { sc[s("batchsize")] = 2; },
            "scenario.batchsize: unknown field");
        row(
            "unknown device",
            [](auto &, auto &sc, auto &) {
                sc[s("devices")] = QJsonArray{s("l4"), s("h900")};
            },
            "scenario.devices[1]: unknown device \"h900\"");
        row(
            "device twice",
            [](auto &, auto &sc, auto &) {
                sc[s("devices")] = QJsonArray{s("l4"), s("l4")};
            },
            "scenario.devices[1]: device \"l4\" is listed twice");
        row(
            "device not string", [](auto &, auto &sc, auto &) { sc[s("devices")] = QJsonArray{7}; },
            "scenario.devices[0]: must be a device id");
        row(
            "no devices", [](auto &, auto &sc, auto &) { sc.remove(s("devices")); },
            "scenario.devices: missing");
        row(
            "unknown scheme format",
            [](auto &, auto &sc, auto &) {
                sc[s("scheme")] = QJsonObject{{s("weights"), s("bf17")}};
            },
            "scenario.scheme.weights: unknown format \"bf17\"");
        row(
            "empty kv format",
            [](auto &, auto &sc, auto &) {
                sc[s("scheme")] = QJsonObject{{s("kv"), s("")}};
            },
            "scenario.scheme.kv: must not be empty");
        row(
            "zero batch", [](auto &, auto &sc, auto &) { sc[s("batch")] = 0; },
            "scenario.batch: must be greater than zero, found 0");
        row(
            "batch as text", [](auto &, auto &sc, auto &) { sc[s("batch")] = s("8"); },
            "scenario.batch: must be a number");
        row(
            "negative seq", [](auto &, auto &sc, auto &) { sc[s("seq")] = -4; },
            "scenario.seq: must be greater than zero, found -4");
        row(
            "bad roof", [](auto &, auto &sc, auto &) { sc[s("roof")] = s("peak"); },
            "scenario.roof: must be \"datasheet\" or \"achievable\", found \"peak\"");
        row(
            "bad memory level", [](auto &, auto &sc, auto &) { sc[s("memory_level")] = 1; },
            "scenario.memory_level: must be \"main\" or \"l2\", found 1");
        row(
            "bad phase", [](auto &, auto &sc, auto &) { sc[s("phase")] = s("train"); },
            "scenario.phase: must be \"decode\" or \"prefill\", found \"train\"");
        row(
            "unknown model", [](auto &, auto &sc, auto &) { sc[s("model")] = s("llama-9"); },
            "scenario.model: unknown model \"llama-9\"");
        row(
            "no operators", [](auto &, auto &sc, auto &) { sc.remove(s("operators")); },
            "scenario.operators: missing");
        row(
            "operator not object",
            [](auto &, auto &sc, auto &) { sc[s("operators")] = QJsonArray{s("gemm")}; },
            "scenario.operators[0]: must be an object");
        row(
            "unknown operator kind",
            [](auto &, auto &sc, auto &) { setOperatorField(sc, "kind", s("conv")); },
            "scenario.operators[0].kind: unknown operator kind \"conv\"");
        row(
            "missing shape field",
            [](auto &, auto &sc, auto &) { setOperatorField(sc, "k", QJsonValue::Undefined); },
            "scenario.operators[0].k: missing");
        row(
            "bad shape number", [](auto &, auto &sc, auto &) { setOperatorField(sc, "m", 2.5); },
            "scenario.operators[0].m: must be a whole number of at least 1, found 2.5");
        row(
            "unknown operator format",
            [](auto &, auto &sc, auto &) { setOperatorField(sc, "weights", s("fp9")); },
            "scenario.operators[0].weights: unknown format \"fp9\"");
        row(
            "operator id twice",
            [](auto &, auto &sc, auto &) { setOperatorField(sc, "id", s("add")); },
            "scenario.operators[1].id: operator id \"add\" is used twice");
        row(
            "unknown theme", [](auto &, auto &, auto &v) { v[s("theme")] = s("neon"); },
            "view.theme: must be light, dark, print, colorblind, found \"neon\"");
        row(
            "zero width", [](auto &, auto &, auto &v) { v[s("width")] = 0; },
            "view.width: must be a whole number of at least 1, found 0");
        row(
            "huge height", [](auto &, auto &, auto &v) { v[s("height")] = 50000; },
            "view.height: must be at most 20000 pixels, found 50000");
        row(
            "range reversed",
            [](auto &, auto &, auto &v) {
                v[s("intensity_range")] = QJsonArray{10, 1};
            },
            "view.intensity_range: needs 0 < min < max, found [10, 1]");
        row(
            "range not pair",
            [](auto &, auto &, auto &v) { v[s("performance_range")] = QJsonArray{1}; },
            "view.performance_range: must be [min, max], two numbers");
        row(
            "selected device not shown",
            [](auto &, auto &, auto &v) { v[s("selected_device")] = s("l4"); },
            "view.selected_device: \"l4\" is not one of scenario.devices");
        row(
            "selected operator unknown",
            [](auto &, auto &sc, auto &v) {
                sc.remove(s("model"));
                v[s("selected_operator")] = s("nope");
            },
            "view.selected_operator: \"nope\" is not the id of one of scenario.operators");
        row(
            "selected class not a class",
            [](auto &, auto &sc, auto &v) {
                sc[s("model")] = s("llama-3.1-8b");
                v[s("selected_operator")] = s("mlp-up");
            },
            "view.selected_operator: \"mlp-up\" is neither the id of one of scenario.operators "
            "nor an operator class of a model (attention-projections, attention, mlp, norms, "
            "elementwise, lm-head, communication)");
        row(
            "legend not bool", [](auto &, auto &, auto &v) { v[s("show_legend")] = s("yes"); },
            "view.show_legend: must be true or false");
        row(
            "caption not bool", [](auto &, auto &, auto &v) { v[s("caption")] = 1; },
            "view.caption: must be true or false");
        row(
            "caption line not bool", [](auto &, auto &, auto &v) { v[s("caption_line")] = 1; },
            "view.caption_line: must be true or false");
        row(
            "compare table not bool", [](auto &, auto &, auto &v) { v[s("compare_table")] = 1; },
            "view.compare_table: must be true or false");
        row(
            "text scale too large", [](auto &, auto &, auto &v) { v[s("text_scale")] = 9; },
            "view.text_scale: must be from 0.5 to 3, got 9");
        row(
            "png too large",
            [](auto &, auto &, auto &v) {
                v[s("width")] = 20000;
                v[s("height")] = 20000;
                v[s("scale")] = 2;
            },
            // 20000 x 2 by 20000 x 2 = 40000 x 40000 = 1.6e9 pixels: 1600 million > 256 million.
            "view.scale: 20000 x 20000 at scale 2 is 1600 million pixels, more than 256 million");
        row(
            "zones not a boolean", [](auto &, auto &, auto &v) { v[s("show_zones")] = 1; },
            "view.show_zones: must be true or false");
        row(
            "unknown view field", [](auto &, auto &, auto &v) { v[s("zoom")] = 2; },
            "view.zoom: unknown field");
    }

    void malformed()
    {
        QFETCH(QByteArray, bytes);
        QFETCH(QString, expected);
        QStringList errors;
        const auto doc = readScenarioFile(bytes, s("bad.rooflab.json"), m_catalog, &errors);
        QVERIFY(!doc);
        QVERIFY(!errors.isEmpty());
        const QString all = errors.join(s("\n"));
        for (const QString &e : errors)
            QVERIFY2(e.startsWith(s("bad.rooflab.json: ")), qPrintable(e));
        QVERIFY2(all.contains(expected), qPrintable(all));
    }

    void newerVersionIsRejectedAlone()
    {
        // A version-2 file may hold fields this build has never heard of: the only message
        // is about the version, naming the file and what to do.
        QJsonObject root = validRoot();
        root[s("version")] = 2;
        root[s("layers")] = QJsonArray{1, 2};
        QStringList errors;
        const auto doc = readScenarioFile(QJsonDocument(root).toJson(), s("new.rooflab.json"),
                                          m_catalog, &errors);
        QVERIFY(!doc);
        QCOMPARE(errors.size(), 1);
        QCOMPARE(errors.at(0), s("new.rooflab.json: version: version 2 is newer than this "
                                 "RoofLab reads (1); update RoofLab"));
    }

    void saveAndLoad()
    {
        QTemporaryDir dir;
        QVERIFY(dir.isValid());
        const QString path = dir.filePath(s("a.rooflab.json"));
        QString error;
        QVERIFY2(
            saveScenarioFile(path, fullScenario(m_catalog), fullView(), fullSelection(), &error),
            qPrintable(error));
        QStringList errors;
        const auto doc = loadScenarioFile(path, m_catalog, &errors);
        QVERIFY2(doc, qPrintable(errors.join(s("\n"))));
        QCOMPARE(doc->scenario, fullScenario(m_catalog));
        QCOMPARE(doc->presentation, fullView());

        // Saved, reopened and saved again: the same bytes.
        const QString again = dir.filePath(s("b.rooflab.json"));
        QVERIFY2(saveScenarioFile(again, doc->scenario, doc->presentation, doc->selection, &error),
                 qPrintable(error));
        QFile a(path), b(again);
        QVERIFY(a.open(QIODevice::ReadOnly) && b.open(QIODevice::ReadOnly));
        QCOMPARE(b.readAll(), a.readAll());
    }

    void saveFailuresLeaveNoFile()
    {
        QTemporaryDir dir;
        QVERIFY(dir.isValid());
        const QString missingFolder = dir.filePath(s("no-such-folder/a.rooflab.json"));
        QString error;
        QVERIFY(!saveScenarioFile(missingFolder, Scenario(), Presentation(), Selection(), &error));
        QVERIFY2(error.startsWith(missingFolder + s(": cannot write")), qPrintable(error));
        QVERIFY(!QFile::exists(missingFolder));

        QVERIFY(QDir(dir.path()).mkdir(s("folder")));
        error.clear();
        QVERIFY(!saveScenarioFile(dir.filePath(s("folder")), Scenario(), Presentation(),
                                  Selection(), &error));
        QVERIFY(!error.isEmpty());
        QCOMPARE(QDir(dir.path()).entryList(QDir::NoDotAndDotDot | QDir::AllEntries),
                 QStringList{s("folder")});
    }

    void loadFailures()
    {
        QTemporaryDir dir;
        QStringList errors;
        QVERIFY(!loadScenarioFile(dir.filePath(s("none.rooflab.json")), m_catalog, &errors));
        QCOMPARE(errors, QStringList{dir.filePath(s("none.rooflab.json")) + s(": no such file")});
        errors.clear();
        QVERIFY(!loadScenarioFile(dir.path(), m_catalog, &errors));
        QCOMPARE(errors, QStringList{dir.path() + s(": is a folder, not a regular file")});
    }

private:
    Catalog m_catalog;
};

QTEST_GUILESS_MAIN(TestScenarioFile)
#include "tst_scenariofile.moc"
