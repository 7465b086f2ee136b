// Results: everything the views show, derived once per change, reusing what the change did
// not touch.
#include "catalog.h"
#include "document.h"
#include "testhelpers.h"

#include <QTest>

using namespace rooflab;
using namespace rooflab::app;

namespace {

QString s(const char *text)
{
    return QString::fromUtf8(text);
}

// H100 SXM5 and H200 SXM with the 8B MLP up projection (decode, D = 4096, F = 14336) and
// the 8B decode attention, BF16 everywhere, batch 64.
Scenario testScenario(const Catalog &catalog)
{
    Scenario sc;
    sc.devices = {s("h100-sxm5"), s("h200-sxm")};
    for (const char *id : {"decode-mlp-up-8b", "attn-decode-8b"})
        sc.operators.append(*catalog.operatorSpec(s(id)));
    sc.batch = 64;
    return sc;
}

} // namespace

class TestResults : public QObject
{
    Q_OBJECT

    Catalog m_catalog = Catalog::builtin();

private Q_SLOTS:
    void batchTickKeepsTheSweep()
    {
        Document doc(m_catalog, testScenario(m_catalog));
        QCOMPARE(doc.selectedOperator(), s("decode-mlp-up-8b"));
        const Results::Counts before = doc.results().counts();
        doc.setBatch(128);
        const Results::Counts &after = doc.results().counts();
        QCOMPARE(after.analyses, before.analyses + 1); // one change, one analysis
        QCOMPARE(after.moves, before.moves + 1);       // the moves depend on the batch
        QCOMPARE(after.sweeps, before.sweeps);         // the curve's sweep does not
        // The curve's current sample is the new batch. B = 128 on the H100:
        // W = 2 * 128 * 4096 * 14336 = 15,032,385,536 FLOP;
        // Q = 2 * 4096 * 14336 + 2 * 128 * (4096 + 14336) = 117,440,512 + 4,718,592
        //   = 122,159,104 byte; T_mem = Q / 3.35e12 = 36.465 us > T_math = W / 989.5e12
        //   = 15.19 us, so T = 36.4654 us.
        const BatchCurve &curve = doc.results().batchCurve();
        QVERIFY(curve.current);
        ROOFLAB_COMPARE_NEAR(curve.current->batch, 128.0, 1e-12);
        ROOFLAB_COMPARE_NEAR(curve.current->time, 122159104.0 / 3.35e12, 1e-9);
        // 24 batches a decade from 1 to 4096: log10(4096) * 24 = 86.7, so 86 steps from 1
        // (87 batches) and 4096 itself: 88 samples.
        QCOMPARE(curve.samples.size(), 88);
    }

    void selectionRebuildsTheSweepNotTheAnalysis()
    {
        Document doc(m_catalog, testScenario(m_catalog));
        const Results::Counts before = doc.results().counts();
        doc.select(s("h200-sxm"), s("decode-mlp-up-8b"));
        const Results::Counts &after = doc.results().counts();
        QCOMPARE(after.analyses, before.analyses);
        QCOMPARE(after.moves, before.moves + 1);
        QCOMPARE(after.sweeps, before.sweeps + 1);
    }

    void presentationRebuildsNothing()
    {
        Document doc(m_catalog, testScenario(m_catalog));
        const Results::Counts before = doc.results().counts();
        Presentation p = doc.presentation();
        p.theme = s("print");
        doc.setPresentation(p, s("Print theme"));
        doc.setViewRange(0.1, 1000, 1e11, 1e16);
        const Results::Counts &after = doc.results().counts();
        QCOMPARE(after.analyses, before.analyses);
        QCOMPARE(after.moves, before.moves);
        QCOMPARE(after.sweeps, before.sweeps);
    }

    void otherScenarioEditsRebuildTheSweep()
    {
        Document doc(m_catalog, testScenario(m_catalog));
        const Results::Counts before = doc.results().counts();
        doc.setSequenceLength(8192);
        const Results::Counts &after = doc.results().counts();
        QCOMPARE(after.analyses, before.analyses + 1);
        QCOMPARE(after.sweeps, before.sweeps + 1);
    }

    void modelBatchTickKeepsComputeBoundBatch()
    {
        Scenario sc = testScenario(m_catalog);
        sc.model = s("llama-3.1-8b");
        sc.devices = {s("h100-sxm5")};
        sc.seq = 128; // short contexts: the step turns compute-bound at some batch
        Document doc(m_catalog, sc);
        const ModelAnalysis *before = doc.selectedModel();
        QVERIFY(before);
        const std::optional<double> bound = before->totals.computeBoundBatch;
        QVERIFY(bound);
        const Results::Counts counts = doc.results().counts();
        doc.setBatch(256);
        // The compute-bound batch does not depend on the batch: carried over, not re-solved,
        // and the model curve's sweep is kept.
        QCOMPARE(doc.selectedModel()->totals.computeBoundBatch, bound);
        QCOMPARE(doc.results().counts().sweeps, counts.sweeps);
        QCOMPARE(doc.results().batchCurve().current->batch, 256.0);
    }
};

QTEST_MAIN(TestResults)
#include "tst_results.moc"
