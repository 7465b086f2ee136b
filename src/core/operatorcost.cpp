#include "operatorcost.h"

#include <algorithm>
#include <cmath>

namespace rooflab {

namespace {

double vectorElements(const OperatorSpec &op, const ShapeContext &shape)
{
    return op.hidden > 0 ? shape.batch * op.hidden : op.elements;
}

// C[M x N] = A[M x K] (activations) * B[K x N] (weights), C in the activation format.
OperatorCost gemmCost(double m, double n, double k, const OperandSizes &sizes)
{
    OperatorCost cost;
    cost.flops = 2.0 * m * n * k;
    cost.bytes.weights = k * n * sizes.weights;
    cost.bytes.act = (m * k + m * n) * sizes.act;
    return cost;
}

// Routed experts: M tokens each multiply by k of E expert weights [K x N]. FLOPs and
// activation traffic follow the M*k token-expert pairs; weight traffic follows the distinct
// experts touched, each read once.
OperatorCost expertGemmCost(double tokens, const OperatorSpec &op, const OperandSizes &sizes)
{
    const double pairs = tokens * op.expertsPerToken;
    OperatorCost cost;
    cost.flops = 2.0 * pairs * op.f * op.d;
    cost.bytes.weights = expectedDistinctExperts(op.experts, op.expertsPerToken, tokens) * op.d *
                         op.f * sizes.weights;
    cost.bytes.act = pairs * (op.d + op.f) * sizes.act;
    return cost;
}

struct GemmDims
{
    double tokensPerBatch; // M = tokensPerBatch * B
    double n;
    double k;
};

std::optional<GemmDims> batchedGemmDims(const OperatorSpec &op, const ShapeContext &shape)
{
    switch (op.kind) {
    case OperatorKind::Gemm:
        return GemmDims{1.0, op.n, op.k};
    case OperatorKind::DecodeGemm:
        return GemmDims{1.0, op.f, op.d};
    case OperatorKind::PrefillGemm:
        return GemmDims{shape.prompt, op.f, op.d};
    default:
        return std::nullopt;
    }
}

// Routed experts reach the same intensity limit as a dense GEMM (perToken > 0 was checked),
// but the weight bytes grow with the experts touched, so the ridge batch has no closed form:
// the intensity rises with the batch, so bisect it.
std::optional<double> expertRidgeBatch(const OperatorSpec &op, const OperandSizes &sizes,
                                       const ShapeContext &shape, double ridge)
{
    const auto intensityAt = [&](double batch) {
        ShapeContext at = shape;
        at.batch = batch;
        return operatorCost(op, sizes, at).intensity();
    };
    double lo = 0, hi = 1;
    while (intensityAt(hi) < ridge) {
        lo = hi;
        hi *= 2;
        if (hi > 1e15)
            return std::nullopt;
    }
    for (int i = 0; i < 200 && hi - lo > 1e-12 * hi; ++i) {
        const double mid = 0.5 * (lo + hi);
        (intensityAt(mid) < ridge ? lo : hi) = mid;
    }
    return hi;
}

struct AttentionWidths
{
    double qk, v, cache;
};

// Per-head query/key and value widths and elements cached per KV head and token; with
// neither set, K and V of the head width each (docs/presets.md).
AttentionWidths attentionWidths(const OperatorSpec &op)
{
    const double qk = op.qkDim > 0 ? op.qkDim : op.headDim;
    const double v = op.vDim > 0 ? op.vDim : op.headDim;
    return {.qk = qk, .v = v, .cache = op.cacheWidth > 0 ? op.cacheWidth : qk + v};
}

} // namespace

OperatorCost operatorCost(const OperatorSpec &op, const OperandSizes &sizes,
                          const ShapeContext &shape)
{
    OperatorCost cost;
    const double b = shape.batch;
    switch (op.kind) {
    case OperatorKind::Elementwise: {
        const double n = vectorElements(op, shape);
        cost.flops = op.flopsPerElement * n;
        cost.bytes.act = (op.inputs + 1.0) * n * sizes.act;
        break;
    }
    case OperatorKind::Activation: {
        const double n = vectorElements(op, shape);
        cost.flops = activationFlopsPerElement(op.function).value_or(1.0) * n;
        cost.bytes.act = 2.0 * n * sizes.act;
        break;
    }
    case OperatorKind::LayerNorm:
    case OperatorKind::RmsNorm: {
        // LayerNorm: mean, variance, normalise, scale, shift ~ 7 FLOP/element; RMSNorm drops
        // the mean and the shift ~ 5. Parameters: gamma (and beta) of one row width.
        const bool layer = op.kind == OperatorKind::LayerNorm;
        const double n = vectorElements(op, shape);
        cost.flops = (layer ? 7.0 : 5.0) * n;
        cost.bytes.act = 2.0 * n * sizes.act + (layer ? 2.0 : 1.0) * op.width * sizes.act;
        break;
    }
    case OperatorKind::Softmax: {
        // max, subtract, exp, sum, divide ~ 5 FLOP/element.
        const double n = vectorElements(op, shape);
        cost.flops = 5.0 * n;
        cost.bytes.act = 2.0 * n * sizes.act;
        break;
    }
    case OperatorKind::Gemm:
        cost = gemmCost(op.m, op.n, op.k, sizes);
        break;
    case OperatorKind::Matmul:
        cost = gemmCost(op.n, op.n, op.n, sizes);
        break;
    case OperatorKind::DecodeGemm:
    case OperatorKind::PrefillGemm: {
        const double tokens = op.kind == OperatorKind::DecodeGemm ? b : b * shape.prompt;
        cost = op.experts > 0 ? expertGemmCost(tokens, op, sizes)
                              : gemmCost(tokens, op.f, op.d, sizes);
        break;
    }
    case OperatorKind::AttentionDecode: {
        // Per sequence: QK^T is 2*S*H*d_qk FLOPs and PV 2*S*H*d_v, softmax 5 per score; the
        // cache read once per KV head; the query read and the output written once per head.
        const AttentionWidths w = attentionWidths(op);
        const double s = shape.seq;
        cost.flops = b * (2.0 * s * op.heads * (w.qk + w.v) + 5.0 * s * op.heads);
        cost.bytes.kv = b * s * op.kvHeads * w.cache * sizes.kv;
        cost.bytes.act = b * op.heads * (w.qk + w.v) * sizes.act;
        break;
    }
    case OperatorKind::AttentionPrefill: {
        // Causal and fused: half of the 2*T^2*H*(d_qk + d_v) score and value FLOPs, softmax
        // on half of the T^2 scores; Q in and O out per query head, K and V in per KV head.
        const AttentionWidths w = attentionWidths(op);
        const double t = shape.prompt;
        cost.flops = b * (t * t * op.heads * (w.qk + w.v) + 2.5 * t * t * op.heads);
        cost.bytes.act = b * t * op.heads * (w.qk + w.v) * sizes.act;
        cost.bytes.kv = b * t * op.kvHeads * w.cache * sizes.kv;
        break;
    }
    case OperatorKind::Custom:
        cost.flops = op.flops;
        cost.bytes.other = op.bytes;
        break;
    }
    return cost;
}

double expectedDistinctExperts(double experts, double perToken, double tokens)
{
    if (experts <= 0 || perToken <= 0 || tokens <= 0)
        return 0.0;
    const double missed = std::pow(1.0 - std::min(perToken, experts) / experts, tokens);
    return experts * (1.0 - missed);
}

std::optional<double> ridgeBatch(const OperatorSpec &op, const OperandSizes &sizes,
                                 const ShapeContext &shape, double ridge)
{
    const std::optional<GemmDims> dims = batchedGemmDims(op, shape);
    if (!dims || dims->tokensPerBatch <= 0 || ridge <= 0)
        return std::nullopt;
    // 2*M*N*K = ridge * (K*N*b_w + M*(K+N)*b_a), solved for the token count M.
    const double perToken = 2.0 * dims->n * dims->k - ridge * (dims->k + dims->n) * sizes.act;
    if (perToken <= 0)
        return std::nullopt;
    if (op.experts > 0)
        return expertRidgeBatch(op, sizes, shape, ridge);
    const double tokens = ridge * dims->k * dims->n * sizes.weights / perToken;
    return tokens / dims->tokensPerBatch;
}

} // namespace rooflab
