// What the views show for a scenario that names a model: one chart point per operator class
// per device, sized by its share of the step, and a title that says whether it fits. Device:
// H100 SXM5 (3.35 TB/s, 80 GB), datasheet roofs.
#include "catalog.h"
#include "evaluate.h"
#include "scenarioanalysis.h"
#include "testhelpers.h"

#include <QTest>

#include <cmath>

using namespace rooflab;

namespace {

const QString h100 = QStringLiteral("h100-sxm5");
const QString h200 = QStringLiteral("h200-sxm");

Scenario llama8bDecode(double batch)
{
    Scenario s;
    s.model = QStringLiteral("llama-3.1-8b");
    s.phase = Phase::Decode;
    s.batch = batch;
    s.seq = 4096;
    s.devices = QStringList{h100, h200};
    return s;
}

} // namespace

class TestScenarioAnalysis : public QObject
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

    void operatorsWithoutModel()
    {
        Scenario s;
        s.devices = QStringList{h100};
        s.operators = {*m_catalog.operatorSpec(m_catalog.operators().first().id)};
        const ScenarioAnalysis a = analyzeScenario(m_catalog, s);
        QVERIFY(a.models.isEmpty());
        QCOMPARE(a.chart.points.size(), 1);
        QCOMPARE(a.chart.points.first().share, 0.0); // a plain operator is not sized
    }

    void modelClassesAsPoints()
    {
        const ScenarioAnalysis a = analyzeScenario(m_catalog, llama8bDecode(1));
        QVERIFY2(a.chart.problems.isEmpty(), qPrintable(a.chart.problems.join(QLatin1Char('\n'))));
        QCOMPARE(a.models.size(), 2);
        QCOMPARE(a.chart.devices.size(), 2);
        // Six classes on each device: attention projections, attention, MLP, norms,
        // elementwise, LM head.
        QCOMPARE(a.chart.points.size(), 12);
        const PointAnalysis *attention = a.chart.point(h100, QStringLiteral("attention"));
        QVERIFY(attention);
        // Per layer, attention reads 16,793,600 B for 67,764,224 FLOPs (tst_modelanalysis).
        ROOFLAB_COMPARE_DOUBLE(attention->intensity, 67764224.0 / 16793600.0);
        ROOFLAB_COMPARE_DOUBLE(attention->flops, 32 * 67764224.0);
        // Everything is memory-bound at B = 1, so times are bytes / bandwidth and the share
        // is a share of bytes: 32 * 16,793,600 / 15,559,191,040 = 0.0345385.
        ROOFLAB_COMPARE_DOUBLE(attention->share, 32 * 16793600.0 / 15559191040.0);
        double shares = 0;
        for (const PointAnalysis &p : a.chart.points) {
            if (p.deviceId == h200)
                shares += p.share;
        }
        ROOFLAB_COMPARE_NEAR(shares, 1.0, 1e-12);
    }

    void batchMovesProjectionsNotAttention()
    {
        const ScenarioAnalysis one = analyzeScenario(m_catalog, llama8bDecode(1));
        const ScenarioAnalysis many = analyzeScenario(m_catalog, llama8bDecode(64));
        const QString proj = QStringLiteral("attention-projections");
        const QString attention = QStringLiteral("attention");
        // B = 64: 64 * 83,886,080 FLOP over 83,886,080 + 64 * 36,864 B = 62.25 FLOP/B.
        ROOFLAB_COMPARE_DOUBLE(many.chart.point(h100, proj)->intensity, 5368709120.0 / 86245376.0);
        ROOFLAB_COMPARE_DOUBLE(one.chart.point(h100, proj)->intensity, 83886080.0 / 83922944.0);
        ROOFLAB_COMPARE_DOUBLE(many.chart.point(h100, attention)->intensity,
                               one.chart.point(h100, attention)->intensity);
        // A GEMM class carries the ridge batch of its dominant member, so the chart can mark it.
        QVERIFY(many.chart.point(h100, proj)->ridgeBatch);
    }

    void classRidgeBatchIsTheClassPoints()
    {
        // The class point's intensity is 2*B*41,943,040 FLOP over 83,886,080 + B*36,864 B per
        // layer (QKV [4096 x 6144] and output [4096 x 4096]: 2*(25,165,824 + 16,777,216) FLOP
        // per token, 2*(10,240 + 8,192) activation bytes per token, BF16). It meets the H100
        // ridge r = 989.5 / 3.35 = 295.373 FLOP/B at B = r*83,886,080 / (83,886,080 - r*36,864)
        // = 339.43; the QKV GEMM alone reaches it at r*25,165,824 / (25,165,824 - r*10,240)
        // = 335.72, which the class used to show.
        const ScenarioAnalysis a = analyzeScenario(m_catalog, llama8bDecode(64));
        const QString proj = QStringLiteral("attention-projections");
        const double r100 = 989.5e12 / 3.35e12;
        const PointAnalysis *onH100 = a.chart.point(h100, proj);
        QVERIFY(onH100 && onH100->ridgeBatch);
        ROOFLAB_COMPARE_NEAR(*onH100->ridgeBatch, r100 * 83886080.0 / (83886080.0 - r100 * 36864.0),
                             1e-9);
        QVERIFY(std::abs(*onH100->ridgeBatch - 335.72) > 3);
        // H200: r = 989.5 / 4.8 = 206.146: 206.146*83,886,080 / (83,886,080 - 206.146*36,864)
        // = 226.68.
        const double r200 = 989.5e12 / 4.8e12;
        const PointAnalysis *onH200 = a.chart.point(h200, proj);
        QVERIFY(onH200 && onH200->ridgeBatch);
        ROOFLAB_COMPARE_NEAR(*onH200->ridgeBatch, r200 * 83886080.0 / (83886080.0 - r200 * 36864.0),
                             1e-9);
        // Attention (decode) does not follow the batch: no ridge batch.
        QVERIFY(!a.chart.point(h100, QStringLiteral("attention"))->ridgeBatch);
    }

    void titleSaysWhetherItFits()
    {
        // Llama 3.1 70B, BF16, B = 1, S = 4096 needs 142,449,977,856 B (tst_modelanalysis).
        // With 10 % kept free: H100 80 GB -> 72 GB usable, ceil(142.45 / 72) = 2 devices;
        // H200 141 GB -> 126.9 GB, ceil(142.45 / 126.9) = 2; MI300X 192 GB -> 172.8 GB: fits.
        // With several devices the title says the need and a count; each device's verdict
        // goes on its legend line.
        Scenario s = llama8bDecode(1);
        s.model = QStringLiteral("llama-3.1-70b");
        const QList<ModelAnalysis> both = analyzeScenario(m_catalog, s).models;
        QCOMPARE(modelChartTitle(both),
                 QStringLiteral("Llama 3.1 70B decode · batch 1 · context 4096\nNeeds 142 GB: "
                                "fits none of the 2 devices shown"));
        const QList<FitVerdict> needs = modelFitVerdicts(both);
        QCOMPARE(needs.size(), 2);
        QCOMPARE(needs.at(0).deviceId, h100);
        QCOMPARE(needs.at(0).text, QStringLiteral("needs ×2"));
        QCOMPARE(needs.at(1).text, QStringLiteral("needs ×2"));
        // At its widest (the batch and the bytes as wide as they get, the longest verdict).
        QCOMPARE(modelChartTitle(both, true),
                 QStringLiteral("Llama 3.1 70B decode · batch 8888888 · context 4096\nNeeds 8.88 "
                                "MB: fits none of the 2 devices shown"));
        // Sized for two digits, whatever the device's domain (docs/labels.md).
        QCOMPARE(needs.at(0).widest,
                 QStringList({QStringLiteral("needs ×99"), QStringLiteral("needs >99")}));
        s.devices = QStringList{h100, QStringLiteral("mi300x")};
        const QList<ModelAnalysis> mixed = analyzeScenario(m_catalog, s).models;
        QVERIFY2(modelChartTitle(mixed).endsWith(
                     QStringLiteral("\nNeeds 142 GB: fits 1 of the 2 devices shown")),
                 qPrintable(modelChartTitle(mixed)));
        QCOMPARE(modelFitVerdicts(mixed).at(1).text, QStringLiteral("fits"));
        s.devices = QStringList{h100};
        const QList<ModelAnalysis> alone = analyzeScenario(m_catalog, s).models;
        const QString one = modelChartTitle(alone);
        QVERIFY2(
            one.endsWith(QStringLiteral(
                "\nNVIDIA H100 SXM5 80GB: 142 GB > 72 GB usable, does not fit (needs 2 devices)")),
            qPrintable(one));
        // One device: the whole title says it, and its legend line too (for the brief title).
        const QList<FitVerdict> single = modelFitVerdicts(alone);
        QCOMPARE(single.size(), 1);
        QCOMPARE(single.at(0).deviceId, h100);
        QCOMPARE(single.at(0).text, QStringLiteral("needs ×2"));
        // The 8B model (16,597,715,456 B at B = 1, tst_modelanalysis) fits on both.
        const QString fits = modelChartTitle(analyzeScenario(m_catalog, llama8bDecode(1)).models);
        QVERIFY2(fits.endsWith(QStringLiteral("\nNeeds 16.6 GB: fits every device shown")),
                 qPrintable(fits));
    }

    void aCountNeverPassesTheDomain()
    {
        // Llama 3.1 70B, BF16, context 4096 on the H100 (72 GB usable): 70.55e9 x 2 B =
        // 141.1 GB of weights; a KV cache of 2 x 80 layers x 8 heads x 128 x 2 B = 327,680 B
        // per token, x 4096 = 1.342 GB per sequence; activations under 0.4 MB per sequence.
        // Batch 4096: 141.1 + 5497.6 GB (+ at most 1.7) = 5638.7 to 5640.4 GB, / 72 = 78.3:
        // an even split needs 79 devices. But at TP 8, the NVLink domain, each device keeps
        // one KV head: 4096 x 1.342 GB / 8 = 687 GB of cache alone, so no degree fits and
        // the legend says "needs >8" (docs/models.md, "How many devices").
        Scenario s = llama8bDecode(4096);
        s.model = QStringLiteral("llama-3.1-70b");
        s.devices = QStringList{h100, QStringLiteral("mi300x")};
        const QList<ModelAnalysis> models = analyzeScenario(m_catalog, s).models;
        QCOMPARE(models.at(0).footprint.devicesNeeded, 79.0);
        const QList<FitVerdict> verdicts = modelFitVerdicts(models);
        QCOMPARE(verdicts.at(0).text, QStringLiteral("needs >8"));
        // The line is sized for two digits, wider than any count the H100 can give.
        QCOMPARE(verdicts.at(0).widest,
                 QStringList({QStringLiteral("needs ×99"), QStringLiteral("needs >99")}));
    }

    void briefTitleLeavesTheVerdictsToTheLegend()
    {
        // The brief form of the title (ChartOptions::titleBrief) for Llama 3.1 70B at B = 1 on
        // the H100 and H200: the model and its need, 142,449,977,856 B (titleSaysWhetherItFits)
        // over its shape; no count of the devices it fits, each one's verdict being on its
        // legend line.
        Scenario s = llama8bDecode(1);
        s.model = QStringLiteral("llama-3.1-70b");
        const QList<ModelAnalysis> both = analyzeScenario(m_catalog, s).models;
        QCOMPARE(modelChartBriefTitle(both, false),
                 QStringLiteral("Llama 3.1 70B decode · needs 142 GB\nbatch 1 · context 4096"));
        // A figure with a caption line has the shape there: one line.
        QCOMPARE(modelChartBriefTitle(both, true),
                 QStringLiteral("Llama 3.1 70B decode · needs 142 GB"));
        // At its widest, as the whole title's (the bytes and the batch as wide as they get).
        QCOMPARE(
            modelChartBriefTitle(both, false, true),
            QStringLiteral("Llama 3.1 70B decode · needs 8.88 MB\nbatch 8888888 · context 4096"));
        // A prefill names its prompt.
        s.phase = Phase::Prefill;
        s.prompt = 2048;
        const QString prefill = modelChartBriefTitle(analyzeScenario(m_catalog, s).models, false);
        QVERIFY2(prefill.startsWith(QStringLiteral("Llama 3.1 70B prefill · needs ")) &&
                     prefill.endsWith(QStringLiteral("\nbatch 1 · prompt 2048")),
                 qPrintable(prefill));
        // One device: the same brief form, its verdict left to its legend line.
        s.phase = Phase::Decode;
        s.devices = QStringList{h100};
        QCOMPARE(modelChartBriefTitle(analyzeScenario(m_catalog, s).models, false),
                 QStringLiteral("Llama 3.1 70B decode · needs 142 GB\nbatch 1 · context 4096"));
        // Without a model neither.
        QVERIFY(modelChartBriefTitle({}, false).isEmpty());
    }

    void deploymentTitleAndCommunicationPoint()
    {
        // Llama 3.1 70B on four H100s (TP 4, B = 1): 35,614,677,504 B per device against 72 GB
        // usable (tst_deployment), so the title speaks of one device of the deployment.
        Scenario s = llama8bDecode(1);
        s.model = QStringLiteral("llama-3.1-70b");
        s.devices = QStringList{h100};
        s.deployment.tp = 4;
        const ScenarioAnalysis a = analyzeScenario(m_catalog, s);
        const QString title = modelChartTitle(a.models);
        QVERIFY2(title.endsWith(QStringLiteral("\nNVIDIA H100 SXM5 80GB × 4 (TP 4): 35.6 GB per "
                                               "device ≤ 72 GB usable, fits")),
                 qPrintable(title));
        // Communication is a chart point of its own, on an interconnect roof whose bandwidth is
        // the 4,149,120 bytes each device sends over the 3.10342027e-3 s they take.
        const PointAnalysis *comm = a.chart.point(h100, QStringLiteral("communication"));
        QVERIFY(comm);
        ROOFLAB_COMPARE_NEAR(comm->bandwidth, 4149120.0 / 3.103420266666667e-3, 1e-9);
        QVERIFY(comm->share > 0.2 && comm->share < 0.25); // 3.10 of 13.59 ms: 22.8 %
        bool roof = false;
        for (const MemoryRoof &m : a.chart.devices.first().memory)
            roof =
                roof || (m.level == QLatin1String("interconnect") && m.datasheetBandwidth == 450e9);
        QVERIFY(roof);
    }

    void unknownModelIsAProblem()
    {
        Scenario s = llama8bDecode(1);
        s.model = QStringLiteral("gpt-9");
        const ScenarioAnalysis a = analyzeScenario(m_catalog, s);
        QVERIFY(a.chart.points.isEmpty());
        QVERIFY(a.chart.problems.contains(QStringLiteral("unknown model \"gpt-9\"")));
        s.devices.clear(); // still said with no device shown
        QVERIFY(analyzeScenario(m_catalog, s)
                    .chart.problems.contains(QStringLiteral("unknown model \"gpt-9\"")));
    }
};

QTEST_GUILESS_MAIN(TestScenarioAnalysis)
#include "tst_scenarioanalysis.moc"
