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

double tickLabelWidth(const QFont &tick, const LogTick &label)
{
    return QFontMetricsF(tick).horizontalAdvance(tickLabelBase(label)) +
           QFontMetricsF(tickExponentFont(tick)).horizontalAdvance(QString::number(label.exponent));
}

double tickLabelWidth(const SceneFonts &fonts, const LogTick &tick)
{
    return tickLabelWidth(fonts.tick, tick);
}

double tickLabelHeight(const QFont &tick)
{
    // The line of "10" and the exponent raised by 45 % of its ascent (axispainter.cpp).
    const QFontMetricsF metrics(tick);
    return metrics.height() + metrics.ascent() * 0.45;
}

double tickLabelHeight(const SceneFonts &fonts)
{
    return tickLabelHeight(fonts.tick);
}

double tickLabelGap(const QFont &tick)
{
    return tick.pixelSize() / 2.0;
}

double tickLabelGap(const SceneFonts &fonts)
{
    return tickLabelGap(fonts.tick);
}

int tickLabelFloor(const QFont &tick)
{
    const int pixels = tick.pixelSize();
    return std::min(pixels, std::max(11, static_cast<int>(std::ceil(pixels * 0.7))));
}

double closestLabelGap(const QList<LogTick> &ticks, double lo, double hi, double length,
                       const QFont &tick, Qt::Orientation axis)
{
    double closest = std::numeric_limits<double>::max();
    const LogTick *previous = nullptr;
    const double height = tickLabelHeight(tick);
    const auto extent = [&](const LogTick &t) {
        return axis == Qt::Horizontal ? tickLabelWidth(tick, t) : height;
    };
    for (const LogTick &t : ticks) {
        if (!t.labelled)
            continue;
        if (previous) {
            // Labels are centred on their ticks along the axis.
            const double apart =
                positionOf(t.value, lo, hi, length) - positionOf(previous->value, lo, hi, length);
            closest = std::min(closest, apart - (extent(*previous) + extent(t)) / 2);
        }
        previous = &t;
    }
    return closest;
}

namespace {

// The labels of `ticks` in `font`: all where they keep apart; else on a short axis 1 and 3
// times each decade, on a long one every k-th decade. `apart` says whether they keep apart.
QList<LogTick> thinnedTicks(const QList<LogTick> &ticks, double lo, double hi, double length,
                            const QFont &font, Qt::Orientation axis, bool *apart)
{
    const double gap = tickLabelGap(font);
    const auto keepApart = [&](const QList<LogTick> &labelled) {
        return closestLabelGap(labelled, lo, hi, length, font, axis) >= gap;
    };
    *apart = true;
    if (ticks.isEmpty() || keepApart(ticks))
        return ticks;
    const auto decades =
        std::count_if(ticks.cbegin(), ticks.cend(), [](const LogTick &t) { return t.major; });
    if (decades < 3) {
        // A short axis labels 1, 2 and 5 times each decade; crowded, 1 and 3 times (about
        // half a decade apart) where that still states three values.
        QList<LogTick> sparse = ticks;
        for (LogTick &t : sparse)
            t.labelled = t.mantissa == 1 || t.mantissa == 3;
        if (labelCount(sparse) < 3) {
            *apart = false;
            return ticks;
        }
        *apart = keepApart(sparse);
        return sparse;
    }
    // Every second, third, ... decade: the first step whose labels keep apart. Three labels
    // where that is possible (the smallest step comes first); where no step that keeps three
    // keeps them apart, two, since the unlabelled decades keep their ticks to count by; where
    // not even two keep apart (a plot a few labels wide), the sparsest two.
    QList<LogTick> best = ticks;
    *apart = false;
    for (int every = 2; every < static_cast<int>(decades); ++every) {
        QList<LogTick> thinned = sparsestPhase(ticks, every);
        if (labelCount(thinned) < 2)
            break;
        best = std::move(thinned);
        *apart = keepApart(best);
        if (*apart)
            break;
    }
    return best;
}

} // namespace

AxisTickLabels axisTickLabels(double lo, double hi, double length, const SceneFonts &fonts,
                              Qt::Orientation axis)
{
    const QList<LogTick> ticks = logTicks(lo, hi);
    bool apart = false;
    AxisTickLabels atFont{.ticks = thinnedTicks(ticks, lo, hi, length, fonts.tick, axis, &apart),
                          .font = fonts.tick};
    // Three labels apart at the tick font, or an axis that cannot state three at all.
    if ((apart && labelCount(atFont.ticks) >= 3) || labelCount(ticks) < 3)
        return atFont;
    // Fewer than three, or labels that touch: a pixel smaller at a time, down to the floor,
    // the first size whose labels keep three apart. A smaller label in the corner of a
    // figure reads better than an axis with two values to interpolate from.
    for (int pixels = fonts.tick.pixelSize() - 1; pixels >= tickLabelFloor(fonts.tick); --pixels) {
        QFont smaller = fonts.tick;
        smaller.setPixelSize(pixels);
        QList<LogTick> labelled = thinnedTicks(ticks, lo, hi, length, smaller, axis, &apart);
        if (apart && labelCount(labelled) >= 3)
            return {.ticks = std::move(labelled), .font = smaller};
    }
    return atFont;
}

AxisTickLabels horizontalTickLabels(const AxisMapping &map, const SceneFonts &fonts)
{
    return axisTickLabels(map.x0, map.x1, map.rect.width(), fonts, Qt::Horizontal);
}

AxisTickLabels verticalTickLabels(const AxisMapping &map, const SceneFonts &fonts)
{
    return axisTickLabels(map.y0, map.y1, map.rect.height(), fonts, Qt::Vertical);
}

QList<LogTick> axisTicks(double lo, double hi, double length, const SceneFonts &fonts,
                         Qt::Orientation axis)
{
    return axisTickLabels(lo, hi, length, fonts, axis).ticks;
}

QList<LogTick> horizontalTicks(const AxisMapping &map, const SceneFonts &fonts)
{
    return horizontalTickLabels(map, fonts).ticks;
}

QList<LogTick> verticalTicks(const AxisMapping &map, const SceneFonts &fonts)
{
    return verticalTickLabels(map, fonts).ticks;
}

} // namespace rooflab
