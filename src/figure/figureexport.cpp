#include "figureexport.h"

#include "figure.h"
#include "figuremetadata.h"
#include "pngencoder.h"
#include "safefile.h"
#include "scenarioanalysis.h"
#include "svgdocument.h"
#include "tableexport.h"
#include "textsafety.h"
#include "version.h"

#include <QBuffer>
#include <QCoreApplication>
#include <QFileInfo>
#include <QGuiApplication>
#include <QHashFunctions>
#include <QPainter>
#include <QPdfWriter>
#include <QSvgGenerator>

namespace rooflab {

namespace {

QString tr(const char *text)
{
    return QCoreApplication::translate("RooflineChart", text);
}

QString figureTitle(const FigureRequest &request)
{
    return request.titles.title.isEmpty() ? tr("Roofline chart") : request.titles.title;
}

QString softwareName()
{
    return QStringLiteral("RoofLab %1").arg(QLatin1String(ROOFLAB_VERSION));
}

// The figure the request asks for; a table it has no room for is named in `notes`. `scale`:
// the pixels per figure pixel of a PNG (1 for the vector formats, which ignore it).
Figure figureOf(const Analysis &analysis, const FigureRequest &request, QStringList *notes,
                double scale = 1.0)
{
    const Presentation &p = request.presentation;
    ChartOptions options =
        chartOptionsFor(p, request.selection, request.titles, request.captionLine);
    options.fitVerdicts = modelFitVerdicts(request.models);
    options.leftOutNotes = request.leftOutNotes;
    Figure figure(analysis, options, QSize(p.width, p.height),
                  {.points = p.caption,
                   .models = request.models,
                   .compareRows = p.compareTable ? request.compareRows : QList<CompareRow>()});
    // The layout's height, which --scale does not change: a scaled PNG is more pixels of
    // the same figure, so only a taller one makes room.
    const QString height = scale == 1.0
                               ? tr("%1 px tall").arg(p.height)
                               : tr("%1 px tall (before its scale of %2)").arg(p.height).arg(scale);
    for (const QString &table : figure.tablesLeftOut())
        notes->append(tr("%1 is left out: a figure %2 has no room for it; export it taller")
                          .arg(table, height));
    return figure;
}

bool writePng(const Analysis &analysis, const FigureRequest &request, QIODevice *device,
              QString *error, QStringList *notes)
{
    const double scale = request.presentation.scale;
    QImage image = figureOf(analysis, request, notes, scale).image(scale);
    image.setText(QStringLiteral("Title"), figureTitle(request));
    image.setText(QStringLiteral("Software"), softwareName());
    if (!request.metadata.isEmpty()) {
        // Qt's PNG reader folds line breaks and runs of spaces; such text goes in as base64.
        const QString text = QString::fromUtf8(request.metadata);
        const bool verbatim = text.simplified() == text && text.toUtf8() == request.metadata;
        image.setText(QLatin1String(pngScenarioKey),
                      verbatim ? text
                               : QLatin1String(pngBase64Prefix) +
                                     QString::fromLatin1(request.metadata.toBase64()));
    }
    const QByteArray png = encodePng(image);
    if (png.isEmpty()) {
        *error = tr("the figure could not be drawn");
        return false;
    }
    if (device->write(png) != png.size()) {
        *error = device->errorString();
        return false;
    }
    return true;
}

bool writeSvg(const Analysis &analysis, const FigureRequest &request, QIODevice *device,
              QString *error, QStringList *notes)
{
    const Presentation &p = request.presentation;
    QBuffer buffer;
    buffer.open(QIODevice::WriteOnly);
    QSvgGenerator generator;
    generator.setOutputDevice(&buffer);
    generator.setResolution(96);
    generator.setSize(QSize(p.width, p.height));
    generator.setViewBox(QRect(0, 0, p.width, p.height));
    QPainter painter;
    if (!painter.begin(&generator)) {
        *error = tr("the SVG generator could not start");
        return false;
    }
    figureOf(analysis, request, notes).draw(&painter);
    painter.end();
    const QByteArray svg = SvgDocument::withHeader(
        buffer.data(), QSize(p.width, p.height), figureTitle(request),
        tr("Roofline chart drawn by %1").arg(softwareName()), request.metadata);
    if (device->write(svg) != svg.size()) {
        *error = device->errorString();
        return false;
    }
    return true;
}

// `pdf` with its /CreationDate entry overwritten by spaces: the same bytes for the same figure
// on any day. Spaces keep every later byte where the cross-reference table says it is.
QByteArray withoutCreationDate(QByteArray pdf)
{
    const qsizetype from = pdf.indexOf("/CreationDate (");
    const qsizetype to = from < 0 ? -1 : pdf.indexOf(')', from);
    if (to >= 0)
        pdf.replace(from, to + 1 - from, QByteArray(to + 1 - from, ' '));
    return pdf;
}

// Qt's PDF writer keeps its fonts in a hash and writes them in the hash's order, which
// follows the process's random hash seed: the same figure came out with its fonts in another
// order from one run to the next. A fixed seed while the PDF is drawn makes the order stable.
class StableHashOrder
{
public:
    StableHashOrder() { QHashSeed::setDeterministicGlobalSeed(); }
    ~StableHashOrder() { QHashSeed::resetRandomGlobalSeed(); }
    StableHashOrder(const StableHashOrder &) = delete;
    StableHashOrder &operator=(const StableHashOrder &) = delete;
};

bool writePdf(const Analysis &analysis, const FigureRequest &request, QIODevice *device,
              QString *error, QStringList *notes)
{
    const Presentation &p = request.presentation;
    QBuffer buffer;
    buffer.open(QIODevice::WriteOnly);
    const StableHashOrder stableFonts;
    QPdfWriter writer(&buffer);
    writer.setResolution(96);
    // 96 px to the inch, 72 pt to the inch: the page is the figure's size at 96 dpi.
    writer.setPageSize(QPageSize(QSizeF(p.width * 0.75, p.height * 0.75), QPageSize::Point,
                                 QString(), QPageSize::ExactMatch));
    writer.setPageMargins(QMarginsF(0, 0, 0, 0));
    writer.setTitle(xmlSafeText(figureTitle(request))); // metadata tools may read it as XML
    writer.setCreator(softwareName());
    if (!request.metadata.isEmpty())
        writer.addFileAttachment(QLatin1String(pdfScenarioName), request.metadata,
                                 QStringLiteral("application/json"));
    QPainter painter;
    if (!painter.begin(&writer)) {
        *error = tr("the PDF writer could not start");
        return false;
    }
    painter.setWindow(0, 0, p.width, p.height);
    figureOf(analysis, request, notes).draw(&painter);
    painter.end();
    const QByteArray pdf = withoutCreationDate(buffer.data());
    if (device->write(pdf) != pdf.size()) {
        *error = device->errorString();
        return false;
    }
    return true;
}

bool writeCsv(const Analysis &analysis, const FigureRequest &request, QIODevice *device,
              QString *error, QStringList * /* notes: a table leaves nothing out */)
{
    const QByteArray bytes = writeTable(analysis, request.models, TableFormat::Csv);
    if (device->write(bytes) == bytes.size())
        return true;
    *error = device->errorString();
    return false;
}

bool writeMarkdown(const Analysis &analysis, const FigureRequest &request, QIODevice *device,
                   QString *error, QStringList * /* notes */)
{
    const QByteArray bytes = writeTable(analysis, request.models, TableFormat::Markdown);
    if (device->write(bytes) == bytes.size())
        return true;
    *error = device->errorString();
    return false;
}

} // namespace

const QList<FigureFormat> &figureFormats()
{
    static const QList<FigureFormat> formats = {
        {.id = QStringLiteral("png"), .displayName = tr("PNG image"), .write = writePng},
        {.id = QStringLiteral("svg"), .displayName = tr("SVG vector image"), .write = writeSvg},
        {.id = QStringLiteral("pdf"), .displayName = tr("PDF document"), .write = writePdf},
        {.id = QStringLiteral("csv"),
         .displayName = tr("CSV table"),
         .table = true,
         .write = writeCsv},
        {.id = QStringLiteral("md"),
         .displayName = tr("Markdown table"),
         .table = true,
         .write = writeMarkdown},
    };
    return formats;
}

const FigureFormat *figureFormat(const QString &id)
{
    const QString wanted =
        id.compare(QLatin1String("markdown"), Qt::CaseInsensitive) == 0 ? QStringLiteral("md") : id;
    for (const FigureFormat &format : figureFormats()) {
        if (format.id.compare(wanted, Qt::CaseInsensitive) == 0)
            return &format;
    }
    return nullptr;
}

QString figureFormatIds(bool tables)
{
    QStringList ids;
    for (const FigureFormat &format : figureFormats()) {
        if (format.table == tables)
            ids.append(format.id);
    }
    return ids.join(QStringLiteral(", "));
}

const FigureFormat *formatOfRequest(const FigureRequest &request)
{
    return figureFormat(request.format.isEmpty() ? QFileInfo(request.path).suffix()
                                                 : request.format);
}

bool exportFigure(const Analysis &analysis, const FigureRequest &request, QString *error,
                  QStringList *notes)
{
    QString message;
    QString *err = error ? error : &message;
    const FigureFormat *format = formatOfRequest(request);
    if (!format) {
        *err =
            tr("unknown file format \"%1\" (use %2, %3)")
                .arg(request.format.isEmpty() ? QFileInfo(request.path).suffix() : request.format,
                     figureFormatIds(false), figureFormatIds(true));
        return false;
    }
    if (!format->table) {
        if (const QString problem = presentationProblem(request.presentation); !problem.isEmpty()) {
            *err = problem;
            return false;
        }
        if (!qobject_cast<QGuiApplication *>(QCoreApplication::instance())) {
            *err = tr("drawing a figure needs a QGuiApplication (the offscreen platform will do)");
            return false;
        }
    }
    if (const QString problem = outputPathProblem(request.path); !problem.isEmpty()) {
        *err = problem;
        return false;
    }
    // Drawn into memory, then written by writeFileAtomically: a failure leaves no file and
    // any earlier one untouched.
    QBuffer file;
    file.open(QIODevice::WriteOnly);
    QStringList said;
    if (!format->write(analysis, request, &file, err, &said)) {
        *err = tr("cannot write %1: %2").arg(request.path, *err);
        return false;
    }
    if (!writeFileAtomically(request.path, file.data(), err))
        return false;
    if (notes)
        *notes += said;
    return true;
}

} // namespace rooflab
