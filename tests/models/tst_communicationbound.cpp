// What limits a deployment's communication (docs/models.md, "What limits the communication"):
// latency when the alpha terms are more than half of it, else the link's bandwidth; the
// Diagnosis, the JSON and compare name it.
//
// Llama 3.1 70B (D = 8192, V = 128256, L = 80) on four H100 SXM5 (TP 4), BF16 activations
// (2 B); NVLink beta = 450e9 B/s per direction, alpha = 19.1e-6 s (the H100 preset).
// Collectives per step: 2L + 1 = 161 all-reduces and one logits all-gather, 162 in all.
#include "catalog.h"
#include "devicecompare.h"
#include "diagnosis.h"
#include "modelanalysisjson.h"
#include "modelscenarios.h"
#include "scenarioanalysis.h"
#include "testhelpers.h"

#include <QJsonArray>
#include <QJsonObject>
#include <QTest>

using namespace rooflab;

namespace {

const QString h100 = QStringLiteral("h100-sxm5");
const QString communication = QStringLiteral("communication");

Scenario llama70bPrefill(double prompt)
{
    Scenario s = test::llama70bDecode(h100, 1, 4);
    s.phase = Phase::Prefill;
    s.prompt = prompt;
    return s;
}

} // namespace

class TestCommunicationBound : public QObject
{
    Q_OBJECT

    const Catalog m_catalog = Catalog::builtin();

private Q_SLOTS:
    void decodeAtBatchOneIsLatencyBound()
    {
        // Decode, B = 1: each all-reduce moves M = 1 * 8192 * 2 = 16,384 B, its bytes term
        // 2 * 3/4 * 16384 / 450e9 = 5.46133e-8 s; the gather's 3/4 * 128256 * 2 / 450e9 =
        // 4.27520e-7 s. Alpha: 162 * 19.1e-6 = 3.0942e-3 s. Bytes: 161 * 5.46133e-8 +
        // 4.27520e-7 = 9.22027e-6 s, the 4,149,120 B each device sends (161 * 24,576 +
        // 192,384) over 450e9. Alpha is 99.7 % of the 3.10342e-3 s: latency-bound.
        const ScenarioAnalysis a = analyzeScenario(m_catalog, test::llama70bDecode(h100, 1, 4));
        const PointAnalysis *comm = a.chart.point(h100, communication);
        QVERIFY(comm && comm->communication);
        QCOMPARE(comm->bound, Bound::Latency);
        const CommunicationCost &c = *comm->communication;
        ROOFLAB_COMPARE_DOUBLE(c.count, 162.0);
        ROOFLAB_COMPARE_DOUBLE(c.latency, 19.1e-6);
        ROOFLAB_COMPARE_NEAR(c.latencyTime, 162 * 19.1e-6, 1e-9);
        ROOFLAB_COMPARE_DOUBLE(c.bytes, 4149120.0);
        ROOFLAB_COMPARE_NEAR(c.bytesTime, 4149120.0 / 450e9, 1e-9);
        ROOFLAB_COMPARE_NEAR(c.linkBandwidth, 450e9, 1e-9);
        QCOMPARE(c.link, QStringLiteral("NVLink 4 via NVSwitch (HGX H100)"));
        ROOFLAB_COMPARE_NEAR(comm->time, 162 * 19.1e-6 + 4149120.0 / 450e9, 1e-9);

        // The Diagnosis speaks of the two parts, not of memory or the ridge.
        const PointDiagnosis d = diagnose(a.chart, h100, communication);
        QVERIFY(d.communication);
        QVERIFY2(d.explanation.startsWith(QStringLiteral(
                     "Latency-bound: 3.09 ms of its 3.1 ms over NVLink 4 via NVSwitch (HGX H100) "
                     "are fixed costs (162 collectives and transfers × α 19.1 µs)")),
                 qPrintable(d.explanation));
        QVERIFY2(d.explanation.contains(QStringLiteral("Latency sets the time")),
                 qPrintable(d.explanation));
        QVERIFY(!d.explanation.contains(QStringLiteral("ridge")));

        // The JSON of the step says it too.
        const QJsonObject json = modelAnalysisToJson(a.models.first());
        const QJsonObject totals = json[QStringLiteral("totals")].toObject();
        QCOMPARE(totals[QStringLiteral("comm_bound")].toString(), QStringLiteral("latency"));
        ROOFLAB_COMPARE_NEAR(totals[QStringLiteral("comm_latency_time_s")].toDouble(),
                             162 * 19.1e-6, 1e-9);
        const QJsonObject row = json[QStringLiteral("classes")].toArray().last().toObject();
        QCOMPARE(row[QStringLiteral("bound")].toString(), QStringLiteral("latency"));
        ROOFLAB_COMPARE_DOUBLE(
            row[QStringLiteral("communication")].toObject()[QStringLiteral("count")].toDouble(),
            162.0);
    }

    void prefillOfAPromptIsInterconnectBound()
    {
        // Prefill of 512 tokens: M = 512 * 8192 * 2 = 8,388,608 B per all-reduce, whose bytes
        // term 1.5 * 8388608 / 450e9 = 2.796203e-5 s outweighs alpha (19.1e-6). The gather
        // holds B = 1 row of logits as in decode, 4.27520e-7 s. Bytes: 161 * 2.796203e-5 +
        // 4.27520e-7 = 4.502318e-3 s (161 * 12,582,912 + 192,384 = 2,026,041,216 B); alpha
        // 3.0942e-3 s, 40.7 % of 7.596518e-3 s: interconnect-bound.
        const ScenarioAnalysis a = analyzeScenario(m_catalog, llama70bPrefill(512));
        const PointAnalysis *comm = a.chart.point(h100, communication);
        QVERIFY(comm && comm->communication);
        QCOMPARE(comm->bound, Bound::Interconnect);
        ROOFLAB_COMPARE_DOUBLE(comm->communication->bytes, 2026041216.0);
        ROOFLAB_COMPARE_NEAR(comm->communication->bytesTime, 2026041216.0 / 450e9, 1e-9);
        ROOFLAB_COMPARE_NEAR(comm->communication->latencyTime, 162 * 19.1e-6, 1e-9);
        const PointDiagnosis d = diagnose(a.chart, h100, communication);
        QVERIFY2(
            d.explanation.startsWith(QStringLiteral("Interconnect-bound: 4.5 ms of its 7.6 ms")),
            qPrintable(d.explanation));
    }

    void compareNamesTheLimitWhenCommunicationTakesLongest()
    {
        // Llama 3.1 8B (L = 32, D = 4096, H_kv = 8) decoding at B = 1 on eight H100s: 65
        // all-reduces of 8,192 B and a gather, 66 * 19.1e-6 = 1.2606e-3 s of alpha, bytes
        // 65 * 2 * 7/8 * 8192 / 450e9 + 7/8 * 256,512 / 450e9 = 2.57e-6 s. Per device the
        // operators move at most an eighth of 16.1e9 B of weights plus one KV head's cache
        // (32 * 128 * 2 * 2 B * 4096 = 67 MB): under 2.1e9 B / 3.35e12 = 0.63e-3 s, so
        // communication takes longest and latency sets it.
        Scenario decode = test::llama70bDecode(h100, 1, 8);
        decode.model = QStringLiteral("llama-3.1-8b");
        const QList<CompareRow> decodeRows = compareDevices(m_catalog, decode, decode.devices);
        QCOMPARE(decodeRows.size(), 1);
        QCOMPARE(decodeRows.first().bound, QStringLiteral("latency"));

        // Two L40S over PCIe (beta 32e9, alpha 30.7e-6) prefilling 8B's 2048-token prompt in
        // FP8 (tst_deployment: 36.108928e-3 s of communication against under 36 ms of
        // operators): 66 * 30.7e-6 = 2.0262e-3 s of it is alpha, 5.6 %: the link's bandwidth.
        Scenario prefill = test::llama70bDecode(QStringLiteral("l40s"), 1, 2);
        prefill.model = QStringLiteral("llama-3.1-8b");
        prefill.phase = Phase::Prefill;
        prefill.prompt = 2048;
        prefill.scheme.weights = QStringLiteral("fp8-e4m3");
        prefill.scheme.math = QStringLiteral("fp8-e4m3");
        const QList<CompareRow> prefillRows = compareDevices(m_catalog, prefill, prefill.devices);
        QCOMPARE(prefillRows.size(), 1);
        QCOMPARE(prefillRows.first().bound, QStringLiteral("interconnect"));
    }
};

QTEST_GUILESS_MAIN(TestCommunicationBound)
#include "tst_communicationbound.moc"
