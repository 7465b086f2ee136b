#include "scenario.h"

namespace rooflab {

QString roofModeName(RoofMode mode)
{
    return mode == RoofMode::Datasheet ? QStringLiteral("datasheet") : QStringLiteral("achievable");
}

std::optional<RoofMode> roofModeFromName(const QString &name)
{
    if (name == QLatin1String("datasheet"))
        return RoofMode::Datasheet;
    if (name == QLatin1String("achievable"))
        return RoofMode::Achievable;
    return std::nullopt;
}

} // namespace rooflab
