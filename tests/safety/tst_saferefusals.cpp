// Refusals that must be the same everywhere (exit status 2, the flag named, the preset's
// wording) and names that must not break the files they are written to: control
// characters in SVG, formulas in CSV, bidirectional controls in tables.
#include "hostilefiles.h"
#include "runrooflab.h"

#include <QDir>
#include <QFile>
#include <QJsonArray>
#include <QJsonDocument>
#include <QProcess>
#include <QTemporaryDir>
#include <QTest>
#include <QXmlStreamReader>

namespace {

using rooflab::test::Run;

QString s(const char *text)
{
    return QString::fromUtf8(text);
}

QByteArray readAll(const QString &path)
{
    QFile file(path);
    return file.open(QIODevice::ReadOnly) ? file.readAll() : QByteArray();
}

bool writeAll(const QString &path, const QByteArray &bytes)
{
    QFile file(path);
    return file.open(QIODevice::WriteOnly) && file.write(bytes) == bytes.size();
}

} // namespace

class TestSafeRefusals : public QObject
{
    Q_OBJECT

private:
    Run run(const QStringList &arguments) const;
    // A preset folder with one device named `name` (id "named-npu") and one custom operator
    // named `name` (id "named-op").
    QString namedPresets(const QString &folder, const QString &name);

    QTemporaryDir m_home;
    QTemporaryDir m_work;

private Q_SLOTS:
    void initTestCase();
    void refusedFlags_data();
    void refusedFlags();
    void helpStatesTheRanges();
    void presetAndFlagShareWording();
    void controlCharactersKeepSvgWellFormed();
    void controlCharacterInAModelNameIsRefused();
    void formulaNamesNeutralisedInCsv();
    void bidiControlsEscapedInTables();
    void undecodableFileNameRefused();
};

Run TestSafeRefusals::run(const QStringList &arguments) const
{
    return rooflab::test::runRooflab(s(ROOFLAB_EXE), arguments, m_home.path(), 60000);
}

QString TestSafeRefusals::namedPresets(const QString &folder, const QString &name)
{
    const QString dir = m_work.filePath(folder);
    QDir().mkpath(dir);
    const QJsonObject ops{{s("schema"), s("rooflab-operators")},
                          {s("version"), 1},
                          {s("operators"), QJsonArray{QJsonObject{{s("id"), s("named-op")},
                                                                  {s("name"), name},
                                                                  {s("kind"), s("custom")},
                                                                  {s("flops"), 1e9},
                                                                  {s("bytes"), 1e6}}}}};
    writeAll(dir + s("/device.json"),
             rooflab::test::json(rooflab::test::devicePreset(s("named-npu"), name)));
    writeAll(dir + s("/ops.json"), rooflab::test::json(ops));
    return dir;
}

void TestSafeRefusals::initTestCase()
{
    QVERIFY(m_home.isValid());
    QVERIFY(m_work.isValid());
}

void TestSafeRefusals::refusedFlags_data()
{
    QTest::addColumn<QStringList>("arguments");
    QTest::addColumn<QString>("message");
    const QString out = s("out.svg");
    const QStringList exportSvg{s("export"), s("-o"), out};
    QTest::newRow("--width 15") << exportSvg + QStringList{s("--width"), s("15")}
                                << s("--width: must be a whole number of pixels from 16 to "
                                     "20000, got 15");
    QTest::newRow("--scale 0.05") << exportSvg + QStringList{s("--scale"), s("0.05")}
                                  << s("--scale: must be from 0.1 to 8, got 0.05");
    // 20000 x 20000 = 4e8 pixels at scale 1, more than 2.56e8: the size is to blame.
    QTest::newRow("20000 x 20000")
        << exportSvg + QStringList{s("--width"), s("20000"), s("--height"), s("20000")}
        // 20000 x 20000 = 4e8 pixels: 400 million, over the 256 million limit.
        << s("--width/--height: 20000 x 20000 at scale 1 is 400 million pixels, more than 256 "
             "million");
    // 10000 x 10000 x 2 x 2 = 4e8 pixels: the scale is to blame.
    QTest::newRow("scale 2 at 10000 x 10000")
        << exportSvg + QStringList{s("--width"), s("10000"),   s("--height"),
                                   s("10000"),   s("--scale"), s("2")}
        // 20000 x 20000 pixels again: 400 million.
        << s("--scale: 10000 x 10000 at scale 2 is 400 million pixels, more than 256 million");
    const QStringList attention{s("analyze"),          s("--device"),   s("h100-sxm5"), s("--op"),
                                s("attention-decode"), s("--head-dim"), s("128")};
    QTest::newRow("0.5 heads") << attention + QStringList{s("--heads"), s("0.5")}
                               << s("--heads: must be a whole number of at least 1, found 0.5");
    QTest::newRow("kv heads not dividing")
        << attention + QStringList{s("--heads"), s("32"), s("--kv-heads"), s("5")}
        << s("--kv-heads: must divide heads (32) evenly, found 5");
    QTest::newRow("kv heads above heads")
        << attention + QStringList{s("--heads"), s("8"), s("--kv-heads"), s("16")}
        << s("--kv-heads: must not exceed heads (8), found 16");
    QTest::newRow("--batch twice")
        << attention +
               QStringList{s("--heads"), s("32"), s("--batch"), s("1"), s("--batch"), s("2")}
        << s("--batch: given 2 times; give it once");
    QTest::newRow("-o twice") << exportSvg + QStringList{s("-o"), s("other.svg")}
                              << s("-o: given 2 times; give it once");
    QTest::newRow("--presets ''") << QStringList{s("list"), s("devices"), s("--presets"), QString()}
                                  << s("--presets: empty folder name; give a folder");
    QTest::newRow("export ''") << QStringList{s("export"), QString(), s("-o"), out}
                               << s("export: empty scenario file name");
    QTest::newRow("export --model with --op")
        << exportSvg + QStringList{s("--device"),     s("h100-sxm5"), s("--model"),
                                   s("llama-3.1-8b"), s("--op"),      s("gemm")}
        << s("--op: give either --model or --op, not both");
}

void TestSafeRefusals::refusedFlags()
{
    QFETCH(QStringList, arguments);
    QFETCH(QString, message);
    const QString before = QDir::currentPath();
    QDir::setCurrent(m_work.path());
    const Run r = run(arguments);
    QDir::setCurrent(before);
    QVERIFY(r.finished);
    QCOMPARE(r.exitCode, 2);
    QCOMPARE(QString::fromUtf8(r.err).trimmed(), s("rooflab: ") + message);
    QVERIFY(!QFileInfo::exists(m_work.filePath(s("out.svg"))));
}

// The ranges the refusals above enforce are the ones the help texts give.
void TestSafeRefusals::helpStatesTheRanges()
{
    const Run exportHelp = run({s("export"), s("--help")});
    QCOMPARE(exportHelp.exitCode, 0);
    const QString text = QString::fromUtf8(exportHelp.out).simplified();
    QVERIFY2(text.contains(s("Figure width in pixels, 16 to 20000")), qPrintable(text));
    QVERIFY2(text.contains(s("Figure height in pixels, 16 to 20000")), qPrintable(text));
    QVERIFY2(text.contains(s("0.1 to 8")), qPrintable(text));
    const Run analyzeHelp = run({s("analyze"), s("--help")});
    const QString analyze = QString::fromUtf8(analyzeHelp.out).simplified();
    QVERIFY2(analyze.contains(s("are whole numbers from 1 to 1e15, and --kv-heads divides "
                                "--heads; --flops and --bytes go up to 1e30")),
             qPrintable(analyze));
}

// The same value refused by a flag and by a preset field gives the same reason.
void TestSafeRefusals::presetAndFlagShareWording()
{
    const QString dir = m_work.filePath(s("attention"));
    QDir().mkpath(dir);
    const QJsonObject ops{
        {s("schema"), s("rooflab-operators")},
        {s("version"), 1},
        {s("operators"), QJsonArray{QJsonObject{{s("id"), s("bad-attn")},
                                                {s("kind"), s("attention-decode")},
                                                {s("heads"), 32},
                                                {s("kv_heads"), 5},
                                                {s("head_dim"), 128}}}}};
    QVERIFY(writeAll(dir + s("/ops.json"), rooflab::test::json(ops)));
    const Run preset = run({s("list"), s("operators"), s("--presets"), dir});
    QCOMPARE(preset.exitCode, 0);
    QVERIFY2(preset.err.contains("operators[0].kv_heads: must divide heads (32) evenly, found 5"),
             preset.err.constData());

    QJsonObject device = rooflab::test::devicePreset(s("denormal-npu"), s("Denormal NPU"));
    device.insert(s("compute"), QJsonArray{rooflab::test::ceiling("matrix", "bf16", 1e-320)});
    QVERIFY(writeAll(dir + s("/device.json"), rooflab::test::json(device)));
    const Run tiny = run({s("list"), s("devices"), s("--presets"), dir});
    QVERIFY2(tiny.err.contains("compute[0].tflops: must be at least 1e-12, found 9.99989e-321"),
             tiny.err.constData());
}

// A kernel's name comes from a profiler's file, which may hold anything: its control
// characters become U+FFFD in the SVG, which stays well-formed. (A preset's names may not
// hold them at all: controlCharacterInAModelNameIsRefused.)
void TestSafeRefusals::controlCharactersKeepSvgWellFormed()
{
    const QString csv = m_work.filePath(s("control.csv"));
    QVERIFY(writeAll(csv, "name,flops,time_s,bytes_dram\n"
                          "\"k\x01\x02&x\",1e9,1e-3,1e8\n"));
    const QString svg = m_work.filePath(s("control.svg"));
    const Run r =
        run({s("export"), s("--device"), s("h100-sxm5"), s("--op"), s("custom"), s("--flops"),
             s("1e9"), s("--bytes"), s("1e9"), s("--measured"), csv, s("-o"), svg});
    QVERIFY2(r.exitCode == 0, r.err.constData());
    QXmlStreamReader xml(readAll(svg));
    bool shown = false;
    while (!xml.atEnd()) {
        xml.readNext();
        if (xml.isCharacters() && xml.text().contains(s("k\uFFFD\uFFFD&x")))
            shown = true;
    }
    QVERIFY2(!xml.hasError(), qPrintable(xml.errorString()));
    QVERIFY2(shown, "the name is not in the SVG with its control characters replaced");
    // The scenario embedded in the SVG still reads back.
    const Run again = run({s("export"), svg, s("-o"), m_work.filePath(s("again.csv"))});
    QVERIFY2(again.exitCode == 0, again.err.constData());
}

// A model's name reached the PDF's title and the terminal: a control character in it is now
// refused when the preset loads, naming the file and the field, and the model is unknown.
void TestSafeRefusals::controlCharacterInAModelNameIsRefused()
{
    const QString source = qEnvironmentVariable("ROOFLAB_SOURCE_DIR");
    QVERIFY(!source.isEmpty());
    QFile preset(source + s("/presets/models/llama-3.1-8b.json"));
    QVERIFY(preset.open(QIODevice::ReadOnly));
    QJsonObject model = QJsonDocument::fromJson(preset.readAll()).object();
    model.insert(s("id"), s("control-model"));
    model.insert(s("name"), s("Ctl") + QChar(0x01) + QChar(0x0B) + s("Model"));
    const QString dir = m_work.filePath(s("control-model"));
    QDir().mkpath(dir);
    QVERIFY(writeAll(dir + s("/model.json"), rooflab::test::json(model)));
    const QString pdf = m_work.filePath(s("control.pdf"));
    const Run r = run({s("export"), s("--presets"), dir, s("--model"), s("control-model"),
                       s("--device"), s("h100-sxm5"), s("-o"), pdf});
    QCOMPARE(r.exitCode, 2);
    QVERIFY2(r.err.contains("model.json: name: holds the control character U+0001"),
             r.err.constData());
    QVERIFY(!QFile::exists(pdf));
}

void TestSafeRefusals::formulaNamesNeutralisedInCsv()
{
    for (const char *formula : {"=HYPERLINK(\"http://x\")", "+1+1", "-1+1", "@SUM(A1)"}) {
        const QString dir = namedPresets(s("formula"), s(formula));
        const QString csv = m_work.filePath(s("formula.csv"));
        const Run r = run({s("export"), s("--presets"), dir, s("--device"), s("named-npu"),
                           s("--op"), s("named-op"), s("-o"), csv});
        QCOMPARE(r.exitCode, 0);
        // The quotes of the name are doubled inside the quoted cell.
        QString cell = s("'") + s(formula);
        cell.replace(s("\""), s("\"\""));
        const QString text = QString::fromUtf8(readAll(csv));
        QVERIFY2(text.contains(s(",\"") + cell + s("\",")), qPrintable(text));
        QVERIFY2(!text.contains(s(",") + s(formula)), qPrintable(text));
    }
}

// A kernel's name with a bidirectional override (a preset's would be refused at load) is
// escaped in tables and on the terminal, so it cannot reorder what they show.
void TestSafeRefusals::bidiControlsEscapedInTables()
{
    const QString csv = m_work.filePath(s("bidi.csv"));
    QVERIFY(writeAll(csv, "name,flops,time_s,bytes_dram\nabc\xe2\x80\xae"
                          "fed,1e9,1e-3,1e8\n"));
    const QString md = m_work.filePath(s("bidi.md"));
    Run r = run({s("export"), s("--device"), s("h100-sxm5"), s("--measured"), csv, s("--op"),
                 s("custom"), s("--flops"), s("1e9"), s("--bytes"), s("1e9"), s("-o"), md});
    QVERIFY2(r.exitCode == 0, r.err.constData());
    const QString table = QString::fromUtf8(readAll(md));
    QVERIFY2(table.contains(s("abc\\<U+202E\\>fed")), qPrintable(table));
    QVERIFY(!table.contains(QChar(0x202E)));
    r = run({s("analyze"), s("--device"), s("h100-sxm5"), s("--measured"), csv});
    QCOMPARE(r.exitCode, 0);
    QVERIFY2(r.out.contains("abc<U+202E>fed on h100-sxm5, measured"), r.out.constData());
    QVERIFY(!QString::fromUtf8(r.out).contains(QChar(0x202E)));
}

// `-o $'\xff'-chart.svg`: a name the system's encoding cannot decode. Qt would turn the
// byte into U+FFFD and write "\xef\xbf\xbd-chart.svg"; the command refuses it instead. The
// shell passes the raw byte, which a QStringList argument cannot carry.
void TestSafeRefusals::undecodableFileNameRefused()
{
    QTemporaryDir work;
    QProcess process;
    QProcessEnvironment env = QProcessEnvironment::systemEnvironment();
    env.insert(s("XDG_DATA_HOME"), m_home.path());
    env.insert(s("LC_ALL"), s("C.UTF-8"));
    process.setProcessEnvironment(env);
    process.setWorkingDirectory(work.path());
    process.start(s("/bin/sh"), {s("-c"), s(R"(exec "$0" export -o "$(printf '\377')-chart.svg")"),
                                 s(ROOFLAB_EXE)});
    QVERIFY(process.waitForFinished(30000));
    QCOMPARE(process.exitCode(), 2);
    const QByteArray err = process.readAllStandardError();
    QVERIFY2(err.startsWith("rooflab: argument 3 (\"\\xff-chart.svg\") is not valid text"),
             err.constData());
    QVERIFY2(QDir(work.path()).entryList(QDir::Files).isEmpty(),
             qPrintable(QDir(work.path()).entryList(QDir::Files).join(s(", "))));
}

QTEST_GUILESS_MAIN(TestSafeRefusals)
#include "tst_saferefusals.moc"
