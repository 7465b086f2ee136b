#pragma once

#include "analysis.h"
#include "scenemodel.h"

namespace rooflab {

// The legend's notes that keep facts on the figure (issue 12): whether a model fits each of
// several devices (on the device's line), what B* means, whose ridge the shaded zones belong
// to, the points that run in another format than the scheme's (their badges, with the
// devices), and the points not drawn at all.
void addLegendNotes(SceneModel &model, const Analysis &analysis);

// The legend's own lines, brief for a figure short of room (docs/labels.md, "Where the
// legend goes"): the zones' note folded into its device's line, B* explained in a few
// words; without `markerKinds`, no line for the marker kinds either.
QList<SceneLegendEntry> briefLegendLines(const QList<SceneLegendEntry> &lines,
                                         bool markerKinds = true);

// Whether `roof`'s label, finding no room on its line, goes on the legend line of `device`:
// its own device's, or, for a label shared by devices with the same roof, each of theirs.
bool roofLabelGoesTo(const SceneModel &model, const SceneRoof &roof, int device);

} // namespace rooflab
