#include "device.h"

#include <algorithm>

namespace rooflab {

QString unitKindName(UnitKind unit)
{
    return unit == UnitKind::Matrix ? QStringLiteral("matrix") : QStringLiteral("vector");
}

std::optional<UnitKind> unitKindFromName(const QString &name)
{
    if (name == QLatin1String("matrix"))
        return UnitKind::Matrix;
    if (name == QLatin1String("vector"))
        return UnitKind::Vector;
    return std::nullopt;
}

double Interconnect::groupBandwidth(int devices) const
{
    if (peerBandwidth <= 0 || devices < 2)
        return bandwidthPerDirection;
    return std::min(bandwidthPerDirection, (devices - 1) * peerBandwidth);
}

Interconnect Interconnect::atAchievableBandwidth() const
{
    Interconnect scaled = *this;
    scaled.bandwidthPerDirection *= achievable;
    scaled.peerBandwidth *= achievable;
    return scaled;
}

const ComputeCeiling *Device::ceiling(UnitKind unit, const QString &math) const
{
    for (const ComputeCeiling &c : compute) {
        if (c.unit == unit && c.math == math)
            return &c;
    }
    return nullptr;
}

const MemoryLevel *Device::memoryLevel(const QString &level) const
{
    for (const MemoryLevel &m : memory) {
        if (m.level == level)
            return &m;
    }
    return nullptr;
}

} // namespace rooflab
