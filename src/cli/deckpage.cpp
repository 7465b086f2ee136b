// The layout of one lesson deck page (docs/lessons.md, "A deck").
#include "deckpage.h"

#include <QFont>
#include <QFontMetricsF>
#include <QPainter>
#include <QSvgRenderer>

#include <algorithm>

namespace rooflab::cli {

namespace {

// Share of the page width the chart takes; the text panel has the rest.
constexpr double chartShare = 0.62;

double margin(const QSizeF &page)
{
    return 0.03 * page.height();
}

double headerHeight(const QSizeF &page)
{
    return 0.07 * page.height();
}

QFont pageFont(double pixels, bool bold)
{
    QFont font;
    font.setPixelSize(std::max(6, static_cast<int>(pixels)));
    font.setBold(bold);
    return font;
}

// Draws `text` wrapped in the column from `x` over `width` starting at `y`; returns the y
// below it.
double drawParagraph(QPainter &painter, const QString &text, const QFont &font, const QColor &color,
                     double x, double y, double width)
{
    if (text.isEmpty())
        return y;
    painter.setFont(font);
    painter.setPen(color);
    const QRectF bounds =
        QFontMetricsF(font).boundingRect(QRectF(x, y, width, 1e6), Qt::TextWordWrap, text);
    painter.drawText(QRectF(x, y, width, bounds.height()), Qt::TextWordWrap, text);
    return y + bounds.height();
}

} // namespace

QSizeF deckChartSize(const QSizeF &page)
{
    const double m = margin(page);
    return {std::max(1.0, chartShare * page.width() - m),
            std::max(1.0, page.height() - headerHeight(page) - m)};
}

void drawDeckPage(QPainter &painter, const DeckPage &page, const QSizeF &size,
                  const DeckStyle &style)
{
    painter.save();
    painter.setRenderHint(QPainter::Antialiasing);
    painter.setRenderHint(QPainter::TextAntialiasing);
    painter.fillRect(QRectF(QPointF(0, 0), size), style.background);
    const double m = margin(size);
    const double unit = size.height() / 45.0 * style.textScale; // body text size in pixels

    // Header: the lesson on the left, the progress on the right.
    const QFont small = pageFont(0.8 * unit, false);
    painter.setFont(small);
    painter.setPen(style.muted);
    const QRectF header(m, 0, size.width() - 2 * m, headerHeight(size));
    painter.drawText(header, Qt::AlignLeft | Qt::AlignVCenter, page.header);
    painter.drawText(header, Qt::AlignRight | Qt::AlignVCenter, page.progress);

    const QSizeF chart = deckChartSize(size);
    if (!page.chartSvg.isEmpty()) {
        QSvgRenderer renderer(page.chartSvg);
        renderer.render(&painter, QRectF(QPointF(m, headerHeight(size)), chart));
    }

    const double x = m + chart.width() + m;
    const double width = std::max(1.0, size.width() - x - m);
    double y = headerHeight(size);
    y = drawParagraph(painter, page.title, pageFont(1.4 * unit, true), style.text, x, y, width);
    y += 0.6 * unit;
    if (!page.lead.isEmpty()) {
        y = drawParagraph(painter, page.lead, small, style.muted, x, y, width) + 0.6 * unit;
    }
    y = drawParagraph(painter, page.heading, pageFont(1.1 * unit, true), style.text, x, y, width);
    y += 0.3 * unit;
    y = drawParagraph(painter, page.body, pageFont(unit, false), style.text, x, y, width);
    y += 0.6 * unit;
    for (const QString &item : page.items)
        y = drawParagraph(painter, item, pageFont(0.9 * unit, false), style.text, x, y, width) +
            0.2 * unit;
    painter.restore();
}

} // namespace rooflab::cli
