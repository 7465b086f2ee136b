#pragma once

#include "axismapping.h"
#include "chartoptions.h"
#include "legendslot.h"
#include "scenemodel.h"

#include <QFont>
#include <QRectF>
#include <QSize>
#include <QString>

namespace rooflab {

// Where the parts of one figure go: the plot area inside the margins that the tick labels,
// axis titles, title and a legend outside the plot need, and the axis ranges it maps. Pure
// arithmetic on font metrics, so the window and every exported file lay a figure out alike
// (docs/architecture.md); a file then gives the empty rows of a legend under the plot back
// to the plot (withLegendBelowLowered(), Figure).
struct FigureLayout
{
    QSize size;      // the whole figure, logical pixels
    AxisMapping map; // plot area and ranges
    QString title;   // the title's lines as drawn (shrunk or elided to fit); empty: none
    QFont titleFont;
    double titleHeight = 0; // the title and the caption line under it
    QString subtitle;       // the caption line as drawn (wrapped to fit); empty: none
    QFont subtitleFont;
    double subtitleHeight = 0;
    LegendSlot legend; // inside the plot, or the margin beside or under it (legendslot.h)
    // The axis titles as drawn: whole, or only the unit where the room is short of the whole
    // title (docs/labels.md, "Axis titles"); the horizontal one's box, and the box the
    // vertical one is drawn in, turned a quarter left about its centre.
    QString xTitle, yTitle;
    QRectF xTitleRect, yTitleRect;

    // The layout of `model` at `size` showing `range` (a fixed view, or the content).
    // With `slotCache`, the legend's place comes through that cache (LegendSlotCache).
    static FigureLayout make(const SceneModel &model, const QSize &size, const ViewRange &range,
                             LegendSlotCache *slotCache = nullptr);
    // The ranges a figure of `model` shows: the options' fixed view, else the content.
    static ViewRange rangeOf(const SceneModel &model);
    // This layout of `model` with its legend under the plot `pixels` lower at the top and the
    // plot that much taller (a file gives back the rows its legend leaves empty: Figure); the
    // slot's `rows` stay those its margin was sized for. Unchanged for any other legend.
    FigureLayout withLegendBelowLowered(const SceneModel &model, double pixels) const;
};

// A tick of a log axis: its value, value = mantissa x 10^exponent, and whether it carries a
// label ("10^n" at a decade, "2×10^n" or "5×10^n" between decades on a short axis).
struct LogTick
{
    double value = 0;
    bool major = false;
    int exponent = 0;
    int mantissa = 1; // 1 to 9
    bool labelled = false;
};

// The major (decades) and minor (2..9 times a decade) ticks within [lo, hi]. Decades are
// labelled; when fewer than three decades fall inside the range the 2x and 5x ticks are
// labelled too, so every axis states at least three values.
QList<LogTick> logTicks(double lo, double hi);

// The text of a tick label before its superscript exponent: "10", or "2×10" between decades.
QString tickLabelBase(const LogTick &tick);

} // namespace rooflab
