// Names and sizes a preset may not have (docs/presets.md, "Limits"): a control character or
// a bidirectional control in a name is refused at load, naming the file and the field, so
// that ESC, BEL or U+202E never reach a terminal, a table or a figure; a model too large to
// analyse (1e15 layers printed a negative step time) is refused the same way.
#include "catalog.h"
#include "textsafety.h"

#include <QFile>
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

QJsonObject preset(const char *path)
{
    QFile file(qEnvironmentVariable("ROOFLAB_SOURCE_DIR") + s("/presets/") + s(path));
    if (!file.open(QIODevice::ReadOnly))
        return {};
    return QJsonDocument::fromJson(file.readAll()).object();
}

// The problems of loading `root` as a preset named `file` beside the built-in ones.
QStringList problemsOf(const QJsonObject &root, const QString &file)
{
    Catalog catalog = Catalog::builtin();
    const qsizetype before = catalog.problems().size();
    catalog.loadBytes(QJsonDocument(root).toJson(), file);
    return catalog.problems().mid(before);
}

} // namespace

class TestPresetNames : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void nameProblemNamesTheCharacter()
    {
        QCOMPARE(nameProblem(s("NVIDIA H100 SXM5 80GB")), QString());
        QCOMPARE(nameProblem(s("H100 \x1b[31mred")),
                 s("holds the control character U+001B; a name is one line of plain text"));
        QCOMPARE(nameProblem(s("line\nbreak")),
                 s("holds the control character U+000A; a name is one line of plain text"));
        QCOMPARE(nameProblem(QString(QChar(0x202E)) + s("evil")),
                 s("holds the bidirectional control U+202E; a name is one line of plain text"));
        QVERIFY(nameProblem(s("bell\x07")).startsWith(s("holds the control character U+0007;")));
        // Letters of any script are names.
        QCOMPARE(nameProblem(s("Ascend 910B · 昇腾")), QString());
    }

    void controlsInNamesAreRefusedAtLoad_data()
    {
        QTest::addColumn<QString>("kind");
        QTest::addColumn<QString>("field");
        QTest::newRow("device name") << s("device") << s("name");
        QTest::newRow("device vendor") << s("device") << s("vendor");
        QTest::newRow("model name") << s("model") << s("name");
        QTest::newRow("model vendor") << s("model") << s("vendor");
    }

    void controlsInNamesAreRefusedAtLoad()
    {
        QFETCH(QString, kind);
        QFETCH(QString, field);
        QJsonObject root = kind == s("device") ? preset("devices/h100-sxm5.json")
                                               : preset("models/llama-3.1-8b.json");
        QVERIFY(!root.isEmpty());
        root[s("id")] = s("renamed");
        root[field] = s("Name \x1b]0;pwned\x07");
        const QStringList problems = problemsOf(root, s("bad.json"));
        QCOMPARE(problems,
                 QStringList{s("bad.json: %1: holds the control character U+001B; a name is one "
                               "line of plain text")
                                 .arg(field)});
    }

    void anOperatorNameWithABidiOverrideIsRefused()
    {
        const QJsonObject root{
            {s("schema"), s("rooflab-operators")},
            {s("version"), 1},
            {s("operators"),
             QJsonArray{QJsonObject{{s("id"), s("rev")},
                                    {s("name"), s("GEMM ") + QChar(0x202E) + s("desrever")},
                                    {s("kind"), s("matmul")},
                                    {s("n"), 1024}}}}};
        const QStringList problems = problemsOf(root, s("ops.json"));
        QCOMPARE(problems.size(), 1);
        QVERIFY2(problems.first().startsWith(s("ops.json: operators[0].name: holds the "
                                               "bidirectional control U+202E")),
                 qPrintable(problems.first()));
    }

    void aModelTooLargeToAnalyseIsRefused_data()
    {
        QTest::addColumn<QString>("field");
        QTest::addColumn<double>("value");
        QTest::addColumn<QString>("message");
        QTest::newRow("layers") << s("layers") << 1e15
                                << s("bad.json: layers: must be at most 100000, found 1e+15");
        QTest::newRow("vocab") << s("vocab") << 1e12
                               << s("bad.json: vocab: must be at most 1e+08, found 1e+12");
    }

    void aModelTooLargeToAnalyseIsRefused()
    {
        QFETCH(QString, field);
        QFETCH(double, value);
        QFETCH(QString, message);
        QJsonObject root = preset("models/llama-3.1-8b.json");
        root[s("id")] = s("huge");
        root[field] = value;
        QCOMPARE(problemsOf(root, s("bad.json")), QStringList{message});
    }
};

QTEST_GUILESS_MAIN(TestPresetNames)
#include "tst_presetnames.moc"
