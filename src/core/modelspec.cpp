#include "modelspec.h"

#include <algorithm>

namespace rooflab {

namespace {

// Parameters of one norm: a scale per channel, and a shift for LayerNorm.
double normParameters(const ModelSpec &m)
{
    return (m.norm == QLatin1String("layernorm") ? 2.0 : 1.0) * m.hidden;
}

// One MLP (or one expert): up (and gate) D x F, down F x D.
double mlpParameters(const ModelSpec &m)
{
    return m.hidden * m.mlpUpWidth() + m.ffn * m.hidden;
}

// One gated (or plain) MLP of inner width `ffn`.
double mlpParametersOf(const ModelSpec &m, double ffn)
{
    return m.hidden * (m.gatedMlp ? 2.0 : 1.0) * ffn + ffn * m.hidden;
}

// Latent attention: query down [D x q_lora] and its norm, query up [q_lora x H(nope + rope)],
// key-value down [D x (kv_lora + rope)] and its norm, key-value up [kv_lora x H(nope + v)],
// output [H v x D]. The absorbed decode form reuses the key-value up weights: no more.
double latentAttentionParameters(const ModelSpec &m)
{
    const double qDown = m.hidden * m.qLoraRank + m.qLoraRank;
    const double qUp = m.qLoraRank * m.heads * (m.qkNopeHeadDim + m.qkRopeHeadDim);
    const double kvDown = m.hidden * (m.kvLoraRank + m.qkRopeHeadDim) + m.kvLoraRank;
    const double kvUp = m.kvLoraRank * m.heads * (m.qkNopeHeadDim + m.vHeadDim);
    const double out = m.heads * m.vHeadDim * m.hidden;
    return qDown + qUp + kvDown + kvUp + out;
}

double embeddingParameters(const ModelSpec &m)
{
    return (m.tiedEmbeddings ? 1.0 : 2.0) * m.vocab * m.hidden;
}

} // namespace

double ModelSpec::attentionParameters() const
{
    if (isMla())
        return latentAttentionParameters(*this);
    const double qkv = hidden * qkvWidth() + (attentionBias ? qkvWidth() : 0.0);
    return qkv + attentionWidth() * hidden;
}

double ModelSpec::layerParameters() const
{
    if (!isMoe())
        return attentionParameters() + mlpParameters(*this) + 2.0 * normParameters(*this);
    // Routed experts, their router and the shared experts in the expert layers; a dense MLP
    // of width denseFfn in the first denseLayers.
    const double expertMlp =
        experts * mlpParameters(*this) + hidden * experts + mlpParametersOf(*this, sharedFfn);
    const double mlp =
        (moeLayers() * expertMlp + denseLayers * mlpParametersOf(*this, denseFfn)) / layers;
    return attentionParameters() + mlp + 2.0 * normParameters(*this);
}

double ModelSpec::parameterCount() const
{
    return layers * layerParameters() + embeddingParameters(*this) + normParameters(*this);
}

double ModelSpec::activeParameterCount() const
{
    if (!isMoe())
        return parameterCount();
    const double idleExperts = experts - expertsPerToken;
    return parameterCount() - moeLayers() * idleExperts * mlpParameters(*this);
}

double ModelSpec::kvElementsPerLayerToken() const
{
    return isMla() ? kvLoraRank + qkRopeHeadDim : 2.0 * kvHeads * headDim;
}

double ModelSpec::attentionIntermediateWidth() const
{
    if (!isMla())
        return qkvWidth();
    return std::max(heads * (qkNopeHeadDim + qkRopeHeadDim), heads * (qkNopeHeadDim + vHeadDim));
}

double ModelSpec::mlpIntermediateWidth() const
{
    if (!isMoe())
        return mlpUpWidth();
    const double gate = gatedMlp ? 2.0 : 1.0;
    const double expertLayer = expertsPerToken * mlpUpWidth() + gate * sharedFfn;
    return std::max(expertLayer, denseLayers > 0 ? gate * denseFfn : 0.0);
}

double ModelSpec::kvBytesPerToken(double kvBytesPerElement) const
{
    return layers * kvElementsPerLayerToken() * kvBytesPerElement;
}

} // namespace rooflab
