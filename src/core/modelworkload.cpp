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

    // `layers`: how many decoder layers run it (0: all of them); ignored outside the layers.
    void add(OperatorSpec spec, ModelOpClass opClass, bool perLayer = true, double layers = 0)
    {
        ModelOperator op;
        op.spec = std::move(spec);
        op.count = perLayer ? (layers > 0 ? layers : m_model.layers) : 1.0;
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

    OperatorSpec norm(const char *id, const QString &name, double width = 0) const
    {
        const bool layer = m_model.norm == QLatin1String("layernorm");
        const double w = width > 0 ? width : m_model.hidden;
        OperatorSpec op =
            vector(id, name, layer ? OperatorKind::LayerNorm : OperatorKind::RmsNorm, w);
        op.width = w;
        return op;
    }

    // H separate [d x f] weight matrices, each run by every token: FLOPs, weights and
    // activations of H GEMMs, written as routed experts with every expert taken (E = k = H).
    OperatorSpec perHeadGemm(const char *id, const QString &name, double d, double f) const
    {
        OperatorSpec op = gemm(id, name, d, f);
        op.experts = m_model.heads;
        op.expertsPerToken = m_model.heads;
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

// Multi-head latent attention (docs/models.md, "Latent attention"). Decode runs the
// weight-absorbed form over the compressed cache; prefill expands keys and values per head.
void addLatentAttention(StepBuilder &b, const ModelSpec &m, Phase phase)
{
    using C = ModelOpClass;
    const double rope = m.qkRopeHeadDim;
    const double latent = m.kvLoraRank;
    b.add(b.norm("attn-norm", b.normName() + QStringLiteral(" before attention")), C::Norms);
    b.add(b.gemm("q-down", QStringLiteral("Query down-projection"), m.hidden, m.qLoraRank),
          C::AttentionProjections);
    b.add(b.norm("q-norm", b.normName() + QStringLiteral(" of the compressed query"), m.qLoraRank),
          C::Norms);
    b.add(b.gemm("q-up", QStringLiteral("Query up-projection"), m.qLoraRank,
                 m.heads * (m.qkNopeHeadDim + rope)),
          C::AttentionProjections);
    b.add(b.gemm("kv-down", QStringLiteral("KV down-projection (the latent)"), m.hidden,
                 latent + rope),
          C::AttentionProjections);
    b.add(b.norm("kv-norm", b.normName() + QStringLiteral(" of the latent"), latent), C::Norms);
    OperatorSpec attention;
    attention.id = QStringLiteral("attention");
    attention.heads = m.heads;
    if (phase == Phase::Decode) {
        b.add(b.perHeadGemm("q-absorb", QStringLiteral("Query to latent (absorbed K up)"),
                            m.qkNopeHeadDim, latent),
              C::AttentionProjections);
        attention.kind = OperatorKind::AttentionDecode;
        attention.name = QStringLiteral("Attention over the latent cache");
        attention.kvHeads = 1; // one latent serves every head
        attention.headDim = latent + rope;
        attention.qkDim = latent + rope;
        attention.vDim = latent;
        attention.cacheWidth = latent + rope;
        b.add(attention, C::Attention);
        b.add(b.perHeadGemm("v-absorb", QStringLiteral("Latent to values (absorbed V up)"), latent,
                            m.vHeadDim),
              C::AttentionProjections);
    } else {
        b.add(b.gemm("kv-up", QStringLiteral("KV up-projection"), latent,
                     m.heads * (m.qkNopeHeadDim + m.vHeadDim)),
              C::AttentionProjections);
        attention.kind = OperatorKind::AttentionPrefill;
        attention.name = QStringLiteral("Attention over the prompt (fused)");
        attention.kvHeads = m.heads;
        attention.headDim = m.qkNopeHeadDim + rope;
        attention.qkDim = m.qkNopeHeadDim + rope;
        attention.vDim = m.vHeadDim;
        b.add(attention, C::Attention);
    }
    b.add(b.gemm("out-proj", QStringLiteral("Output projection"), m.heads * m.vHeadDim, m.hidden),
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

// Ids of one MLP's operators: "mlp-up", ... or with a prefix ("dense-mlp-up", "shared-up").
struct MlpIds
{
    const char *up, *act, *gateMul, *down;
    QString label; // what the names start with
    double layers; // decoder layers that run it (0: all)
};

void addActivation(StepBuilder &b, const ModelSpec &m, double width, const MlpIds &ids)
{
    OperatorSpec act =
        b.vector(ids.act, activationName(m.activation), OperatorKind::Activation, width);
    act.function = m.activation;
    b.add(act, ModelOpClass::Elementwise, true, ids.layers);
    if (m.gatedMlp)
        b.add(b.add2(ids.gateMul, QStringLiteral("Gate multiply"), width),
              ModelOpClass::Elementwise, true, ids.layers);
}

void addDenseMlp(StepBuilder &b, const ModelSpec &m, double ffn, const MlpIds &ids)
{
    const QString up = ids.label + (m.gatedMlp ? QStringLiteral(" up and gate projections")
                                               : QStringLiteral(" up projection"));
    const double upWidth = (m.gatedMlp ? 2.0 : 1.0) * ffn;
    b.add(b.gemm(ids.up, up, m.hidden, upWidth), ModelOpClass::Mlp, true, ids.layers);
    addActivation(b, m, ffn, ids);
    b.add(b.gemm(ids.down, ids.label + QStringLiteral(" down projection"), ffn, m.hidden),
          ModelOpClass::Mlp, true, ids.layers);
}

void addExpertMlp(StepBuilder &b, const ModelSpec &m)
{
    const double n = m.moeLayers();
    const auto addHere = [&](OperatorSpec spec, ModelOpClass c) { b.add(spec, c, true, n); };
    addHere(b.gemm("router", QStringLiteral("Expert router"), m.hidden, m.experts),
            ModelOpClass::Mlp);
    OperatorSpec up = b.gemm("expert-up",
                             m.gatedMlp ? QStringLiteral("Expert up and gate projections")
                                        : QStringLiteral("Expert up projection"),
                             m.hidden, m.mlpUpWidth());
    up.experts = m.experts;
    up.expertsPerToken = m.expertsPerToken;
    addHere(up, ModelOpClass::Mlp);
    addActivation(b, m, m.expertsPerToken * m.ffn,
                  {.up = "",
                   .act = "mlp-act",
                   .gateMul = "mlp-gate-mul",
                   .down = "",
                   .label = QString(),
                   .layers = n});
    OperatorSpec down =
        b.gemm("expert-down", QStringLiteral("Expert down projection"), m.ffn, m.hidden);
    down.experts = m.experts;
    down.expertsPerToken = m.expertsPerToken;
    addHere(down, ModelOpClass::Mlp);
    if (m.sharedFfn > 0)
        addDenseMlp(b, m, m.sharedFfn,
                    {.up = "shared-up",
                     .act = "shared-act",
                     .gateMul = "shared-gate-mul",
                     .down = "shared-down",
                     .label = QStringLiteral("Shared"),
                     .layers = n});
    // Each token's k expert outputs are scaled by their router weights and summed:
    // k inputs of width D, 2 FLOP (multiply, add) per input element, counted per output element.
    // A shared expert's output joins the sum unscaled: one more input, 1 FLOP.
    OperatorSpec combine = b.vector("expert-combine", QStringLiteral("Expert combine"),
                                    OperatorKind::Elementwise, m.hidden);
    const double shared = m.sharedFfn > 0 ? 1.0 : 0.0;
    combine.inputs = m.expertsPerToken + shared;
    combine.flopsPerElement = 2.0 * m.expertsPerToken + shared;
    addHere(combine, ModelOpClass::Elementwise);
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
    if (m.isMla())
        addLatentAttention(b, m, phase);
    else
        addAttention(b, m, phase);
    b.add(b.norm("mlp-norm", b.normName() + QStringLiteral(" before the MLP")),
          ModelOpClass::Norms);
    const MlpIds dense{.up = "mlp-up",
                       .act = "mlp-act",
                       .gateMul = "mlp-gate-mul",
                       .down = "mlp-down",
                       .label = QStringLiteral("MLP"),
                       .layers = 0};
    if (m.isMoe()) {
        // The first layers of some expert models keep a dense MLP (DeepSeek-V3: 3 of 61).
        if (m.denseLayers > 0)
            addDenseMlp(b, m, m.denseFfn,
                        {.up = "dense-mlp-up",
                         .act = "dense-mlp-act",
                         .gateMul = "dense-mlp-gate-mul",
                         .down = "dense-mlp-down",
                         .label = QStringLiteral("Dense MLP"),
                         .layers = m.denseLayers});
        addExpertMlp(b, m);
    } else {
        addDenseMlp(b, m, m.ffn, dense);
    }
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
