#pragma once

#include "scenemodel.h"

namespace rooflab {

// When points crowd, the label layout gives up labels in steps; every limit of those steps
// in one place (docs/labels.md, "Crowding").
struct CrowdingLimits
{
    // Beyond this many label groups a frame labels only the selected point (the others are
    // not even measured).
    int crowdedGroups = crowdedGroupCount;
    // Beyond this many labels (after merging) the chart labels only the selected point.
    int maxLabelUnits = 120;
    // Up to this many labels, a point label that finds no room next to its markers may go
    // up to `labelReach` pixels away with a leader line before it becomes a number; with
    // more, it tries the leader rings only.
    int wideSearchUnits = 40;
    double labelReach = 160;
    // Labels that found no room even for a number may go anywhere with a long leader line:
    // at most this many per frame (each such search spans the whole plot).
    int maxLongLeaders = 4;
    // A group whose markers span more than this many pixels across is labelled point by
    // point (a column, however tall, is named once).
    double maxGroupSpan = 70;
    // Markers closer than this (pixels) share one label.
    double touchDistance = 3;
    // A merged label lists at most this many names; more make several labels.
    int maxMergedNames = 8;
};

inline constexpr CrowdingLimits crowding{};

} // namespace rooflab
