#pragma once

#include <QString>

namespace rooflab {

// One mark a figure draws over its chart, in data coordinates (docs/lessons.md,
// "Annotations"): a callout's text with an arrow to a place, a shaded band along one axis,
// a point drawn emphasised, or a note: a box of text with a heading and no arrow, placed
// where it hides least and never over the point it is about (the presenter view's question
// and reveal). A plain value, carried in ChartOptions, so the window's chart and every file
// draw the same marks.
struct FigureAnnotation
{
    enum class Kind { Callout, Band, Highlight, Note };
    enum class Axis { Intensity, Performance };

    Kind kind = Kind::Callout;
    QString text; // callout text or band label; may be empty for a band
    // Callout target and highlighted point: intensity (FLOP/byte) and FLOP/s. A note: the
    // point it must not cover (0: none).
    double x = 0, y = 0;
    QString heading = {};  // a note's first line, in bold ("Question", "Reveal")
    bool emphasis = false; // a note drawn with a stronger frame (the reveal)
    // Band: the axis it runs along and the range it shades.
    Axis axis = Axis::Intensity;
    double from = 0, to = 0;

    bool operator==(const FigureAnnotation &) const = default;
};

} // namespace rooflab
