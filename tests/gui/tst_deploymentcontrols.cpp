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
