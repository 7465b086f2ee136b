#include "modeldeployment.h"

#include <algorithm>
#include <cmath>

namespace rooflab {

namespace {

QString fieldLabel(DeploymentField field)
{
    return field == DeploymentField::Price ? QStringLiteral("price")
                                           : deploymentFieldName(field).toUpper();
}

void appendProblems(const QList<DeploymentProblem> &found, QStringList *problems)
{
    for (const DeploymentProblem &p : found)
        problems->append(fieldLabel(p.field) + QStringLiteral(": ") + p.reason);
}

// The operators' time of one decoder layer and of the parts outside the layers.
struct OperatorTimes
{
    double perLayer = 0;
    double outsideLayers = 0; // the final norm and the LM head
};

// The layers' time is averaged over them: with dense and expert layers mixed, a stage's
// share is taken as its number of layers (docs/models.md, "Pipeline parallelism").
OperatorTimes operatorTimes(const ModelAnalysis &a, double layers)
{
    OperatorTimes t;
    for (const ModelOperatorResult &r : a.operators) {
        if (r.op.perLayer)
            t.perLayer += layers > 0 ? r.stepTime / layers : 0.0;
        else
            t.outsideLayers += r.stepTime;
    }
    return t;
}

// All-reduces per step: one after attention in every layer, one after every MLP whose last
// projection is split by rows (all of them without expert parallelism; with it the dense
// layers' and, where there is one, the shared expert's), and one for the embedding.
double allReduceCount(const ModelSpec &m, bool expertParallel)
{
    if (!expertParallel || !m.isMoe())
        return 2.0 * m.layers + 1.0;
    const double afterMlp = m.denseLayers + (m.sharedFfn > 0 ? m.moeLayers() : 0.0);
    return m.layers + afterMlp + 1.0;
}

} // namespace

std::optional<ResolvedDeployment> resolveDeployment(const ModelSpec &model, const Device &device,
                                                    const Scenario &scenario,
                                                    const OperandSizes &sizes,
                                                    QStringList *problems)
{
    const Deployment &d = scenario.deployment;
    const QList<DeploymentProblem> values = deploymentValueProblems(d);
    if (!values.isEmpty()) {
        appendProblems(values, problems);
        return std::nullopt;
    }
    ResolvedDeployment r{.tp = d.tp,
                         .pp = d.pp,
                         .tpAuto = d.tpAuto,
                         .expertParallel = d.expertParallel && model.isMoe()};
    if (d.tpAuto) {
        QString why;
        const ShapeContext shape{scenario.batch, scenario.seq, scenario.prompt};
        const std::optional<int> tp =
            autoTensorParallel(model, device, scenario.phase, shape, sizes, d, &why);
        if (!tp) {
            problems->append(QStringLiteral("TP ") + why);
            return std::nullopt;
        }
        r.tp = *tp;
    }
    const QList<DeploymentProblem> found =
        deploymentProblems(model, device, r.tp, r.pp, d.expertParallel);
    if (!found.isEmpty()) {
        appendProblems(found, problems);
        return std::nullopt;
    }
    return r;
}

void applyDeployment(ModelAnalysis &a, const ModelSpec &model, const Device &device,
                     const Scenario &scenario, const OperandSizes &sizes,
                     const ResolvedDeployment &r)
{
    ModelDeployment &d = a.deployment;
    d.tp = r.tp;
    d.pp = r.pp;
    d.devices = r.tp * r.pp;
    d.tpAuto = r.tpAuto;
    d.headroom = scenario.deployment.headroom;
    d.usableBytes = usableBytes(device, d.headroom);
    d.perDevice = deviceFootprint(model, a.phase, a.shape, sizes, r.tp, r.pp);
    d.fits = d.perDevice.totalBytes <= d.usableBytes;
    d.maxBatchFits = maxBatchThatFits(model, a.phase, a.shape, sizes, r.tp, r.pp, d.usableBytes);
    d.pricePerDeviceHour = priceOnDevice(scenario.deployment, device.id);

    ModelTotals &t = a.totals;
    const OperatorTimes ops = operatorTimes(a, model.layers);
    d.expertParallel = r.expertParallel;
    d.computeTime = t.stepTime;

    // Collectives per step. The embedding lookup and every decoder layer act on all the
    // step's tokens; the LM head sees only the last position of each sequence (B tokens).
    const double tokens = t.tokensPerStep;
    const double t_ = r.tp;
    double allReduce = 0, allGather = 0, transfer = 0, allToAll = 0;
    // The achievable roofs take the share of beta a ring collective reaches.
    const std::optional<Interconnect> link =
        device.interconnect && scenario.roof == RoofMode::Achievable
            ? std::optional<Interconnect>(device.interconnect->atAchievableBandwidth())
            : device.interconnect;
    if (r.tp > 1 && link) {
        d.allReduces = allReduceCount(model, r.expertParallel);
        d.allReduceBytes = tokens * model.hidden * sizes.act;
        d.allGathers = 1;
        d.allGatherBytes = a.shape.batch * model.vocab * sizes.act;
        allReduce = allReduceTime(*link, r.tp, d.allReduceBytes);
        allGather = allGatherTime(*link, r.tp, d.allGatherBytes);
        d.bytesSent = d.allReduces * 2.0 * (t_ - 1.0) / t_ * d.allReduceBytes +
                      (t_ - 1.0) / t_ * d.allGatherBytes;
    }
    if (r.tp > 1 && link && r.expertParallel) {
        // Dispatch and combine in every expert layer: each device holds the step's tokens
        // and sends each token-expert pair whose expert lives elsewhere, (t-1)/t of them.
        d.allToAlls = 2.0 * model.moeLayers();
        d.allToAllBytes =
            tokens * model.expertsPerToken * model.hidden * sizes.act * (t_ - 1.0) / t_;
        allToAll = allToAllTime(*link, r.tp, d.allToAllBytes);
        d.allToAllTime = d.allToAlls * allToAll;
        d.bytesSent += d.allToAlls * d.allToAllBytes;
    }
    if (r.pp > 1 && link) {
        d.transfers = r.pp - 1.0;
        d.transferBytes = tokens * model.hidden * sizes.act;
        transfer = transferTime(*link, d.transferBytes);
        d.bytesSent += d.transferBytes; // one transfer leaves each stage but the last
    }
    d.commTime = d.allReduces * allReduce + d.allGathers * allGather + d.transfers * transfer +
                 d.allToAllTime;
    if (link && d.commTime > 0)
        d.commLatencyTime =
            link->latency * (d.allReduces + d.allGathers + d.transfers + d.allToAlls);
    // The layers' collectives, averaged over the layers like their operators; the
    // embedding's all-reduce is the first stage's.
    const double layerComm =
        d.allReduces > 0 ? ((d.allReduces - 1.0) * allReduce + d.allToAllTime) / model.layers : 0.0;

    // Stages: the layers split as evenly as whole layers allow (the first L mod p stages
    // take one more); the first stage also does the embedding's all-reduce, the last the
    // final norm, the LM head and the logits' all-gather, every other sends one transfer.
    const int layers = static_cast<int>(model.layers);
    const int base = layers / r.pp;
    const int extra = layers % r.pp;
    double latency = 0;
    for (int stage = 0; stage < r.pp; ++stage) {
        const double n = base + (stage < extra ? 1 : 0);
        double time = n * (ops.perLayer + layerComm);
        if (stage == 0)
            time += allReduce;
        if (stage == r.pp - 1)
            time += ops.outsideLayers + allGather;
        else
            time += transfer;
        latency += time;
        d.slowestStageTime = std::max(d.slowestStageTime, time);
    }

    t.stepTime = latency;
    t.tokensPerSecond = d.slowestStageTime > 0 ? t.tokensPerStep / d.slowestStageTime : 0.0;
    if (a.phase == Phase::Decode)
        t.timePerOutputToken = t.stepTime;
    else
        t.timeToFirstToken = t.stepTime;
    d.tokensPerSecondPerDevice = t.tokensPerSecond / d.devices;
    if (d.pricePerDeviceHour && t.tokensPerSecond > 0)
        d.costPerMillionTokens =
            *d.pricePerDeviceHour * d.devices / 3600.0 / t.tokensPerSecond * 1e6;
}

Bound communicationBound(const ModelDeployment &d)
{
    return d.commLatencyTime > 0.5 * d.commTime ? Bound::Latency : Bound::Interconnect;
}

std::optional<ModelClassResult> communicationClass(const ModelAnalysis &a, const Device &device)
{
    const ModelDeployment &d = a.deployment;
    if (d.commTime <= 0 || d.bytesSent <= 0 || !device.interconnect)
        return std::nullopt;
    ModelClassResult c;
    c.opClass = ModelOpClass::Communication;
    c.kernels = d.allReduces + d.allGathers + d.transfers + d.allToAlls;
    c.stepTime = d.commTime;
    c.share = a.totals.stepTime > 0 ? d.commTime / a.totals.stepTime : 0.0;
    PointAnalysis &p = c.point;
    // The compute roof stays that of the class taking the most time, so the point reads
    // against the same peak as the others.
    const ModelClassResult *dominant = nullptr;
    for (const ModelClassResult &other : a.classes) {
        if (!dominant || other.stepTime > dominant->stepTime)
            dominant = &other;
    }
    if (dominant)
        p = dominant->point;
    p.operatorId = modelOpClassId(ModelOpClass::Communication);
    p.operatorName = modelOpClassName(ModelOpClass::Communication);
    p.kind = OperatorKind::Custom;
    p.fellBack = false;
    p.flops = a.totals.flops;
    p.bytes = OperandBytes{};
    p.bytes.other = d.bytesSent;
    p.intensity = p.flops / d.bytesSent;
    p.bandwidth = d.bytesSent / d.commTime; // beta, floored by the latency
    p.ridge = p.peakFlops > 0 ? p.peakFlops / p.bandwidth : 0.0;
    p.attainableFlops = std::min(p.peakFlops, p.bandwidth * p.intensity);
    p.bound = communicationBound(d);
    const double bytesTime = d.commTime - d.commLatencyTime;
    p.communication = CommunicationCost{
        .link = device.interconnect->name,
        .count = c.kernels,
        .latency = device.interconnect->latency,
        .latencyTime = d.commLatencyTime,
        .bytes = d.bytesSent,
        .bytesTime = bytesTime,
        .linkBandwidth = bytesTime > 0 ? d.bytesSent / bytesTime : 0.0,
    };
    p.tMath = 0;
    p.tMem = d.commTime;
    p.time = d.commTime;
    p.pctOfPeak = p.peakFlops > 0 ? 100.0 * p.attainableFlops / p.peakFlops : 0.0;
    p.batchDependent = true;
    p.ridgeBatch.reset();
    p.note = QStringLiteral("%1: bytes each device sends per step against %2")
                 .arg(p.operatorName, device.interconnect->name);
    return c;
}

} // namespace rooflab
