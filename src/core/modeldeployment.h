#pragma once

#include "device.h"
#include "modelanalysis.h"
#include "modelspec.h"
#include "operatorcost.h"
#include "scenario.h"

#include <QStringList>

#include <optional>

namespace rooflab {

// The tensor and pipeline degrees a model analysis runs at.
struct ResolvedDeployment
{
    int tp = 1;
    int pp = 1;
    bool tpAuto = false;
    bool expertParallel = false; // asked for and the model has experts
};

// The t and p of `scenario.deployment` for `model` on `device` (`auto` resolved); nullopt
// with the reasons appended to `problems` when the deployment is not possible.
std::optional<ResolvedDeployment> resolveDeployment(const ModelSpec &model, const Device &device,
                                                    const Scenario &scenario,
                                                    const OperandSizes &sizes,
                                                    QStringList *problems);

// Fills `a.deployment` from the operators' times already in `a` and adds the communication
// to the totals: the step time becomes the latency through every stage, tokens per second
// the throughput of the slowest stage (docs/models.md, "Deployments").
void applyDeployment(ModelAnalysis &a, const ModelSpec &model, const Device &device,
                     const Scenario &scenario, const OperandSizes &sizes,
                     const ResolvedDeployment &resolved);

// What limits the communication (docs/models.md, "What limits the communication"): Latency
// when its alpha terms are more than half of it, else Interconnect.
Bound communicationBound(const ModelDeployment &deployment);

// The communication of the step as one chart point: the device's FLOPs per step against the
// bytes it sends, on an interconnect roof whose bandwidth is bytes / communication time
// (so the latency floors it). nullopt when nothing is communicated.
std::optional<ModelClassResult> communicationClass(const ModelAnalysis &a, const Device &device);

} // namespace rooflab
