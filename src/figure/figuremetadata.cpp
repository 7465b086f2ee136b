#include "figuremetadata.h"

#include "inflate.h"
#include "pngchunks.h"
#include "safefile.h"
#include "scenariofile.h"
#include "svgdocument.h"

#include <QBuffer>
#include <QCoreApplication>
#include <QImageReader>
#include <QRegularExpression>

namespace rooflab {

namespace {

QString tr(const char *text)
{
    return QCoreApplication::translate("RooflineChart", text);
}

} // namespace

namespace {

// Qt's PNG reader hands libpng's warnings ("libpng warning: tEXt: CRC error") to the message
// log, where they would stand beside RoofLab's own verdict on the file: dropped while a PNG
// is read, every other message passed on.
class QuietImageReading
{
public:
    QuietImageReading() { s_previous = qInstallMessageHandler(drop); }
    ~QuietImageReading() { qInstallMessageHandler(s_previous); }
    QuietImageReading(const QuietImageReading &) = delete;
    QuietImageReading &operator=(const QuietImageReading &) = delete;

private:
    static void drop(QtMsgType type, const QMessageLogContext &context, const QString &text)
    {
        const bool imageIo =
            (context.category && qstrcmp(context.category, "qt.gui.imageio") == 0) ||
            text.startsWith(QLatin1String("libpng"));
        if (!imageIo && s_previous)
            s_previous(type, context, text);
    }
    static inline QtMessageHandler s_previous = nullptr;
};

QByteArray readPngMetadata(const QByteArray &png, QString *error)
{
    if (const QString problem = pngStructureProblem(png); !problem.isEmpty()) {
        *error = problem; // before libpng, which would reserve what a chunk claims
        return {};
    }
    QBuffer device;
    device.setData(png);
    device.open(QIODevice::ReadOnly);
    const QuietImageReading quiet;
    QImageReader reader(&device, "png");
    const QString text = reader.text(QLatin1String(pngScenarioKey));
    if (text.isEmpty()) {
        *error = reader.canRead() ? tr("the PNG carries no RoofLab scenario")
                                  : tr("not a readable PNG: %1").arg(reader.errorString());
        return {};
    }
    if (text.startsWith(QLatin1String(pngBase64Prefix)))
        return QByteArray::fromBase64(text.mid(qsizetype(sizeof(pngBase64Prefix)) - 1).toLatin1());
    return text.toUtf8();
}

// The scenario attached to a PDF: the file specification named pdfScenarioName points
// (/EF << /F n 0 R >>) at a stream object, inflated when compressed.
QByteArray readPdfMetadata(const QByteArray &pdf, QString *error)
{
    const qsizetype spec = pdf.indexOf(QByteArray("(") + pdfScenarioName + ")");
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
