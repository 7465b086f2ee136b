#pragma once

#include <QPointF>
#include <QRectF>

#include <cmath>

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

// One mapping applied to many points (thousands of markers a frame): the logs of the spans
// are taken once instead of for every point. The same arithmetic as AxisMapping's, so the
// same pixels.
class PixelProjection
{
public:
    explicit PixelProjection(const AxisMapping &map)
        : m_map(map), m_xSpan(std::log(map.x1 / map.x0)), m_ySpan(std::log(map.y1 / map.y0))
    {
    }
    QPointF toPixel(double x, double y) const
    {
        return {m_map.rect.left() + std::log(x / m_map.x0) / m_xSpan * m_map.rect.width(),
                m_map.rect.bottom() - std::log(y / m_map.y0) / m_ySpan * m_map.rect.height()};
    }

private:
    AxisMapping m_map;
    double m_xSpan, m_ySpan; // log(x1 / x0), log(y1 / y0)
};

} // namespace rooflab
