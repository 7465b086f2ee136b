#include "modelspec.h"

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

double attentionParameters(const ModelSpec &m)
{
    const double qkv = m.hidden * m.qkvWidth() + (m.attentionBias ? m.qkvWidth() : 0.0);
    const double out = m.attentionWidth() * m.hidden;
    return qkv + out;
}

double embeddingParameters(const ModelSpec &m)
{
    return (m.tiedEmbeddings ? 1.0 : 2.0) * m.vocab * m.hidden;
}

} // namespace

double ModelSpec::layerParameters() const
{
    const double mlp = isMoe() ? experts * mlpParameters(*this) + hidden * experts // + router
                               : mlpParameters(*this);
    return attentionParameters(*this) + mlp + 2.0 * normParameters(*this);
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
    return parameterCount() - layers * idleExperts * mlpParameters(*this);
}

double ModelSpec::kvBytesPerToken(double kvBytesPerElement) const
{
    return 2.0 * layers * kvHeads * headDim * kvBytesPerElement;
}

} // namespace rooflab
