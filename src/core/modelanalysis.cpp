#include "modelanalysis.h"

#include "evaluate.h"
#include "modeldeployment.h"

#include <algorithm>
#include <cmath>

namespace rooflab {

namespace {

// The operators of the step as a one-device scenario evaluate() understands.
Scenario stepScenario(const Scenario &scenario, const QString &deviceId,
                      const QList<ModelOperator> &ops)
{
    Scenario step = scenario;
    step.devices = QStringList{deviceId};
    step.measured.clear(); // drawn by the chart, not part of the step
    step.operators.clear();
    step.operators.reserve(ops.size());
    for (const ModelOperator &op : ops)
        step.operators.append(op.spec);
    return step;
}

struct StepSums
{
    double mathTime = 0;
    double memoryTime = 0;
    double time = 0; // without launch overhead
    double kernels = 0;
};

StepSums sumStep(const Analysis &analysis, const QString &deviceId, const QList<ModelOperator> &ops)
{
    StepSums s;
    for (const ModelOperator &op : ops) {
        const PointAnalysis *p = analysis.point(deviceId, op.spec.id);
        if (!p)
            continue;
        s.mathTime += op.count * p->tMath;
        s.memoryTime += op.count * p->tMem;
        s.time += op.count * p->time;
        s.kernels += op.count;
    }
    return s;
}

StepSums evaluateAtBatch(const Catalog &catalog, const Scenario &scenario, const QString &deviceId,
                         const QList<ModelOperator> &ops, double batch)
{
    Scenario step = stepScenario(scenario, deviceId, ops);
    step.batch = batch;
    return sumStep(evaluate(catalog, step), deviceId, ops);
}

double tokensPerStep(Phase phase, const ShapeContext &shape)
{
    return phase == Phase::Decode ? shape.batch : shape.batch * shape.prompt;
}

// The batch where `gap` (negative below it, not above) changes sign: bracketed by doubling
// from batch 1, then bisected until the bracket is `relative` of its upper end or `steps`
// halvings are spent. Empty when no batch up to maxComputeBoundBatch gets there.
template <typename Gap> std::optional<double> signChange(const Gap &gap, double relative, int steps)
{
    double lo = 0, hi = 1;
    while (gap(hi) < 0) {
        lo = hi;
        hi *= 2;
        if (hi > maxComputeBoundBatch)
            return std::nullopt;
    }
    for (int i = 0; i < steps && hi - lo > relative * hi; ++i) {
        const double mid = 0.5 * (lo + hi);
        (gap(mid) < 0 ? lo : hi) = mid;
    }
    return hi;
}

// The class's FLOPs less `ridge` times its bytes at `batch`: negative left of the ridge.
double ridgeGap(const Catalog &catalog, const QList<ModelOperatorResult> &members,
                const ShapeContext &shape, double ridge, double batch)
{
    ShapeContext at = shape;
    at.batch = batch;
    double gap = 0;
    for (const ModelOperatorResult &r : members) {
        const Format *w = catalog.format(r.point.weights);
        const Format *act = catalog.format(r.point.act);
        const Format *kv = catalog.format(r.point.kv);
        if (!w || !act || !kv)
            return 0;
        const OperatorCost cost = operatorCost(
            r.op.spec, {w->bytesPerElement(), act->bytesPerElement(), kv->bytesPerElement()}, at);
        gap += r.op.count * (cost.flops - ridge * cost.bytes.total());
    }
    return gap;
}

// The batch at which the class point itself (the members' summed FLOPs over their summed
// bytes) reaches `ridge`: not a member's own, since members of different shapes reach it at
// different batches. Without routed experts every member's FLOPs and bytes are affine in the
// batch, so the gap is too and two samples give its root; experts are bisected.
std::optional<double> classRidgeBatch(const Catalog &catalog,
                                      const QList<ModelOperatorResult> &members,
                                      const ShapeContext &shape, double ridge)
{
    if (ridge <= 0)
        return std::nullopt;
    const auto gap = [&](double batch) { return ridgeGap(catalog, members, shape, ridge, batch); };
    const bool experts = std::any_of(members.cbegin(), members.cend(),
                                     [](const auto &r) { return r.op.spec.experts > 0; });
    if (!experts) {
        const double one = gap(1), two = gap(2);
        const double slope = two - one, atZero = one - slope;
        if (slope <= 0 || atZero >= 0)
            return std::nullopt;
        return -atZero / slope;
    }
    return signChange(gap, 1e-12, 200);
}

// The members of one class as one point with whole-step sums, on the roof of the member
// that takes the most time.
ModelClassResult classResult(const Catalog &catalog, const ShapeContext &shape,
                             ModelOpClass opClass, const QList<ModelOperatorResult> &members)
{
    ModelClassResult c;
    c.opClass = opClass;
    const ModelOperatorResult *dominant = &members.first();
    double flops = 0, tMath = 0, tMem = 0, time = 0;
    OperandBytes bytes;
    bool batchDependent = false;
    for (const ModelOperatorResult &r : members) {
        const double n = r.op.count;
        flops += n * r.point.flops;
        bytes.weights += n * r.point.bytes.weights;
        bytes.act += n * r.point.bytes.act;
        bytes.kv += n * r.point.bytes.kv;
        bytes.other += n * r.point.bytes.other;
        tMath += n * r.point.tMath;
        tMem += n * r.point.tMem;
        time += n * r.point.time;
        c.kernels += n;
        c.stepTime += r.stepTime;
        batchDependent = batchDependent || r.point.batchDependent;
        if (r.stepTime > dominant->stepTime)
            dominant = &r;
    }
    PointAnalysis &p = c.point;
    p = dominant->point;
    p.operatorId = modelOpClassId(opClass);
    p.operatorName = modelOpClassName(opClass);
    p.flops = flops;
    p.bytes = bytes;
    p.intensity = bytes.total() > 0 ? flops / bytes.total() : 0.0;
    p.attainableFlops = std::min(p.peakFlops, p.bandwidth * p.intensity);
    p.bound = classifyBound(p.intensity, p.ridge);
    p.tMath = tMath;
    p.tMem = tMem;
    p.time = time;
    p.pctOfPeak = 100.0 * p.attainableFlops / p.peakFlops;
    p.batchDependent = batchDependent;
    p.ridgeBatch =
        batchDependent ? classRidgeBatch(catalog, members, shape, p.ridge) : std::nullopt;
    return c;
}

void fillTotals(ModelAnalysis &a, const ModelSpec &model, const ModelOptions &options)
{
    ModelTotals &t = a.totals;
    t.params = model.parameterCount();
    t.activeParams = model.activeParameterCount();
    t.launchOverhead = options.launchOverhead;
    for (const ModelOperatorResult &r : std::as_const(a.operators)) {
        const double n = r.op.count;
        t.flops += n * r.point.flops;
        t.bytes.weights += n * r.point.bytes.weights;
        t.bytes.act += n * r.point.bytes.act;
        t.bytes.kv += n * r.point.bytes.kv;
        t.bytes.other += n * r.point.bytes.other;
        t.mathTime += n * r.point.tMath;
        t.memoryTime += n * r.point.tMem;
        t.kernels += n;
        t.stepTime += r.stepTime;
    }
    t.intensity = t.bytes.total() > 0 ? t.flops / t.bytes.total() : 0.0;
    t.tokensPerStep = tokensPerStep(a.phase, a.shape);
    t.tokensPerSecond = t.stepTime > 0 ? t.tokensPerStep / t.stepTime : 0.0;
    if (a.phase == Phase::Decode)
        t.timePerOutputToken = t.stepTime;
    else
        t.timeToFirstToken = t.stepTime;
}

void fillClasses(const Catalog &catalog, ModelAnalysis &a)
{
    // Reserved up front: the moves analyse dozens of steps per batch tick, and growing these
    // lists one element at a time was a tenth of each analysis.
    a.classes.reserve(allModelOpClasses().size() + 1); // + the communication class
    QList<ModelOperatorResult> members;
    members.reserve(a.operators.size());
    for (ModelOpClass opClass : allModelOpClasses()) {
        members.clear();
        for (const ModelOperatorResult &r : std::as_const(a.operators)) {
            if (r.op.opClass == opClass)
                members.append(r);
        }
        if (!members.isEmpty())
            a.classes.append(classResult(catalog, a.shape, opClass, members));
    }
    for (ModelOperatorResult &r : a.operators)
        r.share = a.totals.stepTime > 0 ? r.stepTime / a.totals.stepTime : 0.0;
    for (ModelClassResult &c : a.classes)
        c.share = a.totals.stepTime > 0 ? c.stepTime / a.totals.stepTime : 0.0;
}

// Bisects f(B) = math time - memory time between a batch where it is negative and one where
// it is not. f is linear in B for dense models and convex for experts (the weight bytes
// saturate), so after the first sign change there is exactly one root.
std::optional<double> solveComputeBound(const Catalog &catalog, const Scenario &scenario,
                                        const QString &deviceId, const QList<ModelOperator> &ops)
{
    const auto gap = [&](double batch) {
        const StepSums s = evaluateAtBatch(catalog, scenario, deviceId, ops, batch);
        return s.kernels > 0 ? s.mathTime - s.memoryTime : -1.0;
    };
    return signChange(gap, 1e-9, 100);
}

} // namespace

ModelAnalysis analyzeModel(const Catalog &catalog, const Scenario &scenario,
                           const QString &deviceId, const ModelOptions &options)
{
    ModelAnalysis a;
    a.modelId = scenario.model;
    a.deviceId = deviceId;
    a.phase = scenario.phase;
    a.shape = ShapeContext{scenario.batch, scenario.seq, scenario.prompt};
    a.scheme = scenario.scheme;
    a.roof = scenario.roof;
    const ModelSpec *model = catalog.model(scenario.model);
    const Device *device = catalog.device(deviceId);
    if (!model)
        a.problems.append(QStringLiteral("unknown model \"%1\"").arg(scenario.model));
    if (!device)
        a.problems.append(QStringLiteral("unknown device \"%1\"").arg(deviceId));
    if (!model || !device)
        return a;
    a.modelName = model->name;
    a.deviceName = device->name;

    const Deployment &deployment = scenario.deployment;
    if (const auto footprint = modelFootprint(catalog, *model, a.phase, a.shape, a.scheme,
                                              device->capacityBytes, deployment.headroom))
        a.footprint = *footprint;
    const std::optional<OperandSizes> sizes = operandSizes(catalog, a.scheme);
    a.footprint.largestTp = largestTensorParallel(*model, *device);
    if (sizes && !a.footprint.fits)
        a.footprint.fittingTp =
            smallestFittingTp(*model, *device, a.phase, a.shape, *sizes, deployment.headroom);
    std::optional<ResolvedDeployment> resolved;
    if (sizes)
        resolved = resolveDeployment(*model, *device, scenario, *sizes, &a.problems);
    if (!resolved) // unknown formats are reported by evaluate() below
        resolved = ResolvedDeployment{};
    if (!a.problems.isEmpty())
        return a;

    const QList<ModelOperator> ops = modelStepOperators(
        shardedModel(*model, resolved->tp, resolved->expertParallel), a.phase, a.shape.prompt);
    const Analysis analysis = evaluate(catalog, stepScenario(scenario, deviceId, ops));
    a.problems.append(analysis.problems);
    a.warnings.append(analysis.warnings);
    if (!analysis.devices.isEmpty())
        a.roofs = analysis.devices.first();
    a.operators.reserve(ops.size());
    for (const ModelOperator &op : ops) {
        if (const PointAnalysis *p = analysis.point(deviceId, op.spec.id))
            a.operators.append({op, *p, op.count * (p->time + options.launchOverhead), 0.0});
    }
    fillTotals(a, *model, options);
    if (sizes)
        applyDeployment(a, *model, *device, scenario, *sizes, *resolved);
    fillClasses(catalog, a);
    if (const std::optional<ModelClassResult> comm = communicationClass(a, *device)) {
        a.classes.append(*comm);
        // The interconnect as a roof of its own, at the bandwidth the step reaches on it.
        a.roofs.memory.append(
            MemoryRoof{.level = QStringLiteral("interconnect"),
                       .name = device->interconnect->name,
                       .bandwidth = comm->point.bandwidth,
                       .datasheetBandwidth = device->interconnect->groupBandwidth(resolved->tp),
                       .source = device->interconnect->source});
    }

    // The limits on every input keep these finite; should a sum still overflow, the step is
    // refused rather than shown as inf or NaN.
    for (const auto &[name, value] :
         {std::pair{"FLOPs", a.totals.flops}, std::pair{"bytes", a.totals.bytes.total()},
          std::pair{"step time", a.totals.stepTime}, std::pair{"footprint", a.footprint.totalBytes},
          std::pair{"devices needed", a.footprint.devicesNeeded}}) {
        if (!std::isfinite(value)) {
            a.problems.append(QStringLiteral("%1 on %2: the step's %3 are too large to compute")
                                  .arg(a.modelName, a.deviceName, QLatin1String(name)));
            break;
        }
    }
    if (options.solveComputeBoundBatch && a.ok())
        a.totals.computeBoundBatch = solveComputeBound(catalog, scenario, deviceId, ops);
    return a;
}

QList<ModelSweepPoint> modelBatchSweep(const Catalog &catalog, const Scenario &scenario,
                                       const QString &deviceId, const QList<double> &batches,
                                       const ModelOptions &options)
{
    QList<ModelSweepPoint> curve;
    const ModelSpec *model = catalog.model(scenario.model);
    const Device *device = catalog.device(deviceId);
    if (!model || !device)
        return curve;
    const Deployment &deployment = scenario.deployment;
    if (deployment.tpAuto || deployment.tp != 1 || deployment.pp != 1) {
        // Communication and stages: the whole analysis at each batch.
        ModelOptions quick = options;
        quick.solveComputeBoundBatch = false;
        for (double batch : batches) {
            Scenario at = scenario;
            at.batch = batch;
            const ModelAnalysis a = analyzeModel(catalog, at, deviceId, quick);
            curve.append(ModelSweepPoint{.batch = batch,
                                         .stepTime = a.totals.stepTime,
                                         .tokensPerSecond = a.totals.tokensPerSecond,
                                         .footprintBytes = a.deployment.perDevice.totalBytes,
                                         .fits = a.ok() && a.deployment.fits});
        }
        return curve;
    }
    const QList<ModelOperator> ops = modelStepOperators(*model, scenario.phase, scenario.prompt);
    for (double batch : batches) {
        ModelSweepPoint point;
        point.batch = batch;
        const StepSums s = evaluateAtBatch(catalog, scenario, deviceId, ops, batch);
        point.stepTime = s.time + s.kernels * options.launchOverhead;
        ShapeContext shape{batch, scenario.seq, scenario.prompt};
        point.tokensPerSecond =
            point.stepTime > 0 ? tokensPerStep(scenario.phase, shape) / point.stepTime : 0.0;
        if (const auto f = modelFootprint(catalog, *model, scenario.phase, shape, scenario.scheme,
                                          device->capacityBytes, deployment.headroom)) {
            point.footprintBytes = f->totalBytes;
            point.fits = f->fits;
        }
        curve.append(point);
    }
    return curve;
}

} // namespace rooflab
