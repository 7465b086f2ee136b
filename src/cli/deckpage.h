#pragma once

#include <QByteArray>
#include <QColor>
#include <QSizeF>
#include <QString>
#include <QStringList>

class QPainter;

namespace rooflab::cli {

// One page of a lesson deck: the chart on the left, the step's text on the right, both as
// vectors and real text.
struct DeckPage
{
    QString header;    // the lesson's title
    QString progress;  // "Step 3 of 10"
    QString title;     // the step's title
    QString heading;   // "Question" or "Reveal"
    QString lead;      // on a reveal page, the question it answers; else empty
    QString body;      // the question or the reveal
    QStringList items; // answer choices and annotations, one line each
    QByteArray chartSvg;
};

// The look shared by every page.
struct DeckStyle
{
    QColor background = Qt::white;
    QColor text = QColor(0x20, 0x20, 0x20);
    QColor muted = QColor(0x60, 0x60, 0x60);
    double textScale = 1; // the step's presentation.text_scale
};

// The chart's width and height on a page of `page` logical pixels.
QSizeF deckChartSize(const QSizeF &page);

// Draws `page` with the painter's origin at the page's top-left corner, `size` in logical
// pixels.
void drawDeckPage(QPainter &painter, const DeckPage &page, const QSizeF &size,
                  const DeckStyle &style);

} // namespace rooflab::cli
