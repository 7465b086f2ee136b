#include "labelplacer.h"

// How a place that something covers slides off it: along one axis by the exact least
// offset, or both ways at once (docs/labels.md, "Sliding"). Part of LabelPlacer.

namespace rooflab {

QVarLengthArray<double, 2> LabelPlacer::freeSlides(const QRectF &rect, bool vertical, double least,
                                                   double most, const QLineF &ownLine,
                                                   bool guided) const
{
    // Along the axis, each box and line near the corridor the slide sweeps blocks an open
    // interval of offsets; the free offsets nearest 0 lie at the ends of the blocked run
    // around 0. Exact, so a blocker that moves a pixel moves the label a pixel.
    const double lo =
        std::max(least, vertical ? m_bounds.top() - rect.top() : m_bounds.left() - rect.left());
    const double hi = std::min(most, vertical ? m_bounds.bottom() - rect.bottom()
                                              : m_bounds.right() - rect.right());
    QVarLengthArray<double, 2> result;
    if (least == most || lo > hi)
        return result;
    const QRectF corridor = vertical ? rect.adjusted(0, lo, 0, hi) : rect.adjusted(lo, 0, hi, 0);
    const double low = vertical ? rect.top() : rect.left();
    const double high = vertical ? rect.bottom() : rect.right();
    QVarLengthArray<std::pair<double, double>, 16> blocked;
    m_boxGrid.visit(corridor, [&](int index) {
        const QRectF &b = m_rects.at(index);
        if (boxesOverlap(b, corridor))
            blocked.append(vertical ? std::pair(b.top() - high, b.bottom() - low)
                                    : std::pair(b.left() - high, b.right() - low));
        return true;
    });
    // Lines count as touching at their edge: a hair more.
    constexpr double hair = 0.01;
    const auto blockLine = [&](const QLineF &line, double c) {
        double from = 0, to = 1;
        if (!clipSegment(line, corridor.adjusted(-c, -c, c, c), &from, &to))
            return;
        const QPointF p = line.pointAt(from), q = line.pointAt(to);
        const double a = vertical ? std::min(p.y(), q.y()) : std::min(p.x(), q.x());
        const double b = vertical ? std::max(p.y(), q.y()) : std::max(p.x(), q.x());
        blocked.append({a - c - high - hair, b + c - low + hair});
    };
    m_lineGrid.visit(corridor, [&](int index) {
        const LineObstacle &s = m_segments.at(index);
        if (boxesOverlap(s.bounds, corridor) && (ownLine.isNull() || s.line != ownLine))
            blockLine(s.line, s.clearance);
        return true;
    });
    for (const QLineF &guide : guided ? m_guides : QList<QLineF>()) {
        if (guides(guide, rect.size()))
            blockLine(guide, 0);
    }
    // From 0 up past every interval that holds the offset, and from 0 down.
    const double up = escapeIntervals(blocked, 1), down = escapeIntervals(blocked, -1);
    // The nearer first; of two as near, the one towards larger coordinates.
    if (up <= hi)
        result.append(up);
    if (down >= lo && down != up) {
        result.append(down);
        if (result.size() == 2 && -down < up)
            std::swap(result[0], result[1]);
    }
    return result;
}

ShiftBlockers LabelPlacer::shiftBlockers(const QRectF &rect, const QRectF &range,
                                         const LabelRequest &request, bool guided) const
{
    const QRectF area = rect.adjusted(range.left(), range.top(), range.right(), range.bottom());
    const QLineF &ownLine = request.ownLine;
    ShiftBlockers blockers;
    for (const QLineF &guide : guided ? m_guides : QList<QLineF>()) {
        if (guides(guide, rect.size()))
            blockers.lines.append({guide, 0});
    }
    m_boxGrid.visit(area, [&](int index) {
        if (boxesOverlap(m_rects.at(index), area))
            blockers.boxes.append(m_rects.at(index));
        return true;
    });
    m_lineGrid.visit(area, [&](int index) {
        const LineObstacle &s = m_segments.at(index);
        if (boxesOverlap(s.bounds, area) && (ownLine.isNull() || s.line != ownLine))
            blockers.lines.append({s.line, s.clearance});
        return true;
    });
    return blockers;
}

bool LabelPlacer::trySlid(const LabelRequest &request, const Candidate &candidate,
                          LabelPlacement *placement)
{
    const bool guided = candidate.guided;
    if (tryReserve(request, candidate.topLeft, candidate.leader, placement, guided))
        return true;
    // The least slide first, either way: a blocker that moves a pixel moves the label about
    // a pixel, and where two slides are as short the label changes axis by that much only.
    const QRectF rect(candidate.topLeft, request.size);
    QVarLengthArray<QPointF, 4> slides;
    const double left = candidate.reachRight >= 0 ? 0 : -candidate.reachX;
    const double right = candidate.reachRight >= 0 ? candidate.reachRight : candidate.reachX;
    for (double t : freeSlides(rect, false, left, right, request.ownLine, guided))
        slides.append({t, 0});
    const double up = candidate.reachUp >= 0 ? candidate.reachUp : candidate.reachY;
    const double down = candidate.reachUp >= 0 ? 0 : candidate.reachY;
    for (double t : freeSlides(rect, true, -up, down, request.ownLine, guided))
        slides.append({0, t});
    // A ring place slides both ways at once too: pinned between a blocker above it and one
    // beside it (a line label and a slope), it moves off both a little at a time instead of
    // stepping to the next ring (docs/labels.md, "Sliding").
    const bool ring = (candidate.leader || candidate.shiftsBoth) && candidate.reachX > 0 &&
                      candidate.reachY > 0 && candidate.reachRight < 0 && candidate.reachUp < 0 &&
                      !guided;
    if (ring) {
        const QRectF range(-candidate.reachX, -candidate.reachY, 2 * candidate.reachX,
                           2 * candidate.reachY);
        for (const QPointF &shift :
             freeShifts(rect, m_bounds, range, shiftBlockers(rect, range, request, false), 4))
            slides.append(shift);
    }
    std::stable_sort(slides.begin(), slides.end(), [](const QPointF &p, const QPointF &q) {
        return p.manhattanLength() < q.manhattanLength();
    });
    for (const QPointF &slide : std::as_const(slides)) {
        if (slide.isNull())
            continue; // tried: the leader line was not free
        if (tryReserve(request, candidate.topLeft + slide, candidate.leader, placement, guided))
            return true;
    }
    // The place above left of a label on the highest roofline that the top of the plot keeps
    // from sliding up slides down and left along the slope instead.
    if (guided && candidate.reachUp > 0 && rect.top() - candidate.reachUp < m_bounds.top()) {
        const double reach = candidate.reachUp;
        const QRectF range(-reach, -reach, reach, 2 * reach);
        for (const QPointF &shift :
             freeShifts(rect, m_bounds, range, shiftBlockers(rect, range, request, true), 4)) {
            if (tryReserve(request, candidate.topLeft + shift, false, placement, true))
                return true;
        }
    }
    // Climbed as far as it may: from where the climb ended, it slides left (and a little up
    // or down), so that it goes on moving a few pixels a step rather than leaving the corner.
    // Left by up to three times the climb's reach: with the climb's own reach, a label that
    // ran out of it at one stop took the next stop up, 40 to 110 px away, and came back the
    // step after (the window's chart with four devices, docs/labels.md).
    if (guided && candidate.reachUp > 0) {
        const double reach = candidate.reachUp, h = request.size.height();
        const double leftward = 3 * reach;
        // Each stop of the climb in turn (where it left a blocker and met the next), then the
        // top of its reach.
        QVarLengthArray<double, 9> starts;
        const QRectF climb(0, -reach, 0, reach);
        for (double t : climbStops(rect, reach, shiftBlockers(rect, climb, request, true)))
            starts.append(t);
        starts.append(-reach);
        for (const double start : std::as_const(starts)) {
            const QRectF top = rect.translated(0, start);
            const QRectF range(-leftward, -h / 2, leftward, h);
            for (const QPointF &shift :
                 freeShifts(top, m_bounds, range, shiftBlockers(top, range, request, true), 4)) {
                if (tryReserve(request, top.topLeft() + shift, false, placement, true))
                    return true;
            }
        }
    }
    return false;
}

} // namespace rooflab
