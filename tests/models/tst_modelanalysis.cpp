// A model step on a device: totals, classes, the compute-bound batch and the memory footprint,
// each against figures derived by hand. Device: H100 SXM5 (BF16 matrix 989.5 TFLOP/s, FP32
// vector 67 TFLOP/s, 3.35 TB/s, 80 GB), datasheet roofs.
#include "catalog.h"
#include "modelanalysis.h"
#include "testhelpers.h"

#include <QTest>

using namespace rooflab;

namespace {

const QString h100 = QStringLiteral("h100-sxm5");

Scenario modelScenario(const char *model, Phase phase, double batch, double seq, double prompt)
{
    Scenario s;
    s.model = QString::fromLatin1(model);
    s.phase = phase;
    s.batch = batch;
    s.seq = seq;
    s.prompt = prompt;
    s.devices = QStringList{h100};
    return s;
}

const ModelClassResult *classOf(const ModelAnalysis &a, ModelOpClass c)
{
    for (const ModelClassResult &r : a.classes) {
        if (r.opClass == c)
            return &r;
    }
    return nullptr;
}

} // namespace

class TestModelAnalysis : public QObject
{
    Q_OBJECT

private:
    Catalog m_catalog;
    ModelAnalysis analyze(const Scenario &s, const ModelOptions &options = {}) const
    {
        return analyzeModel(m_catalog, s, h100, options);
    }

private Q_SLOTS:
    void initTestCase();
    void weightBytes_data();
    void weightBytes();
    void kvCacheBytes();
    void decodeStep();
    void prefillStep();
    void launchOverhead();
    void computeBoundBatch();
    void batchMovesGemmClassesOnly();
    void expertWeightBytesPerStep();
    void tooLargeForOneDevice();
    void narrowerSchemeSuggested();
    void batchSweep();
    void unknownModel();
};

void TestModelAnalysis::initTestCase()
{
    m_catalog = Catalog::builtin();
    QVERIFY(m_catalog.problems().isEmpty());
}

void TestModelAnalysis::weightBytes_data()
{
    QTest::addColumn<QString>("format");
    QTest::addColumn<double>("expected");
    // Llama 3.1 8B: 8,030,261,248 parameters x bytes per element.
    QTest::newRow("bf16") << QStringLiteral("bf16") << 16060522496.0;   // x 2
    QTest::newRow("fp8") << QStringLiteral("fp8-e4m3") << 8030261248.0; // x 1
    // (4 + 16/128) / 8 = 0.515625 B: 4,015,130,624 + 125,472,832 = 4,140,603,456
    QTest::newRow("int4-g128") << QStringLiteral("int4-g128") << 4140603456.0;
    // (4 + 8/16) / 8 = 0.5625 B: 4,517,021,952
    QTest::newRow("nvfp4") << QStringLiteral("nvfp4") << 4517021952.0;
}

void TestModelAnalysis::weightBytes()
{
    QFETCH(QString, format);
    QFETCH(double, expected);
    Scenario s = modelScenario("llama-3.1-8b", Phase::Decode, 1, 4096, 512);
    s.scheme.weights = format;
    const ModelAnalysis a = analyze(s);
    QVERIFY2(a.ok(), qPrintable(a.problems.join(QLatin1Char('\n'))));
    ROOFLAB_COMPARE_DOUBLE(a.footprint.weightBytes, expected);
}

void TestModelAnalysis::kvCacheBytes()
{
    // Llama 3.1 70B, decode, B = 8, S = 4096: 8 * 4096 * 327,680 = 10,737,418,240 B.
    const ModelAnalysis decode =
        analyze(modelScenario("llama-3.1-70b", Phase::Decode, 8, 4096, 512));
    ROOFLAB_COMPARE_DOUBLE(decode.footprint.kvBytesPerToken, 327680.0); // 2*80*8*128*2
    ROOFLAB_COMPARE_DOUBLE(decode.footprint.kvCacheBytes, 10737418240.0);
    // Prefill caches the prompt: B = 2, T = 1000: 2 * 1000 * 327,680 = 655,360,000 B.
    const ModelAnalysis prefill =
        analyze(modelScenario("llama-3.1-70b", Phase::Prefill, 2, 4096, 1000));
    ROOFLAB_COMPARE_DOUBLE(prefill.footprint.kvCacheBytes, 655360000.0);
    // An 8-bit cache halves it: 5,368,709,120 B.
    Scenario fp8 = modelScenario("llama-3.1-70b", Phase::Decode, 8, 4096, 512);
    fp8.scheme.kv = QStringLiteral("fp8-e4m3");
    ROOFLAB_COMPARE_DOUBLE(analyze(fp8).footprint.kvCacheBytes, 5368709120.0);
}

void TestModelAnalysis::decodeStep()
{
    // Llama 3.1 8B, B = 1, S = 4096, BF16. Per layer, bytes (FLOPs):
    //   RMSNorm 2*4096*2 + 4096*2 = 24,576 (20,480)            x2 norms
    //   QKV 4096*6144*2 + (4096+6144)*2 = 50,352,128 (50,331,648)
    //   attention 2*4096*8*128*2 + 2*32*128*2 = 16,793,600 (4096*32*517 = 67,764,224)
    //   out 4096*4096*2 + 8192*2 = 33,570,816 (33,554,432)
    //   residual adds 3*4096*2 = 24,576 (4,096)                 x2
    //   up+gate 4096*28672*2 + 32768*2 = 234,946,560 (234,881,024)
    //   SiLU 2*14336*2 = 57,344 (57,344); multiply 3*14336*2 = 86,016 (14,336)
    //   down 14336*4096*2 + 18432*2 = 117,477,376 (117,440,512)
    // = 453,382,144 B (504,092,672 FLOP) per layer; x32 = 14,508,228,608 B; + final norm
    // 24,576 + LM head 4096*128256*2 + (4096+128256)*2 = 1,050,937,856 -> 15,559,191,040 B.
    // FLOPs 32*504,092,672 + 20,480 + 1,050,673,152 = 17,181,659,136.
    // Every operator is memory-bound at B = 1 (intensity <= 4.04, ridges 20 and 295), so
    // step = 15,559,191,040 / 3.35e12 = 4.64453e-3 s; 215.307 tokens/s.
    const ModelAnalysis a = analyze(modelScenario("llama-3.1-8b", Phase::Decode, 1, 4096, 512));
    QVERIFY2(a.ok(), qPrintable(a.problems.join(QLatin1Char('\n'))));
    ROOFLAB_COMPARE_DOUBLE(a.totals.bytes.total(), 15559191040.0);
    ROOFLAB_COMPARE_DOUBLE(a.totals.flops, 17181659136.0);
    ROOFLAB_COMPARE_DOUBLE(a.totals.intensity, 17181659136.0 / 15559191040.0);
    ROOFLAB_COMPARE_DOUBLE(a.totals.stepTime, 15559191040.0 / 3.35e12);
    ROOFLAB_COMPARE_DOUBLE(a.totals.tokensPerSecond, 3.35e12 / 15559191040.0);
    QVERIFY(a.totals.timePerOutputToken);
    ROOFLAB_COMPARE_DOUBLE(*a.totals.timePerOutputToken, 15559191040.0 / 3.35e12);
    QVERIFY(!a.totals.timeToFirstToken);
    ROOFLAB_COMPARE_DOUBLE(a.totals.kernels, 354.0); // 11 per layer x 32 + final norm + head
    // Weights read per step: 32 * (50,331,648 + 33,554,432 + 234,881,024 + 117,440,512)
    // = 13,958,643,712 + 1,050,673,152 = 15,009,316,864 B (the embedding table is not read
    // whole; norm rows count as activation-format bytes).
    ROOFLAB_COMPARE_DOUBLE(a.totals.bytes.weights, 15009316864.0);
    QVERIFY(a.footprint.fits);
    double shares = 0;
    for (const ModelClassResult &c : a.classes)
        shares += c.share;
    ROOFLAB_COMPARE_NEAR(shares, 1.0, 1e-12);
    QCOMPARE(a.operators.size(), 13);
}

void TestModelAnalysis::prefillStep()
{
    // Llama 3.1 8B prefill, B = 1, T = 2048 (derivation as in tst_modelcli's prefill row):
    // the GEMMs and attention are compute-bound on the BF16 roof; vector operators and the
    // one-token LM head are memory-bound. Step 0.0347437218 s; 2048 / step tokens/s.
    const ModelAnalysis a = analyze(modelScenario("llama-3.1-8b", Phase::Prefill, 1, 4096, 2048));
    QVERIFY2(a.ok(), qPrintable(a.problems.join(QLatin1Char('\n'))));
    ROOFLAB_COMPARE_NEAR(a.totals.stepTime, 0.03474372182409002, 1e-9);
    ROOFLAB_COMPARE_NEAR(a.totals.tokensPerSecond, 2048 / 0.03474372182409002, 1e-9);
    QVERIFY(a.totals.timeToFirstToken);
    QVERIFY(!a.totals.timePerOutputToken);
    ROOFLAB_COMPARE_DOUBLE(a.totals.tokensPerStep, 2048.0);
}

void TestModelAnalysis::launchOverhead()
{
    // 354 kernels x 5 us = 1.77 ms added to the 4.64453 ms of decodeStep().
    ModelOptions options;
    options.launchOverhead = 5e-6;
    const ModelAnalysis a =
        analyze(modelScenario("llama-3.1-8b", Phase::Decode, 1, 4096, 512), options);
    ROOFLAB_COMPARE_DOUBLE(a.totals.stepTime, 15559191040.0 / 3.35e12 + 354 * 5e-6);
    ROOFLAB_COMPARE_DOUBLE(a.totals.launchOverhead, 5e-6);
}

void TestModelAnalysis::computeBoundBatch()
{
    // Llama 3.1 8B decode at S = 128. The step's math time B*(A_m/pi_m + A_v/pi_v) meets its
    // memory time (C + B*E)/beta at B = (C/beta) / (A_m/pi_m + A_v/pi_v - E/beta), with
    //   C   = fixed bytes: 32*(436,207,616 weights + 16,384 norm widths) + 8,192
    //         + 1,050,673,152 = 15,009,849,344
    //   A_m = matrix FLOPs per sequence: 32*(50,331,648 + 128*32*517 + 33,554,432
    //         + 234,881,024 + 117,440,512) + 1,050,673,152 = 15,077,081,088
    //   A_v = vector FLOPs per sequence: 32*120,832 + 20,480 = 3,887,104
    //   E   = bytes per sequence: 32*(20,480 + 2*128*8*128*2 + 16,384 + 16,384 + 65,536
    //         + 36,864 + 32,768 + 49,152 + 57,344 + 86,016) + 16,384 + 264,704 = 29,248,000
    // B = 4.48055e-3 / (1.523707e-5 + 5.8016e-8 - 8.73075e-6) = 682.559.
    const ModelAnalysis a = analyze(modelScenario("llama-3.1-8b", Phase::Decode, 1, 128, 512));
    QVERIFY(a.totals.computeBoundBatch);
    ROOFLAB_COMPARE_NEAR(*a.totals.computeBoundBatch, 682.5593551757, 1e-6);
    // At S = 4096 each sequence's KV cache (4.2 MB per layer) outweighs its FLOPs: E/beta
    // exceeds A/pi, so no batch makes the step compute-bound.
    const ModelAnalysis longContext =
        analyze(modelScenario("llama-3.1-8b", Phase::Decode, 1, 4096, 512));
    QVERIFY(!longContext.totals.computeBoundBatch);
    ModelOptions skip;
    skip.solveComputeBoundBatch = false;
    QVERIFY(!analyze(modelScenario("llama-3.1-8b", Phase::Decode, 1, 128, 512), skip)
                 .totals.computeBoundBatch);
}

void TestModelAnalysis::batchMovesGemmClassesOnly()
{
    const ModelAnalysis one = analyze(modelScenario("llama-3.1-8b", Phase::Decode, 1, 4096, 512));
    const ModelAnalysis many = analyze(modelScenario("llama-3.1-8b", Phase::Decode, 64, 4096, 512));
    const auto intensity = [](const ModelAnalysis &a, ModelOpClass c) {
        const ModelClassResult *r = classOf(a, c);
        return r ? r->point.intensity : -1.0;
    };
    // Attention: 67,764,224 / 16,793,600 per sequence at any batch.
    ROOFLAB_COMPARE_DOUBLE(intensity(one, ModelOpClass::Attention), 67764224.0 / 16793600.0);
    ROOFLAB_COMPARE_DOUBLE(intensity(many, ModelOpClass::Attention), 67764224.0 / 16793600.0);
    // QKV + output projections: B*(50,331,648 + 33,554,432) FLOP over 83,886,080 weight bytes
    // + B*(20,480 + 16,384) activation bytes. B = 1: 83,886,080 / 83,922,944; B = 64:
    // 5,368,709,120 / 86,245,376 = 62.25.
    ROOFLAB_COMPARE_DOUBLE(intensity(one, ModelOpClass::AttentionProjections),
                           83886080.0 / 83922944.0);
    ROOFLAB_COMPARE_DOUBLE(intensity(many, ModelOpClass::AttentionProjections),
                           5368709120.0 / 86245376.0);
    // Norms stay far left: 5 FLOP per 4 B of each element, plus one row of scales shared by
    // the batch. B = 1: 20,480 / 24,576 = 0.833; B = 64: 1,310,720 / (1,048,576 + 8,192)
    // = 1.240; never above 5/4.
    ROOFLAB_COMPARE_DOUBLE(intensity(one, ModelOpClass::Norms), 20480.0 / 24576.0);
    ROOFLAB_COMPARE_DOUBLE(intensity(many, ModelOpClass::Norms), 1310720.0 / 1056768.0);
}

void TestModelAnalysis::expertWeightBytesPerStep()
{
    // Mixtral decode, weights read per step. Per layer: QKV 4096*6144*2 = 50,331,648, out
    // 33,554,432, router 4096*8*2 = 65,536, and per expert touched up+gate 234,881,024 +
    // down 117,440,512 = 352,321,536; LM head 4096*32000*2 = 262,144,000.
    // B = 1: 2 experts -> 32*(83,951,616 + 704,643,072) + 262,144,000 = 25,497,174,016 B.
    // B = 64: 8*(1 - 0.75^64) = 7.99999992 experts -> 32*(83,951,616 + 7.99999992 *
    // 352,321,536) + 262,144,000 = 93,142,908,018 B (all 8: 93,142,908,928).
    const ModelAnalysis one = analyze(modelScenario("mixtral-8x7b", Phase::Decode, 1, 1024, 512));
    const ModelAnalysis many = analyze(modelScenario("mixtral-8x7b", Phase::Decode, 64, 1024, 512));
    ROOFLAB_COMPARE_DOUBLE(one.totals.bytes.weights, 25497174016.0);
    ROOFLAB_COMPARE_NEAR(many.totals.bytes.weights, 93142908018.0, 1e-9);
    // The footprint holds every expert at any batch: 46,702,792,704 * 2.
    ROOFLAB_COMPARE_DOUBLE(one.footprint.weightBytes, 93405585408.0);
}

void TestModelAnalysis::tooLargeForOneDevice()
{
    // Llama 3.1 405B, BF16, B = 1, S = 4096: weights 405,853,388,800*2 = 811,706,777,600;
    // KV 4096*516,096 = 2,113,929,216; activations (16384 + 2*53248 + 128256)*2 = 502,272;
    // total 813,821,209,088 B against 80 GB less the default 10 % headroom = 72 GB usable
    // -> 11.30 -> 12 devices. No narrower scheme fits one device: FP8 weights 407.97 GB,
    // INT4-g128 weights 211.38 GB (210.33 with an FP8 cache).
    const ModelAnalysis a = analyze(modelScenario("llama-3.1-405b", Phase::Decode, 1, 4096, 512));
    QVERIFY(a.ok());
    QVERIFY(!a.footprint.fits);
    ROOFLAB_COMPARE_DOUBLE(a.footprint.weightBytes, 811706777600.0);
    ROOFLAB_COMPARE_DOUBLE(a.footprint.kvCacheBytes, 2113929216.0);
    ROOFLAB_COMPARE_DOUBLE(a.footprint.activationBytes, 502272.0);
    ROOFLAB_COMPARE_DOUBLE(a.footprint.totalBytes, 813821209088.0);
    ROOFLAB_COMPARE_DOUBLE(a.footprint.capacityBytes, 80e9);
    ROOFLAB_COMPARE_DOUBLE(a.footprint.usableBytes, 72e9);
    QCOMPARE(a.footprint.devicesNeeded, 12.0);
    QVERIFY(!a.footprint.fittingScheme);
}

void TestModelAnalysis::narrowerSchemeSuggested()
{
    // Llama 3.1 70B, BF16, B = 1, S = 4096: 141,107,412,992 + 1,342,177,280 + 387,584 =
    // 142,449,977,856 B: 1.98 x the 72 GB usable (80 GB less 10 % headroom), 2 devices. FP8
    // weights: 70,553,706,496 + 1,342,177,280 + 387,584 = 71,896,271,360 B, which fits in
    // 72 GB: the first narrower scheme tried.
    const ModelAnalysis a = analyze(modelScenario("llama-3.1-70b", Phase::Decode, 1, 4096, 512));
    QVERIFY(!a.footprint.fits);
    QCOMPARE(a.footprint.devicesNeeded, 2.0);
    ROOFLAB_COMPARE_DOUBLE(a.footprint.totalBytes, 142449977856.0);
    QVERIFY(a.footprint.fittingScheme);
    QCOMPARE(a.footprint.fittingScheme->weights, QStringLiteral("fp8-e4m3"));
    QCOMPARE(a.footprint.fittingScheme->kv, QStringLiteral("bf16"));
    ROOFLAB_COMPARE_DOUBLE(a.footprint.fittingTotalBytes, 71896271360.0);
}

void TestModelAnalysis::batchSweep()
{
    const Scenario s = modelScenario("llama-3.1-8b", Phase::Decode, 1, 4096, 512);
    const QList<ModelSweepPoint> curve = modelBatchSweep(m_catalog, s, h100, {1.0, 2.0});
    QCOMPARE(curve.size(), 2);
    // B = 1 as in decodeStep().
    ROOFLAB_COMPARE_DOUBLE(curve[0].stepTime, 15559191040.0 / 3.35e12);
    ROOFLAB_COMPARE_DOUBLE(curve[0].footprintBytes, 16597715456.0); // weights + KV + act
    QVERIFY(curve[0].fits);
    // B = 2: every operator still memory-bound; bytes grow by one more sequence's
    // activations and KV cache (weights and norm rows are shared): 32*(20,480 + 16,793,600
    // + 16,384 + 65,536 + 36,864 + 2*16,384 + 2*24,576 + 57,344 + 86,016) + 16,384 + 264,704
    // = 549,341,696 B, so 15,559,191,040 + 549,341,696 = 16,108,532,736 B.
    ROOFLAB_COMPARE_DOUBLE(curve[1].stepTime, 16108532736.0 / 3.35e12);
    ROOFLAB_COMPARE_DOUBLE(curve[1].tokensPerSecond, 2.0 / (16108532736.0 / 3.35e12));
}

void TestModelAnalysis::unknownModel()
{
    const ModelAnalysis a = analyze(modelScenario("gpt-9", Phase::Decode, 1, 4096, 512));
    QVERIFY(!a.ok());
    QCOMPARE(a.problems.value(0), QStringLiteral("unknown model \"gpt-9\""));
    QVERIFY(a.operators.isEmpty());
}

QTEST_GUILESS_MAIN(TestModelAnalysis)
#include "tst_modelanalysis.moc"
