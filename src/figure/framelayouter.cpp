#include "framelayouter.h"

#include "labellimits.h"
#include "textcache.h"

#include <algorithm>
#include <cmath>
#include <limits>

namespace rooflab {

namespace {

// The limits this file applies (labellimits.h).
constexpr int maxLabelUnits = crowding.maxLabelUnits;
constexpr double labelReach = crowding.labelReach;
constexpr int wideSearchUnits = crowding.wideSearchUnits;
constexpr int maxLongLeaders = crowding.maxLongLeaders;
// A label further than this (pixels) from its markers needs a leader line to be read as
// theirs.
constexpr double farLabelGap = 30;
// A number may go anywhere.
constexpr double anywhere = std::numeric_limits<double>::infinity();

// True when no point can come above (data) `y` at intensity `x`: no device's roofline is
// higher there (a point sits on or under its own device's roofline; the datasheet ghosts
// and the interconnect's slope are no point's ceiling above it).
bool onHighestRoofline(const SceneModel &model, double x, double y)
{
    for (const SceneSlope &slope : model.slopes) {
        if (!slope.ghost && !slope.link && x <= slope.topRidge && slope.bandwidth * x > y * 1.001)
            return false;
    }
    for (const SceneRoof &roof : model.roofs) {
        if (!roof.ghost && x >= roof.ridge && roof.peak > y * 1.001)
            return false;
    }
    return true;
}

} // namespace

bool FrameLayouter::run()
{
    if (m_cache.obstacles) {
        placer.rollback(*m_cache.obstacles);
    } else {
        addLineObstacles(placer);
        addMarkerObstacles();
        m_cache.obstacles = placer.mark();
    }
    // The legend where it hides no line and no point: what it avoids does not depend on
    // the labels, so it stays in its corner while labels come and go. It lists the line
    // labels that find no room on their line, so those go in first; if the legend then
    // covers some of them, they are placed again around it.
    m_beforeLabels = placer.mark();
    const qsizetype textsBefore = f.texts.size();
    placeLineLabels();
    const QList<int> slopesMissing = m_slopeLabelMissing, roofsMissing = m_roofLabelMissing,
                     ridgesMissing = m_ridgeLabelMissing;
    placeLegend();
    const QRectF legendArea = f.legend.rect.adjusted(-legendClearance, -legendClearance,
                                                     legendClearance, legendClearance);
    const bool covers =
        !f.legend.rect.isEmpty() &&
        std::any_of(f.texts.cbegin() + textsBefore, f.texts.cend(),
                    [&](const PlacedText &t) { return t.bounds().intersects(legendArea); });
    // Where the selected point's name found no room in an earlier pass, it goes in before
    // the lines' labels, which are placed again around it.
    const bool selectedFirst = m_cache.selectedFirst;
    if (covers || selectedFirst) {
        placer.rollback(m_beforeLabels);
        f.texts.resize(textsBefore);
    }
    if (!f.legend.rect.isEmpty())
        placer.addObstacle(legendArea, true);
    if (selectedFirst)
        m_selectedPlacedEarly = placeSelectedEarly();
    if (covers || selectedFirst)
        placeLineLabels();
    if (m_slideRings)
        addRamps();
    placePointLabels();
    addRidgeLeaders();
    // The legend lists other line labels than it should (those it pushed off their line
    // find no room elsewhere): lay out again, with the legend these ask for.
    return m_newNumbers || m_retrySelected || m_slopeLabelMissing != slopesMissing ||
           m_roofLabelMissing != roofsMissing || m_ridgeLabelMissing != ridgesMissing;
}

void FrameLayouter::addRamp(double x, double y, const QPointF &top)
{
    // From `top` (a line label's top left corner, above left of the corner at data x, y on
    // its slope) down to the slope, four times as steep as the slope.
    const QPointF c = pixel(x, y);
    const QPointF lower = pixel(x / 10, y / 10); // down the slope, y = b x
    const double k = (lower.y() - c.y()) / std::max(1e-9, c.x() - lower.x());
    if (!(k > 0) || top.x() > c.x() || top.y() > c.y())
        return;
    const double steep = 4 * k;
    const double run = (c.y() - top.y() + k * (c.x() - top.x())) / (steep - k);
    placer.addGuide(QLineF(top, top + QPointF(-run, steep * run)));
}

void FrameLayouter::addRamps()
{
    // A label above left of markers on the highest roofline (LabelRequest::aboveFirst)
    // slides up past the batch marks and ridge labels over that roofline. Met side on, such
    // a label would lift it by its whole height at once; a line from its top left corner
    // down to the slope, steeper than the slope, lifts it a little more each step instead.
    // A batch mark's line starts at its first place (centred over its caret, kept even when
    // the mark is hidden), which does not move with the batch. Both kinds of line are guides
    // that only this place keeps off: as an obstacle for every label, a batch mark's line
    // also pushed ring places and the other corners about, and in the window's chart with
    // two devices the GEMM labels jumped 5 times instead of 2 (docs/labels.md).
    const auto inView = [&](double x, double y) {
        return x >= map.x0 && x <= map.x1 && y >= map.y0 && y <= map.y1 &&
               onHighestRoofline(m, x, y);
    };
    for (const SceneBatchMark &mark : m.batchMarks) {
        if (!inView(mark.x, mark.y))
            continue;
        const QPointF c = pixel(mark.x, mark.y);
        const QSizeF size = boxed(mark.size);
        addRamp(mark.x, mark.y, QPointF(c.x() - size.width() / 2, c.y() - 15 - size.height()));
    }
    // A ridge label above the slope left of its corner.
    for (const auto &[roof, rect] : std::as_const(m_ridgeLabelBoxes)) {
        const SceneRoof &r = m.roofs.at(roof);
        if (inView(r.ridge, r.peak) && rect.right() < pixel(r.ridge, r.peak).x())
            addRamp(r.ridge, r.peak, rect.topLeft());
    }
}

void FrameLayouter::placeLineLabels()
{
    m_slopeLabelMissing.clear();
    m_roofLabelMissing.clear();
    m_ridgeLabelMissing.clear();
    m_ridgeLabelBoxes.clear();
    placeSlopeLabels();
    placeRoofLabels();
    placeRidgeLabels();
    placeBatchMarks();
    placeZoneCaptions(); // before the point labels, which would push them about
}

void FrameLayouter::addLineObstacles(LabelPlacer &into) const
{
    for (const SceneSlope &slope : m.slopes) {
        if (const auto s = visibleSlope(slope, map))
            into.addObstacle(QLineF(pixel(s->xa, s->ya), pixel(s->xb, s->yb)), 3);
    }
    for (const SceneRoof &roof : m.roofs) {
        if (const auto s = visibleRoof(roof, map))
            into.addObstacle(QLineF(pixel(s->xa, s->ya), pixel(s->xb, s->yb)), 3);
        if (!roof.ghost)
            into.addObstacle(QRectF(pixel(roof.ridge, roof.peak) - QPointF(5, 5), QSizeF(10, 10)));
    }
    if (m.zoneRoof >= 0 && m.options.showZones) {
        const SceneRoof &roof = m.roofs.at(m.zoneRoof);
        const QPointF corner = pixel(roof.ridge, roof.peak);
        into.addObstacle(QLineF(corner, QPointF(corner.x(), map.rect.bottom())), 2);
    }
}

void FrameLayouter::addMarkerObstacles()
{
    placer.reserveBoxes(f.pointPixels.size());
    for (qsizetype i = 0; i < f.pointPixels.size(); ++i) {
        const QPointF &p = f.pointPixels.at(i);
        // A selected point's ring too: "ridge 20" sat on it at 225 %.
        const double half = f.drawnHalf(m.points.at(i)) + 1;
        placer.addObstacle(QRectF(p.x() - half, p.y() - half, 2 * half, 2 * half));
    }
}

void FrameLayouter::addText(const LabelPlacement &placement, const QString &text, TextStyle style,
                            const QColor &color, const QList<int> &groups)
{
    PlacedText t{text, placement.rect, style, color, placement.leader, placement.leaderLine, 0,
                 {},   groups,         {}};
    f.texts.append(t);
}

bool FrameLayouter::tryPlace(const LabelRequest &request, const QString &text, TextStyle style,
                             const QColor &color, const QList<int> &groups)
{
    const LabelPlacement placement = placer.place(request);
    if (placement.placed) {
        addText(placement, text, style, color, groups);
        if (!groups.isEmpty()) // the markers, for the next frame's memory (labelmemory.cpp)
            f.texts.last().anchor = request.anchor;
    }
    return placement.placed;
}
// The number a unit already has (from an earlier pass), or 0.
int FrameLayouter::numberOf(const LabelUnit &unit) const
{
    for (qsizetype i = 0; i < f.numbered.size(); ++i) {
        if (f.numbered.at(i).groups == unit.groups)
            return static_cast<int>(i + 1);
    }
    return 0;
}

LabelRequest FrameLayouter::pointRequest(const LabelUnit &unit, qsizetype unitCount) const
{
    const TextStyle style = unit.selected ? TextStyle::SelectedPoint : TextStyle::Point;
    LabelRequest request{unit.anchor, boxed(unit.size), {}, true, {}};
    request.slideRings = m_slideRings;
    keepPreviousPlace(&request, style, unit.text, unit.groups);
    // The unit's own markers (a group labelled point by point has several units).
    const QRectF anchor = unit.anchor.adjusted(-1, -1, 1, 1);
    request.aboveFirst = std::any_of(unit.groups.cbegin(), unit.groups.cend(), [&](int g) {
        const QList<int> &points = m.groups.at(g).points;
        return std::any_of(points.cbegin(), points.cend(), [&](int i) {
            const ScenePoint &p = m.points.at(i);
            return anchor.contains(f.pointPixels.at(i)) && onHighestRoofline(m, p.x, p.y);
        });
    });
    // The selected point's name is worth a longer leader line rather than a number.
    request.reach = unit.selected ? 2 * labelReach : unitCount <= wideSearchUnits ? labelReach : 0;
    return request;
}

bool FrameLayouter::placeSelectedEarly()
{
    if (!m_cache.units)
        m_cache.units = buildLabelUnits(m, f.pointPixels, map.rect, f.markerSize, maxLabelUnits,
                                        &m_cache.skipped);
    const QList<LabelUnit> &units = *m_cache.units;
    const auto unit =
        std::find_if(units.cbegin(), units.cend(), [](const LabelUnit &u) { return u.selected; });
    if (unit == units.cend())
        return false;
    // Next to its markers, else anywhere with a leader line, before any line's label.
    LabelRequest request = pointRequest(*unit, units.size());
    if (tryPlace(request, unit->text, TextStyle::SelectedPoint, m.theme.foreground, unit->groups))
        return true;
    request.reach = anywhere;
    return tryPlace(request, unit->text, TextStyle::SelectedPoint, m.theme.foreground,
                    unit->groups);
}

void FrameLayouter::placePointLabels()
{
    if (!m_cache.units)
        m_cache.units = buildLabelUnits(m, f.pointPixels, map.rect, f.markerSize, maxLabelUnits,
                                        &m_cache.skipped);
    const QList<LabelUnit> &units = *m_cache.units;
    f.unlabelled += m_cache.skipped;
    // Each label next to its markers or not far off with a leader line; those that find no
    // room become numbers anywhere on the chart, or as a last resort labels with a long
    // leader line.
    QList<LabelUnit> failed;
    QList<std::pair<qsizetype, QRectF>> unled; // placed with no leader line: text, markers
    for (const LabelUnit &unit : units) {
        if (unit.selected && m_selectedPlacedEarly)
            continue;             // placed before the lines' labels (placeSelectedEarly())
        if (numberOf(unit) > 0) { // numbered in an earlier pass: stays numbered
            failed.append(unit);
            continue;
        }
        const TextStyle style = unit.selected ? TextStyle::SelectedPoint : TextStyle::Point;
        if (!tryPlace(pointRequest(unit, units.size()), unit.text, style, m.theme.foreground,
                      unit.groups))
            failed.append(unit);
        else if (!f.texts.last().leader)
            unled.append({f.texts.size() - 1, unit.anchor});
    }
    int longLeaders = 0;
    for (const LabelUnit &unit : std::as_const(failed)) {
        if (placeBadge(unit))
            continue;
        const TextStyle style = unit.selected ? TextStyle::SelectedPoint : TextStyle::Point;
        LabelRequest request{unit.anchor, boxed(unit.size), {}, true, {}};
        request.reach = anywhere;
        if (numberOf(unit) > 0 || longLeaders++ >= maxLongLeaders ||
            !tryPlace(request, unit.text, style, m.theme.foreground, unit.groups)) {
            ++f.unlabelled;
            // The selected point's name lost to the lines' labels (large text in a small
            // plot): the next pass places it before them.
            if (unit.selected && !m_cache.selectedFirst)
                m_cache.selectedFirst = m_retrySelected = true;
        }
    }
    addFarLeaders(unled);
}

void FrameLayouter::addFarLeaders(const QList<std::pair<qsizetype, QRectF>> &unled)
{
    // A label that slid far from its markers (the place above left of a GEMM column slides
    // along the slope and left past line labels, docs/labels.md) is joined to them by a
    // leader line where one can be drawn across no text. Only drawn, never reserved: once
    // every label is placed, so that no place changes.
    for (const auto &[index, anchor] : unled) {
        PlacedText &t = f.texts[index];
        const QPointF target = anchor.center();
        const QLineF line(nearestPointOnRect(t.rect, target), target);
        const double dx =
            std::max({0.0, anchor.left() - t.rect.right(), t.rect.left() - anchor.right()});
        const double dy =
            std::max({0.0, anchor.top() - t.rect.bottom(), t.rect.top() - anchor.bottom()});
        if (std::hypot(dx, dy) > farLabelGap && placer.leaderClear(line, t.rect)) {
            t.leader = true;
            t.leaderLine = line;
        }
    }
}

bool FrameLayouter::placeBadge(const LabelUnit &unit)
{
    // A label that found no room becomes a number, spelled out in the legend, as many as the
    // legend has room for in one column.
    if (!m.options.showLegend)
        return false;
    const int number = numberOf(unit);
    int lines = 0;
    if (number == 0) {
        lines = static_cast<int>(legendLinesOf(unit.text).size());
        // Under the plot the spare row holds numbered labels side by side, one line each: a
        // label of several lines would take a row per line, past the slot's bottom.
        const bool below = f.legendSlot.place == LegendSlot::Place::Below;
        if (m_numberLines + lines > numberLineBudget() || (below && lines > 1))
            return false;
    }
    const int shown = number > 0 ? number : static_cast<int>(f.numbered.size() + 1);
    const QString text = QString::number(shown);
    LabelRequest request{unit.anchor, boxed(TextCache::size(m.fonts.badge, text)), {}, true, {}};
    request.slideRings = m_slideRings;
    request.reach = anywhere;
    keepPreviousPlace(&request, TextStyle::Badge, text, unit.groups);
    if (!tryPlace(request, text, TextStyle::Badge, m.theme.foreground, unit.groups))
        return false;
    if (number == 0) {
        f.numbered.append({unit.groups, unit.text});
        m_numberLines += lines;
        m_newNumbers = true;
    }
    return true;
}

} // namespace rooflab
