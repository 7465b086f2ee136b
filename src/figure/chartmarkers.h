#pragma once

#include "operatorspec.h"

#include <QPainterPath>
#include <QString>

namespace rooflab {

// The marker shapes operator points are drawn with.
// Cross and Plus mark measured kernels: drawn where they ran, not on a roof.
enum class MarkerShape {
    Circle,
    Square,
    Diamond,
    Triangle,
    TriangleDown,
    Pentagon,
    Star,
    Hexagon,
    Cross,
    Plus
};

// The shape that stands for an operator kind on the chart.
MarkerShape markerForKind(OperatorKind kind);

// Whether points of this kind are drawn filled (matrix work) or hollow (vector work).
bool markerFilledForKind(OperatorKind kind);

// The outline of `shape`, centred on the origin, about `size` pixels across.
QPainterPath markerPath(MarkerShape shape, double size);

// A short legend name for an operator kind, e.g. "decode GEMM".
QString kindLegendName(OperatorKind kind);

} // namespace rooflab
