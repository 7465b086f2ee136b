#pragma once

#include "jsonreader.h"
#include "modelspec.h"

#include <QJsonObject>

#include <optional>

namespace rooflab {

// Reads one model preset ("schema": "rooflab-model", docs/presets.md); every problem goes to
// `reader` with its field and reason, and the model is returned only when there were none.
std::optional<ModelSpec> parseModel(const QJsonObject &root, JsonReader &reader);

// Writes a model in the preset's schema, the inverse of parseModel.
QJsonObject writeModel(const ModelSpec &model);

} // namespace rooflab
