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

QString phaseName(Phase phase)
{
    return phase == Phase::Decode ? QStringLiteral("decode") : QStringLiteral("prefill");
}

std::optional<Phase> phaseFromName(const QString &name)
{
    if (name == QLatin1String("decode"))
        return Phase::Decode;
    if (name == QLatin1String("prefill"))
        return Phase::Prefill;
    return std::nullopt;
}

} // namespace rooflab
