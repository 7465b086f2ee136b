#pragma once

#include <QPointF>
#include <QRectF>

namespace rooflab {

// The log-log mapping between data (intensity, FLOP/s) and pixels of the plot area.
struct AxisMapping
{
    QRectF rect;            // the plot area in pixels
    double x0 = 1, x1 = 10; // intensity range shown
    double y0 = 1, y1 = 10; // FLOP/s range shown

    double xToPixel(double x) const;
    double yToPixel(double y) const;
    QPointF toPixel(double x, double y) const { return {xToPixel(x), yToPixel(y)}; }
    double pixelToX(double px) const;
    double pixelToY(double py) const;
};

} // namespace rooflab
