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

// Log axes drop the lowest decade's label when the minimum is exactly a power of ten.
double nudgedMinimum(double value)
{
    const double exponent = std::log10(value);
    return std::abs(exponent - std::round(exponent)) < 1e-9 ? value * 0.98 : value;
}

} // namespace

void setLogRange(QLogValueAxis *axis, double lo, double hi, bool allowBaseTwo)
{
    if (!(lo > 0) || !(hi > lo)) {
        lo = 0.9;
        hi = 10;
    }
    axis->setBase(allowBaseTwo && underTwoDecades(lo, hi) ? 2 : 10);
    axis->setMinorTickCount(axis->base() == 2 ? 0 : 8);
    axis->setRange(nudgedMinimum(lo), hi);
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
