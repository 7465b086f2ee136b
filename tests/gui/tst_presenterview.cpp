// The presenter view and the View menu's lecture aids: F11 and its keys, the caption it
// draws as the chart's title, locking the axes, and the text-size steps as undo steps.
#include "controlspanel.h"
#include "document.h"
#include "mainwindow.h"
#include "presenterview.h"
#include "rooflinechart.h"
#include "textsizemenu.h"
#include "theme.h"
#include "windowtest.h"

#include <QDockWidget>
#include <QGuiApplication>
#include <QImage>
#include <QLabel>
#include <QMenuBar>
#include <QScreen>
#include <QSignalSpy>
#include <QSpinBox>
#include <QStatusBar>
#include <QTabBar>
#include <QTest>
#include <QToolTip>
#include <QTransform>
#include <QUndoStack>

#include <cstdlib>
#include <memory>

using namespace rooflab;
using namespace rooflab::gui;

namespace {

QString s(const char *text)
{
    return QString::fromUtf8(text);
}

QAction *actionNamed(QWidget *window, const QString &text)
{
    const QList<QAction *> actions = window->findChildren<QAction *>();
    for (QAction *action : actions) {
        if (action->text() == text)
            return action;
    }
    return nullptr;
}

// What `strip` hides of `frame`: upright labels and those turned a quarter (a zone's caption
// on its side, by its turned box), point markers (16 px boxes), the legend.
QStringList hiddenByStrip(const SceneFrame &frame, const QRect &strip)
{
    QStringList hidden;
    for (const PlacedText &text : frame.texts) {
        QTransform turn;
        turn.translate(text.origin.x(), text.origin.y());
        turn.rotate(text.angle);
        const bool upright = text.angle == 0, onItsSide = std::abs(text.angle) == 90;
        if ((upright && text.rect.intersects(strip)) ||
            (onItsSide && turn.mapRect(text.rect).intersects(strip)))
            hidden << QStringLiteral("%1 at %2,%3 %4x%5")
                          .arg(text.text)
                          .arg(text.rect.x())
                          .arg(text.rect.y())
                          .arg(text.rect.width())
                          .arg(text.rect.height());
    }
    for (const QPointF &pixel : frame.pointPixels) {
        if (QRectF(pixel - QPointF(8, 8), QSizeF(16, 16)).intersects(strip))
            hidden << QStringLiteral("a marker at %1,%2").arg(pixel.x()).arg(pixel.y());
    }
    if (frame.legend.rect.intersects(strip))
        hidden << QStringLiteral("the legend");
    return hidden;
}

} // namespace

class TestPresenterView : public QObject
{
    Q_OBJECT

    Catalog m_catalog = Catalog::builtin();
    std::unique_ptr<rooflab::test::ShownWindow> m_shown;
    Document *m_doc = nullptr;
    MainWindow *m_window = nullptr;

    int visibleDocks() const
    {
        int n = 0;
        const QList<QDockWidget *> docks = m_window->findChildren<QDockWidget *>();
        for (const QDockWidget *dock : docks)
            n += dock->isVisible() ? 1 : 0;
        return n;
    }

    // The title of the tab in front in each group of tabbed docks, sorted.
    QStringList frontTabs() const
    {
        QStringList titles;
        for (const QTabBar *bar : m_window->findChildren<QTabBar *>()) {
            if (bar->isVisible() && bar->currentIndex() >= 0)
                titles.append(bar->tabText(bar->currentIndex()));
        }
        titles.sort();
        return titles;
    }

private Q_SLOTS:
    void initTestCase() { rooflab::test::isolateSettings("rooflab-presenter-tests"); }

    void init()
    {
        m_shown = std::make_unique<rooflab::test::ShownWindow>(
            m_catalog, rooflab::test::twoOperatorScenario(m_catalog), QSize(1280, 800));
        QVERIFY(m_shown->exposed());
        m_doc = m_shown->document();
        m_window = m_shown->window();
    }

    void cleanup()
    {
        m_window->presenter()->leave();
        m_shown.reset();
    }

    void captionNamesWhatTheChartShows()
    {
        // Two operators, batch 64, BF16 (the preset's label), sequence 4096, two devices
        // named without their vendor.
        const QString caption = presenterCaption(m_catalog, m_doc->scenario());
        QCOMPARE(caption, s("8B MLP up (decode), 8B attention (decode)  ·  batch 64  ·  BF16  ·  "
                            "context 4096  ·  H100 SXM5 80GB, H200 SXM 141GB"));
    }

    void f11EntersAndEscLeaves()
    {
        const int docksBefore = visibleDocks();
        QVERIFY(docksBefore > 0);
        const QStringList tabsBefore = frontTabs();
        QVERIFY2(tabsBefore.contains(s("Controls")), qPrintable(tabsBefore.join(s(", "))));
        QTest::keyClick(m_window->chart(), Qt::Key_F11);
        QVERIFY(m_window->presenter()->isActive());
        QCOMPARE(visibleDocks(), 0);
        QVERIFY(!m_window->menuBar()->isVisible());
        QVERIFY(!m_window->statusBar()->isVisible());
        QVERIFY(m_window->presenter()->strip()->isVisible());
        QVERIFY(m_window->presenter()->strip()->text().contains(s("Batch 64")));
        // Large text and the caption as the title; the document's own text scale is kept.
        QCOMPARE(m_window->chartOptions().fontScale, presenterTextScale);
        QCOMPARE(m_doc->presentation().textScale, 1.0);
        QVERIFY(m_window->chartOptions().title.contains(s("batch 64")));

        QTest::keyClick(m_window->chart(), Qt::Key_Escape);
        QVERIFY(!m_window->presenter()->isActive());
        QCOMPARE(visibleDocks(), docksBefore);
        // The tabs in front are those that were: showing the docks again one by one brought
        // the last of each tab group forward (Diagnosis over Controls).
        QCOMPARE(frontTabs(), tabsBefore);
        QVERIFY(m_window->menuBar()->isVisible());
        QVERIFY(m_window->statusBar()->isVisible());
        QCOMPARE(m_window->chartOptions().fontScale, 1.0);
    }

    // Leaving puts the window back where it was, at its size: under X without a window
    // manager, QWidget::restoreGeometry() put it back by its frame, 20 px lower each time.
    // tests/gui/CMakeLists.txt runs this case under Xvfb (tst_presenterview_x11).
    void leavingPutsTheWindowBack()
    {
        if (QGuiApplication::platformName() == s("offscreen"))
            QSKIP("the offscreen platform keeps a window screen-sized after full screen");
        // 90 % of a 1280 x 800 screen at its top left, as the window opens there.
        const QRect before(0, 0, 1152, 720);
        m_window->setGeometry(before);
        QTRY_COMPARE(m_window->geometry(), before);
        for (int round = 0; round < 2; ++round) {
            m_window->presenter()->enter(nullptr);
            // The whole screen (set by hand where no window manager applies the state).
            QTRY_COMPARE(m_window->geometry(), m_window->screen()->geometry());
            m_window->presenter()->leave();
            QTest::qWait(100); // a late move would land here
            QTRY_COMPARE(m_window->geometry(), before);
        }
    }

    // The strip of keys hides none of the figure where the plot has room for it: no label
    // (the zone captions among them), marker or legend. It stood in the bottom right corner,
    // over the compute-bound caption, whatever the figure.
    void theStripHidesNoneOfTheFigure()
    {
        // The 8B MLP up projection on the H100 alone: at the offscreen screen's 800 x 800 its
        // figure has room for the strip (the 70B model's on three devices has none).
        Scenario scenario = rooflab::test::twoOperatorScenario(m_catalog);
        scenario.devices.removeLast();
        scenario.operators.removeLast();
        m_doc->replaceScenario(scenario, s("One point"));
        QSignalSpy resized(m_window->chart(), &RooflineChart::plotResized);
        m_window->presenter()->enter();
        QLabel *strip = m_window->presenter()->strip();
        QVERIFY(strip->isVisible());
        // The full screen's size, and the strip's place in it.
        QTRY_VERIFY(resized.count() > 0);
        const SceneFrame frame = m_window->chart()->frame();
        // The plot widget fills the chart, so the frame's pixels are the chart's.
        const QRect stripRect = strip->geometry();
        QVERIFY2(frame.map.rect.contains(stripRect),
                 qPrintable(QStringLiteral("strip %1,%2 %3x%4 outside the plot %5,%6 %7x%8")
                                .arg(stripRect.x())
                                .arg(stripRect.y())
                                .arg(stripRect.width())
                                .arg(stripRect.height())
                                .arg(frame.map.rect.x())
                                .arg(frame.map.rect.y())
                                .arg(frame.map.rect.width())
                                .arg(frame.map.rect.height())));
        const QStringList hidden = hiddenByStrip(frame, stripRect);
        QVERIFY2(hidden.isEmpty(), qPrintable(QStringLiteral("the strip at %1,%2 %3x%4 hides ")
                                                  .arg(stripRect.x())
                                                  .arg(stripRect.y())
                                                  .arg(stripRect.width())
                                                  .arg(stripRect.height()) +
                                              hidden.join(s("; "))));
        // A batch step keeps the strip where it is (its text as wide, give or take a digit).
        const QPoint centre = strip->geometry().center();
        QTest::keyClick(m_window->chart(), Qt::Key_Up);
        QVERIFY(strip->text().contains(s("Batch 128")));
        QVERIFY2(std::abs(strip->geometry().center().x() - centre.x()) <= 1 &&
                     strip->geometry().top() == stripRect.top(),
                 qPrintable(QStringLiteral("moved from %1,%2 to %3,%4")
                                .arg(centre.x())
                                .arg(centre.y())
                                .arg(strip->geometry().center().x())
                                .arg(strip->geometry().center().y())));
        // Appearing anew, after a change that redraws the chart (the document tells the strip
        // before the window redraws): its place is the one the new figure gives, not the one
        // of the figure before (the 70B model's crowded plot has no room at the top left).
        strip->hide();
        m_doc->replaceScenario(rooflab::test::llama70bOnThreeDevices(), s("70B"));
        QVERIFY(strip->isVisible());
        const QRect after = strip->geometry();
        QVERIFY(after.topLeft() != stripRect.topLeft());
        QVERIFY2(hiddenByStrip(m_window->chart()->frame(), after).isEmpty(),
                 qPrintable(hiddenByStrip(m_window->chart()->frame(), after).join(s("; "))));
        // The window's chart has tooltips: its notes may say to hover a point.
        QVERIFY(m_window->chartOptions().interactive);
    }

    // The 8B MLP up projection and its attention on the H100 and H200 at the offscreen
    // screen's 800 x 800 and the presenter's 175 % text: no place in the plot is free for both
    // of the strip's lines, and it stood over labels and markers for its few seconds. It now
    // shows its first line alone (the batch, the precision, the axes) where that hides nothing.
    void aCrowdedPlotGetsTheStripsFirstLineAlone()
    {
        QSignalSpy resized(m_window->chart(), &RooflineChart::plotResized);
        m_window->presenter()->enter();
        QTRY_VERIFY(resized.count() > 0);
        QLabel *strip = m_window->presenter()->strip();
        QTRY_VERIFY(strip->isVisible());
        QTest::keyClick(m_window->chart(), Qt::Key_Up); // placed anew on the full-screen chart
        strip->hide();
        QTest::keyClick(m_window->chart(), Qt::Key_Down);
        QVERIFY(strip->isVisible());
        QCOMPARE(strip->text(), s("Batch 64   ·   BF16   ·   axes follow"));
        const SceneFrame frame = m_window->chart()->frame();
        QVERIFY(frame.map.rect.contains(strip->geometry()));
        QVERIFY2(hiddenByStrip(frame, strip->geometry()).isEmpty(),
                 qPrintable(hiddenByStrip(frame, strip->geometry()).join(s("; "))));
        // The whole strip, as the view would draw it (the same font, margin and both lines),
        // hides some of the plot wherever the chart puts it.
        QLabel whole;
        whole.setFont(strip->font());
        whole.setMargin(strip->margin());
        whole.setText(strip->text() + s("\n↑ ↓ batch   P precision   L lock   Esc leave"));
        whole.adjustSize();
        double wholeHidden = 0;
        m_window->chart()->quietestPlace(whole.size(), 12, &wholeHidden);
        QVERIFY2(wholeHidden > 0, qPrintable(QString::number(wholeHidden)));
    }

    // Llama 3.1 70B on three devices at 800 x 800 and 175 %: the plot has no free place even
    // for the strip's first line, which stood over the memory slopes and the attention points.
    // The figure's margin has one, under the legend below the plot: the strip stands there,
    // over nothing the figure draws, and a batch step keeps it there.
    void aFullPlotLendsTheStripItsMargin()
    {
        m_doc->replaceScenario(rooflab::test::llama70bOnThreeDevices(), s("70B"));
        QSignalSpy resized(m_window->chart(), &RooflineChart::plotResized);
        m_window->presenter()->enter();
        QTRY_VERIFY(resized.count() > 0);
        QLabel *strip = m_window->presenter()->strip();
        strip->hide();
        QTest::keyClick(m_window->chart(), Qt::Key_Up); // placed anew on the full-screen chart
        QVERIFY(strip->isVisible());
        const QRect place = strip->geometry();
        const QRect plot = m_window->chart()->frame().map.rect.toAlignedRect();
        QVERIFY2(!place.intersects(plot), qPrintable(QStringLiteral("strip %1,%2 %3x%4")
                                                         .arg(place.x())
                                                         .arg(place.y())
                                                         .arg(place.width())
                                                         .arg(place.height())));
        // The chart drawn without the strip shows only its background under it, before and
        // after a batch step and a scheme that writes wider (the plot widget fills the chart;
        // its top left corner is background in every figure).
        const auto drawnUnderStrip = [&] {
            QVERIFY(m_window->chart()->rect().contains(strip->geometry()));
            const QImage chart = m_window->chart()->grabImage(m_window->chart()->size());
            const QRgb background = chart.pixel(0, 0);
            int drawn = 0;
            const QRect r = strip->geometry();
            for (int y = r.top(); y <= r.bottom(); ++y) {
                for (int x = r.left(); x <= r.right(); ++x)
                    drawn += chart.pixel(x, y) != background ? 1 : 0;
            }
            QVERIFY2(drawn == 0, qPrintable(QStringLiteral("%1 drawn pixels under %2,%3 %4x%5")
                                                .arg(drawn)
                                                .arg(r.x())
                                                .arg(r.y())
                                                .arg(r.width())
                                                .arg(r.height())));
        };
        drawnUnderStrip();
        QTest::keyClick(m_window->chart(), Qt::Key_Down);
        QVERIFY(strip->text().contains(s("Batch 16")));
        QCOMPARE(strip->geometry().top(), place.top());
        QVERIFY(std::abs(strip->geometry().center().x() - place.center().x()) <= 1);
        drawnUnderStrip();
        QTest::keyClick(m_window->chart(), Qt::Key_P);
        QVERIFY(!strip->text().contains(s("BF16")));
        if (!strip->geometry().intersects(plot))
            drawnUnderStrip();
    }

    void presenterKeysEditTheScenario()
    {
        m_window->presenter()->enter();
        const Selection selection = m_doc->selection();
        QTest::keyClick(m_window->chart(), Qt::Key_Up); // 64 x 2 = 128
        QCOMPARE(m_doc->scenario().batch, 128.0);
        QVERIFY(m_window->chartOptions().title.contains(s("batch 128")));
        QTest::keyClick(m_window->chart(), Qt::Key_Down); // 128 / 2 = 64
        QTest::keyClick(m_window->chart(), Qt::Key_Down); // 64 / 2 = 32
        QCOMPARE(m_doc->scenario().batch, 32.0);
        QVERIFY(m_window->presenter()->strip()->text().contains(s("Batch 32")));

        // P steps from BF16 to the next preset both devices run: W8A16 (FP8 E4M3 weights,
        // BF16 activations and math); not Edit › Previous point.
        QTest::keyClick(m_window->chart(), Qt::Key_P);
        QCOMPARE(m_doc->scenario().scheme.weights, s("fp8-e4m3"));
        QCOMPARE(m_doc->scenario().scheme.act, s("bf16"));
        QCOMPARE(m_doc->selection(), selection);
        QVERIFY(m_window->chartOptions().title.contains(s("W8A16")));

        // L locks the axes (not View › Show legend), and frees them again.
        QTest::keyClick(m_window->chart(), Qt::Key_L);
        QVERIFY(m_doc->presentation().fixedRange());
        QVERIFY(m_doc->presentation().showLegend);
        QVERIFY(m_window->presenter()->strip()->text().contains(s("axes locked")));
        QTest::keyClick(m_window->chart(), Qt::Key_L);
        QVERIFY(!m_doc->presentation().fixedRange());
        QVERIFY(m_window->chart()->followsContent());
    }

    void lockedAxesStayWhenThePrecisionChanges()
    {
        QAction *lock = actionNamed(m_window, s("Loc&k axes"));
        QVERIFY(lock);
        const int steps = m_doc->undoStack()->count();
        lock->trigger();
        QVERIFY(lock->isChecked());
        QCOMPARE(m_doc->undoStack()->count(), steps + 1);
        const ViewRange locked = m_window->chart()->viewRange();
        QCOMPARE(m_doc->presentation().xMin, locked.xMin);
        QCOMPARE(m_doc->presentation().yMax, locked.yMax);
        // FP8 doubles the H100's compute roof (989.5 -> 1979 TFLOP/s): the content grows, the
        // locked frame does not.
        PrecisionScheme fp8;
        fp8.weights = fp8.act = fp8.math = s("fp8-e4m3");
        m_doc->setScheme(fp8);
        QCOMPARE(m_window->chart()->viewRange(), locked);
        m_doc->undoStack()->undo(); // the scheme
        m_doc->undoStack()->undo(); // the lock
        QVERIFY(!lock->isChecked());
        QVERIFY(!m_doc->presentation().fixedRange());
        QVERIFY(m_window->chart()->followsContent());
    }

    void titleTooltipSaysTheWholeTitle()
    {
        m_doc->setModel(s("llama-3.1-70b"));
        const QString title = m_window->chartOptions().title;
        QVERIFY(!title.isEmpty());
        // The chart draws into its one child widget (the plot); hover the title's band.
        QWidget *plot = m_window->chart()->findChild<QWidget *>();
        QVERIFY(plot);
        QTest::mouseMove(plot, QPoint(plot->width() / 2, 20));
        QTRY_VERIFY(QToolTip::isVisible());
        QCOMPARE(QToolTip::text(), title);
    }

    void textSizeStepsAreUndoSteps()
    {
        auto *menu = m_window->findChild<TextSizeMenu *>();
        QVERIFY(menu);
        const QList<QAction *> steps = menu->actions();
        QVERIFY(steps.size() >= 4);
        QCOMPARE(steps.at(2)->text(), s("175 %"));
        steps.at(2)->trigger();
        QCOMPARE(m_doc->presentation().textScale, 1.75);
        QCOMPARE(m_window->chartOptions().fontScale, 1.75);
        QVERIFY(steps.at(2)->isChecked());
        // The docks' text too, not only the chart's: 1.75 x the unscaled size.
        const double base = unscaledFont().pointSizeF();
        QCOMPARE(m_window->controls()->batchSpin()->font().pointSizeF(), base * 1.75);
        QCOMPARE(m_window->menuBar()->font().pointSizeF(), base * 1.75);
        m_doc->undoStack()->undo();
        QCOMPARE(m_doc->presentation().textScale, 1.0);
        QVERIFY(steps.at(0)->isChecked());

        // Ctrl++ four times: 100 -> 135 -> 175 -> 225 %, then it stays at the largest.
        for (int i = 0; i < 4; ++i)
            QTest::keyClick(m_window->chart(), Qt::Key_Equal, Qt::ControlModifier);
        QCOMPARE(m_doc->presentation().textScale, 2.25);
        QVERIFY(steps.at(3)->isChecked());
        QTest::keyClick(m_window->chart(), Qt::Key_Minus, Qt::ControlModifier);
        QCOMPARE(m_doc->presentation().textScale, 1.75);
        // Steps in a row are one undo step (Document merges text-scale edits): one undo
        // goes back to where they started.
        QCOMPARE(m_doc->undoStack()->count(), 1);
        m_doc->undoStack()->undo();
        QCOMPARE(m_doc->presentation().textScale, 1.0);
    }
};

QTEST_MAIN(TestPresenterView)
#include "tst_presenterview.moc"
