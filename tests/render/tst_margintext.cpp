// AxisPainter::textBoxes() (src/figure/axispainter.h): the boxes the figure draws text in
// around its plot, which keep the presenter view's strip off the tick labels, the axis
// titles and the title when it stands beside the plot. Judged on the drawn image, not on
// the painter's own geometry: every pixel inked outside the plot, its tick marks and the
// legend lies in a box, and the ink in each box spans most of it.
#include "axispainter.h"
#include "figure.h"
#include "renderfixtures.h"

#include <QImage>
#include <QTest>

using namespace rooflab;
using rooflab::test::describe;

class TestMarginText : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void everyInkedPixelIsInABox_data();
    void everyInkedPixelIsInABox();
};

void TestMarginText::everyInkedPixelIsInABox_data()
{
    QTest::addColumn<QSize>("size");
    QTest::addColumn<double>("textScale");
    QTest::addColumn<Theme>("theme");
    QTest::newRow("1280 x 800, 225 %") << QSize(1280, 800) << 2.25 << Theme::Light;
    QTest::newRow("800 x 800, 175 %, dark") << QSize(800, 800) << 1.75 << Theme::Dark;
    QTest::newRow("580 x 455, 100 %") << QSize(580, 455) << 1.0 << Theme::Light;
}

void TestMarginText::everyInkedPixelIsInABox()
{
    QFETCH(QSize, size);
    QFETCH(double, textScale);
    QFETCH(Theme, theme);
    // Llama 3.1 70B on three devices as the window shows it: a title with the need, a legend.
    const ScenarioAnalysis result = rooflab::test::analysisAt(rooflab::test::threeDevices(), 16);
    ChartOptions options = rooflab::test::windowOptions(result, textScale);
    options.theme = theme;
    const Figure figure(result.chart, options, size);
    const QImage image = figure.image(1.0).convertToFormat(QImage::Format_RGB32);
    QCOMPARE(image.size(), size);
    const QList<QRectF> boxes = AxisPainter::textBoxes(figure.model(), figure.layout());
    QVERIFY(!boxes.isEmpty());

    // What is not text: the plot with its border and its tick marks (6 px at 100 %, grown
    // with the text, and a pixel for the border's width), and the legend.
    const double ticks = 6 * std::max(1.0, textScale) + 2;
    const QRectF plot = figure.layout().map.rect.adjusted(-ticks, -1, 1, ticks);
    const QRectF legend = figure.frame().legend.rect.adjusted(-1, -1, 1, 1);
    const QRgb background = image.pixel(0, 0); // the corner: nothing is drawn there
    const auto inked = [&](int x, int y) { return image.pixel(x, y) != background; };
    // A pixel lit by antialiasing may stand a pixel outside a text's box.
    const auto inABox = [&](const QPointF &centre) {
        for (const QRectF &box : boxes) {
            if (box.adjusted(-1, -1, 1, 1).contains(centre))
                return true;
        }
        return false;
    };
    int stray = 0;
    QString first;
    for (int y = 0; y < image.height(); ++y) {
        for (int x = 0; x < image.width(); ++x) {
            const QPointF centre(x + 0.5, y + 0.5);
            if (!inked(x, y) || plot.contains(centre) || legend.contains(centre) || inABox(centre))
                continue;
            if (stray++ == 0)
                first = QStringLiteral("%1,%2").arg(x).arg(y);
        }
    }
    QVERIFY2(
        stray == 0,
        qPrintable(
            QStringLiteral("%1 inked pixels in no box, the first at %2").arg(stray).arg(first)));
    // A box much larger than its ink would claim room that is free: the ink inside each
    // spans most of it each way (half at least: a line's descent is blank, and a tick
    // label's exponent stands higher than the base's top).
    for (const QRectF &box : boxes) {
        const QRect pixels = box.toAlignedRect().intersected(image.rect());
        QRect ink;
        for (int y = pixels.top(); y <= pixels.bottom(); ++y) {
            for (int x = pixels.left(); x <= pixels.right(); ++x) {
                if (inked(x, y) && !plot.contains(QPointF(x + 0.5, y + 0.5)))
                    ink |= QRect(x, y, 1, 1);
            }
        }
        QVERIFY2(ink.width() >= box.width() / 2 && ink.height() >= box.height() / 2,
                 qPrintable(QStringLiteral("ink ") + describe(ink) + QStringLiteral(" in ") +
                            describe(box)));
    }
}

QTEST_MAIN(TestMarginText)
#include "tst_margintext.moc"
