#pragma once

#include "analysis.h"
#include "catalog.h"
#include "modelfootprint.h"
#include "modelworkload.h"
#include "scenario.h"

#include <QList>
#include <QString>
#include <QStringList>

#include <optional>

namespace rooflab {

// Choices of a model analysis that are not part of the scenario.
struct ModelOptions
{
    double launchOverhead = 0;          // seconds added per kernel run; 0: not modelled
    bool solveComputeBoundBatch = true; // re-evaluate to find the compute-bound batch
};

// One operator of the step: one run's roofline figures and its whole-step time.
struct ModelOperatorResult
{
    ModelOperator op;
    PointAnalysis point; // one run (per layer for a layer's operators)
    double stepTime = 0; // count x (point.time + launch overhead)
    double share = 0;    // stepTime / the step's time
};

// One operator class as one chart point: whole-step FLOPs, bytes and time of its members.
struct ModelClassResult
{
    ModelOpClass opClass = ModelOpClass::Elementwise;
    // Summed over members x counts: flops, bytes, tMath, tMem, time (without launch overhead);
    // intensity = flops / bytes; the roof (peak, bandwidth, ridge, math, unit) is that of the
    // member taking the most time. operatorId is the class id, operatorName its name.
    PointAnalysis point;
    double kernels = 0;  // kernel runs per step
    double stepTime = 0; // time with launch overhead
    double share = 0;    // stepTime / the step's time
};

// The whole step.
struct ModelTotals
{
    double params = 0;         // all parameters
    double activeParams = 0;   // parameters one token runs through (differs for experts)
    double flops = 0;          // per step
    OperandBytes bytes;        // per step, by operand
    double intensity = 0;      // flops / bytes
    double mathTime = 0;       // sum of count x tMath
    double memoryTime = 0;     // sum of count x tMem
    double kernels = 0;        // kernel runs per step
    double launchOverhead = 0; // per kernel, as asked
    double stepTime = 0;       // sum of count x max(tMath, tMem), plus kernels x overhead
    double tokensPerStep = 0;  // B in decode (one new token per sequence), B x T in prefill
    double tokensPerSecond = 0;
    std::optional<double> timePerOutputToken; // decode: the step time
    std::optional<double> timeToFirstToken;   // prefill: the step time (whole batch's prompts)
    // Smallest batch at which the step's math time reaches its memory time; empty when no
    // batch up to maxComputeBoundBatch does, or when not solved.
    std::optional<double> computeBoundBatch;
};

// Largest batch searched for the compute-bound batch.
inline constexpr double maxComputeBoundBatch = 1048576.0;

// Everything the views show for a model on one device (docs/models.md).
struct ModelAnalysis
{
    QString modelId;
    QString modelName;
    QString deviceId;
    QString deviceName;
    Phase phase = Phase::Decode;
    ShapeContext shape;
    PrecisionScheme scheme;
    RoofMode roof = RoofMode::Datasheet;
    DeviceRoofs roofs;                    // the device's roofs in the scenario's roof mode
    QList<ModelOperatorResult> operators; // in execution order
    QList<ModelClassResult> classes;      // classes with at least one operator
    ModelTotals totals;
    ModelFootprint footprint;
    QStringList problems; // what could not be evaluated; figures are partial when not empty
    QStringList warnings; // what was evaluated with a stated substitution (evaluate())

    bool ok() const { return problems.isEmpty(); }
};

// Analyses `scenario.model` in `scenario.phase` at the scenario's batch, context, prompt,
// scheme and roof mode on `deviceId`. Pure, like evaluate().
ModelAnalysis analyzeModel(const Catalog &catalog, const Scenario &scenario,
                           const QString &deviceId, const ModelOptions &options = {});

// One point of the step-time-versus-batch curve.
struct ModelSweepPoint
{
    double batch = 0;
    double stepTime = 0;
    double tokensPerSecond = 0;
    double footprintBytes = 0;
    bool fits = false;
};

// The step at each of `batches`, everything else as in `scenario`.
QList<ModelSweepPoint> modelBatchSweep(const Catalog &catalog, const Scenario &scenario,
                                       const QString &deviceId, const QList<double> &batches,
                                       const ModelOptions &options = {});

} // namespace rooflab
