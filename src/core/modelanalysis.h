#pragma once

#include "analysis.h"
#include "catalog.h"
#include "deployment.h"
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
    // Sum of count x max(tMath, tMem), plus kernels x overhead, plus the deployment's
    // communication: the latency of one step through every stage.
    double stepTime = 0;
    double tokensPerStep = 0;   // B in decode (one new token per sequence), B x T in prefill
    double tokensPerSecond = 0; // tokensPerStep / the slowest stage (the step time at PP 1)
    std::optional<double> timePerOutputToken; // decode: the step time
    std::optional<double> timeToFirstToken;   // prefill: the step time (whole batch's prompts)
    // Smallest batch at which the step's math time reaches its memory time; empty when no
    // batch up to maxComputeBoundBatch does, or when not solved.
    std::optional<double> computeBoundBatch;
};

// How the step is spread over devices, and what one device of the deployment holds and
// spends (docs/models.md, "Deployments"). With TP 1 and PP 1 there is no communication.
struct ModelDeployment
{
    int tp = 1;
    int pp = 1;
    int devices = 1;     // tp x pp
    bool tpAuto = false; // tp was picked by `auto`
    double headroom = 0.10;
    double usableBytes = 0; // capacity x (1 - headroom)
    DeviceFootprint perDevice;
    bool fits = false;           // perDevice.totalBytes <= usableBytes
    double maxBatchFits = 0;     // largest whole batch that fits at this context; 0: none
    double allReduces = 0;       // per step, over all stages: 2 per layer + 1 for the embedding
    double allReduceBytes = 0;   // M = tokens x D x b_act, each
    double allGathers = 0;       // of the logits: 1 per step
    double allGatherBytes = 0;   // B x V x b_act
    bool expertParallel = false; // MoE layers hold E/t whole experts per device
    double allToAlls = 0;        // with expert parallelism: dispatch and combine per MoE layer
    double allToAllBytes = 0;    // each device sends tokens x k x D x b_act x (t-1)/t, each
    double allToAllTime = 0;     // all of them, per step
    double transfers = 0;        // between pipeline stages: p - 1 per step
    double transferBytes = 0;    // M, each
    double bytesSent = 0;        // per device per step by the collectives and transfers
    double computeTime = 0;      // the operators, per device, summed over the stages
    double commTime = 0;         // collectives and transfers per step (no overlap)
    double commLatencyTime = 0;  // its alpha terms: one latency per collective and transfer
    double slowestStageTime = 0;
    double tokensPerSecondPerDevice = 0;
    std::optional<double> pricePerDeviceHour;
    std::optional<double> costPerMillionTokens; // USD; empty without a price
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
    ModelFootprint footprint; // the whole model on one device
    ModelDeployment deployment;
    QStringList problems; // what could not be evaluated; figures are partial when not empty
    QStringList warnings; // what was evaluated with a stated substitution (evaluate())

    bool ok() const { return problems.isEmpty(); }
};

// Analyses `scenario.model` in `scenario.phase` at the scenario's batch, context, prompt,
// scheme, roof mode and deployment on `deviceId`: the figures are those of one device of
// the deployment. A deployment that is not possible (or `auto` finding no TP that fits)
// is a problem. Pure, like evaluate().
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
