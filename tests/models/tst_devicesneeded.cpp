// How many devices a model that does not fit one needs (docs/models.md, "How many devices"):
// the smallest tensor-parallel degree it can run that fits, not an even split of its bytes.
//
// Llama 3.1 70B: L = 80, D = 8192, H = 64 query and H_kv = 8 KV heads of d = 128,
// F = 28672, V = 128256. H100 SXM5: 80 GB, 72 GB usable (10 % headroom), NVLink domain 8.
// Per-device footprints as in tst_deploymentfit and tst_deployment: BF16 weights
// 70,555,025,408 B at TP 2 and 35,278,831,616 B at TP 4; KV cache per sequence at S = 4096
// 2 * 80 * 8 * 128 * 2 B * 4096 = 1,342,177,280 B, split t ways up to t = 8.
#include "catalog.h"
#include "deployment.h"
#include "modelanalysis.h"
#include "modelanalysisjson.h"
#include "modelscenarios.h"
#include "scenarioanalysis.h"
#include "testhelpers.h"

#include <QJsonObject>
#include <QTest>

using namespace rooflab;

class TestDevicesNeeded : public QObject
{
    Q_OBJECT

    const Catalog m_catalog = Catalog::builtin();

    ModelAnalysis analyze(const Scenario &s) const
    {
        ModelOptions options;
        options.solveComputeBoundBatch = false;
        return analyzeModel(m_catalog, s, s.devices.first(), options);
    }

private Q_SLOTS:
    void aDegreeTheHeadsAllow()
    {
        // B = 16, S = 4096: about 141.1e9 B of weights + 16 * 1.342e9 = 21.5e9 B of cache,
        // 162.6e9 B, so an even split needs ceil(162.6 / 72) = 3. But 3 does not divide 64
        // heads. TP 2: 70,555,025,408 + 16 * 671,088,640 + 16 * (8192 + 28672 + 128256) * 2
        // = 81,297,727,488 B > 72e9. TP 4: 35,278,831,616 + 16 * 335,544,320 + 16 *
        // (8192 + 14336 + 128256) * 2 = 40,652,365,824 B <= 72e9: it needs TP 4.
        const ModelAnalysis a = analyze(test::llama70bDecode(QStringLiteral("h100-sxm5"), 16, 1));
        QVERIFY(!a.footprint.fits);
        ROOFLAB_COMPARE_DOUBLE(a.footprint.devicesNeeded, 3.0);
        QCOMPARE(a.footprint.fittingTp, 4);
        QCOMPARE(a.footprint.largestTp, 8);
        QCOMPARE(devicesNeededText(a.footprint), QStringLiteral("needs ×4"));
        QCOMPARE(devicesNeededText(a.footprint, true), QStringLiteral("needs 4 devices"));
        const QJsonObject totals = modelAnalysisToJson(a)[QStringLiteral("totals")].toObject();
        QCOMPARE(totals[QStringLiteral("fitting_tp")].toInt(), 4);
        // The chart's legend line says the same.
        const ScenarioAnalysis chart =
            analyzeScenario(m_catalog, test::llama70bDecode(QStringLiteral("h100-sxm5"), 16, 1));
        const QList<FitVerdict> verdicts = modelFitVerdicts(chart.models);
        QCOMPARE(verdicts.size(), 1);
        QCOMPARE(verdicts.first().text, QStringLiteral("needs ×4"));
        // Sized for two digits, as every device's verdict is.
        QCOMPARE(verdicts.first().widest,
                 QStringList({QStringLiteral("needs ×99"), QStringLiteral("needs >99")}));
    }

    void noDegreeWithinTheDomain()
    {
        // B = 256, S = 8192: an even split of about 829e9 B needs 12 H100s, beyond the
        // domain of 8. At TP 8 each device keeps one KV head: 256 * 8192 * 2 * 80 * 1 * 128 *
        // 2 B = 85,899,345,920 B of cache, more than 72e9 alone: no degree fits.
        Scenario s = test::llama70bDecode(QStringLiteral("h100-sxm5"), 256, 1);
        s.seq = 8192;
        ModelAnalysis a = analyze(s);
        ROOFLAB_COMPARE_DOUBLE(a.footprint.devicesNeeded, 12.0);
        QCOMPARE(a.footprint.fittingTp, 0);
        QCOMPARE(devicesNeededText(a.footprint), QStringLiteral("needs >8"));
        QCOMPARE(devicesNeededText(a.footprint, true), QStringLiteral("needs over 8 devices"));
        const QJsonObject totals = modelAnalysisToJson(a)[QStringLiteral("totals")].toObject();
        QVERIFY(totals[QStringLiteral("fitting_tp")].isNull());

        // An FP8 KV cache halves it: at TP 8, weights (106,971,136 parameters per layer * 80
        // + 2 * 16,032 * 8192 + 8192 = 8,820,367,360) * 2 = 17,640,734,720 B, cache
        // 42,949,672,960 B, activations 256 * (8192 + 7168 + 128256) * 2 = 73,531,392 B:
        // 60,663,939,072 B <= 72e9. At TP 4 the cache alone, 2 heads each, is 85.9e9 B.
        s.scheme.kv = QStringLiteral("fp8-e4m3");
        a = analyze(s);
        QCOMPARE(a.footprint.fittingTp, 8);
        ShapeContext shape{256, 8192, 512};
        const std::optional<OperandSizes> sizes = operandSizes(m_catalog, s.scheme);
        QVERIFY(sizes);
        ROOFLAB_COMPARE_DOUBLE(
            deviceFootprint(*m_catalog.model(s.model), Phase::Decode, shape, *sizes, 8, 1)
                .totalBytes,
            60663939072.0);
    }

    void aDeviceThatRunsAlone()
    {
        // The RTX 4090 has no interconnect: 24 GB, 21.6 GB usable, against 141 GB of
        // weights. Its domain is one device, so no count is offered.
        const ModelAnalysis a = analyze(test::llama70bDecode(QStringLiteral("rtx-4090"), 1, 1));
        QVERIFY(!a.footprint.fits);
        QCOMPARE(a.footprint.largestTp, 1);
        QCOMPARE(a.footprint.fittingTp, 0);
        QCOMPARE(devicesNeededText(a.footprint), QStringLiteral("needs >1"));
        QCOMPARE(devicesNeededText(a.footprint, true), QStringLiteral("needs over 1 device"));
    }
};

QTEST_GUILESS_MAIN(TestDevicesNeeded)
#include "tst_devicesneeded.moc"
