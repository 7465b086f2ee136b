#pragma once

#include <QLineF>
#include <QPointF>
#include <QRectF>
#include <QVarLengthArray>

#include <algorithm>
#include <utility>

namespace rooflab {

// A line labels keep away from: a roof or slope, or a leader line already drawn.
struct LineObstacle
{
    QLineF line;
    double clearance = 0; // pixels kept free on either side
    QRectF bounds;        // the line's bounding box grown by the clearance
    double length = 0;    // line.length(), worked out once
};

// True when the two boxes share some area (touching edges do not count).
inline bool boxesOverlap(const QRectF &a, const QRectF &b)
{
    return a.left() < b.right() && b.left() < a.right() && a.top() < b.bottom() &&
           b.top() < a.bottom();
}

// The nearest offset to 0, going up (`sign` > 0) or down, that lies in none of the open
// intervals (from, to) of `blocked`: from 0 past each interval that holds it, until none
// does (the intervals may come in any order).
template <typename Intervals> double escapeIntervals(const Intervals &blocked, double sign)
{
    double t = 0;
    for (bool moved = true; moved;) {
        moved = false;
        for (const auto &[from, to] : blocked) {
            if (from < t && t < to) {
                t = sign > 0 ? to : from;
                moved = true;
            }
        }
    }
    return t;
}

// The segment's parameter range [from, to] inside `rect`; false when it misses it.
bool clipSegment(const QLineF &segment, const QRectF &rect, double *from, double *to);

// True when the segment crosses the rectangle.
inline bool segmentCrossesRect(const QLineF &segment, const QRectF &rect)
{
    double from = 0, to = 1;
    return clipSegment(segment, rect, &from, &to);
}

// The length of the part of the segment inside the rectangle.
inline double lengthInsideRect(const QLineF &segment, const QRectF &rect)
{
    double from = 0, to = 1;
    return clipSegment(segment, rect, &from, &to) ? (to - from) * segment.length() : 0;
}

// The distance from `p` to the nearest point of the segment.
double distanceToSegment(const QPointF &p, const QLineF &segment);

// The point of `rect` nearest to `p` (p itself when inside).
inline QPointF nearestPointOnRect(const QRectF &rect, const QPointF &p)
{
    return {std::clamp(p.x(), rect.left(), rect.right()),
            std::clamp(p.y(), rect.top(), rect.bottom())};
}

// What stands in the way of a box moved about a little: boxes, and lines with the clearance
// kept from each.
struct ShiftBlockers
{
    QVarLengthArray<QRectF, 16> boxes;
    QVarLengthArray<std::pair<QLineF, double>, 16> lines;
};

// The offsets (dx, dy) within `range` (left to right dx, top to bottom dy; it holds 0) that
// move `rect` off every blocker and keep it inside `bounds`, nearest first (by |dx| + |dy|),
// at most `count`. For each dx (every pixel, and where a box's side starts or stops
// blocking) the free dy nearest 0 up and down is exact, so the offset found moves about as
// much as the blockers do.
QVarLengthArray<QPointF, 8> freeShifts(const QRectF &rect, const QRectF &bounds,
                                       const QRectF &range, const ShiftBlockers &blockers,
                                       int count);

// Where `rect` climbing straight up by at most `reach` is stopped in turn: the (negative)
// offsets at which it leaves each blocker it meets, the first stop first.
QVarLengthArray<double, 8> climbStops(const QRectF &rect, double reach,
                                      const ShiftBlockers &blockers);

} // namespace rooflab
