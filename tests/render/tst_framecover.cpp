// quietestPlace() (src/figure/framecover.h): where a box laid over the figure, a lesson's note
// or the presenter view's strip, hides the least. Every place below is worked out by hand
// from the candidates: x at the area's left, middle and right, y at its top, middle and
// bottom (and under a legend in the upper half first), tried row by row, and where each of
// those hides something, a grid of eight steps each way.
#include "framecover.h"

#include <QTest>

using namespace rooflab;

namespace {

// A plot area of 800 x 500 px at (100, 50) and a strip of 300 x 60 px. Its candidates:
// x = 100, 100 + 400 - 150 = 350, 900 - 300 = 600; y = 50, 50 + 250 - 30 = 270, 550 - 60 = 490.
const QRectF area(100, 50, 800, 500);
const QSizeF strip(300, 60);

QString at(const QRectF &box)
{
    return QStringLiteral("%1,%2 %3x%4")
        .arg(box.x())
        .arg(box.y())
        .arg(box.width())
        .arg(box.height());
}

} // namespace

class TestFrameCover : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    // Nothing to hide: the first candidate, the top left.
    void anEmptyPlotGivesTheTopLeft()
    {
        const QRectF box = quietestPlace(FrameCover(), area, strip);
        QVERIFY2(box == QRectF(100, 50, 300, 60), qPrintable(at(box)));
    }

    // A label at (110, 60) in the top left box (100..400 x 50..110): the next free place in
    // the top row, the middle (350..650 x 50..110), which misses it.
    void aLabelSendsItAlongTheRow()
    {
        FrameCover cover;
        cover.taken = {QRectF(110, 60, 100, 20)};
        const QRectF box = quietestPlace(cover, area, strip);
        QVERIFY2(box == QRectF(350, 50, 300, 60), qPrintable(at(box)));
    }

    // A legend in the upper half (bottom at 200, the area's middle at 300): the first row is
    // under it, 10 px down, y = 210; the top left box there (100..400) misses the legend
    // (650..900).
    void aLegendAboveGivesARowUnderIt()
    {
        FrameCover cover;
        cover.legend = QRectF(650, 50, 250, 150);
        cover.taken = {cover.legend};
        const QRectF box = quietestPlace(cover, area, strip);
        QVERIFY2(box == QRectF(100, 210, 300, 60), qPrintable(at(box)));
    }

    // A roof across the whole top row at y = 80 runs about 300 px through each of its boxes
    // (a cost of about 30 x 300 = 9000, a label's worth; the length is sampled, 19 of 49
    // points of 800 px, 310 px): the next row's left box, y = 270, is free.
    void aRoofAcrossTheTopSendsItDown()
    {
        FrameCover cover;
        cover.roofs = {QLineF(100, 80, 900, 80)};
        const QRectF box = quietestPlace(cover, area, strip);
        QVERIFY2(box == QRectF(100, 270, 300, 60), qPrintable(at(box)));
    }

    // No place over what must stay clear (a note's point) while another exists: the point is
    // under the top left box (100..400 x 50..110) only, so the top row's middle box
    // (350..650) takes its place.
    void whatMustStayClearIsLeftClear()
    {
        const QRectF keepClear(120, 60, 40, 40);
        const QRectF box = quietestPlace(FrameCover(), area, strip, keepClear);
        QVERIFY2(box == QRectF(350, 50, 300, 60), qPrintable(at(box)));
    }

    // Every candidate hides something: a label of 300 x 40 at the left of each box of the
    // top and middle rows, one of 10 x 10 at the middle of each of the bottom row's. The
    // places in between are tried, on a grid of eight steps each way, row by row: x = 100 +
    // 500 i / 8, y = 50 + 440 j / 8 = 50, 105, ... The top row (y = 50..110) meets the labels
    // at 60..100 across the whole width; the next, y = 105..165, misses every label, so its
    // first box, (100, 105), is free. (The presenter's strip over a crowded plot stood on
    // labels where such a gap was free.)
    void aCrowdedPlotIsSearchedBetweenTheCandidates()
    {
        FrameCover cover;
        for (const double x : {100.0, 350.0, 600.0}) {
            cover.taken.append(QRectF(x, 60, 300, 40));
            cover.taken.append(QRectF(x, 280, 300, 40));
            cover.taken.append(QRectF(x + 145, 515, 10, 10));
        }
        const QRectF box = quietestPlace(cover, area, strip);
        QVERIFY2(box == QRectF(100, 105, 300, 60), qPrintable(at(box)));
        QCOMPARE(hiddenUnder(cover, box), 0.0);
    }

    // Nowhere free: a label over the whole width from y = 50 to 500. A box 60 px tall reaches
    // below it only from y = 490 on, where it still covers 300 x 10 = 3000 px²; the bottom
    // row's three candidates and the grid's last row tie at that, and the first tried, the
    // bottom left candidate, is taken.
    void nowhereFreeHidesTheLeast()
    {
        FrameCover cover;
        cover.taken = {QRectF(100, 50, 800, 450)};
        const QRectF box = quietestPlace(cover, area, strip);
        QVERIFY2(box == QRectF(100, 490, 300, 60), qPrintable(at(box)));
        QCOMPARE(hiddenUnder(cover, box), 3000.0);
    }

    // A zone's caption on its side ("compute-bound" turned -90° about (700, 400), its box
    // -58..58 x -28..28 about that origin) covers its turned box: (x, y) turns to (y, -x),
    // so x runs 700 - 28 = 672 to 728 and y 400 - 58 = 342 to 458. It was left out, as a
    // text along a slope is, and the presenter's strip stood over it.
    void aCaptionOnItsSideIsCovered()
    {
        SceneFrame frame;
        PlacedText caption;
        caption.text = QStringLiteral("compute-\nbound");
        caption.angle = -90;
        caption.origin = QPointF(700, 400);
        caption.rect = QRectF(-58, -28, 116, 56);
        frame.texts = {caption};
        const FrameCover cover = frameCover(SceneModel(), frame);
        QCOMPARE(cover.taken.size(), 1);
        QVERIFY2(cover.taken.first() == QRectF(672, 342, 56, 116),
                 qPrintable(at(cover.taken.first())));
    }
};

QTEST_MAIN(TestFrameCover)
#include "tst_framecover.moc"
