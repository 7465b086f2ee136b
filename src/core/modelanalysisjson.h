#pragma once

#include "modelanalysis.h"
#include "modelspec.h"

#include <QJsonObject>

namespace rooflab {

// A model analysis as the command line's JSON (docs/models.md): "operators", "classes",
// "totals" and "footprint", in SI base units.
QJsonObject modelAnalysisToJson(const ModelAnalysis &analysis);

// A model preset with its derived figures, for `rooflab list models --json`.
QJsonObject modelToJson(const ModelSpec &model);

} // namespace rooflab
