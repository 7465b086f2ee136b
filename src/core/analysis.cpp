#include "analysis.h"

namespace rooflab {

QString boundName(Bound bound)
{
    switch (bound) {
    case Bound::Memory:
        return QStringLiteral("memory");
    case Bound::Balanced:
        return QStringLiteral("balanced");
    case Bound::Compute:
        return QStringLiteral("compute");
    case Bound::Latency:
        return QStringLiteral("latency");
    case Bound::Interconnect:
        return QStringLiteral("interconnect");
    }
    return {};
}

Bound classifyBound(double intensity, double ridge)
{
    if (intensity * balancedBandFactor < ridge)
        return Bound::Memory;
    if (intensity > ridge * balancedBandFactor)
        return Bound::Compute;
    return Bound::Balanced;
}

const PointAnalysis *Analysis::point(const QString &deviceId, const QString &operatorId) const
{
    for (const PointAnalysis &p : points) {
        if (p.deviceId == deviceId && p.operatorId == operatorId)
            return &p;
    }
    return nullptr;
}

} // namespace rooflab
