#pragma once

#include "analysis.h"
#include "scenemodel.h"

namespace rooflab {

// One B* mark per drawn roof that decode GEMMs (or the selected point) reach at a whole
// batch: its text says the selected GEMM's ridge batch, else the lowest and highest of the
// device's decode GEMMs on that roof (docs/labels.md).
void addBatchMarks(SceneModel &model, const Analysis &analysis);

// What a device's legend line says of its decode GEMMs' ridge batches ("B*=308–317"), over
// every roof and whichever point is selected, so that the line keeps its width while the
// selection moves; empty when no decode GEMM of the device reaches its ridge. `*range`: the
// text spans several batches.
QString deviceBatchText(const SceneModel &model, int device, bool *range = nullptr);

} // namespace rooflab
