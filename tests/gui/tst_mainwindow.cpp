// The window as a user drives it: keyboard and mouse on the controls, the diagnosis panel,
// the status bar, recommended moves and undo. Every expected figure is derived by hand.
#include "appsettings.h"
#include "batchcurvechart.h"
#include "catalog.h"
#include "controlspanel.h"
#include "diagnosispanel.h"
#include "document.h"
#include "evaluate.h"
#include "fileactions.h"
#include "mainwindow.h"
#include "rooflinechart.h"
#include "scenariofile.h"
#include "testhelpers.h"
#include "windowtest.h"

#include <QAbstractButton>
#include <QApplication>
#include <QListWidget>
#include <QSettings>
#include <QSlider>
#include <QSpinBox>
#include <QStandardPaths>
#include <QStatusBar>
#include <QStyle>
#include <QStyleOptionSlider>
#include <QTemporaryDir>
#include <QTest>
#include <QUndoStack>

#include <memory>

using namespace rooflab;
using namespace rooflab::gui;
using rooflab::test::gemmIntensity;

namespace {

QString s(const char *text)
{
    return QString::fromUtf8(text);
}

const QString h100 = s("h100-sxm5");
const QString h200 = s("h200-sxm");
const QString gemm = s("decode-mlp-up-8b");
const QString attention = s("attn-decode-8b");
// The windows start from rooflab::test::twoOperatorScenario (windowtest.h): these two
// operators on these two devices, BF16, batch 64, sequence 4096.

} // namespace

class TestMainWindow : public QObject
{
    Q_OBJECT

    Catalog m_catalog = Catalog::builtin();
    std::unique_ptr<rooflab::test::ShownWindow> m_shown;
    Document *m_doc = nullptr;
    MainWindow *m_window = nullptr;

    QSlider *slider() const { return m_window->controls()->batchSlider(); }
    double intensity(const QString &device, const QString &op) const
    {
        const PointAnalysis *p = m_doc->analysis().point(device, op);
        return p ? p->intensity : -1;
    }

    // Where the style draws the batch slider's groove.
    QRect grooveRect() const
    {
        QSlider *sl = slider();
        QStyleOptionSlider option;
        option.initFrom(sl);
        option.orientation = sl->orientation();
        option.minimum = sl->minimum();
        option.maximum = sl->maximum();
        option.sliderPosition = sl->sliderPosition();
        option.sliderValue = sl->value();
        option.singleStep = sl->singleStep();
        option.pageStep = sl->pageStep();
        option.tickPosition = sl->tickPosition();
        option.tickInterval = sl->tickInterval();
        option.subControls = QStyle::SC_All;
        return sl->style()->subControlRect(QStyle::CC_Slider, &option, QStyle::SC_SliderGroove, sl);
    }

private Q_SLOTS:
    void initTestCase() { rooflab::test::isolateSettings("rooflab-gui-tests"); }

    void init()
    {
        m_shown = std::make_unique<rooflab::test::ShownWindow>(
            m_catalog, rooflab::test::twoOperatorScenario(m_catalog), QSize(1600, 1000));
        QVERIFY(m_shown->exposed());
        m_doc = m_shown->document();
        m_window = m_shown->window();
        m_doc->select(h100, gemm);
    }

    void cleanup()
    {
        m_shown.reset(); // no unsaved-changes prompt; settings emptied
        m_doc = nullptr;
        m_window = nullptr;
    }

    void sliderStartsAtTheBatch()
    {
        // Batch 64 = 4·2^4 sits at position 3 + 4·4 = 19 of the log scale.
        QCOMPARE(slider()->value(), 19);
        QCOMPARE(m_window->controls()->batchSpin()->value(), 64);
    }

    void keyboardMovesGemm_data()
    {
        QTest::addColumn<int>("key");
        QTest::addColumn<double>("batch");
        QTest::addColumn<double>("intensity");
        // Right: one step up the scale, 64 -> 80: 9,395,240,960 / 120,389,632 = 78.0403.
        QTest::newRow("right") << int(Qt::Key_Right) << 80.0 << 78.0402831;
        // Left: 64 -> 56: 6,576,668,672 / 119,504,896 = 55.0326.
        QTest::newRow("left") << int(Qt::Key_Left) << 56.0 << 55.0326296;
        // Page Up doubles: 64 -> 128: 15,032,385,536 / 122,159,104 = 123.0558.
        QTest::newRow("page up") << int(Qt::Key_PageUp) << 128.0 << 123.0557940;
        // Page Down halves: 64 -> 32: 3,758,096,384 / 118,620,160 = 31.6818.
        QTest::newRow("page down") << int(Qt::Key_PageDown) << 32.0 << 31.6817680;
    }
    void keyboardMovesGemm()
    {
        QFETCH(int, key);
        QFETCH(double, batch);
        QFETCH(double, intensity);
        // Batch 64: 7,516,192,768 / 119,799,808 = 62.7396 FLOP/byte.
        ROOFLAB_COMPARE_NEAR(this->intensity(h100, gemm), 62.7396061, 1e-8);
        QTest::keyClick(slider(), Qt::Key(key));
        QCOMPARE(m_doc->scenario().batch, batch);
        QCOMPARE(m_window->controls()->batchSpin()->value(), int(batch));
        ROOFLAB_COMPARE_NEAR(this->intensity(h100, gemm), intensity, 1e-8);
        ROOFLAB_COMPARE_NEAR(gemmIntensity(batch), intensity, 1e-8); // the formula above
    }

    void mouseMovesGemm()
    {
        // A click on the groove right of the handle is one page step: 64 -> 128.
        const QRect groove = grooveRect();
        QTest::mouseClick(slider(), Qt::LeftButton, {},
                          QPoint(groove.right() - 2, groove.center().y()));
        QCOMPARE(m_doc->scenario().batch, 128.0);
        ROOFLAB_COMPARE_NEAR(intensity(h100, gemm), 123.0557940, 1e-8);
        // Left of the handle: back to 64, then 32.
        const QPoint left(groove.left() + 2, groove.center().y());
        QTest::mouseClick(slider(), Qt::LeftButton, {}, left);
        QTest::mouseClick(slider(), Qt::LeftButton, {}, left);
        QCOMPARE(m_doc->scenario().batch, 32.0);
        ROOFLAB_COMPARE_NEAR(intensity(h100, gemm), 31.6817680, 1e-8);
    }

    void attentionStays()
    {
        // Decode attention, per sequence: FLOPs 4·S·H·d + 5·S·H = 67,108,864 + 655,360 =
        // 67,764,224; bytes 2·S·H_kv·d·2 + 2·H·d·2 = 16,777,216 + 16,384 = 16,793,600;
        // intensity 4.035122 FLOP/byte at any batch.
        ROOFLAB_COMPARE_NEAR(intensity(h100, attention), 4.0351220, 1e-7);
        for (int i = 0; i < 3; ++i)
            QTest::keyClick(slider(), Qt::Key_PageUp);
        QCOMPARE(m_doc->scenario().batch, 512.0);
        ROOFLAB_COMPARE_NEAR(intensity(h100, attention), 4.0351220, 1e-7);
        ROOFLAB_COMPARE_NEAR(intensity(h200, attention), 4.0351220, 1e-7);
    }

    void boundCrossesRidge()
    {
        // Ridge on the BF16 roof: 989.5e12 / 3.35e12 = 295.373 FLOP/byte. Ridge batch solves
        // 2·B·D·F = I*·(2·D·F + 2·B·(D+F)): B = I*·D·F / (D·F − I*·(D+F))
        // = 295.373·58,720,256 / (58,720,256 − 5,444,268) = 325.558.
        m_window->controls()->batchSpin()->setValue(128);
        QCOMPARE(m_doc->scenario().batch, 128.0);
        DiagnosisPanel *panel = m_window->diagnosis();
        // 123.06 < 295.37 / 1.25 = 236.3: memory-bound.
        QCOMPARE(panel->diagnosis().bound, Bound::Memory);
        QVERIFY2(panel->figuresText().contains(s("memory-bound")),
                 qPrintable(panel->figuresText()));
        // The first whole batch at or past 325.558 is 326; the exact value beside it.
        QVERIFY2(panel->figuresText().contains(s("from batch 326 (exactly 325.6)")),
                 qPrintable(panel->figuresText()));
        ROOFLAB_COMPARE_NEAR(panel->diagnosis().ridgeBatch, 325.5575892, 1e-7);
        QVERIFY(panel->figuresText().contains(s("295.4 FLOP/B")));
        QTest::keyClick(slider(), Qt::Key_PageUp); // 256: 236.96, inside the 1.25 band
        QCOMPARE(panel->diagnosis().bound, Bound::Balanced);
        QTest::keyClick(slider(), Qt::Key_PageUp); // 512: 441.1 > 295.37 · 1.25 = 369.2
        QCOMPARE(m_doc->scenario().batch, 512.0);
        QCOMPARE(panel->diagnosis().bound, Bound::Compute);
        QVERIFY(panel->figuresText().contains(s("compute-bound")));
        QVERIFY(!panel->figuresText().contains(s("memory-bound")));
    }

    void schemeChangesRoof()
    {
        ControlsPanel *controls = m_window->controls();
        // Neither H100 nor H200 has an FP4 ceiling, but both run W4A4 FP4 in BF16, the first
        // wider format they list (docs/roofline.md, "Which roof"): the button stays usable
        // and the points stay on the chart, on the BF16 roof, with a badge.
        QVERIFY(controls->schemeButton(5)->isEnabled());
        QVERIFY2(controls->schemeButton(5)->toolTip().contains(
                     s("NVIDIA H100 SXM5 80GB has no FP4: runs BF16")),
                 qPrintable(controls->schemeButton(5)->toolTip()));
        QVERIFY(controls->schemeButton(1)->isChecked()); // BF16
        QTest::mouseClick(controls->schemeButton(5), Qt::LeftButton);
        const PointAnalysis *fp4 = m_doc->analysis().point(h100, gemm);
        QVERIFY(fp4);
        QCOMPARE(fp4->badge, s("no FP4: runs BF16"));
        ROOFLAB_COMPARE_NEAR(fp4->ridge, 295.3731343, 1e-8); // 989.5e12 / 3.35e12

        QTest::mouseClick(controls->schemeButton(4), Qt::LeftButton); // W8A8 FP8
        const PointAnalysis *p = m_doc->analysis().point(h100, gemm);
        QVERIFY(p);
        QCOMPARE(p->math, s("fp8"));
        ROOFLAB_COMPARE_DOUBLE(p->peakFlops, 1979e12);
        // 1979e12 / 3.35e12 = 590.746 FLOP/byte.
        ROOFLAB_COMPARE_NEAR(p->ridge, 590.7462687, 1e-8);
        // 1-byte weights and activations: 7,516,192,768 / (58,720,256 + 64·18,432) = 125.479.
        ROOFLAB_COMPARE_NEAR(p->intensity, 125.4792123, 1e-8);

        QTest::mouseClick(controls->schemeButton(2), Qt::LeftButton); // W8A16
        p = m_doc->analysis().point(h100, gemm);
        QCOMPARE(p->math, s("bf16")); // FP8 weights, dequantised: the BF16 roof
        ROOFLAB_COMPARE_NEAR(p->ridge, 295.3731343, 1e-8);
        // 7,516,192,768 / (58,720,256 + 2·64·18,432) = 123.056.
        ROOFLAB_COMPARE_NEAR(p->intensity, 123.0557940, 1e-8);
        QVERIFY(controls->schemeButton(2)->isChecked());
    }

    void schemeByKeyboard()
    {
        // The scheme buttons are one exclusive group: arrow keys step through it.
        ControlsPanel *controls = m_window->controls();
        controls->schemeButton(1)->setFocus();
        QTest::keyClick(controls->schemeButton(1), Qt::Key_Right);
        QVERIFY(controls->schemeButton(2)->isChecked());
        // W8A16: FP8 weights (1 byte) with BF16 activations and math.
        QCOMPARE(m_doc->scenario().scheme.weights, s("fp8-e4m3"));
        QCOMPARE(m_doc->scenario().scheme.math, s("bf16"));
        ROOFLAB_COMPARE_NEAR(intensity(h100, gemm), 123.0557940, 1e-8);
    }

    void selectionAndHoverText()
    {
        // Batch 64 on H100: T_mem = 119,799,808 B / 3.35e12 B/s = 35.76 µs; T_math =
        // 7,516,192,768 / 989.5e12 = 7.60 µs; share of peak 62.74 / 295.37 = 21.2%.
        const QString text = m_window->selectionText();
        QVERIFY2(text.contains(s("8B MLP up (decode)")), qPrintable(text));
        QVERIFY(text.contains(s("NVIDIA H100 SXM5 80GB")));
        QVERIFY(text.contains(s("62.74 FLOP/B")));
        QVERIFY(text.contains(s("295.4 FLOP/B")));
        QVERIFY(text.contains(s("memory-bound")));
        QVERIFY(text.contains(s("35.8 µs")));
        QVERIFY(text.contains(s("21.2%")));

        // Hover over the H200 point: 119,799,808 / 4.8e12 = 24.96 µs -> "25 µs" (3 digits);
        // ridge 989.5 / 4.8 = 206.1.
        Q_EMIT m_window->chart()->pointHovered(h200, gemm);
        const QString hover = m_window->statusLine();
        QVERIFY(m_window->statusBar()->currentMessage().isEmpty()); // one line, not two
        QVERIFY2(hover.contains(s("NVIDIA H200 SXM 141GB")), qPrintable(hover));
        QVERIFY(hover.contains(s("62.74 FLOP/B")));
        QVERIFY(hover.contains(s("206.1 FLOP/B")));
        QVERIFY(hover.contains(s("25 µs")));
        Q_EMIT m_window->chart()->pointHovered(QString(), QString());
        QCOMPARE(m_window->statusLine(), text);

        // A click on the chart selects; the status line follows.
        Q_EMIT m_window->chart()->pointClicked(h100, attention);
        QVERIFY(m_window->selectionText().contains(s("8B attention (decode)")));
        QVERIFY(m_window->selectionText().contains(s("4.035 FLOP/B")));
        // The diagnosis panel explains why attention does not move.
        QVERIFY(m_window->diagnosis()->explanationText().contains(s("attention does not move")));
    }

    void comparisonAcrossDevices()
    {
        // Memory-bound on both: time ratio = bandwidth ratio, 3.35 / 4.8 = 0.6979; the H200
        // runs 4.8 / 3.35 = 1.433× faster.
        const PointDiagnosis &d = m_window->diagnosis()->diagnosis();
        QCOMPARE(d.comparisons.size(), 1);
        ROOFLAB_COMPARE_NEAR(d.comparisons.at(0).timeRatio, 0.6979166667, 1e-8);
        QVERIFY(m_window->diagnosis()->figuresText().contains(s("1.43×")));
    }

    void movesMatchTheCore()
    {
        DiagnosisPanel *panel = m_window->diagnosis();
        QVERIFY(!panel->moves().isEmpty());
        const Analysis before = m_doc->analysis();
        const PointAnalysis *old = before.point(h100, gemm);
        int fp8Row = -1;
        for (int row = 0; row < panel->moves().size(); ++row) {
            const Move &move = panel->moves().at(row);
            if (!move.predicted)
                continue;
            // Re-running the core on the moved scenario gives the effect the panel lists.
            const Analysis moved = evaluate(m_catalog, move.scenario);
            const PointAnalysis *after = moved.point(move.deviceId, gemm);
            QVERIFY(after);
            ROOFLAB_COMPARE_NEAR(move.timeRatio, after->time / old->time, 1e-12);
            ROOFLAB_COMPARE_NEAR(move.intensityRatio, after->intensity / old->intensity, 1e-12);
            QVERIFY(panel->movesList()->item(row)->text().contains(move.effect));
            const Format *w = m_catalog.format(move.scenario.scheme.weights);
            if (move.kind == MoveKind::WeightFormat && w && w->bytesPerElement() == 1)
                fp8Row = row;
        }
        // FP8 weights at batch 64: bytes 58,720,256 + 2·64·18,432 = 61,079,552 against
        // 119,799,808 (both memory-bound): time ×0.50985; intensity 123.056 / 62.740 = ×1.96137.
        QVERIFY(fp8Row >= 0);
        const Move fp8 = panel->moves().at(fp8Row);
        ROOFLAB_COMPARE_NEAR(fp8.timeRatio, 0.5098468271, 1e-8);
        ROOFLAB_COMPARE_NEAR(fp8.intensityRatio, 1.9613733906, 1e-8);

        // Double-click applies it as one undoable edit.
        QListWidget *list = panel->movesList();
        QListWidgetItem *item = list->item(fp8Row);
        list->scrollToItem(item);
        const QPoint centre = list->visualItemRect(item).center();
        QTest::mouseClick(list->viewport(), Qt::LeftButton, {}, centre);
        QTest::mouseDClick(list->viewport(), Qt::LeftButton, {}, centre);
        QCOMPARE(m_doc->scenario().scheme.weights, fp8.scenario.scheme.weights);
        ROOFLAB_COMPARE_NEAR(intensity(h100, gemm), 123.0557940, 1e-8);
        QCOMPARE(m_doc->undoStack()->count(), 1);
        m_doc->undoStack()->undo();
        QCOMPARE(m_doc->scenario().scheme.weights, s("bf16"));
    }

    void undoRedoRestoresBatch()
    {
        QTest::keyClick(slider(), Qt::Key_PageUp);
        QTest::keyClick(slider(), Qt::Key_PageUp);
        QCOMPARE(m_doc->scenario().batch, 256.0);
        m_doc->undoStack()->undo();
        QCOMPARE(m_doc->scenario().batch, 128.0);
        QCOMPARE(slider()->value(), 23); // 128 = 4·2^5: position 3 + 4·5
        QCOMPARE(m_window->controls()->batchSpin()->value(), 128);
        m_doc->undoStack()->undo();
        QCOMPARE(m_doc->scenario().batch, 64.0);
        ROOFLAB_COMPARE_NEAR(intensity(h100, gemm), 62.7396061, 1e-8);
        m_doc->undoStack()->redo();
        QCOMPARE(m_doc->scenario().batch, 128.0);
        QCOMPARE(slider()->value(), 23);
    }

    void dragMergesIntoOneUndoStep()
    {
        slider()->setSliderDown(true); // as a mouse drag does
        Q_EMIT slider()->sliderPressed();
        slider()->setValue(20);
        slider()->setValue(21);
        slider()->setValue(22);
        QCOMPARE(m_doc->scenario().batch, 112.0); // position 22: 4·2^4·7/4, live while dragging
        slider()->setSliderDown(false);
        QCOMPARE(m_doc->undoStack()->count(), 1);
        m_doc->undoStack()->undo();
        QCOMPARE(m_doc->scenario().batch, 64.0);
    }

    void shortcuts()
    {
        m_window->activateWindow();
        QVERIFY(QTest::qWaitForWindowActive(m_window));
        m_window->chart()->setFocus();
        QTest::keyClick(m_window, Qt::Key_Up, Qt::ControlModifier);
        QCOMPARE(m_doc->scenario().batch, 128.0);
        QTest::keyClick(m_window, Qt::Key_Down, Qt::ControlModifier);
        QTest::keyClick(m_window, Qt::Key_Down, Qt::ControlModifier);
        QCOMPARE(m_doc->scenario().batch, 32.0);
        QTest::keyClick(m_window, Qt::Key_N);
        QCOMPARE(m_doc->selectedOperator(), attention);
        QTest::keyClick(m_window, Qt::Key_P);
        QCOMPARE(m_doc->selectedOperator(), gemm);
        QTest::keyClick(m_window, Qt::Key_Z, Qt::ControlModifier); // undo
        QCOMPARE(m_doc->scenario().batch, 64.0);
        // F6 moves from the chart to the controls (the batch slider), Shift+F6 back.
        QTest::keyClick(m_window, Qt::Key_F6);
        QCOMPARE(QApplication::focusWidget(), slider());
        QTest::keyClick(m_window, Qt::Key_F6, Qt::ShiftModifier);
        QCOMPARE(QApplication::focusWidget(), m_window->chart());
    }

    void remembersTheScenario()
    {
        m_doc->setBatch(256);
        m_doc->select(h200, attention);
        m_doc->markSaved(); // no unsaved-changes question
        QVERIFY(m_window->close());
        QStringList errors;
        const auto last =
            readScenarioFile(app::settings::lastScenario.get(), s("settings"), m_catalog, &errors);
        QVERIFY2(last, qPrintable(errors.join(s("; "))));
        QCOMPARE(last->scenario.batch, 256.0);
        QCOMPARE(last->scenario.devices, QStringList({h100, h200}));
        QCOMPARE(last->selection.device, h200);
        QCOMPARE(last->selection.op, attention);
        QVERIFY(!app::settings::windowGeometry.get().isEmpty());
    }

    void openAndSave()
    {
        QTemporaryDir dir;
        QVERIFY(dir.isValid());
        const QString path = dir.filePath(s("b512.rooflab.json"));
        Scenario sc = rooflab::test::twoOperatorScenario(m_catalog);
        sc.batch = 512;
        Presentation view;
        view.theme = s("dark");
        QString error;
        QVERIFY2(saveScenarioFile(path, sc, view, {.device = h200, .op = gemm}, &error),
                 qPrintable(error));

        m_doc->setBatch(8);
        m_doc->markSaved();
        QVERIFY(m_window->openFile(path));
        QCOMPARE(m_doc->scenario().batch, 512.0);
        QCOMPARE(m_doc->undoStack()->count(), 0);
        QCOMPARE(m_doc->selectedDevice(), h200);
        QCOMPARE(m_doc->presentation().theme, s("dark"));
        QVERIFY(m_window->windowTitle().contains(s("b512.rooflab.json")));

        // An edit marks the window modified; Save writes it back and clears the mark.
        QTest::keyClick(slider(), Qt::Key_PageDown);
        QCOMPARE(m_doc->scenario().batch, 256.0);
        QVERIFY(m_window->isWindowModified());
        QVERIFY(m_window->fileActions()->save());
        QVERIFY(!m_window->isWindowModified());
        QStringList errors;
        const auto saved = loadScenarioFile(path, m_catalog, &errors);
        QVERIFY2(saved, qPrintable(errors.join(s("; "))));
        QCOMPARE(saved->scenario.batch, 256.0);
        QCOMPARE(saved->presentation.theme, s("dark"));
    }

    void batchCurveMarksTheRidge()
    {
        // The ridge batch of the selected GEMM, 325.558 (see boundCrossesRidge).
        const std::optional<double> ridge = m_window->batchCurve()->ridgeMarkerBatch();
        QVERIFY(ridge);
        ROOFLAB_COMPARE_NEAR(*ridge, 325.5575892, 1e-7);
        // 24 batches per decade from 1 to 4096: 1 + floor(24·log10 4096) = 1 + 86 points, plus
        // 4096 itself.
        QVERIFY(m_window->batchCurve()->timePoints().size() >= 80);
        // Attention never reaches a ridge: no marker.
        m_doc->select(h100, attention);
        QVERIFY(!m_window->batchCurve()->ridgeMarkerBatch());
    }
};

QTEST_MAIN(TestMainWindow)
#include "tst_mainwindow.moc"
