#include "coveragemap.h"

#include <limits>

namespace rooflab {

CoverageMap CoverageMap::make(const QRectF &area, double cell, double perBoxCell,
                              const QList<QRectF> &boxes, const QList<LineObstacle> &lines)
{
    CoverageMap map;
    map.m_area = area;
    map.m_cell = cell;
    map.m_columns = std::max(1, static_cast<int>(std::ceil(area.width() / cell)));
    map.m_rows = std::max(1, static_cast<int>(std::ceil(area.height() / cell)));
    const int columns = map.m_columns, rows = map.m_rows;
    std::vector<double> weight(static_cast<size_t>(columns) * static_cast<size_t>(rows), 0);
    const auto at = [&](int x, int y) -> double & {
        return weight[static_cast<size_t>(y) * static_cast<size_t>(columns) +
                      static_cast<size_t>(x)];
    };
    // What each cell would hide: the heavier of a box touching it and a line near it.
    for (const QRectF &r : boxes) {
        if (!boxesOverlap(r, area))
            continue;
        for (int y = map.cellY(r.top()); y <= map.cellY(r.bottom()); ++y) {
            for (int x = map.cellX(r.left()); x <= map.cellX(r.right()); ++x)
                at(x, y) = std::max(at(x, y), perBoxCell);
        }
    }
    for (const LineObstacle &s : lines) {
        const double c = s.clearance;
        if (!boxesOverlap(s.bounds, area))
            continue;
        const int samples = std::max(1, static_cast<int>(std::ceil(s.line.length() / (cell / 2))));
        for (int i = 0; i <= samples; ++i) {
            const QPointF p = s.line.pointAt(double(i) / samples);
            if (!area.adjusted(-c, -c, c, c).contains(p))
                continue;
            for (int y = map.cellY(p.y() - c); y <= map.cellY(p.y() + c); ++y) {
                for (int x = map.cellX(p.x() - c); x <= map.cellX(p.x() + c); ++x)
                    at(x, y) = std::max(at(x, y), 1.0);
            }
        }
    }
    map.m_sum.assign(static_cast<size_t>(columns + 1) * static_cast<size_t>(rows + 1), 0);
    const auto sum = [&](int x, int y) -> double & {
        return map.m_sum[static_cast<size_t>(y) * static_cast<size_t>(columns + 1) +
                         static_cast<size_t>(x)];
    };
    for (int y = 0; y < rows; ++y) {
        for (int x = 0; x < columns; ++x)
            sum(x + 1, y + 1) = at(x, y) + sum(x, y + 1) + sum(x + 1, y) - sum(x, y);
    }
    return map;
}

QPointF CoverageMap::leastCovered(const QSizeF &size, const QList<QPointF> &preferred,
                                  double *hidden) const
{
    // A box whose top-left is in cell (x, y) touches at most `w` x `h` cells (its size
    // rounded up, plus one for straddling cell borders).
    const int w = std::min(m_columns, static_cast<int>(std::ceil(size.width() / m_cell)) + 1);
    const int h = std::min(m_rows, static_cast<int>(std::ceil(size.height() / m_cell)) + 1);
    const auto cost = [&](int x, int y) {
        return sumAt(x + w, y + h) - sumAt(x, y + h) - sumAt(x + w, y) + sumAt(x, y);
    };
    for (const QPointF &p : preferred) {
        const int x = std::min(cellX(p.x()), m_columns - w), y = std::min(cellY(p.y()), m_rows - h);
        if (x >= 0 && y >= 0 && cost(x, y) == 0) {
            *hidden = 0;
            return p;
        }
    }
    const auto topLeftOf = [&](int x, int y) {
        return QPointF(std::min(m_area.left() + x * m_cell, m_area.right() - size.width()),
                       std::min(m_area.top() + y * m_cell, m_area.bottom() - size.height()));
    };
    double bestCost = std::numeric_limits<double>::max(), bestDistance = 0;
    QPointF best = preferred.isEmpty() ? m_area.topLeft() : preferred.first();
    for (int y = 0; y + h <= m_rows; ++y) {
        for (int x = 0; x + w <= m_columns; ++x) {
            const double c = cost(x, y);
            if (c > bestCost)
                continue;
            const QPointF p = topLeftOf(x, y);
            double distance = std::numeric_limits<double>::max();
            for (const QPointF &q : preferred)
                distance = std::min(distance, std::abs(p.x() - q.x()) + std::abs(p.y() - q.y()));
            if (c < bestCost || distance < bestDistance) {
                best = p;
                bestCost = c;
                bestDistance = distance;
            }
        }
    }
    *hidden = bestCost == std::numeric_limits<double>::max() ? 0 : bestCost;
    return best;
}

} // namespace rooflab
