#pragma once

#include "device.h"
#include "operatorcost.h"
#include "scenario.h"

#include <QList>
#include <QString>
#include <QStringList>

#include <optional>

namespace rooflab {

// Where a point sits against its ridge.
// Latency and Interconnect are the limits of a deployment's communication point only
// (docs/models.md, "What limits the communication"); classifyBound() never returns them.
enum class Bound { Memory, Balanced, Compute, Latency, Interconnect };

QString boundName(Bound bound);

// Intensities within this factor of the ridge, either side, count as balanced
// (docs/roofline.md): there the two times differ by less than 25%.
inline constexpr double balancedBandFactor = 1.25;

Bound classifyBound(double intensity, double ridge);

// One compute roof of a device, at the roof mode in force.
struct ComputeRoof
{
    UnitKind unit = UnitKind::Matrix;
    QString math;
    double peakFlops = 0;      // in the scenario's roof mode
    double datasheetFlops = 0; // always the datasheet figure
    double ridge = 0;          // peakFlops / the analysed memory level's bandwidth
    bool usedByPoints = false; // some operator on screen answers to this roof
    QString source;
};

// One memory roof of a device, at the roof mode in force.
struct MemoryRoof
{
    QString level;
    QString name;
    double bandwidth = 0;
    double datasheetBandwidth = 0;
    QString source;
};

// The roofs of one device.
struct DeviceRoofs
{
    QString deviceId;
    QString deviceName;
    double capacityBytes = 0;
    QList<MemoryRoof> memory;
    QList<ComputeRoof> compute;
};

// The two parts of a deployment's communication time per step: one latency alpha per
// collective or transfer, and the bytes each device sends over the link's bandwidth beta.
struct CommunicationCost
{
    QString link;             // the interconnect's name
    double count = 0;         // collectives and transfers per step
    double latency = 0;       // alpha, s each
    double latencyTime = 0;   // count x alpha
    double bytes = 0;         // sent per device per step
    double bytesTime = 0;     // the bytes' share of the time: the sum of bytes / beta
    double linkBandwidth = 0; // bytes / bytesTime: beta as the bytes met it, byte/s
};

// A kernel a profiler measured, drawn where it ran: at its achieved FLOP/s (the point's
// attainableFlops) and its intensity at one memory level, not on a roof.
struct MeasuredPoint
{
    QString kernel;        // the whole name; the point's operatorName is its short form
    QString level;         // "dram", "l2", "l1"
    bool outermost = true; // the kernel's outermost level given: the one its label names
    int launches = 0;
    double timeShare = 0;            // of the time of the kernels measured on this device, 0..1
    int rank = 0;                    // by time on this device, 0 the slowest
    std::optional<double> roofFlops; // the lowest roof over every level: the one above it
    std::optional<double> pctOfRoof; // 100 x achieved / that roof
    QString boundLevel;              // the level of a memory bound; empty: compute
    QStringList warnings;            // plausibility (docs/measured-data.md)
};

// One operator on one device: where it sits and how long it takes.
struct PointAnalysis
{
    QString deviceId;
    QString operatorId;
    QString operatorName;
    OperatorKind kind = OperatorKind::Custom;
    QString weights, act, kv; // format ids in force
    QString math;             // math family of the roof it answers to
    UnitKind unit = UnitKind::Matrix;
    bool fellBack = false; // the requested unit/math had no ceiling; see `note`
    QString note;
    QString badge; // short, for the chart: "no FP4: runs BF16"; empty when the math is its own
    double flops = 0;
    OperandBytes bytes;
    double intensity = 0;
    double peakFlops = 0;
    double bandwidth = 0;
    double ridge = 0;
    double attainableFlops = 0;
    Bound bound = Bound::Memory;
    double tMath = 0;
    double tMem = 0;
    double time = 0;
    double pctOfPeak = 0;
    bool batchDependent = false;
    std::optional<double> ridgeBatch; // empty: no batch reaches the ridge, or not batched
    // For a model's operator class: its share of the step's time (0..1), which sizes its
    // marker. 0 for a single operator.
    double share = 0;
    // Set on a deployment's communication point only: what its time is made of.
    std::optional<CommunicationCost> communication;
    // Set on a measured kernel's point only.
    std::optional<MeasuredPoint> measured;
};

// Everything the views show, computed by evaluate().
struct Analysis
{
    RoofMode roof = RoofMode::Datasheet;
    QList<DeviceRoofs> devices;
    QList<PointAnalysis> points;
    QStringList problems; // what could not be evaluated, and why
    QStringList warnings; // what was evaluated with a stated substitution

    const PointAnalysis *point(const QString &deviceId, const QString &operatorId) const;
};

} // namespace rooflab
