#include "operatorspec.h"

namespace rooflab {

namespace {
struct KindName
{
    OperatorKind kind;
    const char *name;
};

constexpr KindName kindNames[] = {
    {OperatorKind::Elementwise, "elementwise"},
    {OperatorKind::Activation, "activation"},
    {OperatorKind::LayerNorm, "layernorm"},
    {OperatorKind::RmsNorm, "rmsnorm"},
    {OperatorKind::Softmax, "softmax"},
    {OperatorKind::Gemm, "gemm"},
    {OperatorKind::Matmul, "matmul"},
    {OperatorKind::DecodeGemm, "decode-gemm"},
    {OperatorKind::PrefillGemm, "prefill-gemm"},
    {OperatorKind::AttentionDecode, "attention-decode"},
    {OperatorKind::AttentionPrefill, "attention-prefill"},
    {OperatorKind::Custom, "custom"},
};
} // namespace

QString operatorKindName(OperatorKind kind)
{
    for (const KindName &k : kindNames) {
        if (k.kind == kind)
            return QString::fromLatin1(k.name);
    }
    return {};
}

std::optional<OperatorKind> operatorKindFromName(const QString &name)
{
    for (const KindName &k : kindNames) {
        if (name == QLatin1String(k.name))
            return k.kind;
    }
    return std::nullopt;
}

const QList<OperatorKind> &allOperatorKinds()
{
    static const QList<OperatorKind> kinds = [] {
        QList<OperatorKind> list;
        for (const KindName &k : kindNames)
            list.append(k.kind);
        return list;
    }();
    return kinds;
}

bool isBatchedGemm(OperatorKind kind)
{
    return kind == OperatorKind::Gemm || kind == OperatorKind::DecodeGemm ||
           kind == OperatorKind::PrefillGemm;
}

UnitKind defaultUnit(OperatorKind kind)
{
    switch (kind) {
    case OperatorKind::Elementwise:
    case OperatorKind::Activation:
    case OperatorKind::LayerNorm:
    case OperatorKind::RmsNorm:
    case OperatorKind::Softmax:
        return UnitKind::Vector;
    default:
        return UnitKind::Matrix;
    }
}

std::optional<double> activationFlopsPerElement(const QString &function)
{
    // RoofLab's stated counts: ReLU is one compare; SiLU x*sigmoid(x) is negate, exp, add,
    // divide; tanh-GELU is about eight operations. Exp counts as one FLOP.
    if (function == QLatin1String("relu"))
        return 1.0;
    if (function == QLatin1String("silu"))
        return 4.0;
    if (function == QLatin1String("gelu"))
        return 8.0;
    return std::nullopt;
}

} // namespace rooflab
