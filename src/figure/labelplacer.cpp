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

bool overlaps(const QRectF &a, const QRectF &b)
{
    return a.left() < b.right() && b.left() < a.right() && a.top() < b.bottom() &&
           b.top() < a.bottom();
}

double distanceToSegment(const QPointF &p, const QLineF &s)
{
    const QPointF d = s.p2() - s.p1();
    const double lengthSquared = d.x() * d.x() + d.y() * d.y();
    const double t = lengthSquared > 0
                         ? std::clamp(QPointF::dotProduct(p - s.p1(), d) / lengthSquared, 0.0, 1.0)
                         : 0.0;
    return QLineF(p, s.p1() + d * t).length();
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
    m_segmentGrid.resize(m_grid.size());
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

void LabelPlacer::addObstacle(const QRectF &rect, bool blocksLeaders)
{
    if (!rect.intersects(m_bounds))
        return;
    if (blocksLeaders)
        m_leaderBlockers.append(rect);
    m_rects.append(rect);
    m_rectIsLabel.push_back(0);
    insertRect(rect, static_cast<int>(m_rects.size() - 1));
}

void LabelPlacer::addObstacle(const QLineF &segment, double clearance)
{
    const QRectF box = QRectF(segment.p1(), segment.p2())
                           .normalized()
                           .adjusted(-clearance, -clearance, clearance, clearance);
    if (!box.intersects(m_bounds))
        return;
    m_segments.append({segment, clearance, box, segment.length()});
    // Listed in the cells along the line (within its clearance), not its whole bounding
    // box: a long diagonal roof would otherwise sit in every cell of the plot.
    const int index = static_cast<int>(m_segments.size() - 1);
    const int samples = std::max(1, static_cast<int>(std::ceil(segment.length() / (m_cell / 2))));
    const double reach = clearance + 1;
    for (int i = 0; i <= samples; ++i) {
        const QPointF p = segment.pointAt(double(i) / samples);
        const int x0 = cellColumn(p.x() - reach), x1 = cellColumn(p.x() + reach);
        const int y0 = cellRow(p.y() - reach), y1 = cellRow(p.y() + reach);
        for (int y = y0; y <= y1; ++y) {
            for (int x = x0; x <= x1; ++x) {
                const int cell = y * m_columns + x;
                std::vector<int> &list = m_segmentGrid[static_cast<size_t>(cell)];
                if (list.empty() || list.back() != index)
                    list.push_back(index);
            }
        }
    }
}

LabelPlacer::Mark LabelPlacer::mark() const
{
    return {m_rects.size(), m_placed.size(), m_segments.size(), m_leaderBlockers.size()};
}

void LabelPlacer::rollback(const Mark &mark)
{
    // Indices are appended in order, so what came after the mark sits at the cells' ends.
    for (std::vector<int> &cell : m_grid) {
        while (!cell.empty() && cell.back() >= mark.rects)
            cell.pop_back();
    }
    for (std::vector<int> &cell : m_segmentGrid) {
        while (!cell.empty() && cell.back() >= mark.segments)
            cell.pop_back();
    }
    m_rects.resize(mark.rects);
    m_rectIsLabel.resize(static_cast<size_t>(mark.rects));
    m_placed.resize(mark.placed);
    m_segments.resize(mark.segments);
    m_leaderBlockers.resize(mark.blockers);
    m_noRoom.clear(); // there may be room again
}

bool LabelPlacer::segmentHitsRect(const QLineF &segment, const QRectF &rect)
{
    double t0 = 0, t1 = 1;
    return clip(segment, rect, &t0, &t1);
}

double LabelPlacer::clippedLength(const QLineF &segment, const QRectF &rect)
{
    double t0 = 0, t1 = 1;
    return clip(segment, rect, &t0, &t1) ? (t1 - t0) * segment.length() : 0;
}

bool LabelPlacer::clip(const QLineF &segment, const QRectF &rect, double *from, double *to)
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
    // The segments listed in the cells the rectangle touches (each checked once).
    if (m_segmentSeen.size() < static_cast<size_t>(m_segments.size()))
        m_segmentSeen.resize(static_cast<size_t>(m_segments.size()), 0);
    ++m_segmentQuery;
    const int x0 = cellColumn(rect.left()), x1 = cellColumn(rect.right());
    const int y0 = cellRow(rect.top()), y1 = cellRow(rect.bottom());
    for (int y = y0; y <= y1; ++y) {
        for (int x = x0; x <= x1; ++x) {
            for (int index : m_segmentGrid[static_cast<size_t>(y * m_columns + x)]) {
                unsigned &seen = m_segmentSeen[static_cast<size_t>(index)];
                if (seen == m_segmentQuery)
                    continue;
                seen = m_segmentQuery;
                const Segment &s = m_segments.at(index);
                if (!overlaps(s.bounds, rect) || (!ignored.isNull() && s.line == ignored))
                    continue;
                const QRectF grown =
                    rect.adjusted(-s.clearance, -s.clearance, s.clearance, s.clearance);
                if (segmentHitsRect(s.line, grown))
                    return false;
            }
        }
    }
    return true;
}

bool LabelPlacer::isFree(const QRectF &rect) const
{
    return inBounds(rect) && rectsFree(rect) && segmentsFree(rect, QLineF());
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

template <typename Visit> void LabelPlacer::forEachRectNear(const QRectF &rect, Visit visit) const
{
    // Each rect once, though it may sit in several cells.
    const auto cellOf = [this](double v, double origin, int count) {
        return std::clamp(static_cast<int>(std::floor((v - origin) / m_cell)), 0, count - 1);
    };
    if (m_seen.size() < static_cast<size_t>(m_rects.size()))
        m_seen.resize(static_cast<size_t>(m_rects.size()), 0);
    ++m_query;
    const int x0 = cellOf(rect.left(), m_bounds.left(), m_columns);
    const int x1 = cellOf(rect.right(), m_bounds.left(), m_columns);
    const int y0 = cellOf(rect.top(), m_bounds.top(), m_rows);
    const int y1 = cellOf(rect.bottom(), m_bounds.top(), m_rows);
    for (int y = y0; y <= y1; ++y) {
        for (int x = x0; x <= x1; ++x) {
            for (int index : m_grid[static_cast<size_t>(y * m_columns + x)]) {
                if (m_seen[static_cast<size_t>(index)] == m_query)
                    continue;
                m_seen[static_cast<size_t>(index)] = m_query;
                visit(m_rects.at(index));
            }
        }
    }
}

double LabelPlacer::coverage(const QRectF &rect, double perBox) const
{
    double cost = 0;
    forEachRectNear(rect, [&](const QRectF &r) { cost += overlaps(r, rect) ? perBox : 0; });
    for (const Segment &s : m_segments) {
        if (overlaps(s.bounds, rect))
            cost += clippedLength(
                s.line, rect.adjusted(-s.clearance, -s.clearance, s.clearance, s.clearance));
    }
    return cost;
}

CoverageMap LabelPlacer::coverageMap(const QRectF &area, double cell, double perBoxCell) const
{
    CoverageMap map;
    map.m_area = area;
    map.m_cell = cell;
    map.m_columns = std::max(1, static_cast<int>(std::ceil(area.width() / cell)));
    map.m_rows = std::max(1, static_cast<int>(std::ceil(area.height() / cell)));
    const int columns = map.m_columns, rows = map.m_rows;
    std::vector<double> weight(static_cast<size_t>(columns) * static_cast<size_t>(rows), 0);
    const auto at = [&](int x, int y) -> double & {
        return weight[static_cast<size_t>(y) * static_cast<size_t>(columns) +
                      static_cast<size_t>(x)];
    };
    // What each cell would hide: the heavier of a box touching it and a line near it.
    for (const QRectF &r : m_rects) {
        if (!overlaps(r, area))
            continue;
        for (int y = map.cellY(r.top()); y <= map.cellY(r.bottom()); ++y) {
            for (int x = map.cellX(r.left()); x <= map.cellX(r.right()); ++x)
                at(x, y) = std::max(at(x, y), perBoxCell);
        }
    }
    for (const Segment &s : m_segments) {
        const double c = s.clearance;
        if (!overlaps(s.bounds, area))
            continue;
        const int samples = std::max(1, static_cast<int>(std::ceil(s.line.length() / (cell / 2))));
        for (int i = 0; i <= samples; ++i) {
            const QPointF p = s.line.pointAt(double(i) / samples);
            if (!area.adjusted(-c, -c, c, c).contains(p))
                continue;
            for (int y = map.cellY(p.y() - c); y <= map.cellY(p.y() + c); ++y) {
                for (int x = map.cellX(p.x() - c); x <= map.cellX(p.x() + c); ++x)
                    at(x, y) = std::max(at(x, y), 1.0);
            }
        }
    }
    map.m_sum.assign(static_cast<size_t>(columns + 1) * static_cast<size_t>(rows + 1), 0);
    const auto sum = [&](int x, int y) -> double & {
        return map.m_sum[static_cast<size_t>(y) * static_cast<size_t>(columns + 1) +
                         static_cast<size_t>(x)];
    };
    for (int y = 0; y < rows; ++y) {
        for (int x = 0; x < columns; ++x)
            sum(x + 1, y + 1) = at(x, y) + sum(x, y + 1) + sum(x + 1, y) - sum(x, y);
    }
    return map;
}

QPointF CoverageMap::leastCovered(const QSizeF &size, const QList<QPointF> &preferred,
                                  double *hidden) const
{
    // A box whose top-left is in cell (x, y) touches at most `w` x `h` cells (its size
    // rounded up, plus one for straddling cell borders).
    const int w = std::min(m_columns, static_cast<int>(std::ceil(size.width() / m_cell)) + 1);
    const int h = std::min(m_rows, static_cast<int>(std::ceil(size.height() / m_cell)) + 1);
    const auto cost = [&](int x, int y) {
        return sumAt(x + w, y + h) - sumAt(x, y + h) - sumAt(x + w, y) + sumAt(x, y);
    };
    for (const QPointF &p : preferred) {
        const int x = std::min(cellX(p.x()), m_columns - w), y = std::min(cellY(p.y()), m_rows - h);
        if (x >= 0 && y >= 0 && cost(x, y) == 0) {
            *hidden = 0;
            return p;
        }
    }
    const auto topLeftOf = [&](int x, int y) {
        return QPointF(std::min(m_area.left() + x * m_cell, m_area.right() - size.width()),
                       std::min(m_area.top() + y * m_cell, m_area.bottom() - size.height()));
    };
    double bestCost = std::numeric_limits<double>::max(), bestDistance = 0;
    QPointF best = preferred.isEmpty() ? m_area.topLeft() : preferred.first();
    for (int y = 0; y + h <= m_rows; ++y) {
        for (int x = 0; x + w <= m_columns; ++x) {
            const double c = cost(x, y);
            if (c > bestCost)
                continue;
            const QPointF p = topLeftOf(x, y);
            double distance = std::numeric_limits<double>::max();
            for (const QPointF &q : preferred)
                distance = std::min(distance, std::abs(p.x() - q.x()) + std::abs(p.y() - q.y()));
            if (c < bestCost || distance < bestDistance) {
                best = p;
                bestCost = c;
                bestDistance = distance;
            }
        }
    }
    *hidden = bestCost == std::numeric_limits<double>::max() ? 0 : bestCost;
    return best;
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
    if (m_segmentSeen.size() < static_cast<size_t>(m_segments.size()))
        m_segmentSeen.resize(static_cast<size_t>(m_segments.size()), 0);
    ++m_segmentQuery;
    QVarLengthArray<int, 8> parallel;
    const int cellSamples = static_cast<int>(std::ceil(length / (m_cell / 2)));
    for (int i = 0; i <= cellSamples; ++i) {
        const QPointF p = leader.pointAt(double(i) / cellSamples);
        for (int index :
             m_segmentGrid[static_cast<size_t>(cellRow(p.y()) * m_columns + cellColumn(p.x()))]) {
            unsigned &seen = m_segmentSeen[static_cast<size_t>(index)];
            if (seen == m_segmentQuery)
                continue;
            seen = m_segmentQuery;
            const QLineF &line = m_segments.at(index).line;
            const double l = m_segments.at(index).length;
            const double cross =
                l > 0 ? std::abs(dir.x() * line.dy() - dir.y() * line.dx()) / l : 1;
            if (cross < 0.2) // within about 11 degrees
                parallel.append(index);
        }
    }
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
            const Segment &s = m_segments.at(index);
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
        if (segmentHitsRect(leader, blocker))
            return false;
    }
    return labelsFree(leader) && !runsAlongALine(leader);
}

bool LabelPlacer::labelsFree(const QLineF &leader) const
{
    // A leader may cross markers and roofs only briefly; it must not cut through text.
    const QRectF box = QRectF(leader.p1(), leader.p2()).normalized().adjusted(-1, -1, 1, 1);
    const int x0 = cellColumn(box.left()), x1 = cellColumn(box.right());
    const int y0 = cellRow(box.top()), y1 = cellRow(box.bottom());
    if ((x1 - x0 + 1) * (y1 - y0 + 1) > m_placed.size()) { // fewer labels than cells to visit
        return std::none_of(m_placed.cbegin(), m_placed.cend(), [&](const QRectF &label) {
            return overlaps(box, label) && segmentHitsRect(leader, label);
        });
    }
    // The labels listed in the cells of the leader's box (every label inside the bounds is
    // listed in each cell it touches), each checked once.
    if (m_seen.size() < static_cast<size_t>(m_rects.size()))
        m_seen.resize(static_cast<size_t>(m_rects.size()), 0);
    ++m_query;
    for (int y = y0; y <= y1; ++y) {
        for (int x = x0; x <= x1; ++x) {
            for (int index : m_grid[static_cast<size_t>(y * m_columns + x)]) {
                unsigned &seen = m_seen[static_cast<size_t>(index)];
                if (seen == m_query || !m_rectIsLabel[static_cast<size_t>(index)])
                    continue;
                seen = m_query;
                const QRectF &label = m_rects.at(index);
                if (overlaps(box, label) && segmentHitsRect(leader, label))
                    return false;
            }
        }
    }
    return true;
}

void LabelPlacer::candidateTopLefts(const LabelRequest &request, Candidates *candidates) const
{
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
    for (const QPointF &p : near)
        candidates->append({p, false});
    if (!request.allowLeader)
        return;
    // Further out, on rings around the anchor, joined by a leader line (the directions'
    // cosines and sines worked out once).
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
            candidates->append({centre - QPointF(w / 2, h / 2), true});
        }
    }
}

bool LabelPlacer::placeParts(const QList<QRectF> &parts, const QLineF &ownLine)
{
    for (const QRectF &part : parts) {
        if (!inBounds(part) || !rectsFree(part) || !segmentsFree(part, ownLine))
            return false;
    }
    for (const QRectF &part : parts) {
        m_placed.append(part);
        m_rects.append(part);
        m_rectIsLabel.push_back(1);
        insertRect(part, static_cast<int>(m_rects.size() - 1));
    }
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
                             LabelPlacement *placement)
{
    const QRectF rect(topLeft, request.size);
    if (!inBounds(rect) || !rectsFree(rect) || !segmentsFree(rect, request.ownLine))
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
    m_placed.append(rect);
    m_rects.append(rect);
    m_rectIsLabel.push_back(1);
    insertRect(rect, static_cast<int>(m_rects.size() - 1));
    return true;
}

LabelPlacement LabelPlacer::place(const LabelRequest &request)
{
    LabelPlacement placement;
    if (!request.fixedTopLefts.isEmpty()) {
        for (const QPointF &topLeft : request.fixedTopLefts) {
            if (tryReserve(request, topLeft, false, &placement))
                return placement;
        }
    } else {
        Candidates candidates;
        candidateTopLefts(request, &candidates);
        for (const Candidate &candidate : std::as_const(candidates)) {
            if (tryReserve(request, candidate.first, candidate.second, &placement))
                return placement;
        }
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
