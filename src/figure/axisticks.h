#pragma once

#include "axismapping.h"
#include "figurelayout.h"
#include "scenemodel.h"

#include <QFont>
#include <QList>

namespace rooflab {

// Which tick labels an axis of a drawn figure carries (docs/labels.md, "Tick labels"). The
// ticks and grid lines of every decade stay; where neighbouring decade labels would come
// closer than tickLabelGap(), only every k-th decade is labelled, with the smallest k that
// keeps them apart: three labels or more where any k allows it. Where no k keeps three apart
// at the tick font, the axis's labels take a smaller font, a pixel at a time down to
// tickLabelFloor(), before it settles for two. The choice depends only on the plot's pixels,
// the tick font and the axis range, never on what the plot shows, so a batch sweep over
// fixed axes never changes it.

// The superscript exponent's font: 70 % of the tick font, as the axis painter draws it.
QFont tickExponentFont(const QFont &tick);
// The width of a tick label ("10" or "2×10" with its exponent) and the height of any.
double tickLabelWidth(const QFont &tick, const LogTick &label);
double tickLabelWidth(const SceneFonts &fonts, const LogTick &tick);
double tickLabelHeight(const QFont &tick);
double tickLabelHeight(const SceneFonts &fonts);
// The least room between neighbouring labels, on either axis: half an em of the tick font,
// more than one and a half word spaces, with the tick mark under the middle of each label.
double tickLabelGap(const QFont &tick);
double tickLabelGap(const SceneFonts &fonts);
// The smallest pixel size an axis may shrink its labels to in order to keep three: 70 % of
// the tick font (the 225 % labels of a 580 x 455 figure need 72 % up the side), and never
// under 11 px, below which a projected or printed exponent stops being legible.
int tickLabelFloor(const QFont &tick);

// What an axis labels: its ticks (every one, those with a label marked) and the font those
// labels are drawn in, the tick font or, on a crowded axis, a smaller one.
struct AxisTickLabels
{
    QList<LogTick> ticks;
    QFont font;
};

// The labels of an axis showing [lo, hi] over `length` pixels, as drawn.
AxisTickLabels axisTickLabels(double lo, double hi, double length, const SceneFonts &fonts,
                              Qt::Orientation axis);
AxisTickLabels horizontalTickLabels(const AxisMapping &map, const SceneFonts &fonts);
AxisTickLabels verticalTickLabels(const AxisMapping &map, const SceneFonts &fonts);
// Their ticks alone.
QList<LogTick> axisTicks(double lo, double hi, double length, const SceneFonts &fonts,
                         Qt::Orientation axis);
QList<LogTick> horizontalTicks(const AxisMapping &map, const SceneFonts &fonts);
QList<LogTick> verticalTicks(const AxisMapping &map, const SceneFonts &fonts);

// The room left between the closest two neighbouring labels of `ticks` on that axis, drawn
// in `tick` (negative where they overlap; a large number with fewer than two labels).
double closestLabelGap(const QList<LogTick> &ticks, double lo, double hi, double length,
                       const QFont &tick, Qt::Orientation axis);

} // namespace rooflab
