#pragma once

#include <QLineF>
#include <QList>
#include <QPointF>
#include <QRectF>
#include <QSizeF>

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
// around its anchor: next to it, then further out with a leader line. Pure geometry in
// pixels, so it can be tested alone.
class LabelPlacer
{
public:
    explicit LabelPlacer(const QRectF &bounds, double cellSize = 32);

    // Boxes labels must avoid.
    void addObstacle(const QRectF &rect);
    // Lines labels must keep `clearance` pixels away from.
    void addObstacle(const QLineF &segment, double clearance);

    // True when `rect` lies inside the bounds and touches no obstacle, segment or label.
    bool isFree(const QRectF &rect) const;

    // How much `rect` would cover: obstacles and labels it touches, segments it crosses.
    int overlapScore(const QRectF &rect) const;

    // Finds a place for one label and reserves it; `placed` is false when none is free.
    LabelPlacement place(const LabelRequest &request);

    // Reserves a label made of several boxes (a rotated label, approximated) if all of them
    // are free; `ownLine` may be touched. Returns false and reserves nothing otherwise.
    bool placeParts(const QList<QRectF> &parts, const QLineF &ownLine);

    // The label boxes placed so far, in order.
    const QList<QRectF> &placedRects() const { return m_placed; }

    // True when the segment crosses the rectangle (both in the same pixel space).
    static bool segmentHitsRect(const QLineF &segment, const QRectF &rect);

private:
    struct Segment
    {
        QLineF line;
        double clearance;
        QRectF bounds;
    };

    void insertRect(const QRectF &rect, int index);
    bool rectsFree(const QRectF &rect) const;
    bool segmentsFree(const QRectF &rect, const QLineF &ignored) const;
    bool leaderFree(const QLineF &leader) const;
    QList<QPointF> candidateTopLefts(const LabelRequest &request, QList<bool> *leaders) const;

    QRectF m_bounds;
    double m_cell;
    int m_columns = 1, m_rows = 1;
    std::vector<std::vector<int>> m_grid; // rect indices per cell
    QList<QRectF> m_rects;                // obstacles and placed labels
    QList<QRectF> m_placed;
    QList<Segment> m_segments;
};

} // namespace rooflab
