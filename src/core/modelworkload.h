#pragma once

#include "modelspec.h"
#include "operatorspec.h"
#include "scenario.h"

#include <QList>
#include <QString>

#include <optional>

namespace rooflab {

// The groups a model step's operators are shown in: one chart point per class.
enum class ModelOpClass {
    AttentionProjections, // QKV and output projections (GEMMs: move with the batch)
    Attention,            // attention over the KV cache or the prompt
    Mlp,                  // MLP or expert projections and the router (GEMMs)
    Norms,                // RMSNorm / LayerNorm
    Elementwise,          // activation, gate multiply, residual adds, expert combine
    LmHead,               // the vocabulary projection
    Communication,        // all-reduces, the logits all-gather and pipeline transfers
};

// Stable id of a class, e.g. "attention-projections", for JSON and scenario files.
QString modelOpClassId(ModelOpClass opClass);
// Display name of a class, e.g. "Attention projections".
QString modelOpClassName(ModelOpClass opClass);
// The class with this id, if any.
std::optional<ModelOpClass> modelOpClassFromId(const QString &id);
// Every class, in the order the views list them.
const QList<ModelOpClass> &allModelOpClasses();

// One operator of a model step: its shape for one run, how often one step runs it, its class.
struct ModelOperator
{
    OperatorSpec spec;
    double count = 1;     // runs per step: the layer count for a layer's operators, else 1
    bool perLayer = true; // one of a decoder layer's operators (false: final norm, LM head)
    ModelOpClass opClass = ModelOpClass::Elementwise;

    bool operator==(const ModelOperator &other) const = default;
};

// The operators of one step of `model` in `phase` (docs/models.md), in execution order: one
// decoder layer's (count = layers), then the final norm and the LM head (count = 1). The
// batch B and context S follow the scenario; `prompt` (T) sizes prefill's vector operators
// over B*T tokens, so the list must be rebuilt when T changes.
QList<ModelOperator> modelStepOperators(const ModelSpec &model, Phase phase, double prompt);

} // namespace rooflab
