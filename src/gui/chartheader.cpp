#include "chartheader.h"

#include <QFontMetrics>
#include <QPainter>

#include <algorithm>

namespace rooflab::gui {

namespace {

// Around the text, and between an entry's mark and its name and between entries.
constexpr int margin = 4;

QStringList entryNames(const QList<ChartKeyEntry> &entries)
{
    QStringList names;
    for (const ChartKeyEntry &entry : entries)
        names.append(entry.name);
    return names;
}

} // namespace

QStringList wrapAtSpaces(const QString &text, const QFontMetricsF &metrics, qreal width)
{
    QStringList lines;
    QString line;
    const QStringList words = text.split(QLatin1Char(' '), Qt::SkipEmptyParts);
    for (const QString &word : words) {
        const QString longer = line.isEmpty() ? word : line + QLatin1Char(' ') + word;
        if (!line.isEmpty() && metrics.horizontalAdvance(longer) > width) {
            lines.append(line);
            line = word;
        } else {
            line = longer;
        }
    }
    if (!line.isEmpty())
        lines.append(line);
    return lines;
}

ChartHeader::ChartHeader(QWidget *parent) : QWidget(parent)
{
    QSizePolicy policy(QSizePolicy::Preferred, QSizePolicy::Minimum);
    policy.setHeightForWidth(true);
    setSizePolicy(policy);
    m_titleFont = font();
    m_titleFont.setBold(true);
    m_entryFont = font();
}

void ChartHeader::setTitle(const QString &title)
{
    if (title == m_title)
        return;
    m_title = title;
    updateGeometry();
    update();
}

void ChartHeader::setEntries(const QList<ChartKeyEntry> &entries)
{
    const bool sameText = entryNames(m_entries) == entryNames(entries);
    m_entries = entries;
    if (!sameText)
        updateGeometry();
    update();
}

void ChartHeader::setFonts(const QFont &title, const QFont &entries)
{
    m_titleFont = title;
    m_entryFont = entries;
    updateGeometry();
    update();
}

void ChartHeader::setColors(const QColor &text, const QColor &background)
{
    m_text = text;
    m_background = background;
    update();
}

QStringList ChartHeader::names() const
{
    return entryNames(m_entries);
}

int ChartHeader::lineHeight(const QFont &font) const
{
    return QFontMetrics(font).height();
}

// One and a half times the line height: wide enough for a dash pattern to show twice.
int ChartHeader::markWidth() const
{
    return lineHeight(m_entryFont) * 3 / 2;
}

int ChartHeader::entryWidth(const ChartKeyEntry &entry) const
{
    return markWidth() + margin + QFontMetrics(m_entryFont).horizontalAdvance(entry.name);
}

int ChartHeader::legendTop(int titleLines) const
{
    return margin + titleLines * lineHeight(m_titleFont) + (titleLines > 0 ? margin : 0);
}

QStringList ChartHeader::titleLines(int width) const
{
    return wrapAtSpaces(m_title, QFontMetricsF(m_titleFont), width - 2 * margin);
}

// Rows filled from the left and centred, each entry whole on one row.
QList<QRect> ChartHeader::entryRects(int width) const
{
    const int room = width - 2 * margin, gap = 3 * margin, height = lineHeight(m_entryFont);
    QList<QRect> rects;
    QList<int> rowStarts; // the index of each row's first entry
    int x = 0, y = legendTop(static_cast<int>(titleLines(width).size()));
    for (const ChartKeyEntry &entry : m_entries) {
        const int w = entryWidth(entry);
        if (x > 0 && x + w > room) {
            x = 0;
            y += height + margin;
        }
        if (x == 0)
            rowStarts.append(static_cast<int>(rects.size()));
        rects.append(QRect(margin + x, y, w, height));
        x += w + gap;
    }
    rowStarts.append(static_cast<int>(rects.size()));
    for (int row = 0; row + 1 < rowStarts.size(); ++row) {
        const int first = rowStarts.at(row), last = rowStarts.at(row + 1) - 1;
        const int shift = std::max(0, (room - (rects.at(last).right() + 1 - margin)) / 2);
        for (int i = first; i <= last; ++i)
            rects[i].translate(shift, 0);
    }
    return rects;
}

int ChartHeader::heightForWidth(int width) const
{
    const QList<QRect> rects = entryRects(width);
    if (rects.isEmpty())
        return legendTop(static_cast<int>(titleLines(width).size()));
    return rects.constLast().bottom() + 1 + margin;
}

QSize ChartHeader::sizeHint() const
{
    int width = QFontMetrics(m_titleFont).horizontalAdvance(m_title);
    int legend = 0;
    for (const ChartKeyEntry &entry : m_entries)
        legend += entryWidth(entry) + 3 * margin;
    width = std::max(width, legend) + 2 * margin;
    return {width, heightForWidth(width)};
}

// As narrow as the longest word of the title or the widest entry; as tall as its text on
// one line each (a narrower layout asks heightForWidth() for the height it gives).
QSize ChartHeader::minimumSizeHint() const
{
    const QFontMetrics metrics(m_titleFont);
    int width = 0;
    const QStringList words = m_title.split(QLatin1Char(' '), Qt::SkipEmptyParts);
    for (const QString &word : words)
        width = std::max(width, metrics.horizontalAdvance(word));
    for (const ChartKeyEntry &entry : m_entries)
        width = std::max(width, entryWidth(entry));
    width += 2 * margin;
    return {width, sizeHint().height()};
}

void ChartHeader::paintEvent(QPaintEvent *)
{
    QPainter painter(this);
    painter.setRenderHint(QPainter::Antialiasing);
    painter.fillRect(rect(), m_background);
    painter.setPen(m_text);
    painter.setFont(m_titleFont);
    const QStringList lines = titleLines(width());
    const int titleHeight = lineHeight(m_titleFont);
    for (int i = 0; i < lines.size(); ++i)
        painter.drawText(QRect(0, margin + i * titleHeight, width(), titleHeight),
                         Qt::AlignHCenter | Qt::AlignVCenter, lines.at(i));
    painter.setFont(m_entryFont);
    const QList<QRect> rects = entryRects(width());
    for (int i = 0; i < rects.size(); ++i) {
        const ChartKeyEntry &entry = m_entries.at(i);
        const QRect box = rects.at(i);
        const QRect mark(box.left(), box.top(), markWidth(), box.height());
        if (entry.dot.style() != Qt::NoBrush) {
            const int d = box.height() / 2;
            painter.setPen(entry.pen);
            painter.setBrush(entry.dot);
            painter.drawEllipse(QRect(0, 0, d, d).translated(mark.center() - QPoint(d / 2, d / 2)));
            painter.setBrush(Qt::NoBrush);
        } else {
            QPen pen = entry.pen;
            pen.setWidthF(std::max(2.0, pen.widthF()));
            painter.setPen(pen);
            painter.drawLine(mark.left(), mark.center().y(), mark.right(), mark.center().y());
        }
        painter.setPen(m_text);
        painter.drawText(box.adjusted(markWidth() + margin, 0, 0, 0),
                         Qt::AlignLeft | Qt::AlignVCenter, entry.name);
    }
}

} // namespace rooflab::gui
