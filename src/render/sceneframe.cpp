#include "sceneframe.h"

#include "labelplacer.h"
#include "labelunits.h"
#include "textcache.h"

#include <QCoreApplication>
#include <QFontMetricsF>
#include <QHash>
#include <QVarLengthArray>

#include <algorithm>
#include <cmath>
#include <limits>
#include <numbers>

namespace rooflab {

namespace {

// Beyond this many labels the chart labels only the selected point.
constexpr int maxLabelUnits = 120;
// How far (pixels) a point label may move from its marker, joined by a leader line, before
// it becomes a number, when there are few enough labels to search that wide for each (else
// it tries the leader rings only); a number may go anywhere.
constexpr double labelReach = 160;
constexpr int wideSearchUnits = 40;
constexpr double anywhere = std::numeric_limits<double>::infinity();
// Labels that found no room even for a number may still go anywhere with a long leader
// line: at most this many per frame (each such search spans the whole plot).
constexpr int maxLongLeaders = 4;
// Passes at most: a pass that hands out numbers or sends line labels to the legend
// lengthens it, so the next one lays out around the longer legend (numbers it hands out
// still reach the legend at the end).
constexpr int maxPasses = 3;
// Where along a slope of `length` pixels its label of width `w` may go (fractions of the
// length), best first: at 0.7, towards the ridge, where only points of high intensity come
// (most sit low on the slope); then ever further from it in steps of an eighth of the
// label, so that a label a point pushes off its place moves no further than it must.
QVarLengthArray<double, 64> slopeLabelSpots(double length, double w)
{
    constexpr double best = 0.7;
    QVarLengthArray<double, 64> spots{best};
    const double step = std::max(8.0, w / 8) / length;
    for (int i = 1; spots.size() < 63 && (best - i * step > 0 || best + i * step < 1); ++i) {
        if (best + i * step < 1)
            spots.append(best + i * step);
        if (best - i * step > 0)
            spots.append(best - i * step);
    }
    return spots;
}

// Space kept between the legend and anything it must not cover.
constexpr double legendClearance = 4;

QSizeF boxed(const QSizeF &size)
{
    return {size.width() + 2 * textPadX, size.height() + 2 * textPadY};
}

QSizeF measured(const QFont &font, const QString &text)
{
    return TextCache::size(font, text);
}

// What every pass of one frame's layout works out alike, kept from the first pass: the
// label units (same points, same pixels) and the raster the legend is placed on (the legend
// goes in before any point label, on the same lines, markers and fixed labels).
struct PassCache
{
    std::optional<QList<LabelUnit>> units;
    int skipped = 0;
    std::optional<CoverageMap> legendCoverage;
    QHash<QString, QStringList> legendLines; // Layouter::legendLinesOf() per text
    // The line labels the previous pass found no room for (the legend lists them).
    QList<int> slopeLabelMissing, roofLabelMissing;
};

class Layouter
{
public:
    // `unlabelledBefore`: labels left out in the previous pass (the legend says how many).
    Layouter(const SceneModel &model, SceneFrame &frame, int unlabelledBefore, PassCache &cache)
        : m(model), f(frame), map(frame.map), placer(frame.map.rect.adjusted(2, 2, -2, -2)),
          m_unlabelledBefore(unlabelledBefore), m_cache(cache)
    {
    }

    // Lays everything out. Labels that find no room get a number badge and a legend line;
    // returns true when the legend this pass assumed is not the one it needs (new numbers,
    // or other line labels that found no room and go to the legend): lay out again.
    bool run()
    {
        addLineObstacles();
        addMarkerObstacles();
        // The legend first, where it hides no line and no point: what it avoids does not
        // depend on the labels, so it stays in its corner while labels come and go, and the
        // labels keep off it. It lists the line labels the previous pass found no room for.
        m_slopeLabelMissing = m_cache.slopeLabelMissing;
        m_roofLabelMissing = m_cache.roofLabelMissing;
        placeLegend();
        if (!f.legend.rect.isEmpty())
            placer.addObstacle(f.legend.rect.adjusted(-legendClearance, -legendClearance,
                                                      legendClearance, legendClearance),
                               true);
        m_slopeLabelMissing.clear();
        placeSlopeLabels();
        placeFixedLabels();
        placeZoneCaptions(); // before the point labels, which would push them about
        placePointLabels();
        const bool sameLines = m_slopeLabelMissing == m_cache.slopeLabelMissing &&
                               m_roofLabelMissing == m_cache.roofLabelMissing;
        m_cache.slopeLabelMissing = m_slopeLabelMissing;
        m_cache.roofLabelMissing = m_roofLabelMissing;
        return m_newNumbers || !sameLines;
    }

    // The legend of the last pass with only the numbers that found room for their badge
    // and the final count of labels left out, kept in its corner.
    void finishLegend();

private:
    QPointF pixel(double x, double y) const { return map.toPixel(x, y); }

    void addLineObstacles()
    {
        for (const SceneSlope &slope : m.slopes) {
            if (const auto s = visibleSlope(slope, map))
                placer.addObstacle(QLineF(pixel(s->xa, s->ya), pixel(s->xb, s->yb)), 3);
        }
        for (const SceneRoof &roof : m.roofs) {
            if (const auto s = visibleRoof(roof, map))
                placer.addObstacle(QLineF(pixel(s->xa, s->ya), pixel(s->xb, s->yb)), 3);
            if (!roof.ghost)
                placer.addObstacle(
                    QRectF(pixel(roof.ridge, roof.peak) - QPointF(5, 5), QSizeF(10, 10)));
        }
        if (m.zoneRoof >= 0 && m.options.showZones) {
            const SceneRoof &roof = m.roofs.at(m.zoneRoof);
            const QPointF corner = pixel(roof.ridge, roof.peak);
            placer.addObstacle(QLineF(corner, QPointF(corner.x(), map.rect.bottom())), 2);
        }
    }

    void addMarkerObstacles()
    {
        for (qsizetype i = 0; i < f.pointPixels.size(); ++i) {
            const QPointF &p = f.pointPixels.at(i);
            const double half = f.pointSize(m.points.at(i)) / 2 + 1;
            placer.addObstacle(QRectF(p.x() - half, p.y() - half, 2 * half, 2 * half));
        }
    }

    void addText(const LabelPlacement &placement, const QString &text, TextStyle style,
                 const QColor &color, const QList<int> &groups = {})
    {
        PlacedText t{text, placement.rect, style, color, placement.leader, placement.leaderLine, 0,
                     {},   groups};
        f.texts.append(t);
    }

    bool tryPlace(const LabelRequest &request, const QString &text, TextStyle style,
                  const QColor &color, const QList<int> &groups = {})
    {
        const LabelPlacement placement = placer.place(request);
        if (placement.placed)
            addText(placement, text, style, color, groups);
        return placement.placed;
    }

    // The number a unit already has (from an earlier pass), or 0.
    int numberOf(const LabelUnit &unit) const
    {
        for (qsizetype i = 0; i < f.numbered.size(); ++i) {
            if (f.numbered.at(i).groups == unit.groups)
                return static_cast<int>(i + 1);
        }
        return 0;
    }

    QStringList legendLinesOf(const QString &names) const;
    QList<SceneLegendEntry> legendEntries(QList<int> *numbers, const QList<int> &shown) const;
    QPointF legendTopLeft(const CoverageMap &coverage, const QSizeF &size, double *hidden) const;
    int numberLineBudget() const;

    void placeLegend();
    void placeFixedLabels()
    {
        placeRoofLabels();
        placeRidgeLabels();
        placeBatchMarks();
    }
    void placeRoofLabels();
    void placeSlopeLabels();
    void placeRidgeLabels();
    void placeBatchMarks();
    void placePointLabels();
    bool placeBadge(const LabelUnit &unit);
    void placeZoneCaptions();

    const SceneModel &m;
    SceneFrame &f;
    const AxisMapping &map;
    LabelPlacer placer;
    int m_unlabelledBefore = 0;
    PassCache &m_cache;
    QList<int> m_slopeLabelMissing; // devices whose memory slope found no room for its label
    bool m_newNumbers = false;
    int m_numberLines = 0; // legend lines the numbered labels take
    int m_legendColumns = 1;
    QList<int> m_roofLabelMissing; // roofs (indices) whose label found no room on the line
};

QStringList Layouter::legendLinesOf(const QString &names) const
{
    const auto known = m_cache.legendLines.constFind(names);
    if (known != m_cache.legendLines.constEnd())
        return *known;
    // The names of a numbered label (one a line in `names`), joined by commas into lines no
    // wider than a third of the plot; a name too long alone is cut.
    const QFont &font = m.fonts.legend;
    const double width = std::max(160.0, map.rect.width() / 3);
    QStringList lines;
    QString line;
    for (const QString &name : names.split(QLatin1Char('\n'))) {
        const QString joined = line.isEmpty() ? name : line + QStringLiteral(", ") + name;
        if (line.isEmpty() || TextCache::advance(font, joined) <= width) {
            line = joined;
            continue;
        }
        lines.append(line);
        line = name;
    }
    lines.append(line);
    for (QString &l : lines) {
        if (TextCache::advance(font, l) > width)
            l = QFontMetricsF(font).elidedText(l, Qt::ElideRight, width);
    }
    m_cache.legendLines.insert(names, lines);
    return lines;
}

QList<SceneLegendEntry> Layouter::legendEntries(QList<int> *numbers, const QList<int> &shown) const
{
    // The scene's own lines, the memory roofs that found no room on their slope, then the
    // numbered labels (those in `shown`, or all when it is empty) and the count of labels
    // left out.
    QList<SceneLegendEntry> entries = m.legend;
    for (SceneLegendEntry &entry : entries) {
        if (entry.kind != SceneLegendEntry::Kind::Device ||
            !m_slopeLabelMissing.contains(entry.device))
            continue;
        for (const SceneSlope &slope : m.slopes) {
            if (slope.device == entry.device && !slope.label.isEmpty())
                entry.text += QStringLiteral(" · ") + slope.label;
        }
    }
    for (int r : m_roofLabelMissing) { // on the line of each device it stands for
        const SceneRoof &roof = m.roofs.at(r);
        for (SceneLegendEntry &entry : entries) {
            if (entry.kind != SceneLegendEntry::Kind::Device)
                continue;
            const bool same =
                std::any_of(m.roofs.cbegin(), m.roofs.cend(), [&](const SceneRoof &o) {
                    return o.device == entry.device && o.ghost == roof.ghost && o.peak == roof.peak;
                });
            if ((entry.device == roof.device || (roof.labelShared && same)) &&
                !entry.text.contains(roof.label))
                entry.text += QStringLiteral(" · ") + roof.label;
        }
    }
    *numbers = QList<int>(entries.size(), 0);
    for (qsizetype i = 0; i < f.numbered.size(); ++i) {
        const int number = static_cast<int>(i + 1);
        if (!shown.isEmpty() && !shown.contains(number))
            continue;
        const QStringList lines = legendLinesOf(f.numbered.at(i).text);
        for (qsizetype k = 0; k < lines.size(); ++k) {
            entries.append({SceneLegendEntry::Kind::Note, lines.at(k)});
            numbers->append(k == 0 ? number : -number);
        }
    }
    const int unlabelled = shown.isEmpty() ? m_unlabelledBefore : f.unlabelled;
    if (unlabelled > 0) {
        entries.append(
            {SceneLegendEntry::Kind::Note,
             QCoreApplication::translate("RooflineChart", "%n label(s) left out: hover a point",
                                         nullptr, unlabelled)});
        numbers->append(0);
    }
    return entries;
}

// The part of the plot a legend may take, grown by its clearance: it is placed grown.
QRectF legendArea(const AxisMapping &map)
{
    return map.rect.adjusted(10 - legendClearance, 10 - legendClearance, legendClearance - 10,
                             legendClearance - 10);
}

QPointF Layouter::legendTopLeft(const CoverageMap &coverage, const QSizeF &size,
                                double *hidden) const
{
    // A corner that hides nothing (no line or point: it goes in before the labels); else the free
    // place nearest to a corner; else the place hiding the least (a cell of a point or label weighs
    // as much as ten cells of roof line).
    const QRectF area = legendArea(map);
    const QSizeF grown(size.width() + 2 * legendClearance, size.height() + 2 * legendClearance);
    const double right = std::max(area.left(), area.right() - grown.width());
    const double bottom = std::max(area.top(), area.bottom() - grown.height());
    const QList<QPointF> corners = {
        area.topLeft(), {right, bottom}, {right, area.top()}, {area.left(), bottom}};
    return coverage.leastCovered(grown, corners, hidden) +
           QPointF(legendClearance, legendClearance);
}

int Layouter::numberLineBudget() const
{
    // The legend lines numbered labels may take: what two columns of 60% of the plot's
    // height hold beside the scene's own lines.
    const double lineHeight = std::ceil(QFontMetricsF(m.fonts.legend).height()) + 4;
    return 2 * static_cast<int>(map.rect.height() * 0.6 / lineHeight) -
           static_cast<int>(m.legend.size());
}

void Layouter::placeLegend()
{
    LegendLayout &legend = f.legend;
    legend = {};
    m_numberLines = 0;
    for (const NumberedLabel &n : std::as_const(f.numbered))
        m_numberLines += static_cast<int>(legendLinesOf(n.text).size());
    if (!m.options.showLegend)
        return;
    QList<int> numbers;
    const QList<SceneLegendEntry> entries = legendEntries(&numbers, {});
    // In one column if that hides nothing, else in the number of columns (up to three) whose
    // best place hides the least.
    const double maxHeight = map.rect.height() * 0.7;
    // Most charts have a free corner: tried first, without rastering the plot.
    const LegendLayout oneColumn =
        LegendLayout::make(entries, numbers, m.fonts.legend, maxHeight, {}, 1);
    if (oneColumn.rect.isEmpty())
        return;
    const QRectF area = map.rect.adjusted(10, 10, -10, -10);
    const double w = oneColumn.rect.width(), h = oneColumn.rect.height();
    const QPointF corners[] = {area.topLeft(),
                               {area.right() - w, area.bottom() - h},
                               {area.right() - w, area.top()},
                               {area.left(), area.bottom() - h}};
    for (const QPointF &corner : corners) {
        const QRectF grown =
            QRectF(corner, oneColumn.rect.size())
                .adjusted(-legendClearance, -legendClearance, legendClearance, legendClearance);
        if (area.contains(QRectF(corner, oneColumn.rect.size())) &&
            placer.coverage(grown, 1) == 0) {
            legend = LegendLayout::make(entries, numbers, m.fonts.legend, maxHeight, corner, 1);
            m_legendColumns = 1;
            return;
        }
    }
    double bestHidden = std::numeric_limits<double>::max();
    if (!m_cache.legendCoverage)
        m_cache.legendCoverage = placer.coverageMap(legendArea(map), 10, 10);
    const CoverageMap &coverage = *m_cache.legendCoverage;
    for (int columns = 1; columns <= 3 && bestHidden > 0; ++columns) {
        const LegendLayout probe =
            LegendLayout::make(entries, numbers, m.fonts.legend, maxHeight, {}, columns);
        if (probe.rect.isEmpty())
            return;
        if (columns > 1 &&
            (probe.lines.size() < 2 * columns || probe.rect.width() > map.rect.width() - 20))
            break;
        double hidden = 0;
        const QPointF topLeft = legendTopLeft(coverage, probe.rect.size(), &hidden);
        if (hidden < bestHidden) {
            bestHidden = hidden;
            legend =
                LegendLayout::make(entries, numbers, m.fonts.legend, maxHeight, topLeft, columns);
            m_legendColumns = columns;
        }
    }
}

void Layouter::finishLegend()
{
    if (f.legend.rect.isEmpty())
        return;
    QList<int> shown;
    for (const PlacedText &t : std::as_const(f.texts)) {
        if (t.style == TextStyle::Badge)
            shown.append(t.text.toInt());
    }
    if (shown.isEmpty())
        shown.append(0); // no number at all (an empty list would mean every number)
    QList<int> numbers;
    const QList<SceneLegendEntry> entries = legendEntries(&numbers, shown);
    const QRectF old = f.legend.rect;
    const LegendLayout legend = LegendLayout::make(
        entries, numbers, m.fonts.legend, map.rect.height() * 0.7, old.topLeft(), m_legendColumns);
    // Keep the edges that touched the plot's right or bottom side where they were.
    const QRectF area = map.rect.adjusted(10, 10, -10, -10);
    QPointF topLeft = old.topLeft();
    if (old.right() >= area.right() - 0.5)
        topLeft.rx() = old.right() - legend.rect.width();
    if (old.bottom() >= area.bottom() - 0.5)
        topLeft.ry() = old.bottom() - legend.rect.height();
    // A legend that grew stays inside the plot.
    topLeft.rx() = std::max(area.left(), std::min(topLeft.x(), area.right() - legend.rect.width()));
    topLeft.ry() =
        std::max(area.top(), std::min(topLeft.y(), area.bottom() - legend.rect.height()));
    f.legend = LegendLayout::make(entries, numbers, m.fonts.legend, map.rect.height() * 0.7,
                                  topLeft, m_legendColumns);
}

void Layouter::placeRoofLabels()
{
    m_roofLabelMissing.clear();
    for (const SceneRoof &roof : m.roofs) {
        if (roof.label.isEmpty())
            continue;
        const auto seg = visibleRoof(roof, map);
        if (!seg)
            continue;
        const QSizeF size = boxed(roof.labelSize);
        const QPointF a = pixel(seg->xa, seg->ya), b = pixel(seg->xb, seg->yb);
        const double left = a.x() + 10, right = b.x() - 8 - size.width();
        LabelRequest request{QRectF(a, b), size, {}, false, {}};
        // At the line's right end, just above or below it, else a little further off it
        // (still plainly its label: nothing else runs flat there); only when a point or
        // another line takes all of these, further left. Place by place, so that a point
        // passing under the label lifts it rather than sending it along the line.
        for (double t : {1.0, 0.75, 0.5, 0.25, 0.0}) {
            const double x = left + (right - left) * t;
            for (double off : {4.0, 16.0}) {
                request.fixedTopLefts.append({x, a.y() - off - size.height()});
                request.fixedTopLefts.append({x, a.y() + off});
            }
        }
        const QColor color =
            roof.labelShared ? m.theme.foreground : m.theme.deviceColor(roof.device);
        if (!tryPlace(request, roof.label, TextStyle::Roof, color))
            m_roofLabelMissing.append(static_cast<int>(&roof - m.roofs.constData()));
    }
}

void Layouter::placeSlopeLabels()
{
    for (const SceneSlope &slope : m.slopes) {
        if (slope.label.isEmpty())
            continue;
        const auto seg = visibleSlope(slope, map);
        const QPointF a = seg ? pixel(seg->xa, seg->ya) : QPointF();
        const QPointF b = seg ? pixel(seg->xb, seg->yb) : QPointF();
        const QLineF line(a, b);
        const QSizeF size = boxed(slope.labelSize);
        const double w = size.width(), h = size.height(), length = line.length();
        if (!seg || length < w + 20) {
            m_slopeLabelMissing.append(slope.device);
            continue;
        }
        // Written along the slope, just above it, else on the line itself, else below it.
        const QPointF dir = (b - a) / length;
        const QPointF up(dir.y(), -dir.x());
        const double angle = std::atan2(dir.y(), dir.x()) * 180 / std::numbers::pi;
        const int parts = static_cast<int>(std::ceil(w / (h / 2)));
        const double pw = w / parts;
        const QSizeF partBox(pw * std::abs(dir.x()) + h * std::abs(dir.y()),
                             pw * std::abs(dir.y()) + h * std::abs(dir.x()));
        bool placed = false;
        for (double t : slopeLabelSpots(length, w)) {
            for (double offset : {h / 2 + 3, 0.0, -h / 2 - 3}) {
                const double along = std::clamp(t * length, w / 2 + 4, length - w / 2 - 4);
                const QPointF centre = a + dir * along + up * offset;
                QList<QRectF> boxes;
                for (int i = 0; i < parts; ++i) {
                    const QPointF c = centre + dir * ((i + 0.5) * pw - w / 2);
                    boxes.append(
                        QRectF(c - QPointF(partBox.width() / 2, partBox.height() / 2), partBox));
                }
                if (!placer.placeParts(boxes, line))
                    continue;
                const QColor color =
                    slope.sharedCount > 1 ? m.theme.foreground : m.theme.deviceColor(slope.device);
                PlacedText text{slope.label,
                                QRectF(-w / 2, -h / 2, w, h),
                                TextStyle::Roof,
                                color,
                                false,
                                {},
                                angle,
                                centre,
                                {}};
                f.texts.append(text);
                placed = true;
                break;
            }
            if (placed)
                break;
        }
        if (!placed)
            m_slopeLabelMissing.append(slope.device);
    }
}

void Layouter::placeRidgeLabels()
{
    for (const SceneRoof &roof : m.roofs) {
        if (roof.ridgeLabel.isEmpty() || roof.ridge < map.x0 || roof.ridge > map.x1 ||
            roof.peak < map.y0 || roof.peak > map.y1)
            continue;
        const QPointF c = pixel(roof.ridge, roof.peak);
        const QSizeF size = boxed(roof.ridgeLabelSize);
        LabelRequest request{QRectF(c - QPointF(4, 4), QSizeF(8, 8)), size, {}, false, {}};
        // Under the roof right of the corner, else above the slope left of it; each a step of
        // 15 px from the one before where it can, so that a label something pushes off its
        // place moves little.
        request.fixedTopLefts = {{c.x() + 6, c.y() + 5},
                                 {c.x() + 6, c.y() + 20},
                                 {c.x() + 6, c.y() + 35},
                                 {c.x() - 6 - size.width(), c.y() - 5 - size.height()},
                                 {c.x() - 6 - size.width(), c.y() - 20 - size.height()},
                                 {c.x() + 6, c.y() - 5 - size.height()}};
        tryPlace(request, roof.ridgeLabel, TextStyle::Ridge, m.theme.deviceColor(roof.device));
    }
}

void Layouter::placeBatchMarks()
{
    // A caret just above each ridge corner points at it; the text sits above the caret.
    QList<QRectF> carets;
    for (const SceneBatchMark &mark : m.batchMarks) {
        const QPointF c = pixel(mark.x, mark.y);
        const QRectF caret(c.x() - 5, c.y() - 15, 10, 9);
        const bool visible = mark.x >= map.x0 && mark.x <= map.x1 && mark.y >= map.y0 &&
                             mark.y <= map.y1 && placer.isFree(caret);
        carets.append(visible ? caret : QRectF());
        if (visible)
            placer.addObstacle(caret);
    }
    for (qsizetype i = 0; i < m.batchMarks.size(); ++i) {
        const SceneBatchMark &mark = m.batchMarks.at(i);
        const QRectF &caret = carets.at(i);
        if (caret.isNull())
            continue;
        const QSizeF size = boxed(mark.size);
        LabelRequest request{caret, size, {}, false, {}};
        // Centred over the caret, else left or right of it; higher up in steps of 12 px
        // before changing side, so that a label something pushes off its place moves little.
        const double top = caret.top() - size.height();
        for (const double up : {0.0, 12.0, 24.0})
            request.fixedTopLefts.append({caret.center().x() - size.width() / 2, top - up});
        for (const double up : {0.0, 12.0, 24.0})
            request.fixedTopLefts.append({caret.left() - size.width(), top + 4 - up});
        for (const double up : {0.0, 12.0, 24.0})
            request.fixedTopLefts.append({caret.right(), top + 4 - up});
        const QColor color = m.theme.deviceColor(mark.device);
        const LabelPlacement placement = placer.place(request);
        if (!placement.placed)
            continue;
        addText(placement, mark.text, TextStyle::Batch, color);
        f.texts.append({QString(), caret, TextStyle::Batch, color, false, {}, 0, {}, {}}); // caret
    }
}

void Layouter::placePointLabels()
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
    for (const LabelUnit &unit : units) {
        if (numberOf(unit) > 0) { // numbered in an earlier pass: stays numbered
            failed.append(unit);
            continue;
        }
        const TextStyle style = unit.selected ? TextStyle::SelectedPoint : TextStyle::Point;
        LabelRequest request{unit.anchor, boxed(unit.size), {}, true, {}};
        // The selected point's name is worth a longer leader line rather than a number.
        request.reach = unit.selected                     ? 2 * labelReach
                        : units.size() <= wideSearchUnits ? labelReach
                                                          : 0;
        if (!tryPlace(request, unit.text, style, m.theme.foreground, unit.groups))
            failed.append(unit);
    }
    int longLeaders = 0;
    for (const LabelUnit &unit : std::as_const(failed)) {
        if (placeBadge(unit))
            continue;
        const TextStyle style = unit.selected ? TextStyle::SelectedPoint : TextStyle::Point;
        LabelRequest request{unit.anchor, boxed(unit.size), {}, true, {}};
        request.reach = anywhere;
        if (numberOf(unit) > 0 || longLeaders++ >= maxLongLeaders ||
            !tryPlace(request, unit.text, style, m.theme.foreground, unit.groups))
            ++f.unlabelled;
    }
}

bool Layouter::placeBadge(const LabelUnit &unit)
{
    // A label that found no room becomes a number, spelled out in the legend, as many as the
    // legend has room for in one column.
    if (!m.options.showLegend)
        return false;
    const int number = numberOf(unit);
    int lines = 0;
    if (number == 0) {
        lines = static_cast<int>(legendLinesOf(unit.text).size());
        if (m_numberLines + lines > numberLineBudget())
            return false;
    }
    const int shown = number > 0 ? number : static_cast<int>(f.numbered.size() + 1);
    const QString text = QString::number(shown);
    LabelRequest request{unit.anchor, boxed(measured(m.fonts.badge, text)), {}, true, {}};
    request.reach = anywhere;
    if (!tryPlace(request, text, TextStyle::Badge, m.theme.foreground, unit.groups))
        return false;
    if (number == 0) {
        f.numbered.append({unit.groups, unit.text});
        m_numberLines += lines;
        m_newNumbers = true;
    }
    return true;
}

void Layouter::placeZoneCaptions()
{
    if (m.zoneRoof < 0 || !m.options.showZones)
        return;
    const SceneRoof &roof = m.roofs.at(m.zoneRoof);
    const double ridgeX = std::clamp(map.xToPixel(roof.ridge), map.rect.left(), map.rect.right());
    const QString memory = QCoreApplication::translate("RooflineChart", "memory-bound");
    const QString compute = QCoreApplication::translate("RooflineChart", "compute-bound");
    const double bottom = map.rect.bottom() - 8;
    const auto place = [&](const QString &text, double left, double right) {
        const QSizeF size = boxed(measured(m.fonts.zone, text));
        if (right - left < size.width() + 16)
            return;
        LabelRequest request{QRectF(left, bottom, right - left, 1), size, {}, false, {}};
        for (double t : {0.5, 0.3, 0.7, 0.1, 0.9})
            request.fixedTopLefts.append(
                {left + 8 + (right - left - 16 - size.width()) * t, bottom - size.height()});
        tryPlace(request, text, TextStyle::Zone, m.theme.muted);
    };
    place(memory, map.rect.left(), ridgeX);
    place(compute, ridgeX, map.rect.right());
}

} // namespace

std::optional<DataSegment> visibleSlope(const SceneSlope &slope, const AxisMapping &map)
{
    // y = bandwidth * x, cut to the view and to the slope's own end at its top ridge.
    const double xa = std::max(map.x0, map.y0 / slope.bandwidth);
    const double xb = std::min({slope.topRidge, map.x1, map.y1 / slope.bandwidth});
    if (!(xa < xb))
        return std::nullopt;
    return DataSegment{xa, slope.bandwidth * xa, xb, slope.bandwidth * xb};
}

std::optional<DataSegment> visibleRoof(const SceneRoof &roof, const AxisMapping &map)
{
    if (roof.peak < map.y0 || roof.peak > map.y1 || roof.ridge >= map.x1)
        return std::nullopt;
    return DataSegment{std::max(roof.ridge, map.x0), roof.peak, map.x1, roof.peak};
}

SceneFrame SceneFrame::layout(const SceneModel &model, const AxisMapping &map,
                              const QList<QPointF> &positions)
{
    SceneFrame frame;
    frame.map = map;
    frame.markerSize = std::round(11 * std::sqrt(std::max(0.5, model.options.fontScale)));
    const bool moved = positions.size() == model.points.size();
    frame.pointPixels.reserve(model.points.size());
    for (qsizetype i = 0; i < model.points.size(); ++i) {
        const QPointF data =
            moved ? positions.at(i) : QPointF(model.points.at(i).x, model.points.at(i).y);
        frame.pointPixels.append(map.toPixel(data.x(), data.y()));
    }
    // Numbered labels lengthen the legend, which may push labels elsewhere: when a pass
    // hands out numbers, lay out again with them kept.
    int unlabelledBefore = 0;
    PassCache cache;
    for (int pass = 0; pass < maxPasses; ++pass) {
        frame.texts.clear();
        frame.unlabelled = 0;
        Layouter layouter(model, frame, unlabelledBefore, cache);
        const bool again = layouter.run();
        if (!again || pass == maxPasses - 1) {
            layouter.finishLegend();
            break;
        }
        unlabelledBefore = frame.unlabelled;
    }
    return frame;
}

} // namespace rooflab
