#include "labelgeometry.h"

namespace rooflab {

bool clipSegment(const QLineF &segment, const QRectF &rect, double *from, double *to)
{
    // Liang-Barsky: clip the segment's parameter range against the four sides.
    const double x0 = segment.x1(), y0 = segment.y1();
    const double dx = segment.dx(), dy = segment.dy();
    const double p[4] = {-dx, dx, -dy, dy};
    const double q[4] = {x0 - rect.left(), rect.right() - x0, y0 - rect.top(), rect.bottom() - y0};
    double t0 = 0, t1 = 1;
    for (int i = 0; i < 4; ++i) {
        if (p[i] == 0) {
            if (q[i] < 0)
                return false;
            continue;
        }
        const double t = q[i] / p[i];
        if (p[i] < 0)
            t0 = std::max(t0, t);
        else
            t1 = std::min(t1, t);
        if (t0 > t1)
            return false;
    }
    *from = t0;
    *to = t1;
    return true;
}

double distanceToSegment(const QPointF &p, const QLineF &segment)
{
    const QPointF d = segment.p2() - segment.p1();
    const double lengthSquared = d.x() * d.x() + d.y() * d.y();
    const double t =
        lengthSquared > 0
            ? std::clamp(QPointF::dotProduct(p - segment.p1(), d) / lengthSquared, 0.0, 1.0)
            : 0.0;
    return QLineF(p, segment.p1() + d * t).length();
}

} // namespace rooflab
