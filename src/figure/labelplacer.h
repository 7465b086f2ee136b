#pragma once

#include "coveragemap.h"
#include "labelgeometry.h"
#include "spatialgrid.h"

#include <QLineF>
#include <QList>
#include <QPointF>
#include <QRectF>
#include <QSizeF>
#include <QVarLengthArray>

#include <algorithm>
#include <cmath>
#include <optional>
#include <utility>
#include <vector>

namespace rooflab {

// What one label needs: the thing it names, its size and where it may go.
struct LabelRequest
{
    QRectF anchor; // what the label belongs to (a marker); leader lines end at its centre
    QSizeF size;   // the label's box
    QList<QPointF> fixedTopLefts; // when not empty: only these positions are tried
    bool allowLeader = true;      // may move away from the anchor, joined by a leader line
    QLineF ownLine;               // a segment the label may sit on (its own roof line); null: none
    // A covered place next to the anchor or on a leader ring slides by the least amount
    // that frees it before the next place is tried (docs/labels.md, "Sliding").
    bool slide = false;
    // Only the places on the leader rings slide; those next to the anchor keep packing as
    // tight as fixed places (docs/labels.md, "Sliding").
    bool slideRings = false;
    // Nothing can ever come above the anchor (it lies on the highest roofline): the corner
    // above and left of it goes before the others but right and left, so that the label
    // keeps the side no point can take, and slides up past the line labels there.
    bool aboveFirst = false;
    // How far (pixels) each of `fixedTopLefts` may slide right, and up or down, when
    // something covers it: 0, not at all.
    double fixedSlideRight = 0, fixedSlideY = 0;
    // After the rings: any free place up to this far (pixels) from the anchor, nearest
    // first, joined by a leader line. 0: the rings only; infinity: anywhere in the bounds.
    double reach = 0;
    // Where the label stood in the previous frame, moved with its markers (a frame laid out
    // with SceneFrame::layout's `previous`): tried first, slid both ways at once by up to
    // `previousSlide` px, before the label's own list (docs/labels.md, "Memory while the
    // batch moves"); `previousLeader`: it had a leader line there.
    std::optional<QPointF> previousTopLeft = std::nullopt;
    bool previousLeader = false;
    double previousSlide = 24;
};

// Where a label went.
struct LabelPlacement
{
    bool placed = false;
    QRectF rect;
    bool leader = false; // moved away: draw `leaderLine` from the label to the anchor
    QLineF leaderLine;
};

// Greedy placement of text boxes so that none overlaps another, an obstacle (markers, the
// legend) or a line segment (the roofs). Each label takes the first free candidate position
// around its anchor: next to it, then further out with a leader line, and when the request
// asks for it anywhere in the bounds, nearest first. Pure geometry in pixels, so it can be
// tested alone.
class LabelPlacer
{
public:
    explicit LabelPlacer(const QRectF &bounds, double cellSize = 32);

    // A point to return to: rollback() takes back everything added after it, and coverage()
    // may look only at what came before it.
    struct Mark
    {
        qsizetype rects = 0, placed = 0, segments = 0, blockers = 0, guides = 0;
    };

    // Space kept between two labels' boxes side by side (pixels), beyond their padding: so
    // that they read as two labels ("Attention", "ridge 14"), not as one phrase.
    // Set before any label is placed; markers, lines and the bounds keep their own gaps.
    void setLabelGap(double gap)
    {
        Q_ASSERT(m_placed.isEmpty()); // the placed boxes were widened by the gap they met
        m_labelGap = std::max(0.0, gap);
    }

    // Boxes labels must avoid; leader lines must not run under a `blocksLeaders` box either
    // (the legend), while they may cross a marker.
    void addObstacle(const QRectF &rect, bool blocksLeaders = false);
    // Room for `count` more boxes (thousands of markers come one by one).
    void reserveBoxes(qsizetype count);
    // Lines labels must keep `clearance` pixels away from.
    void addObstacle(const QLineF &segment, double clearance);

    // A line only the place above left of a label on the highest roofline keeps off
    // (LabelRequest::aboveFirst), so that it slides up along it past a line label.
    void addGuide(const QLineF &segment) { m_guides.append(segment); }

    // True when `rect` lies inside the bounds and touches no obstacle, segment or label (a
    // label's own box: the gap is between labels only). For boxes that are not labels.
    bool isFree(const QRectF &rect) const;

    // How much `rect` would hide, for choosing the least bad place: `perBox` for every
    // obstacle or label it touches plus the length (pixels) of the segments inside it.
    // 0: it hides nothing. With `upTo`, only what was added before that mark counts.
    double coverage(const QRectF &rect, double perBox, const Mark *upTo = nullptr) const;

    // A raster of `area` saying what a box put there would hide (see CoverageMap), with
    // obstacles and labels weighing `perBoxCell` per `cell`-sized cell and lines 1; with
    // `upTo`, of what was added before that mark.
    CoverageMap coverageMap(const QRectF &area, double cell, double perBoxCell,
                            const Mark *upTo = nullptr) const;

    // Finds a place for one label and reserves it; `placed` is false when none is free.
    LabelPlacement place(const LabelRequest &request);

    // True when a leader line from the placed label `own` could be drawn: it crosses no
    // other label and no box that blocks leaders, and runs along no line. It reserves
    // nothing, so it can be asked once every label is placed.
    bool leaderClear(const QLineF &leader, const QRectF &own) const;

    // Reserves a label made of several boxes (a rotated label, approximated) if all of them
    // are free; `ownLine` may be touched. Returns false and reserves nothing otherwise.
    bool placeParts(const QList<QRectF> &parts, const QLineF &ownLine);

    Mark mark() const;
    void rollback(const Mark &mark);

    // The label boxes placed so far, in order.
    const QList<QRectF> &placedRects() const { return m_placed; }

    // True when the segment crosses the rectangle (both in the same pixel space).
    static bool segmentHitsRect(const QLineF &segment, const QRectF &rect)
    {
        return segmentCrossesRect(segment, rect);
    }

private:
    // m_bounds.contains(rect), inlined for the hot loops (the same comparisons as Qt's when
    // both have positive sizes, else Qt's own).
    bool inBounds(const QRectF &rect) const
    {
        if (!(rect.right() > rect.left() && rect.bottom() > rect.top() &&
              m_bounds.right() > m_bounds.left() && m_bounds.bottom() > m_bounds.top()))
            return m_bounds.contains(rect);
        return rect.left() >= m_bounds.left() && rect.right() <= m_bounds.right() &&
               rect.top() >= m_bounds.top() && rect.bottom() <= m_bounds.bottom();
    }
    // rect.intersects(m_bounds), inlined as inBounds() is.
    bool meetsBounds(const QRectF &rect) const
    {
        if (!(rect.right() > rect.left() && rect.bottom() > rect.top() &&
              m_bounds.right() > m_bounds.left() && m_bounds.bottom() > m_bounds.top()))
            return rect.intersects(m_bounds);
        return boxesOverlap(rect, m_bounds);
    }
    // A guide leads a label of `size` only where the label fits above its upper end.
    bool guides(const QLineF &guide, const QSizeF &size) const
    {
        return guide.p1().y() - size.height() >= m_bounds.top();
    }
    // Rect `index` of m_rects as it stands: an obstacle's box, or a label's without its gap.
    QRectF ownBox(int index) const
    {
        const QRectF &box = m_rects.at(index);
        return m_rectIsLabel[static_cast<size_t>(index)]
                   ? box.adjusted(m_labelGap, 0, -m_labelGap, 0)
                   : box;
    }
    void reserve(const QRectF &label);
    bool rectsFree(const QRectF &rect) const;
    bool segmentsFree(const QRectF &rect, const QLineF &ignored) const;
    bool leaderFree(const QLineF &leader) const;
    bool labelsFree(const QLineF &leader) const;
    bool runsAlongALine(const QLineF &leader) const;
    // A place to try: a top-left corner, whether it needs a leader line, and the axis and
    // distance it may slide along when something covers it.
    struct Candidate
    {
        QPointF topLeft;
        bool leader = false;
        double reachX = 0, reachY = 0; // either way
        double reachRight = -1;        // when not negative: right only, this far
        double reachUp = -1;           // when not negative: up only, this far
        bool guided = false;           // keeps off the guides too (addGuide)
        bool shiftsBoth = false;       // slides both ways at once, like a ring place
    };
    using Candidates = QVarLengthArray<Candidate, 72>;
    void candidateTopLefts(const LabelRequest &request, Candidates *candidates) const;
    // Distance squared (in grid steps) and top-left corner of the places on one ring.
    using Spots = std::vector<std::pair<double, QPointF>>;
    void wideRing(const LabelRequest &request, int ring, Spots *spots) const;
    bool tryReserve(const LabelRequest &request, const QPointF &topLeft, bool leader,
                    LabelPlacement *placement, bool guided = false);
    // Tries the place of `candidate`, else the same place slid across or up and down by the
    // least amount (up to its reach) that frees it (docs/labels.md, "Sliding").
    bool trySlid(const LabelRequest &request, const Candidate &candidate,
                 LabelPlacement *placement);
    // The offsets nearest 0 (one at most on either side, within [least, most]) by which
    // `rect` slid along the axis touches no box and keeps off every line but `ownLine`.
    // What may stand in the way of `rect` moved within `range`: the boxes, the lines but the
    // request's own, and with `guided` the guides.
    ShiftBlockers shiftBlockers(const QRectF &rect, const QRectF &range,
                                const LabelRequest &request, bool guided) const;
    QVarLengthArray<double, 2> freeSlides(const QRectF &rect, bool vertical, double least,
                                          double most, const QLineF &ownLine,
                                          bool guided = false) const;

    QRectF m_bounds;
    QList<QRectF> m_rects;           // obstacles and placed labels
    std::vector<char> m_rectIsLabel; // per rect: a placed label (not an obstacle)
    double m_labelGap = 0; // a label's rect in m_rects is its box this much wider each side
    QList<QRectF> m_placed;
    QList<LineObstacle> m_segments;
    QList<QRectF> m_leaderBlockers;
    QList<QLineF> m_guides;
    QList<QSizeF> m_noRoom; // boxes that found no room anywhere
    // The one spatial index of the placer: where the boxes and where the lines are.
    SpatialGrid m_boxGrid, m_lineGrid;
};

} // namespace rooflab
