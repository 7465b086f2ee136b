// How much of a model fits a deployment (docs/models.md, "Deployments"): the t that TP auto
// picks, the largest batch that fits, and the limit of each t auto may choose, against
// figures derived by hand.
//
// Llama 3.1 70B: L = 80 layers, D = 8192, H_kv = 8 KV heads of d = 128, F = 28672,
// V = 128256; BF16 (2 B) weights 141.1 GB, 70,555,025,408 B per device at TP 2. H100 SXM5:
// 80 GB, NVLink domain 8; headroom 10 %: 72 GB usable. KV cache per token per layer: 2 (K
// and V) x 8 x 128 x 2 B = 4096 B; per sequence at S = 4096 over 80 layers 1,342,177,280 B,
// split t ways (671,088,640 B at TP 2).
#include "autotplimits.h"
#include "catalog.h"
#include "modelanalysis.h"
#include "modelscenarios.h"
#include "testhelpers.h"

#include <QTest>

using namespace rooflab;

namespace {

} // namespace

class TestDeploymentFit : public QObject
{
    Q_OBJECT

private:
    Catalog m_catalog = Catalog::builtin();
    ModelAnalysis analyze(const Scenario &s) const
    {
        ModelOptions options;
        options.solveComputeBoundBatch = false;
        return analyzeModel(m_catalog, s, s.devices.first(), options);
    }

private Q_SLOTS:
    void autoPicksSmallestPowerOfTwo()
    {
        // B = 1: TP 1 needs 142.45 GB > 72 GB; TP 2 needs 70,555,025,408 + 671,088,640 +
        // 330,240 = 71,226,444,288 B <= 72e9: auto picks 2.
        Scenario s = test::llama70bDecode(QStringLiteral("h100-sxm5"), 1, 1);
        s.deployment.tpAuto = true;
        ModelAnalysis a = analyze(s);
        QVERIFY(a.ok());
        QCOMPARE(a.deployment.tp, 2);
        QVERIFY(a.deployment.tpAuto);
        // B = 8: TP 2 needs 70,555,025,408 + 8*671,088,640 + 8*(8192+28672+128256)*2 =
        // 75,926,376,448 B > 72e9; TP 4: 35,278,831,616 + 8*335,544,320 + 8*301,568 =
        // 37,965,598,720 B: auto picks 4.
        s.batch = 8;
        a = analyze(s);
        QCOMPARE(a.deployment.tp, 4);
        ROOFLAB_COMPARE_DOUBLE(a.deployment.perDevice.totalBytes, 37965598720.0);
        // Llama 3.1 405B needs 811.7 GB of BF16 weights: about 101 GB per device at TP 8,
        // the whole NVLink domain. No power of two fits: a clear refusal.
        s.model = QStringLiteral("llama-3.1-405b");
        s.batch = 1;
        a = analyze(s);
        QVERIFY(!a.ok());
        QVERIFY2(a.problems.first().startsWith(QStringLiteral("TP auto: ")),
                 qPrintable(a.problems.first()));
        QVERIFY2(a.problems.first().contains(QStringLiteral("up to 8")),
                 qPrintable(a.problems.first()));
    }

    void maxBatchFits()
    {
        // TP 4 at S = 4096: fixed 35,278,831,616 B of weights; each sequence adds 335,544,320
        // of KV cache and 301,568 of activations = 335,845,888 B. (72e9 - 35,278,831,616) /
        // 335,845,888 = 109.34 -> 109.
        const ModelAnalysis a = analyze(test::llama70bDecode(QStringLiteral("h100-sxm5"), 1, 4));
        ROOFLAB_COMPARE_DOUBLE(a.deployment.maxBatchFits, 109.0);
        // Llama 3.1 8B on one H100: weights 8,030,261,248 * 2 = 16,060,522,496 B; per
        // sequence 4096 * 131,072 + (4096 + 28672 + 128256) * 2 = 537,192,960 B:
        // (72e9 - 16,060,522,496) / 537,192,960 = 104.13 -> 104.
        Scenario small = test::llama70bDecode(QStringLiteral("h100-sxm5"), 1, 1);
        small.model = QStringLiteral("llama-3.1-8b");
        ROOFLAB_COMPARE_DOUBLE(analyze(small).deployment.maxBatchFits, 104.0);
        // With no headroom: (80e9 - 16,060,522,496) / 537,192,960 = 119.02 -> 119.
        small.deployment.headroom = 0;
        ROOFLAB_COMPARE_DOUBLE(analyze(small).deployment.maxBatchFits, 119.0);
        // Nothing fits: 70B on one device.
        ROOFLAB_COMPARE_DOUBLE(analyze(test::llama70bDecode(QStringLiteral("h100-sxm5"), 1, 1))
                                   .deployment.maxBatchFits,
                               0.0);
    }

    void autoLimitsPerDegree()
    {
        // What auto may choose for 70B on an H100 (NVLink domain 8) at S = 4096, each with its
        // largest batch: TP 1 holds not even the weights (0); TP 2 (72e9 - 70,555,025,408) /
        // 671,418,880 = 2.15 -> 2; TP 4 109 (maxBatchFits); TP 8: weights 17,640,734,720 B,
        // per sequence 167,772,160 + 287,232 = 168,059,392 B: 323.45 -> 323.
        const ModelSpec &m = *m_catalog.model(QStringLiteral("llama-3.1-70b"));
        const Device &h100 = *m_catalog.device(QStringLiteral("h100-sxm5"));
        Deployment d;
        d.tpAuto = true;
        const QList<TensorParallelLimit> limits = autoTensorParallelLimits(
            m, h100, Phase::Decode, ShapeContext{1, 4096, 512}, OperandSizes{2, 2, 2}, d);
        const QList<TensorParallelLimit> expected = {{.tp = 1, .maxBatch = 0},
                                                     {.tp = 2, .maxBatch = 2},
                                                     {.tp = 4, .maxBatch = 109},
                                                     {.tp = 8, .maxBatch = 323}};
        QCOMPARE(limits, expected);
        // PP 2 halves the domain left for t: TP 1, 2 and 4 only.
        d.pp = 2;
        QCOMPARE(autoTensorParallelLimits(m, h100, Phase::Decode, ShapeContext{1, 4096, 512},
                                          OperandSizes{2, 2, 2}, d)
                     .size(),
                 3);
    }
};

QTEST_MAIN(TestDeploymentFit)
#include "tst_deploymentfit.moc"
