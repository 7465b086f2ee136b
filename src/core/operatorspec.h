#pragma once

#include "device.h"

#include <QList>
#include <QString>

#include <optional>

namespace rooflab {

// The operator kinds RoofLab has FLOP and byte formulas for (docs/presets.md).
enum class OperatorKind {
    Elementwise,
    Activation,
    LayerNorm,
    RmsNorm,
    Softmax,
    Gemm,
    Matmul,
    DecodeGemm,
    PrefillGemm,
    AttentionDecode,
    AttentionPrefill,
    Custom,
};

QString operatorKindName(OperatorKind kind);
std::optional<OperatorKind> operatorKindFromName(const QString &name);
const QList<OperatorKind> &allOperatorKinds();

// Kinds whose work and bytes follow the scenario's batch through a GEMM's token dimension,
// so that a ridge batch exists.
bool isBatchedGemm(OperatorKind kind);

// The unit an operator of this kind runs on unless told otherwise.
UnitKind defaultUnit(OperatorKind kind);

// One operator with its shape; batch, sequence and prompt length come from the scenario
// for the kinds that follow them. Unused shape fields stay 0.
struct OperatorSpec
{
    QString id;
    QString name;
    OperatorKind kind = OperatorKind::Custom;

    double elements = 0;        // N, fixed element count of vector operators
    double hidden = 0;          // when > 0: N = batch * hidden instead of `elements`
    double inputs = 1;          // k inputs of an elementwise operator
    double flopsPerElement = 1; // c of an elementwise operator
    QString function;           // activation: relu, silu, gelu
    double width = 0;           // norm row width (parameter count)
    double m = 0, n = 0, k = 0; // GEMM, matmul (n)
    double d = 0, f = 0;        // decode/prefill GEMM weight [d x f]
    double heads = 0, kvHeads = 0, headDim = 0; // attention
    // Attention whose query/key and value widths differ, or whose cache is one latent that
    // serves as key and value (docs/models.md, "Latent attention"): per-head query/key width,
    // value width and elements cached per KV head and token. 0: headDim, headDim and
    // 2 * headDim (separate K and V of the head width).
    double qkDim = 0, vDim = 0, cacheWidth = 0;
    // Decode/prefill GEMM as routed experts: `experts` (E) weight matrices [d x f], each
    // token sent to `expertsPerToken` (k) of them. 0: a dense GEMM (docs/models.md).
    double experts = 0, expertsPerToken = 0;
    double flops = 0, bytes = 0; // custom

    // Overrides of the scenario's precision scheme (format ids) and of the default unit.
    QString weights, act, kv, math;
    std::optional<UnitKind> unit;

    bool operator==(const OperatorSpec &other) const = default;
};

// FLOPs per element of an activation function, or nullopt for an unknown name.
std::optional<double> activationFlopsPerElement(const QString &function);

} // namespace rooflab
