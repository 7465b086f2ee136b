#include "labelgeometry.h"

#include <cmath>
#include <vector>

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

namespace {

using Intervals = QVarLengthArray<std::pair<double, double>, 32>;

// Lines count as touching at their edge, and a box's edge reached by arithmetic may miss by
// a rounding error: a hair more.
constexpr double hair = 0.01;

// A box that can touch `rect` moved up or down within [ylo, yhi]: its sides, and the open
// interval of vertical offsets at which it does. Worked out once for every shift across.
struct BoxBlock
{
    double left, right, from, to;
};
using BoxBlocks = QVarLengthArray<BoxBlock, 16>;

BoxBlocks boxBlocks(const QRectF &rect, double ylo, double yhi, const ShiftBlockers &blockers)
{
    BoxBlocks result;
    for (const QRectF &b : blockers.boxes) {
        if (b.top() < rect.bottom() + yhi && rect.top() + ylo < b.bottom())
            result.append({b.left(), b.right(), b.top() - rect.bottom() - hair,
                           b.bottom() - rect.top() + hair});
    }
    return result;
}

// The open intervals of vertical offsets (within [ylo, yhi]) at which `rect`, moved by `dx`
// across, touches a blocker (`boxes`: boxBlocks() of the same rect and range).
void blockedOffsets(const QRectF &rect, double dx, double ylo, double yhi, const BoxBlocks &boxes,
                    const ShiftBlockers &blockers, Intervals *blocked)
{
    blocked->clear();
    const double left = rect.left() + dx, right = rect.right() + dx;
    for (const BoxBlock &b : boxes) {
        if (b.left < right && left < b.right)
            blocked->append({b.from, b.to});
    }
    for (const auto &[line, c] : blockers.lines) {
        const QRectF column(left - c, rect.top() + ylo - c, rect.width() + 2 * c,
                            rect.height() + (yhi - ylo) + 2 * c);
        double from = 0, to = 1;
        if (!clipSegment(line, column, &from, &to))
            continue;
        const double a = std::min(line.pointAt(from).y(), line.pointAt(to).y());
        const double b = std::max(line.pointAt(from).y(), line.pointAt(to).y());
        blocked->append({a - c - rect.bottom() - hair, b + c - rect.top() + hair});
    }
}

} // namespace

QVarLengthArray<double, 8> climbStops(const QRectF &rect, double reach,
                                      const ShiftBlockers &blockers)
{
    QVarLengthArray<double, 8> stops;
    Intervals blocked;
    blockedOffsets(rect, 0, -reach, 0, boxBlocks(rect, -reach, 0, blockers), blockers, &blocked);
    double t = 0;
    for (bool moved = true; moved && stops.size() < 8;) {
        moved = false;
        for (const auto &[from, to] : blocked) {
            if (from < t && t < to) {
                t = from;
                moved = true;
                break;
            }
        }
        if (moved && t >= -reach)
            stops.append(t);
        else
            break;
    }
    return stops;
}

QVarLengthArray<QPointF, 8> freeShifts(const QRectF &rect, const QRectF &bounds,
                                       const QRectF &range, const ShiftBlockers &blockers,
                                       int count)
{
    QVarLengthArray<QPointF, 8> result;
    const double xlo = std::max(range.left(), bounds.left() - rect.left());
    const double xhi = std::min(range.right(), bounds.right() - rect.right());
    const double ylo = std::max(range.top(), bounds.top() - rect.top());
    const double yhi = std::min(range.bottom(), bounds.bottom() - rect.bottom());
    if (xlo > xhi || ylo > yhi)
        return result;
    QVarLengthArray<double, 128> xs;
    for (double t = std::ceil(xlo); t <= xhi; t += 1)
        xs.append(t);
    for (const QRectF &b : blockers.boxes) {
        for (const double edge : {b.left() - rect.right(), b.right() - rect.left()}) {
            if (edge >= xlo && edge <= xhi)
                xs.append(edge);
        }
    }
    // Nearest |dx| first: once `count` shifts are nearer than the next |dx| (every shift
    // from it on moves at least that far), the rest cannot be among the nearest.
    std::sort(xs.begin(), xs.end(), [](double p, double q) {
        return std::abs(p) != std::abs(q) ? std::abs(p) < std::abs(q) : p < q;
    });
    xs.erase(std::unique(xs.begin(), xs.end()), xs.end()); // an edge on a whole pixel
    std::vector<QPointF> found;
    Intervals blocked;
    const BoxBlocks boxes = boxBlocks(rect, ylo, yhi, blockers);
    const auto l1 = [](const QPointF &p) { return std::abs(p.x()) + std::abs(p.y()); };
    QVarLengthArray<double, 8> nearest; // the `count` smallest distances found, ascending
    for (qsizetype i = 0; i < xs.size(); ++i) {
        const double dx = xs.at(i);
        blockedOffsets(rect, dx, ylo, yhi, boxes, blockers, &blocked);
        // From 0 past every interval that holds the offset, up and down.
        for (const double sign : {1.0, -1.0}) {
            const double t = escapeIntervals(blocked, sign);
            if (t >= ylo && t <= yhi &&
                (sign > 0 || found.empty() || found.back() != QPointF(dx, t))) {
                found.push_back({dx, t});
                nearest.insert(std::upper_bound(nearest.begin(), nearest.end(), l1(found.back())),
                               l1(found.back()));
                if (nearest.size() > count)
                    nearest.pop_back();
            }
        }
        // Done once the count-th nearest so far is nearer than the next offset can be.
        if (i + 1 < xs.size() && nearest.size() == count && nearest.back() < std::abs(xs.at(i + 1)))
            break;
    }
    // Nearest first; of two as near, the one that moves less up or down, then leftmost,
    // then upwards before downwards.
    std::sort(found.begin(), found.end(), [&](const QPointF &p, const QPointF &q) {
        if (l1(p) != l1(q))
            return l1(p) < l1(q);
        if (std::abs(p.y()) != std::abs(q.y()))
            return std::abs(p.y()) < std::abs(q.y());
        return p.x() != q.x() ? p.x() < q.x() : p.y() > q.y();
    });
    for (const QPointF &shift : found) {
        if (result.size() >= count)
            break;
        if (result.isEmpty() || shift != result.last())
            result.append(shift);
    }
    return result;
}

} // namespace rooflab
