#pragma once

#include <QFont>
#include <QSizeF>
#include <QStaticText>
#include <QString>

namespace rooflab {

// Text sizes and laid-out lines, remembered per font and text for the life of the thread:
// the chart measures and draws the same few dozen labels on every frame, and shaping text
// is the dearest part of it.
class TextCache
{
public:
    // The box QPainter::drawText needs for `text` (line breaks included).
    static QSizeF size(const QFont &font, const QString &text);
    // The advance width of one line.
    static double advance(const QFont &font, const QString &line);
    // One line laid out once, for QPainter::drawStaticText.
    static const QStaticText &line(const QFont &font, const QString &line);
};

} // namespace rooflab
