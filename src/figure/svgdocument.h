#pragma once

#include <QByteArray>
#include <QString>

namespace rooflab {

// The finishing touches on the SVG text QSvgGenerator writes, and reading them back.
// QSvgGenerator writes its title and description unescaped and cannot write metadata, so
// RoofLab leaves those empty and inserts its own escaped elements here.
class SvgDocument
{
public:
    // `svg` with <title>, <desc> and a <metadata> element holding `metadata` (the scenario
    // JSON) inserted after the opening <svg> tag, every text XML-escaped.
    static QByteArray withHeader(const QByteArray &svg, const QString &title,
                                 const QString &description, const QByteArray &metadata);

    // The scenario JSON in an SVG written by withHeader(); empty with `error` set when the
    // text is not well-formed XML or carries none.
    static QByteArray readMetadata(const QByteArray &svg, QString *error);

    // The XML namespace of RoofLab's metadata element.
    static QString metadataNamespace();
};

} // namespace rooflab
