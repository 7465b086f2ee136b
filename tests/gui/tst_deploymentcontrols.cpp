// The deployment controls beside the model (docs/models.md, "Deployments"): TP auto picks t
// and the comparison rows follow it; TP, PP, headroom and price are each one undo step; an
// empty price is no price ("—"); values the deployment cannot take are refused.
//
// Llama 3.1 70B, BF16, decode, S = 4096 on an H100 SXM5 (80 GB; 72 GB usable at 10 %).
#include "batchcurvechart.h"
#include "catalog.h"
#include "comparedock.h"
#include "comparetablemodel.h"
#include "deploymentcontrols.h"
#include "document.h"
#include "modeltext.h"
#include "testhelpers.h"

#include <QAbstractScrollArea>
#include <QComboBox>
#include <QDoubleSpinBox>
#include <QLabel>
#include <QLineEdit>
#include <QSpinBox>
#include <QTest>
#include <QUndoStack>

using namespace rooflab;

namespace {

Scenario llama70bOnH100(double batch)
{
    Scenario s;
    s.model = QStringLiteral("llama-3.1-70b");
    s.batch = batch;
    s.seq = 4096;
    s.devices = {QStringLiteral("h100-sxm5")};
    return s;
}

} // namespace

class TestDeploymentControls : public QObject
{
    Q_OBJECT

private:
    Catalog m_catalog;

private Q_SLOTS:
    void initTestCase()
    {
        m_catalog = Catalog::builtin();
        QVERIFY(m_catalog.problems().isEmpty());
    }

    void autoPicksTAndTheRowsChange()
    {
        app::Document document(m_catalog, llama70bOnH100(1));
        gui::DeploymentControls controls(&document);
        gui::CompareDock dock(&document);
        dock.show(); // a hidden dock does not refresh
        QVERIFY(controls.isEnabled());
        // TP 1 at B = 1 needs 141,110,050,816 B of weights alone (70.55 billion parameters
        // x 2 B) > 72e9: the row says it does not fit.
        QCOMPARE(dock.tableModel()->rows().first().tp, 1);
        QVERIFY(!dock.tableModel()->rows().first().fits);
        // Auto: TP 2 needs 70,555,025,408 + 671,088,640 (KV: 4096 x 2*80*4*128*2) + 330,240
        // (activations) = 71,226,444,288 B <= 72e9: t = 2.
        controls.tpCombo()->setCurrentIndex(0);
        Q_EMIT controls.tpCombo()->activated(0);
        QVERIFY(document.scenario().deployment.tpAuto);
        QCOMPARE(dock.tableModel()->rows().first().tp, 2);
        QVERIFY(dock.tableModel()->rows().first().fits);
        QVERIFY2(controls.resolvedLabel()->text().contains(QStringLiteral("TP 2")),
                 qPrintable(controls.resolvedLabel()->text()));
        // B = 8: TP 2 needs 70,555,025,408 + 8 x 671,088,640 + 8 x 330,240 = 75,926,376,448 B
        // > 72e9; TP 4 needs 35,278,831,616 + 8 x 335,544,320 + 8 x 301,568 = 37,965,598,720 B:
        // t = 4, and the verdict's memory says so.
        document.setBatch(8);
        QCOMPARE(dock.tableModel()->rows().first().tp, 4);
        QCOMPARE(dock.tableModel()->rows().first().devices, 4);
        QVERIFY(controls.resolvedLabel()->text().contains(QStringLiteral("TP 4")));
        QCOMPARE(dock.tableModel()->index(0, gui::CompareTableModel::Fits).data().toString(),
                 QStringLiteral("yes\n38 GB of 72 GB"));
    }

    void eachEditIsOneUndoStep()
    {
        app::Document document(m_catalog, llama70bOnH100(1));
        gui::DeploymentControls controls(&document);
        QUndoStack *undo = document.undoStack();
        const int before = undo->count();
        const int four = controls.tpCombo()->findData(4);
        controls.tpCombo()->setCurrentIndex(four);
        Q_EMIT controls.tpCombo()->activated(four);
        controls.ppSpin()->setValue(2);
        controls.headroomSpin()->setValue(20);
        controls.priceEdit()->setText(QStringLiteral("2.5"));
        Q_EMIT controls.priceEdit()->editingFinished();
        QCOMPARE(undo->count(), before + 4);
        const Deployment &d = document.scenario().deployment;
        QCOMPARE(d.tp, 4);
        QVERIFY(!d.tpAuto);
        QCOMPARE(d.pp, 2);
        ROOFLAB_COMPARE_DOUBLE(d.headroom, 0.20);
        QVERIFY(d.pricePerDeviceHour);
        ROOFLAB_COMPARE_DOUBLE(*d.pricePerDeviceHour, 2.5);
        // Undo in reverse order, and the controls follow the document.
        undo->undo();
        QVERIFY(!document.scenario().deployment.pricePerDeviceHour);
        QVERIFY(controls.priceEdit()->text().isEmpty());
        QCOMPARE(controls.priceEdit()->placeholderText(), QStringLiteral("—"));
        undo->undo();
        ROOFLAB_COMPARE_DOUBLE(document.scenario().deployment.headroom, 0.10);
        QCOMPARE(controls.headroomSpin()->value(), 10.0);
        undo->undo();
        QCOMPARE(document.scenario().deployment.pp, 1);
        QCOMPARE(controls.ppSpin()->value(), 1);
        undo->undo();
        QCOMPARE(document.scenario().deployment, Deployment());
        QCOMPARE(controls.tpCombo()->currentData().toInt(), 1);
        undo->redo();
        QCOMPARE(document.scenario().deployment.tp, 4);
        QCOMPARE(controls.tpCombo()->currentData().toInt(), 4);
    }

    void emptyPriceIsNoPrice()
    {
        Scenario s = llama70bOnH100(1);
        s.deployment.tp = 4;
        s.deployment.pricePerDeviceHour = 3.0;
        app::Document document(m_catalog, s);
        gui::DeploymentControls controls(&document);
        gui::CompareDock dock(&document);
        dock.show(); // a hidden dock does not refresh
        QVERIFY(dock.tableModel()->rows().first().costPerMillionTokens);
        controls.priceEdit()->clear();
        Q_EMIT controls.priceEdit()->editingFinished();
        QVERIFY(!document.scenario().deployment.pricePerDeviceHour);
        QCOMPARE(dock.tableModel()->index(0, gui::CompareTableModel::Cost).data().toString(),
                 QStringLiteral("—"));
    }

    void refusesWhatCannotBe()
    {
        app::Document document(m_catalog, llama70bOnH100(1));
        const int before = document.undoStack()->count();
        Deployment d;
        d.headroom = 0.95; // above 0.9
        document.setDeployment(d);
        d = Deployment();
        d.pp = 0;
        document.setDeployment(d);
        d = Deployment();
        d.pricePerDeviceHour = -1;
        document.setDeployment(d);
        QCOMPARE(document.undoStack()->count(), before);
        QCOMPARE(document.scenario().deployment, Deployment());
        // The spin box cannot go past 90 %.
        gui::DeploymentControls controls(&document);
        QCOMPARE(controls.headroomSpin()->maximum(), 90.0);
    }

    // A typed "-1" is refused with a reason and the price stays 2.5 (it had turned into 1:
    // the validator dropped the minus sign).
    void aNegativePriceTypedIsRefusedWithAReason()
    {
        app::Document document(m_catalog, llama70bOnH100(1));
        gui::DeploymentControls controls(&document);
        controls.show();
        QLineEdit *price = controls.priceEdit();
        price->setFocus();
        QTest::keyClicks(price, QStringLiteral("2.5"));
        QTest::keyClick(price, Qt::Key_Return);
        QVERIFY(document.scenario().deployment.pricePerDeviceHour);
        ROOFLAB_COMPARE_DOUBLE(*document.scenario().deployment.pricePerDeviceHour, 2.5);
        QVERIFY(controls.priceError()->isHidden());
        const int steps = document.undoStack()->count();

        price->selectAll();
        QTest::keyClicks(price, QStringLiteral("-1"));
        QCOMPARE(price->text(), QStringLiteral("-1")); // the minus sign reached the field
        QTest::keyClick(price, Qt::Key_Return);
        QVERIFY(document.scenario().deployment.pricePerDeviceHour);
        ROOFLAB_COMPARE_DOUBLE(*document.scenario().deployment.pricePerDeviceHour, 2.5);
        QCOMPARE(document.undoStack()->count(), steps);
        QCOMPARE(price->text(), QStringLiteral("2.5"));
        QVERIFY(!controls.priceError()->isHidden());
        QVERIFY2(controls.priceError()->text().contains(QStringLiteral("negative")),
                 qPrintable(controls.priceError()->text()));

        // The next good price is taken and the reason goes.
        price->selectAll();
        QTest::keyClicks(price, QStringLiteral("3"));
        QTest::keyClick(price, Qt::Key_Return);
        ROOFLAB_COMPARE_DOUBLE(*document.scenario().deployment.pricePerDeviceHour, 3.0);
        QVERIFY(controls.priceError()->isHidden());
    }

    void batchCurveMarksWhereMemoryRunsOut()
    {
        // TP 4 at S = 4096: 35,278,831,616 B of weights per device; each sequence adds
        // 335,544,320 B of KV cache and 301,568 B of activations = 335,845,888 B.
        // (72e9 - 35,278,831,616) / 335,845,888 = 109.34: the largest batch that fits is 109.
        Scenario s = llama70bOnH100(1);
        s.deployment.tp = 4;
        app::Document document(m_catalog, s);
        const app::BatchCurve &curve = document.results().batchCurve();
        QVERIFY(curve.memoryLimit);
        QCOMPARE(*curve.memoryLimit, 109.0);
        QVERIFY2(curve.memoryLimitName.contains(QStringLiteral("TP 4")),
                 qPrintable(curve.memoryLimitName));
        gui::BatchCurveChart chart;
        chart.setCurve(curve);
        QCOMPARE(chart.memoryMarkerBatch(), std::optional<double>(109.0));
        // One H100 cannot hold the weights at all: no batch fits, no marker.
        Deployment one = s.deployment;
        one.tp = 1;
        document.setDeployment(one);
        QVERIFY(!document.results().batchCurve().memoryLimit);
        chart.setCurve(document.results().batchCurve());
        QVERIFY(!chart.memoryMarkerBatch());
    }

    void autoMarksWhereNoTFits()
    {
        // With TP on auto the curve's t grows with the batch, so the memory runs out past the
        // largest batch of the largest t in the NVLink domain (8), not the current t's.
        // TP 1: 141 GB of weights > 72e9: none. TP 2: weights 70,555,025,408 B, per sequence
        // 671,088,640 of KV + 330,240 of activations: (72e9 - 70,555,025,408) / 671,418,880 =
        // 2.15 -> 2. TP 4: 109 (above). TP 8: 8 query heads, 1 KV head, F/8 = 3584,
        // V/8 = 16032: per layer 8192*10*128 + 1024*8192 + 8192*7168 + 3584*8192 + 16,384 =
        // 106,971,136 parameters, x80 = 8,557,690,880, + 2*16032*8192 + 8192 = 8,820,367,360
        // x 2 B = 17,640,734,720 B; per sequence 4096*80*2*1*128*2 = 167,772,160 of KV +
        // (8192 + 7168 + 128,256)*2 = 287,232 of activations = 168,059,392 B:
        // (72e9 - 17,640,734,720) / 168,059,392 = 323.45 -> 323.
        Scenario s = llama70bOnH100(1);
        s.deployment.tpAuto = true;
        app::Document document(m_catalog, s);
        QCOMPARE(document.results().model(QStringLiteral("h100-sxm5"))->deployment.tp, 2);
        const app::BatchCurve &curve = document.results().batchCurve();
        QVERIFY(curve.memoryLimit);
        QCOMPARE(*curve.memoryLimit, 323.0);
        QVERIFY2(curve.memoryLimitName.contains(QStringLiteral("past 323 (TP auto ≤ 8)")),
                 qPrintable(curve.memoryLimitName));
        QVERIFY2(curve.memoryLimitDetail.contains(
                     QStringLiteral("TP 2 up to batch 2, TP 4 up to batch 109, TP 8 up to batch "
                                    "323")),
                 qPrintable(curve.memoryLimitDetail));
        gui::BatchCurveChart chart;
        chart.setCurve(curve);
        QCOMPARE(chart.memoryMarkerBatch(), std::optional<double>(323.0));
        // Past 323 no t fits and there is no step: the curve stops there, and the time axis
        // spans the steps drawn (a batch with no step must not pull it down to 0).
        const QList<QPointF> times = chart.timePoints();
        QVERIFY(!times.isEmpty());
        const auto [low, high] = chart.timeRange();
        QVERIFY(low > 0);
        for (const QPointF &p : times) {
            QVERIFY(p.x() <= 323);
            QVERIFY2(p.y() >= low && p.y() <= high,
                     qPrintable(QStringLiteral("%1 outside %2-%3").arg(p.y()).arg(low).arg(high)));
        }
        const auto *view = chart.findChild<QAbstractScrollArea *>();
        QVERIFY(view);
        QVERIFY2(view->toolTip().contains(curve.memoryLimitDetail), qPrintable(view->toolTip()));
        // A batch tick to 64 (auto now picks TP 4): the mark stays where no t fits.
        document.setBatch(64);
        QCOMPARE(document.results().model(QStringLiteral("h100-sxm5"))->deployment.tp, 4);
        QCOMPARE(*document.results().batchCurve().memoryLimit, 323.0);
        // A fixed t again: its own limit, 109.
        Deployment four = document.scenario().deployment;
        four.tpAuto = false;
        four.tp = 4;
        document.setDeployment(four);
        chart.setCurve(document.results().batchCurve());
        QCOMPARE(chart.memoryMarkerBatch(), std::optional<double>(109.0));
        // No headroom: the step times (the sweep) are the same, the limit is not, and the
        // chart must follow: (80e9 - 35,278,831,616) / 335,845,888 = 133.16 -> 133.
        four.headroom = 0;
        document.setDeployment(four);
        chart.setCurve(document.results().batchCurve());
        QCOMPARE(chart.memoryMarkerBatch(), std::optional<double>(133.0));
    }

    void modelPanelReportsOneDevice()
    {
        // Four H100s, TP 4, batch 1 (tests/models/tst_deployment.cpp derives each figure):
        // weights 35,278,831,616 B, KV 335,544,320 B, footprint 35,614,677,504 B of 72e9
        // usable; communication 161 * (19.1e-6 + 1.5 * 16384 / 450e9) + 19.1e-6 +
        // 0.75 * 256512 / 450e9 = 3.103 ms; largest batch that fits 109.
        Scenario s = llama70bOnH100(1);
        s.deployment.tp = 4;
        app::Document document(m_catalog, s);
        const ModelAnalysis *step = document.results().model(QStringLiteral("h100-sxm5"));
        QVERIFY(step);
        QVERIFY(gui::modeltext::fits(*step));
        QCOMPARE(gui::modeltext::fitSentence(m_catalog, *step),
                 QStringLiteral("Fits 4 devices (TP 4, PP 1): needs 35.6 GB of the 72 GB usable "
                                "on each."));
        const QList<gui::SheetBlock> blocks = gui::modeltext::totalsBlocks(m_catalog, *step);
        QVERIFY(!blocks.isEmpty());
        QString text, largestBatch;
        for (const QStringList &row : blocks.constFirst().rows) {
            text += row.join(QLatin1Char('\t')) + QLatin1Char('\n');
            if (row.constFirst() == QLatin1String("Largest batch that fits"))
                largestBatch = row.value(1);
        }
        for (const QString &figure :
             {QStringLiteral("35.3 GB"), QStringLiteral("336 MB"), QStringLiteral("3.1 ms"),
              QStringLiteral("161 all-reduces of 16.4 kB")})
            QVERIFY2(text.contains(figure), qPrintable(figure + QStringLiteral(" in ") + text));
        QCOMPARE(largestBatch, QStringLiteral("109"));
    }

    void disabledWithoutAModel()
    {
        Scenario s = llama70bOnH100(1);
        s.model.clear();
        app::Document document(m_catalog, s);
        gui::DeploymentControls controls(&document);
        QVERIFY(!controls.isEnabled());
        document.setModel(QStringLiteral("llama-3.1-70b"));
        QVERIFY(controls.isEnabled());
    }
};

QTEST_MAIN(TestDeploymentControls)
#include "tst_deploymentcontrols.moc"
