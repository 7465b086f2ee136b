#pragma once

#include <QByteArray>
#include <QSize>
#include <QString>

namespace rooflab {

// The finishing touches on the SVG text QSvgGenerator writes, and reading them back.
// QSvgGenerator writes its title and description unescaped and cannot write metadata, so
// RoofLab leaves those empty and inserts its own escaped elements here.
class SvgDocument
{
public:
    // `svg` with <title>, <desc> and a <metadata> element holding `metadata` (the scenario
    // JSON) inserted after the opening <svg> tag, every text XML-escaped. The <svg> tag's
    // width and height become `pixels` in px: QSvgGenerator's millimetres, rounded to three
    // decimals, make renderers draw 336 px as 337. Every font family gains a generic
    // fallback, so a reader without it still gets a sans-serif face.
    static QByteArray withHeader(const QByteArray &svg, const QSize &pixels, const QString &title,
                                 const QString &description, const QByteArray &metadata);

    // The scenario JSON in an SVG written by withHeader(); empty with `error` set when the
    // text is not well-formed XML or carries none.
    static QByteArray readMetadata(const QByteArray &svg, QString *error);

    // The XML namespace of RoofLab's metadata element.
    static QString metadataNamespace();
};

} // namespace rooflab
