#pragma once

#include "sceneframe.h"
#include "scenemodel.h"

#include <QLineF>
#include <QList>
#include <QRectF>

namespace rooflab {

// What a box laid over a laid-out frame (a lesson's note, the presenter view's strip of keys)
// would hide: the placed labels, the point markers, the legend, and the roofs.
struct FrameCover
{
    QList<QRectF> taken; // upright texts, markers and the legend, in the frame's pixels
    QList<QLineF> roofs; // the visible slopes and flat roofs, in pixels
    QRectF legend;       // empty: no legend
};

FrameCover frameCover(const SceneModel &model, const SceneFrame &frame);

// The area two rectangles share, in square pixels.
double overlap(const QRectF &a, const QRectF &b);

// How much of the segment a-b runs inside `box`, in pixels (sampled: a cost, not geometry).
double lengthInside(const QRectF &box, const QPointF &a, const QPointF &b);

// What `box` hides of `cover`: the area of the texts, markers and legend under it, and 30 px
// of that for each pixel of roof it runs over (0: nothing).
double hiddenUnder(const FrameCover &cover, const QRectF &box);

// The place in `area` for a box of `size` that hides the least of `cover`: tried at the
// corners, the edges' middles and the centre, the top left first, and under the legend when
// it stands in the plot's upper half (above the memory slopes is the emptiest part of a
// roofline), then, where each of those hides something, on a grid of eight steps each way.
// A roof hidden over its length costs as much as a label of that width; a place outside
// `area` or over `keepClear` (when not null) only where every place is.
QRectF quietestPlace(const FrameCover &cover, const QRectF &area, const QSizeF &size,
                     const QRectF &keepClear = QRectF());

} // namespace rooflab
