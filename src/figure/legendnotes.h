#pragma once

#include "analysis.h"
#include "scenemodel.h"

namespace rooflab {

// The legend's notes that keep facts on the figure (issue 12): whether a model fits each of
// several devices (on the device's line), what B* means, whose ridge the shaded zones belong
// to, the points that run in another format than the scheme's (their badges, with the
// devices), and the points not drawn at all.
void addLegendNotes(SceneModel &model, const Analysis &analysis);

} // namespace rooflab
