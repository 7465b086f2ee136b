#include "labelplacer.h"
#include "testhelpers.h"

#include <QRandomGenerator>
#include <QTest>

using namespace rooflab;

class TestLabelPlacer : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void firstChoiceIsRightOfTheAnchor();
    void labelsSideBySideKeepTheirGap();
    void obstacleSegmentPushesLabelAway();
    void clusteredLabelsDoNotOverlap();
    void crowdedLabelsNeverOverlap();
    void fixedPositionsOnly();
    void coveredPlaceSlidesByTheLeastThatFreesIt();
    void pinnedBoxShiftsBothWaysAtOnce();
    void climbStopsAtEachBlockerInTurn();
    void reachFindsRoomFurtherOut();
    void leadersKeepOutFromUnderTheLegend();
    void leaderClearSkipsItsOwnLabelOnly();
    void coverageWeighsBoxesAndLines();
    void leastCoveredPrefersAFreeCorner();
    void rollbackForgetsTheGuidesAddedAfterTheMark();
    void segmentHitsRect_data();
    void segmentHitsRect();
};

void TestLabelPlacer::firstChoiceIsRightOfTheAnchor()
{
    LabelPlacer placer(QRectF(0, 0, 400, 300));
    const QRectF anchor(100, 100, 10, 10);
    const LabelPlacement p = placer.place({anchor, QSizeF(50, 14), {}, true, {}});
    QVERIFY(p.placed);
    QVERIFY(!p.leader);
    // Right of the anchor with a 4 px gap, centred vertically: x = 110 + 4, y = 105 - 7.
    QCOMPARE(p.rect, QRectF(114, 98, 50, 14));
}

void TestLabelPlacer::labelsSideBySideKeepTheirGap()
{
    // A placed label (114, 98)-(164, 112) and an anchor whose only places are fixed: the
    // first 2 px right of the label's end (x = 166), the second 8 px right (x = 172), both
    // on the label's row; a third below it (y = 120), 0 px across.
    const QRectF anchor(100, 100, 10, 10), other(150, 150, 10, 10);
    const QList<QPointF> places = {QPointF(166, 98), QPointF(172, 98), QPointF(114, 120)};
    for (const double gap : {0.0, 5.0}) {
        LabelPlacer placer(QRectF(0, 0, 400, 300));
        placer.setLabelGap(gap);
        QVERIFY(placer.place({anchor, QSizeF(50, 14), {}, true, {}}).placed);
        const LabelPlacement p = placer.place({other, QSizeF(30, 14), places, false, {}});
        QVERIFY(p.placed);
        // No gap: the first place, 2 px on. A 5 px gap: 166 - 164 = 2 < 5 is too near,
        // 172 - 164 = 8 >= 5 is not.
        QCOMPARE(p.rect.topLeft(), gap > 0 ? QPointF(172, 98) : QPointF(166, 98));
        // The placed boxes are the labels' own, without the gap.
        QCOMPARE(placer.placedRects().constFirst(), QRectF(114, 98, 50, 14));
    }
    // One above the other the gap does not count: the box at y = 120 starts 120 - 112 = 8 px
    // below the label with a 20 px gap, and the only place is taken.
    LabelPlacer placer(QRectF(0, 0, 400, 300));
    placer.setLabelGap(20);
    QVERIFY(placer.place({anchor, QSizeF(50, 14), {}, true, {}}).placed);
    const LabelPlacement below =
        placer.place({other, QSizeF(30, 14), {QPointF(114, 120)}, false, {}});
    QVERIFY(below.placed);
    QCOMPARE(below.rect.topLeft(), QPointF(114, 120));
    // A box that is no label (a batch mark's caret) keeps off the label's own box only: 1 px
    // right of its end (164) it is free; 1 px into it, not.
    QVERIFY(placer.isFree(QRectF(165, 100, 10, 9)));
    QVERIFY(!placer.isFree(QRectF(163, 100, 10, 9)));
}

void TestLabelPlacer::coveredPlaceSlidesByTheLeastThatFreesIt()
{
    // The place right of the anchor is (114, 98) to (154, 112) (as above, 40 px wide). A box
    // from y = 88 to 101 covers its top 3 px.
    const QRectF anchor(100, 100, 10, 10), blocker(114, 88, 40, 13);
    for (const bool slide : {true, false}) {
        LabelPlacer placer(QRectF(0, 0, 400, 300));
        placer.addObstacle(blocker);
        LabelRequest request{anchor, QSizeF(40, 14), {}, true, {}};
        request.slide = slide;
        const LabelPlacement p = placer.place(request);
        QVERIFY(p.placed);
        QVERIFY(!p.leader);
        // Sliding: down by 101 - 98 = 3 px (up would take 98 + 14 - 88 = 24 px; sideways
        // 40 px, more than the 12 px a side place may move away). Without: the next place,
        // left of the anchor, x = 100 - 4 - 40 = 56.
        QCOMPARE(p.rect, slide ? QRectF(114, 101, 40, 14) : QRectF(56, 98, 40, 14));
    }
    // A ridge-like fixed place slides right only, past a box 10 px into it: 100 + 10.
    LabelPlacer placer(QRectF(0, 0, 400, 300));
    placer.addObstacle(QRectF(80, 50, 30, 20));
    LabelRequest fixed{QRectF(90, 40, 8, 8), QSizeF(40, 14), {QPointF(100, 52)}, false, {}};
    fixed.fixedSlideRight = 40;
    const LabelPlacement p = placer.place(fixed);
    QVERIFY(p.placed);
    QCOMPARE(p.rect, QRectF(110, 52, 40, 14));
}

void TestLabelPlacer::pinnedBoxShiftsBothWaysAtOnce()
{
    // A 20 x 10 box at (100, 100) under a box A (x 95..125, y 90..102) that covers its top
    // 2 px, with a box B (x 115..135, y 108..118) below its right end.
    const QRectF rect(100, 100, 20, 10);
    ShiftBlockers blockers;
    blockers.boxes = {QRectF(95, 90, 30, 12), QRectF(115, 108, 20, 10)};
    const QRectF bounds(0, 0, 500, 500);
    // Along one axis only: down off A by 2 px runs into B (box y 102..112, x 100..120 over
    // B's 115..120), so down means past B's bottom, dy = 118 - 100 = 18; up means past A's
    // top, dy = 90 - 110 = -20; sideways past A, dx = 95 - 120 = -25 or 125 - 100 = +25.
    // Both ways at once: 5 px left (the box's right side at B's left, 115) and 2 px down,
    // |dx| + |dy| = 7. The offsets carry a hair (0.01 px) past each box's edge.
    const QRectF range(-24, -24, 48, 48);
    const auto shifts = freeShifts(rect, bounds, range, blockers, 4);
    QVERIFY(!shifts.isEmpty());
    ROOFLAB_COMPARE_NEAR(shifts.first().x(), -5.0, 1e-9);
    ROOFLAB_COMPARE_NEAR(shifts.first().y(), 2.01, 1e-9);
    for (const QPointF &shift : shifts) {
        const QRectF moved = rect.translated(shift);
        QVERIFY(!boxesOverlap(moved, blockers.boxes.at(0)));
        QVERIFY(!boxesOverlap(moved, blockers.boxes.at(1)));
        QVERIFY(std::abs(shift.x()) + std::abs(shift.y()) >= 7);
    }
    // With no room to the left (bounds from x = 98), the nearest is straight down past B.
    const auto pinned = freeShifts(rect, QRectF(98, 0, 402, 500), range, blockers, 4);
    QVERIFY(!pinned.isEmpty());
    ROOFLAB_COMPARE_NEAR(pinned.first().x(), 0.0, 1e-9);
    ROOFLAB_COMPARE_NEAR(pinned.first().y(), 18.01, 1e-9);
    // A line counts with its clearance: a level line at y = 95 kept 3 px off blocks the
    // offsets that bring the box's bottom below 92 and its top above 98.
    ShiftBlockers line;
    line.lines = {{QLineF(50, 95, 150, 95), 3.0}};
    const auto overLine = freeShifts(rect, bounds, range, line, 1);
    QCOMPARE(overLine.size(), 1);
    ROOFLAB_COMPARE_NEAR(overLine.first().x(), 0.0, 1e-9); // where it is: no shift at all
    ROOFLAB_COMPARE_NEAR(overLine.first().y(), 0.0, 1e-9); // already free: top 100 > 98
}

void TestLabelPlacer::climbStopsAtEachBlockerInTurn()
{
    // A 20 x 10 box at (100, 100) climbing up: C (y 95..103) holds it until its bottom is
    // at 95, dy = 95 - 110 = -15; there D (x 105..115, y 80..96) holds it until its bottom
    // is at 80, dy = -30. Each stop carries a hair (0.01 px).
    const QRectF rect(100, 100, 20, 10);
    ShiftBlockers blockers;
    blockers.boxes = {QRectF(100, 95, 20, 8), QRectF(105, 80, 10, 16)};
    const auto stops = climbStops(rect, 40, blockers);
    QCOMPARE(stops.size(), 2);
    ROOFLAB_COMPARE_NEAR(stops.at(0), -15.01, 1e-9);
    ROOFLAB_COMPARE_NEAR(stops.at(1), -30.01, 1e-9);
    // Within 20 px only the first stop is reached.
    QCOMPARE(climbStops(rect, 20, blockers).size(), 1);
    // A free box does not climb.
    QVERIFY(climbStops(rect.translated(0, 100), 40, blockers).isEmpty());
}

void TestLabelPlacer::obstacleSegmentPushesLabelAway()
{
    LabelPlacer placer(QRectF(0, 0, 400, 300));
    // A vertical roof line 20 px right of the anchor blocks the right-hand position.
    const QLineF line(130, 0, 130, 300);
    placer.addObstacle(line, 3);
    const LabelPlacement p = placer.place({QRectF(100, 100, 10, 10), QSizeF(50, 14), {}, true, {}});
    QVERIFY(p.placed);
    QVERIFY(!LabelPlacer::segmentHitsRect(line, p.rect.adjusted(-3, -3, 3, 3)));
    // The next candidate is left of the anchor: x = 100 - 4 - 50 = 46.
    QCOMPARE(p.rect.left(), 46.0);
}

void TestLabelPlacer::clusteredLabelsDoNotOverlap()
{
    LabelPlacer placer(QRectF(0, 0, 400, 300));
    // Six markers in a row, 14 px apart: more labels than fit next to their markers.
    QList<QRectF> anchors;
    for (int i = 0; i < 6; ++i) {
        anchors.append(QRectF(150 + 14 * i, 140, 10, 10));
        placer.addObstacle(anchors.last());
    }
    QList<LabelPlacement> placements;
    for (const QRectF &anchor : std::as_const(anchors)) {
        const LabelPlacement p = placer.place({anchor, QSizeF(60, 14), {}, true, {}});
        QVERIFY(p.placed);
        for (const QRectF &marker : std::as_const(anchors))
            QVERIFY2(!p.rect.intersects(marker), "a label covers a marker");
        for (const LabelPlacement &other : std::as_const(placements)) {
            QVERIFY2(!p.rect.intersects(other.rect), "two labels overlap");
            if (other.leader)
                QVERIFY2(!LabelPlacer::segmentHitsRect(other.leaderLine, p.rect),
                         "a label covers a leader line");
        }
        placements.append(p);
    }
    const bool someLeader = std::any_of(placements.cbegin(), placements.cend(),
                                        [](const LabelPlacement &p) { return p.leader; });
    QVERIFY(someLeader);
}

void TestLabelPlacer::crowdedLabelsNeverOverlap()
{
    const QRectF bounds(0, 0, 800, 500);
    LabelPlacer placer(bounds);
    QRandomGenerator random(42);
    QList<QRectF> anchors;
    for (int i = 0; i < 150; ++i) {
        const QPointF c(random.bounded(780.0) + 10, random.bounded(480.0) + 10);
        anchors.append(QRectF(c - QPointF(5, 5), QSizeF(10, 10)));
        placer.addObstacle(anchors.last());
    }
    const QLineF roof(0, 400, 800, 100);
    placer.addObstacle(roof, 3);
    int placed = 0;
    for (const QRectF &anchor : std::as_const(anchors)) {
        const LabelPlacement p = placer.place({anchor, QSizeF(70, 14), {}, true, {}});
        if (!p.placed)
            continue;
        ++placed;
        QVERIFY(bounds.contains(p.rect));
        QVERIFY(!LabelPlacer::segmentHitsRect(roof, p.rect));
        for (const QRectF &other : anchors)
            QVERIFY2(!p.rect.intersects(other), "a label covers a marker");
    }
    const QList<QRectF> &rects = placer.placedRects();
    for (qsizetype i = 0; i < rects.size(); ++i) {
        for (qsizetype j = i + 1; j < rects.size(); ++j)
            QVERIFY2(!rects.at(i).intersects(rects.at(j)), "two labels overlap");
    }
    // Some labels must fit and, this crowded, not all of them.
    QVERIFY(placed > 20);
    QVERIFY(placed < 150);
}

void TestLabelPlacer::fixedPositionsOnly()
{
    LabelPlacer placer(QRectF(0, 0, 400, 300));
    placer.addObstacle(QRectF(0, 0, 100, 100));
    // The first fixed position is taken by the obstacle, the second is free.
    const LabelPlacement p =
        placer.place({QRectF(), QSizeF(40, 10), {QPointF(10, 10), QPointF(200, 10)}, false, {}});
    QVERIFY(p.placed);
    QCOMPARE(p.rect.topLeft(), QPointF(200, 10));
    // Both positions are now taken: nothing else is tried.
    const LabelPlacement q =
        placer.place({QRectF(), QSizeF(40, 10), {QPointF(10, 10), QPointF(200, 10)}, false, {}});
    QVERIFY(!q.placed);
}

void TestLabelPlacer::reachFindsRoomFurtherOut()
{
    LabelPlacer placer(QRectF(0, 0, 600, 400));
    // A box around the anchor covers every place next to it and every leader ring: the
    // farthest ring puts a 40 x 10 label's centre 5 + 160 + 20 = 185 px to the side (its
    // far edge 205 px) or 5 + 160 + 5 = 170 px up or down (far edge 175 px); the box
    // reaches 210 px to the sides and 180 px up and down.
    const QRectF anchor(295, 195, 10, 10);
    const QRectF box(90, 20, 420, 360);
    placer.addObstacle(box);
    const LabelRequest ringsOnly{anchor, QSizeF(40, 10), {}, true, {}};
    QVERIFY(!placer.place(ringsOnly).placed);
    LabelRequest further = ringsOnly;
    further.reach = 200;
    const LabelPlacement p = placer.place(further);
    QVERIFY(p.placed);
    QVERIFY(p.leader);
    QVERIFY(!p.rect.intersects(box));
    // The leader runs from the label's nearest point to the anchor's centre, within reach.
    QCOMPARE(p.leaderLine.p2(), QPointF(300, 200));
    QVERIFY(p.leaderLine.length() <= 200);
    // Nearest first: the room above the box starts 180 px from the centre (the sides 210),
    // found on a grid of 8 px steps (max(8, 0.75 x 10)).
    QVERIFY2(p.leaderLine.length() < 180 + 2 * 8,
             qPrintable(QString::number(p.leaderLine.length())));
    QVERIFY(p.rect.bottom() <= 20);
}

void TestLabelPlacer::leadersKeepOutFromUnderTheLegend()
{
    LabelPlacer placer(QRectF(0, 0, 400, 300));
    // A legend blocks leaders; the anchor sits just under it, everything below is taken.
    const QRectF legend(150, 100, 100, 80);
    placer.addObstacle(legend, true);
    placer.addObstacle(QRectF(0, 180, 400, 120));
    const QRectF anchor(195, 182, 10, 10);
    LabelRequest request{anchor, QSizeF(40, 10), {}, true, {}};
    request.reach = 1000;
    const LabelPlacement p = placer.place(request);
    // Right above the legend would need a leader through it: the label goes beside it.
    QVERIFY(p.placed);
    QVERIFY(p.leader);
    QVERIFY(!p.rect.intersects(legend));
    QVERIFY(!LabelPlacer::segmentHitsRect(p.leaderLine, legend));
}

void TestLabelPlacer::leaderClearSkipsItsOwnLabelOnly()
{
    // A leader drawn after the labels are placed (FrameLayouter::addFarLeaders) starts on
    // its own label's edge: that label does not block it, another label or the legend does.
    LabelPlacer placer(QRectF(0, 0, 400, 300));
    const LabelPlacement own =
        placer.place({QRectF(10, 10, 40, 10), QSizeF(40, 10), {}, false, {}});
    QVERIFY(own.placed);
    // Right of its anchor, 4 px off, centred on it: top left (10 + 40 + 4, 15 - 5).
    QCOMPARE(own.rect, QRectF(54, 10, 40, 10));
    const QPointF marker(200, 150);
    const QLineF leader(nearestPointOnRect(own.rect, marker), marker); // (94, 20) to (200, 150)
    QVERIFY(placer.leaderClear(leader, own.rect));
    // Another label on the leader's middle, (147, 85): a 20 x 10 box from (137, 80).
    LabelRequest across{QRectF(), QSizeF(20, 10), {QPointF(137, 80)}, false, {}};
    QVERIFY(placer.place(across).placed);
    QVERIFY(!placer.leaderClear(leader, own.rect));
    // Clear of that label, but under a legend (a box that blocks leaders).
    const QLineF down(QPointF(30, 20), QPointF(30, 250));
    QVERIFY(placer.leaderClear(down, own.rect));
    placer.addObstacle(QRectF(0, 200, 100, 20), true);
    QVERIFY(!placer.leaderClear(down, own.rect));
}

void TestLabelPlacer::coverageWeighsBoxesAndLines()
{
    LabelPlacer placer(QRectF(0, 0, 400, 300));
    placer.addObstacle(QRectF(10, 10, 10, 10));
    placer.addObstacle(QRectF(50, 10, 10, 10));
    placer.addObstacle(QRectF(300, 200, 10, 10));
    placer.addObstacle(QLineF(0, 100, 400, 100), 3);
    // Touches two boxes (2 x 100) and holds the line from x = 0 to 80 with 3 px clearance:
    // grown to x -3..83, the line inside is 83 px long (from x = 0, where it starts).
    ROOFLAB_COMPARE_DOUBLE(placer.coverage(QRectF(0, 0, 80, 120), 100), 283.0);
    // Away from everything: nothing hidden.
    ROOFLAB_COMPARE_DOUBLE(placer.coverage(QRectF(100, 150, 80, 40), 100), 0.0);
    // Only the line, from x = 200 - 3 to 250 + 3: 56 px.
    ROOFLAB_COMPARE_DOUBLE(placer.coverage(QRectF(200, 90, 50, 20), 100), 56.0);
}

void TestLabelPlacer::leastCoveredPrefersAFreeCorner()
{
    const QRectF area(0, 0, 400, 300);
    const QSizeF size(100, 50);
    // The corners in the order a legend tries them: top left, bottom right, top right,
    // bottom left.
    const QList<QPointF> corners = {{0, 0}, {300, 250}, {300, 0}, {0, 250}};
    double hidden = -1;
    {
        // A point in the top-left corner: the bottom-right corner is the first free one.
        LabelPlacer placer(area);
        placer.addObstacle(QRectF(10, 10, 10, 10));
        const QPointF at = placer.coverageMap(area, 10, 10).leastCovered(size, corners, &hidden);
        QCOMPARE(at, QPointF(300, 250));
        QCOMPARE(hidden, 0.0);
    }
    {
        // Every corner taken: a free place in between, nearest to a corner.
        LabelPlacer placer(area);
        for (const QPointF &c : corners)
            placer.addObstacle(QRectF(c + QPointF(40, 20), QSizeF(10, 10)));
        const QPointF at = placer.coverageMap(area, 10, 10).leastCovered(size, corners, &hidden);
        QCOMPARE(hidden, 0.0);
        const QRectF box(at, size);
        QVERIFY(area.contains(box));
        for (const QPointF &c : corners)
            QVERIFY(!box.intersects(QRectF(c + QPointF(40, 20), QSizeF(10, 10))));
    }
    {
        // Lines every 60 px: a 50 px high box always holds one, so it hides some line
        // but never the point (a cell of a box weighs ten cells of line).
        LabelPlacer placer(area);
        for (double y : {30.0, 90.0, 150.0, 210.0, 270.0})
            placer.addObstacle(QLineF(0, y, 400, y), 3);
        const QRectF point(20, 5, 10, 10);
        placer.addObstacle(point);
        const QPointF at = placer.coverageMap(area, 10, 10).leastCovered(size, corners, &hidden);
        QVERIFY(hidden > 0);
        QVERIFY(!QRectF(at, size).intersects(point));
    }
}

void TestLabelPlacer::rollbackForgetsTheGuidesAddedAfterTheMark()
{
    // A frame's passes share one placer, each rolled back to the mark taken after the
    // obstacles (docs/labels.md, "Order"), so a rollback must leave it as a new placer with
    // the same obstacles would be: the guides of the pass before are gone too.
    // Anchor (100, 100, 10 x 10), label 50 x 14, gap 4. Right of it: (114, 98) to (164, 112),
    // and left: (46, 98) to (96, 112); boxes from y = 101 to 112 block both. Above left,
    // the place an anchor on the highest roofline tries next: x = 100 - 2 - 50 = 48,
    // y = 100 - 14 = 86, so (48, 86) to (98, 100).
    LabelPlacer placer(QRectF(0, 0, 400, 300));
    placer.addObstacle(QRectF(114, 101, 50, 11));
    placer.addObstacle(QRectF(46, 101, 50, 11));
    const LabelPlacer::Mark obstacles = placer.mark();
    LabelRequest request{QRectF(100, 100, 10, 10), QSizeF(50, 14), {}, true, {}};
    request.aboveFirst = true;
    request.slideRings = true; // above left slides up by up to 2 x 14 px past a guide
    // A guide from (60, 80) to (90, 110) crosses that place (x 60..90 within 48..98); it
    // slides up until its bottom clears the guide's top at y = 80: top 80 - 14 = 66 (less a
    // hair: a line counts as touching at its edge).
    placer.addGuide(QLineF(60, 80, 90, 110));
    const LabelPlacement guided = placer.place(request);
    QVERIFY(guided.placed);
    ROOFLAB_COMPARE_DOUBLE(guided.rect.left(), 48.0);
    QVERIFY2(guided.rect.bottom() <= 80 && guided.rect.top() > 86 - 28,
             qPrintable(QStringLiteral("top %1").arg(guided.rect.top())));
    placer.rollback(obstacles);
    // As a new placer: the place above left itself.
    const LabelPlacement fresh = placer.place(request);
    QVERIFY(fresh.placed);
    ROOFLAB_COMPARE_DOUBLE(fresh.rect.left(), 48.0);
    ROOFLAB_COMPARE_DOUBLE(fresh.rect.top(), 86.0);
    ROOFLAB_COMPARE_DOUBLE(fresh.rect.width(), 50.0);
    ROOFLAB_COMPARE_DOUBLE(fresh.rect.height(), 14.0);
}

void TestLabelPlacer::segmentHitsRect_data()
{
    QTest::addColumn<QLineF>("segment");
    QTest::addColumn<bool>("hits");
    // The rectangle is (10, 10) to (20, 20).
    QTest::newRow("through") << QLineF(0, 15, 30, 15) << true;
    QTest::newRow("diagonal through a corner") << QLineF(0, 0, 30, 30) << true;
    QTest::newRow("inside") << QLineF(12, 12, 18, 18) << true;
    QTest::newRow("passes above") << QLineF(0, 5, 30, 5) << false;
    // Ends at x = 9, before the rectangle starts at x = 10.
    QTest::newRow("stops short") << QLineF(0, 15, 9, 15) << false;
    // The line y = x - 15 passes below-right of the corner (20, 20): at x = 20, y = 5... no,
    // at x = 20 it is at y = 5 < 10 and at x = 25 at y = 10, right of the rectangle.
    QTest::newRow("misses the corner") << QLineF(15, 0, 30, 15) << false;
}

void TestLabelPlacer::segmentHitsRect()
{
    QFETCH(QLineF, segment);
    QFETCH(bool, hits);
    QCOMPARE(LabelPlacer::segmentHitsRect(segment, QRectF(10, 10, 10, 10)), hits);
}

QTEST_GUILESS_MAIN(TestLabelPlacer)
#include "tst_labelplacer.moc"
