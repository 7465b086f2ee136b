// Rows of a device comparison (docs/models.md, "Comparing devices") against figures derived
// by hand: every figure of a row at the row's own deployment.
#include "catalog.h"
#include "devicecompare.h"
#include "testhelpers.h"

#include <QTest>

#include <algorithm>

using namespace rooflab;

namespace {

// Llama 3.1 405B in FP8 weights (1 B), BF16 activations and cache (2 B), BF16 math, on
// MI355X: 2516.6e12 FLOP/s matrix BF16, 157.3e12 vector FP32, 8e12 B/s, 288 GB (259.2 GB
// usable with 10 % headroom); Infinity Fabric mesh of 8, 76.8e9 B/s per peer link, so a
// group of 8 gets 7 * 76.8e9 = 537.6e9 B/s; alpha 20 us.
constexpr double matrixPeak = 2516.6e12;
constexpr double vectorPeak = 157.3e12;
constexpr double bandwidth = 8e12;

// An operator's time on the roofline: the longer of its math and its memory time.
double roofTime(double flops, double bytes, double peak)
{
    return std::max(flops / peak, bytes / bandwidth);
}

// The prefill of B = 256 prompts of T = 512 tokens at TP 8: M = 131,072 tokens. One device
// holds L = 126 layers of D = 16384 with 128/8 = 16 query heads, max(1, 8/8) = 1 KV head of
// d = 128, F = 53248/8 = 6656 and V = 128256/8 = 16032.
double prefill405bTp8()
{
    const double m = 256.0 * 512.0, d = 16384, n = m * d; // N = 2,147,483,648 elements
    // RMSNorm: 5N = 10,737,418,240 FLOP on the vector units; 2N*2 + D*2 = 8,589,967,360 B:
    // 1.07374592e-3 s, memory-bound.
    const double norm = roofTime(5 * n, 4 * n + 2 * d, vectorPeak);
    // QKV [16384 x (16 + 2*1)*128 = 2304]: 2*M*16384*2304 = 9,895,604,649,984 FLOP;
    // 16384*2304*1 + M*(16384+2304)*2 = 4,936,695,808 B: 3.93213250e-3 s, compute-bound.
    const double qkv = roofTime(2 * m * d * 2304, d * 2304 + m * (d + 2304) * 2, matrixPeak);
    // Fused causal attention: 256 * (512^2*16*256 + 2.5*512^2*16) = 277,562,261,504 FLOP;
    // Q and O 256*512*16*256*2 + K and V 256*512*1*256*2 = 1,140,850,688 B: 142.606336e-6 s,
    // memory-bound.
    const double attention =
        roofTime(256 * (512.0 * 512 * 16 * 256 + 2.5 * 512 * 512 * 16),
                 256 * 512.0 * 16 * 256 * 2 + 256 * 512.0 * 1 * 256 * 2, matrixPeak);
    // Output projection [2048 x 16384]: 8,796,093,022,208 FLOP; 33,554,432 + M*18432*2 B.
    const double out = roofTime(2 * m * 2048 * d, 2048 * d + m * (2048 + d) * 2, matrixPeak);
    // A residual add: N FLOP, 3N*2 = 12,884,901,888 B: 1.610612736e-3 s.
    const double add = roofTime(n, 6 * n, vectorPeak);
    // Up and gate [16384 x 13312]: 57,174,604,644,352 FLOP: 22.7189878e-3 s.
    const double up = roofTime(2 * m * d * 13312, d * 13312 + m * (d + 13312) * 2, matrixPeak);
    // SiLU on M*6656 = 872,415,232 elements: 4 FLOP and 2*2 B each; the gate multiply 1 FLOP
    // and 3*2 B each: both memory-bound.
    const double nf = m * 6656;
    const double silu = roofTime(4 * nf, 4 * nf, vectorPeak);
    const double gate = roofTime(nf, 6 * nf, vectorPeak);
    // Down [6656 x 16384]: 28,587,302,322,176 FLOP: 11.3594939e-3 s.
    const double down = roofTime(2 * m * 6656 * d, 6656 * d + m * (6656 + d) * 2, matrixPeak);
    // One layer 48.1076857e-3 s; x126 + the final norm + the LM head over the B last
    // positions [16384 x 16032]: 2*256*16384*16032 = 134,486,163,456 FLOP, 262,668,288 +
    // 256*32416*2 B: 53.4396263e-6 s. Operators: 6.06269559 s.
    const double layer = 2 * norm + qkv + attention + out + 2 * add + up + silu + gate + down;
    const double head =
        roofTime(2 * 256.0 * d * 16032, d * 16032 + 256.0 * (d + 16032) * 2, matrixPeak);
    // 2*126 + 1 = 253 all-reduces of M*D*2 = 4,294,967,296 B, each 20e-6 + 2*7/8 * that /
    // 537.6e9 = 13.9809907e-3 s; the logits' all-gather 20e-6 + 7/8 * 256*128256*2 / 537.6e9.
    // Communication 3.54238325 s.
    const double allReduce = 20e-6 + 1.75 * m * d * 2 / 537.6e9;
    const double allGather = 20e-6 + 0.875 * 256 * 128256 * 2 / 537.6e9;
    return 126 * layer + norm + head + 253 * allReduce + allGather;
}

// Llama 3.1 70B decode at B = 1, S = 4096 on H100 SXM5 (tst_deployment's conventions):
// bytes per device / 3.35e12 plus 161 all-reduces of M = 8192 * 2 = 16,384 B and the logits'
// all-gather of 128256 * 2 = 256,512 B over NVLink (beta 450e9, alpha 19.1 us).
double h100Comm(double t)
{
    return 161 * (19.1e-6 + 2 * (t - 1) / t * 16384 / 450e9) + 19.1e-6 +
           (t - 1) / t * 256512 / 450e9;
}

// TP 2: 70,215,103,744 B per device (tst_deployment::twoH200s) -> 24.0600793e-3 s.
double h100StepTp2()
{
    return 70215103744.0 / 3.35e12 + h100Comm(2);
}

// TP 4: 35,118,070,400 B per device (tst_deployment::fourH100sBatch1) -> 13.5864264e-3 s.
double h100StepTp4()
{
    return 35118070400.0 / 3.35e12 + h100Comm(4);
}

// TP 8: 8 query heads, 1 KV head, F/8 = 3584, V/8 = 16032. Bytes per layer: norms
// 2*(2*8192*2 + 8192*2) = 98,304; QKV 8192*1280*2 + (8192+1280)*2 = 20,990,464; attention
// 4096*1*256*2 + 8*256*2 = 2,101,248; out 1024*8192*2 + (1024+8192)*2 = 16,795,648; adds
// 2*3*8192*2 = 98,304; up+gate 8192*7168*2 + (8192+7168)*2 = 117,471,232; SiLU 2*3584*2 =
// 14,336; multiply 3*3584*2 = 21,504; down 3584*8192*2 + (3584+8192)*2 = 58,743,808 ->
// 216,334,848. x80 = 17,306,787,840 + final norm 49,152 + LM head 8192*16032*2 +
// (8192+16032)*2 = 262,716,736 -> 17,569,553,728 B: 5.24464290e-3 s + 3.10495698e-3 s of
// communication = 8.34959988e-3 s.
double h100StepTp8()
{
    return 17569553728.0 / 3.35e12 + h100Comm(8);
}

} // namespace

class TestDeviceCompare : public QObject
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

    void ttftAtTheRowsTensorParallelism()
    {
        // Decode at B = 256, S = 8192 under auto: the KV cache per device is 256 * 8192 *
        // 126 layers * 2 * (8/t KV heads) * 128 * 2 B. At TP 4 that is 270.6 GB with 101.5 GB
        // of weights, over the 259.2 GB usable; at TP 8 135.3 GB + 50.7 GB fits: auto picks 8.
        // The prompt's prefill (512 tokens) would fit at TP 2, but the row runs on 8.
        Scenario s;
        s.model = QStringLiteral("llama-3.1-405b");
        s.scheme.weights = QStringLiteral("fp8-e4m3");
        s.devices = QStringList{QStringLiteral("mi355x")};
        s.deployment.tpAuto = true;
        s.batch = 256;
        s.seq = 8192;
        s.prompt = 512;
        const QList<CompareRow> rows = compareDevices(m_catalog, s, s.devices);
        QCOMPARE(rows.size(), qsizetype(1));
        const CompareRow &row = rows.first();
        QVERIFY2(row.problem.isEmpty(), qPrintable(row.problem));
        QCOMPARE(row.tp, 8);
        QCOMPARE(row.devices, 8);
        QVERIFY(row.fits);
        // 6.06269559 s of operators + 3.54238325 s of communication = 9.60507884 s.
        ROOFLAB_COMPARE_NEAR(prefill405bTp8(), 9.605078842823387, 1e-12);
        ROOFLAB_COMPARE_DOUBLE(row.ttft, prefill405bTp8());
    }

    void rowPerDegree()
    {
        // Llama 3.1 70B, B = 1, S = 4096 at TP 1, 2, 4, 8 on H100 SXM5 and H100 NVL, $2 per
        // device-hour. The NVL's NVLink bridge joins 2 GPUs: TP 4 and 8 do not fit there.
        Scenario s;
        s.model = QStringLiteral("llama-3.1-70b");
        s.batch = 1;
        s.seq = 4096;
        s.deployment.pricePerDeviceHour = 2.0;
        const QStringList devices{QStringLiteral("h100-sxm5"), QStringLiteral("h100-nvl")};
        const QList<CompareRow> rows = compareDegrees(m_catalog, s, devices, {1, 2, 4, 8});
        QCOMPARE(rows.size(), qsizetype(8));
        for (int i = 0; i < 8; ++i) {
            QCOMPARE(rows.at(i).deviceId, devices.at(i / 4));
            QCOMPARE(rows.at(i).requestedTp, QList<int>({1, 2, 4, 8}).at(i % 4));
        }
        // TP 1: 141.1 GB of BF16 weights on one 72 GB (usable) device: figures, but no fit.
        const CompareRow &one = rows.at(0);
        QVERIFY(one.problem.isEmpty());
        QCOMPARE(one.tp, 1);
        QVERIFY(!one.fits);
        const double steps[] = {h100StepTp2(), h100StepTp4(), h100StepTp8()};
        for (int i = 1; i < 4; ++i) {
            const CompareRow &r = rows.at(i);
            const double t = r.requestedTp;
            QVERIFY2(r.problem.isEmpty(), qPrintable(r.problem));
            QCOMPARE(r.tp, r.requestedTp);
            QCOMPARE(r.devices, r.requestedTp);
            QVERIFY(r.fits);
            ROOFLAB_COMPARE_DOUBLE(r.stepTime, steps[i - 1]);
            ROOFLAB_COMPARE_DOUBLE(r.tokensPerSecondPerDevice, 1 / steps[i - 1] / t);
            // $2 x t devices per hour over 1 / step tokens per second, per million tokens.
            QVERIFY(r.costPerMillionTokens);
            ROOFLAB_COMPARE_DOUBLE(*r.costPerMillionTokens, 2 * t / 3600 * steps[i - 1] * 1e6);
        }
        // Per device: TP 2 1 / 24.0600793e-3 / 2 = 20.78 tokens/s, TP 4 18.40, TP 8 14.97; TP 1
        // (23.9) does not fit. TP 2 is the H100's best, and so the cheapest: 4 / 3600 * 24.06e-3 *
        // 1e6 = $26.73 per million tokens against $30.19 at TP 4 and $37.11 at TP 8.
        QVERIFY(!one.bestForDevice);
        QVERIFY(rows.at(1).bestForDevice);
        QVERIFY(!rows.at(2).bestForDevice && !rows.at(3).bestForDevice);
        // TP 8 has the least step time of the rows that fit.
        QVERIFY(rows.at(3).best.contains(QStringLiteral("step_time_s")));
        // The NVL at TP 4 and 8: the domain of 2 is too small, the row says so.
        for (int i : {6, 7}) {
            const CompareRow &r = rows.at(i);
            QVERIFY(!r.fits);
            QCOMPARE(r.tp, 0);
            QVERIFY2(r.problem.startsWith(QStringLiteral("does not fit: ")), qPrintable(r.problem));
            QVERIFY2(r.problem.contains(QStringLiteral("scale-up domain of 2 devices")),
                     qPrintable(r.problem));
            QVERIFY(r.best.isEmpty() && !r.bestForDevice);
        }
        // Of the NVL's rows only TP 2 fits (71.2 GB of 84.6 GB usable), so it is its best.
        QVERIFY(!rows.at(4).fits);
        QVERIFY(rows.at(5).fits && rows.at(5).bestForDevice);
    }

    void pricePerDevice()
    {
        // Llama 3.1 70B, B = 1, S = 4096, TP 2 on H100 SXM5 at $2 and H200 at $3.50 per
        // device-hour; a bare price of $9 applies to neither, as both have their own.
        // H100: step 24.0600793e-3 s (above), 1 / step = 41.5626 tokens/s.
        // H200: 70,215,103,744 B / 4.8e12 + 161 * (20.8e-6 + 16384 / 450e9) + 20.8e-6 +
        // 0.5 * 256512 / 450e9 = 18.0038935e-3 s (tst_deployment::twoH200s): 55.5435 tokens/s.
        // $ per 1M tokens = price x 2 devices / 3600 / tokens per second x 1e6:
        // H100 4 / 3600 / 41.5626 * 1e6 = $26.73; H200 7 / 3600 / 55.5435 * 1e6 = $35.01.
        Scenario s;
        s.model = QStringLiteral("llama-3.1-70b");
        s.batch = 1;
        s.seq = 4096;
        s.deployment.tp = 2;
        s.deployment.pricePerDeviceHour = 9.0;
        s.deployment.prices = {{QStringLiteral("h100-sxm5"), 2.0},
                               {QStringLiteral("h200-sxm"), 3.5}};
        const QList<CompareRow> rows =
            compareDevices(m_catalog, s, {QStringLiteral("h100-sxm5"), QStringLiteral("h200-sxm")});
        QCOMPARE(rows.size(), qsizetype(2));
        const double h200Step = 70215103744.0 / 4.8e12 + 161 * (20.8e-6 + 16384 / 450e9) + 20.8e-6 +
                                0.5 * 256512 / 450e9;
        ROOFLAB_COMPARE_NEAR(h200Step, 18.0038935e-3, 1e-8);
        QVERIFY(rows.at(0).costPerMillionTokens && rows.at(1).costPerMillionTokens);
        ROOFLAB_COMPARE_DOUBLE(*rows.at(0).costPerMillionTokens,
                               2.0 * 2 / 3600 / (1 / h100StepTp2()) * 1e6);
        ROOFLAB_COMPARE_NEAR(*rows.at(0).costPerMillionTokens, 26.73, 1e-3);
        ROOFLAB_COMPARE_DOUBLE(*rows.at(1).costPerMillionTokens,
                               3.5 * 2 / 3600 / (1 / h200Step) * 1e6);
        ROOFLAB_COMPARE_NEAR(*rows.at(1).costPerMillionTokens, 35.01, 1e-3);
        // The H200 is faster, the H100 cheaper per token at these prices.
        QVERIFY(rows.at(1).best.contains(QStringLiteral("step_time_s")));
        QVERIFY(rows.at(0).best.contains(QStringLiteral("cost_per_mtok_usd")));
        QVERIFY(!rows.at(1).best.contains(QStringLiteral("cost_per_mtok_usd")));
        // A device without its own price takes the bare one: $9 x 2 on the H200.
        s.deployment.prices.remove(QStringLiteral("h200-sxm"));
        const QList<CompareRow> bare = compareDevices(m_catalog, s, {QStringLiteral("h200-sxm")});
        ROOFLAB_COMPARE_DOUBLE(*bare.at(0).costPerMillionTokens, 9.0 * 2 / 3600 * h200Step * 1e6);
    }
};

QTEST_GUILESS_MAIN(TestDeviceCompare)
#include "tst_devicecompare.moc"
