#pragma once

#include <QLineF>
#include <QRectF>

#include <algorithm>
#include <cmath>
#include <vector>

namespace rooflab {

// A uniform grid over an area: each cell lists the items (by index) that touch it, so a
// query looks only at the items near a box instead of at all of them. Items outside the
// area are listed in the border cells. Indices are added in increasing order, which lets
// truncate() take back the last ones cheaply (they sit at the ends of the cells' lists).
class SpatialGrid
{
public:
    SpatialGrid(const QRectF &area, double cell)
        : m_area(area), m_cell(std::max(1.0, cell)),
          m_columns(std::max(1, static_cast<int>(std::ceil(area.width() / m_cell)))),
          m_rows(std::max(1, static_cast<int>(std::ceil(area.height() / m_cell)))),
          m_cells(static_cast<size_t>(m_columns) * static_cast<size_t>(m_rows))
    {
    }

    // Lists `index` in every cell `box` touches.
    void insert(const QRectF &box, int index)
    {
        const Span s = span(box);
        for (int y = s.y0; y <= s.y1; ++y) {
            for (int x = s.x0; x <= s.x1; ++x)
                add(x, y, index);
        }
        grow(index);
    }

    // Lists `index` in the cells within `reach` of the segment, not in its whole bounding
    // box: a long diagonal line would otherwise sit in every cell of the plot.
    void insertAlong(const QLineF &segment, double reach, int index)
    {
        const int samples = samplesAlong(segment);
        for (int i = 0; i <= samples; ++i) {
            const QPointF p = segment.pointAt(double(i) / samples);
            const Span s = span(QRectF(p.x() - reach, p.y() - reach, 2 * reach, 2 * reach));
            for (int y = s.y0; y <= s.y1; ++y) {
                for (int x = s.x0; x <= s.x1; ++x)
                    add(x, y, index);
            }
        }
        grow(index);
    }

    // Forgets the items from `count` on.
    void truncate(int count)
    {
        for (std::vector<int> &cell : m_cells) {
            while (!cell.empty() && cell.back() >= count)
                cell.pop_back();
        }
    }

    // Calls `visit(index)` once for each item listed in a cell `box` touches, until it
    // returns false; returns false when a visit did. Visits must not query the grid.
    template <typename Visit> bool visit(const QRectF &box, Visit visit) const
    {
        const Span s = span(box);
        startQuery();
        for (int y = s.y0; y <= s.y1; ++y) {
            for (int x = s.x0; x <= s.x1; ++x) {
                if (!visitCell(x, y, visit))
                    return false;
            }
        }
        return true;
    }

    // True when `test(index)` holds for an item listed in a cell `box` touches; an item in
    // several of those cells may be tested more than once (cheaper than telling, for a test
    // that stops at the first hit).
    template <typename Test> bool any(const QRectF &box, Test test) const
    {
        const Span s = span(box);
        for (int y = s.y0; y <= s.y1; ++y) {
            for (int x = s.x0; x <= s.x1; ++x) {
                for (int index : m_cells[static_cast<size_t>(y * m_columns + x)]) {
                    if (test(index))
                        return true;
                }
            }
        }
        return false;
    }

    // The same for the cells a segment passes through.
    template <typename Visit> bool visitAlong(const QLineF &segment, Visit visit) const
    {
        const int samples = samplesAlong(segment);
        startQuery();
        for (int i = 0; i <= samples; ++i) {
            const QPointF p = segment.pointAt(double(i) / samples);
            if (!visitCell(column(p.x()), row(p.y()), visit))
                return false;
        }
        return true;
    }

    // How many cells `box` touches: a query over more cells than there are items is
    // better done by looking at every item.
    int cellCount(const QRectF &box) const
    {
        const Span s = span(box);
        return (s.x1 - s.x0 + 1) * (s.y1 - s.y0 + 1);
    }

private:
    struct Span
    {
        int x0, x1, y0, y1;
    };
    int column(double x) const
    {
        return std::clamp(static_cast<int>(std::floor((x - m_area.left()) / m_cell)), 0,
                          m_columns - 1);
    }
    int row(double y) const
    {
        return std::clamp(static_cast<int>(std::floor((y - m_area.top()) / m_cell)), 0, m_rows - 1);
    }
    Span span(const QRectF &box) const
    {
        return {column(box.left()), column(box.right()), row(box.top()), row(box.bottom())};
    }
    // Points every half cell along the segment: none of the cells it crosses is missed.
    int samplesAlong(const QLineF &segment) const
    {
        return std::max(1, static_cast<int>(std::ceil(segment.length() / (m_cell / 2))));
    }
    void add(int x, int y, int index)
    {
        std::vector<int> &list = m_cells[static_cast<size_t>(y * m_columns + x)];
        if (list.empty() || list.back() != index)
            list.push_back(index);
    }
    void grow(int index) { m_items = std::max(m_items, static_cast<size_t>(index) + 1); }
    // The visited marks are sized for the items at the first query after they came (thousands
    // of markers are inserted one by one and queried all at once).
    void startQuery() const
    {
        if (m_seen.size() < m_items)
            m_seen.resize(m_items, 0);
        ++m_query;
    }
    template <typename Visit> bool visitCell(int x, int y, Visit &visit) const
    {
        for (int index : m_cells[static_cast<size_t>(y * m_columns + x)]) {
            unsigned &seen = m_seen[static_cast<size_t>(index)];
            if (seen == m_query)
                continue;
            seen = m_query;
            if (!visit(index))
                return false;
        }
        return true;
    }

    QRectF m_area;
    double m_cell;
    int m_columns, m_rows;
    std::vector<std::vector<int>> m_cells; // item indices per cell, row by row
    size_t m_items = 0;                    // 1 + the largest index inserted
    mutable std::vector<unsigned> m_seen;  // per item: the query that last visited it
    mutable unsigned m_query = 0;
};

} // namespace rooflab
