#pragma once

#include "measuredkernel.h"
#include "operatorspec.h"

#include <QMap>
#include <QString>
#include <QStringList>

#include <optional>

namespace rooflab {

// Which roofs the analysis measures against.
enum class RoofMode { Datasheet, Achievable };

QString roofModeName(RoofMode mode);
std::optional<RoofMode> roofModeFromName(const QString &name);

// Which step of LLM inference a model scenario describes.
enum class Phase { Decode, Prefill };

QString phaseName(Phase phase);
std::optional<Phase> phaseFromName(const QString &name);

// The formats of a precision scheme; an empty math format means "implied by the operands".
struct PrecisionScheme
{
    QString weights = QStringLiteral("bf16");
    QString act = QStringLiteral("bf16");
    QString kv = QStringLiteral("bf16");
    QString math; // empty: the wider of the operand formats

    bool operator==(const PrecisionScheme &other) const = default;
};

// How a model is served: tensor-parallel degree t, pipeline degree p (t x p devices), the
// memory kept free on every device and an optional price (docs/models.md, "Deployments").
struct Deployment
{
    int tp = 1;             // tensor-parallel degree t; ignored when tpAuto
    bool tpAuto = false;    // the smallest power of two t that fits with headroom
    int pp = 1;             // pipeline stages p
    double headroom = 0.10; // share of each device's memory kept free, in [0, 0.9]
    std::optional<double> pricePerDeviceHour; // USD; none ships: the user enters it
    QMap<QString, double> prices; // USD per device-hour by device id; before pricePerDeviceHour
    bool expertParallel = false;  // MoE layers spread whole experts over the t devices

    bool operator==(const Deployment &other) const = default;
};

// Largest headroom a deployment may keep free.
inline constexpr double maxHeadroom = 0.9;

// Everything the user chose: a plain value the window and the command line both edit.
struct Scenario
{
    QStringList devices;
    PrecisionScheme scheme;
    double batch = 1;
    double seq = 4096;
    double prompt = 512;
    RoofMode roof = RoofMode::Datasheet;
    QString memoryLevel = QStringLiteral("main");
    QList<OperatorSpec> operators;
    QString model;               // a model preset id; empty when only `operators` are shown
    Phase phase = Phase::Decode; // for a model: which step
    Deployment deployment;       // for a model: how it is spread over devices
    // Kernels a profiler measured, drawn where they ran (docs/measured-data.md, "On the
    // chart"); kept in the scenario so that it opens elsewhere with them.
    QList<MeasuredKernel> measured;

    bool operator==(const Scenario &other) const = default;
};

} // namespace rooflab
