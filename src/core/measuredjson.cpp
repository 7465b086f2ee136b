#include "measuredjson.h"

#include <QJsonArray>

namespace rooflab {

namespace {

QJsonValue orNull(const std::optional<double> &value)
{
    return value ? QJsonValue(*value) : QJsonValue(QJsonValue::Null);
}

QJsonObject pairsToJson(const QList<std::pair<QString, double>> &pairs)
{
    QJsonObject obj;
    for (const auto &[name, value] : pairs)
        obj.insert(name, value);
    return obj;
}

} // namespace

QJsonObject measuredKernelToJson(const MeasuredKernel &kernel, const KernelFigures &figures)
{
    QJsonObject bytes, intensity;
    for (const LevelFigures &level : figures.levels) {
        bytes.insert(level.level, level.bytes);
        intensity.insert(level.level, orNull(level.intensity));
    }
    QJsonObject obj{{QStringLiteral("name"), kernel.name},
                    {QStringLiteral("launches"), kernel.launches},
                    {QStringLiteral("flops"), kernel.flops},
                    {QStringLiteral("time_s"), kernel.timeS},
                    {QStringLiteral("achieved_flops"), figures.achievedFlops},
                    {QStringLiteral("bytes_by_level"), bytes},
                    {QStringLiteral("intensity_by_level"), intensity},
                    {QStringLiteral("roof_flops"), orNull(figures.roofFlops)},
                    {QStringLiteral("pct_of_roof"), orNull(figures.pctOfRoof)},
                    {QStringLiteral("bound"), figures.bound ? QJsonValue(boundName(*figures.bound))
                                                            : QJsonValue(QJsonValue::Null)},
                    {QStringLiteral("warnings"), QJsonArray::fromStringList(figures.warnings)}};
    if (!figures.boundLevel.isEmpty())
        obj.insert(QStringLiteral("bound_level"), figures.boundLevel);
    if (!figures.peakName.isEmpty())
        obj.insert(QStringLiteral("peak"), figures.peakName);
    if (!kernel.device.isEmpty())
        obj.insert(QStringLiteral("device"), kernel.device);
    const QString math = kernel.dominantMath();
    if (!math.isEmpty())
        obj.insert(QStringLiteral("math"), math);
    return obj;
}

QJsonObject measuredDeviceToJson(const MeasuredDevice &device)
{
    return {{QStringLiteral("name"), device.name},
            {QStringLiteral("bandwidth_by_level"), pairsToJson(device.bandwidths)},
            {QStringLiteral("peaks"), pairsToJson(device.peaks)}};
}

} // namespace rooflab
