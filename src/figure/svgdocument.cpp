#include "svgdocument.h"

#include "textsafety.h"

#include <QCoreApplication>
#include <QStringDecoder>
#include <QXmlStreamReader>

namespace rooflab {

namespace {

QString tr(const char *text)
{
    return QCoreApplication::translate("RooflineChart", text);
}

// Bytes XML 1.0 cannot carry verbatim (control characters; a carriage return would be
// normalised away) or that are not UTF-8 go in as base64 instead.
bool needsBase64(const QByteArray &data)
{
    for (char c : data) {
        const auto u = static_cast<unsigned char>(c);
        if ((u < 0x20 && u != '\n' && u != '\t') || u == 0x7f)
            return true;
    }
    QStringDecoder utf8(QStringDecoder::Utf8);
    const QString text = utf8(data);
    return utf8.hasError();
}

// The opening <svg> tag with its width and height in px.
QByteArray withPixelSize(QByteArray tag, const QSize &pixels)
{
    const auto replace = [&tag](const QByteArray &attribute, int value) {
        const QByteArray open = ' ' + attribute + "=\"";
        const qsizetype from = tag.indexOf(open);
        const qsizetype to = from < 0 ? -1 : tag.indexOf('"', from + open.size());
        if (to >= 0)
            tag.replace(from + open.size(), to - from - open.size(),
                        QByteArray::number(value) + "px");
    };
    replace("width", pixels.width());
    replace("height", pixels.height());
    return tag;
}

// `font-family="DejaVu Sans"` as `font-family="'DejaVu Sans', sans-serif"`.
QByteArray withFontFallback(const QByteArray &body)
{
    static const QByteArray attribute = "font-family=\"";
    QByteArray out;
    out.reserve(body.size() + body.size() / 16);
    qsizetype at = 0;
    while (true) {
        const qsizetype from = body.indexOf(attribute, at);
        const qsizetype to = from < 0 ? -1 : body.indexOf('"', from + attribute.size());
        if (to < 0)
            break;
        const qsizetype start = from + attribute.size();
        const QByteArray family = body.mid(start, to - start);
        out += body.mid(at, start - at);
        out += family.contains(',') ? family : "'" + family + "', sans-serif";
        at = to;
    }
    out += body.mid(at);
    return out;
}

} // namespace

QString SvgDocument::metadataNamespace()
{
    return QStringLiteral("urn:x-rooflab:scenario");
}

QByteArray SvgDocument::withHeader(const QByteArray &svg, const QSize &pixels, const QString &title,
                                   const QString &description, const QByteArray &metadata)
{
    const qsizetype start = svg.indexOf("<svg");
    const qsizetype end = start < 0 ? -1 : svg.indexOf('>', start);
    if (end < 0)
        return svg;
    QByteArray header = "\n<title>" + title.toHtmlEscaped().toUtf8() + "</title>\n<desc>" +
                        description.toHtmlEscaped().toUtf8() + "</desc>\n";
    if (!metadata.isEmpty()) {
        const bool base64 = needsBase64(metadata);
        header += "<metadata>\n<rooflab:scenario xmlns:rooflab=\"" + metadataNamespace().toUtf8() +
                  "\" encoding=\"" + (base64 ? "base64" : "json") + "\">";
        header +=
            base64 ? metadata.toBase64() : QString::fromUtf8(metadata).toHtmlEscaped().toUtf8();
        header += "</rooflab:scenario>\n</metadata>\n";
    }
    // Drop the generator's own title and description (Qt writes defaults), keep the rest.
    QByteArray rest = svg.mid(end + 1);
    const qsizetype body = rest.indexOf("<g");
    for (const char *tag : {"title", "desc"}) {
        const QByteArray open = QByteArray("<") + tag + '>', close = QByteArray("</") + tag + '>';
        const qsizetype from = rest.indexOf(open);
        const qsizetype to = from < 0 ? -1 : rest.indexOf(close, from);
        if (from >= 0 && to >= 0 && (body < 0 || to < body))
            rest.remove(from, to + close.size() - from);
    }
    // Names may hold control characters that XML 1.0 forbids: replaced, the file stays
    // well-formed.
    return xmlSafeDocument(withPixelSize(svg.left(end + 1), pixels) + header +
                           withFontFallback(rest));
}

QByteArray SvgDocument::readMetadata(const QByteArray &svg, QString *error)
{
    QXmlStreamReader xml(svg);
    while (!xml.atEnd()) {
        if (xml.readNext() != QXmlStreamReader::StartElement)
            continue;
        if (xml.name() != QLatin1String("scenario") || xml.namespaceUri() != metadataNamespace())
            continue;
        const bool base64 =
            xml.attributes().value(QLatin1String("encoding")) == QLatin1String("base64");
        const QString text = xml.readElementText();
        if (xml.hasError())
            break;
        const QByteArray data = base64 ? QByteArray::fromBase64(text.toLatin1()) : text.toUtf8();
        if (data.isEmpty() && error)
            *error = tr("the SVG's scenario metadata is empty");
        return data;
    }
    if (error) {
        *error = xml.hasError() ? tr("the SVG is not well-formed XML (line %1: %2)")
                                      .arg(xml.lineNumber())
                                      .arg(xml.errorString())
                                : tr("the SVG carries no RoofLab scenario");
    }
    return {};
}

} // namespace rooflab
