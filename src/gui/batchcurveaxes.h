#pragma once

// The batch curve's axes: the units its values are drawn in and the ranges of its log axes.

#include <QString>

#include <utility>

class QLogValueAxis;

namespace rooflab::gui {

// A display unit: values are divided by `factor` and the axis title names `symbol`.
struct Scale
{
    double factor = 1;
    QString symbol;
};

// Seconds, ms, µs or ns, whichever draws `maxSeconds` with a whole part.
Scale timeScale(double maxSeconds);
// The time axis's ends for times from `minSeconds` to `maxSeconds`: room under and over the
// curve.
std::pair<double, double> timeAxisEnds(double minSeconds, double maxSeconds);
// The unit of that axis: where it spans under two decades (labels at powers of two,
// setLogRange) the unit that draws its low end with a whole part, so that the labels read
// 32, 64, 128 ms rather than 0.03125, 0.0625, 0.125 s; otherwise timeScale(maxSeconds).
Scale sweepTimeScale(double minSeconds, double maxSeconds);
// `unit` with an SI prefix that keeps `maxRate` under 10^4 ("ktokens/s", "TFLOP/s").
Scale rateScale(double maxRate, const QString &unit);
// A log axis's labelled range: its ends and the base its labels sit at powers of.
struct LogRange
{
    double lo = 1;
    double hi = 100;
    int base = 10;
};
// The range for values from `lo` to `hi`, with at least three labels: at powers of two under
// two decades (where allowed), otherwise at powers of ten; while fewer than three powers lie
// inside, the end nearer to the next power outside is widened to it (0.05 to 6 s used to
// show only 0.1 and 1).
LogRange logRange(double lo, double hi, bool allowBaseTwo);
// Applies logRange() to `axis`.
void setLogRange(QLogValueAxis *axis, double lo, double hi, bool allowBaseTwo);
// The right axis: base ten, its ends at powers of ten and at least two decades apart, so
// that it always shows three labelled ticks however flat the rate is (a rate within a
// factor of two used to get a single label).
void setDecadeRange(QLogValueAxis *axis, double lo, double hi);

} // namespace rooflab::gui
