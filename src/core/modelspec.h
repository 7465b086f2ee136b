#pragma once

#include <QString>

namespace rooflab {

// A decoder-only transformer's shape, as a model preset gives it (docs/presets.md, "Models").
// Counts are doubles so that products of them never overflow an integer.
struct ModelSpec
{
    QString id;     // e.g. "llama-3.1-8b"
    QString name;   // display name
    QString vendor; // who published the weights
    int year = 0;
    QString source; // where the figures come from
    QString notes;

    double layers = 0;  // decoder layers
    double hidden = 0;  // D: model width
    double heads = 0;   // H: query heads
    double kvHeads = 0; // H_kv: key/value heads (grouped-query attention when < H)
    double headDim = 0; // d: width of one head
    double ffn = 0;     // F: MLP inner width (per expert for a mixture of experts)
    double vocab = 0;   // V: vocabulary size

    bool gatedMlp = true; // up and gate projections (SwiGLU) or a single up projection
    QString activation = QStringLiteral("silu"); // relu, silu or gelu
    QString norm = QStringLiteral("rmsnorm");    // rmsnorm or layernorm
    bool tiedEmbeddings = false;                 // the LM head reuses the input embedding table
    bool attentionBias = false;                  // Q, K and V projections carry biases
    double experts = 0;                          // E routed experts per layer; 0: a dense MLP
    double expertsPerToken = 0;                  // k experts each token runs
    double contextLength = 0;   // longest context the model was trained for; 0: unknown
    double publishedParams = 0; // parameter count its publisher states

    // True when the MLP is a mixture of routed experts.
    bool isMoe() const { return experts > 0; }
    // Width of the fused Q, K and V projection output: (H + 2 * H_kv) * d.
    double qkvWidth() const { return (heads + 2.0 * kvHeads) * headDim; }
    // Width of the attention output before the output projection: H * d.
    double attentionWidth() const { return heads * headDim; }
    // Output width of the MLP's first projection: 2F when gated (up and gate), else F.
    double mlpUpWidth() const { return (gatedMlp ? 2.0 : 1.0) * ffn; }

    // Parameters of one decoder layer (attention, MLP or all experts and router, norms).
    double layerParameters() const;
    // All parameters: layers, the embedding table, the LM head unless tied, the final norm.
    double parameterCount() const;
    // Parameters one token runs through: only k of the E experts of each layer.
    double activeParameterCount() const;
    // KV-cache bytes one token adds across all layers: 2 * layers * H_kv * d * b_kv.
    double kvBytesPerToken(double kvBytesPerElement) const;

    bool operator==(const ModelSpec &other) const = default;
};

} // namespace rooflab
