#include "axismapping.h"

#include <cmath>

namespace rooflab {

double AxisMapping::xToPixel(double x) const
{
    return rect.left() + std::log(x / x0) / std::log(x1 / x0) * rect.width();
}

double AxisMapping::yToPixel(double y) const
{
    return rect.bottom() - std::log(y / y0) / std::log(y1 / y0) * rect.height();
}

double AxisMapping::pixelToX(double px) const
{
    return x0 * std::pow(x1 / x0, (px - rect.left()) / rect.width());
}

double AxisMapping::pixelToY(double py) const
{
    return y0 * std::pow(y1 / y0, (rect.bottom() - py) / rect.height());
}

} // namespace rooflab
