// A transformer model in the window: the model picker and phase switch, class points that
// the batch slider moves (GEMM classes) or leaves alone (attention), the model panel's totals
// and per-layer table, the time-share bars, the whole-model batch curve and model-level
// moves. Figures derived by hand; the longer derivations are in tests/models.
#include "batchcurvechart.h"
#include "catalog.h"
#include "controlspanel.h"
#include "diagnosispanel.h"
#include "document.h"
#include "mainwindow.h"
#include "modelpanel.h"
#include "rooflinechart.h"
#include "sharebarchart.h"
#include "testhelpers.h"
#include "windowtest.h"

#include <QChartView>
#include <QComboBox>
#include <QGroupBox>
#include <QListWidget>
#include <QLogValueAxis>
#include <QSettings>
#include <QSlider>
#include <QSpinBox>
#include <QStandardPaths>
#include <QTableWidget>
#include <QTest>
#include <QUndoStack>

#include <cmath>
#include <memory>

using namespace rooflab;
using namespace rooflab::gui;

namespace {

QString s(const char *text)
{
    return QString::fromUtf8(text);
}

const QString h100 = s("h100-sxm5");
const QString llama8b = s("llama-3.1-8b");
const QString llama70b = s("llama-3.1-70b");
const QString projections = s("attention-projections");
const QString attention = s("attention");

// Llama 3.1 8B decoding on H100 SXM5 (3.35 TB/s, 80 GB) at B = 1, S = 4096, BF16.
Scenario llamaScenario()
{
    Scenario sc;
    sc.devices = {h100};
    sc.model = llama8b;
    sc.batch = 1;
    sc.seq = 4096;
    return sc;
}

// The labelled ticks of a log axis: the powers of its base within its range.
QList<double> logTicks(const QLogValueAxis *axis)
{
    QList<double> ticks;
    const double base = axis->base();
    for (double e = std::ceil(std::log(axis->min()) / std::log(base));
         std::pow(base, e) <= axis->max(); e += 1)
        ticks.append(std::pow(base, e));
    return ticks;
}

const QLogValueAxis *rightAxis(const BatchCurveChart &chart)
{
    const QChartView *view = chart.findChild<QChartView *>();
    if (!view)
        return nullptr;
    for (QAbstractAxis *axis : view->chart()->axes(Qt::Vertical)) {
        if (axis->alignment() == Qt::AlignRight)
            return qobject_cast<const QLogValueAxis *>(axis);
    }
    return nullptr;
}

} // namespace

class TestModelWindow : public QObject
{
    Q_OBJECT

    Catalog m_catalog = Catalog::builtin();
    std::unique_ptr<rooflab::test::ShownWindow> m_shown;
    Document *m_doc = nullptr;
    MainWindow *m_window = nullptr;

    double intensity(const QString &op) const
    {
        const PointAnalysis *p = m_doc->analysis().point(h100, op);
        return p ? p->intensity : -1;
    }
    void chooseModel(const QString &id)
    {
        QComboBox *combo = m_window->controls()->modelCombo();
        const int index = combo->findData(id);
        QVERIFY(index >= 0);
        combo->setFocus();
        // Keyboard: Home goes to the first entry, Down steps to the wanted one.
        QTest::keyClick(combo, Qt::Key_Home);
        for (int i = 0; i < index; ++i)
            QTest::keyClick(combo, Qt::Key_Down);
    }

private Q_SLOTS:
    void initTestCase() { rooflab::test::isolateSettings("rooflab-model-window-tests"); }

    void init()
    {
        m_shown = std::make_unique<rooflab::test::ShownWindow>(m_catalog, llamaScenario(),
                                                               QSize(1600, 1000));
        QVERIFY(m_shown->exposed());
        m_doc = m_shown->document();
        m_window = m_shown->window();
        m_doc->select(h100, projections);
    }

    void cleanup()
    {
        m_shown.reset(); // no unsaved-changes prompt; settings emptied
        m_doc = nullptr;
        m_window = nullptr;
    }

    void pickerSwitchesBetweenModelAndOperators()
    {
        ControlsPanel *controls = m_window->controls();
        QCOMPARE(controls->modelCombo()->currentData().toString(), llama8b);
        QCOMPARE(m_doc->analysis().points.size(), 6); // one point per class
        QVERIFY(!controls->operatorList()->parentWidget()->isEnabled());
        chooseModel(QString()); // "None": the scenario's own operators (none here)
        QVERIFY(m_doc->scenario().model.isEmpty());
        QVERIFY(m_doc->modelAnalyses().isEmpty());
        QVERIFY(controls->operatorList()->parentWidget()->isEnabled());
        QVERIFY(!controls->phaseCombo()->isEnabled());
        m_doc->undoStack()->undo(); // one step back to the model
        QCOMPARE(m_doc->scenario().model, llama8b);
        QCOMPARE(controls->modelCombo()->currentData().toString(), llama8b);
        chooseModel(llama70b);
        QCOMPARE(m_doc->scenario().model, llama70b);
        QCOMPARE(m_doc->analysis().points.size(), 6);
    }

    void sliderMovesGemmClassesNotAttention()
    {
        // B = 1: the QKV and output projections do 50,331,648 + 33,554,432 FLOPs per layer
        // on 83,886,080 weight bytes + 36,864 activation bytes: 83,886,080 / 83,922,944.
        ROOFLAB_COMPARE_DOUBLE(intensity(projections), 83886080.0 / 83922944.0);
        // Attention: 67,764,224 FLOPs per 16,793,600 bytes per sequence.
        ROOFLAB_COMPARE_DOUBLE(intensity(attention), 67764224.0 / 16793600.0);
        QSlider *slider = m_window->controls()->batchSlider();
        m_window->controls()->batchSpin()->setValue(4);
        for (int i = 0; i < 4; ++i)
            QTest::keyClick(slider, Qt::Key_PageUp); // doubles: 4 -> 64
        QCOMPARE(m_doc->scenario().batch, 64.0);
        // B = 64: 64 * 83,886,080 / (83,886,080 + 64 * 36,864) = 62.25 FLOP/B.
        ROOFLAB_COMPARE_DOUBLE(intensity(projections), 5368709120.0 / 86245376.0);
        ROOFLAB_COMPARE_DOUBLE(intensity(attention), 67764224.0 / 16793600.0);
        // The totals follow: 64 tokens per step, shown in the model panel.
        QCOMPARE(m_doc->selectedModel()->totals.tokensPerStep, 64.0);
        QVERIFY2(m_window->modelPanel()->totalsText().contains(s("decode, batch 64, context 4096")),
                 qPrintable(m_window->modelPanel()->totalsText()));
    }

    void panelShowsTotalsAndLayerTable()
    {
        // Memory-bound throughout at B = 1: 15,559,191,040 B / 3.35e12 B/s = 4.64453 ms per
        // token, 215.3 tokens/s (tst_modelanalysis derives the bytes).
        const QString totals = m_window->modelPanel()->totalsText();
        QVERIFY2(totals.contains(s("Step time\n4.64 ms")), qPrintable(totals));
        QVERIFY2(totals.contains(s("Tokens per second\n215.3")), qPrintable(totals));
        QVERIFY2(m_window->modelPanel()->fitText().contains(s("Fits")),
                 qPrintable(m_window->modelPanel()->fitText()));
        // 11 operators per layer, the final norm and the LM head.
        QTableWidget *table = m_window->modelPanel()->layerTable();
        QCOMPARE(table->rowCount(), 13);
        QCOMPARE(table->item(12, 1)->text(), s("LM head"));
        QCOMPARE(table->item(0, 2)->text(), s("32")); // once per layer
        QCOMPARE(table->item(12, 2)->text(), s("1"));
    }

    void shareBarsAddUp()
    {
        ShareBarChart *chart = m_window->shareChart();
        QCOMPARE(chart->labels(),
                 QStringList({s("Attention projections"), s("Attention"), s("MLP projections"),
                              s("Norms"), s("Elementwise"), s("LM head")}));
        const QList<double> percent = chart->percentages();
        double sum = 0;
        for (double p : percent)
            sum += p;
        ROOFLAB_COMPARE_NEAR(sum, 100.0, 1e-9);
        // Attention: 32 * 16,793,600 of 15,559,191,040 bytes, all memory-bound: 3.45385%.
        ROOFLAB_COMPARE_NEAR(percent.at(1), 100.0 * 32 * 16793600.0 / 15559191040.0, 1e-9);
        // A longer context grows attention's share: its bytes grow, the weights do not.
        m_window->controls()->sequenceSpin()->setValue(8192);
        QVERIFY(chart->percentages().at(1) > percent.at(1));
    }

    void notFittingSaidPlainly()
    {
        chooseModel(llama70b);
        // 70B in BF16 at B = 1, S = 4096: 142,449,977,856 B on an 80 GB device: 2 devices.
        const QString fit = m_window->modelPanel()->fitText();
        QVERIFY2(fit.contains(s("Does not fit: needs 142 GB")), qPrintable(fit));
        QVERIFY2(fit.contains(s("Needs 2 devices")), qPrintable(fit));
        QVERIFY2(m_window->chartOptions().title.contains(s("does not fit (needs 2 devices)")),
                 qPrintable(m_window->chartOptions().title));
        // The status line says it after the selection, which a narrow window must not elide.
        const QString status = m_window->selectionText();
        QVERIFY2(status.contains(s("  —  Does not fit")), qPrintable(status));
        QVERIFY2(!status.startsWith(s("Does not fit")), qPrintable(status));
    }

    void eachDeviceSaysHowManyItNeeds()
    {
        chooseModel(llama70b);
        m_doc->setDevices({h100, s("h200-sxm"), s("mi300x")});
        m_doc->setBatch(16);
        // 70B in BF16 at B = 16, S = 4096: 141.1 GB of weights + 16 x 1.342 GB of KV cache
        // = 163 GB. Usable (90 %): H100 72 GB, 163 / 72 = 2.26, but 3 does not divide the 64
        // heads and TP 2 holds 81.3 GB per device, so TP 4 (tst_devicesneeded); H200 126.9
        // GB, TP 2 fits; MI300X 172.8 GB: fits. The table says the count as the legend does.
        // The table's cells, one a line: device, fit, needs / holds.
        const QString fit = m_window->modelPanel()->fitText();
        QVERIFY2(fit.contains(s("NVIDIA H100 SXM5 80GB\nno, needs ×4\n")), qPrintable(fit));
        QVERIFY2(fit.contains(s("NVIDIA H200 SXM 141GB\nno, needs ×2\n")), qPrintable(fit));
        QVERIFY2(fit.contains(s("AMD Instinct MI300X\nfits\n")), qPrintable(fit));
    }

    void modelMovesApplyAndUndo()
    {
        chooseModel(llama70b);
        m_doc->select(h100, s("mlp"));
        DiagnosisPanel *panel = m_window->diagnosis();
        QVERIFY(!panel->moves().isEmpty());
        // INT4 (group 128) weights, 0.515625 B each: the step moves 37,242,563,072 instead
        // of 140,409,170,432 bytes (tst_modelrecommend), all memory-bound: -73%.
        const Move first = panel->moves().first();
        QCOMPARE(first.title, s("W4A16: INT4 (group 128) weights"));
        QCOMPARE(first.effect, s("step time −73%, fits in one device"));
        QVERIFY(panel->movesList()->item(0)->text().contains(first.effect));
        panel->applyMove(0);
        QCOMPARE(m_doc->scenario().scheme.weights, s("int4-g128"));
        QVERIFY(m_doc->selectedModel()->footprint.fits);
        QCOMPARE(m_doc->selectedOperator(), s("mlp"));
        QVERIFY2(m_window->modelPanel()->fitText().contains(s("Fits")),
                 qPrintable(m_window->modelPanel()->fitText()));
        m_doc->undoStack()->undo();
        QCOMPARE(m_doc->scenario().scheme.weights, s("bf16"));
    }

    void prefillWithPromptLength()
    {
        ControlsPanel *controls = m_window->controls();
        QVERIFY(!controls->promptSpin()->isEnabled()); // decode has no prompt
        controls->phaseCombo()->setFocus();
        QTest::keyClick(controls->phaseCombo(), Qt::Key_Down);
        QCOMPARE(m_doc->scenario().phase, Phase::Prefill);
        QVERIFY(controls->promptSpin()->isEnabled());
        controls->promptSpin()->setValue(2048);
        QCOMPARE(m_doc->scenario().prompt, 2048.0);
        // Llama 3.1 8B prefill, B = 1, T = 2048: 0.0347437218 s (tst_modelanalysis), so
        // 2048 prompt tokens in that time.
        const ModelAnalysis *model = m_doc->selectedModel();
        QVERIFY(model);
        ROOFLAB_COMPARE_NEAR(model->totals.stepTime, 0.03474372182409002, 1e-9);
        QVERIFY(m_window->modelPanel()->totalsText().contains(s("Time to first token")));
    }

    void totalsInWholeBatchesAndPrefixes()
    {
        chooseModel(llama70b);
        // Llama 3.1 70B: 80 layers of 8192² (Q) + 2·8192·1024 (K, V) + 8192² (O) +
        // 3·8192·28672 (gated MLP) + 2·8192 (norms) = 855,654,400 parameters, plus two
        // 128,256 × 8192 embedding matrices (untied) and the final norm's 8192:
        // 70,553,706,496 = 70.55 B (the model page rounds it to 70.6 B).
        QVERIFY2(m_window->modelPanel()->totalsText().contains(s("70.55 B")),
                 qPrintable(m_window->modelPanel()->totalsText()));
        // At S = 4096 on the H100 (ridge 295.4 FLOP/B) the 70B step is never compute-bound:
        // as B grows each sequence adds 2 * 70.55e9 = 1.411e11 FLOPs of GEMMs and
        // 80 * 4 * 8192 * 4096 = 1.074e10 of attention, but reads its own KV cache,
        // 4096 * 80 * 2 * 8 * 128 * 2 B = 1.342e9 B: the intensity tends to
        // 1.518e11 / 1.342e9 = 113 FLOP/B, under the ridge. The search stops at batch
        // 2^20 = 1048576, said as a whole batch (it read "1.049e+06").
        m_window->controls()->sequenceSpin()->setValue(4096);
        QVERIFY2(m_window->modelPanel()->totalsText().contains(s("at no batch up to 1048576")),
                 qPrintable(m_window->modelPanel()->totalsText()));
        chooseModel(llama8b);
        // At S = 128 the 8B step turns compute-bound at B = 682.559 (tst_modelanalysis): the
        // first whole batch past it is 683.
        m_window->controls()->sequenceSpin()->setValue(128);
        QVERIFY2(m_window->modelPanel()->totalsText().contains(s("from batch 683 (exactly 682.6)")),
                 qPrintable(m_window->modelPanel()->totalsText()));
    }

    void prefillComputeBoundAtEveryBatch()
    {
        m_window->controls()->phaseCombo()->setFocus();
        QTest::keyClick(m_window->controls()->phaseCombo(), Qt::Key_Down);
        QCOMPARE(m_doc->scenario().phase, Phase::Prefill);
        m_window->controls()->promptSpin()->setValue(2048);
        // One sequence of 2048 prompt tokens does 2 FLOPs per BF16 weight (2 B) and token:
        // about 2048 FLOP/B on the GEMMs, far past the 295.4 FLOP/B ridge, so the solved
        // batch lies below one sequence and no whole batch is memory-bound.
        const QString totals = m_window->modelPanel()->totalsText();
        QVERIFY2(totals.contains(s("at every batch")), qPrintable(totals));
        QVERIFY2(!totals.contains(s("from batch")), qPrintable(totals));
    }

    void rateAxisShowsThreeTicks()
    {
        // A rate within a factor of 1.5 (1000 to 1500 tokens/s) used to get one label. The
        // axis now ends at powers of ten two decades apart: 1000 lies on a decade, so the
        // range widens downwards, from 10^2 to 10^4: ticks 100, 1000 and 10000.
        BatchCurve curve;
        curve.title = s("flat rate");
        for (int i = 0; i < 5; ++i) {
            const double batch = std::pow(2.0, i);
            curve.samples.append({.batch = batch,
                                  .time = batch / (1000 + 125 * i),
                                  .tokens = batch,
                                  .tokensPerSecond = 1000.0 + 125 * i});
        }
        BatchCurveChart chart;
        chart.setCurve(curve);
        const QLogValueAxis *axis = rightAxis(chart);
        QVERIFY(axis);
        QCOMPARE(axis->base(), 10.0);
        const QList<double> ticks = logTicks(axis);
        QCOMPARE(ticks.size(), 3);
        ROOFLAB_COMPARE_NEAR(ticks.at(0), 100.0, 1e-9);
        ROOFLAB_COMPARE_NEAR(ticks.at(2), 10000.0, 1e-9);
    }

    void batchCurveIsTheWholeStep()
    {
        // The curve's first sample is the step at B = 1: 4.64453 ms, drawn in ms.
        const QList<QPointF> time = m_window->batchCurve()->timePoints();
        QVERIFY(!time.isEmpty());
        ROOFLAB_COMPARE_NEAR(time.first().x(), 1.0, 1e-12);
        ROOFLAB_COMPARE_NEAR(time.first().y(), 15559191040.0 / 3.35e12 * 1e3, 1e-9);
        // At S = 4096 no batch makes the 8B step compute-bound (tst_modelanalysis): no marker.
        QVERIFY(!m_window->batchCurve()->ridgeMarkerBatch());
        // At S = 128 it turns compute-bound at B = 682.559 (tst_modelanalysis).
        m_window->controls()->sequenceSpin()->setValue(128);
        QVERIFY(m_window->batchCurve()->ridgeMarkerBatch());
        ROOFLAB_COMPARE_NEAR(*m_window->batchCurve()->ridgeMarkerBatch(), 682.5593551757, 1e-6);
    }

    void batchTickMovesOnlyTheCurrentMarker()
    {
        BatchCurveChart *chart = m_window->batchCurve();
        const int sweeps = chart->sweepDraws();
        const QStringList legend = chart->legendNames();
        QVERIFY2(legend.contains(s("Current batch")), qPrintable(legend.join(s(", "))));
        m_doc->setBatch(2);
        QCoreApplication::processEvents();
        // B = 2 (tst_modelanalysis, batchSweep): every operator memory-bound, one more
        // sequence's KV cache and activations, 15,559,191,040 + 549,341,696 =
        // 16,108,532,736 B per step: 16,108,532,736 / 3.35e12 = 4.80852 ms, drawn in ms.
        const std::optional<QPointF> marker = chart->currentMarker();
        QVERIFY(marker);
        ROOFLAB_COMPARE_NEAR(marker->x(), 2.0, 1e-12);
        ROOFLAB_COMPARE_NEAR(marker->y(), 16108532736.0 / 3.35e12 * 1e3, 1e-9);
        QCOMPARE(chart->currentMarkerLabel(), s("B = 2"));
        // The time share chart's title gives the same step time, 4.80852 ms to three
        // figures; it is drawn over the chart, Qt Charts' own title (a relayout) stays empty.
        QCOMPARE(m_window->shareChart()->title(), s("NVIDIA H100 SXM5 80GB: 4.81 ms per step"));
        QVERIFY(m_window->shareChart()->chartTitle().isEmpty());
        // The sweep, its axes and the legend stay as they were: the tick redrew none of them.
        QCOMPARE(chart->sweepDraws(), sweeps);
        QCOMPARE(chart->legendNames(), legend);
        // Another sequence length is another sweep: drawn once.
        m_window->controls()->sequenceSpin()->setValue(128);
        QCOMPARE(chart->sweepDraws(), sweeps + 1);
        QCOMPARE(chart->currentMarkerLabel(), s("B = 2"));
    }

    void batchTickRepaintsOnlyThePointsBuffer()
    {
        // Llama 3.1 8B on two H100s at TP 2: the step's all-reduces cross NVLink, drawn as an
        // interconnect slope at the bandwidth they reach, which moves with the batch (the
        // fixed latency weighs less on larger messages); the title names the batch too.
        const auto linkBandwidth = [this] {
            for (const DeviceRoofs &device : m_doc->analysis().devices) {
                for (const MemoryRoof &roof : device.memory) {
                    if (roof.level == s("interconnect"))
                        return roof.bandwidth;
                }
            }
            return 0.0;
        };
        Deployment deployment = m_doc->scenario().deployment;
        deployment.tpAuto = false;
        deployment.tp = 2;
        m_doc->setDeployment(deployment);
        m_doc->setViewRange(0.1, 1e4, 1e9, 1e16); // fixed axes: a tick keeps the mapping
        RooflineChart *chart = m_window->chart();
        chart->replotNow();
        QCoreApplication::processEvents();
        const double before = linkBandwidth();
        QVERIFY(before > 0);
        const int full = chart->fullReplots();
        m_doc->setBatch(2);
        chart->replotNow();
        QCoreApplication::processEvents();
        QVERIFY2(linkBandwidth() != before, "the interconnect slope should move");
        QCOMPARE(chart->fullReplots(), full); // the points' buffer only
        // Another theme changes the layers below: everything is redrawn, once.
        Presentation p = m_doc->presentation();
        p.theme = s("print");
        m_doc->setPresentation(p, s("Print theme"));
        chart->replotNow();
        QCOMPARE(chart->fullReplots(), full + 1);
    }
};

QTEST_MAIN(TestModelWindow)
#include "tst_modelwindow.moc"
