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
    const QFontMetricsF metrics(font);
    const double lineHeight = std::ceil(metrics.height()) + 4;
    const int maxRows = std::max(4, static_cast<int>((maxHeight - 2 * padding) / lineHeight));
    const int columns = std::clamp(static_cast<int>((entries.size() + maxRows - 1) / maxRows),
                                   minColumns, static_cast<int>(entries.size()));
    const int rows = static_cast<int>((entries.size() + columns - 1) / columns);
    QList<double> columnWidth(columns, 0);
    for (qsizetype i = 0; i < entries.size(); ++i) {
        const double w = swatch + gap + std::ceil(TextCache::advance(font, entries.at(i).text));
        columnWidth[i / rows] = std::max(columnWidth.at(i / rows), w);
    }
    double width = padding;
    for (double w : std::as_const(columnWidth))
        width += w + padding;
    legend.rect = QRectF(topLeft, QSizeF(width, 2 * padding + rows * lineHeight));
    double x = topLeft.x() + padding;
    for (qsizetype i = 0; i < entries.size(); ++i) {
        const int column = static_cast<int>(i / rows), row = static_cast<int>(i % rows);
        if (row == 0 && column > 0)
            x += columnWidth.at(column - 1) + padding;
        const QRectF line(x, topLeft.y() + padding + row * lineHeight, columnWidth.at(column),
                          lineHeight);
        legend.lines.append({line, entries.at(i), i < numbers.size() ? numbers.at(i) : 0});
    }
    return legend;
}

} // namespace rooflab
