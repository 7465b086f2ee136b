#pragma once

#include "axismapping.h"
#include "chartoptions.h"
#include "scenemodel.h"

#include <QFont>
#include <QRectF>
#include <QSize>
#include <QString>

namespace rooflab {

// Where the parts of one figure go: the plot area inside the margins that the tick labels,
// axis titles and title need, and the axis ranges it maps. Pure arithmetic on font metrics,
// so the window and every exported file lay a figure out alike (docs/architecture.md).
struct FigureLayout
{
    QSize size;      // the whole figure, logical pixels
    AxisMapping map; // plot area and ranges
    QString title;   // the title's lines as drawn (shrunk or elided to fit); empty: none
    QFont titleFont;
    double titleHeight = 0;

    // The layout of `model` at `size` showing `range` (a fixed view, or the content).
    static FigureLayout make(const SceneModel &model, const QSize &size, const ViewRange &range);
    // The ranges a figure of `model` shows: the options' fixed view, else the content.
    static ViewRange rangeOf(const SceneModel &model);
};

// A tick of a log axis: its value and, at a decade, the exponent drawn as 10^n.
struct LogTick
{
    double value = 0;
    bool major = false;
    int exponent = 0;
};

// The major (decades) and minor (2..9 times a decade) ticks within [lo, hi].
QList<LogTick> logTicks(double lo, double hi);

} // namespace rooflab
