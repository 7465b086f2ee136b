#include "framelayouter.h"

// Memory while the batch moves: a label first tries the place it had in the frame drawn
// last, moved with its markers, and keeps it while it stays free (docs/labels.md, "Memory
// while the batch moves"). Part of FrameLayouter.

namespace rooflab {

namespace {

// How far a box beside `before` moves when its markers' bounds become `after`, along one
// axis: a box wholly past one side keeps its gap to that side, one across the markers
// keeps its offset from their centre (markers that spread apart do not run into it).
double shiftAlong(double boxLow, double boxHigh, double lowBefore, double highBefore,
                  double lowAfter, double highAfter)
{
    if (boxLow >= highBefore)
        return highAfter - highBefore;
    if (boxHigh <= lowBefore)
        return lowAfter - lowBefore;
    return (lowAfter + highAfter - lowBefore - highBefore) / 2;
}

} // namespace

const PlacedText *FrameLayouter::previousText(TextStyle style, const QString &text,
                                              const QList<int> &groups, bool alongSlope,
                                              const QPointF &near) const
{
    if (!m_previous)
        return nullptr;
    const PlacedText *best = nullptr;
    double bestDistance = 0;
    for (const PlacedText &t : m_previous->texts) {
        if (t.style != style || t.groups != groups || (t.angle != 0) != alongSlope ||
            (style != TextStyle::Badge && t.text != text) || t.text.isEmpty())
            continue;
        const QPointF at = alongSlope          ? t.origin
                           : t.anchor.isNull() ? t.rect.center()
                                               : t.anchor.center();
        const double distance = QLineF(at, near).length();
        if (!best || distance < bestDistance) {
            best = &t;
            bestDistance = distance;
        }
    }
    return best;
}

void FrameLayouter::keepPreviousPlace(LabelRequest *request, TextStyle style, const QString &text,
                                      const QList<int> &groups) const
{
    const QRectF &now = request->anchor;
    const PlacedText *was = previousText(style, text, groups, false, now.center());
    if (!was || was->rect.size() != request->size)
        return;
    QPointF shift;
    if (!was->anchor.isNull()) { // a point label or badge: with its markers
        const QRectF &a = was->anchor, &r = was->rect;
        shift = {shiftAlong(r.left(), r.right(), a.left(), a.right(), now.left(), now.right()),
                 shiftAlong(r.top(), r.bottom(), a.top(), a.bottom(), now.top(), now.bottom())};
    }
    request->previousTopLeft = was->rect.topLeft() + shift;
    request->previousLeader = was->leader;
}

} // namespace rooflab
