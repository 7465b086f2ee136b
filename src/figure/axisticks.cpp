#include "axisticks.h"

#include <QFontMetricsF>

#include <algorithm>
#include <cmath>
#include <limits>

namespace rooflab {

namespace {

double positionOf(double value, double lo, double hi, double length)
{
    return length * std::log10(value / lo) / std::log10(hi / lo);
}

qsizetype labelCount(const QList<LogTick> &ticks)
{
    return std::count_if(ticks.cbegin(), ticks.cend(), [](const LogTick &t) { return t.labelled; });
}

// `ticks` with only the decades whose exponent is `phase` modulo `every` labelled.
QList<LogTick> everyKthDecade(QList<LogTick> ticks, int every, int phase)
{
    for (LogTick &t : ticks)
        t.labelled = t.major && ((t.exponent - phase) % every + every) % every == 0;
    return ticks;
}

// Every `every`-th decade labelled, starting where that labels the most decades; a tie goes
// to the exponents that are multiples of `every` (10^0, 10^2, 10^4 rather than 10^1, 10^3).
QList<LogTick> sparsestPhase(const QList<LogTick> &ticks, int every)
{
    QList<LogTick> best = everyKthDecade(ticks, every, 0);
    for (int phase = 1; phase < every; ++phase) {
        QList<LogTick> candidate = everyKthDecade(ticks, every, phase);
        if (labelCount(candidate) > labelCount(best))
            best = std::move(candidate);
    }
    return best;
}

} // namespace

QFont tickExponentFont(const QFont &tick)
{
    QFont small = tick;
    small.setPixelSize(std::max(6, static_cast<int>(std::lround(tick.pixelSize() * 0.7))));
    return small;
}

double tickLabelWidth(const SceneFonts &fonts, const LogTick &tick)
{
    return QFontMetricsF(fonts.tick).horizontalAdvance(tickLabelBase(tick)) +
           QFontMetricsF(tickExponentFont(fonts.tick))
               .horizontalAdvance(QString::number(tick.exponent));
}

double tickLabelHeight(const SceneFonts &fonts)
{
    // The line of "10" and the exponent raised by 45 % of its ascent (axispainter.cpp).
    const QFontMetricsF metrics(fonts.tick);
    return metrics.height() + metrics.ascent() * 0.45;
}

double tickLabelGap(const SceneFonts &fonts)
{
    return fonts.tick.pixelSize() / 2.0;
}

double closestLabelGap(const QList<LogTick> &ticks, double lo, double hi, double length,
                       const SceneFonts &fonts, Qt::Orientation axis)
{
    double closest = std::numeric_limits<double>::max();
    const LogTick *previous = nullptr;
    const double height = tickLabelHeight(fonts);
    const auto extent = [&](const LogTick &t) {
        return axis == Qt::Horizontal ? tickLabelWidth(fonts, t) : height;
    };
    for (const LogTick &tick : ticks) {
        if (!tick.labelled)
            continue;
        if (previous) {
            // Labels are centred on their ticks along the axis.
            const double apart = positionOf(tick.value, lo, hi, length) -
                                 positionOf(previous->value, lo, hi, length);
            closest = std::min(closest, apart - (extent(*previous) + extent(tick)) / 2);
        }
        previous = &tick;
    }
    return closest;
}

QList<LogTick> axisTicks(double lo, double hi, double length, const SceneFonts &fonts,
                         Qt::Orientation axis)
{
    const QList<LogTick> ticks = logTicks(lo, hi);
    const double gap = tickLabelGap(fonts);
    const auto apart = [&](const QList<LogTick> &labelled) {
        return closestLabelGap(labelled, lo, hi, length, fonts, axis) >= gap;
    };
    if (ticks.isEmpty() || apart(ticks))
        return ticks;
    const auto decades =
        std::count_if(ticks.cbegin(), ticks.cend(), [](const LogTick &t) { return t.major; });
    if (decades < 3) {
        // A short axis labels 1, 2 and 5 times each decade; crowded, 1 and 3 times (about
        // half a decade apart) where that still states three values.
        QList<LogTick> sparse = ticks;
        for (LogTick &t : sparse)
            t.labelled = t.mantissa == 1 || t.mantissa == 3;
        return labelCount(sparse) >= 3 ? sparse : ticks;
    }
    // Every second, third, ... decade: the first step whose labels keep apart. Three labels
    // where that is possible (the smallest step comes first); where no step that keeps three
    // keeps them apart, two, since the unlabelled decades keep their ticks to count by; where
    // not even two keep apart (a plot a few labels wide), the sparsest two.
    QList<LogTick> best = ticks;
    for (int every = 2; every < static_cast<int>(decades); ++every) {
        QList<LogTick> thinned = sparsestPhase(ticks, every);
        if (labelCount(thinned) < 2)
            break;
        best = std::move(thinned);
        if (apart(best))
            break;
    }
    return best;
}

QList<LogTick> horizontalTicks(const AxisMapping &map, const SceneFonts &fonts)
{
    return axisTicks(map.x0, map.x1, map.rect.width(), fonts, Qt::Horizontal);
}

QList<LogTick> verticalTicks(const AxisMapping &map, const SceneFonts &fonts)
{
    return axisTicks(map.y0, map.y1, map.rect.height(), fonts, Qt::Vertical);
}

} // namespace rooflab
