#pragma once

#include "operatorspec.h"

#include <QPainterPath>
#include <QString>

namespace rooflab {

// The marker shapes operator points are drawn with.
enum class MarkerShape { Circle, Square, Diamond, Triangle, TriangleDown, Pentagon, Star, Hexagon };

// The shape that stands for an operator kind on the chart.
MarkerShape markerForKind(OperatorKind kind);

// Whether points of this kind are drawn filled (matrix work) or hollow (vector work).
bool markerFilledForKind(OperatorKind kind);

// The outline of `shape`, centred on the origin, about `size` pixels across.
QPainterPath markerPath(MarkerShape shape, double size);

// A short legend name for an operator kind, e.g. "decode GEMM".
QString kindLegendName(OperatorKind kind);

} // namespace rooflab
