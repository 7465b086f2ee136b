#pragma once

#include "device.h"
#include "modelspec.h"
#include "operatorcost.h"
#include "scenario.h"

#include <QList>
#include <QString>

#include <optional>

namespace rooflab {

// Which setting of a deployment a problem is about: the command line names its flag, a
// scenario file its field.
enum class DeploymentField { Tp, Pp, Headroom, Price, Ep };

struct DeploymentProblem
{
    DeploymentField field = DeploymentField::Tp;
    QString reason;

    bool operator==(const DeploymentProblem &other) const = default;
};

// The field's name in scenario files ("tp", "pp", "headroom", "price_per_device_hour", "ep").
QString deploymentFieldName(DeploymentField field);

// Problems of the numbers alone: t and p at least 1, headroom in [0, maxHeadroom], prices
// that are not negative (one of `prices` named by its device id).
QList<DeploymentProblem> deploymentValueProblems(const Deployment &deployment);

// The price per device-hour on `deviceId`: its own entry of `prices`, else the one for every
// device; empty when neither is given.
std::optional<double> priceOnDevice(const Deployment &deployment, const QString &deviceId);

// Problems of serving `model` with t-way tensor and p-way pipeline parallelism on `device`:
// t must divide the query heads, and the KV heads or be a multiple of them; p at most the
// layers; t x p within the device's scale-up domain (1 without an interconnect); with
// expert parallelism, t must divide the routed experts.
QList<DeploymentProblem> deploymentProblems(const ModelSpec &model, const Device &device, int tp,
                                            int pp, bool expertParallel = false);

// What one device of a t-way tensor-parallel group holds and runs: heads, KV heads (at least
// one: replicated when t exceeds them), MLP or expert width and vocabulary divided by t;
// the hidden width, norms and router whole (docs/models.md, "Deployments"). With expert
// parallelism the routed experts stay whole and E and k are divided by t instead.
ModelSpec shardedModel(const ModelSpec &model, int tp, bool expertParallel = false);

// Ring all-reduce of `bytes` over `devices`: alpha + 2(t-1)/t * bytes / beta; 0 for one device.
double allReduceTime(const Interconnect &link, int devices, double bytes);
// Ring all-gather of `bytes` (the gathered whole): alpha + (t-1)/t * bytes / beta.
double allGatherTime(const Interconnect &link, int devices, double bytes);
// All-to-all in which each device sends `bytes` (already its (t-1)/t share for the others):
// alpha + bytes / beta.
double allToAllTime(const Interconnect &link, int devices, double bytes);
// One point-to-point transfer between pipeline stages: alpha + bytes / beta of one peer.
double transferTime(const Interconnect &link, double bytes);

// Memory one device of the deployment needs (docs/models.md, "Deployments").
struct DeviceFootprint
{
    double weightBytes = 0;     // its share of the layers of the heaviest stage, its tables
    double kvCacheBytes = 0;    // its KV heads of its stage's layers, p micro-batches of B
    double activationBytes = 0; // one layer's live tensors and the gathered logits
    double totalBytes = 0;
};

// The footprint per device of `model` at t, p with the operand sizes of a scheme.
DeviceFootprint deviceFootprint(const ModelSpec &model, Phase phase, const ShapeContext &shape,
                                const OperandSizes &sizes, int tp, int pp);

// Bytes one device may fill: its capacity less the headroom kept free.
double usableBytes(const Device &device, double headroom);

// The largest tensor-parallel degree `model` could run at on `device`: its scale-up domain
// (1 without an interconnect), at most the query heads, which a degree divides.
int largestTensorParallel(const ModelSpec &model, const Device &device);

// The smallest tensor-parallel degree (pipeline 1) at which `model` fits on `device` with
// `headroom` kept free, among the degrees it can run (no deploymentProblems(): within the
// scale-up domain, dividing the heads, KV heads replicated past H_kv, so the cache stops
// shrinking there). 0 when none fits (docs/models.md, "How many devices").
int smallestFittingTp(const ModelSpec &model, const Device &device, Phase phase,
                      const ShapeContext &shape, const OperandSizes &sizes, double headroom);

// The largest whole batch whose footprint per device fits `usable` at this context (the
// footprint grows linearly with the batch); 0 when not even one sequence fits.
double maxBatchThatFits(const ModelSpec &model, Phase phase, const ShapeContext &shape,
                        const OperandSizes &sizes, int tp, int pp, double usable);

// The tensor-parallel degree `auto` picks: the smallest power of two t with t x p within the
// domain and no deployment problem at which the model fits with headroom. nullopt with a
// reason in `why` when none does.
std::optional<int> autoTensorParallel(const ModelSpec &model, const Device &device, Phase phase,
                                      const ShapeContext &shape, const OperandSizes &sizes,
                                      const Deployment &deployment, QString *why);

} // namespace rooflab
