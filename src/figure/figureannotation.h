#pragma once

#include <QString>

namespace rooflab {

// One mark a figure draws over its chart, in data coordinates (docs/lessons.md,
// "Annotations"): a callout's text with an arrow to a place, a shaded band along one axis,
// or a point drawn emphasised. A plain value, carried in ChartOptions, so the window's chart
// and every file draw the same marks.
struct FigureAnnotation
{
    enum class Kind { Callout, Band, Highlight };
    enum class Axis { Intensity, Performance };

    Kind kind = Kind::Callout;
    QString text; // callout text or band label; may be empty for a band
    // Callout target and highlighted point: intensity (FLOP/byte) and FLOP/s.
    double x = 0, y = 0;
    // Band: the axis it runs along and the range it shades.
    Axis axis = Axis::Intensity;
    double from = 0, to = 0;

    bool operator==(const FigureAnnotation &) const = default;
};

} // namespace rooflab
