#include "sceneframe.h"

#include "labelplacer.h"
#include "labelunits.h"
#include "textcache.h"

#include <QCoreApplication>
#include <QFontMetricsF>

#include <algorithm>
#include <cmath>
#include <limits>
#include <numbers>

namespace rooflab {

namespace {

// Beyond this many labels the chart labels only the selected point.
constexpr int maxLabelUnits = 120;

QSizeF boxed(const QSizeF &size)
{
    return {size.width() + 2 * textPadX, size.height() + 2 * textPadY};
}

QSizeF measured(const QFont &font, const QString &text)
{
    return TextCache::size(font, text);
}

class Layouter
{
public:
    Layouter(const SceneModel &model, SceneFrame &frame)
        : m(model), f(frame), map(frame.map), placer(frame.map.rect.adjusted(2, 2, -2, -2))
    {
    }

    // Lays everything out. Labels that find no room get a number badge and a legend line;
    // returns true when new numbers were handed out (the legend grew: lay out again).
    bool run(bool allowNewNumbers)
    {
        m_allowNewNumbers = allowNewNumbers;
        addLineObstacles();
        addMarkerObstacles();
        placeSlopeLabels();
        placeLegend();
        placeRoofLabels();
        placeRidgeLabels();
        placeBatchMarks();
        placePointLabels();
        placeZoneCaptions();
        return m_newNumbers;
    }

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
        const double half = f.markerSize / 2 + 1;
        for (const QPointF &p : std::as_const(f.pointPixels))
            placer.addObstacle(QRectF(p.x() - half, p.y() - half, 2 * half, 2 * half));
    }

    void addText(const LabelPlacement &placement, const QString &text, TextStyle style,
                 const QColor &color)
    {
        PlacedText t{text, placement.rect, style, color, placement.leader, placement.leaderLine, 0,
                     {}};
        f.texts.append(t);
    }

    bool tryPlace(const LabelRequest &request, const QString &text, TextStyle style,
                  const QColor &color)
    {
        const LabelPlacement placement = placer.place(request);
        if (placement.placed)
            addText(placement, text, style, color);
        return placement.placed;
    }

    void placeLegend();
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
    bool m_allowNewNumbers = true;
    QList<int> m_slopeLabelMissing; // devices whose memory slope found no room for its label
    bool m_newNumbers = false;
};

void Layouter::placeLegend()
{
    LegendLayout &legend = f.legend;
    legend = {};
    if (!m.options.showLegend)
        return;
    QList<SceneLegendEntry> entries = m.legend;
    for (SceneLegendEntry &entry : entries) { // the memory roofs that found no room on a slope
        if (entry.kind != SceneLegendEntry::Kind::Device ||
            !m_slopeLabelMissing.contains(entry.device))
            continue;
        for (const SceneSlope &slope : m.slopes) {
            if (slope.device == entry.device && !slope.label.isEmpty())
                entry.text += QStringLiteral(" · ") + slope.label;
        }
    }
    const QFontMetricsF metrics(m.fonts.legend);
    QList<int> numbers;
    for (qsizetype i = 0; i < f.numbered.size(); ++i) {
        // One line per number: the names joined, cut to a third of the plot's width.
        const QString names =
            f.numbered.at(i).text.split(QLatin1Char('\n')).join(QStringLiteral(", "));
        entries.append({SceneLegendEntry::Kind::Note,
                        metrics.elidedText(names, Qt::ElideRight, map.rect.width() / 3)});
        numbers.append(static_cast<int>(i + 1));
    }
    QList<int> allNumbers(entries.size() - numbers.size(), 0);
    allNumbers += numbers;
    const double maxHeight = map.rect.height() * 0.7;
    const LegendLayout probe =
        LegendLayout::make(entries, allNumbers, m.fonts.legend, maxHeight, {});
    if (probe.rect.isEmpty())
        return;
    // The corner that covers the least: empty space if there is some.
    const QSizeF size = probe.rect.size();
    const QRectF r = map.rect.adjusted(10, 10, -10, -10);
    const QPointF corners[] = {r.topLeft(),
                               {r.right() - size.width(), r.bottom() - size.height()},
                               {r.right() - size.width(), r.top()},
                               {r.left(), r.bottom() - size.height()}};
    QPointF best = corners[0];
    int bestScore = std::numeric_limits<int>::max();
    for (const QPointF &corner : corners) {
        const int score = placer.overlapScore(QRectF(corner, size));
        if (score < bestScore) {
            best = corner;
            bestScore = score;
        }
    }
    legend = LegendLayout::make(entries, allNumbers, m.fonts.legend, maxHeight, best);
    placer.addObstacle(legend.rect);
}

void Layouter::placeRoofLabels()
{
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
        for (double t : {1.0, 0.75, 0.5, 0.25, 0.0}) {
            const double x = left + (right - left) * t;
            request.fixedTopLefts.append({x, a.y() - 4 - size.height()});
            request.fixedTopLefts.append({x, a.y() + 4});
        }
        const QColor color =
            roof.labelShared ? m.theme.foreground : m.theme.deviceColor(roof.device);
        tryPlace(request, roof.label, TextStyle::Roof, color);
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
        // Written along the slope, just above or below it, else on the line itself.
        const QPointF dir = (b - a) / length;
        const QPointF up(dir.y(), -dir.x());
        const double angle = std::atan2(dir.y(), dir.x()) * 180 / std::numbers::pi;
        const int parts = static_cast<int>(std::ceil(w / (h / 2)));
        const double pw = w / parts;
        const QSizeF partBox(pw * std::abs(dir.x()) + h * std::abs(dir.y()),
                             pw * std::abs(dir.y()) + h * std::abs(dir.x()));
        bool placed = false;
        for (double offset : {h / 2 + 3, -h / 2 - 3, 0.0}) {
            for (double t : {0.3, 0.5, 0.7, 0.15, 0.85}) {
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
                PlacedText text{slope.label,     QRectF(-w / 2, -h / 2, w, h),
                                TextStyle::Roof, color,
                                false,           {},
                                angle,           centre};
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
        // Under the roof right of the corner, else above the slope left of it.
        request.fixedTopLefts = {
            {c.x() + 6, c.y() + 5},  {c.x() - 6 - size.width(), c.y() - 5 - size.height()},
            {c.x() + 6, c.y() + 20}, {c.x() + 6, c.y() - 5 - size.height()},
            {c.x() + 6, c.y() + 36}, {c.x() - 6 - size.width(), c.y() - 20 - size.height()}};
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
        for (double up : {0.0, 16.0, 32.0}) {
            const double top = caret.top() - size.height() - up;
            request.fixedTopLefts.append({caret.center().x() - size.width() / 2, top});
            request.fixedTopLefts.append({caret.left() - size.width(), top + 4});
            request.fixedTopLefts.append({caret.right(), top + 4});
        }
        const QColor color = m.theme.deviceColor(mark.device);
        const LabelPlacement placement = placer.place(request);
        if (!placement.placed)
            continue;
        addText(placement, mark.text, TextStyle::Batch, color);
        f.texts.append({QString(), caret, TextStyle::Batch, color, false, {}, 0, {}}); // caret
    }
}

void Layouter::placePointLabels()
{
    int skipped = 0;
    const QList<LabelUnit> units =
        buildLabelUnits(m, f.pointPixels, map.rect, f.markerSize, maxLabelUnits, &skipped);
    f.unlabelled += skipped;
    QList<LabelUnit> failed;
    for (const LabelUnit &unit : units) {
        const bool numbered =
            std::any_of(f.numbered.cbegin(), f.numbered.cend(),
                        [&](const NumberedLabel &n) { return n.groups == unit.groups; });
        if (numbered) { // numbered in an earlier pass: stays numbered, so the legend agrees
            failed.append(unit);
            continue;
        }
        const TextStyle style = unit.selected ? TextStyle::SelectedPoint : TextStyle::Point;
        const LabelRequest request{unit.anchor, boxed(unit.size), {}, true, {}};
        if (!tryPlace(request, unit.text, style, m.theme.foreground))
            failed.append(unit);
    }
    for (const LabelUnit &unit : std::as_const(failed)) {
        if (!placeBadge(unit))
            ++f.unlabelled;
    }
}

bool Layouter::placeBadge(const LabelUnit &unit)
{
    // Labels that found no room become numbers, explained in the legend, as many as the
    // legend has room for in one column.
    qsizetype number = 0;
    for (qsizetype i = 0; i < f.numbered.size() && number == 0; ++i) {
        if (f.numbered.at(i).groups == unit.groups)
            number = i + 1;
    }
    if (number == 0) {
        const double lineHeight = std::ceil(QFontMetricsF(m.fonts.legend).height()) + 4;
        const qsizetype budget =
            static_cast<qsizetype>(map.rect.height() * 0.6 / lineHeight) - m.legend.size();
        if (!m_allowNewNumbers || !m.options.showLegend || f.numbered.size() >= budget)
            return false;
    }
    const qsizetype shown = number > 0 ? number : f.numbered.size() + 1;
    const QString text = QString::number(shown);
    const LabelRequest request{unit.anchor, boxed(measured(m.fonts.badge, text)), {}, false, {}};
    if (!tryPlace(request, text, TextStyle::Badge, m.theme.foreground))
        return false;
    if (number == 0) {
        f.numbered.append({unit.groups, unit.text});
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
    // Numbered labels lengthen the legend, which may push labels elsewhere: when the first
    // pass hands out numbers, lay out once more with them kept (and no new ones).
    for (int pass = 0; pass < 2; ++pass) {
        frame.texts.clear();
        frame.unlabelled = 0;
        Layouter layouter(model, frame);
        if (!layouter.run(pass == 0))
            break;
    }
    // A number whose badge found no room in the last pass leaves the legend (shrinking it
    // frees space, so nothing else moves).
    QList<int> shown;
    for (const PlacedText &t : std::as_const(frame.texts)) {
        if (t.style == TextStyle::Badge)
            shown.append(t.text.toInt());
    }
    QList<SceneLegendEntry> entries;
    QList<int> numbers;
    bool dropped = false;
    for (const LegendLayout::Line &line : std::as_const(frame.legend.lines)) {
        if (line.number > 0 && !shown.contains(line.number)) {
            dropped = true;
            continue;
        }
        entries.append(line.entry);
        numbers.append(line.number);
    }
    if (dropped) {
        frame.legend = LegendLayout::make(entries, numbers, model.fonts.legend,
                                          map.rect.height() * 0.7, frame.legend.rect.topLeft());
    }
    return frame;
}

} // namespace rooflab
