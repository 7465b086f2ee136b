#include "labelplacer.h"

#include <QVarLengthArray>

#include <algorithm>
#include <array>
#include <cmath>
#include <limits>
#include <numbers>

namespace rooflab {

namespace {

// The grid of places tried beyond the leader rings: fine enough to find gaps a little
// larger than the label, coarse enough to stay cheap.
double ringStep(const QSizeF &size)
{
    return std::max(8.0, size.height() * 0.75);
}

// Gap between a marker and a label placed right next to it.
constexpr double nearGap = 4;
// Distances of the rings tried further out, with a leader line, and directions per ring.
constexpr double leaderRings[] = {16, 36, 64, 96};
constexpr int ringDirections = 16;
// How far a place next to the anchor may slide away from its side, and a place on a leader
// ring either way, when something covers it.
constexpr double nearNudge = 12;
constexpr double ringSlide = 24;

} // namespace

LabelPlacer::LabelPlacer(const QRectF &bounds, double cellSize)
    : m_bounds(bounds), m_boxGrid(bounds, std::max(8.0, cellSize)),
      m_lineGrid(bounds, std::max(8.0, cellSize))
{
}

void LabelPlacer::reserveBoxes(qsizetype count)
{
    m_rects.reserve(m_rects.size() + count);
    m_rectIsLabel.reserve(m_rectIsLabel.size() + static_cast<size_t>(count));
}

void LabelPlacer::addObstacle(const QRectF &rect, bool blocksLeaders)
{
    if (!meetsBounds(rect))
        return;
    if (blocksLeaders)
        m_leaderBlockers.append(rect);
    m_rects.append(rect);
    m_rectIsLabel.push_back(0);
    m_boxGrid.insert(rect, static_cast<int>(m_rects.size() - 1));
}

void LabelPlacer::addObstacle(const QLineF &segment, double clearance)
{
    const QRectF box = QRectF(segment.p1(), segment.p2())
                           .normalized()
                           .adjusted(-clearance, -clearance, clearance, clearance);
    if (!box.intersects(m_bounds))
        return;
    m_segments.append({segment, clearance, box, segment.length()});
    m_lineGrid.insertAlong(segment, clearance + 1, static_cast<int>(m_segments.size() - 1));
}

void LabelPlacer::reserve(const QRectF &label)
{
    m_placed.append(label);
    // Kept out of by every later label (and counted by coverage()) with the gap either side:
    // side by side two labels read as one phrase; one above another the lines part them.
    const QRectF keptOut = label.adjusted(-m_labelGap, 0, m_labelGap, 0);
    m_rects.append(keptOut);
    m_rectIsLabel.push_back(1);
    m_boxGrid.insert(keptOut, static_cast<int>(m_rects.size() - 1));
}

LabelPlacer::Mark LabelPlacer::mark() const
{
    return {m_rects.size(), m_placed.size(), m_segments.size(), m_leaderBlockers.size(),
            m_guides.size()};
}

void LabelPlacer::rollback(const Mark &mark)
{
    m_boxGrid.truncate(static_cast<int>(mark.rects));
    m_lineGrid.truncate(static_cast<int>(mark.segments));
    m_rects.resize(mark.rects);
    m_rectIsLabel.resize(static_cast<size_t>(mark.rects));
    m_placed.resize(mark.placed);
    m_segments.resize(mark.segments);
    m_leaderBlockers.resize(mark.blockers);
    m_guides.resize(mark.guides);
    m_noRoom.clear(); // there may be room again
}

bool LabelPlacer::rectsFree(const QRectF &rect) const
{
    return !m_boxGrid.any(rect, [&](int index) { return boxesOverlap(m_rects.at(index), rect); });
}

bool LabelPlacer::segmentsFree(const QRectF &rect, const QLineF &ignored) const
{
    return m_lineGrid.visit(rect, [&](int index) {
        const LineObstacle &s = m_segments.at(index);
        if (!boxesOverlap(s.bounds, rect) || (!ignored.isNull() && s.line == ignored))
            return true;
        const double c = s.clearance;
        return !segmentCrossesRect(s.line, rect.adjusted(-c, -c, c, c));
    });
}

bool LabelPlacer::isFree(const QRectF &rect) const
{
    if (!inBounds(rect) || !segmentsFree(rect, QLineF()))
        return false;
    // The labels' own boxes: the gap is kept between labels, not from a mark's caret.
    return !m_boxGrid.any(rect, [&](int index) { return boxesOverlap(ownBox(index), rect); });
}

double LabelPlacer::coverage(const QRectF &rect, double perBox, const Mark *upTo) const
{
    const qsizetype rects = upTo ? upTo->rects : m_rects.size();
    const qsizetype segments = upTo ? upTo->segments : m_segments.size();
    double cost = 0;
    m_boxGrid.visit(rect, [&](int index) {
        cost += index < rects && boxesOverlap(m_rects.at(index), rect) ? perBox : 0;
        return true;
    });
    for (qsizetype i = 0; i < segments; ++i) {
        const LineObstacle &s = m_segments.at(i);
        const double c = s.clearance;
        if (boxesOverlap(s.bounds, rect))
            cost += lengthInsideRect(s.line, rect.adjusted(-c, -c, c, c));
    }
    return cost;
}

CoverageMap LabelPlacer::coverageMap(const QRectF &area, double cell, double perBoxCell,
                                     const Mark *upTo) const
{
    if (!upTo)
        return CoverageMap::make(area, cell, perBoxCell, m_rects, m_segments);
    return CoverageMap::make(area, cell, perBoxCell, m_rects.first(upTo->rects),
                             m_segments.first(upTo->segments));
}

bool LabelPlacer::runsAlongALine(const QLineF &leader) const
{
    // Only a line nearly parallel to the leader can run along it: find those listed in the
    // cells the leader crosses (usually none), then sample the leader every 4 px: more than
    // 24 px in a row within 2 px of one of them and the leader cannot be told from it.
    const double length = leader.length();
    if (length <= 0)
        return false;
    const QPointF dir = (leader.p2() - leader.p1()) / length;
    QVarLengthArray<int, 8> parallel;
    m_lineGrid.visitAlong(leader, [&](int index) {
        const LineObstacle &s = m_segments.at(index);
        const double cross =
            s.length > 0 ? std::abs(dir.x() * s.line.dy() - dir.y() * s.line.dx()) / s.length : 1;
        if (cross < 0.2) // within about 11 degrees
            parallel.append(index);
        return true;
    });
    if (parallel.isEmpty())
        return false;
    constexpr double step = 4, near = 2, longest = 24;
    const int samples = static_cast<int>(length / step);
    int run = 0;
    for (int i = 0; i <= samples; ++i) {
        const QPointF p = leader.pointAt(samples > 0 ? double(i) / samples : 0.0);
        const bool onLine = std::any_of(parallel.cbegin(), parallel.cend(), [&](int index) {
            // Plainly further than `near` from the segment's box (a margin for rounding):
            // no need to measure.
            const LineObstacle &s = m_segments.at(index);
            const double x0 = std::min(s.line.x1(), s.line.x2()),
                         x1 = std::max(s.line.x1(), s.line.x2());
            const double y0 = std::min(s.line.y1(), s.line.y2()),
                         y1 = std::max(s.line.y1(), s.line.y2());
            constexpr double margin = near + 0.01;
            if (p.x() < x0 - margin || p.x() > x1 + margin || p.y() < y0 - margin ||
                p.y() > y1 + margin)
                return false;
            return distanceToSegment(p, s.line) <= near;
        });
        run = onLine ? run + 1 : 0;
        if (run * step > longest)
            return true;
    }
    return false;
}

bool LabelPlacer::leaderFree(const QLineF &leader) const
{
    for (const QRectF &blocker : m_leaderBlockers) {
        if (segmentCrossesRect(leader, blocker))
            return false;
    }
    return labelsFree(leader) && !runsAlongALine(leader);
}

bool LabelPlacer::labelsFree(const QLineF &leader) const
{
    // A leader may cross markers and roofs only briefly; it must not cut through text.
    const QRectF box = QRectF(leader.p1(), leader.p2()).normalized().adjusted(-1, -1, 1, 1);
    const auto clear = [&](const QRectF &label) {
        return !boxesOverlap(box, label) || !segmentCrossesRect(leader, label);
    };
    if (m_boxGrid.cellCount(box) > m_placed.size()) // fewer labels than cells to visit
        return std::all_of(m_placed.cbegin(), m_placed.cend(), clear);
    return m_boxGrid.visit(box, [&](int index) {
        return !m_rectIsLabel[static_cast<size_t>(index)] || clear(ownBox(index));
    });
}

bool LabelPlacer::leaderClear(const QLineF &leader, const QRectF &own) const
{
    for (const QRectF &blocker : m_leaderBlockers) {
        if (segmentCrossesRect(leader, blocker))
            return false;
    }
    for (const QRectF &label : m_placed) {
        if (label != own && segmentCrossesRect(leader, label))
            return false;
    }
    return !runsAlongALine(leader);
}

void LabelPlacer::candidateTopLefts(const LabelRequest &request, Candidates *candidates) const
{
    const QRectF a = request.anchor;
    const double w = request.size.width(), h = request.size.height();
    const QPointF c = a.center();
    const double g = nearGap;
    // Next to the anchor: right, left, the four corners, above, below. Each may slide a
    // little: right and left up and down as far as the corners, the others sideways as far
    // as the middle of the top or bottom; and a few pixels the other way. Only when the
    // request asks for it (docs/labels.md, "Sliding": it packs labels less tightly).
    const bool slides = request.slide;
    const double along = slides ? (h + a.height()) / 2 : 0;
    const double across = slides ? (w + a.width()) / 2 : 0;
    const double nudge = slides ? nearNudge : 0;
    Candidate near[] = {
        {{a.right() + g, c.y() - h / 2}, false, nudge, along},
        {{a.left() - g - w, c.y() - h / 2}, false, nudge, along},
        {{a.right() + g / 2, a.top() - h}, false, across, nudge},
        {{a.right() + g / 2, a.bottom()}, false, across, nudge},
        {{a.left() - g / 2 - w, a.top() - h}, false, across, nudge},
        {{a.left() - g / 2 - w, a.bottom()}, false, across, nudge},
        {{c.x() - w / 2, a.top() - g - h}, false, across, nudge},
        {{c.x() - w / 2, a.bottom() + g}, false, across, nudge},
    };
    if (request.aboveFirst) {
        std::swap(near[3], near[4]); // above left before below right
        std::swap(near[2], near[3]); // and before above right
        // Above the highest roofline only line labels can be in the way, and they stay
        // while the batch moves: above left slides past them (docs/labels.md, "Sliding").
        if (request.slideRings && !slides)
            near[2].reachUp = 2 * h, near[2].guided = true;
    }
    for (const Candidate &candidate : near)
        candidates->append(candidate);
    if (!request.allowLeader)
        return;
    // Further out, on rings around the anchor, joined by a leader line (the directions'
    // cosines and sines worked out once), each sliding too when the request asks for it.
    const double slide = slides || request.slideRings ? ringSlide : 0;
    static const auto directions = [] {
        std::array<QPointF, ringDirections> result;
        for (int i = 0; i < ringDirections; ++i) {
            const double angle = i * 2 * std::numbers::pi / ringDirections;
            result[static_cast<size_t>(i)] = {std::cos(angle), std::sin(angle)};
        }
        return result;
    }();
    for (double ring : leaderRings) {
        for (const QPointF &d : directions) {
            const QPointF centre(c.x() + d.x() * (a.width() / 2 + ring + w / 2),
                                 c.y() + d.y() * (a.height() / 2 + ring + h / 2));
            candidates->append({centre - QPointF(w / 2, h / 2), true, slide, slide});
        }
    }
}

bool LabelPlacer::placeParts(const QList<QRectF> &parts, const QLineF &ownLine)
{
    for (const QRectF &part : parts) {
        if (!inBounds(part) || !rectsFree(part) || !segmentsFree(part, ownLine))
            return false;
    }
    for (const QRectF &part : parts)
        reserve(part);
    return true;
}

void LabelPlacer::wideRing(const LabelRequest &request, int ring, Spots *spots) const
{
    // The places `ring` grid steps away from the anchor (a square ring), nearest first.
    const double w = request.size.width(), h = request.size.height();
    const double step = ringStep(request.size);
    const QPointF c = request.anchor.center();
    spots->clear();
    const auto add = [&](int i, int j) {
        const QPointF centre(c.x() + i * step, c.y() + j * step);
        const QRectF rect(centre - QPointF(w / 2, h / 2), request.size);
        if (inBounds(rect))
            spots->push_back({double(i) * i + double(j) * j, rect.topLeft()});
    };
    for (int k = -ring; k <= ring; ++k) {
        add(k, -ring);
        add(k, ring);
        if (k != -ring && k != ring) {
            add(-ring, k);
            add(ring, k);
        }
    }
    std::sort(spots->begin(), spots->end(),
              [](const auto &a, const auto &b) { return a.first < b.first; });
}

bool LabelPlacer::tryReserve(const LabelRequest &request, const QPointF &topLeft, bool leader,
                             LabelPlacement *placement, bool guided)
{
    const QRectF rect(topLeft, request.size);
    if (!inBounds(rect) || !rectsFree(rect) || !segmentsFree(rect, request.ownLine))
        return false;
    if (guided && std::any_of(m_guides.cbegin(), m_guides.cend(), [&](const QLineF &g) {
            return guides(g, request.size) && segmentCrossesRect(g, rect);
        }))
        return false;
    *placement = {};
    placement->rect = rect;
    if (leader) {
        const QPointF target = request.anchor.center();
        const QLineF line(nearestPointOnRect(rect, target), target);
        if (!leaderFree(line))
            return false;
        placement->leader = true;
        placement->leaderLine = line;
    }
    placement->placed = true;
    if (placement->leader)
        addObstacle(placement->leaderLine, 1.5); // later labels keep off the leader
    reserve(rect);
    return true;
}

LabelPlacement LabelPlacer::place(const LabelRequest &request)
{
    LabelPlacement placement;
    if (request.previousTopLeft) { // the last frame's place first, while it stays free
        const double slide = request.previousSlide;
        Candidate kept{*request.previousTopLeft, request.previousLeader && request.allowLeader,
                       slide, slide};
        kept.shiftsBoth = true;
        if (trySlid(request, kept, &placement))
            return placement;
        kept.leader = false;
        if (request.previousLeader && trySlid(request, kept, &placement))
            return placement;
    }
    Candidates candidates;
    if (!request.fixedTopLefts.isEmpty()) {
        for (const QPointF &topLeft : request.fixedTopLefts)
            candidates.append({topLeft, false, 0, request.fixedSlideY, request.fixedSlideRight});
    } else {
        candidateTopLefts(request, &candidates);
    }
    // Its last place taken: the places of its list nearest that one first, so that the
    // label moves as little as it can.
    if (request.previousTopLeft) {
        const QPointF was = *request.previousTopLeft;
        std::stable_sort(
            candidates.begin(), candidates.end(), [&](const Candidate &a, const Candidate &b) {
                return QLineF(a.topLeft, was).length() < QLineF(b.topLeft, was).length();
            });
    }
    for (const Candidate &candidate : std::as_const(candidates)) {
        if (trySlid(request, candidate, &placement))
            return placement;
    }
    if (request.reach > 0) {
        // Further out, nearest first: ring after ring of a grid around the anchor, as far as
        // the leader may reach (or the bounds end).
        // Once a box found no room anywhere, no box at least as large will: skip the search.
        const bool unbounded = std::isinf(request.reach);
        const QSizeF size = request.size;
        if (unbounded && std::any_of(m_noRoom.cbegin(), m_noRoom.cend(), [&](const QSizeF &s) {
                return s.width() <= size.width() && s.height() <= size.height();
            }))
            return {};
        const double step = ringStep(request.size);
        const QPointF target = request.anchor.center();
        const double toEdge =
            std::max({target.x() - m_bounds.left(), m_bounds.right() - target.x(),
                      target.y() - m_bounds.top(), m_bounds.bottom() - target.y()});
        const double farthest =
            std::min(request.reach, toEdge) + std::max(request.size.width(), request.size.height());
        const int rings = static_cast<int>(std::ceil(farthest / step));
        Spots spots;
        for (int ring = 1; ring <= rings; ++ring) {
            wideRing(request, ring, &spots);
            for (const auto &spot : spots) {
                const QPointF &topLeft = spot.second;
                const QRectF rect(topLeft, request.size);
                if (!unbounded &&
                    QLineF(nearestPointOnRect(rect, target), target).length() > request.reach)
                    continue;
                if (tryReserve(request, topLeft, true, &placement))
                    return placement;
            }
        }
        if (unbounded)
            m_noRoom.append(size);
    }
    return {};
}

} // namespace rooflab
