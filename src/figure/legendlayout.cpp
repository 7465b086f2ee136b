#include "sceneframe.h"
#include "textcache.h"

#include <QFontMetricsF>

#include <algorithm>
#include <cmath>

namespace rooflab {

LegendLayout LegendLayout::make(const QList<SceneLegendEntry> &entries, const QList<int> &numbers,
                                const QFont &font, double maxHeight, const QPointF &topLeft,
                                int minColumns)
{
    LegendLayout legend;
    if (entries.isEmpty())
        return legend;
    const double lineHeight = LegendLayout::lineHeight(font);
    const int maxRows = std::max(4, static_cast<int>((maxHeight - 2 * padding) / lineHeight));
    const int columns = std::clamp(static_cast<int>((entries.size() + maxRows - 1) / maxRows),
                                   minColumns, static_cast<int>(entries.size()));
    int rows = static_cast<int>((entries.size() + columns - 1) / columns);
    // Where each column starts. The rest of a wrapped line (its pieces marked `continued`)
    // stays in its line's column, so that "B* = each GEMM's ridge" and "batch, lowest–
    // highest" do not end one column and start the next; a column takes a row more where
    // that would need more columns, while the rows stay under `maxHeight`. Where they would
    // not, the columns break after `rows` lines as they come (the legend's room was sized
    // for that: legendmargin.cpp).
    const auto columnStarts = [&](int perColumn, bool together) {
        QList<qsizetype> starts{0};
        for (qsizetype start = 0; start + perColumn < entries.size();) {
            qsizetype next = start + perColumn, head = next;
            while (together && head > start && entries.at(head).continued)
                --head;
            if (head > start)
                next = head;
            starts.append(next);
            start = next;
        }
        return starts;
    };
    const int roomRows = static_cast<int>((maxHeight - 2 * padding) / lineHeight);
    QList<qsizetype> starts = columnStarts(rows, true);
    int taller = rows;
    while (starts.size() > columns && taller < roomRows)
        starts = columnStarts(++taller, true);
    if (starts.size() > columns)
        starts = columnStarts(rows, false);
    else
        rows = taller;
    starts.append(entries.size());
    QList<double> columnWidth(starts.size() - 1, 0);
    for (qsizetype c = 0; c + 1 < starts.size(); ++c) {
        for (qsizetype i = starts.at(c); i < starts.at(c + 1); ++i) {
            const double w = swatch + gap + std::ceil(TextCache::advance(font, entries.at(i).text));
            columnWidth[c] = std::max(columnWidth.at(c), w);
        }
    }
    double width = padding;
    for (double w : std::as_const(columnWidth))
        width += w + padding;
    legend.rect = QRectF(topLeft, QSizeF(width, 2 * padding + rows * lineHeight));
    double x = topLeft.x() + padding;
    for (qsizetype c = 0; c + 1 < starts.size(); ++c) {
        for (qsizetype i = starts.at(c); i < starts.at(c + 1); ++i) {
            const QRectF line(x, topLeft.y() + padding + double(i - starts.at(c)) * lineHeight,
                              columnWidth.at(c), lineHeight);
            legend.lines.append({line, entries.at(i), i < numbers.size() ? numbers.at(i) : 0});
        }
        x += columnWidth.at(c) + padding;
    }
    return legend;
}

double LegendLayout::lineHeight(const QFont &font)
{
    return std::ceil(QFontMetricsF(font).height()) + 2;
}

double LegendLayout::itemWidth(const QFont &font, const SceneLegendEntry &entry, int number)
{
    const double text = std::ceil(TextCache::advance(font, entry.text));
    const bool plainNote = entry.kind == SceneLegendEntry::Kind::Note && number == 0;
    return plainNote ? text : swatch + gap + text;
}

int LegendLayout::flowRows(const QList<SceneLegendEntry> &entries, const QList<int> &numbers,
                           const QFont &font, double width)
{
    const LegendLayout legend = flow(entries, numbers, font, width, {});
    if (legend.lines.isEmpty())
        return 0;
    return static_cast<int>(
        std::lround((legend.lines.last().rect.top() - legend.lines.first().rect.top()) /
                    lineHeight(font)) +
        1);
}

LegendLayout LegendLayout::flow(const QList<SceneLegendEntry> &entries, const QList<int> &numbers,
                                const QFont &font, double width, const QPointF &topLeft)
{
    LegendLayout legend;
    if (entries.isEmpty())
        return legend;
    const double lineHeight = LegendLayout::lineHeight(font);
    const double inner = width - 2 * padding;
    // A line wrapped onto further rows (the pieces marked `continued`) keeps those rows to
    // itself: a piece beside another line would read as a line of its own.
    const auto wrapped = [&](qsizetype i) {
        return entries.at(i).continued || (i + 1 < entries.size() && entries.at(i + 1).continued);
    };
    int row = -1;
    double x = 0, widest = 0;
    for (qsizetype i = 0; i < entries.size(); ++i) {
        const int number = i < numbers.size() ? numbers.at(i) : 0;
        const double w = itemWidth(font, entries.at(i), number);
        const bool alone = wrapped(i) || (i > 0 && entries.at(i - 1).continued);
        if (row < 0 || x + w > inner || (alone && x > 0)) {
            ++row;
            x = 0;
        }
        const QRectF line(topLeft.x() + padding + x, topLeft.y() + padding + row * lineHeight, w,
                          lineHeight);
        legend.lines.append({line, entries.at(i), number});
        widest = std::max(widest, x + w);
        x += w + flowGap;
    }
    legend.rect =
        QRectF(topLeft, QSizeF(widest + 2 * padding, 2 * padding + (row + 1) * lineHeight));
    return legend;
}

} // namespace rooflab
