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
    double sharedExperts = 0; // experts every token runs besides its k routed ones
    double sharedFfn = 0;     // their inner width together: sharedExperts * F
    double denseLayers = 0;   // the first layers keep a dense MLP (the rest route experts)
    double denseFfn = 0;      // the inner width of those dense MLPs
    // Multi-head latent attention (docs/models.md, "Latent attention"); kvLoraRank 0: none.
    double qLoraRank = 0;       // width of the compressed query
    double kvLoraRank = 0;      // width of the compressed key-value latent that is cached
    double qkNopeHeadDim = 0;   // per-head query/key width without rotary position
    double qkRopeHeadDim = 0;   // per-head query width with rotary position; one key of it cached
    double vHeadDim = 0;        // per-head value width
    double contextLength = 0;   // longest context the model was trained for; 0: unknown
    double publishedParams = 0; // parameter count its publisher states

    // True when the MLP is a mixture of routed experts.
    bool isMoe() const { return experts > 0; }
    // True when attention is multi-head latent attention with a compressed cache.
    bool isMla() const { return kvLoraRank > 0; }
    // Layers that route experts: all of them but the first denseLayers; 0 for a dense model.
    double moeLayers() const { return isMoe() ? layers - denseLayers : 0.0; }
    // Elements one token caches per layer: 2 * H_kv * d, or kv_lora + rope with latent attention.
    double kvElementsPerLayerToken() const;
    // Widest output of the attention's projections (the QKV output, or with latent attention
    // the larger of the query up-projection and the key-value up-projection of prefill).
    double attentionIntermediateWidth() const;
    // Widest MLP intermediate one token keeps: 2F (or F) for a dense MLP; with experts the
    // larger of a dense layer's and the k routed plus the shared experts' up outputs.
    double mlpIntermediateWidth() const;
    // Parameters of the attention block of one layer (projections, their norms and biases).
    double attentionParameters() const;
    // Width of the fused Q, K and V projection output: (H + 2 * H_kv) * d.
    double qkvWidth() const { return (heads + 2.0 * kvHeads) * headDim; }
    // Width of the attention output before the output projection: H * d.
    double attentionWidth() const { return heads * headDim; }
    // Output width of the MLP's first projection: 2F when gated (up and gate), else F.
    double mlpUpWidth() const { return (gatedMlp ? 2.0 : 1.0) * ffn; }

    // Parameters of one decoder layer (attention, MLP or all experts and router, norms); with
    // dense and expert layers mixed, their average over the layers.
    double layerParameters() const;
    // All parameters: layers, the embedding table, the LM head unless tied, the final norm.
    double parameterCount() const;
    // Parameters one token runs through: only k of the E experts of each layer.
    double activeParameterCount() const;
    // KV-cache bytes one token adds across all layers: layers * kvElementsPerLayerToken() * b_kv.
    double kvBytesPerToken(double kvBytesPerElement) const;

    bool operator==(const ModelSpec &other) const = default;
};

} // namespace rooflab
