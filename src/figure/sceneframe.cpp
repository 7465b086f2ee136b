#include "sceneframe.h"

#include "framelayouter.h"

#include <QTransform>

#include <algorithm>
#include <cmath>

namespace rooflab {

namespace {

// Passes at most: a pass that hands out numbers (or sends other line labels to the legend
// than it assumed) lengthens the legend, so the next one lays out around the longer legend
// (what that one hands out still reaches the legend at the end).
constexpr int maxPasses = 2;

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

QRectF PlacedText::bounds() const
{
    if (angle == 0)
        return rect;
    QTransform turn;
    turn.translate(origin.x(), origin.y());
    turn.rotate(angle);
    return turn.mapRect(rect);
}

bool SceneFrame::sameMap(const AxisMapping &a, const AxisMapping &b)
{
    return a.rect == b.rect && a.x0 == b.x0 && a.x1 == b.x1 && a.y0 == b.y0 && a.y1 == b.y1;
}

double baseMarkerSize(const ChartOptions &options)
{
    return std::round(11 * std::sqrt(std::max(0.5, options.fontScale)));
}

SceneFrame SceneFrame::layout(const SceneModel &model, const AxisMapping &map,
                              const QList<QPointF> &positions, const LegendSlot &slot,
                              const SceneFrame *previous)
{
    // Another plot or other ranges move every place: the previous frame says nothing then.
    const SceneFrame *kept = previous && sameMap(previous->map, map) ? previous : nullptr;
    SceneFrame frame;
    frame.map = map;
    frame.legendSlot = slot;
    frame.markerSize = baseMarkerSize(model.options);
    const bool moved = positions.size() == model.points.size();
    frame.pointPixels.reserve(model.points.size());
    const PixelProjection projection(map);
    for (qsizetype i = 0; i < model.points.size(); ++i) {
        const QPointF data =
            moved ? positions.at(i) : QPointF(model.points.at(i).x, model.points.at(i).y);
        frame.pointPixels.append(projection.toPixel(data.x(), data.y()));
    }
    PassCache cache;
    // Point labels on the leader rings slide, so that a neighbour's small step moves them
    // little; sliding packs them less tightly, so a frame where it leaves a label out
    // altogether is laid out again with fixed ring places (docs/labels.md, "Sliding").
    for (const bool slideRings : {true, false}) {
        // Numbered labels lengthen the legend, which may push labels elsewhere: when a pass
        // hands out numbers, lay out again with them kept.
        int unlabelledBefore = 0;
        frame.numbered.clear();
        for (int pass = 0; pass < maxPasses; ++pass) {
            frame.texts.clear();
            frame.unlabelled = 0;
            FrameLayouter layouter(model, frame, unlabelledBefore, cache, slideRings, kept);
            const bool again = layouter.run();
            if (!again || pass == maxPasses - 1) {
                layouter.finishLegend();
                break;
            }
            unlabelledBefore = frame.unlabelled;
        }
        if (frame.unlabelled <= cache.skipped)
            break;
    }
    return frame;
}

} // namespace rooflab
