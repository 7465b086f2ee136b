#include "modelworkload.h"

namespace rooflab {

namespace {

struct ClassName
{
    ModelOpClass opClass;
    const char *id;
    const char *name;
};

constexpr ClassName classNames[] = {
    {ModelOpClass::AttentionProjections, "attention-projections", "Attention projections"},
    {ModelOpClass::Attention, "attention", "Attention"},
    {ModelOpClass::Mlp, "mlp", "MLP projections"},
    {ModelOpClass::Norms, "norms", "Norms"},
    {ModelOpClass::Elementwise, "elementwise", "Elementwise"},
    {ModelOpClass::LmHead, "lm-head", "LM head"},
    {ModelOpClass::Communication, "communication", "Communication"},
};

// Builds one step's operators. Vector operators cover `tokensPerSequence` tokens of each of
// the B sequences: their `hidden` is tokensPerSequence x width, so N = B x that.
class StepBuilder
{
public:
    StepBuilder(const ModelSpec &model, Phase phase, double prompt)
        : m_model(model), m_phase(phase), m_tokensPerSequence(phase == Phase::Decode ? 1.0 : prompt)
    {
    }

    void add(OperatorSpec spec, ModelOpClass opClass, bool perLayer = true)
    {
        ModelOperator op;
        op.spec = std::move(spec);
        op.count = perLayer ? m_model.layers : 1.0;
        op.perLayer = perLayer;
        op.opClass = opClass;
        m_ops.append(op);
    }

    OperatorSpec gemm(const char *id, const QString &name, double d, double f) const
    {
        OperatorSpec op = base(id, name);
        op.kind = m_phase == Phase::Decode ? OperatorKind::DecodeGemm : OperatorKind::PrefillGemm;
        op.d = d;
        op.f = f;
        return op;
    }

    OperatorSpec vector(const char *id, const QString &name, OperatorKind kind, double width) const
    {
        OperatorSpec op = base(id, name);
        op.kind = kind;
        op.hidden = m_tokensPerSequence * width;
        return op;
    }

    OperatorSpec norm(const char *id, const QString &name) const
    {
        const bool layer = m_model.norm == QLatin1String("layernorm");
        OperatorSpec op = vector(id, name, layer ? OperatorKind::LayerNorm : OperatorKind::RmsNorm,
                                 m_model.hidden);
        op.width = m_model.hidden;
        return op;
    }

    OperatorSpec add2(const char *id, const QString &name, double width) const
    {
        OperatorSpec op = vector(id, name, OperatorKind::Elementwise, width);
        op.inputs = 2;
        return op;
    }

    QString normName() const
    {
        return m_model.norm == QLatin1String("layernorm") ? QStringLiteral("LayerNorm")
                                                          : QStringLiteral("RMSNorm");
    }

    QList<ModelOperator> take() { return std::move(m_ops); }

private:
    static OperatorSpec base(const char *id, const QString &name)
    {
        OperatorSpec op;
        op.id = QString::fromLatin1(id);
        op.name = name;
        return op;
    }

    const ModelSpec &m_model;
    Phase m_phase;
    double m_tokensPerSequence;
    QList<ModelOperator> m_ops;
};

void addAttention(StepBuilder &b, const ModelSpec &m, Phase phase)
{
    using C = ModelOpClass;
    b.add(b.norm("attn-norm", b.normName() + QStringLiteral(" before attention")), C::Norms);
    b.add(b.gemm("qkv-proj", QStringLiteral("QKV projection"), m.hidden, m.qkvWidth()),
          C::AttentionProjections);
    OperatorSpec attention;
    attention.id = QStringLiteral("attention");
    attention.kind =
        phase == Phase::Decode ? OperatorKind::AttentionDecode : OperatorKind::AttentionPrefill;
    attention.name = phase == Phase::Decode ? QStringLiteral("Attention over the KV cache")
                                            : QStringLiteral("Attention over the prompt (fused)");
    attention.heads = m.heads;
    attention.kvHeads = m.kvHeads;
    attention.headDim = m.headDim;
    b.add(attention, C::Attention);
    b.add(b.gemm("out-proj", QStringLiteral("Output projection"), m.attentionWidth(), m.hidden),
          C::AttentionProjections);
    b.add(b.add2("attn-residual", QStringLiteral("Residual add after attention"), m.hidden),
          C::Elementwise);
}

QString activationName(const QString &function)
{
    if (function == QLatin1String("silu"))
        return QStringLiteral("SiLU");
    if (function == QLatin1String("gelu"))
        return QStringLiteral("GELU");
    if (function == QLatin1String("relu"))
        return QStringLiteral("ReLU");
    return function;
}

void addActivation(StepBuilder &b, const ModelSpec &m, double width)
{
    OperatorSpec act =
        b.vector("mlp-act", activationName(m.activation), OperatorKind::Activation, width);
    act.function = m.activation;
    b.add(act, ModelOpClass::Elementwise);
    if (m.gatedMlp)
        b.add(b.add2("mlp-gate-mul", QStringLiteral("Gate multiply"), width),
              ModelOpClass::Elementwise);
}

void addDenseMlp(StepBuilder &b, const ModelSpec &m)
{
    const QString up = m.gatedMlp ? QStringLiteral("MLP up and gate projections")
                                  : QStringLiteral("MLP up projection");
    b.add(b.gemm("mlp-up", up, m.hidden, m.mlpUpWidth()), ModelOpClass::Mlp);
    addActivation(b, m, m.ffn);
    b.add(b.gemm("mlp-down", QStringLiteral("MLP down projection"), m.ffn, m.hidden),
          ModelOpClass::Mlp);
}

void addExpertMlp(StepBuilder &b, const ModelSpec &m)
{
    b.add(b.gemm("router", QStringLiteral("Expert router"), m.hidden, m.experts),
          ModelOpClass::Mlp);
    OperatorSpec up = b.gemm("expert-up",
                             m.gatedMlp ? QStringLiteral("Expert up and gate projections")
                                        : QStringLiteral("Expert up projection"),
                             m.hidden, m.mlpUpWidth());
    up.experts = m.experts;
    up.expertsPerToken = m.expertsPerToken;
    b.add(up, ModelOpClass::Mlp);
    addActivation(b, m, m.expertsPerToken * m.ffn);
    OperatorSpec down =
        b.gemm("expert-down", QStringLiteral("Expert down projection"), m.ffn, m.hidden);
    down.experts = m.experts;
    down.expertsPerToken = m.expertsPerToken;
    b.add(down, ModelOpClass::Mlp);
    // Each token's k expert outputs are scaled by their router weights and summed:
    // k inputs of width D, 2 FLOP (multiply, add) per input element, counted per output element.
    OperatorSpec combine = b.vector("expert-combine", QStringLiteral("Expert combine"),
                                    OperatorKind::Elementwise, m.hidden);
    combine.inputs = m.expertsPerToken;
    combine.flopsPerElement = 2.0 * m.expertsPerToken;
    b.add(combine, ModelOpClass::Elementwise);
}

} // namespace

QString modelOpClassId(ModelOpClass opClass)
{
    for (const ClassName &c : classNames) {
        if (c.opClass == opClass)
            return QString::fromLatin1(c.id);
    }
    return {};
}

QString modelOpClassName(ModelOpClass opClass)
{
    for (const ClassName &c : classNames) {
        if (c.opClass == opClass)
            return QString::fromLatin1(c.name);
    }
    return {};
}

std::optional<ModelOpClass> modelOpClassFromId(const QString &id)
{
    for (const ClassName &c : classNames) {
        if (id == QLatin1String(c.id))
            return c.opClass;
    }
    return std::nullopt;
}

const QList<ModelOpClass> &allModelOpClasses()
{
    static const QList<ModelOpClass> classes = [] {
        QList<ModelOpClass> list;
        for (const ClassName &c : classNames)
            list.append(c.opClass);
        return list;
    }();
    return classes;
}

QList<ModelOperator> modelStepOperators(const ModelSpec &m, Phase phase, double prompt)
{
    StepBuilder b(m, phase, prompt);
    addAttention(b, m, phase);
    b.add(b.norm("mlp-norm", b.normName() + QStringLiteral(" before the MLP")),
          ModelOpClass::Norms);
    if (m.isMoe())
        addExpertMlp(b, m);
    else
        addDenseMlp(b, m);
    b.add(b.add2("mlp-residual", QStringLiteral("Residual add after the MLP"), m.hidden),
          ModelOpClass::Elementwise);

    b.add(b.norm("final-norm", QStringLiteral("Final ") + b.normName()), ModelOpClass::Norms,
          false);
    // Only the last position of each sequence needs logits, in prefill as in decode: the LM
    // head multiplies B tokens by the [D x V] vocabulary matrix.
    OperatorSpec head;
    head.id = QStringLiteral("lm-head");
    head.name = QStringLiteral("LM head");
    head.kind = OperatorKind::DecodeGemm;
    head.d = m.hidden;
    head.f = m.vocab;
    b.add(head, ModelOpClass::LmHead, false);
    return b.take();
}

} // namespace rooflab
