#include "modelparser.h"

#include "operatorspec.h"
#include "presetparser.h"

#include <algorithm>
#include <cmath>
#include <iterator>

namespace rooflab {

namespace {

constexpr double billion = 1e9;

struct ShapeKey
{
    const char *key;
    double ModelSpec::*member;
};

constexpr ShapeKey shapeKeys[] = {
    {"layers", &ModelSpec::layers},    {"hidden", &ModelSpec::hidden},
    {"heads", &ModelSpec::heads},      {"kv_heads", &ModelSpec::kvHeads},
    {"head_dim", &ModelSpec::headDim}, {"ffn", &ModelSpec::ffn},
    {"vocab", &ModelSpec::vocab},
};

QString key(const char *name)
{
    return QString::fromLatin1(name);
}

bool requiredBool(const QJsonObject &root, const char *name, JsonReader &reader)
{
    if (!root.contains(key(name))) {
        reader.fail(key(name), QStringLiteral("missing (true or false)"));
        return false;
    }
    return reader.optionalBool(root, key(name), QString()).value_or(false);
}

void readShape(const QJsonObject &root, JsonReader &reader, ModelSpec &m)
{
    for (const ShapeKey &s : shapeKeys) {
        const NumberLimits &limits =
            s.member == &ModelSpec::layers ? modelLayerLimits : modelWidthLimits;
        if (const auto value = reader.requiredNumber(root, key(s.key), QString(),
                                                     NumberRule::WholePositive, limits))
            m.*s.member = *value;
    }
    if (m.heads > 0 && m.kvHeads > 0) {
        if (const QString problem = kvHeadsProblem(m.heads, m.kvHeads); !problem.isEmpty())
            reader.fail(key("kv_heads"), problem);
    }
}

void readMlp(const QJsonObject &root, JsonReader &reader, ModelSpec &m)
{
    m.gatedMlp = requiredBool(root, "gated_mlp", reader);
    m.tiedEmbeddings = requiredBool(root, "tied_embeddings", reader);
    m.attentionBias = reader.optionalBool(root, key("attention_bias"), QString()).value_or(false);
    m.activation = reader.optionalString(root, key("activation"), QString(), m.activation);
    if (!activationFlopsPerElement(m.activation))
        reader.fail(key("activation"),
                    QStringLiteral("must be relu, silu or gelu, found \"%1\"").arg(m.activation));
    m.norm = reader.optionalString(root, key("norm"), QString(), m.norm);
    if (m.norm != QLatin1String("rmsnorm") && m.norm != QLatin1String("layernorm"))
        reader.fail(key("norm"),
                    QStringLiteral("must be rmsnorm or layernorm, found \"%1\"").arg(m.norm));

    const auto experts = reader.optionalNumber(root, key("experts"), QString(),
                                               NumberRule::WholePositive, modelWidthLimits);
    const auto perToken = reader.optionalNumber(root, key("experts_per_token"), QString(),
                                                NumberRule::WholePositive, modelWidthLimits);
    if (experts.has_value() != perToken.has_value()) {
        reader.fail(experts ? key("experts_per_token") : key("experts"),
                    QStringLiteral("experts and experts_per_token go together"));
    } else if (experts) {
        if (*experts < 2)
            reader.fail(key("experts"),
                        QStringLiteral("must be at least 2 (leave both out for a dense MLP)"));
        else if (*perToken > *experts)
            reader.fail(key("experts_per_token"),
                        QStringLiteral("must not exceed experts (%1), found %2")
                            .arg(*experts)
                            .arg(*perToken));
        m.experts = *experts;
        m.expertsPerToken = *perToken;
    }
}

// Shared experts and leading dense layers of a mixture of experts (docs/presets.md).
void readExpertLayout(const QJsonObject &root, JsonReader &reader, ModelSpec &m)
{
    const auto shared = reader.optionalNumber(root, key("shared_experts"), QString(),
                                              NumberRule::WholePositive, modelWidthLimits);
    const auto dense = reader.optionalNumber(root, key("dense_layers"), QString(),
                                             NumberRule::WholePositive, modelLayerLimits);
    const auto denseFfn = reader.optionalNumber(root, key("dense_ffn"), QString(),
                                                NumberRule::WholePositive, modelWidthLimits);
    for (const char *name : {"shared_experts", "dense_layers"}) {
        if (root.contains(key(name)) && !m.isMoe())
            reader.fail(key(name), QStringLiteral("needs experts and experts_per_token"));
    }
    if (dense.has_value() != denseFfn.has_value())
        reader.fail(dense ? key("dense_ffn") : key("dense_layers"),
                    QStringLiteral("dense_layers and dense_ffn go together"));
    if (dense && m.layers > 0 && *dense >= m.layers)
        reader.fail(
            key("dense_layers"),
            QStringLiteral("must be fewer than the %1 layers, found %2").arg(m.layers).arg(*dense));
    if (!m.isMoe())
        return;
    m.sharedExperts = shared.value_or(0);
    m.sharedFfn = m.sharedExperts * m.ffn;
    m.denseLayers = dense.value_or(0);
    m.denseFfn = denseFfn.value_or(0);
}

struct LatentKey
{
    const char *key;
    double ModelSpec::*member;
};

constexpr LatentKey latentKeys[] = {
    {"q_lora_rank", &ModelSpec::qLoraRank},
    {"kv_lora_rank", &ModelSpec::kvLoraRank},
    {"qk_nope_head_dim", &ModelSpec::qkNopeHeadDim},
    {"qk_rope_head_dim", &ModelSpec::qkRopeHeadDim},
    {"v_head_dim", &ModelSpec::vHeadDim},
};

// The optional `mla` object: multi-head latent attention, every field required in it.
void readLatentAttention(const QJsonObject &root, JsonReader &reader, ModelSpec &m)
{
    const std::optional<QJsonObject> mla = reader.optionalObject(root, key("mla"), QString());
    if (!mla)
        return;
    for (auto it = mla->constBegin(); it != mla->constEnd(); ++it) {
        const bool known = std::any_of(std::begin(latentKeys), std::end(latentKeys),
                                       [&](const LatentKey &k) { return it.key() == key(k.key); });
        if (!known)
            reader.fail(JsonReader::join(key("mla"), it.key()), QStringLiteral("unknown field"));
    }
    for (const LatentKey &k : latentKeys) {
        if (const auto value = reader.requiredNumber(*mla, key(k.key), key("mla"),
                                                     NumberRule::WholePositive, modelWidthLimits))
            m.*k.member = *value;
    }
}

} // namespace

std::optional<ModelSpec> parseModel(const QJsonObject &root, JsonReader &reader)
{
    if (!reader.checkHeader(root, QStringLiteral("rooflab-model"), presetSchemaVersion))
        return std::nullopt;
    ModelSpec m;
    m.id = reader.requiredString(root, key("id"), QString());
    if (!m.id.isEmpty() && !isValidId(m.id))
        reader.fail(key("id"),
                    QStringLiteral("\"%1\" may hold only a-z, 0-9, '.', '_' and '-'").arg(m.id));
    m.name = reader.requiredName(root, key("name"), QString());
    m.vendor = reader.requiredName(root, key("vendor"), QString());
    m.year = static_cast<int>(
        reader.requiredNumber(root, key("year"), QString(), NumberRule::WholePositive, yearLimits)
            .value_or(0));
    m.source = reader.requiredString(root, key("source"), QString());
    m.notes = reader.optionalString(root, key("notes"), QString());
    readShape(root, reader, m);
    readMlp(root, reader, m);
    readExpertLayout(root, reader, m);
    readLatentAttention(root, reader, m);
    m.contextLength =
        reader.optionalNumber(root, key("context_length"), QString(), NumberRule::WholePositive)
            .value_or(0);
    m.publishedParams =
        reader.optionalNumber(root, key("published_params_b"), QString(), NumberRule::Positive)
            .value_or(0) *
        billion;
    if (!reader.ok())
        return std::nullopt;
    return m;
}

QJsonObject writeModel(const ModelSpec &m)
{
    QJsonObject obj{{key("schema"), QStringLiteral("rooflab-model")},
                    {key("version"), presetSchemaVersion},
                    {key("id"), m.id},
                    {key("name"), m.name},
                    {key("vendor"), m.vendor},
                    {key("year"), m.year},
                    {key("source"), m.source},
                    {key("gated_mlp"), m.gatedMlp},
                    {key("tied_embeddings"), m.tiedEmbeddings},
                    {key("attention_bias"), m.attentionBias},
                    {key("activation"), m.activation},
                    {key("norm"), m.norm}};
    for (const ShapeKey &s : shapeKeys)
        obj.insert(key(s.key), m.*s.member);
    if (!m.notes.isEmpty())
        obj.insert(key("notes"), m.notes);
    if (m.isMoe()) {
        obj.insert(key("experts"), m.experts);
        obj.insert(key("experts_per_token"), m.expertsPerToken);
        if (m.sharedExperts > 0)
            obj.insert(key("shared_experts"), m.sharedExperts);
        if (m.denseLayers > 0) {
            obj.insert(key("dense_layers"), m.denseLayers);
            obj.insert(key("dense_ffn"), m.denseFfn);
        }
    }
    if (m.isMla()) {
        QJsonObject mla;
        for (const LatentKey &k : latentKeys)
            mla.insert(key(k.key), m.*k.member);
        obj.insert(key("mla"), mla);
    }
    if (m.contextLength > 0)
        obj.insert(key("context_length"), m.contextLength);
    if (m.publishedParams > 0)
        obj.insert(key("published_params_b"), m.publishedParams / billion);
    return obj;
}

} // namespace rooflab
