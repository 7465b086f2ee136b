#pragma once

#include "labelgeometry.h"

#include <QList>
#include <QPointF>
#include <QRectF>
#include <QSizeF>

#include <algorithm>
#include <cmath>
#include <vector>

namespace rooflab {

// What boxes put anywhere in an area would hide, as a summed raster: a box of any size is
// weighed in four look-ups, so every place can be tried (the legend's search).
class CoverageMap
{
public:
    // The raster of `area` in `cell`-sized cells: a cell that `boxes` touch weighs
    // `perBoxCell`, one within a line's clearance 1.
    static CoverageMap make(const QRectF &area, double cell, double perBoxCell,
                            const QList<QRectF> &boxes, const QList<LineObstacle> &lines);

    // Where a box of `size` hides the least: the first of `preferred` (top-left corners)
    // that hides nothing, else the place hiding nothing nearest to one of them, else the
    // place hiding the least. `hidden` gets what it hides (0: nothing).
    QPointF leastCovered(const QSizeF &size, const QList<QPointF> &preferred, double *hidden) const;

private:
    double sumAt(int x, int y) const
    {
        return m_sum[static_cast<size_t>(y) * static_cast<size_t>(m_columns + 1) +
                     static_cast<size_t>(x)];
    }
    int cellX(double x) const
    {
        return std::clamp(static_cast<int>(std::floor((x - m_area.left()) / m_cell)), 0,
                          m_columns - 1);
    }
    int cellY(double y) const
    {
        return std::clamp(static_cast<int>(std::floor((y - m_area.top()) / m_cell)), 0, m_rows - 1);
    }

    QRectF m_area;
    double m_cell = 8;
    int m_columns = 1, m_rows = 1;
    std::vector<double> m_sum; // (columns + 1) x (rows + 1), row by row
};

} // namespace rooflab
