#include "labelplacer.h"

#include <algorithm>
#include <cmath>
#include <numbers>

namespace rooflab {

namespace {

// Gap between a marker and a label placed right next to it.
constexpr double nearGap = 4;
// Distances of the rings tried further out, with a leader line, and directions per ring.
constexpr double leaderRings[] = {16, 36, 64, 96};
constexpr int ringDirections = 16;

bool overlaps(const QRectF &a, const QRectF &b)
{
    return a.left() < b.right() && b.left() < a.right() && a.top() < b.bottom() &&
           b.top() < a.bottom();
}

QPointF nearestPointOnRect(const QRectF &rect, const QPointF &p)
{
    return {std::clamp(p.x(), rect.left(), rect.right()),
            std::clamp(p.y(), rect.top(), rect.bottom())};
}

} // namespace

LabelPlacer::LabelPlacer(const QRectF &bounds, double cellSize)
    : m_bounds(bounds), m_cell(std::max(8.0, cellSize))
{
    m_columns = std::max(1, static_cast<int>(std::ceil(bounds.width() / m_cell)));
    m_rows = std::max(1, static_cast<int>(std::ceil(bounds.height() / m_cell)));
    m_grid.resize(static_cast<size_t>(m_columns) * static_cast<size_t>(m_rows));
}

void LabelPlacer::insertRect(const QRectF &rect, int index)
{
    const auto cellOf = [this](double v, double origin, int count) {
        return std::clamp(static_cast<int>(std::floor((v - origin) / m_cell)), 0, count - 1);
    };
    const int x0 = cellOf(rect.left(), m_bounds.left(), m_columns);
    const int x1 = cellOf(rect.right(), m_bounds.left(), m_columns);
    const int y0 = cellOf(rect.top(), m_bounds.top(), m_rows);
    const int y1 = cellOf(rect.bottom(), m_bounds.top(), m_rows);
    for (int y = y0; y <= y1; ++y) {
        for (int x = x0; x <= x1; ++x)
            m_grid[static_cast<size_t>(y * m_columns + x)].push_back(index);
    }
}

void LabelPlacer::addObstacle(const QRectF &rect)
{
    if (!rect.intersects(m_bounds))
        return;
    m_rects.append(rect);
    insertRect(rect, static_cast<int>(m_rects.size() - 1));
}

void LabelPlacer::addObstacle(const QLineF &segment, double clearance)
{
    const QRectF box = QRectF(segment.p1(), segment.p2())
                           .normalized()
                           .adjusted(-clearance, -clearance, clearance, clearance);
    if (!box.intersects(m_bounds))
        return;
    m_segments.append({segment, clearance, box});
}

bool LabelPlacer::segmentHitsRect(const QLineF &segment, const QRectF &rect)
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
    return true;
}

bool LabelPlacer::rectsFree(const QRectF &rect) const
{
    const auto cellOf = [this](double v, double origin, int count) {
        return std::clamp(static_cast<int>(std::floor((v - origin) / m_cell)), 0, count - 1);
    };
    const int x0 = cellOf(rect.left(), m_bounds.left(), m_columns);
    const int x1 = cellOf(rect.right(), m_bounds.left(), m_columns);
    const int y0 = cellOf(rect.top(), m_bounds.top(), m_rows);
    const int y1 = cellOf(rect.bottom(), m_bounds.top(), m_rows);
    for (int y = y0; y <= y1; ++y) {
        for (int x = x0; x <= x1; ++x) {
            for (int index : m_grid[static_cast<size_t>(y * m_columns + x)]) {
                if (overlaps(m_rects.at(index), rect))
                    return false;
            }
        }
    }
    return true;
}

bool LabelPlacer::segmentsFree(const QRectF &rect, const QLineF &ignored) const
{
    for (const Segment &s : m_segments) {
        if (!overlaps(s.bounds, rect) || (!ignored.isNull() && s.line == ignored))
            continue;
        const QRectF grown = rect.adjusted(-s.clearance, -s.clearance, s.clearance, s.clearance);
        if (segmentHitsRect(s.line, grown))
            return false;
    }
    return true;
}

bool LabelPlacer::isFree(const QRectF &rect) const
{
    return m_bounds.contains(rect) && rectsFree(rect) && segmentsFree(rect, QLineF());
}

int LabelPlacer::overlapScore(const QRectF &rect) const
{
    int score = 0;
    for (const QRectF &r : m_rects)
        score += r.intersects(rect) ? 1 : 0;
    for (const Segment &s : m_segments)
        score += segmentHitsRect(s.line, rect) ? 1 : 0;
    return score;
}

bool LabelPlacer::leaderFree(const QLineF &leader) const
{
    // A leader may cross markers and roofs only briefly; it must not cut through text.
    const QRectF box = QRectF(leader.p1(), leader.p2()).normalized();
    for (const QRectF &label : m_placed) {
        if (overlaps(box.adjusted(-1, -1, 1, 1), label) && segmentHitsRect(leader, label))
            return false;
    }
    return true;
}

QList<QPointF> LabelPlacer::candidateTopLefts(const LabelRequest &request,
                                              QList<bool> *leaders) const
{
    QList<QPointF> result;
    const QRectF a = request.anchor;
    const double w = request.size.width(), h = request.size.height();
    const QPointF c = a.center();
    const double g = nearGap;
    // Next to the anchor: right, left, the four corners, above, below.
    const QPointF near[] = {
        {a.right() + g, c.y() - h / 2},      {a.left() - g - w, c.y() - h / 2},
        {a.right() + g / 2, a.top() - h},    {a.right() + g / 2, a.bottom()},
        {a.left() - g / 2 - w, a.top() - h}, {a.left() - g / 2 - w, a.bottom()},
        {c.x() - w / 2, a.top() - g - h},    {c.x() - w / 2, a.bottom() + g},
    };
    for (const QPointF &p : near) {
        result.append(p);
        leaders->append(false);
    }
    if (!request.allowLeader)
        return result;
    // Further out, on rings around the anchor, joined by a leader line.
    for (double ring : leaderRings) {
        for (int i = 0; i < ringDirections; ++i) {
            const double angle = i * 2 * std::numbers::pi / ringDirections;
            const double dx = std::cos(angle), dy = std::sin(angle);
            const QPointF centre(c.x() + dx * (a.width() / 2 + ring + w / 2),
                                 c.y() + dy * (a.height() / 2 + ring + h / 2));
            result.append(centre - QPointF(w / 2, h / 2));
            leaders->append(true);
        }
    }
    return result;
}

bool LabelPlacer::placeParts(const QList<QRectF> &parts, const QLineF &ownLine)
{
    for (const QRectF &part : parts) {
        if (!m_bounds.contains(part) || !rectsFree(part) || !segmentsFree(part, ownLine))
            return false;
    }
    for (const QRectF &part : parts) {
        m_placed.append(part);
        m_rects.append(part);
        insertRect(part, static_cast<int>(m_rects.size() - 1));
    }
    return true;
}

LabelPlacement LabelPlacer::place(const LabelRequest &request)
{
    QList<QPointF> positions;
    QList<bool> leaders;
    if (!request.fixedTopLefts.isEmpty()) {
        positions = request.fixedTopLefts;
        leaders = QList<bool>(positions.size(), false);
    } else {
        positions = candidateTopLefts(request, &leaders);
    }
    for (qsizetype i = 0; i < positions.size(); ++i) {
        const QRectF rect(positions.at(i), request.size);
        if (!m_bounds.contains(rect) || !rectsFree(rect) || !segmentsFree(rect, request.ownLine))
            continue;
        LabelPlacement placement;
        placement.rect = rect;
        if (leaders.at(i)) {
            const QPointF target = request.anchor.center();
            const QLineF leader(nearestPointOnRect(rect, target), target);
            if (!leaderFree(leader))
                continue;
            placement.leader = true;
            placement.leaderLine = leader;
        }
        placement.placed = true;
        if (placement.leader)
            addObstacle(placement.leaderLine, 1.5); // later labels keep off the leader
        m_placed.append(rect);
        m_rects.append(rect);
        insertRect(rect, static_cast<int>(m_rects.size() - 1));
        return placement;
    }
    return {};
}

} // namespace rooflab
