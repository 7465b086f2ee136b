#pragma once

#include <QList>
#include <QString>

#include <optional>

namespace rooflab {

// Which kind of execution unit a compute ceiling belongs to.
enum class UnitKind { Matrix, Vector };

QString unitKindName(UnitKind unit);
std::optional<UnitKind> unitKindFromName(const QString &name);

// One dense peak: FLOP/s of one unit kind at one math family.
struct ComputeCeiling
{
    UnitKind unit = UnitKind::Matrix;
    QString math;         // math family, e.g. "bf16"
    double peakFlops = 0; // FLOP/s (op/s for integer formats)
    QString source;

    bool operator==(const ComputeCeiling &other) const = default;
};

// One level of the memory hierarchy and its bandwidth.
struct MemoryLevel
{
    QString level;        // "main" or "l2"
    QString name;         // e.g. "HBM3"
    double bandwidth = 0; // byte/s
    double sizeBytes = 0; // capacity of a cache level; 0 when unknown or not a cache
    QString source;

    bool operator==(const MemoryLevel &other) const = default;
};

// Share of the datasheet peaks that real kernels reach: the "achievable" roofs.
struct AchievableFractions
{
    double compute = 0.75;
    double bandwidth = 0.85;
    QString source;

    bool operator==(const AchievableFractions &other) const = default;
};

// The scale-up link a tensor-parallel group talks over (docs/models.md, "Deployments").
struct Interconnect
{
    QString name;                     // e.g. "NVLink 4 via NVSwitch"
    double bandwidthPerDirection = 0; // byte/s one device sends while it receives as much
    double peerBandwidth = 0;         // byte/s to one peer on a full mesh; 0: a switch
    int domainSize = 0;               // devices one scale-up domain holds
    double latency = 0;               // seconds: the fixed cost of one collective
    // Share of the bandwidth a ring collective reaches (the "achievable" roofs): measured
    // bus bandwidth is about 80 % of the per-direction figure (docs/models.md).
    double achievable = 0.8;
    QString source;

    // The per-direction bandwidth a group of `devices` reaches: on a mesh each peer adds one
    // link, so a small group gets less than the whole device's figure.
    double groupBandwidth(int devices) const;
    // This link with its bandwidths scaled by `achievable`, for the achievable roofs.
    Interconnect atAchievableBandwidth() const;

    bool operator==(const Interconnect &other) const = default;
};

// An accelerator or CPU with its datasheet figures and their sources.
struct Device
{
    QString id;
    QString name;
    QString vendor;
    int year = 0;
    double capacityBytes = 0;
    QString source;
    QString notes;
    QList<MemoryLevel> memory;
    QList<ComputeCeiling> compute;
    AchievableFractions achievable;
    std::optional<Interconnect> interconnect; // none: the device runs alone (CPUs)

    // The ceiling for this unit and math family, if the device has one.
    const ComputeCeiling *ceiling(UnitKind unit, const QString &math) const;
    // The memory level with this key ("main", "l2"), if the device has one.
    const MemoryLevel *memoryLevel(const QString &level) const;

    bool operator==(const Device &other) const = default;
};

} // namespace rooflab
