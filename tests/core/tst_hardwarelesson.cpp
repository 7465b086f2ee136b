// The shipped lesson "Choosing hardware for a 70B model" (lessons/hardware-for-70b.json):
// each step's deployment figures derived by hand below against what the core evaluates
// for the step and what the lesson player shows (docs/models.md, "Deployments").
#include "catalog.h"
#include "lessonfigures.h"
#include "lessonlibrary.h"
#include "lessonplayer.h"
#include "testhelpers.h"

#include <QTest>

using namespace rooflab;

namespace {

// Llama 3.1 70B (presets/models/llama-3.1-70b.json): 80 layers, hidden 8192, 64 heads, 8 KV
// heads of 128, gated MLP 28672, vocabulary 128256, untied embeddings.
// Matrices per layer: QKV 8192 x (8192 + 2 * 1024) = 83886080, output 8192^2 = 67108864,
// MLP 3 x 8192 x 28672 = 704643072; sum 855638016, x 80 = 68451041280. Embedding and LM
// head 2 x 128256 x 8192 = 2101346304. Norms 80 x 2 x 8192 + 8192 = 1318912.
constexpr double llamaNorms = 1318912.0;
constexpr double llamaParams = 68451041280.0 + 2101346304.0 + llamaNorms; // 70553706496
constexpr double llamaWeightBytes = llamaParams * 2;                      // 141.107 GB in BF16
// KV cache per sequence at context 4096, BF16: 2 x 80 layers x 8 heads x 128 x 4096 x 2 B.
constexpr double kvPerSequence = 2.0 * 80 * 8 * 128 * 4096 * 2; // 1342177280
// With TP t every device holds 1/t of the matrices and tables and a whole copy of the norms,
// and 1/t of the KV heads (t <= 8 here).
constexpr double weightsPerDevice(double t)
{
    return ((llamaParams - llamaNorms) / t + llamaNorms) * 2;
}

// What a decode step reads of them per device: everything but the embedding table, of which
// it looks up only B rows (128256 x 8192 = 1050673152 parameters).
constexpr double weightsReadPerDevice(double t)
{
    return weightsPerDevice(t) - 1050673152.0 / t * 2;
}

// H100 SXM5 (presets/devices/h100-sxm5.json): 80 GB, 3.35 TB/s; NVLink beta 450 GB/s per
// direction, alpha 19.1 us. H200 SXM: 141 GB, 4.8 TB/s, the same link, alpha 20.8 us.
constexpr double h100Usable = 80e9 * 0.9;  // 72 GB with the default 10 % headroom
constexpr double h200Usable = 141e9 * 0.9; // 126.9 GB
constexpr double beta = 450e9;
constexpr double h100Alpha = 19.1e-6;
constexpr double h200Alpha = 20.8e-6;
constexpr double h100Bandwidth = 3.35e12;
constexpr double h200Bandwidth = 4.8e12;

// One ring all-reduce of m bytes over t devices: alpha + 2(t - 1)/t * m / beta.
constexpr double allReduce(double alpha, double t, double m)
{
    return alpha + 2 * (t - 1) / t * m / beta;
}
// The logits' all-gather: alpha + (t - 1)/t * B * V * 2 B / beta.
constexpr double allGather(double alpha, double t, double batch)
{
    return alpha + (t - 1) / t * batch * 128256 * 2 / beta;
}
// Per step: 2 x 80 + 1 = 161 all-reduces of M = B x 8192 x 2 B, and one gather.
constexpr double commTime(double alpha, double t, double batch)
{
    return 161 * allReduce(alpha, t, batch * 8192 * 2) + allGather(alpha, t, batch);
}

ModelAnalysis modelOf(const ScenarioAnalysis &a, const char *device)
{
    const ModelAnalysis *m = a.model(QString::fromLatin1(device));
    return m ? *m : ModelAnalysis{};
}

} // namespace

class TestHardwareLesson : public QObject
{
    Q_OBJECT

private:
    ModelAnalysis question(int step, const char *device) const
    {
        return modelOf(analyzeLessonScenario(m_catalog, m_lesson->steps.at(step).scenario), device);
    }

    Catalog m_catalog;
    LessonLibrary m_library;
    const Lesson *m_lesson = nullptr;

private Q_SLOTS:
    void initTestCase();
    void oneH100DoesNotFit();
    void autoPicksTwoH100s();
    void allReducesAreLatencyBound();
    void batch64NeedsFourH100s();
    void h200NeedsFewerDevices();
    void costPerMillionTokens();
    void everyTextFills();
};

void TestHardwareLesson::initTestCase()
{
    m_catalog = Catalog::builtin();
    m_library = LessonLibrary::builtin(m_catalog);
    QVERIFY2(m_library.problems().isEmpty(), qPrintable(m_library.problems().join(u'\n')));
    m_lesson = m_library.lesson(QStringLiteral("hardware-for-70b"));
    QVERIFY(m_lesson);
    QCOMPARE(m_lesson->steps.size(), 6);
}

void TestHardwareLesson::oneH100DoesNotFit()
{
    const ModelAnalysis m = question(0, "h100-sxm5");
    QCOMPARE(m.modelId, QStringLiteral("llama-3.1-70b"));
    ROOFLAB_COMPARE_NEAR(m.totals.params, llamaParams, 1e-12);
    ROOFLAB_COMPARE_NEAR(m.footprint.weightBytes, llamaWeightBytes, 1e-12);
    ROOFLAB_COMPARE_NEAR(m.footprint.kvCacheBytes, kvPerSequence, 1e-12);
    ROOFLAB_COMPARE_NEAR(m.deployment.usableBytes, h100Usable, 1e-12);
    QCOMPARE(m.deployment.tp, 1);
    QVERIFY(!m.footprint.fits);
    // 141.1 + 1.34 GB and a little activation memory over 72 GB: ceil(1.98) = 2.
    QCOMPARE(m.footprint.devicesNeeded, 2);
    LessonPlayer player(*m_lesson, m_catalog);
    QVERIFY(player.answerChoice(1).correct); // "no"
    QVERIFY(!player.answerChoice(0).correct);
}

void TestHardwareLesson::autoPicksTwoH100s()
{
    // t = 1: 142.4 GB > 72 GB. t = 2: weights (70553706496 - 1318912) / 2 + 1318912 =
    // 35277512704 params = 70.555 GB, KV 1.342 / 2 = 0.671 GB: 71.226 GB plus activations,
    // under 72 GB. So auto picks 2.
    const ModelAnalysis m = question(1, "h100-sxm5");
    QVERIFY(m.ok());
    QVERIFY(m.deployment.tpAuto);
    QCOMPARE(m.deployment.tp, 2);
    QCOMPARE(m.deployment.devices, 2);
    ROOFLAB_COMPARE_NEAR(m.deployment.perDevice.weightBytes, weightsPerDevice(2), 1e-9);
    ROOFLAB_COMPARE_NEAR(m.deployment.perDevice.kvCacheBytes, kvPerSequence / 2, 1e-9);
    QVERIFY(m.deployment.perDevice.totalBytes <= h100Usable);
    QVERIFY(weightsPerDevice(1) > h100Usable);
    LessonPlayer player(*m_lesson, m_catalog);
    player.goTo(1);
    QVERIFY(player.answerNumber(2).correct);
    QVERIFY(!player.answerNumber(4).correct);
    player.reveal();
    QVERIFY2(player.revealText().startsWith(QStringLiteral("t = 2: each of the 2 devices")),
             qPrintable(player.revealText()));
}

void TestHardwareLesson::allReducesAreLatencyBound()
{
    // Batch 1: M = 1 x 8192 x 2 = 16384 B; one all-reduce on two H100s
    // 19.1 us + 2 x 1/2 x 16384 / 450e9 = 19.1 + 0.0364 = 19.1364 us; 161 of them 3.0810 ms;
    // the gather 19.1 + 1/2 x 128256 x 2 / 450e9 = 19.385 us; in all 3.1003 ms.
    const ModelAnalysis m = question(2, "h100-sxm5");
    QCOMPARE(m.deployment.allReduces, 161);
    QCOMPARE(m.deployment.allReduceBytes, 16384);
    ROOFLAB_COMPARE_NEAR(m.deployment.commTime, commTime(h100Alpha, 2, 1), 1e-9);
    ROOFLAB_COMPARE_NEAR(m.deployment.commTime, 3.1003e-3, 1e-4);
    // The latency is over 99 % of it: 162 x 19.1 us = 3.0942 ms of 3.1003 ms.
    QVERIFY(162 * h100Alpha / m.deployment.commTime > 0.99);
    // The rest of the step reads each device's weights but the embedding table (69.50 GB)
    // and its KV cache (0.671 GB) at 3.35 TB/s, memory-bound: 20.947 ms; with the
    // communication 24.05 ms (activations add a little, within 1 %).
    const double read = weightsReadPerDevice(2) + kvPerSequence / 2;
    ROOFLAB_COMPARE_NEAR(m.totals.stepTime, read / h100Bandwidth + commTime(h100Alpha, 2, 1), 1e-2);
    LessonPlayer player(*m_lesson, m_catalog);
    player.goTo(2);
    QVERIFY(player.answerChoice(1).correct); // "latency"
}

void TestHardwareLesson::batch64NeedsFourH100s()
{
    // KV 64 x 1.342 GB = 85.9 GB. t = 2: 70.56 + 42.95 = 113.5 GB > 72; t = 4: weights
    // (70553706496 - 1318912) / 4 + 1318912 = 17639415808 params = 35.28 GB, KV 21.47 GB:
    // 56.75 GB, fits.
    const ModelAnalysis m = question(3, "h100-sxm5");
    QCOMPARE(m.deployment.tp, 4);
    QVERIFY(weightsPerDevice(2) + 64 * kvPerSequence / 2 > h100Usable);
    ROOFLAB_COMPARE_NEAR(m.deployment.perDevice.weightBytes, weightsPerDevice(4), 1e-9);
    ROOFLAB_COMPARE_NEAR(m.deployment.perDevice.kvCacheBytes, 64 * kvPerSequence / 4, 1e-9);
    // M = 64 x 8192 x 2 = 1048576 B; one all-reduce 19.1 + 1.5 x 1048576 / 450e9 us =
    // 22.595 us; with the gather (19.1 + 0.75 x 64 x 128256 x 2 / 450e9 = 46.46 us) 3.684 ms.
    QCOMPARE(m.deployment.allReduceBytes, 1048576);
    ROOFLAB_COMPARE_NEAR(m.deployment.commTime, commTime(h100Alpha, 4, 64), 1e-9);
    // Tokens per second per device: 64 tokens per step over 4 devices.
    ROOFLAB_COMPARE_NEAR(m.deployment.tokensPerSecondPerDevice, 64 / m.totals.stepTime / 4, 1e-9);
    // The step reads each device's 56.23 GB (the embedding table but B rows left out) at
    // 3.35 TB/s (16.78 ms) and communicates
    // (3.68 ms): 20.47 ms at least, so at most 64 / 20.47 ms / 4 = 782 tokens/s per device.
    const double floor =
        (weightsPerDevice(4) + 64 * kvPerSequence / 4) / h100Bandwidth + commTime(h100Alpha, 4, 64);
    QVERIFY(m.totals.stepTime >= floor);
    QVERIFY(m.totals.stepTime < floor * 1.1); // decode at batch 64 stays memory-bound
    LessonPlayer player(*m_lesson, m_catalog);
    player.goTo(3);
    QVERIFY(player.answerChoice(1).correct); // "it grows"
}

void TestHardwareLesson::h200NeedsFewerDevices()
{
    // 126.9 GB usable: t = 2 holds 113.5 GB (above), so the H200 needs 2 against 4 H100s.
    const ModelAnalysis h200 = question(4, "h200-sxm");
    const ModelAnalysis h100 = question(4, "h100-sxm5");
    QCOMPARE(h200.deployment.tp, 2);
    QCOMPARE(h100.deployment.tp, 4);
    ROOFLAB_COMPARE_NEAR(h200.deployment.usableBytes, h200Usable, 1e-12);
    QVERIFY(h200.deployment.perDevice.totalBytes <= h200Usable);
    ROOFLAB_COMPARE_NEAR(h200.deployment.commTime, commTime(h200Alpha, 2, 64), 1e-9);
    // Per device the H200 reads 112.45 GB at 4.8 TB/s (23.43 ms) plus 3.74 ms of
    // communication: at least 27.17 ms for 64 tokens, at most 1178 tokens/s per device.
    const double h200Floor = (weightsReadPerDevice(2) + 64 * kvPerSequence / 2) / h200Bandwidth +
                             commTime(h200Alpha, 2, 64);
    QVERIFY(h200.totals.stepTime >= h200Floor && h200.totals.stepTime < h200Floor * 1.1);
    QVERIFY(h200.deployment.tokensPerSecondPerDevice > h100.deployment.tokensPerSecondPerDevice);
    LessonPlayer player(*m_lesson, m_catalog);
    player.goTo(4);
    QVERIFY(player.answerNumber(2).correct);
}

void TestHardwareLesson::costPerMillionTokens()
{
    // The lesson's example price, 3 USD per device-hour: cost = price x devices / 3600 /
    // tokens per second x 1e6. For the H100s 3 x 4 / 3600 x 1e6 / (64 / step) =
    // 52083 x step; for the H200s 3 x 2 / 3600 x 1e6 / (64 / step) = 26042 x step.
    const ModelAnalysis h200 = question(5, "h200-sxm");
    const ModelAnalysis h100 = question(5, "h100-sxm5");
    QVERIFY(h200.deployment.pricePerDeviceHour && h100.deployment.costPerMillionTokens);
    QCOMPARE(*h200.deployment.pricePerDeviceHour, 3);
    ROOFLAB_COMPARE_NEAR(*h100.deployment.costPerMillionTokens,
                         3.0 * 4 / 3600 * 1e6 * h100.totals.stepTime / 64, 1e-9);
    ROOFLAB_COMPARE_NEAR(*h200.deployment.costPerMillionTokens,
                         3.0 * 2 / 3600 * 1e6 * h200.totals.stepTime / 64, 1e-9);
    // With the step floors above (20.47 ms, 27.17 ms): at least 1.066 and 0.708 USD.
    QVERIFY(*h100.deployment.costPerMillionTokens > 1.066);
    QVERIFY(*h200.deployment.costPerMillionTokens > 0.708);
    QVERIFY(*h200.deployment.costPerMillionTokens < *h100.deployment.costPerMillionTokens);
    LessonPlayer player(*m_lesson, m_catalog);
    player.goTo(5);
    QVERIFY(player.answerChoice(1).correct); // "the H200s"
    QVERIFY(player.questionText().contains(QStringLiteral("3 USD")));
}

void TestHardwareLesson::everyTextFills()
{
    // No text keeps an unfilled figure or shows inf or NaN.
    LessonPlayer player(*m_lesson, m_catalog);
    do {
        player.reveal();
        for (const QString &text : {player.questionText(), player.revealText()}) {
            QVERIFY2(!text.contains(u'{') && !text.contains(QStringLiteral("n/a")) &&
                         !text.contains(QStringLiteral("∞")) &&
                         !text.contains(QStringLiteral("nan")),
                     qPrintable(text));
        }
    } while (player.next());
}

QTEST_GUILESS_MAIN(TestHardwareLesson)
#include "tst_hardwarelesson.moc"
