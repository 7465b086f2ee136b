#pragma once

#include "catalog.h"
#include "figuresheet.h"
#include "modelanalysis.h"

#include <QString>

// Text the window shows about a model step. Formatting only: every figure comes from the
// core's model analysis.
namespace rooflab::gui::modeltext {

// The fit in one plain sentence: "Fits: 15.2 GB of 80 GB." or "Does not fit: 171 GB of
// 80 GB; needs 4 devices (TP 4), or INT4 weights (… GB)."
QString fitSentence(const Catalog &catalog, const ModelAnalysis &model);

// Whether the model fits its deployment: every device of it, with the headroom kept free
// (one device: the footprint's verdict).
bool fits(const ModelAnalysis &model);

// Every device's fit verdict as a table (device, verdict, bytes needed and held): the chart
// title's verdict in full, wrapped in the model panel rather than cut. No rows: no device
// with a known capacity.
SheetBlock fitTable(const QList<ModelAnalysis> &models);

// The step's totals and footprint for the model panel.
QList<SheetBlock> totalsBlocks(const Catalog &catalog, const ModelAnalysis &model);

} // namespace rooflab::gui::modeltext
