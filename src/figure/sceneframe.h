#pragma once

#include "axismapping.h"
#include "legendslot.h"
#include "scenemodel.h"

#include <QLineF>
#include <QList>
#include <QPointF>
#include <QRectF>

#include <optional>

namespace rooflab {

// The size in pixels of a point marker at text scale 1 times its class's scale, for a
// figure drawn with `options`: it grows with the square root of the text scale.
double baseMarkerSize(const ChartOptions &options);

class LabelPlacer;

// Which font and colour a placed text is drawn with.
enum class TextStyle { Roof, Ridge, Batch, Point, SelectedPoint, Badge, Zone };

// A text box the frame layout placed, with its leader line when it moved away.
struct PlacedText
{
    QString text;
    QRectF rect; // the box, padding included
    TextStyle style = TextStyle::Point;
    QColor color;
    bool leader = false;
    QLineF leaderLine;
    double angle = 0; // degrees; when not 0, `rect` is relative to `origin`, rotated about it
    QPointF origin;
    QList<int> groups; // a point label or number badge: the SceneModel::groups it names
    // A point label or number badge: its markers' bounds, from which the next frame laid out
    // with this one as `previous` keeps the label's offset (SceneFrame::layout).
    QRectF anchor = QRectF();
    // A zone caption shrunk to fit its zone: its font's size in pixels (0: its style's).
    int fontPixels = 0;

    // The box it covers in the frame's pixels: `rect`, or for a turned text the bounds of its
    // turned box (exactly the box for a quarter turn, more than it along a slope).
    QRectF bounds() const;
};

// The legend box and its lines.
struct LegendLayout
{
    struct Line
    {
        QRectF rect;
        SceneLegendEntry entry;
        int number = 0; // > 0: a numbered point entry; < 0: more names of entry -number
    };
    QRectF rect; // empty: no legend
    QList<Line> lines;

    static constexpr double padding = 8, swatch = 30, gap = 6;

    // The legend of `entries` (numbers[i] as Line::number) with its top-left corner
    // at `topLeft`, in as many columns as it takes to stay under `maxHeight`, and at least
    // `minColumns` (a wide, low legend fits where a tall one would hide something).
    static LegendLayout make(const QList<SceneLegendEntry> &entries, const QList<int> &numbers,
                             const QFont &font, double maxHeight, const QPointF &topLeft,
                             int minColumns = 1);

    // The pitch of the legend's lines: the font's height and 2 px.
    static double lineHeight(const QFont &font);
    // Room between two lines side by side in a flowed legend.
    static constexpr double flowGap = 14;
    // The legend of `entries` in rows no wider than `width` (padding included), each line
    // as wide as its own text, packed in order: a legend under the plot, where a grid of
    // the widest line's width would take a row per line.
    static LegendLayout flow(const QList<SceneLegendEntry> &entries, const QList<int> &numbers,
                             const QFont &font, double width, const QPointF &topLeft);
    // The rows flow() takes for `entries` in `width`.
    static int flowRows(const QList<SceneLegendEntry> &entries, const QList<int> &numbers,
                        const QFont &font, double width);
    // A line's width: its swatch (or number) and text; a note of its own, the text only.
    static double itemWidth(const QFont &font, const SceneLegendEntry &entry, int number);
};

// A label shown as a number on the chart and spelled out in the legend.
struct NumberedLabel
{
    QList<int> groups; // indices into SceneModel::groups
    QString text;      // the names, one line each
};

// The visible segment of a line in data coordinates, if any part of it is in view.
struct DataSegment
{
    double xa = 0, ya = 0, xb = 0, yb = 0;
};

// One frame of the chart in pixels: where every point, label and the legend go for the
// current plot area and axis ranges. Computed before each draw, shared by all layers.
struct SceneFrame
{
    AxisMapping map;
    QList<QPointF> pointPixels; // per SceneModel point
    QList<PlacedText> texts;
    QList<NumberedLabel> numbered; // the labels shown by number i + 1
    int unlabelled = 0;            // labels that found no room, not even for a number
    // The labels of slopes, roofs and ridges that found no room and that a compact legend
    // only counts, each with its device ("ridge 247 FLOP/B (AMD Instinct MI300X)"): the
    // window's tooltip over the legend names them.
    QStringList lineLabelsLeftOut;
    LegendLayout legend;
    LegendSlot legendSlot;  // where the figure layout put the legend (inside: search the plot)
    double markerSize = 11; // a plain point's marker, pixels across

    // The marker size of one point: larger for a model's operator class with a large share.
    double pointSize(const ScenePoint &point) const { return markerSize * point.markerScale; }
    // Half the side of the square its label stays out of (drawnHalf(), scenemodel.h).
    double drawnHalf(const ScenePoint &point) const
    {
        return rooflab::drawnHalf(point, pointSize(point));
    }

    // Lays out `model` for `map`; `positions` (data coordinates, one per model point)
    // override the points' own places while they glide, when not empty; `slot`: where the
    // figure's layout put the legend (FigureLayout::legend). With `previous` (the frame drawn
    // last, while the batch moves) laid out for the same plot and axis ranges, each label
    // first tries the place it had there (docs/labels.md, "Memory while the batch moves");
    // a `previous` for another map is ignored. Without it the layout is the state's alone.
    static SceneFrame layout(const SceneModel &model, const AxisMapping &map,
                             const QList<QPointF> &positions, const LegendSlot &slot = {},
                             const SceneFrame *previous = nullptr);
    // True when `a` and `b` map alike: the same plot rectangle and axis ranges.
    static bool sameMap(const AxisMapping &a, const AxisMapping &b);
};

// The visible part of a device's memory slope and of a flat compute roof.
std::optional<DataSegment> visibleSlope(const SceneSlope &slope, const AxisMapping &map);
std::optional<DataSegment> visibleRoof(const SceneRoof &roof, const AxisMapping &map);

// Padding around a placed text, in pixels.
inline constexpr double textPadX = 3, textPadY = 1;

} // namespace rooflab
