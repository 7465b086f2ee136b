#include "batchcurveaxes.h"

#include <QLogValueAxis>

#include <cmath>

namespace rooflab::gui {

namespace {

// A log axis from `lo` to `hi` spans under two decades: labelled at powers of two, since
// powers of ten would give it fewer than three labels (setLogRange).
bool underTwoDecades(double lo, double hi)
{
    return lo > 0 && hi > lo && hi / lo < 100;
}

} // namespace

Scale timeScale(double maxSeconds)
{
    if (maxSeconds >= 1)
        return {.factor = 1, .symbol = QStringLiteral("s")};
    if (maxSeconds >= 1e-3)
        return {.factor = 1e-3, .symbol = QStringLiteral("ms")};
    if (maxSeconds >= 1e-6)
        return {.factor = 1e-6, .symbol = QStringLiteral("µs")};
    return {.factor = 1e-9, .symbol = QStringLiteral("ns")};
}

std::pair<double, double> timeAxisEnds(double minSeconds, double maxSeconds)
{
    return {minSeconds * 0.7, maxSeconds * 1.4};
}

Scale sweepTimeScale(double minSeconds, double maxSeconds)
{
    const auto [lo, hi] = timeAxisEnds(minSeconds, maxSeconds);
    return timeScale(underTwoDecades(lo, hi) ? lo : maxSeconds);
}

Scale rateScale(double maxRate, const QString &unit)
{
    const char *prefixes[] = {"", "k", "M", "G", "T", "P", "E"};
    double factor = 1;
    int index = 0;
    while (maxRate / factor >= 1e4 && index < 6) {
        factor *= 1e3;
        ++index;
    }
    return {.factor = factor, .symbol = QString::fromLatin1(prefixes[index]) + unit};
}

namespace {

// log_base(value): the power of `base` that `value` is.
double exponentOf(double value, double base)
{
    return std::log(value) / std::log(base);
}

// Log axes may drop an end's label when the end is exactly a power of the base (rounding):
// such an end is moved out by 2 %.
double nudgedOut(double value, double base, double factor)
{
    const double exponent = exponentOf(value, base);
    return std::abs(exponent - std::round(exponent)) < 1e-9 ? value * factor : value;
}

// Powers of `base` from `lo` to `hi`, the ends included (with room for rounding).
int powersWithin(double lo, double hi, double base)
{
    return int(std::floor(exponentOf(hi, base) + 1e-9) - std::ceil(exponentOf(lo, base) - 1e-9)) +
           1;
}

} // namespace

LogRange logRange(double lo, double hi, bool allowBaseTwo)
{
    if (!(lo > 0) || !(hi > lo) || !std::isfinite(hi))
        return {.lo = 1, .hi = 100, .base = 10};
    const int base = allowBaseTwo && underTwoDecades(lo, hi) ? 2 : 10;
    // Widen the end that is nearer (on the log scale) to the next power outside it. Three
    // steps at most reach three powers; the bound also ends the loop where pow() cannot
    // step (subnormal values).
    for (int step = 0; step < 3 && powersWithin(lo, hi, base) < 3; ++step) {
        const double below = std::pow(base, std::ceil(exponentOf(lo, base) - 1e-9) - 1);
        const double above = std::pow(base, std::floor(exponentOf(hi, base) + 1e-9) + 1);
        if (lo / below < above / hi)
            lo = below;
        else
            hi = above;
    }
    return {.lo = lo, .hi = hi, .base = base};
}

void setLogRange(QLogValueAxis *axis, double lo, double hi, bool allowBaseTwo)
{
    const LogRange range = logRange(lo, hi, allowBaseTwo);
    axis->setBase(range.base);
    axis->setMinorTickCount(range.base == 2 ? 0 : 8);
    axis->setRange(nudgedOut(range.lo, range.base, 0.98), nudgedOut(range.hi, range.base, 1.02));
}

void setDecadeRange(QLogValueAxis *axis, double lo, double hi)
{
    if (!(lo > 0) || !(hi >= lo) || !std::isfinite(hi)) {
        lo = 1;
        hi = 100;
    }
    double loExp = std::floor(std::log10(lo) + 1e-9), hiExp = std::ceil(std::log10(hi) - 1e-9);
    // Widen on the side the data sits nearer to its end, so that the curve stays central.
    while (hiExp - loExp < 2) {
        if (std::log10(lo) - loExp < hiExp - std::log10(hi))
            loExp -= 1;
        else
            hiExp += 1;
    }
    axis->setBase(10);
    axis->setMinorTickCount(8);
    // Nudged outwards: a tick exactly at an end may be dropped by rounding.
    axis->setRange(std::pow(10.0, loExp) * 0.98, std::pow(10.0, hiExp) * 1.02);
}

} // namespace rooflab::gui
