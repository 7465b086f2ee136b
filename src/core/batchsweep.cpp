#include "batchsweep.h"

#include "evaluate.h"

#include <cmath>

namespace rooflab {

namespace {

const OperatorSpec *findOperator(const Scenario &scenario, const QString &operatorId)
{
    for (const OperatorSpec &op : scenario.operators) {
        if (op.id == operatorId)
            return &op;
    }
    return nullptr;
}

} // namespace

std::optional<double> tokensPerCall(const OperatorSpec &op, const Scenario &scenario)
{
    switch (op.kind) {
    case OperatorKind::DecodeGemm:
    case OperatorKind::AttentionDecode:
        return scenario.batch;
    case OperatorKind::PrefillGemm:
    case OperatorKind::AttentionPrefill:
        return scenario.batch * scenario.prompt;
    case OperatorKind::Elementwise:
    case OperatorKind::Activation:
    case OperatorKind::LayerNorm:
    case OperatorKind::RmsNorm:
    case OperatorKind::Softmax:
        if (op.hidden > 0)
            return scenario.batch;
        return std::nullopt;
    case OperatorKind::Gemm: // M is fixed by the operator, not by the batch
    case OperatorKind::Matmul:
    case OperatorKind::Custom:
        break;
    }
    return std::nullopt;
}

std::optional<PointAnalysis> evaluatePoint(const Catalog &catalog, const Scenario &scenario,
                                           const QString &deviceId, const QString &operatorId)
{
    const OperatorSpec *op = findOperator(scenario, operatorId);
    if (!op)
        return std::nullopt;
    // evaluate() treats every (device, operator) pair on its own, so evaluating the one pair
    // gives the same point as the whole scenario, for a fraction of the work.
    Scenario one = scenario;
    one.devices = {deviceId};
    one.operators = {*op};
    const Analysis analysis = evaluate(catalog, one);
    const PointAnalysis *p = analysis.point(deviceId, operatorId);
    if (!p)
        return std::nullopt;
    return *p;
}

QList<BatchSample> sweepBatch(const Catalog &catalog, const Scenario &scenario,
                              const QString &deviceId, const QString &operatorId,
                              const QList<double> &batches)
{
    QList<BatchSample> samples;
    const OperatorSpec *op = findOperator(scenario, operatorId);
    if (!op)
        return samples;
    Scenario changed = scenario;
    for (const double batch : batches) {
        if (!(batch > 0))
            continue;
        changed.batch = batch;
        const std::optional<PointAnalysis> p =
            evaluatePoint(catalog, changed, deviceId, operatorId);
        if (!p || p->time <= 0)
            continue;
        BatchSample s;
        s.batch = batch;
        s.time = p->time;
        if (const std::optional<double> tokens = tokensPerCall(*op, changed)) {
            s.tokens = *tokens;
            s.tokensPerSecond = *tokens / p->time;
        }
        s.flopsPerSecond = p->flops / p->time;
        s.intensity = p->intensity;
        s.bound = p->bound;
        samples.append(s);
    }
    return samples;
}

QList<double> logBatches(double lo, double hi, int perDecade)
{
    QList<double> batches;
    if (!(lo > 0) || !(hi >= lo) || !std::isfinite(hi) || perDecade < 1)
        return batches;
    const double decades = std::log10(hi / lo);
    // Steps are computed from lo each time, so rounding does not accumulate; the small slack
    // keeps an exact power of ten at the top from being lost to rounding.
    const int steps = static_cast<int>(std::floor(decades * perDecade + 1e-9));
    for (int i = 0; i <= steps; ++i)
        batches.append(lo * std::pow(10.0, static_cast<double>(i) / perDecade));
    if (batches.last() < hi * (1.0 - 1e-9))
        batches.append(hi);
    else
        batches.last() = hi;
    return batches;
}

} // namespace rooflab
