// A model served on several devices (docs/models.md, "Deployments"): per-device bytes,
// collectives, step time and throughput against figures derived by hand.
//
// Llama 3.1 70B: L = 80 layers, D = 8192, H = 64 query and H_kv = 8 KV heads of d = 128,
// F = 28672 (gated: up and gate 2F), V = 128256, untied embeddings, RMSNorm; BF16 (2 B).
// H100 SXM5: 3.35e12 B/s, 80 GB, NVLink beta 450e9 B/s per direction, alpha 19.1 us, domain 8.
// H200 SXM: 4.8e12 B/s, 141 GB, beta 450e9, alpha 20.8 us. L40S: PCIe beta 32e9, alpha 30.7 us.
// Headroom 10 %: 72 GB usable of 80 GB. At batch 64 and below every operator here is
// memory-bound (GEMM intensity < 64 FLOP/B against ridges above 200), so each operator's time
// is its bytes / bandwidth. Operator byte formulas as in tst_modelcli: a GEMM over M tokens
// with weight [D x F] moves D*F*2 + M*(D+F)*2; decode attention B*(2*S*H_kv*d*2 + 2*H*d*2);
// RMSNorm 2N*2 + D*2; a residual add 3N*2; SiLU 2N*2; the gate multiply 3N*2.
#include "catalog.h"
#include "deployment.h"
#include "modelanalysis.h"
#include "modelrecommend.h"
#include "modelscenarios.h"
#include "testhelpers.h"

#include <QTest>

using namespace rooflab;

namespace {

constexpr double tol = 1e-9;

// One ring all-reduce of M bytes over t devices: alpha + 2(t-1)/t * M / beta.
double ring(double alpha, double beta, double t, double bytes)
{
    return alpha + 2.0 * (t - 1.0) / t * bytes / beta;
}

// The logits all-gather: alpha + (t-1)/t * bytes / beta.
double gather(double alpha, double beta, double t, double bytes)
{
    return alpha + (t - 1.0) / t * bytes / beta;
}

} // namespace

class TestDeployment : public QObject
{
    Q_OBJECT

private:
    Catalog m_catalog;
    ModelAnalysis analyze(const Scenario &s) const
    {
        ModelOptions options;
        options.solveComputeBoundBatch = false;
        const ModelAnalysis a = analyzeModel(m_catalog, s, s.devices.first(), options);
        return a;
    }

private Q_SLOTS:
    void initTestCase()
    {
        m_catalog = Catalog::builtin();
        QVERIFY(m_catalog.problems().isEmpty());
    }

    void fourH100sBatch1()
    {
        // TP 4: per device 16 query heads, max(1, 8/4) = 2 KV heads, F/4 = 7168, V/4 = 32064.
        // Parameters per device: QKV 8192*(16+2*2)*128 = 20,971,520; out 2048*8192 =
        // 16,777,216; MLP 8192*14336 + 7168*8192 = 176,160,768; 2 norms 16,384 -> 213,925,888
        // per layer, x80 = 17,114,071,040; embedding and LM head 2*32064*8192 = 525,336,576;
        // final norm 8192 -> 17,639,415,808 x 2 B = 35,278,831,616 B.
        // KV cache: 4096 tokens * 2*80*2*128*2 = 81,920 B per token = 335,544,320 B.
        // Activations: (8192 + max(QKV 2560, up+gate 14336) + the whole logits 128256) * 2
        // = 301,568 B. Footprint 35,614,677,504 B <= 72e9: fits.
        const ModelAnalysis a = analyze(test::llama70bDecode(QStringLiteral("h100-sxm5"), 1, 4));
        QVERIFY2(a.ok(), qPrintable(a.problems.join(QLatin1Char('\n'))));
        const ModelDeployment &d = a.deployment;
        QCOMPARE(d.tp, 4);
        QCOMPARE(d.devices, 4);
        ROOFLAB_COMPARE_DOUBLE(d.perDevice.weightBytes, 35278831616.0);
        ROOFLAB_COMPARE_DOUBLE(d.perDevice.kvCacheBytes, 335544320.0);
        ROOFLAB_COMPARE_DOUBLE(d.perDevice.activationBytes, 301568.0);
        ROOFLAB_COMPARE_DOUBLE(d.perDevice.totalBytes, 35614677504.0);
        ROOFLAB_COMPARE_DOUBLE(d.usableBytes, 72e9);
        QVERIFY(d.fits);
        // Collectives: 2 per layer + 1 for the embedding = 161 all-reduces of
        // M = 1 token * 8192 * 2 = 16,384 B; one all-gather of 128256 * 2 = 256,512 B.
        ROOFLAB_COMPARE_DOUBLE(d.allReduces, 161.0);
        ROOFLAB_COMPARE_DOUBLE(d.allReduceBytes, 16384.0);
        ROOFLAB_COMPARE_DOUBLE(d.allGathers, 1.0);
        ROOFLAB_COMPARE_DOUBLE(d.allGatherBytes, 256512.0);
        // 161 * (19.1e-6 + 1.5 * 16384 / 450e9) + 19.1e-6 + 0.75 * 256512 / 450e9
        // = 161 * 19.1546133e-6 + 19.52752e-6 = 3.10342027e-3 s: alpha is 99.7 % of it.
        const double comm =
            161 * ring(19.1e-6, 450e9, 4, 16384) + gather(19.1e-6, 450e9, 4, 256512);
        ROOFLAB_COMPARE_NEAR(comm, 3.103420266666667e-3, 1e-12);
        ROOFLAB_COMPARE_NEAR(d.commTime, comm, tol);
        // Bytes per layer per device: norms 2*(2*8192*2 + 8192*2) = 98,304; QKV 8192*2560*2
        // + (8192+2560)*2 = 41,964,544; attention 2*4096*2*128*2 + 2*16*128*2 = 4,202,496;
        // out 2048*8192*2 + (2048+8192)*2 = 33,574,912; adds 2*3*8192*2 = 98,304; up+gate
        // 8192*14336*2 + (8192+14336)*2 = 234,926,080; SiLU 2*7168*2 = 28,672; multiply
        // 3*7168*2 = 43,008; down 7168*8192*2 + (7168+8192)*2 = 117,471,232 -> 432,407,552.
        // x80 = 34,592,604,160 + final norm 49,152 + LM head 8192*32064*2 + (8192+32064)*2 =
        // 525,417,088 -> 35,118,070,400 B / 3.35e12 = 10.4830061e-3 s.
        ROOFLAB_COMPARE_NEAR(d.computeTime, 35118070400.0 / 3.35e12, tol);
        ROOFLAB_COMPARE_NEAR(a.totals.stepTime, 35118070400.0 / 3.35e12 + comm, tol);
        ROOFLAB_COMPARE_NEAR(a.totals.tokensPerSecond, 1.0 / (35118070400.0 / 3.35e12 + comm), tol);
        ROOFLAB_COMPARE_NEAR(d.tokensPerSecondPerDevice, 0.25 / (35118070400.0 / 3.35e12 + comm),
                             tol);
        QVERIFY(!d.costPerMillionTokens);
        // Communication is a chart class of its own with its share of the step.
        const ModelClassResult &last = a.classes.last();
        QCOMPARE(last.opClass, ModelOpClass::Communication);
        ROOFLAB_COMPARE_NEAR(last.share, comm / a.totals.stepTime, tol);
        // Bytes each device sends: 161 * 1.5 * 16384 + 0.75 * 256512 = 4,149,120; the roof is
        // that over the communication time (alpha floors it far below beta).
        ROOFLAB_COMPARE_DOUBLE(last.point.bytes.total(), 4149120.0);
        ROOFLAB_COMPARE_NEAR(last.point.bandwidth, 4149120.0 / comm, tol);
    }

    void achievableRoofsSlowTheLink()
    {
        // Achievable roofs: NVLink at 0.8 x 450e9 = 360e9 (measured ring bus bandwidth is
        // about 80 % of beta), HBM at 0.85 x 3.35e12. Four H100s, TP 4, B = 1:
        // comm = 161 * (19.1e-6 + 1.5 * 16384 / 360e9) + 19.1e-6 + 0.75 * 256512 / 360e9;
        // operators 35,118,070,400 B / 2.8475e12 (all memory-bound at B = 1).
        Scenario s = test::llama70bDecode(QStringLiteral("h100-sxm5"), 1, 4);
        s.roof = RoofMode::Achievable;
        const ModelAnalysis a = analyze(s);
        QVERIFY(a.ok());
        const double comm =
            161 * ring(19.1e-6, 360e9, 4, 16384) + gather(19.1e-6, 360e9, 4, 256512);
        ROOFLAB_COMPARE_NEAR(a.deployment.commTime, comm, tol);
        ROOFLAB_COMPARE_NEAR(a.totals.stepTime, 35118070400.0 / (3.35e12 * 0.85) + comm, tol);
    }

    void fourH100sBatch64()
    {
        // M = 64 * 8192 * 2 = 1,048,576 B; logits 64 * 128256 * 2 = 16,416,768 B.
        // comm = 161 * (19.1e-6 + 1.5 * 1048576 / 450e9) + 19.1e-6 + 0.75 * 16416768 / 450e9
        //      = 161 * 22.5952533e-6 + 46.46128e-6 = 3.68429707e-3 s.
        // Bytes per layer: norms 2*(2*64*8192*2 + 8192*2) = 4,227,072; QKV 41,943,040 +
        // 64*21,504 = 43,319,296; attention 64*4,202,496 = 268,959,744; out 33,554,432 +
        // 64*20,480 = 34,865,152; adds 2*64*49,152 = 6,291,456; up+gate 234,881,024 +
        // 64*45,056 = 237,764,608; SiLU 64*28,672 = 1,835,008; multiply 64*43,008 =
        // 2,752,512; down 117,440,512 + 64*30,720 = 119,406,592 -> 719,421,440; x80 =
        // 57,553,715,200 + final norm 2,113,536 + LM head 525,336,576 + 64*80,512 =
        // 530,489,344 -> 58,086,318,080 B / 3.35e12 = 17.3391994e-3 s.
        // Step 21.0234965e-3 s; 64 / step = 3044.21 tokens/s, 761.05 per device.
        Scenario s = test::llama70bDecode(QStringLiteral("h100-sxm5"), 64, 4);
        s.deployment.pricePerDeviceHour = 2.0;
        const ModelAnalysis a = analyze(s);
        QVERIFY(a.ok());
        const ModelDeployment &d = a.deployment;
        const double comm =
            161 * ring(19.1e-6, 450e9, 4, 1048576) + gather(19.1e-6, 450e9, 4, 16416768);
        const double step = 58086318080.0 / 3.35e12 + comm;
        ROOFLAB_COMPARE_DOUBLE(d.allReduceBytes, 1048576.0);
        ROOFLAB_COMPARE_DOUBLE(d.allGatherBytes, 16416768.0);
        ROOFLAB_COMPARE_NEAR(d.commTime, 3.6842970666666666e-3, tol);
        ROOFLAB_COMPARE_NEAR(d.computeTime, 58086318080.0 / 3.35e12, tol);
        ROOFLAB_COMPARE_NEAR(a.totals.stepTime, step, tol);
        ROOFLAB_COMPARE_NEAR(a.totals.tokensPerSecond, 64 / step, tol);
        ROOFLAB_COMPARE_NEAR(d.tokensPerSecondPerDevice, 16 / step, tol);
        // KV 64 * 335,544,320 = 21,474,836,480; activations 64 * (8192+14336)*2 + 64*128256*2
        // = 19,300,352; + weights = 56,772,968,448 B: fits.
        ROOFLAB_COMPARE_DOUBLE(d.perDevice.totalBytes, 56772968448.0);
        QVERIFY(d.fits);
        // $2 per device-hour x 4 devices = $8 per hour = 8/3600 $/s over 3044.21 tokens/s:
        // 8 / 3600 / (64 / step) * 1e6 = $0.72998 per million tokens.
        QVERIFY(d.costPerMillionTokens);
        ROOFLAB_COMPARE_NEAR(*d.costPerMillionTokens, 8.0 / 3600.0 / (64 / step) * 1e6, tol);
    }

    void twoH200s()
    {
        // TP 2: 32 query heads, 4 KV heads, F/2 = 14336, V/2 = 64128. Per layer parameters
        // 8192*5120 + 4096*8192 + 8192*28672 + 14336*8192 + 16384 = 427,835,392, x80 +
        // 2*64128*8192 + 8192 = 35,277,512,704 -> 70,555,025,408 B of weights.
        // B = 1 bytes per layer: 98,304 + (83,886,080 + 26,624) + (8,388,608 + 16,384) +
        // (67,108,864 + 24,576) + 98,304 + (469,762,048 + 73,728) + 57,344 + 86,016 +
        // (234,881,024 + 45,056) = 864,552,960; x80 + 49,152 + LM head 8192*64128*2 +
        // (8192+64128)*2 = 1,050,817,792 -> 70,215,103,744 B / 4.8e12 = 14.6281466e-3 s.
        // comm = 161 * (20.8e-6 + 16384 / 450e9) + 20.8e-6 + 0.5 * 256512 / 450e9
        //      = 3.37574684e-3 s; step 18.0038935e-3 s, 55.5435 tokens/s.
        const ModelAnalysis one = analyze(test::llama70bDecode(QStringLiteral("h200-sxm"), 1, 2));
        QVERIFY(one.ok());
        ROOFLAB_COMPARE_DOUBLE(one.deployment.perDevice.weightBytes, 70555025408.0);
        const double comm1 =
            161 * ring(20.8e-6, 450e9, 2, 16384) + gather(20.8e-6, 450e9, 2, 256512);
        ROOFLAB_COMPARE_NEAR(one.deployment.commTime, comm1, tol);
        ROOFLAB_COMPARE_NEAR(one.totals.stepTime, 70215103744.0 / 4.8e12 + comm1, tol);
        ROOFLAB_COMPARE_NEAR(one.totals.tokensPerSecond, 55.543541309282446, 1e-9);
        // B = 64, per layer: norms 4,227,072; QKV 83,886,080 + 64*26,624; attention
        // 64*8,404,992; out 67,108,864 + 64*24,576; adds 6,291,456; up+gate 469,762,048 +
        // 64*73,728; SiLU 64*57,344; multiply 64*86,016; down 234,881,024 + 64*45,056
        // = 1,424,130,048; x80 + final norm 2,113,536 + LM head 1,050,673,152 + 64*144,640
        // = 114,992,447,488 B / 4.8e12 = 23.9567599e-3 s. comm = 161 * (20.8e-6 + 1048576 /
        // 450e9) + 20.8e-6 + 0.5 * 16416768 / 450e9 = 3.76299804e-3 s; 2308.82 tokens/s.
        const ModelAnalysis many = analyze(test::llama70bDecode(QStringLiteral("h200-sxm"), 64, 2));
        const double comm64 =
            161 * ring(20.8e-6, 450e9, 2, 1048576) + gather(20.8e-6, 450e9, 2, 16416768);
        ROOFLAB_COMPARE_NEAR(many.deployment.commTime, comm64, tol);
        ROOFLAB_COMPARE_NEAR(many.totals.stepTime, 114992447488.0 / 4.8e12 + comm64, tol);
        ROOFLAB_COMPARE_NEAR(many.totals.tokensPerSecond, 2308.822470371497, 1e-9);
        QVERIFY(many.deployment.fits);
    }

    void pciePairCommunicationDominates()
    {
        // Llama 3.1 8B prefill (L 32, D 4096) of T = 2048 tokens, B = 1, on two L40S over
        // PCIe (beta 32e9, alpha 30.7 us), FP8 weights and math. M = 2048 * 4096 * 2 =
        // 16,777,216 B: each all-reduce 30.7e-6 + 1 * M / 32e9 = 554.988e-6 s; 65 of them
        // plus the logits' gather 30.7e-6 + 0.5 * 256,512 / 32e9 = 34.708e-6 ->
        // 36.108928e-3 s. The GEMMs alone need 2 * 2048 * 32 * (4096*3072 + 2048*4096 +
        // 4096*14336 + 7168*4096) FLOP / 733e12 = 19.5e-3 s; with attention and the vector
        // operators the operators take less than the communication.
        Scenario s;
        s.model = QStringLiteral("llama-3.1-8b");
        s.phase = Phase::Prefill;
        s.batch = 1;
        s.prompt = 2048;
        s.devices = QStringList{QStringLiteral("l40s")};
        s.scheme.weights = QStringLiteral("fp8-e4m3");
        s.scheme.math = QStringLiteral("fp8-e4m3");
        s.deployment.tp = 2;
        const ModelAnalysis a = analyze(s);
        QVERIFY2(a.ok(), qPrintable(a.problems.join(QLatin1Char('\n'))));
        const double comm =
            65 * ring(30.7e-6, 32e9, 2, 16777216) + gather(30.7e-6, 32e9, 2, 256512);
        ROOFLAB_COMPARE_NEAR(comm, 36.108928e-3, 1e-12);
        ROOFLAB_COMPARE_NEAR(a.deployment.commTime, comm, tol);
        QVERIFY(a.deployment.computeTime > 19.5e-3);
        QVERIFY(a.deployment.commTime > a.deployment.computeTime);
        const ModelClassResult &comms = a.classes.last();
        QCOMPARE(comms.opClass, ModelOpClass::Communication);
        QVERIFY(comms.share > 0.5);
        for (const ModelClassResult &c : a.classes)
            QVERIFY(c.stepTime <= comms.stepTime);
    }

    void pipelineStages()
    {
        // TP 2 x PP 2 on H100 at B = 1: 40 layers per stage; per layer 864,552,960 B
        // (twoH200s) / 3.35e12 plus 2 all-reduces of 19.1e-6 + 16384/450e9. Stage 1 adds the
        // embedding's all-reduce and one transfer 19.1e-6 + 16384/450e9; stage 2 the final
        // norm and LM head (49,152 + 1,050,817,792 B) / 3.35e12 and the logits' gather
        // 19.1e-6 + 0.5*256512/450e9. Stage 1 11.8922059e-3 s, stage 2 12.1870098e-3 s:
        // step (their sum) 24.0792157e-3 s, throughput 1 / stage 2 = 82.0546 tokens/s.
        Scenario s = test::llama70bDecode(QStringLiteral("h100-sxm5"), 1, 2);
        s.deployment.pp = 2;
        const ModelAnalysis a = analyze(s);
        QVERIFY(a.ok());
        const double ar = ring(19.1e-6, 450e9, 2, 16384);
        const double layer = 864552960.0 / 3.35e12 + 2 * ar;
        const double first = 40 * layer + ar + (19.1e-6 + 16384 / 450e9);
        const double last = 40 * layer + 1050866944.0 / 3.35e12 + gather(19.1e-6, 450e9, 2, 256512);
        QCOMPARE(a.deployment.devices, 4);
        ROOFLAB_COMPARE_DOUBLE(a.deployment.transfers, 1.0);
        ROOFLAB_COMPARE_NEAR(a.totals.stepTime, first + last, tol);
        ROOFLAB_COMPARE_NEAR(a.deployment.slowestStageTime, last, tol);
        ROOFLAB_COMPARE_NEAR(a.totals.tokensPerSecond, 1.0 / last, tol);
        // Weights of the heaviest stage: 40 * 427,835,392 + one table 64128*8192 + 8192 =
        // 17,638,760,448 params -> 35,277,520,896 B; KV for 2 micro-batches of 1 sequence
        // over 40 layers: 2 * 4096 * 40 * 2*4*128*2 = 671,088,640 B.
        ROOFLAB_COMPARE_DOUBLE(a.deployment.perDevice.weightBytes, 35277520896.0);
        ROOFLAB_COMPARE_DOUBLE(a.deployment.perDevice.kvCacheBytes, 671088640.0);
    }

    void unevenStages()
    {
        // PP 3 on H200s at B = 1 (no TP): 80 layers as 27, 27, 26. One layer moves
        // 855,638,016 * 2 + 17,567,744 = 1,728,843,776 B (tst_modelrecommend's stepBytes) /
        // 4.8e12 = 360.175787e-6 s. Stages 1 and 2: 27 layers + a transfer 20.8e-6 +
        // 16384/450e9 = 9.74558265e-3 s; stage 3: 26 layers + final norm and LM head
        // (49,152 + 2,101,619,200 B) / 4.8e12 = 9.80241803e-3 s, the slowest.
        Scenario s = test::llama70bDecode(QStringLiteral("h200-sxm"), 1, 1);
        s.deployment.pp = 3;
        const ModelAnalysis a = analyze(s);
        QVERIFY2(a.ok(), qPrintable(a.problems.join(QLatin1Char('\n'))));
        const double layer = 1728843776.0 / 4.8e12;
        const double transfer = 20.8e-6 + 16384 / 450e9;
        const double first = 27 * layer + transfer;
        const double last = 26 * layer + (49152.0 + 2101619200.0) / 4.8e12;
        ROOFLAB_COMPARE_NEAR(a.totals.stepTime, 2 * first + last, tol);
        ROOFLAB_COMPARE_NEAR(a.deployment.slowestStageTime, last, tol);
        ROOFLAB_COMPARE_NEAR(a.totals.tokensPerSecond, 1 / last, tol);
        ROOFLAB_COMPARE_DOUBLE(a.deployment.transfers, 2.0);
        QCOMPARE(a.deployment.allReduces, 0.0); // no tensor parallelism, no all-reduce
        // Heaviest stage: 27 layers of 855,654,400 parameters + one table 128256 * 8192 +
        // 8192 = 24,153,350,144 -> 48,306,700,288 B; KV for 3 micro-batches over 27 layers:
        // 3 * 27 * 4096 * 2*8*128*2 = 1,358,954,496 B.
        ROOFLAB_COMPARE_DOUBLE(a.deployment.perDevice.weightBytes, 48306700288.0);
        ROOFLAB_COMPARE_DOUBLE(a.deployment.perDevice.kvCacheBytes, 1358954496.0);
        QVERIFY(a.deployment.fits);
    }

    void impossibleDeployments()
    {
        const ModelSpec &m = *m_catalog.model(QStringLiteral("llama-3.1-70b"));
        const Device &h100 = *m_catalog.device(QStringLiteral("h100-sxm5"));
        const Device &xeon = *m_catalog.device(QStringLiteral("xeon-8480"));
        QVERIFY(deploymentProblems(m, h100, 8, 1).isEmpty());
        // 3 does not divide the 64 query heads.
        QList<DeploymentProblem> p = deploymentProblems(m, h100, 3, 1);
        QCOMPARE(p.size(), qsizetype(1));
        QCOMPARE(p.first().field, DeploymentField::Tp);
        QVERIFY2(p.first().reason.contains(QStringLiteral("does not divide the 64 query heads")),
                 qPrintable(p.first().reason));
        // 16 divides 64 and is a multiple of 8 KV heads, but exceeds the domain of 8.
        p = deploymentProblems(m, h100, 16, 1);
        QCOMPARE(p.size(), qsizetype(1));
        QVERIFY2(p.first().reason.contains(QStringLiteral("scale-up domain of 8")),
                 qPrintable(p.first().reason));
        // TP 4 x PP 4 = 16 devices: also beyond the domain.
        QCOMPARE(deploymentProblems(m, h100, 4, 4).size(), qsizetype(1));
        // A CPU preset has no interconnect: it runs alone.
        p = deploymentProblems(m, xeon, 2, 1);
        QCOMPARE(p.size(), qsizetype(1));
        QVERIFY2(p.first().reason.contains(QStringLiteral("no interconnect")),
                 qPrintable(p.first().reason));
        // 81 stages for 80 layers.
        QVERIFY(
            !deploymentProblems(m, *m_catalog.device(QStringLiteral("gb200")), 1, 81).isEmpty());
        // Values alone.
        Deployment bad;
        bad.tp = 0;
        bad.headroom = 0.95;
        bad.pricePerDeviceHour = -1;
        const QList<DeploymentProblem> values = deploymentValueProblems(bad);
        QCOMPARE(values.size(), qsizetype(3));
        QCOMPARE(values.at(0).field, DeploymentField::Tp);
        QCOMPARE(values.at(1).field, DeploymentField::Headroom);
        QCOMPARE(values.at(2).field, DeploymentField::Price);
    }

    void meshBandwidthGrowsWithTheGroup()
    {
        // MI300X: seven 64 GB/s links per direction, full mesh: a group of t uses t-1 of them.
        const Interconnect &link = *m_catalog.device(QStringLiteral("mi300x"))->interconnect;
        ROOFLAB_COMPARE_DOUBLE(link.groupBandwidth(2), 64e9);
        ROOFLAB_COMPARE_DOUBLE(link.groupBandwidth(4), 192e9);
        ROOFLAB_COMPARE_DOUBLE(link.groupBandwidth(8), 448e9);
        // A switch gives every group the device's figure.
        const Interconnect &nvlink = *m_catalog.device(QStringLiteral("h100-sxm5"))->interconnect;
        ROOFLAB_COMPARE_DOUBLE(nvlink.groupBandwidth(2), 450e9);
    }

    void movesRankedPerDevice()
    {
        // Ranked by tokens per second per device, the moves that fit come first and in
        // falling order of that figure; by step time they fall in rising step time per token.
        Scenario s = test::llama70bDecode(QStringLiteral("h100-sxm5"), 64, 4);
        const QList<Move> perDevice = recommendModelMoves(
            m_catalog, s, s.devices.first(), QStringLiteral("mlp"), MoveRanking::TokensPerDevice);
        QVERIFY(perDevice.size() >= 3);
        for (qsizetype i = 1; i < perDevice.size(); ++i) {
            QVERIFY(perDevice.at(i).fitsAfter); // today fits: every move keeps it fitting
            QVERIFY2(perDevice.at(i - 1).tokensPerSecondPerDeviceAfter >=
                         perDevice.at(i).tokensPerSecondPerDeviceAfter,
                     qPrintable(perDevice.at(i).title));
        }
        const QList<Move> byTime =
            recommendModelMoves(m_catalog, s, s.devices.first(), QStringLiteral("mlp"));
        for (qsizetype i = 1; i < byTime.size(); ++i)
            QVERIFY2(byTime.at(i - 1).timePerWorkRatio <= byTime.at(i).timePerWorkRatio,
                     qPrintable(byTime.at(i).title));
        // The predicted figure is that of the changed step: tokens/s / devices.
        const Move &top = perDevice.first();
        ModelOptions options;
        options.solveComputeBoundBatch = false;
        const ModelAnalysis after = analyzeModel(m_catalog, top.scenario, top.deviceId, options);
        ROOFLAB_COMPARE_NEAR(top.tokensPerSecondPerDeviceAfter,
                             after.totals.tokensPerSecond / after.deployment.devices, 1e-12);
    }

    void interconnectsAreSourced()
    {
        // Every link names its source; no vendor headline (both directions) slipped in:
        // the largest per-direction figure shipped is NVLink 5's 900 GB/s.
        int linked = 0;
        for (const Device &d : m_catalog.devices()) {
            QVERIFY2(!d.source.isEmpty(), qPrintable(d.id));
            if (!d.interconnect)
                continue;
            ++linked;
            const Interconnect &link = *d.interconnect;
            QVERIFY2(!link.name.isEmpty() && !link.source.isEmpty(), qPrintable(d.id));
            QVERIFY2(link.bandwidthPerDirection > 0 && link.bandwidthPerDirection <= 900e9,
                     qPrintable(d.id));
            QVERIFY2(link.domainSize >= 2, qPrintable(d.id));
            QVERIFY2(link.latency > 0 && link.latency < 1e-3, qPrintable(d.id));
        }
        QVERIFY(linked >= 20);
        // The new presets from the reference table carry their figures, e.g. the H100 NVL:
        // 94 GB, 3.9 TB/s, dense BF16 835.5 TFLOP/s (the datasheet's 1671 is with sparsity),
        // and an NVLink bridge of 600 GB/s both ways: 300e9 each way, two GPUs.
        const Device *nvl = m_catalog.device(QStringLiteral("h100-nvl"));
        QVERIFY(nvl);
        ROOFLAB_COMPARE_DOUBLE(nvl->capacityBytes, 94e9);
        ROOFLAB_COMPARE_DOUBLE(nvl->ceiling(UnitKind::Matrix, QStringLiteral("bf16"))->peakFlops,
                               835.5e12);
        ROOFLAB_COMPARE_DOUBLE(nvl->interconnect->bandwidthPerDirection, 300e9);
        QCOMPARE(nvl->interconnect->domainSize, 2);
    }

    void noSlowerDeviceWhenShardingFits()
    {
        // Llama 3.1 70B, B = 256, S = 8192 on one B200 (180 GB, 162 GB usable): weights
        // 141.1 GB + KV 256*8192*327,680 = 687.2 GB: far from fitting. TP 4 keeps 171.8 GB of
        // KV per device (> 162 GB); TP 8: weights 8,820,367,360 params * 2 = 17,640,734,720 +
        // KV 256*8192*2*80*1*128*2 = 85,899,345,920 + activations 256*(8192+7168)*2 +
        // 256*128256*2 = 73,531,392 -> 103,613,612,032 B: fits. Sharding is faster than any
        // CPU, so no slower device is offered.
        Scenario s = test::llama70bDecode(QStringLiteral("b200"), 256, 1);
        s.seq = 8192;
        const QList<Move> moves =
            recommendModelMoves(m_catalog, s, s.devices.first(), QStringLiteral("attention"));
        QVERIFY(!moves.isEmpty());
        bool sharded = false;
        for (const Move &m : moves) {
            QVERIFY2(!(m.kind == MoveKind::Device && m.timeRatio >= 1.0), qPrintable(m.title));
            if (m.kind == MoveKind::Deployment) {
                sharded = true;
                QCOMPARE(m.title, QStringLiteral("Shard over 8 devices (TP = 8)"));
                QVERIFY(m.fitsAfter);
            }
        }
        QVERIFY(sharded);
        QVERIFY2(moves.first().fitsAfter, qPrintable(moves.first().title));
        Scenario after = s;
        after.deployment.tp = 8;
        ROOFLAB_COMPARE_DOUBLE(analyze(after).deployment.perDevice.totalBytes, 103613612032.0);
    }
};

QTEST_GUILESS_MAIN(TestDeployment)
#include "tst_deployment.moc"
