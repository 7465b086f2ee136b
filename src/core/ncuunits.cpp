#include "ncuunits.h"

#include <utility>

namespace rooflab {

namespace {

// The decimal prefix of `unit` before `base` ("K" in "Kbyte"), as a factor.
std::optional<double> prefixFactor(const QString &unit, const QString &base)
{
    if (!unit.endsWith(base))
        return std::nullopt;
    const QString prefix = unit.left(unit.size() - base.size());
    const std::pair<const char *, double> prefixes[] = {{"", 1},     {"K", 1e3},  {"M", 1e6},
                                                        {"G", 1e9},  {"T", 1e12}, {"m", 1e-3},
                                                        {"u", 1e-6}, {"n", 1e-9}};
    for (const auto &[name, factor] : prefixes) {
        if (prefix == QLatin1String(name))
            return factor;
    }
    return std::nullopt;
}

} // namespace

std::optional<double> ncuUnitFactor(const QString &unit, NcuQuantity quantity)
{
    const QString u = unit.trimmed();
    switch (quantity) {
    case NcuQuantity::Bytes: {
        const std::optional<double> f = prefixFactor(u, QStringLiteral("byte"));
        // Fractions of a byte are no unit a byte counter is printed in.
        return f && *f >= 1 ? f : std::nullopt;
    }
    case NcuQuantity::Time: {
        const std::optional<double> f = prefixFactor(u, QStringLiteral("second"));
        return f && *f <= 1 ? f : std::nullopt;
    }
    case NcuQuantity::Count: {
        if (u.isEmpty())
            return 1.0;
        const std::optional<double> f = prefixFactor(u, QStringLiteral("inst"));
        return f && *f >= 1 ? f : std::nullopt;
    }
    }
    return std::nullopt;
}

QString ncuQuantityName(NcuQuantity quantity)
{
    switch (quantity) {
    case NcuQuantity::Bytes:
        return QStringLiteral("byte");
    case NcuQuantity::Time:
        return QStringLiteral("second");
    case NcuQuantity::Count:
        return QStringLiteral("inst");
    }
    return {};
}

} // namespace rooflab
