// Preset validation: every malformed file is rejected with a message naming the file, the
// field and the reason, and every other preset still loads (docs/presets.md).
#include "catalog.h"
#include "jsonreader.h"
#include "testhelpers.h"

#include <QDir>
#include <QTest>

#include <limits>

using namespace rooflab;

Q_DECLARE_METATYPE(rooflab::NumberRule)

class TestPresetLoader : public QObject
{
    Q_OBJECT

private:
    // The problems the catalog reported for one file of the bad folder.
    QStringList problemsOf(const QString &fileName) const;

    QString m_badDir;
    QString m_goodDir;
    Catalog m_catalog;
    qsizetype m_builtinDevices = 0;
    qsizetype m_builtinOperators = 0;
    qsizetype m_builtinFormats = 0;

private Q_SLOTS:
    void initTestCase();
    void badFile_data();
    void badFile();
    void everyProblemNamesABadFile();
    void othersStillLoad();
    void goodFileFigures();
    void parseErrorPosition_data();
    void parseErrorPosition();
    void topLevelMustBeObject();
    void numberRules_data();
    void numberRules();
    void stringFields();
};

void TestPresetLoader::initTestCase()
{
    const QString data = qEnvironmentVariable("ROOFLAB_TEST_DATA");
    QVERIFY2(!data.isEmpty(), "ROOFLAB_TEST_DATA is not set (run through ctest)");
    m_badDir = QDir(data).filePath(QStringLiteral("presets-bad"));
    m_goodDir = QDir(data).filePath(QStringLiteral("presets-good"));
    QVERIFY(QDir(m_badDir).exists());
    QVERIFY(QDir(m_goodDir).exists());

    m_catalog = Catalog::builtin();
    QVERIFY(m_catalog.problems().isEmpty());
    m_builtinDevices = m_catalog.devices().size();
    m_builtinOperators = m_catalog.operators().size();
    m_builtinFormats = m_catalog.formats().size();
    m_catalog.loadDirectory(m_badDir);
    m_catalog.loadDirectory(m_goodDir);
}

QStringList TestPresetLoader::problemsOf(const QString &fileName) const
{
    const QString prefix = QDir(m_badDir).filePath(fileName) + QStringLiteral(": ");
    QStringList found;
    for (const QString &problem : m_catalog.problems()) {
        if (problem.startsWith(prefix))
            found.append(problem.mid(prefix.size()));
    }
    return found;
}

void TestPresetLoader::badFile_data()
{
    QTest::addColumn<QString>("file");
    QTest::addColumn<QString>("field");  // JSON path, or line and column for a parse error
    QTest::addColumn<QString>("reason"); // a substring of the reason
    const auto row = [](const char *file, const char *field, const char *reason) {
        QTest::newRow(file) << QString::fromLatin1(file) << QString::fromLatin1(field)
                            << QString::fromLatin1(reason);
    };
    row("missing-field.json", "memory_capacity_gb: ", "missing");
    row("missing-nested-field.json", "compute[1].tflops: ", "missing");
    row("wrong-type.json", "year: ", "must be a number");
    row("negative-bandwidth.json",
        "memory[0].bandwidth_tbps: ", "must be greater than zero, found -3.35");
    row("zero-bandwidth.json", "memory[1].bandwidth_tbps: ", "must be greater than zero, found 0");
    // 1e999 overflows a double: the JSON parser itself refuses it, on line 12, and the
    // message names the key it stopped in.
    row("not-finite.json", "line 12, column ", "field \"tflops\": not valid JSON");
    row("unknown-math.json", "compute[1].math: ", "unknown math format \"fp5\"");
    // Cut in the middle of a key on line 9 (no newline at the end).
    row("truncated.json", "line 9, column ", "not valid JSON");
    row("duplicate-id.json", "id: ",
        "duplicate device id \"h100-sxm5\", already loaded from :/presets/devices/h100-sxm5.json");
    row("newer-version.json", "version: ", "version 2 is newer than this RoofLab reads (1)");
    row("unknown-schema.json", "schema: ", "unknown schema \"rooflab-gpu\"");
    row("fraction-out-of-range.json", "achievable.compute: ", "must be in (0, 1], found 1.5");
    row("no-main-memory.json", "memory: ", "needs an entry with level \"main\"");
    row("bad-id.json", "id: ", "\"Test Bad ID\" may hold only");
    row("operator-unknown-kind.json", "operators[1].kind: ", "unknown operator kind \"conv2d\"");
    row("operator-unknown-format.json", "operators[0].weights: ", "unknown format \"fp7\"");
    // A misspelt override must not leave the GEMM at the scheme's format unnoticed.
    row("operator-unknown-field.json", "operators[0].weigths: ", "unknown field");
    row("format-half-block.json", "formats[0]: ", "block_size and scale_bits go together");
    row("interconnect-missing-latency.json", "interconnect.latency_s: ", "missing");
    row("interconnect-zero-bandwidth.json",
        "interconnect.bandwidth_per_direction: ", "must be greater than zero, found 0");
    row("interconnect-unknown-field.json", "interconnect.bandwidth_gbps: ", "unknown field");
    row("interconnect-fractional-domain.json", "interconnect.domain_size: ", "2.5");
    row("interconnect-not-object.json", "interconnect: ", "must be an object");
    row("interconnect-achievable-above-one.json",
        "interconnect.achievable: ", "must be in (0, 1], found 1.5");
}

void TestPresetLoader::badFile()
{
    QFETCH(QString, file);
    QFETCH(QString, field);
    QFETCH(QString, reason);
    const QStringList problems = problemsOf(file);
    // One problem per file: the rest of each file is valid, so the message is about the case.
    QVERIFY2(problems.size() == 1, qPrintable(problems.join(QStringLiteral(" | "))));
    const QString &problem = problems.first();
    QVERIFY2(problem.startsWith(field), qPrintable(problem));
    QVERIFY2(problem.contains(reason), qPrintable(problem));
}

void TestPresetLoader::everyProblemNamesABadFile()
{
    // 24 bad files, one problem each, each message starting with its file's path.
    const QStringList files = QDir(m_badDir).entryList({QStringLiteral("*.json")}, QDir::Files);
    QCOMPARE(files.size(), qsizetype(24));
    QCOMPARE(m_catalog.problems().size(), files.size());
    for (const QString &problem : m_catalog.problems()) {
        bool named = false;
        for (const QString &file : files)
            named = named || problem.startsWith(QDir(m_badDir).filePath(file) + QLatin1Char(':'));
        QVERIFY2(named, qPrintable(problem));
        QVERIFY2(!problem.contains(QStringLiteral("presets-good")), qPrintable(problem));
    }
}

void TestPresetLoader::othersStillLoad()
{
    // Every built-in preset plus the one good device and the one good operator.
    QCOMPARE(m_catalog.devices().size(), m_builtinDevices + 1);
    QCOMPARE(m_catalog.operators().size(), m_builtinOperators + 1);
    QCOMPARE(m_catalog.formats().size(), m_builtinFormats);
    const char *required[] = {"a100-sxm4-40gb", "a100-sxm4-80gb", "h100-sxm5", "h100-pcie",
                              "h200-sxm",       "b200",           "gb200",     "l4",
                              "l40s",           "rtx-4090",       "mi300x",    "mi325x",
                              "gaudi3",         "tpu-v5e",        "tpu-v6e"};
    for (const char *id : required)
        QVERIFY2(m_catalog.device(QString::fromLatin1(id)), id);
    QVERIFY(m_catalog.device(QStringLiteral("example-npu")));
    QVERIFY(m_catalog.operatorSpec(QStringLiteral("example-nvfp4-mlp")));

    // Nothing of a bad file was kept, not even the valid operator beside the bad one.
    for (const Device &d : m_catalog.devices())
        QVERIFY2(!d.id.startsWith(QStringLiteral("test-")), qPrintable(d.id));
    QVERIFY(!m_catalog.operatorSpec(QStringLiteral("test-ok-gemm")));
    QVERIFY(!m_catalog.operatorSpec(QStringLiteral("test-fp7-gemm")));
    QVERIFY(!m_catalog.format(QStringLiteral("test-int3-g64")));
    // The duplicate did not replace the built-in H100.
    const Device *h100 = m_catalog.device(QStringLiteral("h100-sxm5"));
    QCOMPARE(h100->name, QStringLiteral("NVIDIA H100 SXM5 80GB"));
    ROOFLAB_COMPARE_DOUBLE(h100->memoryLevel(QStringLiteral("main"))->bandwidth, 3.35e12);
    QVERIFY(m_catalog.origin(QStringLiteral("device"), QStringLiteral("h100-sxm5"))
                .startsWith(QLatin1Char(':')));
}

void TestPresetLoader::goodFileFigures()
{
    // Units convert on load: GB x 1e9, TB/s x 1e12, TFLOP/s x 1e12, MB x 1e6.
    const Device *d = m_catalog.device(QStringLiteral("example-npu"));
    QVERIFY(d);
    ROOFLAB_COMPARE_DOUBLE(d->capacityBytes, 64e9);
    QCOMPARE(d->year, 2025);
    const MemoryLevel *main = d->memoryLevel(QStringLiteral("main"));
    const MemoryLevel *l2 = d->memoryLevel(QStringLiteral("l2"));
    QVERIFY(main && l2);
    ROOFLAB_COMPARE_DOUBLE(main->bandwidth, 0.5e12);
    ROOFLAB_COMPARE_DOUBLE(l2->bandwidth, 4e12);
    ROOFLAB_COMPARE_DOUBLE(l2->sizeBytes, 64e6);
    const ComputeCeiling *bf16 = d->ceiling(UnitKind::Matrix, QStringLiteral("bf16"));
    const ComputeCeiling *int8 = d->ceiling(UnitKind::Matrix, QStringLiteral("int8"));
    const ComputeCeiling *fp32 = d->ceiling(UnitKind::Vector, QStringLiteral("fp32"));
    QVERIFY(bf16 && int8 && fp32);
    ROOFLAB_COMPARE_DOUBLE(bf16->peakFlops, 200e12);
    ROOFLAB_COMPARE_DOUBLE(int8->peakFlops, 400e12);
    ROOFLAB_COMPARE_DOUBLE(fp32->peakFlops, 12.5e12);
    ROOFLAB_COMPARE_DOUBLE(d->achievable.compute, 0.7);
    ROOFLAB_COMPARE_DOUBLE(d->achievable.bandwidth, 0.9);
    // A figure without its own source inherits the file's.
    const QString source = QStringLiteral("Invented figures for the preset loader tests");
    QCOMPARE(main->source, QStringLiteral("test: main memory"));
    QCOMPARE(l2->source, source);
    QCOMPARE(int8->source, QStringLiteral("test: int8 peak"));
    QCOMPARE(bf16->source, source);

    const OperatorSpec *op = m_catalog.operatorSpec(QStringLiteral("example-nvfp4-mlp"));
    QVERIFY(op);
    QCOMPARE(op->kind, OperatorKind::DecodeGemm);
    QCOMPARE(op->weights, QStringLiteral("nvfp4"));
    ROOFLAB_COMPARE_DOUBLE(op->d, 4096);
    ROOFLAB_COMPARE_DOUBLE(op->f, 14336);
}

void TestPresetLoader::parseErrorPosition_data()
{
    QTest::addColumn<QByteArray>("bytes");
    QTest::addColumn<QString>("expected");
    // Line 3 is `  "b": @`: two spaces, "b" in columns 3-5, ':' 6, a space 7, '@' in 8.
    QTest::newRow("bad value") << QByteArray("{\n  \"a\": 1,\n  \"b\": @\n}\n")
                               << QStringLiteral("x.json: line 3, column 8, field \"b\": ");
    // `{"a": 1} x`: the stray 'x' is in column 10 of line 1.
    QTest::newRow("garbage after the object")
        << QByteArray("{\"a\": 1} x") << QStringLiteral("x.json: line 1, column 10: ");
    // Line 2 is ` "t": NaN}`: 'N' is in column 7.
    QTest::newRow("NaN") << QByteArray("{\n \"t\": NaN}\n")
                         << QStringLiteral("x.json: line 2, column 7, field \"t\": ");
}

void TestPresetLoader::parseErrorPosition()
{
    QFETCH(QByteArray, bytes);
    QFETCH(QString, expected);
    JsonReader reader(QStringLiteral("x.json"));
    QVERIFY(!reader.parseObject(bytes));
    QCOMPARE(reader.errors().size(), qsizetype(1));
    QVERIFY2(reader.errors().first().startsWith(expected), qPrintable(reader.errors().first()));
    QVERIFY(reader.errors().first().contains(QStringLiteral("not valid JSON")));
}

void TestPresetLoader::topLevelMustBeObject()
{
    JsonReader reader(QStringLiteral("list.json"));
    QVERIFY(!reader.parseObject("[1, 2]"));
    QCOMPARE(reader.errors(),
             QStringList{QStringLiteral("list.json: the top level must be a JSON object")});
}

void TestPresetLoader::numberRules_data()
{
    QTest::addColumn<double>("value");
    QTest::addColumn<NumberRule>("rule");
    QTest::addColumn<QString>("problem"); // empty: accepted
    const double inf = std::numeric_limits<double>::infinity();
    const double nan = std::numeric_limits<double>::quiet_NaN();
    const QString finite = QStringLiteral("must be a finite number");
    QTest::newRow("inf") << inf << NumberRule::Any << finite;
    QTest::newRow("-inf") << -inf << NumberRule::Any << finite;
    QTest::newRow("NaN") << nan << NumberRule::Positive << finite;
    QTest::newRow("positive 0") << 0.0 << NumberRule::Positive
                                << QStringLiteral("must be greater than zero, found 0");
    QTest::newRow("positive -2") << -2.0 << NumberRule::Positive
                                 << QStringLiteral("must be greater than zero, found -2");
    QTest::newRow("positive 1e-9") << 1e-9 << NumberRule::Positive << QString();
    QTest::newRow("non-negative 0") << 0.0 << NumberRule::NonNegative << QString();
    QTest::newRow("non-negative -1")
        << -1.0 << NumberRule::NonNegative << QStringLiteral("must not be negative, found -1");
    QTest::newRow("fraction 1") << 1.0 << NumberRule::Fraction << QString();
    QTest::newRow("fraction 0") << 0.0 << NumberRule::Fraction
                                << QStringLiteral("must be in (0, 1], found 0");
    QTest::newRow("fraction 1.5") << 1.5 << NumberRule::Fraction
                                  << QStringLiteral("must be in (0, 1], found 1.5");
    QTest::newRow("whole 3") << 3.0 << NumberRule::WholePositive << QString();
    QTest::newRow("whole 2.5") << 2.5 << NumberRule::WholePositive
                               << QStringLiteral("must be a whole number of at least 1, found 2.5");
    QTest::newRow("whole 0") << 0.0 << NumberRule::WholePositive
                             << QStringLiteral("must be a whole number of at least 1, found 0");
}

void TestPresetLoader::numberRules()
{
    QFETCH(double, value);
    QFETCH(NumberRule, rule);
    QFETCH(QString, problem);
    JsonReader reader(QStringLiteral("d.json"));
    const QJsonObject obj{{QStringLiteral("tflops"), value}};
    const std::optional<double> read =
        reader.requiredNumber(obj, QStringLiteral("tflops"), QStringLiteral("compute[2]"), rule);
    if (problem.isEmpty()) {
        QVERIFY(read);
        QCOMPARE(*read, value);
        QVERIFY(reader.ok());
        return;
    }
    QVERIFY(!read);
    QCOMPARE(reader.errors(), QStringList{QStringLiteral("d.json: compute[2].tflops: ") + problem});
}

void TestPresetLoader::stringFields()
{
    JsonReader reader(QStringLiteral("s.json"));
    const QJsonObject obj{{QStringLiteral("n"), 5}, {QStringLiteral("e"), QStringLiteral(" ")}};
    QVERIFY(reader.requiredString(obj, QStringLiteral("name"), QString()).isEmpty());
    QVERIFY(reader.requiredString(obj, QStringLiteral("n"), QStringLiteral("memory[0]")).isEmpty());
    QVERIFY(reader.requiredString(obj, QStringLiteral("e"), QString()).isEmpty());
    QVERIFY(reader.requiredArray(obj, QStringLiteral("n"), QString()).isEmpty());
    QCOMPARE(reader.errors(), (QStringList{QStringLiteral("s.json: name: missing"),
                                           QStringLiteral("s.json: memory[0].n: must be a string"),
                                           QStringLiteral("s.json: e: must not be empty"),
                                           QStringLiteral("s.json: n: must be an array")}));
}

QTEST_GUILESS_MAIN(TestPresetLoader)
#include "tst_presetloader.moc"
