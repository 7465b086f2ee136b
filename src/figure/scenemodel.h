#pragma once

#include "analysis.h"
#include "chartmarkers.h"
#include "chartoptions.h"
#include "charttheme.h"

#include <QFont>
#include <QList>
#include <QSizeF>
#include <QString>

namespace rooflab {

// The fonts of a chart, all in one concrete family so files look the same everywhere.
struct SceneFonts
{
    QFont tick, axisTitle, title, roofLabel, pointLabel, selectedLabel, legend, badge, zone;

    // Pixel sizes for a 1600 x 1000 figure, multiplied by `scale`.
    static SceneFonts make(double scale);
    // The pixel size of the smallest of them at `scale`: what a printed figure's least
    // legible text is made of.
    static int smallestPixels(double scale);
};

// The least size a printed figure's text should have, in points.
inline constexpr double leastPrintPoints = 6;
// The size in points that the figure's smallest text prints at, at `textScale`: 96 figure
// pixels make an inch, 72 points an inch.
double smallestTextPoints(double textScale);
// The least text scale, to two decimals, whose smallest text prints at leastPrintPoints.
double leastPrintTextScale();

// One memory slope: y = bandwidth * x, drawn from the left edge up to `topRidge`.
struct SceneSlope
{
    int device = 0;
    double bandwidth = 0; // byte/s
    double topRidge = 0;  // intensity of the highest ridge it leads to
    bool ghost = false;   // the datasheet slope drawn faint and dashed (achievable mode)
    bool link = false;    // the interconnect a deployment communicates over: dotted
    int sharedIndex = 0, sharedCount = 1; // devices whose slopes coincide share it in stripes
    double sharedToX = 0;                 // the coinciding part ends here
    QString label;                        // "HBM3 3.35 TB/s"; empty: none
    QSizeF labelSize;
    bool operator==(const SceneSlope &) const = default;
};

// One compute roof: flat at `peak` from its ridge to the right edge.
struct SceneRoof
{
    int device = 0;
    double peak = 0; // FLOP/s
    double ridge = 0;
    bool ghost = false;
    int sharedIndex = 0, sharedCount = 1; // devices with the same peak share the flat part
    double sharedFromX = 0;               // from the largest of their ridges
    QString label;                        // "BF16 matrix 989.5 TFLOP/s"; empty: none
    bool labelShared = false;             // stands for several devices: neutral colour
    QSizeF labelSize;
    QString ridgeLabel; // "ridge 295 FLOP/B"; empty when another roof marks the same place
    QSizeF ridgeLabelSize;
    QString ridgeLabelBrief;    // "ridge 295", where the whole label finds no room (the axis
    QSizeF ridgeLabelBriefSize; // says the unit)
    bool operator==(const SceneRoof &) const = default;
};

// One operator point.
struct ScenePoint
{
    int device = 0;
    int analysisIndex = 0; // into Analysis::points
    int group = 0;         // index into SceneModel::groups
    MarkerShape shape = MarkerShape::Circle;
    bool filled = true;
    bool selected = false;
    double x = 0, y = 0;    // intensity, attainable FLOP/s
    double markerScale = 1; // marker size relative to a plain point's (see markerScaleForShare)
};

// Half the side of the square a point's label stays out of, for a marker `size` across: the
// marker or, selected, its ring's outer edge (ScenePainter::drawPoints(): the marker drawn
// 1.35 times its size, the ring's radius 0.85 of that, a 3 px pen).
inline double drawnHalf(const ScenePoint &point, double size)
{
    return point.selected ? size * 1.35 * 0.85 + 1.5 : size / 2;
}

// Points that share one label: the same operator at the same intensity on several devices.
struct SceneGroup
{
    QString text;
    QSizeF size;
    bool selected = false;
    QList<int> points; // indices into SceneModel::points
    // Drawn without a label unless selected, counted with the labels left out: a measured
    // kernel past the slowest few, or one of its inner memory levels.
    bool unlabelled = false;
};

// The ridge batch of the GEMM points that answer to one roof.
struct SceneBatchMark
{
    int device = 0;
    double x = 0, y = 0; // the ridge corner
    QString text;        // "B*=310" or a range "B*=298–345"
    QSizeF size;
    bool selected = false;
    bool range = false; // the GEMMs reach the ridge at different whole batches
    // The ridge batches of the device's decode GEMMs on this roof, whatever is selected
    // (0: none): the legend's device line says them (deviceBatchText()).
    double gemmLow = 0, gemmHigh = 0;
};

// One line of the legend.
struct SceneLegendEntry
{
    enum class Kind { Device, Marker, Note };
    Kind kind = Kind::Note;
    QString text;
    int device = 0;
    MarkerShape shape = MarkerShape::Circle;
    bool filled = true;
    // The widest `text` can become while only the batch changes (a device's fit verdict);
    // empty: `text` itself. The legend's place is sized for it (docs/labels.md).
    QString widest = {};
    // What a note says, so that a brief legend (a figure short of room) can shorten it or
    // fold it into a device's line (briefLegendLines(), docs/labels.md).
    enum class Topic { Other, BatchMarks, Zones };
    Topic topic = Topic::Other;
    // The end of a device's line that says its GEMMs' B* (" · B*=308–317"): the least
    // legend forms leave it out (briefLegendLines() without marker kinds, keyLegendLines()).
    QString batchSuffix = {};
    // The rest of the line above, wrapped to the legend's width: a flowed legend keeps
    // such pieces on rows of their own, so that they do not read as separate lines.
    bool continued = false;
    bool operator==(const SceneLegendEntry &) const = default;
};

// An analysis turned into what the chart draws, in data coordinates: roofs, ridges,
// points, labels and their text sizes. Built once per analysis; laid out per frame.
struct SceneModel
{
    ChartOptions options;
    ChartTheme theme;
    SceneFonts fonts;
    bool achievable = false;
    QStringList deviceNames;
    QList<SceneSlope> slopes;
    QList<SceneRoof> roofs;
    QList<ScenePoint> points;
    QList<SceneGroup> groups;
    QList<SceneBatchMark> batchMarks;
    QList<SceneLegendEntry> legend;
    int zoneRoof = -1; // the roof whose zones are shaded; -1: none
    // The largest marker scale a point of this scene can take at any batch: a model's class
    // grows with its share of the step (markerScaleForShare), which moves with the batch.
    double largestMarkerScale = 1;
    ViewRange content; // the data with a margin

    // Builds the scene of `analysis`; draws no roofline figure of its own.
    static SceneModel build(const Analysis &analysis, const ChartOptions &options);
};

// Beyond this many label groups a frame labels only the selected point (labelunits.cpp).
inline constexpr int crowdedGroupCount = 480;

// The marker size of a model's operator class relative to a plain point's: its area grows
// with `share` (0..1 of the step's time), up to 3.5 times across at 1, never below 1.
double markerScaleForShare(double share);

// "BF16 matrix", "FP32 vector": the name of a compute roof.
QString roofDisplayName(const QString &math, UnitKind unit);

} // namespace rooflab
