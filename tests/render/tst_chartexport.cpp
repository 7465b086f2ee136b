#include "figureexport.h"
#include "figuremetadata.h"
#include "renderfixtures.h"

#include <QFile>
#include <QImage>
#include <QImageReader>
#include <QRegularExpression>
#include <QSvgRenderer>
#include <QTemporaryDir>
#include <QTest>
#include <QXmlStreamReader>

using namespace rooflab;
using namespace rooflab::test;

class TestChartExport : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void initTestCase();
    void pngHasTheRequestedSize_data();
    void pngHasTheRequestedSize();
    void svgIsValidXmlWithText();
    void svgRendersAtItsExactSize_data();
    void svgRendersAtItsExactSize();
    void svgIsByteIdentical();
    void maliciousNamesAreEscaped();
    void metadataRoundTrips_data();
    void metadataRoundTrips();
    void pdfCarriesText();
    void nonexistentFolderFailsAndLeavesNoFile();
    void unknownFormatFails();
    void longTitleFitsTheFigure();

private:
    QString path(const QString &name) const { return m_dir.filePath(name); }
    static QByteArray readAll(const QString &file);
    static QStringList svgTexts(const QByteArray &svg, QString *error);

    QTemporaryDir m_dir;
    Analysis m_analysis;
};

QByteArray TestChartExport::readAll(const QString &file)
{
    QFile f(file);
    return f.open(QIODevice::ReadOnly) ? f.readAll() : QByteArray();
}

// Every <text> element's content, after XML unescaping; `error` set when the XML is bad.
QStringList TestChartExport::svgTexts(const QByteArray &svg, QString *error)
{
    QStringList texts;
    QXmlStreamReader xml(svg);
    while (!xml.atEnd()) {
        if (xml.readNext() == QXmlStreamReader::StartElement && xml.name() == QLatin1String("text"))
            texts.append(xml.readElementText(QXmlStreamReader::IncludeChildElements));
    }
    if (xml.hasError())
        *error = xml.errorString();
    return texts;
}

void TestChartExport::initTestCase()
{
    QVERIFY(m_dir.isValid());
    const Catalog catalog = Catalog::builtin();
    m_analysis = evaluate(
        catalog, llmScenario(catalog, {QStringLiteral("h100-sxm5"), QStringLiteral("mi300x")}, 1));
    QVERIFY(!m_analysis.points.isEmpty());
}

void TestChartExport::pngHasTheRequestedSize_data()
{
    QTest::addColumn<int>("width");
    QTest::addColumn<int>("height");
    QTest::addColumn<double>("scale");
    QTest::addColumn<QSize>("pixels");
    QTest::newRow("default") << 1600 << 1000 << 1.0 << QSize(1600, 1000);
    // 800 x 500 at scale 2: 1600 x 1000 device pixels.
    QTest::newRow("high dpi") << 800 << 500 << 2.0 << QSize(1600, 1000);
    // 333 * 1.5 = 499.5 -> 500 and 217 * 1.5 = 325.5 -> 326 (rounded half up).
    QTest::newRow("odd") << 333 << 217 << 1.5 << QSize(500, 326);
}

void TestChartExport::pngHasTheRequestedSize()
{
    QFETCH(int, width);
    QFETCH(int, height);
    QFETCH(double, scale);
    QFETCH(QSize, pixels);
    FigureRequest request;
    request.path = path(QStringLiteral("size.png"));
    request.presentation.width = width;
    request.presentation.height = height;
    request.presentation.scale = scale;
    QString error;
    QVERIFY2(exportFigure(m_analysis, request, &error), qPrintable(error));
    const QImage image(request.path);
    QCOMPARE(image.size(), pixels);
    // The chart is drawn: the background is white and the plot has coloured roofs.
    QCOMPARE(image.pixelColor(2, 2), QColor(Qt::white));
    bool coloured = false;
    for (int y = 0; y < image.height() && !coloured; y += 3) {
        for (int x = 0; x < image.width() && !coloured; x += 3) {
            const QColor c = image.pixelColor(x, y);
            coloured = c.saturation() > 150 && c.value() > 100;
        }
    }
    QVERIFY(coloured);
}

void TestChartExport::svgIsValidXmlWithText()
{
    FigureRequest request;
    request.path = path(QStringLiteral("chart.svg"));
    QString error;
    QVERIFY2(exportFigure(m_analysis, request, &error), qPrintable(error));
    const QByteArray svg = readAll(request.path);
    QVERIFY(svg.startsWith("<?xml"));
    const QStringList texts = svgTexts(svg, &error);
    QVERIFY2(error.isEmpty(), qPrintable(error));
    const auto has = [&](const QString &needle) {
        return std::any_of(texts.cbegin(), texts.cend(),
                           [&](const QString &t) { return t.contains(needle); });
    };
    QVERIFY(has(QStringLiteral("NVIDIA H100 SXM5 80GB")));
    QVERIFY(has(QStringLiteral("AMD Instinct MI300X")));
    // H100: 989.5e12 / 3.35e12 = 295.4; MI300X: 1307.4e12 / 5.3e12 = 246.7 FLOP/byte.
    QVERIFY(has(QStringLiteral("ridge 295 FLOP/B")));
    QVERIFY(has(QStringLiteral("ridge 247 FLOP/B")));
    QVERIFY(has(QStringLiteral("Arithmetic intensity (FLOP/byte)")));
    QVERIFY(has(QStringLiteral("Attainable performance (FLOP/s)")));
    QVERIFY(has(QStringLiteral("BF16 matrix 989.5 TFLOP/s")));
    // A concrete font family on every text with a generic fallback behind it, and the size
    // in whole pixels: 1600 × 1000 px, not 423.333 mm (1600 / 96 × 25.4 = 423.3333…, which a
    // renderer turns back into 1600.0013 px and rounds up to 1601).
    QVERIFY(!svg.contains("font-family=\"Sans Serif\""));
    QVERIFY(!svg.contains("font-family=\"DejaVu Sans\""));
    QVERIFY(svg.contains("font-family=\"'DejaVu Sans', sans-serif\""));
    QVERIFY(svg.contains("<svg width=\"1600px\" height=\"1000px\""));
    QVERIFY(!svg.contains("mm\""));
    QVERIFY(svg.contains("viewBox=\"0 0 1600 1000\""));
    QCOMPARE(svg.count("<title>"), 1);
}

void TestChartExport::svgRendersAtItsExactSize_data()
{
    QTest::addColumn<int>("width");
    QTest::addColumn<int>("height");
    // 3.5 in × 2.625 in at 96 px/in = 336 × 252 px: in millimetres (88.9 × 66.675) a
    // renderer made it 337 × 253. 1200 × 800 came out 1200 × 801.
    QTest::newRow("single column") << 336 << 252;
    QTest::newRow("1200x800") << 1200 << 800;
}

void TestChartExport::svgRendersAtItsExactSize()
{
    QFETCH(int, width);
    QFETCH(int, height);
    FigureRequest request;
    request.path = path(QStringLiteral("exact.svg"));
    request.presentation.width = width;
    request.presentation.height = height;
    QString error;
    QVERIFY2(exportFigure(m_analysis, request, &error), qPrintable(error));
    QSvgRenderer renderer(readAll(request.path));
    QVERIFY(renderer.isValid());
    QCOMPARE(renderer.defaultSize(), QSize(width, height));
    QCOMPARE(renderer.viewBoxF(), QRectF(0, 0, width, height));
}

void TestChartExport::svgIsByteIdentical()
{
    FigureRequest request;
    request.metadata = R"({"devices": ["h100-sxm5"]})";
    request.path = path(QStringLiteral("first.svg"));
    QString error;
    QVERIFY2(exportFigure(m_analysis, request, &error), qPrintable(error));
    request.path = path(QStringLiteral("second.svg"));
    QVERIFY2(exportFigure(m_analysis, request, &error), qPrintable(error));
    const QByteArray first = readAll(path(QStringLiteral("first.svg")));
    QVERIFY(first.size() > 10000);
    QCOMPARE(readAll(path(QStringLiteral("second.svg"))), first);
}

void TestChartExport::maliciousNamesAreEscaped()
{
    const QString evil = QStringLiteral("<script>alert(1)</script> & \"quotes\"");
    const Catalog catalog = catalogWithDevice(evil);
    Scenario scenario;
    scenario.devices = {QStringLiteral("test-device")};
    scenario.operators = {catalogOperator(catalog, QStringLiteral("decode-qkv-8b"))};
    OperatorSpec op = catalogOperator(catalog, QStringLiteral("rmsnorm-8b"));
    op.name = QStringLiteral("</text><script>x</script>");
    scenario.operators.append(op);
    const Analysis analysis = evaluate(catalog, scenario);
    QCOMPARE(analysis.devices.size(), 1);
    QCOMPARE(analysis.devices.first().deviceName, evil);

    FigureRequest request;
    request.titles.title = QStringLiteral("Title <b>&</b>");
    request.path = path(QStringLiteral("evil.svg"));
    request.metadata = "{\"name\": \"</rooflab:scenario></metadata><script>y</script>\"}";
    QString error;
    QVERIFY2(exportFigure(analysis, request, &error), qPrintable(error));
    const QByteArray svg = readAll(request.path);
    QVERIFY(!svg.contains("<script"));
    QVERIFY(!svg.contains("<b>"));
    const QStringList texts = svgTexts(svg, &error);
    QVERIFY2(error.isEmpty(), qPrintable(error));
    // The names come back exactly once unescaped: text, not markup. The device's line ends
    // with its QKV GEMM's B* (D 4096, F 6144, ridge I* = 100e12 / 1e12 = 100 FLOP/B):
    // I*·D·F / (D·F − I*·(D+F)) = 2,516,582,400 / 24,141,824 = 104.24, first whole batch 105.
    QVERIFY(texts.contains(evil + QStringLiteral(" · B*=105")));
    QVERIFY(texts.contains(QStringLiteral("</text><script>x</script>")));
    QVERIFY(texts.contains(QStringLiteral("Title <b>&</b>")));
    QCOMPARE(readEmbeddedMetadata(request.path, &error), request.metadata);
}

void TestChartExport::metadataRoundTrips_data()
{
    QTest::addColumn<QString>("format");
    QTest::newRow("png") << QStringLiteral("png");
    QTest::newRow("svg") << QStringLiteral("svg");
    QTest::newRow("pdf") << QStringLiteral("pdf");
}

void TestChartExport::metadataRoundTrips()
{
    QFETCH(QString, format);
    // Non-ASCII, markup characters, a line break and a tab must all survive.
    const QByteArray json = QStringLiteral("{\n\t\"device\": \"Gerät µ <&> \\\"x\\\"\",\n"
                                           "\t\"batch\": 1024\n}\n")
                                .toUtf8();
    FigureRequest request;
    request.path = path(QStringLiteral("meta.") + format);
    request.metadata = json;
    QString error;
    QVERIFY2(exportFigure(m_analysis, request, &error), qPrintable(error));
    QCOMPARE(readEmbeddedMetadata(request.path, &error), json);
    QVERIFY(error.isEmpty());

    // Without metadata there is nothing to read back, and the reason is given.
    request.metadata.clear();
    QVERIFY2(exportFigure(m_analysis, request, &error), qPrintable(error));
    QVERIFY(readEmbeddedMetadata(request.path, &error).isEmpty());
    QVERIFY(error.contains(request.path));
}

void TestChartExport::pdfCarriesText()
{
    FigureRequest request;
    request.path = path(QStringLiteral("chart.pdf"));
    QString error;
    QVERIFY2(exportFigure(m_analysis, request, &error), qPrintable(error));
    const QByteArray pdf = readAll(request.path);
    QVERIFY(pdf.startsWith("%PDF-"));
    // Text is text: fonts are embedded with a ToUnicode map, and some content stream shows
    // text (BT ... Tj/TJ ... ET) once inflated.
    QVERIFY(pdf.contains("/ToUnicode"));
    QVERIFY(pdf.contains("DejaVu"));
    bool textShown = false;
    qsizetype at = 0;
    while (!textShown && (at = pdf.indexOf("stream\n", at)) >= 0) {
        const qsizetype end = pdf.indexOf("endstream", at);
        const QByteArray raw = pdf.mid(at + 7, end - at - 7);
        const QByteArray data = qUncompress(QByteArray("\0\0\0\0", 4) + raw);
        const QByteArray &content = data.isEmpty() ? raw : data;
        textShown = content.contains("BT") && content.contains("ET") &&
                    (content.contains("Tj") || content.contains("TJ"));
        at = end;
    }
    QVERIFY(textShown);
}

void TestChartExport::nonexistentFolderFailsAndLeavesNoFile()
{
    for (const char *format : {"png", "svg", "pdf"}) {
        FigureRequest request;
        request.path = path(QStringLiteral("missing/chart.") + QLatin1String(format));
        QString error;
        QVERIFY(!exportFigure(m_analysis, request, &error));
        QVERIFY2(error.contains(QLatin1String("does not exist")), qPrintable(error));
        QVERIFY(error.contains(request.path));
        QVERIFY(!QFile::exists(request.path));
    }
    QCOMPARE(QDir(m_dir.path()).entryList({QStringLiteral("*.tmp")}, QDir::Files).size(), 0);
}

void TestChartExport::unknownFormatFails()
{
    FigureRequest request;
    request.path = path(QStringLiteral("chart.bmp"));
    QString error;
    QVERIFY(!exportFigure(m_analysis, request, &error));
    QVERIFY2(error.contains(QLatin1String("bmp")), qPrintable(error));
    QVERIFY(!QFile::exists(request.path));
    request.path = path(QStringLiteral("chart.png"));
    request.presentation.width = 0;
    QVERIFY(!exportFigure(m_analysis, request, &error));
    QVERIFY2(error.contains(QLatin1String("width")), qPrintable(error));
}

void TestChartExport::longTitleFitsTheFigure()
{
    // A two-line title whose second line is far wider than a 600 px figure: the font shrinks
    // to 70 % at most, then the line wraps between its words, so every word is drawn whole
    // inside the figure; only a word too long for a line alone (the 200 y) is elided.
    const QString second = QStringLiteral("Needs 163 GB: ") + QString(30, QLatin1Char('x')) +
                           QStringLiteral(" does not fit ") + QString(200, QLatin1Char('y'));
    FigureRequest request;
    request.titles.title = QStringLiteral("Short first line\n") + second;
    request.path = path(QStringLiteral("title.svg"));
    request.presentation.width = 600;
    request.presentation.height = 400;
    QString error;
    QVERIFY2(exportFigure(m_analysis, request, &error), qPrintable(error));
    const QStringList texts = svgTexts(readAll(request.path), &error);
    QVERIFY2(error.isEmpty(), qPrintable(error));
    QVERIFY(texts.contains(QStringLiteral("Short first line")));
    QVERIFY2(texts.contains(QStringLiteral("Needs 163 GB: ") + QString(30, QLatin1Char('x')) +
                            QStringLiteral(" does not")) ||
                 texts.contains(QStringLiteral("Needs 163 GB: ") + QString(30, QLatin1Char('x')) +
                                QStringLiteral(" does not fit")),
             qPrintable(texts.join(QStringLiteral(" | "))));
    bool elided = false;
    for (const QString &text : texts) {
        QVERIFY2(!text.contains(QString(200, QLatin1Char('y'))), qPrintable(text));
        elided = elided || (text.startsWith(QStringLiteral("yyy")) && text.endsWith(QChar(0x2026)));
    }
    QVERIFY(elided);
}

QTEST_MAIN(TestChartExport)
#include "tst_chartexport.moc"
