#pragma once

// The candidates chooseLegendSlot() weighs (legendslot.cpp): a corner inside the plot, and
// margins beside and under it for a legend that says more or less (docs/labels.md, "Where
// the legend goes").

#include "axismapping.h"
#include "legendslot.h"
#include "scenemodel.h"

#include <QFont>
#include <QSize>

#include <optional>

namespace rooflab {

// How much the legend says in a margin, from most to least: every roof and slope label it
// may receive; the scene's own lines (compact); the same with device names that may break
// between words; brief notes (briefLegendLines()); brief without the marker kinds or the
// devices' B*; a key of short device names (keyLegendLines()), for a figure too small for
// all of those.
enum class LegendLevel { Full, Compact, BrokenNames, Brief, Minimal, Key };

// A legend's margin beside or under the plot and the plot it leaves, in pixels.
struct LegendMargin
{
    LegendSlot slot;
    double plotWidth = 0, plotHeight = 0;
    bool valid = false; // its lines fit the margin
};

// The margins beside (first) and under (second) the plot for `model`'s legend at `level`,
// drawn in `font`, in a figure of `size` whose plot with no margin is `map.rect`.
std::pair<LegendMargin, LegendMargin> legendMargins(const SceneModel &model, const AxisMapping &map,
                                                    const QSize &size, const QFont &font,
                                                    LegendLevel level);

// The corner of the plot that holds the legend in `font` clear of every place a point can
// take, while it covers at most a fifth of the plot; none when no corner does.
std::optional<LegendSlot> insideSlot(const SceneModel &model, const AxisMapping &map,
                                     const QFont &font);

} // namespace rooflab
