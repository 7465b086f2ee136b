// `rooflab export` run as a user runs it: the built executable, with no display and no
// platform chosen for it, writing every format; the files are checked from outside.
#include "catalog.h"
#include "exportrunner.h"
#include "figuremetadata.h"
#include "scenariofile.h"

#include <QDir>
#include <QFile>
#include <QImageReader>
#include <QProcess>
#include <QTemporaryDir>
#include <QTest>
#include <QXmlStreamReader>

#include <algorithm>

using namespace rooflab;
using namespace rooflab::test;

namespace {

QString s(const char *text)
{
    return QString::fromUtf8(text);
}

// The text of every <text> element, and whether any element is named `forbidden`.
struct SvgContent
{
    QString error;
    QStringList texts;
    bool hasForbidden = false;
};

SvgContent parseSvg(const QByteArray &bytes, const QString &forbidden)
{
    SvgContent content;
    QXmlStreamReader xml(bytes);
    while (!xml.atEnd()) {
        xml.readNext();
        if (!xml.isStartElement())
            continue;
        if (xml.name() == forbidden)
            content.hasForbidden = true;
        if (xml.name() == QLatin1String("text"))
            content.texts.append(xml.readElementText(QXmlStreamReader::IncludeChildElements));
    }
    if (xml.hasError())
        content.error = QStringLiteral("line %1: %2").arg(xml.lineNumber()).arg(xml.errorString());
    return content;
}

// The uncompressed content of every stream in a PDF (Flate or plain).
QList<QByteArray> pdfStreams(const QByteArray &pdf)
{
    QList<QByteArray> streams;
    qsizetype from = 0;
    while (true) {
        const qsizetype begin = pdf.indexOf("stream", from);
        if (begin < 0)
            break;
        qsizetype dataStart = begin + 6;
        if (pdf.mid(dataStart, 2) == "\r\n")
            dataStart += 2;
        else if (pdf.mid(dataStart, 1) == "\n")
            dataStart += 1;
        else {
            from = dataStart;
            continue;
        }
        const qsizetype end = pdf.indexOf("endstream", dataStart);
        if (end < 0)
            break;
        const QByteArray data = pdf.mid(dataStart, end - dataStart);
        // A zlib stream starts with 0x78. qUncompress wants a 4-byte size hint in front of
        // it, and grows its buffer as needed.
        const QByteArray inflated =
            data.startsWith('\x78') ? qUncompress(QByteArray("\0\0\x10\0", 4) + data) : data;
        streams.append(inflated.isEmpty() ? data : inflated);
        from = end + 9;
    }
    return streams;
}

} // namespace

class TestExportCommand : public QObject
{
    Q_OBJECT

private:
    Run rooflab(const QStringList &arguments)
    {
        return runExport(arguments, m_dir->path(), m_home.filePath(s("data")));
    }

    QString path(const char *name) const { return m_dir->filePath(s(name)); }

    // Exports with `arguments` and checks the command succeeded quietly.
    bool exportOk(const QStringList &arguments)
    {
        const Run run = rooflab(QStringList{s("export")} + arguments);
        if (run.exitCode != 0 || !run.err.isEmpty())
            qWarning().noquote() << "exit" << run.exitCode << "stderr:" << run.err;
        return run.exitCode == 0 && run.err.isEmpty();
    }

    // The scenario embedded in an exported file.
    std::optional<ScenarioDocument> embedded(const QString &file)
    {
        QString error;
        const QByteArray json = readEmbeddedMetadata(file, &error);
        if (json.isEmpty()) {
            qWarning().noquote() << error;
            return std::nullopt;
        }
        QStringList errors;
        auto doc = readScenarioFile(json, file, m_catalog, &errors);
        if (!doc)
            qWarning().noquote() << errors.join(s("\n"));
        return doc;
    }

    // The scenario `flagScenarioArgs` describe, built by hand.
    static Scenario flagScenario()
    {
        Scenario expected;
        expected.devices = {s("h100-sxm5")};
        expected.batch = 8;
        expected.scheme.weights = s("fp8-e4m3");
        OperatorSpec op;
        op.id = s("decode-gemm");
        op.name = s("decode-gemm");
        op.kind = OperatorKind::DecodeGemm;
        op.d = 4096;
        op.f = 14336;
        expected.operators = {op};
        return expected;
    }

    static QStringList flagScenarioArgs()
    {
        return {s("--device"), s("h100-sxm5"), s("--op"),      s("decode-gemm"),
                s("--d"),      s("4096"),      s("--f"),       s("14336"),
                s("--batch"),  s("8"),         s("--weights"), s("fp8-e4m3")};
    }

    // The names of the files in the work folder.
    QStringList files() const
    {
        return QDir(m_dir->path()).entryList(QDir::NoDotAndDotDot | QDir::AllEntries, QDir::Name);
    }

private Q_SLOTS:
    void initTestCase()
    {
        QVERIFY(m_home.isValid());
        m_catalog = Catalog::builtin();
        QVERIFY(QFile::exists(s(ROOFLAB_EXE)));
    }

    void init()
    {
        m_dir = std::make_unique<QTemporaryDir>();
        QVERIFY(m_dir->isValid());
    }

    void helpListsEveryFlag()
    {
        const Run run = rooflab({s("export"), s("--help")});
        QCOMPARE(run.exitCode, 0);
        for (const char *flag :
             {"-o, --output <FILE>", "--format <FORMAT>", "--width <W>", "--height <H>",
              "--scale <S>", "--theme <T>", "--device <ID[:EDITS]>", "--op <KIND|ID>",
              "--batch <B>", "--weights <FORMAT>", "--roof", "--memory", "--norm-width <W>",
              "--presets <DIR>", "[SCENARIO]", "--caption", "--caption-line", "--highlight",
              "--no-legend"})
            QVERIFY2(run.out.contains(s(flag)), flag);
    }

    void svgIsValidSearchableAndReopens()
    {
        QVERIFY(exportOk({s("-o"), s("default.svg")}));
        const QByteArray bytes = readAll(path("default.svg"));
        const SvgContent svg = parseSvg(bytes, s("script"));
        QVERIFY2(svg.error.isEmpty(), qPrintable(svg.error));
        // The default scenario's devices, the H100's bf16 ridge (989.5e12 / 3.35e12 = 295.37
        // FLOP/B, to 3 digits) and the axis titles, each as searchable text.
        // Each device's line ends with its decode GEMMs' ridge batches, bf16 throughout:
        // B* = I*·D·F / (D·F − I*·(D+F)), the first whole batch past it.
        //   H100, I* = 295.3731: MLP up (D 4096, F 14336): 1.734439e10 / 53,275,938 = 325.56;
        //     LM head (D 4096, V 128256): 1.551703e11 / 486,243,351 = 319.12 -> "320–326".
        //   H200, I* = 989.5e12 / 4.8e12 = 206.1458: MLP up 1.210494e10 / 54,920,576 = 220.41;
        //     LM head 1.082959e11 / 498,052,763 = 217.44 -> "218–221".
        for (const char *expected :
             {"Shaded zones: NVIDIA H100 SXM5 80GB", "NVIDIA H100 SXM5 80GB · B*=320–326",
              "NVIDIA H200 SXM 141GB · B*=218–221", "ridge 295 FLOP/B",
              "Arithmetic intensity (FLOP/byte)", "Attainable performance (FLOP/s)"})
            QVERIFY2(svg.texts.contains(s(expected)),
                     qPrintable(s(expected) + s(" not among: ") + svg.texts.join(s(" | "))));
        QVERIFY(bytes.contains("font-family=\""));

        const auto doc = embedded(path("default.svg"));
        QVERIFY(doc);
        QCOMPARE(doc->scenario, defaultScenario(m_catalog));
        Presentation expected;
        expected.highlightSelection = false; // exports leave the ring out unless asked
        QCOMPARE(doc->presentation, expected);
    }

    void flagsRoundTripThroughEveryImage_data()
    {
        QTest::addColumn<QString>("file");
        QTest::newRow("svg") << s("f.svg");
        QTest::newRow("png") << s("f.png");
        QTest::newRow("pdf") << s("f.pdf");
    }

    void flagsRoundTripThroughEveryImage()
    {
        QFETCH(QString, file);
        QVERIFY(exportOk(QStringList{s("-o"), file, s("--theme"), s("print"), s("--width"),
                                     s("800"), s("--height"), s("600")} +
                         flagScenarioArgs()));
        const auto doc = embedded(m_dir->filePath(file));
        QVERIFY(doc);
        QCOMPARE(doc->scenario, flagScenario());
        Presentation view;
        view.theme = s("print");
        view.width = 800;
        view.height = 600;
        view.highlightSelection = false; // exports leave the ring out unless asked
        QCOMPARE(doc->presentation, view);
        if (file.endsWith(s(".svg"))) {
            // fp8 weights with bf16 activations multiply in bf16: the H100's bf16 matrix roof,
            // ridge 989.5e12 / 3.35e12 = 295.37 FLOP/B, labelled to 3 digits.
            const SvgContent svg = parseSvg(readAll(m_dir->filePath(file)), s("script"));
            QVERIFY2(svg.error.isEmpty(), qPrintable(svg.error));
            QVERIFY2(svg.texts.contains(s("ridge 295 FLOP/B")), qPrintable(svg.texts.join(s("|"))));
            const auto deviceLine = [&](const QString &text) {
                return text.startsWith(s("NVIDIA H100 SXM5 80GB"));
            };
            QVERIFY(std::any_of(svg.texts.cbegin(), svg.texts.cend(), deviceLine));
        }
    }

    void scenarioFileIsInputAndOutput()
    {
        // A scenario file in, the same scenario embedded out; an exported SVG in works too.
        Scenario scenario = flagScenario();
        scenario.roof = RoofMode::Achievable;
        Presentation view;
        view.theme = s("dark");
        const Selection selection{.device = s("h100-sxm5"), .op = s("decode-gemm")};
        QVERIFY(writeAll(path("in.rooflab.json"), writeScenarioFile(scenario, view, selection)));
        QVERIFY(exportOk({s("in.rooflab.json"), s("-o"), s("a.svg")}));
        auto doc = embedded(path("a.svg"));
        QVERIFY(doc);
        QCOMPARE(doc->scenario, scenario);
        // The file does not name highlight_selection: the export leaves the ring out.
        view.highlightSelection = false;
        QCOMPARE(doc->presentation, view);
        QCOMPARE(doc->selection, selection);

        QVERIFY(exportOk({s("a.svg"), s("-o"), s("b.png"), s("--batch"), s("64")}));
        doc = embedded(path("b.png"));
        QVERIFY(doc);
        scenario.batch = 64;
        QCOMPARE(doc->scenario, scenario);
    }

    void exportsAreByteIdentical_data()
    {
        QTest::addColumn<QString>("format");
        QTest::newRow("svg") << s("svg");
        QTest::newRow("png") << s("png");
        QTest::newRow("csv") << s("csv");
        QTest::newRow("md") << s("md");
    }

    void exportsAreByteIdentical()
    {
        QFETCH(QString, format);
        QVERIFY(exportOk({s("-o"), s("one.") + format}));
        QVERIFY(exportOk({s("-o"), s("two.") + format}));
        const QByteArray one = readAll(m_dir->filePath(s("one.") + format));
        QVERIFY(!one.isEmpty());
        QVERIFY(one == readAll(m_dir->filePath(s("two.") + format)));
    }

    void pdfIsTheSameOnEveryRun()
    {
        // Qt's PDF writer ordered its fonts by the process's random hash seed: of six runs of
        // this figure (regular and bold DejaVu), four differed from the first. Each also
        // carried the time it was written. Four runs, one bytes, no date.
        const QStringList figure{s("--model"),  s("llama-3.1-8b"), s("--device"), s("h100-sxm5"),
                                 s("--device"), s("mi300x"),       s("--width"),  s("700"),
                                 s("--height"), s("500"),          s("--caption")};
        QByteArray first;
        for (int run = 0; run < 4; ++run) {
            const QString name = s("same-%1.pdf").arg(run);
            QVERIFY(exportOk(QStringList{s("-o"), name} + figure));
            const QByteArray pdf = readAll(m_dir->filePath(name));
            QVERIFY(pdf.startsWith("%PDF-"));
            QVERIFY(!pdf.contains("/CreationDate"));
            if (run == 0)
                first = pdf;
            QVERIFY2(pdf == first, qPrintable(name));
        }
    }

    void pngHasRequestedSize()
    {
        QVERIFY(exportOk({s("-o"), s("small.png"), s("--width"), s("640"), s("--height"), s("480"),
                          s("--scale"), s("2")}));
        QImageReader reader(path("small.png"));
        QCOMPARE(reader.format(), QByteArray("png"));
        // 640 x 480 figure pixels at scale 2 = 1280 x 960 image pixels.
        QCOMPARE(reader.size(), QSize(1280, 960));

        QVERIFY(
            exportOk({s("-o"), s("plain.png"), s("--width"), s("333"), s("--height"), s("222")}));
        QCOMPARE(QImageReader(path("plain.png")).size(), QSize(333, 222));
    }

    void captionAddsTheSelectedPointsTable()
    {
        // Two devices, the 8B MLP up projection in decode (D = 4096, F = 14336) selected on
        // the H100, and decode attention; BF16, batch 64.
        const Catalog catalog = Catalog::builtin();
        Scenario scenario;
        scenario.devices = {s("h100-sxm5"), s("h200-sxm")};
        scenario.operators = {*catalog.operatorSpec(s("decode-mlp-up-8b")),
                              *catalog.operatorSpec(s("attn-decode-8b"))};
        scenario.batch = 64;
        const Selection selection{.device = s("h100-sxm5"), .op = s("decode-mlp-up-8b")};
        QVERIFY(writeAll(path("sel.rooflab.json"),
                         writeScenarioFile(scenario, Presentation(), selection)));

        QVERIFY(exportOk({s("sel.rooflab.json"), s("-o"), s("cap.svg"), s("--caption")}));
        const SvgContent svg = parseSvg(readAll(path("cap.svg")), s("script"));
        QVERIFY2(svg.error.isEmpty(), qPrintable(svg.error));
        // H100 row: FLOPs 2·64·4096·14336 = 7.516e9; bytes 2·4096·14336 + 2·64·(4096+14336)
        // = 119,799,808; intensity 7.516e9 / 119.8e6 = 62.74 FLOP/B, memory-bound (ridge
        // 295), attainable 3.35e12 · 62.74 = 210.2 TFLOP/s, time 119.8e6 / 3.35e12 = 35.8 µs.
        for (const char *expected : {"Intensity", "Bound", "NVIDIA H200 SXM 141GB", "7.516 GFLOP",
                                     "119.8 MB", "62.74 FLOP/B", "210.2 TFLOP/s", "35.8 µs"})
            QVERIFY2(svg.texts.contains(s(expected)),
                     qPrintable(s(expected) + s(" missing from: ") + svg.texts.join(s(" | "))));
        QVERIFY(readAll(path("cap.svg")).contains("viewBox=\"0 0 1600 1000\""));

        // Without --caption no table; --no-legend drops the legend's kind entries.
        QVERIFY(exportOk({s("sel.rooflab.json"), s("-o"), s("plain.svg")}));
        const SvgContent plain = parseSvg(readAll(path("plain.svg")), s("script"));
        QVERIFY(!plain.texts.contains(s("62.74 FLOP/B")));
        QVERIFY(plain.texts.contains(s("decode GEMM")));
        QVERIFY(exportOk({s("sel.rooflab.json"), s("-o"), s("bare.svg"), s("--no-legend")}));
        const SvgContent bare = parseSvg(readAll(path("bare.svg")), s("script"));
        QVERIFY(!bare.texts.contains(s("decode GEMM")));
        const auto doc = embedded(path("bare.svg"));
        QVERIFY(doc);
        QVERIFY(!doc->presentation.showLegend);

        // A PNG with the caption keeps the size asked for.
        QVERIFY(exportOk({s("sel.rooflab.json"), s("-o"), s("cap.png"), s("--caption"),
                          s("--width"), s("640"), s("--height"), s("480")}));
        QCOMPARE(QImageReader(path("cap.png")).size(), QSize(640, 480));
    }

    void pdfIsVectorWithText()
    {
        QVERIFY(exportOk(QStringList{s("-o"), s("chart.pdf")} + flagScenarioArgs()));
        const QByteArray pdf = readAll(path("chart.pdf"));
        QVERIFY(pdf.startsWith("%PDF-"));
        QVERIFY(pdf.contains("/Font"));
        // Text drawn as text: some content stream has a text object (BT ... Tj/TJ ... ET),
        // and no page is one embedded picture of the chart.
        bool hasText = false;
        for (const QByteArray &stream : pdfStreams(pdf))
            hasText = hasText ||
                      (stream.contains("BT") && (stream.contains("Tj") || stream.contains("TJ")));
        QVERIFY(hasText);
        QVERIFY(!pdf.contains("/Subtype /Image") || pdf.size() < 4'000'000);
    }

    void formatOptionOverridesExtension()
    {
        QVERIFY(exportOk({s("-o"), s("chart.out"), s("--format"), s("svg")}));
        QVERIFY(readAll(path("chart.out")).contains("<svg"));
        QVERIFY(exportOk({s("-o"), s("table.txt"), s("--format"), s("markdown")}));
        QVERIFY(readAll(path("table.txt")).startsWith("## Points"));
    }

    void tables()
    {
        QVERIFY(exportOk(QStringList{s("-o"), s("t.csv")} + flagScenarioArgs()));
        const QStringList lines =
            QString::fromUtf8(readAll(path("t.csv"))).split(s("\r\n"), Qt::SkipEmptyParts);
        // Header, one point (one operator on one device), then the H100's roofs: one memory
        // level and 8 compute ceilings.
        QCOMPARE(lines.size(), 1 + 1 + 1 + 8);
        QVERIFY(lines.at(0).startsWith(s("record,device,device_name,operator_id,operator,")));
        QVERIFY(lines.at(1).startsWith(s("point,h100-sxm5,NVIDIA H100 SXM5 80GB,decode-gemm,")));
        // Decode GEMM at batch 8, fp8 weights (1 B), bf16 activations (2 B), d=4096, f=14336:
        // FLOPs = 2*8*4096*14336 = 939,524,096; bytes = 4096*14336*1 + 8*(4096+14336)*2
        // = 58,720,256 + 294,912 = 59,015,168.
        QVERIFY2(lines.at(1).contains(s(",939524096,59015168,")), qPrintable(lines.at(1)));

        QVERIFY(exportOk(QStringList{s("-o"), s("t.md")} + flagScenarioArgs()));
        const QString md = QString::fromUtf8(readAll(path("t.md")));
        QVERIFY(md.contains(s("| NVIDIA H100 SXM5 80GB | decode-gemm | fp8-e4m3 | bf16 |")));
        QCOMPARE(md.count(s("| NVIDIA H100 SXM5 80GB | compute |")), 8);
    }

    void maliciousNamesAreEscaped()
    {
        QVERIFY(QDir(m_dir->path()).mkpath(s("evil/devices")));
        QVERIFY(writeAll(path("evil/devices/evil.json"), R"({
            "schema": "rooflab-device", "version": 1, "id": "evil-gpu",
            "name": "<script>alert(1)</script>", "vendor": "x&y", "year": 2024,
            "memory_capacity_gb": 16, "source": "test",
            "memory": [{"level": "main", "name": "<b>HBM</b>", "bandwidth_tbps": 1}],
            "compute": [{"unit": "matrix", "math": "bf16", "tflops": 100}]})"));
        Scenario scenario;
        scenario.devices = {s("evil-gpu")};
        OperatorSpec op;
        op.id = s("x");
        op.name = s("]]></metadata><script>alert(2)</script><!-- & \"'");
        op.kind = OperatorKind::Matmul;
        op.n = 1024;
        scenario.operators = {op};
        QVERIFY(writeAll(path("evil.rooflab.json"), writeScenarioFile(scenario, Presentation())));

        QVERIFY(
            exportOk({s("evil.rooflab.json"), s("--presets"), s("evil"), s("-o"), s("evil.svg")}));
        const QByteArray bytes = readAll(path("evil.svg"));
        QVERIFY(!bytes.contains("<script"));
        QVERIFY(!bytes.contains("<b>"));
        const SvgContent svg = parseSvg(bytes, s("script"));
        QVERIFY2(svg.error.isEmpty(), qPrintable(svg.error));
        QVERIFY(!svg.hasForbidden);
        // The name is shown as the text it is.
        QVERIFY2(svg.texts.join(QLatin1Char('\n')).contains(s("<script>alert(1)</script>")),
                 qPrintable(svg.texts.join(s(" | "))));

        // The caption table lists the same names, escaped the same way: with no selection it
        // has the one point's row, so each name is drawn once more than in the plain chart.
        QVERIFY(exportOk({s("evil.rooflab.json"), s("--presets"), s("evil"), s("-o"),
                          s("evil-caption.svg"), s("--caption")}));
        const QByteArray captioned = readAll(path("evil-caption.svg"));
        QVERIFY(!captioned.contains("<script"));
        const SvgContent table = parseSvg(captioned, s("script"));
        QVERIFY2(table.error.isEmpty(), qPrintable(table.error));
        QVERIFY(!table.hasForbidden);
        QCOMPARE(table.texts.count(s("<script>alert(1)</script>")),
                 svg.texts.count(s("<script>alert(1)</script>")) + 1);
        QCOMPARE(table.texts.count(op.name), svg.texts.count(op.name) + 1);

        Catalog withEvil = Catalog::builtin();
        withEvil.loadDirectory(path("evil"));
        QString error;
        QStringList errors;
        const auto doc = readScenarioFile(readEmbeddedMetadata(path("evil.svg"), &error),
                                          s("evil.svg"), withEvil, &errors);
        QVERIFY2(doc, qPrintable(error + errors.join(s("\n"))));
        QCOMPARE(doc->scenario, scenario);
    }

private:
    QTemporaryDir m_home;
    std::unique_ptr<QTemporaryDir> m_dir;
    Catalog m_catalog;
};

QTEST_MAIN(TestExportCommand)
#include "tst_exportcommand.moc"
