#pragma once

#include "figureannotation.h"
#include "framecover.h"
#include "sceneframe.h"
#include "scenemodel.h"

#include <QLineF>
#include <QList>
#include <QRectF>

class QPainter;

namespace rooflab {

// Where one callout goes in a frame: its text box and the arrow from the box to its target.
struct CalloutPlacement
{
    int annotation = 0; // index into ChartOptions::annotations
    QRectF box;         // the text box, padding included
    QPointF target;     // the pixel of the callout's data coordinates
    QLineF arrow;       // from the box's edge to just short of the target
};

// The callouts of `model`'s annotations laid out in `frame`: each box where it covers the
// fewest labels, points and other callouts, inside the plot area when it can be.
QList<CalloutPlacement> placeCallouts(const SceneModel &model, const SceneFrame &frame);

// Where one note goes: its box, beside or away from the point it must not cover.
struct NotePlacement
{
    int annotation = 0; // index into ChartOptions::annotations
    QRectF box;         // the note's box, padding included
};

// The notes of `model`'s annotations laid out in `frame`, after its `callouts`
// (placeCallouts()): each at the
// place in the plot area (a corner, an edge's middle or the centre) where it covers the
// fewest labels, points, callouts, the legend and earlier notes, and never the point it is
// about when any place avoids it. A note is at most 45 % of the plot wide; its text wraps.
QList<NotePlacement> placeNotes(const SceneModel &model, const SceneFrame &frame,
                                const QList<CalloutPlacement> &callouts);

// What a box laid over `frame` would hide, a lesson's marks included: the frame's labels,
// markers, legend and roofs (frameCover()), the callouts with their arrows, and the notes.
FrameCover coverWithMarks(const SceneModel &model, const SceneFrame &frame);

// Draws a lesson's marks (ChartOptions::annotations) over a laid-out frame with any
// QPainter: bands over the zones and under the grid and roofs, highlights and callouts over
// the labels. The window's chart and drawScene() call the same two functions.
class AnnotationPainter
{
public:
    AnnotationPainter(const SceneModel &model, const SceneFrame &frame, QPainter *painter);

    // Shaded bands and their labels (clipped to the plot area by the caller).
    void drawBands();
    // Rings around highlighted points, then the callouts with their arrows, then the notes.
    void drawMarks();

private:
    void drawCallout(const FigureAnnotation &annotation, const CalloutPlacement &placement);
    void drawNote(const FigureAnnotation &annotation, const QRectF &box);

    const SceneModel &m;
    const SceneFrame &f;
    QPainter *p;
};

} // namespace rooflab
