// Expert parallelism and latent attention (docs/models.md, "Expert parallelism", "Latent
// attention"): per-device bytes, all-to-all bytes and time, and DeepSeek-V3's decode
// attention, against figures derived by hand.
//
// H200 SXM: 141 GB (126.9 GB usable with 10 % headroom), NVLink beta 450e9 B/s per
// direction on a switch (the group gets the whole beta), alpha 20.8 us, domain 8.
// Decode at B = 64, S = 4096, BF16 activations and KV cache (2 B).
#include "catalog.h"
#include "deployment.h"
#include "modelanalysis.h"
#include "testhelpers.h"

#include <QTest>

using namespace rooflab;

namespace {

constexpr double tol = 1e-9;
constexpr double alpha = 20.8e-6;
constexpr double beta = 450e9;

Scenario decode(const QString &model, int tp, bool ep)
{
    Scenario s;
    s.model = model;
    s.phase = Phase::Decode;
    s.batch = 64;
    s.seq = 4096;
    s.devices = QStringList{QStringLiteral("h200-sxm")};
    s.deployment.tp = tp;
    s.deployment.expertParallel = ep;
    return s;
}

double ring(double t, double bytes)
{
    return alpha + 2.0 * (t - 1.0) / t * bytes / beta;
}

double gather(double t, double bytes)
{
    return alpha + (t - 1.0) / t * bytes / beta;
}

const ModelOperatorResult *op(const ModelAnalysis &a, const char *id)
{
    for (const ModelOperatorResult &r : a.operators) {
        if (r.op.spec.id == QLatin1String(id))
            return &r;
    }
    return nullptr;
}

} // namespace

class TestExpertParallel : public QObject
{
    Q_OBJECT

private:
    Catalog m_catalog;
    ModelAnalysis analyze(const Scenario &s) const
    {
        ModelOptions options;
        options.solveComputeBoundBatch = false;
        return analyzeModel(m_catalog, s, s.devices.first(), options);
    }

private Q_SLOTS:
    void initTestCase()
    {
        m_catalog = Catalog::builtin();
        QVERIFY(m_catalog.problems().isEmpty());
    }

    void qwen3OnEightH200s()
    {
        // Qwen3 30B-A3B, TP 8: 32/8 = 4 query heads, max(1, 4/8) = 1 KV head; 128 experts,
        // k = 8, F = 768, D = 2048, V = 151936, 48 layers, no shared expert, no dense layer.
        const ModelAnalysis ep = analyze(decode(QStringLiteral("qwen3-30b-a3b"), 8, true));
        QVERIFY2(ep.ok(), qPrintable(ep.problems.join(QLatin1Char('\n'))));
        const ModelDeployment &d = ep.deployment;
        QVERIFY(d.expertParallel);
        // Parameters per device, the same with EP (16 whole experts) as split by width (128
        // experts of F/8 = 96): QKV 2048*(4+2*1)*128 = 1,572,864; out 512*2048 = 1,048,576;
        // experts 16 * (2048*1536 + 768*2048) = 75,497,472; router 2048*128 = 262,144; norms
        // 4,096 -> 78,385,152 per layer, x48 = 3,762,487,296; tables 2*18992*2048 =
        // 77,791,232; final norm 2,048 -> 3,840,280,576 x 2 B = 7,680,561,152 B.
        ROOFLAB_COMPARE_DOUBLE(d.perDevice.weightBytes, 7680561152.0);
        // KV: 64 * 4096 * 48 layers * 2*1*128 * 2 B = 6,442,450,944 B.
        ROOFLAB_COMPARE_DOUBLE(d.perDevice.kvCacheBytes, 6442450944.0);
        // Activations: 64 * (2048 + max(QKV 768, k/t = 1 expert's up+gate 1536)) * 2 +
        // 64 * 151936 * 2 = 458,752 + 19,447,808 = 19,906,560 B.
        ROOFLAB_COMPARE_DOUBLE(d.perDevice.activationBytes, 19906560.0);
        // Dispatch and combine in each of 48 layers: 96 all-to-alls, each device sending
        // 64 tokens * 8 experts * 2048 * 2 B * 7/8 = 1,835,008 B, in 20.8e-6 + 1,835,008 /
        // 450e9 = 24.8778e-6 s each.
        ROOFLAB_COMPARE_DOUBLE(d.allToAlls, 96.0);
        ROOFLAB_COMPARE_DOUBLE(d.allToAllBytes, 1835008.0);
        const double a2a = alpha + 1835008.0 / beta;
        ROOFLAB_COMPARE_NEAR(a2a, 2.4877795555555555e-5, 1e-12);
        ROOFLAB_COMPARE_NEAR(d.allToAllTime, 96 * a2a, tol);
        // With whole experts the MLP needs no all-reduce: 48 after attention + 1 for the
        // embedding = 49, of 64 * 2048 * 2 = 262,144 B; the logits' gather 64*151936*2.
        ROOFLAB_COMPARE_DOUBLE(d.allReduces, 49.0);
        ROOFLAB_COMPARE_DOUBLE(d.allReduceBytes, 262144.0);
        ROOFLAB_COMPARE_DOUBLE(d.allGatherBytes, 19447808.0);
        const double comm = 49 * ring(8, 262144) + gather(8, 19447808) + 96 * a2a;
        ROOFLAB_COMPARE_NEAR(d.commTime, comm, tol);
        ROOFLAB_COMPARE_NEAR(ep.totals.stepTime, d.computeTime + comm, tol);
        // Bytes each device sends: 49 * 2*7/8 * 262,144 + 7/8 * 19,447,808 + 96 * 1,835,008
        // = 22,478,848 + 17,016,832 + 176,160,768 = 215,656,448.
        ROOFLAB_COMPARE_DOUBLE(d.bytesSent, 215656448.0);

        // The expert GEMMs per device: with EP 16 experts, k/t = 1 per token, whole F:
        // 2 * 64 * 1 * 2048 * 1536 = 402,653,184 FLOPs, as split by width (2*64*8*2048*192).
        const ModelOperatorResult *up = op(ep, "expert-up");
        QVERIFY(up);
        ROOFLAB_COMPARE_DOUBLE(up->point.flops, 402653184.0);

        // Split by width instead: 2*48 + 1 = 97 all-reduces, no all-to-all, the same weights.
        const ModelAnalysis width = analyze(decode(QStringLiteral("qwen3-30b-a3b"), 8, false));
        QVERIFY(width.ok());
        QVERIFY(!width.deployment.expertParallel);
        ROOFLAB_COMPARE_DOUBLE(width.deployment.allReduces, 97.0);
        ROOFLAB_COMPARE_DOUBLE(width.deployment.allToAlls, 0.0);
        ROOFLAB_COMPARE_DOUBLE(width.deployment.perDevice.weightBytes, 7680561152.0);
        ROOFLAB_COMPARE_DOUBLE(op(width, "expert-up")->point.flops, 402653184.0);
    }

    void deepseekV3OnEightH200sFp8()
    {
        // DeepSeek-V3 with FP8 (1 B) weights, TP 8 with EP: 16 heads per device.
        Scenario s = decode(QStringLiteral("deepseek-v3"), 8, true);
        s.scheme.weights = QStringLiteral("fp8-e4m3");
        const ModelAnalysis a = analyze(s);
        QVERIFY2(a.ok(), qPrintable(a.problems.join(QLatin1Char('\n'))));
        const ModelDeployment &d = a.deployment;
        // Parameters per device. Latent attention: q down 7168*1536 + 1536 and kv down
        // 7168*576 + 512 whole on every device; q up 1536*16*192 = 4,718,592; kv up
        // 512*16*256 = 2,097,152; out 16*128*7168 = 14,680,064 -> 36,636,672; + norms
        // 14,336 = 36,651,008 x61 = 2,235,711,488. Dense MLP 3*7168*2304 = 49,545,216 x3 =
        // 148,635,648. Expert layer: 32 whole experts of 44,040,192 = 1,409,286,144, shared
        // expert by width 3*7168*256 = 5,505,024, router 7168*256 = 1,835,008 ->
        // 1,416,626,176 x58 = 82,164,318,208. Tables 2*16160*7168 = 231,669,760, final norm
        // 7,168. Sum 84,780,342,272 x 1 B.
        ROOFLAB_COMPARE_DOUBLE(d.perDevice.weightBytes, 84780342272.0);
        // The latent cache is whole on every device: 64 * 4096 * 61 * 576 * 2 B =
        // 18,421,383,168 B.
        ROOFLAB_COMPARE_DOUBLE(d.perDevice.kvCacheBytes, 18421383168.0);
        // Activations: widest of attention max(16*256, 16*192) = 4096 and MLP max(1 expert
        // 4096 + shared 512, dense 2*2304) = 4608: 64*(7168 + 4608)*2 + 64*129280*2 =
        // 1,507,328 + 16,547,840 = 18,055,168 B. Total 103,219,780,608 <= 126.9e9: fits.
        ROOFLAB_COMPARE_DOUBLE(d.perDevice.activationBytes, 18055168.0);
        ROOFLAB_COMPARE_DOUBLE(d.perDevice.totalBytes, 103219780608.0);
        QVERIFY(d.fits);
        // 2 * 58 = 116 all-to-alls of 64 * 8 * 7168 * 2 * 7/8 = 6,422,528 B each, in
        // 20.8e-6 + 6,422,528 / 450e9 = 35.0723e-6 s.
        ROOFLAB_COMPARE_DOUBLE(d.allToAlls, 116.0);
        ROOFLAB_COMPARE_DOUBLE(d.allToAllBytes, 6422528.0);
        const double a2a = alpha + 6422528.0 / beta;
        ROOFLAB_COMPARE_NEAR(a2a, 3.5072284444444444e-5, 1e-12);
        ROOFLAB_COMPARE_NEAR(d.allToAllTime, 116 * a2a, tol);
        // All-reduces: 61 after attention, 3 after the dense MLPs, 58 after the shared
        // experts (split by rows), 1 for the embedding = 123, of 64*7168*2 = 917,504 B.
        ROOFLAB_COMPARE_DOUBLE(d.allReduces, 123.0);
        ROOFLAB_COMPARE_DOUBLE(d.allReduceBytes, 917504.0);
        const double comm = 123 * ring(8, 917504) + gather(8, 64 * 129280 * 2.0) + 116 * a2a;
        ROOFLAB_COMPARE_NEAR(d.commTime, comm, tol);
        ROOFLAB_COMPARE_NEAR(a.totals.stepTime, d.computeTime + comm, tol);
    }

    void deepseekV3LatentDecodeAttention()
    {
        // The absorbed decode attention over the latent cache, TP 8 (16 heads), B = 64,
        // S = 4096: per sequence 2*S*16*(576 + 512) + 5*S*16 FLOPs = 142,606,336 + 327,680 =
        // 142,934,016, x64 = 9,147,777,024; the cache read once, whole: 64 * 4096 * 576 * 2
        // = 301,989,888 B; query in and output out 64 * 16 * (576 + 512) * 2 = 2,228,224 B.
        const ModelAnalysis a = analyze(decode(QStringLiteral("deepseek-v3"), 8, true));
        const ModelOperatorResult *att = op(a, "attention");
        QVERIFY(att);
        ROOFLAB_COMPARE_DOUBLE(att->point.flops, 9147777024.0);
        ROOFLAB_COMPARE_DOUBLE(att->point.bytes.kv, 301989888.0);
        ROOFLAB_COMPARE_DOUBLE(att->point.bytes.act, 2228224.0);
        ROOFLAB_COMPARE_DOUBLE(att->op.count, 61.0);
        // The absorbed key up-projection: 16 per-head [128 x 512] matrices, every token
        // through all: 2 * 64 * 16 * 128 * 512 = 134,217,728 FLOPs; BF16 weights
        // 16*128*512*2 = 2,097,152 B; activations 64*16*(128 + 512)*2 = 1,310,720 B.
        const ModelOperatorResult *absorb = op(a, "q-absorb");
        QVERIFY(absorb);
        ROOFLAB_COMPARE_DOUBLE(absorb->point.flops, 134217728.0);
        ROOFLAB_COMPARE_DOUBLE(absorb->point.bytes.weights, 2097152.0);
        ROOFLAB_COMPARE_DOUBLE(absorb->point.bytes.act, 1310720.0);
        // Dense MLP ops run in the first 3 layers, expert ops in the other 58.
        ROOFLAB_COMPARE_DOUBLE(op(a, "dense-mlp-up")->op.count, 3.0);
        ROOFLAB_COMPARE_DOUBLE(op(a, "expert-up")->op.count, 58.0);
        ROOFLAB_COMPARE_DOUBLE(op(a, "shared-down")->op.count, 58.0);
    }

    void deepseekV3LatentPrefill()
    {
        // Prefill expands the latent: TP 8 (16 heads), B = 1, T = 2048. kv-up [512 x
        // 16*(128+128) = 4096]: 2 * 2048 * 512 * 4096 = 8,589,934,592 FLOPs. Attention with
        // query/key width 192 and value width 128: T^2 * 16 * 320 + 2.5 * T^2 * 16 =
        // 4,194,304 * 5,160 = 21,642,608,640 FLOPs; queries and outputs 2048 * 16 * 320 * 2 =
        // 20,971,520 B, the expanded keys and values as many. The footprint still caches the
        // latent: 2048 * 61 * 576 * 2 = 143,917,056 B per device.
        Scenario s = decode(QStringLiteral("deepseek-v3"), 8, false);
        s.phase = Phase::Prefill;
        s.batch = 1;
        s.prompt = 2048;
        const ModelAnalysis a = analyze(s);
        QVERIFY2(a.ok(), qPrintable(a.problems.join(QLatin1Char('\n'))));
        QVERIFY(!op(a, "q-absorb"));
        const ModelOperatorResult *kvUp = op(a, "kv-up");
        QVERIFY(kvUp);
        ROOFLAB_COMPARE_DOUBLE(kvUp->point.flops, 8589934592.0);
        const ModelOperatorResult *att = op(a, "attention");
        QVERIFY(att);
        ROOFLAB_COMPARE_DOUBLE(att->point.flops, 21642608640.0);
        ROOFLAB_COMPARE_DOUBLE(att->point.bytes.act, 20971520.0);
        ROOFLAB_COMPARE_DOUBLE(att->point.bytes.kv, 20971520.0);
        ROOFLAB_COMPARE_DOUBLE(a.deployment.perDevice.kvCacheBytes, 143917056.0);
    }

    void autoPicksEightH200sForDeepseekFp8()
    {
        // FP8 weights: TP 4 would hold about 2x 84.8 GB of weights per device, over the
        // 126.9 GB usable; TP 8 needs 103.2 GB (above): auto picks 8.
        Scenario s = decode(QStringLiteral("deepseek-v3"), 1, true);
        s.deployment.tpAuto = true;
        s.scheme.weights = QStringLiteral("fp8-e4m3");
        const ModelAnalysis a = analyze(s);
        QVERIFY2(a.ok(), qPrintable(a.problems.join(QLatin1Char('\n'))));
        QCOMPARE(a.deployment.tp, 8);
        // BF16 weights: 2 x 84.78 GB per device even at TP 8, over 126.9 GB: a refusal.
        s.scheme.weights = QStringLiteral("bf16");
        const ModelAnalysis bf16 = analyze(s);
        QVERIFY(!bf16.ok());
        QVERIFY2(bf16.problems.join(QLatin1Char(' ')).contains(QStringLiteral("does not fit")),
                 qPrintable(bf16.problems.join(QLatin1Char('\n'))));
    }

    void expertParallelRefusals()
    {
        const Device *gb200 = m_catalog.device(QStringLiteral("gb200"));
        const ModelSpec *mixtral = m_catalog.model(QStringLiteral("mixtral-8x7b"));
        const ModelSpec *llama = m_catalog.model(QStringLiteral("llama-3.1-8b"));
        QVERIFY(gb200 && mixtral && llama);
        // Mixtral's 8 experts cannot be spread whole over 16 devices.
        QList<DeploymentProblem> p = deploymentProblems(*mixtral, *gb200, 16, 1, true);
        QCOMPARE(p.size(), 1);
        QCOMPARE(p.first().field, DeploymentField::Ep);
        QVERIFY(p.first().reason.contains(QStringLiteral("8 experts")));
        QVERIFY(deploymentProblems(*mixtral, *gb200, 8, 1, true).isEmpty());
        // A dense model has nothing to spread.
        p = deploymentProblems(*llama, *gb200, 2, 1, true);
        QCOMPARE(p.size(), 1);
        QCOMPARE(p.first().field, DeploymentField::Ep);
    }
};

QTEST_GUILESS_MAIN(TestExpertParallel)
#include "tst_expertparallel.moc"
