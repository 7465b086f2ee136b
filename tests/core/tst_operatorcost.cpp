// FLOPs, bytes and intensities of every operator kind (docs/presets.md).
#include "operatorcost.h"
#include "testhelpers.h"
#include "testoperators.h"

#include <QTest>

using namespace rooflab;
using namespace rooflab::test;

Q_DECLARE_METATYPE(rooflab::OperatorSpec)
Q_DECLARE_METATYPE(rooflab::OperandSizes)
Q_DECLARE_METATYPE(rooflab::ShapeContext)

namespace {

// Bytes per element, derived in tst_formats: bf16 2, fp32 4, fp8 1, int4-g128 4.125/8.
constexpr double bf16 = 2.0;
constexpr double fp32 = 4.0;
constexpr double fp8 = 1.0;
constexpr double int4g128 = 0.515625;

OperandSizes sizes(double weights, double act, double kv = bf16)
{
    return OperandSizes{weights, act, kv};
}

ShapeContext shape(double batch, double seq = 4096, double prompt = 512)
{
    return ShapeContext{batch, seq, prompt};
}

void costRow(const char *name, const OperatorSpec &op, const OperandSizes &s, const ShapeContext &c,
             double flops, double bytes, double intensity)
{
    QTest::newRow(name) << op << s << c << flops << bytes << intensity;
}

} // namespace

class TestOperatorCost : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void cost_data();
    void cost();
    void operandSplit();
    void decodeGemmNearBatchOverWeightBytes_data();
    void decodeGemmNearBatchOverWeightBytes();
    void attentionDecodeIgnoresBatch_data();
    void attentionDecodeIgnoresBatch();
    void attentionDecodeScaling_data();
    void attentionDecodeScaling();
    void attentionGroupAndKvFactors();
};

void TestOperatorCost::cost_data()
{
    QTest::addColumn<OperatorSpec>("op");
    QTest::addColumn<OperandSizes>("sizes");
    QTest::addColumn<ShapeContext>("context");
    QTest::addColumn<double>("flops");
    QTest::addColumn<double>("bytes");
    QTest::addColumn<double>("intensity");
    using K = OperatorKind;

    // Elementwise, k inputs: W = c*N, Q = (k+1)*N*b.
    // N = 64 x 8192 = 524,288; W = 524,288; Q = 3 x 524,288 x 2 = 3,145,728; I = 1/6
    costRow("residual add, hidden 8192, batch 64", elementwise(0, 8192, 2, 1), sizes(bf16, bf16),
            shape(64), 524288, 3145728, 1.0 / 6.0);
    // W = 1e6; Q = 2 x 1e6 x 4 = 8e6; I = 0.125
    costRow("copy fp32, 1e6", elementwise(1e6, 0, 1, 1), sizes(fp32, fp32), shape(1), 1e6, 8e6,
            0.125);
    // c = 2, k = 3: W = 2e6; Q = 4 x 1e6 x 2 = 8e6; I = 0.25
    costRow("3 inputs, 2 FLOP each, 1e6", elementwise(1e6, 0, 3, 2), sizes(bf16, bf16), shape(1),
            2e6, 8e6, 0.25);

    // Activation: W = c*N (relu 1, silu 4, gelu 8), Q = 2*N*b.
    // W = 1e6; Q = 2 x 1e6 x 2 = 4e6; I = 0.25
    costRow("relu bf16, 1e6", activation("relu", 1e6), sizes(bf16, bf16), shape(1), 1e6, 4e6, 0.25);
    // W = 4e6; Q = 4e6; I = 1
    costRow("silu bf16, 1e6", activation("silu", 1e6), sizes(bf16, bf16), shape(1), 4e6, 4e6, 1);
    // fp8 activations: W = 8e6; Q = 2 x 1e6 x 1 = 2e6; I = 4
    costRow("gelu fp8, 1e6", activation("gelu", 1e6), sizes(fp8, fp8), shape(1), 8e6, 2e6, 4);
    // N = 16 x 28672 = 458,752; W = 4 x 458,752 = 1,835,008; Q = 2 x 458,752 x 2 = 1,835,008
    costRow("silu, hidden 28672, batch 16", activation("silu", 0, 28672), sizes(bf16, bf16),
            shape(16), 1835008, 1835008, 1);

    // LayerNorm: W = 7*N, Q = 2*N*b + 2*width*b.
    // N = 8 x 4096 = 32,768; W = 229,376; Q = 2 x 32,768 x 2 + 2 x 4096 x 2
    //   = 131,072 + 16,384 = 147,456; I = 229,376 / 147,456 = 14/9 = 1.5556
    costRow("layernorm 4096 wide, batch 8", norm(K::LayerNorm, 0, 4096, 4096), sizes(bf16, bf16),
            shape(8), 229376, 147456, 14.0 / 9.0);
    // N = 1e6, no parameters, fp32: W = 7e6; Q = 2 x 1e6 x 4 = 8e6; I = 0.875
    costRow("layernorm fp32, 1e6, width 0", norm(K::LayerNorm, 1e6, 0, 0), sizes(fp32, fp32),
            shape(1), 7e6, 8e6, 0.875);
    // RMSNorm: W = 5*N, Q = 2*N*b + width*b.
    // N = 32,768; W = 163,840; Q = 131,072 + 4096 x 2 = 139,264; I = 20/17 = 1.1765
    costRow("rmsnorm 4096 wide, batch 8", norm(K::RmsNorm, 0, 4096, 4096), sizes(bf16, bf16),
            shape(8), 163840, 139264, 20.0 / 17.0);
    // N = 8192; W = 40,960; Q = 2 x 8192 x 2 + 8192 x 2 = 32,768 + 16,384 = 49,152; I = 5/6
    costRow("rmsnorm 8192 wide, batch 1", norm(K::RmsNorm, 0, 8192, 8192), sizes(bf16, bf16),
            shape(1), 40960, 49152, 5.0 / 6.0);

    // Softmax: W = 5*N, Q = 2*N*b.
    // N = 32 x 4096 x 4096 = 2^29 = 536,870,912; W = 2,684,354,560; Q = 2^31 = 2,147,483,648
    costRow("softmax bf16, 2^29", vectorOp(K::Softmax, 536870912), sizes(bf16, bf16), shape(1),
            2684354560, 2147483648, 1.25);
    // W = 5e6; Q = 2 x 1e6 x 4 = 8e6; I = 0.625
    costRow("softmax fp32, 1e6", vectorOp(K::Softmax, 1e6), sizes(fp32, fp32), shape(1), 5e6, 8e6,
            0.625);

    // Square matmul: W = 2*n^3, Q = n^2*(2*b_act + b_w).
    // W = 2 x 4096^3 = 137,438,953,472; Q = 16,777,216 x 6 = 100,663,296; I = 4096/3
    costRow("matmul 4096 bf16", matmul(4096), sizes(bf16, bf16), shape(1), 137438953472.0,
            100663296, 4096.0 / 3.0);
    // fp8 B: Q = 16,777,216 x (4 + 1) = 83,886,080; I = 2 x 4096 / 5 = 1638.4
    costRow("matmul 4096 fp8 weights", matmul(4096), sizes(fp8, bf16), shape(1), 137438953472.0,
            83886080, 1638.4);
    // W = 2 x 1024^3 = 2,147,483,648; Q = 1,048,576 x 12 = 12,582,912; I = 2048/12 = 170.667
    costRow("matmul 1024 fp32", matmul(1024), sizes(fp32, fp32), shape(1), 2147483648.0, 12582912,
            2048.0 / 12.0);
    // W = 2 x 8192^3 = 1,099,511,627,776; Q = 67,108,864 x 6 = 402,653,184; I = 8192/3
    costRow("matmul 8192 bf16", matmul(8192), sizes(bf16, bf16), shape(1), 1099511627776.0,
            402653184, 8192.0 / 3.0);

    // GEMM C[MxN] = A[MxK] (act) * B[KxN] (weights): W = 2MNK, Q = MK b_a + KN b_w + MN b_a.
    // W = 2 x 128 x 4096 x 8192 = 8,589,934,592;
    // Q = 128 x 8192 x 2 + 8192 x 4096 x 1 + 128 x 4096 x 2 = 2,097,152 + 33,554,432
    //   + 1,048,576 = 36,700,160; I = 234.0571429
    costRow("gemm 128x4096x8192 fp8 weights", gemm(128, 4096, 8192), sizes(fp8, bf16), shape(1),
            8589934592.0, 36700160, 234.0571429);
    // W = 2 x 2048^3 = 17,179,869,184; Q = 3 x 2048^2 x 2 = 25,165,824; I = 2048/3
    costRow("gemm 2048 cube bf16", gemm(2048, 2048, 2048), sizes(bf16, bf16), shape(1),
            17179869184.0, 25165824, 2048.0 / 3.0);
    // GEMV: W = 2 x 4096 x 4096 = 33,554,432; Q = 4096 x 2 + 4096 x 4096 x 2 + 4096 x 2
    //   = 8,192 + 33,554,432 + 8,192 = 33,570,816; I = 0.9995119571
    costRow("gemv 1x4096x4096 bf16", gemm(1, 4096, 4096), sizes(bf16, bf16), shape(1), 33554432,
            33570816, 0.9995119571);
    // W4A8: W = 2 x 64 x 8192 x 8192 = 8,589,934,592; Q = 64 x 8192 x 1
    //   + 8192 x 8192 x 0.515625 + 64 x 8192 x 1 = 524,288 + 34,603,008 + 524,288
    //   = 35,651,584; I = 240.9411765
    costRow("gemm 64x8192x8192 int4-g128 w, fp8 a", gemm(64, 8192, 8192), sizes(int4g128, fp8),
            shape(1), 8589934592.0, 35651584, 240.9411765);

    // Decode GEMM: W = 2*B*D*F, Q = D*F*b_w + B*(D+F)*b_a; D = 8192, F = 28672,
    // D*F = 234,881,024, D+F = 36,864.
    const OperatorSpec decode = weightGemm(K::DecodeGemm, 8192, 28672);
    // W = 469,762,048; Q = 469,762,048 + 36,864 x 2 = 469,835,776; I = 0.9998430771
    costRow("decode B=1 bf16", decode, sizes(bf16, bf16), shape(1), 469762048, 469835776,
            0.9998430771);
    // W = 7,516,192,768; Q = 469,762,048 + 16 x 73,728 = 470,941,696; I = 15.95992207
    costRow("decode B=16 bf16", decode, sizes(bf16, bf16), shape(16), 7516192768.0, 470941696,
            15.95992207);
    // W = 30,064,771,072; Q = 469,762,048 + 64 x 73,728 = 474,480,640; I = 63.36353591
    costRow("decode B=64 bf16", decode, sizes(bf16, bf16), shape(64), 30064771072.0, 474480640,
            63.36353591);
    // W = 120,259,084,288; Q = 469,762,048 + 256 x 73,728 = 488,636,416; I = 246.111588
    costRow("decode B=256 bf16", decode, sizes(bf16, bf16), shape(256), 120259084288.0, 488636416,
            246.111588);
    // Q = 234,881,024 + 4,718,592 = 239,599,616; I = 125.4792123
    costRow("decode B=64 fp8 weights", decode, sizes(fp8, bf16), shape(64), 30064771072.0,
            239599616, 125.4792123);
    // Q = 234,881,024 + 18,874,368 = 253,755,392; I = 473.9173554
    costRow("decode B=256 fp8 weights", decode, sizes(fp8, bf16), shape(256), 120259084288.0,
            253755392, 473.9173554);
    // Q = 234,881,024 x 0.515625 + 4,718,592 = 121,110,528 + 4,718,592 = 125,829,120;
    // I = 238.9333333
    costRow("decode B=64 int4-g128 weights", decode, sizes(int4g128, bf16), shape(64),
            30064771072.0, 125829120, 238.9333333);
    // Q = 234,881,024 + 64 x 36,864 x 1 = 237,240,320; I = 126.7270718
    costRow("decode B=64 fp8 weights and act", decode, sizes(fp8, fp8), shape(64), 30064771072.0,
            237240320, 126.7270718);

    // Prefill GEMM: W = 2*(B*T)*D*F, Q = D*F*b_w + B*T*(D+F)*b_a.
    const OperatorSpec prefill = weightGemm(K::PrefillGemm, 4096, 4096);
    // 512 tokens: W = 2 x 512 x 16,777,216 = 17,179,869,184;
    // Q = 16,777,216 x 2 + 512 x 8192 x 2 = 33,554,432 + 8,388,608 = 41,943,040; I = 409.6
    costRow("prefill T=512 B=1 bf16", prefill, sizes(bf16, bf16), shape(1, 4096, 512),
            17179869184.0, 41943040, 409.6);
    // 2048 tokens: W = 68,719,476,736; Q = 33,554,432 + 2048 x 8192 x 2 = 67,108,864; I = 1024
    costRow("prefill T=512 B=4 bf16", prefill, sizes(bf16, bf16), shape(4, 4096, 512),
            68719476736.0, 67108864, 1024);
    // Q = 16,777,216 + 8,388,608 = 25,165,824; I = 682.6666667
    costRow("prefill T=512 B=1 fp8 weights", prefill, sizes(fp8, bf16), shape(1, 4096, 512),
            17179869184.0, 25165824, 682.6666667);
    // Q = 16,777,216 x 0.515625 + 8,388,608 = 8,650,752 + 8,388,608 = 17,039,360;
    // I = 1008.246154
    costRow("prefill T=512 B=1 int4-g128 weights", prefill, sizes(int4g128, bf16),
            shape(1, 4096, 512), 17179869184.0, 17039360, 1008.246154);
    // 8192 x 28672, 2 x 2048 = 4096 tokens: W = 2 x 4096 x 234,881,024 = 1,924,145,348,608;
    // Q = 234,881,024 x 1 + 4096 x 36,864 x 2 = 234,881,024 + 301,989,888 = 536,870,912;
    // I = 3584
    costRow("prefill T=2048 B=2 fp8 weights, MLP up", weightGemm(K::PrefillGemm, 8192, 28672),
            sizes(fp8, bf16), shape(2, 4096, 2048), 1924145348608.0, 536870912, 3584);

    // Decode attention: W = B*(4*S*H*d + 5*S*H), Q = B*(2*S*H_kv*d*b_kv + 2*H*d*b_act).
    // H = 64, H_kv = 8, d = 128, S = 4096: W = 134,217,728 + 1,310,720 = 135,528,448;
    // Q = 2 x 4096 x 8 x 128 x 2 + 2 x 64 x 128 x 2 = 16,777,216 + 32,768 = 16,809,984
    const OperatorSpec gqa = attention(K::AttentionDecode, 64, 8, 128);
    costRow("attention decode B=1 GQA-8 bf16", gqa, sizes(bf16, bf16, bf16), shape(1, 4096),
            135528448, 16809984, 8.062378168);
    // x32: W = 4,336,910,336; Q = 537,919,488
    costRow("attention decode B=32 GQA-8 bf16", gqa, sizes(bf16, bf16, bf16), shape(32, 4096),
            4336910336.0, 537919488, 8.062378168);
    // S = 32768, B = 4: W = 4 x (1,073,741,824 + 10,485,760) = 4,336,910,336;
    // Q = 4 x (134,217,728 + 32,768) = 537,001,984; I = 8.076153283
    costRow("attention decode B=4 S=32768", gqa, sizes(bf16, bf16, bf16), shape(4, 32768),
            4336910336.0, 537001984, 8.076153283);

    // Prefill attention: W = B*(2*T^2*H*d + 2.5*T^2*H), Q = B*T*d*(2*H*b_act + 2*H_kv*b_kv).
    // H = 32, H_kv = 8, d = 128, T = 2048: T^2 = 4,194,304;
    // W = 34,359,738,368 + 335,544,320 = 34,695,282,688; Q = 2048 x 128 x (128 + 32)
    //   = 41,943,040; I = 827.2
    const OperatorSpec prefillAttention = attention(K::AttentionPrefill, 32, 8, 128);
    costRow("attention prefill T=2048 bf16", prefillAttention, sizes(bf16, bf16, bf16),
            shape(1, 4096, 2048), 34695282688.0, 41943040, 827.2);
    // B = 2, T = 1024, fp8 KV: W = 2 x (8,589,934,592 + 83,886,080) = 17,347,641,344;
    // Q = 2 x 1024 x 128 x (2 x 32 x 2 + 2 x 8 x 1) = 262,144 x 144 = 37,748,736;
    // I = 459.5555556
    costRow("attention prefill T=1024 B=2 fp8 KV", prefillAttention, sizes(bf16, bf16, fp8),
            shape(2, 4096, 1024), 17347641344.0, 37748736, 459.5555556);

    // Custom: as given. I = 1e12 / 1e9 = 1000
    costRow("custom", custom(1e12, 1e9), sizes(bf16, bf16), shape(1), 1e12, 1e9, 1000);
}

void TestOperatorCost::cost()
{
    QFETCH(OperatorSpec, op);
    QFETCH(OperandSizes, sizes);
    QFETCH(ShapeContext, context);
    QFETCH(double, flops);
    QFETCH(double, bytes);
    QFETCH(double, intensity);
    const OperatorCost c = operatorCost(op, sizes, context);
    ROOFLAB_COMPARE_DOUBLE(c.flops, flops);
    ROOFLAB_COMPARE_DOUBLE(c.bytes.total(), bytes);
    ROOFLAB_COMPARE_NEAR(c.intensity(), intensity, 1e-8);
}

void TestOperatorCost::operandSplit()
{
    // Decode GEMM B=64, fp8 weights: weights 8192 x 28672 x 1 = 234,881,024 B,
    // activations 64 x 36,864 x 2 = 4,718,592 B, no KV.
    OperatorCost c = operatorCost(weightGemm(OperatorKind::DecodeGemm, 8192, 28672),
                                  sizes(fp8, bf16), shape(64));
    ROOFLAB_COMPARE_DOUBLE(c.bytes.weights, 234881024);
    ROOFLAB_COMPARE_DOUBLE(c.bytes.act, 4718592);
    QCOMPARE(c.bytes.kv, 0.0);
    // Decode attention B=1: KV 2 x 4096 x 8 x 128 x 1 = 8,388,608 B (fp8); Q and O
    // 2 x 64 x 128 x 2 = 32,768 B; no weights.
    c = operatorCost(attention(OperatorKind::AttentionDecode, 64, 8, 128), sizes(bf16, bf16, fp8),
                     shape(1, 4096));
    ROOFLAB_COMPARE_DOUBLE(c.bytes.kv, 8388608);
    ROOFLAB_COMPARE_DOUBLE(c.bytes.act, 32768);
    QCOMPARE(c.bytes.weights, 0.0);
    // Custom bytes are not attributed to an operand.
    c = operatorCost(custom(5, 7), sizes(bf16, bf16), shape(1));
    ROOFLAB_COMPARE_DOUBLE(c.bytes.other, 7);
    QCOMPARE(c.bytes.weights + c.bytes.act + c.bytes.kv, 0.0);
}

void TestOperatorCost::decodeGemmNearBatchOverWeightBytes_data()
{
    QTest::addColumn<double>("batch");
    QTest::addColumn<double>("weightBytes");
    QTest::addColumn<double>("approx");
    // While B << D, F a decode GEMM's intensity is about 2B / b_w. With D = 8192,
    // F = 28672 the activation bytes B*(D+F)*b_a keep it a few percent below that.
    QTest::newRow("B=1 bf16") << 1.0 << bf16 << 1.0;                    // 2 x 1 / 2
    QTest::newRow("B=16 bf16") << 16.0 << bf16 << 16.0;                 // 2 x 16 / 2
    QTest::newRow("B=64 bf16") << 64.0 << bf16 << 64.0;                 // 2 x 64 / 2
    QTest::newRow("B=64 fp8") << 64.0 << fp8 << 128.0;                  // 2 x 64 / 1
    QTest::newRow("B=64 int4-g128") << 64.0 << int4g128 << 248.2424242; // 128 / 0.515625
}

void TestOperatorCost::decodeGemmNearBatchOverWeightBytes()
{
    QFETCH(double, batch);
    QFETCH(double, weightBytes);
    QFETCH(double, approx);
    const OperatorCost c = operatorCost(weightGemm(OperatorKind::DecodeGemm, 8192, 28672),
                                        sizes(weightBytes, bf16), shape(batch));
    ROOFLAB_COMPARE_NEAR(c.intensity(), approx, 0.05);
    QVERIFY(c.intensity() < approx); // the activation bytes only ever lower it
}

void TestOperatorCost::attentionDecodeIgnoresBatch_data()
{
    QTest::addColumn<double>("batch");
    for (const double b : {1.0, 2.0, 8.0, 64.0, 256.0, 1000.0})
        QTest::newRow(qPrintable(QStringLiteral("B=%1").arg(b))) << b;
}

void TestOperatorCost::attentionDecodeIgnoresBatch()
{
    // Each sequence reads its own KV cache, so work and bytes both scale with B and the
    // intensity stays at 135,528,448 / 16,809,984 = 8.062378168 (H 64, H_kv 8, d 128, S 4096).
    QFETCH(double, batch);
    const OperatorCost c = operatorCost(attention(OperatorKind::AttentionDecode, 64, 8, 128),
                                        sizes(bf16, bf16, bf16), shape(batch, 4096));
    ROOFLAB_COMPARE_NEAR(c.intensity(), 8.062378168, 1e-9);
    ROOFLAB_COMPARE_DOUBLE(c.flops, batch * 135528448);
    ROOFLAB_COMPARE_DOUBLE(c.bytes.total(), batch * 16809984);
}

void TestOperatorCost::attentionDecodeScaling_data()
{
    QTest::addColumn<double>("kvHeads");
    QTest::addColumn<double>("kvBytes");
    QTest::addColumn<double>("exact");
    QTest::addColumn<double>("approx");
    // H = 64, d = 128, S = 4096, bf16 Q/O: W = 135,528,448 for every row;
    // Q = 2 x 4096 x H_kv x 128 x b_kv + 2 x 64 x 128 x 2 (= 32,768, the Q/O term).
    // approx = 2 x (H / H_kv) / b_kv.
    // MHA: Q = 134,217,728 + 32,768 = 134,250,496; I = 1.00951916; approx 2 x 1 / 2 = 1
    QTest::newRow("MHA bf16") << 64.0 << bf16 << 1.00951916 << 1.0;
    // GQA-8: Q = 16,777,216 + 32,768 = 16,809,984; I = 8.062378168; approx 2 x 8 / 2 = 8
    QTest::newRow("GQA-8 bf16") << 8.0 << bf16 << 8.062378168 << 8.0;
    // GQA-8, fp8 KV: Q = 8,388,608 + 32,768 = 8,421,376; I = 16.09338521; approx 16
    QTest::newRow("GQA-8 fp8") << 8.0 << fp8 << 16.09338521 << 16.0;
    // MQA: Q = 2,097,152 + 32,768 = 2,129,920; I = 63.63076923; approx 64
    QTest::newRow("MQA bf16") << 1.0 << bf16 << 63.63076923 << 64.0;
    // MQA, fp8 KV: Q = 1,048,576 + 32,768 = 1,081,344; I = 125.3333333; approx 128
    QTest::newRow("MQA fp8") << 1.0 << fp8 << 125.3333333 << 128.0;
}

void TestOperatorCost::attentionDecodeScaling()
{
    QFETCH(double, kvHeads);
    QFETCH(double, kvBytes);
    QFETCH(double, exact);
    QFETCH(double, approx);
    const auto intensity = [](double hkv, double bkv) {
        return operatorCost(attention(OperatorKind::AttentionDecode, 64, hkv, 128),
                            sizes(bf16, bf16, bkv), shape(16, 4096))
            .intensity();
    };
    const double i = intensity(kvHeads, kvBytes);
    ROOFLAB_COMPARE_NEAR(i, exact, 1e-9);
    // The softmax FLOPs (+1%) and the Q/O bytes (up to -3% when the KV bytes are smallest)
    // keep the exact value within 3% of the approximation.
    ROOFLAB_COMPARE_NEAR(i, approx, 0.03);
    // Relative to MHA with a bf16 cache: x (H / H_kv) for the group, x (2 / b_kv) for the
    // KV format, within the same few percent.
    ROOFLAB_COMPARE_NEAR(i / intensity(64, bf16), (64.0 / kvHeads) * (bf16 / kvBytes), 0.04);
}

void TestOperatorCost::attentionGroupAndKvFactors()
{
    // GQA-8 over MHA: 8.062378168 / 1.00951916 = 7.986354779 ~ 8 (the group size);
    // fp8 over bf16 KV at GQA-8: 16.09338521 / 8.062378168 = 1.996108949 ~ 2.
    const auto intensity = [](double hkv, double bkv) {
        return operatorCost(attention(OperatorKind::AttentionDecode, 64, hkv, 128),
                            sizes(bf16, bf16, bkv), shape(1, 4096))
            .intensity();
    };
    ROOFLAB_COMPARE_NEAR(intensity(8, bf16) / intensity(64, bf16), 7.986354779, 1e-6);
    ROOFLAB_COMPARE_NEAR(intensity(8, bf16) / intensity(64, bf16), 8.0, 0.01);
    ROOFLAB_COMPARE_NEAR(intensity(8, fp8) / intensity(8, bf16), 1.996108949, 1e-6);
    ROOFLAB_COMPARE_NEAR(intensity(8, fp8) / intensity(8, bf16), 2.0, 0.01);
}

QTEST_GUILESS_MAIN(TestOperatorCost)
#include "tst_operatorcost.moc"
