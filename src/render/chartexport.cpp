#include "chartexport.h"

#include "captiontable.h"
#include "inflate.h"
#include "pngchunks.h"
#include "qcp.h"
#include "rooflinescene.h"
#include "safefile.h"
#include "scenariofile.h"
#include "svgdocument.h"
#include "textsafety.h"
#include "version.h"

#include <QApplication>
#include <QBuffer>
#include <QFileInfo>
#include <QImageReader>
#include <QImageWriter>
#include <QPainter>
#include <QPdfWriter>
#include <QRegularExpression>
#include <QSvgGenerator>

#include <cmath>

namespace rooflab {

namespace {

// The PNG text key and the PDF attachment that carry the scenario.
const QString pngScenarioKey = QStringLiteral("rooflab-scenario");
const QString pdfScenarioName = QStringLiteral("scenario.rooflab.json");
// Marks PNG scenario text stored as base64 (JSON never starts with it).
const QString base64Prefix = QStringLiteral("base64:");

QString tr(const char *text)
{
    return QCoreApplication::translate("RooflineChart", text);
}

QString figureTitle(const ChartOptions &options)
{
    return options.title.isEmpty() ? tr("Roofline chart") : options.title;
}

QString figureDescription()
{
    return tr("Roofline chart drawn by RoofLab %1").arg(QLatin1String(ROOFLAB_VERSION));
}

// What one file shows: the scene's plot at the top and, when asked, the caption table in
// the height the plot gave up below it. Sizes in logical pixels.
struct Figure
{
    RooflineScene &scene;
    CaptionTable caption;
    QSize size;
    int plotHeight = 0;

    bool hasCaption() const { return plotHeight < size.height(); }

    // The table and its background; the painter's origin is the figure's top-left corner.
    void drawCaption(QPainter *painter) const
    {
        painter->save();
        painter->setClipping(false);
        painter->setRenderHint(QPainter::Antialiasing);
        painter->fillRect(QRectF(0, plotHeight, size.width(), size.height() - plotHeight),
                          scene.model().theme.background);
        caption.draw(painter, plotHeight);
        painter->restore();
    }

    // The whole figure with a vector painter (SVG, PDF).
    void draw(QCPPainter *painter) const
    {
        scene.render(painter, QSize(size.width(), plotHeight));
        if (hasCaption())
            drawCaption(painter);
    }

    // The whole figure as an image of size * scale pixels; the plot is the scene's own image.
    QImage image(double scale) const
    {
        QImage plot = scene.renderImage(QSize(size.width(), plotHeight), scale);
        if (!hasCaption())
            return plot;
        const QSize pixels(std::max(1, static_cast<int>(std::lround(size.width() * scale))),
                           std::max(1, static_cast<int>(std::lround(size.height() * scale))));
        QImage image(pixels, plot.format());
        image.fill(scene.model().theme.background);
        image.setDotsPerMeterX(plot.dotsPerMeterX());
        image.setDotsPerMeterY(plot.dotsPerMeterY());
        QPainter painter(&image);
        painter.drawImage(QPoint(0, 0), plot);
        painter.scale(double(pixels.width()) / size.width(),
                      double(pixels.height()) / size.height());
        drawCaption(&painter);
        painter.end();
        return image;
    }
};

bool writePng(const Figure &figure, const ChartOptions &options, const ImageExport &request,
              QIODevice *device, QString *error)
{
    QImage image = figure.image(request.scale);
    image.setText(QStringLiteral("Title"), figureTitle(options));
    image.setText(QStringLiteral("Software"),
                  QStringLiteral("RoofLab %1").arg(QLatin1String(ROOFLAB_VERSION)));
    if (!request.metadata.isEmpty()) {
        // Qt's PNG reader folds line breaks and runs of spaces; such text goes in as base64.
        const QString text = QString::fromUtf8(request.metadata);
        const bool verbatim = text.simplified() == text && text.toUtf8() == request.metadata;
        image.setText(pngScenarioKey,
                      verbatim ? text
                               : base64Prefix + QString::fromLatin1(request.metadata.toBase64()));
    }
    QImageWriter writer(device, "png");
    if (!writer.write(image)) {
        *error = writer.errorString();
        return false;
    }
    return true;
}

bool writeSvg(const Figure &figure, const ChartOptions &options, const ImageExport &request,
              QIODevice *device, QString *error)
{
    QBuffer buffer;
    buffer.open(QIODevice::WriteOnly);
    QSvgGenerator generator;
    generator.setOutputDevice(&buffer);
    generator.setResolution(96);
    generator.setSize(QSize(request.width, request.height));
    generator.setViewBox(QRect(0, 0, request.width, request.height));
    QCPPainter painter;
    if (!painter.begin(&generator)) {
        *error = tr("the SVG generator could not start");
        return false;
    }
    figure.draw(&painter);
    painter.end();
    const QByteArray svg = SvgDocument::withHeader(buffer.data(), figureTitle(options),
                                                   figureDescription(), request.metadata);
    if (device->write(svg) != svg.size()) {
        *error = device->errorString();
        return false;
    }
    return true;
}

bool writePdf(const Figure &figure, const ChartOptions &options, const ImageExport &request,
              QIODevice *device, QString *error)
{
    QPdfWriter writer(device);
    writer.setResolution(96);
    // 96 px to the inch, 72 pt to the inch: the page is the figure's size at 96 dpi.
    writer.setPageSize(QPageSize(QSizeF(request.width * 0.75, request.height * 0.75),
                                 QPageSize::Point, QString(), QPageSize::ExactMatch));
    writer.setPageMargins(QMarginsF(0, 0, 0, 0));
    writer.setTitle(xmlSafeText(figureTitle(options))); // metadata tools may read it as XML
    writer.setCreator(QStringLiteral("RoofLab %1").arg(QLatin1String(ROOFLAB_VERSION)));
    if (!request.metadata.isEmpty())
        writer.addFileAttachment(pdfScenarioName, request.metadata,
                                 QStringLiteral("application/json"));
    QCPPainter painter;
    if (!painter.begin(&writer)) {
        *error = tr("the PDF writer could not start");
        return false;
    }
    painter.setMode(QCPPainter::pmVectorized);
    painter.setWindow(0, 0, request.width, request.height);
    figure.draw(&painter);
    painter.end();
    return true;
}

QString formatOf(const ImageExport &request)
{
    if (!request.format.isEmpty())
        return request.format.toLower();
    return QFileInfo(request.path).suffix().toLower();
}

bool validate(const ImageExport &request, const QString &format, QString *error)
{
    if (format != QLatin1String("png") && format != QLatin1String("svg") &&
        format != QLatin1String("pdf")) {
        *error = tr("unknown image format \"%1\" (use png, svg or pdf)").arg(format);
        return false;
    }
    if (request.width < 16 || request.height < 16 || request.width > 20000 ||
        request.height > 20000) {
        *error = tr("image size %1 x %2 is outside 16 to 20000 pixels")
                     .arg(request.width)
                     .arg(request.height);
        return false;
    }
    if (!(request.scale >= 0.1 && request.scale <= 8)) {
        *error = tr("scale %1 is outside 0.1 to 8").arg(request.scale);
        return false;
    }
    if (const QString problem = outputPathProblem(request.path); !problem.isEmpty()) {
        *error = problem;
        return false;
    }
    return true;
}

} // namespace

bool exportChart(const Analysis &analysis, const ChartOptions &options, const ImageExport &request,
                 QString *error)
{
    QString message;
    QString *err = error ? error : &message;
    const QString format = formatOf(request);
    if (!validate(request, format, err))
        return false;
    if (!qobject_cast<QApplication *>(QCoreApplication::instance())) {
        *err = tr("drawing a chart needs a QApplication (the offscreen platform will do)");
        return false;
    }
    QCustomPlot plot;
    RooflineScene scene(&plot);
    ChartOptions still = options;
    still.animate = false;
    scene.setContent(analysis, still);
    Figure figure{scene, {}, QSize(request.width, request.height), request.height};
    if (request.caption) {
        // The plot keeps at least half the height; rows beyond that are summed up.
        figure.caption = CaptionTable::build(analysis, scene.model());
        const double height = figure.caption.layout(request.width, request.height / 2.0);
        figure.plotHeight = request.height - static_cast<int>(std::ceil(height));
    }
    plot.resize(request.width, figure.plotHeight);
    scene.showContentRange();

    // Drawn into memory, then written by writeFileAtomically: a failure leaves no file.
    QBuffer file;
    file.open(QIODevice::WriteOnly);
    bool ok = false;
    if (format == QLatin1String("png"))
        ok = writePng(figure, options, request, &file, err);
    else if (format == QLatin1String("svg"))
        ok = writeSvg(figure, options, request, &file, err);
    else
        ok = writePdf(figure, options, request, &file, err);
    if (!ok) {
        *err = tr("cannot write %1: %2").arg(request.path, *err);
        return false;
    }
    return writeFileAtomically(request.path, file.data(), err);
}

namespace {

QByteArray readPngMetadata(const QByteArray &png, QString *error)
{
    if (const QString problem = pngStructureProblem(png); !problem.isEmpty()) {
        *error = problem; // before libpng, which would reserve what a chunk claims
        return {};
    }
    QBuffer device;
    device.setData(png);
    device.open(QIODevice::ReadOnly);
    QImageReader reader(&device, "png");
    const QString text = reader.text(pngScenarioKey);
    if (text.isEmpty()) {
        *error = reader.canRead() ? tr("the PNG carries no RoofLab scenario")
                                  : tr("not a readable PNG: %1").arg(reader.errorString());
        return {};
    }
    if (text.startsWith(base64Prefix))
        return QByteArray::fromBase64(text.mid(base64Prefix.size()).toLatin1());
    return text.toUtf8();
}

// The scenario attached to a PDF: the file specification named pdfScenarioName points
// (/EF << /F n 0 R >>) at a stream object, inflated when compressed.
QByteArray readPdfMetadata(const QByteArray &pdf, QString *error)
{
    const qsizetype spec = pdf.indexOf("(" + pdfScenarioName.toLatin1() + ")");
    static const QRegularExpression fileRef(QStringLiteral(R"(/EF\s*<<\s*/F\s+(\d+)\s+0\s+R)"));
    const QRegularExpressionMatch ref =
        spec < 0 ? QRegularExpressionMatch()
                 : fileRef.match(QString::fromLatin1(pdf.mid(spec, 300)));
    if (!ref.hasMatch()) {
        *error = tr("the PDF carries no RoofLab scenario");
        return {};
    }
    const QByteArray header = "\n" + ref.captured(1).toLatin1() + " 0 obj";
    const qsizetype object = pdf.indexOf(header);
    const qsizetype stream = object < 0 ? -1 : pdf.indexOf("stream", object);
    const qsizetype end = stream < 0 ? -1 : pdf.indexOf("endstream", stream);
    if (end < 0) {
        *error = tr("the PDF's scenario attachment is cut short");
        return {};
    }
    const QByteArray dictionary = pdf.mid(object, stream - object);
    qsizetype begin = stream + 6;
    if (pdf.mid(begin, 2) == "\r\n")
        begin += 2;
    else if (pdf.at(begin) == '\n')
        begin += 1;
    QByteArray data = pdf.mid(begin, end - begin);
    if (dictionary.contains("/FlateDecode")) {
        // Inflated in chunks up to the scenario file limit: a small PDF cannot claim gigabytes.
        QString reason;
        data = inflateCapped(data, maxScenarioFileBytes, &reason).value_or(QByteArray());
        if (data.isEmpty())
            *error = tr("the PDF's scenario attachment: %1").arg(reason);
    } else if (data.endsWith('\n')) {
        data.chop(data.endsWith("\r\n") ? 2 : 1);
    }
    return data;
}

} // namespace

QByteArray readEmbeddedMetadata(const QString &path, QString *error)
{
    QString message;
    QString *err = error ? error : &message;
    const std::optional<QByteArray> bytes = readFileCapped(path, maxScenarioImageBytes, err);
    if (!bytes)
        return {};
    const QByteArray head = bytes->left(512);
    QByteArray result;
    QString reason;
    if (head.startsWith("\x89PNG\r\n\x1a\n")) {
        result = readPngMetadata(*bytes, &reason);
    } else if (head.startsWith("%PDF")) {
        result = readPdfMetadata(*bytes, &reason);
    } else if (head.contains("<svg") || head.startsWith("<?xml")) {
        result = SvgDocument::readMetadata(*bytes, &reason);
    } else {
        reason = tr("not a PNG, SVG or PDF file");
    }
    if (result.size() > maxScenarioFileBytes) {
        result.clear();
        reason =
            tr("the embedded scenario is larger than %1").arg(byteSizeText(maxScenarioFileBytes));
    }
    if (result.isEmpty())
        *err = tr("%1: %2").arg(path, reason.isEmpty() ? tr("no scenario found") : reason);
    return result;
}

} // namespace rooflab
