#include "units.h"

#include <algorithm>
#include <cmath>
#include <utility>

namespace rooflab {

namespace {

struct Prefix
{
    double factor;
    const char16_t *symbol;
};

constexpr Prefix prefixes[] = {{1e18, u"E"}, {1e15, u"P"}, {1e12, u"T"}, {1e9, u"G"},
                               {1e6, u"M"},  {1e3, u"k"},  {1.0, u""}};

} // namespace

QString formatNumber(double value, int significant)
{
    if (!std::isfinite(value))
        return value > 0 ? QStringLiteral("∞") : QStringLiteral("n/a");
    if (value == 0)
        return QStringLiteral("0");
    const double magnitude = std::abs(value);
    if (magnitude >= 1e-3 && magnitude < 1e6) {
        const int digitsBefore = static_cast<int>(std::floor(std::log10(magnitude))) + 1;
        const int decimals = std::max(0, significant - digitsBefore);
        QString text = QString::number(value, 'f', decimals);
        if (text.contains(QLatin1Char('.'))) {
            while (text.endsWith(QLatin1Char('0')))
                text.chop(1);
            if (text.endsWith(QLatin1Char('.')))
                text.chop(1);
        }
        return text;
    }
    return QString::number(value, 'g', significant);
}

QString formatSi(double value, const QString &unit, int significant)
{
    const double magnitude = std::abs(value);
    for (const Prefix &p : prefixes) {
        if (magnitude >= p.factor) {
            return formatNumber(value / p.factor, significant) + QLatin1Char(' ') +
                   QString::fromUtf16(p.symbol) + unit;
        }
    }
    return formatNumber(value, significant) + QLatin1Char(' ') + unit;
}

QString formatDuration(double seconds, int significant)
{
    const double magnitude = std::abs(seconds);
    if (magnitude >= 1.0 || magnitude == 0)
        return formatNumber(seconds, significant) + QStringLiteral(" s");
    if (magnitude >= 1e-3)
        return formatNumber(seconds * 1e3, significant) + QStringLiteral(" ms");
    if (magnitude >= 1e-6)
        return formatNumber(seconds * 1e6, significant) + QStringLiteral(" µs");
    return formatNumber(seconds * 1e9, significant) + QStringLiteral(" ns");
}

QString formatCount(double value, int significant)
{
    static const std::pair<double, const char *> scales[] = {
        {1e12, "T"}, {1e9, "B"}, {1e6, "M"}, {1e3, "k"}};
    const double magnitude = std::abs(value);
    if (std::isfinite(value)) {
        for (const auto &[factor, symbol] : scales) {
            if (magnitude >= factor)
                return formatNumber(value / factor, significant) + QLatin1Char(' ') +
                       QLatin1String(symbol);
        }
    }
    return formatNumber(value, significant);
}

QString formatBytes(double bytes, int significant)
{
    return formatSi(bytes, QStringLiteral("B"), significant);
}

QString formatWholeBatch(double batch)
{
    if (!std::isfinite(batch))
        return formatNumber(batch);
    return QString::number(std::max(1.0, std::ceil(batch - 1e-9 * std::abs(batch))), 'f', 0);
}

QString formatExactBatch(double batch)
{
    const QString whole = formatWholeBatch(batch);
    QString text = formatNumber(batch, 4);
    for (int digits = 5; text == whole && digits <= 8; ++digits)
        text = formatNumber(batch, digits);
    return text;
}

QString countedText(qsizetype count, const QString &one, const QString &many)
{
    return (count == 1 ? one : many).arg(count);
}

} // namespace rooflab
