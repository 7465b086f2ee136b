#pragma once

#include "analysis.h"

#include <QString>

namespace rooflab {

// The hover text of one point: operator and device, formats, FLOPs, bytes, intensity
// against the ridge, attainable rate, bound and time. Plain text, one fact per line.
QString pointDescription(const Analysis &analysis, const PointAnalysis &point);

} // namespace rooflab
