#include "axisticks.h"
#include "compositingplot.h"
#include "figure.h"
#include "renderfixtures.h"
#include "rooflinechart.h"
#include "scenarioanalysis.h"
#include "testhelpers.h"

#include <QBackingStore>
#include <QSignalSpy>
#include <QTest>
#include <QToolTip>

#include <cmath>

using namespace rooflab;
using namespace rooflab::test;

class TestRooflineChart : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void init();
    void cleanup();
    void showsAnalysisAndGrabsImages();
    void tooltipCarriesTheFigures();
    void clickSelectsAndHoverReports();
    void batchChangeMovesGemmsAndAnimates();
    void largeMarkerIsHitAcrossItsArea();
    void wheelZoomAndResetView();
    void fixedViewFromOptions();
    void legendOutsideThePlotIsDrawnOnScreen();
    void hoverOnACompactLegendNamesWhatItCounts();
    void screenIsWhatQCustomPlotPaints();
    void screenDrawsTheTickLabelsFont();
    void aBatchTickAfterANewScenarioStartsAfresh();

private:
    Analysis analysisAt(double batch) const;
    Catalog m_catalog = Catalog::builtin();
    RooflineChart *m_chart = nullptr;
};

Analysis TestRooflineChart::analysisAt(double batch) const
{
    return evaluate(m_catalog, llmScenario(m_catalog, {QStringLiteral("h100-sxm5")}, batch));
}

void TestRooflineChart::init()
{
    m_chart = new RooflineChart;
    m_chart->resize(1200, 800);
    m_chart->show();
    QVERIFY(QTest::qWaitForWindowExposed(m_chart));
}

void TestRooflineChart::cleanup()
{
    delete m_chart;
    m_chart = nullptr;
}

void TestRooflineChart::showsAnalysisAndGrabsImages()
{
    ChartOptions options;
    options.animate = false;
    m_chart->setAnalysis(analysisAt(1), options);
    const QImage image = m_chart->grabImage(QSize(900, 600));
    QCOMPARE(image.size(), QSize(900, 600));
    const QPointF p =
        m_chart->pointPosition(QStringLiteral("h100-sxm5"), QStringLiteral("decode-qkv-8b"));
    QVERIFY(m_chart->rect().contains(p.toPoint()));
    QCOMPARE(m_chart->pointPosition(QStringLiteral("h100-sxm5"), QStringLiteral("no-such-op")),
             QPointF(-1, -1));
    // The view follows the content: every point is inside it.
    const ViewRange view = m_chart->viewRange();
    for (const PointAnalysis &point : analysisAt(1).points) {
        QVERIFY(point.intensity > view.xMin && point.intensity < view.xMax);
        QVERIFY(point.attainableFlops > view.yMin && point.attainableFlops < view.yMax);
    }
}

void TestRooflineChart::tooltipCarriesTheFigures()
{
    m_chart->setAnalysis(analysisAt(1), ChartOptions());
    const QString text =
        m_chart->tooltipFor(QStringLiteral("h100-sxm5"), QStringLiteral("decode-qkv-8b"));
    QVERIFY(text.contains(QLatin1String("8B QKV proj (decode)")));
    QVERIFY(text.contains(QLatin1String("NVIDIA H100 SXM5 80GB")));
    // Batch 1: 2*1*4096*6144 = 50,331,648 FLOP = 50.33 MFLOP.
    QVERIFY2(text.contains(QLatin1String("50.33 MFLOP")), qPrintable(text));
    // Bytes: 4096*6144*2 + 1*(4096+6144)*2 = 50,331,648 + 20,480 = 50,352,128 B = 50.35 MB.
    QVERIFY2(text.contains(QLatin1String("50.35 MB")), qPrintable(text));
    // Intensity 50,331,648 / 50,352,128 = 0.9996 FLOP/byte, far below the ridge.
    QVERIFY2(text.contains(QLatin1String("0.9996 FLOP/byte")), qPrintable(text));
    QVERIFY(text.contains(QLatin1String("Bound: memory")));
    // Time = bytes / bandwidth = 50,352,128 / 3.35e12 = 15.03 µs.
    QVERIFY2(text.contains(QStringLiteral("15 µs")) || text.contains(QStringLiteral("15.03 µs")),
             qPrintable(text));
    QVERIFY(m_chart->tooltipFor(QStringLiteral("x"), QStringLiteral("y")).isEmpty());
}

void TestRooflineChart::clickSelectsAndHoverReports()
{
    ChartOptions options;
    options.animate = false;
    m_chart->setAnalysis(analysisAt(1), options);
    QSignalSpy clicked(m_chart, &RooflineChart::pointClicked);
    QSignalSpy hovered(m_chart, &RooflineChart::pointHovered);
    const QString device = QStringLiteral("h100-sxm5"), op = QStringLiteral("attn-decode-70b");
    const QPoint at = m_chart->pointPosition(device, op).toPoint();
    QWidget *plot = m_chart->childAt(at);
    QVERIFY(plot);
    const QPoint local = plot->mapFrom(m_chart, at);
    QMouseEvent move(QEvent::MouseMove, QPointF(local), plot->mapToGlobal(QPointF(local)),
                     Qt::NoButton, Qt::NoButton, Qt::NoModifier);
    QCoreApplication::sendEvent(plot, &move);
    QVERIFY(!hovered.isEmpty());
    QCOMPARE(hovered.last().at(0).toString(), device);
    QCOMPARE(hovered.last().at(1).toString(), op);
    QTest::mouseClick(plot, Qt::LeftButton, {}, local);
    QCOMPARE(clicked.size(), 1);
    QCOMPARE(clicked.first().at(0).toString(), device);
    QCOMPARE(clicked.first().at(1).toString(), op);
    // Far from every point: the hover ends with empty ids and a click selects nothing.
    QMouseEvent away(QEvent::MouseMove, QPointF(5, 5), plot->mapToGlobal(QPointF(5, 5)),
                     Qt::NoButton, Qt::NoButton, Qt::NoModifier);
    QCoreApplication::sendEvent(plot, &away);
    QCOMPARE(hovered.last().at(0).toString(), QString());
    QTest::mouseClick(plot, Qt::LeftButton, {}, QPoint(5, 5));
    QCOMPARE(clicked.size(), 1);
}

void TestRooflineChart::largeMarkerIsHitAcrossItsArea()
{
    // One point; 15 px right of its centre is beyond the 9 px pick radius of a plain marker
    // but inside a model class's marker of a whole step: 3.5 * 11 = 38.5 px across.
    Scenario scenario;
    scenario.devices = {QStringLiteral("h100-sxm5")};
    scenario.operators = {catalogOperator(m_catalog, QStringLiteral("decode-qkv-8b"))};
    Analysis analysis = evaluate(m_catalog, scenario);
    ChartOptions options;
    options.animate = false;
    const QString device = QStringLiteral("h100-sxm5"), op = QStringLiteral("decode-qkv-8b");
    QSignalSpy clicked(m_chart, &RooflineChart::pointClicked);
    for (double share : {0.0, 1.0}) {
        analysis.points[0].share = share;
        m_chart->setAnalysis(analysis, options);
        const QPoint at = m_chart->pointPosition(device, op).toPoint() + QPoint(15, 0);
        QWidget *plot = m_chart->childAt(at);
        QVERIFY(plot);
        QTest::mouseClick(plot, Qt::LeftButton, {}, plot->mapFrom(m_chart, at));
    }
    QCOMPARE(clicked.size(), 1); // only the large marker
    QCOMPARE(clicked.first().at(1).toString(), op);
}

void TestRooflineChart::batchChangeMovesGemmsAndAnimates()
{
    const QString device = QStringLiteral("h100-sxm5");
    const QString gemm = QStringLiteral("decode-mlp-up-8b"),
                  attention = QStringLiteral("attn-decode-8b");
    ChartOptions options;
    options.animate = false;
    m_chart->setAnalysis(analysisAt(1), options);
    m_chart->setAnalysis(analysisAt(64), options); // the frame now holds both batches
    const QPointF gemmAt64 = m_chart->pointPosition(device, gemm);
    const QPointF attentionAt64 = m_chart->pointPosition(device, attention);
    const ViewRange view = m_chart->viewRange();

    options.animate = true;
    m_chart->setAnalysis(analysisAt(16), options);
    // The view stays put for a batch step that keeps every point in it.
    QCOMPARE(m_chart->viewRange(), view);
    const QPointF start = m_chart->pointPosition(device, gemm);
    QCOMPARE(start, gemmAt64); // the glide starts where the point was
    QTRY_VERIFY_WITH_TIMEOUT(m_chart->pointPosition(device, gemm) != start, 1000);
    QTest::qWait(300); // 150 ms glide
    const QPointF end = m_chart->pointPosition(device, gemm);
    // Pixels per decade from two points of known intensity at batch 64:
    //   GEMM D = 4096, F = 14336: I(B) = B·D·F / (D·F + B·(D+F))
    //     I(64) = 64 * 58,720,256 / (58,720,256 + 64 * 18,432) = 62.7396
    //     I(16) = 16 * 58,720,256 / (58,720,256 + 16 * 18,432) = 15.9200
    //   attention H = 32, H_kv = 8, d = 128, S = 4096, 2-byte KV:
    //     I = (4·S·H·d + 5·S·H) / (2·S·H_kv·d·2 + 2·H·d·2) = 67,764,224 / 16,793,600 = 4.03512
    //   log10(62.7396 / 4.03512) = 1.191685 decades between them
    const double pixelsPerDecade = (gemmAt64.x() - attentionAt64.x()) / 1.191685;
    // 64 -> 16 moves the GEMM log10(62.7396 / 15.9200) = 0.595598 decades left.
    ROOFLAB_COMPARE_NEAR(start.x() - end.x(), 0.595598 * pixelsPerDecade, 0.01);
    // Attention does not follow the batch: it stays exactly where it was.
    QCOMPARE(m_chart->pointPosition(device, attention), attentionAt64);
}

void TestRooflineChart::wheelZoomAndResetView()
{
    m_chart->setAnalysis(analysisAt(1), ChartOptions());
    const ViewRange before = m_chart->viewRange();
    QSignalSpy changed(m_chart, &RooflineChart::viewChanged);
    QWidget *plot = m_chart->childAt(m_chart->rect().center());
    QVERIFY(plot);
    const QPointF centre = plot->rect().center();
    QWheelEvent wheel(centre, plot->mapToGlobal(centre), QPoint(), QPoint(0, 120), Qt::NoButton,
                      Qt::NoModifier, Qt::NoScrollPhase, false);
    QCoreApplication::sendEvent(plot, &wheel);
    QVERIFY(!changed.isEmpty());
    QVERIFY(!m_chart->followsContent());
    const ViewRange zoomed = m_chart->viewRange();
    // Zooming in narrows both ranges.
    QVERIFY(zoomed.xMax / zoomed.xMin < before.xMax / before.xMin);
    QVERIFY(zoomed.yMax / zoomed.yMin < before.yMax / before.yMin);
    m_chart->resetView();
    QCOMPARE(m_chart->viewRange(), before);
    QVERIFY(m_chart->followsContent());
}

void TestRooflineChart::fixedViewFromOptions()
{
    ChartOptions options;
    options.xMin = 0.5;
    options.xMax = 5000;
    options.yMin = 1e11;
    options.yMax = 1e16;
    m_chart->setAnalysis(analysisAt(1), options);
    QCOMPARE(m_chart->viewRange(), (ViewRange{0.5, 5000, 1e11, 1e16}));
    // A new batch with the same fixed view keeps it.
    m_chart->setAnalysis(analysisAt(256), options);
    QCOMPARE(m_chart->viewRange(), (ViewRange{0.5, 5000, 1e11, 1e16}));
}

void TestRooflineChart::hoverOnACompactLegendNamesWhatItCounts()
{
    // Llama 3.1 70B on the H100, H200 and MI300X at 225 % text in a 1200 x 800 chart: the
    // compact legend counts the line labels that found no room ("N line labels left
    // out"); hovering it names each with its device. The MI300X's BF16 ridge, 1307.4 TFLOP/s /
    // 5.3 TB/s = 246.7 FLOP/B, is among them (tst_linelabelfacts).
    ChartOptions options;
    options.animate = false;
    options.fontScale = 2.25;
    m_chart->resize(1200, 800);
    m_chart->setAnalysis(rooflab::test::analysisAt(threeDevices(), 16).chart, options);
    m_chart->replotNow();
    const SceneFrame frame = m_chart->frame();
    QVERIFY(!frame.lineLabelsLeftOut.isEmpty());
    QVERIFY2(
        frame.lineLabelsLeftOut.contains(QStringLiteral("ridge 247 FLOP/B (AMD Instinct MI300X)")),
        qPrintable(frame.lineLabelsLeftOut.join(QStringLiteral("; "))));
    // The chart draws into its one child widget (the plot), in the frame's coordinates.
    QWidget *plot = m_chart->findChild<QWidget *>();
    QVERIFY(plot);
    QTest::mouseMove(plot, frame.legend.rect.center().toPoint());
    QTRY_VERIFY(QToolTip::isVisible());
    const QString tip = QToolTip::text();
    for (const QString &label : frame.lineLabelsLeftOut)
        QVERIFY2(tip.contains(label), qPrintable(label + QStringLiteral(" not in ") + tip));
    QVERIFY(tip.startsWith(QStringLiteral("Left out of the chart")));
}

void TestRooflineChart::legendOutsideThePlotIsDrawnOnScreen()
{
    // Llama 3.1 70B on four devices at 225 % text in a 1280 x 800 chart: the legend leaves
    // the plot, in a compact margin under it (tst_legendslot). The window draws it there, not
    // clipped to the plot, the same as the chart's image for a file.
    const Analysis analysis = rooflab::test::analysisAt(fourDevices(), 16).chart;
    ChartOptions options;
    options.animate = false;
    options.fontScale = 2.25;
    m_chart->resize(1280, 800);
    m_chart->setAnalysis(analysis, options);
    m_chart->replotNow();
    QCoreApplication::processEvents();
    const QImage screen = m_chart->grab().toImage().convertToFormat(QImage::Format_RGB32);
    const QImage file = m_chart->grabImage(m_chart->size()).convertToFormat(QImage::Format_RGB32);
    QCOMPARE(screen.size(), file.size());
    const ViewRange view = m_chart->viewRange();
    ChartOptions fixed = options;
    fixed.xMin = view.xMin;
    fixed.xMax = view.xMax;
    fixed.yMin = view.yMin;
    fixed.yMax = view.yMax;
    const Figure figure(analysis, fixed, m_chart->size());
    QVERIFY(figure.layout().legend.outside());
    const QRect legend = figure.frame().legend.rect.toAlignedRect();
    const QRectF plot = figure.layout().map.rect;
    QVERIFY(figure.layout().legend.place == LegendSlot::Place::Right
                ? legend.left() > plot.right()
                : legend.top() > plot.bottom());
    // Inside the legend's box the screen shows what the file shows: text is antialiased a
    // little differently in QCustomPlot's buffer, so compare the mean grey of 16 px blocks;
    // a clipped or misplaced legend leaves blocks that differ by far more.
    const QColor background = figure.model().theme.background;
    const auto meanGrey = [](const QImage &image, const QRect &block) {
        double sum = 0;
        for (int y = block.top(); y <= block.bottom(); ++y) {
            for (int x = block.left(); x <= block.right(); ++x)
                sum += qGray(image.pixel(x, y));
        }
        return sum / (block.width() * block.height());
    };
    int blocks = 0, differing = 0, inked = 0;
    for (int y = legend.top(); y + 16 <= legend.bottom(); y += 16) {
        for (int x = legend.left(); x + 16 <= legend.right(); x += 16) {
            const QRect block(x, y, 16, 16);
            const double onScreen = meanGrey(screen, block);
            ++blocks;
            if (std::abs(onScreen - meanGrey(file, block)) > 12)
                ++differing;
            if (std::abs(onScreen - qGray(background.rgb())) > 12)
                ++inked;
        }
    }
    QVERIFY2(differing <= blocks / 50,
             qPrintable(QStringLiteral("%1 of %2").arg(differing).arg(blocks)));
    QVERIFY(inked > blocks / 10); // the legend is there: its text and swatches
}

void TestRooflineChart::screenIsWhatQCustomPlotPaints()
{
    // The plot paints a frame as a copy of its background with the bottom buffer blended on
    // it, kept from the last full replot, and the points' buffer blended on top; QCustomPlot
    // paints the background, then each buffer blended. The screen must show the same pixels
    // either way: on the first frame, after batch ticks that only repaint the points, and
    // after one that moves the view.
    auto *plot = m_chart->findChild<CompositingPlot *>();
    QVERIFY(plot);
    ChartOptions options;
    options.animate = false;
    const auto screenOfPlot = [&] {
        const auto *screen = dynamic_cast<const QImage *>(m_chart->backingStore()->paintDevice());
        return screen ? screen->copy(QRect(plot->mapTo(m_chart, QPoint(0, 0)), plot->size()))
                            .convertToFormat(QImage::Format_RGB32)
                      : QImage();
    };
    int replots = 0, builds = 0, pointsOnlyTicks = 0;
    for (const double batch : {1.0, 1.5, 2.0, 2.5, 3.0, 3.5, 4.0, 2000.0, 2100.0}) {
        m_chart->setAnalysis(analysisAt(batch), options);
        m_chart->replotNow();
        plot->repaint();
        const QImage screen = screenOfPlot();
        QVERIFY(!screen.isNull());
        plot->setCompositing(false);
        plot->repaint();
        QCOMPARE(screen, screenOfPlot());
        plot->setCompositing(true);
        // A tick that left the axes alone repainted the points over the same bottom image.
        if (batch > 1.0 && m_chart->fullReplots() == replots) {
            QCOMPARE(plot->bottomImageBuilds(), builds);
            ++pointsOnlyTicks;
        }
        // A full replot composites again: it built a new bottom image (the fallback path,
        // which paints as QCustomPlot does, would build none and pass the checks above).
        if (m_chart->fullReplots() > replots)
            QVERIFY2(plot->bottomImageBuilds() > builds, qPrintable(QString::number(batch)));
        replots = m_chart->fullReplots();
        builds = plot->bottomImageBuilds();
    }
    QVERIFY(pointsOnlyTicks >= 3);
    QVERIFY(m_chart->fullReplots() >= 2); // batch 2000 moved the view: a new bottom image
}

void TestRooflineChart::screenDrawsTheTickLabelsFont()
{
    // Four devices at 225 % in a 580 x 455 chart: each axis draws its labels smaller than
    // the tick font to keep every decade labelled (tst_ticklabels). Under the plot and left
    // of it the screen shows what the file shows, in 16 px blocks (text is antialiased a
    // little differently in QCustomPlot's buffer); labels at the scene's 32 px rather than
    // the axis's own size would ink other blocks.
    const ScenarioAnalysis result = rooflab::test::analysisAt(fourDevices(), 16);
    const Analysis &analysis = result.chart;
    // As the window draws it: its title and brief title, the fit verdicts.
    ChartOptions options = rooflab::test::windowOptions(result, 2.25);
    options.animate = false;
    m_chart->resize(580, 455);
    m_chart->setAnalysis(analysis, options);
    m_chart->replotNow();
    QCoreApplication::processEvents();
    const QImage screen = m_chart->grab().toImage().convertToFormat(QImage::Format_RGB32);
    const ViewRange view = m_chart->viewRange();
    ChartOptions fixed = options;
    fixed.xMin = view.xMin;
    fixed.xMax = view.xMax;
    fixed.yMin = view.yMin;
    fixed.yMax = view.yMax;
    const Figure figure(analysis, fixed, m_chart->size());
    const QRectF plot = figure.layout().map.rect;
    QVERIFY(horizontalTickLabels(figure.layout().map, figure.model().fonts).font.pixelSize() <
            figure.model().fonts.tick.pixelSize());
    const QImage file = figure.image(1).convertToFormat(QImage::Format_RGB32);
    QCOMPARE(screen.size(), file.size());
    const auto meanGrey = [](const QImage &image, const QRect &block) {
        double sum = 0;
        for (int y = block.top(); y <= block.bottom(); ++y) {
            for (int x = block.left(); x <= block.right(); ++x)
                sum += qGray(image.pixel(x, y));
        }
        return sum / (block.width() * block.height());
    };
    // The strip of the horizontal labels and the column of the vertical ones.
    const QRect p = plot.toRect();
    const QRect under(p.left(), p.bottom() + 8, p.width(), 48);
    const QRect left(p.left() - 96, p.top(), 88, p.height());
    int blocks = 0, differing = 0;
    for (const QRect &strip : {under, left}) {
        for (int y = strip.top(); y + 16 <= strip.bottom(); y += 16) {
            for (int x = strip.left(); x + 16 <= strip.right(); x += 16) {
                const QRect block(x, y, 16, 16);
                ++blocks;
                if (std::abs(meanGrey(screen, block) - meanGrey(file, block)) > 12)
                    ++differing;
            }
        }
    }
    QVERIFY2(differing <= blocks / 50,
             qPrintable(QStringLiteral("%1 of %2").arg(differing).arg(blocks)));
}

void TestRooflineChart::aBatchTickAfterANewScenarioStartsAfresh()
{
    // Labels keep their places only from a frame of the same scene: a batch tick that comes
    // right after another scenario (three devices instead of four, the same fixed axes, not
    // laid out in between) must not start from the four devices' labels, but lay out as a
    // chart shown at that state at once does.
    const auto optionsOf = [](const ScenarioAnalysis &result) {
        ChartOptions options = windowOptions(result, 1.0);
        options.animate = false;
        options.xMin = 0.1;
        options.xMax = 1e4;
        options.yMin = 1e11;
        options.yMax = 1e16;
        return options;
    };
    const ScenarioAnalysis four = rooflab::test::analysisAt(fourDevices(), 16);
    const ScenarioAnalysis three = rooflab::test::analysisAt(threeDevices(), 16);
    const ScenarioAnalysis threeLater = rooflab::test::analysisAt(threeDevices(), 16 * 1.03);
    m_chart->setAnalysis(four.chart, optionsOf(four));
    (void)m_chart->frame(); // the four devices drawn
    m_chart->setAnalysis(three.chart, optionsOf(three));
    m_chart->setAnalysis(threeLater.chart, optionsOf(threeLater), true);
    RooflineChart direct;
    direct.resize(1200, 800);
    direct.show();
    QVERIFY(QTest::qWaitForWindowExposed(&direct));
    direct.setAnalysis(threeLater.chart, optionsOf(threeLater));
    const SceneFrame ticked = m_chart->frame(), atOnce = direct.frame();
    QCOMPARE(ticked.texts.size(), atOnce.texts.size());
    for (qsizetype i = 0; i < ticked.texts.size(); ++i) {
        QCOMPARE(ticked.texts.at(i).text, atOnce.texts.at(i).text);
        QCOMPARE(ticked.texts.at(i).rect, atOnce.texts.at(i).rect);
    }
}

QTEST_MAIN(TestRooflineChart)
#include "tst_rooflinechart.moc"
