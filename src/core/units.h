#pragma once

#include <QString>

namespace rooflab {

// `value` with a decimal SI prefix and `unit`, e.g. 9.895e14, "FLOP/s" -> "989.5 TFLOP/s".
QString formatSi(double value, const QString &unit, int significant = 4);

// A duration in s, ms, µs or ns.
QString formatDuration(double seconds, int significant = 3);

// A plain number with `significant` digits and no exponent for everyday sizes.
QString formatNumber(double value, int significant = 4);

// A count with a short-scale prefix: 7.055e10 parameters -> "70.55 B", 1.2e6 -> "1.2 M"
// (k, M, B, T); below a thousand the plain number.
QString formatCount(double value, int significant = 4);

// Bytes with a decimal prefix: 1.41e11 -> "141 GB".
QString formatBytes(double bytes, int significant = 4);

// The first whole batch at or past `batch` ("0.6706" -> "1", "325.6" -> "326"): the batch
// facts a figure or a status line states. Exact values belong in tooltips only.
QString formatWholeBatch(double batch);

// The exact batch beside its whole batch, with the digits it takes to differ from it:
// 325.56 -> "325.6" (beside "326"), 316.98 -> "316.98" (not "317" beside "317"); a whole
// value as it is.
QString formatExactBatch(double batch);

// A count in words: `one` when `count` is 1, else `many`, with %1 replaced by the count:
// (3, "%1 label left out", "%1 labels left out") -> "3 labels left out". English plurals
// without a translation file; "label(s)" reads as a fault on a figure.
QString countedText(qsizetype count, const QString &one, const QString &many);

} // namespace rooflab
