#pragma once

#include <QString>

namespace rooflab {

// `value` with a decimal SI prefix and `unit`, e.g. 9.895e14, "FLOP/s" -> "989.5 TFLOP/s".
QString formatSi(double value, const QString &unit, int significant = 4);

// A duration in s, ms, µs or ns.
QString formatDuration(double seconds, int significant = 3);

// A plain number with `significant` digits and no exponent for everyday sizes.
QString formatNumber(double value, int significant = 4);

} // namespace rooflab
