// The exact batch at which a batched GEMM's intensity reaches a ridge, activation bytes
// included (docs/roofline.md, "Ridge batch"), and the "never" case.
#include "operatorcost.h"
#include "testhelpers.h"
#include "testoperators.h"

#include <QTest>

#include <optional>

using namespace rooflab;
using namespace rooflab::test;

Q_DECLARE_METATYPE(rooflab::OperatorSpec)
Q_DECLARE_METATYPE(rooflab::OperandSizes)
Q_DECLARE_METATYPE(rooflab::ShapeContext)

namespace {

// Bytes per element, derived in tst_formats: bf16 2, fp8 1, int4-g128 4.125/8.
constexpr double bf16 = 2.0;
constexpr double fp8 = 1.0;
constexpr double int4g128 = 0.515625;

// H100 SXM5 ridges from the reference table: 989.5 TFLOP/s bf16, 1979 fp8, 3.35 TB/s.
constexpr double h100Bf16Ridge = 989.5e12 / 3.35e12; // 295.3731343 FLOP/B
constexpr double h100Fp8Ridge = 1979e12 / 3.35e12;   // 590.7462687 FLOP/B

OperandSizes sizes(double weights, double act)
{
    return OperandSizes{weights, act, bf16};
}

ShapeContext shape(double batch, double seq = 4096, double prompt = 512)
{
    return ShapeContext{batch, seq, prompt};
}

} // namespace

class TestRidgeBatch : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void ridgeBatch_data();
    void ridgeBatch();
    void notApplicable();
};

namespace {

// Intensity of a batched GEMM at `batch`: the scenario batch, or M for a plain GEMM.
double intensityAt(OperatorSpec op, const OperandSizes &s, ShapeContext c, double batch)
{
    if (op.kind == OperatorKind::Gemm)
        op.m = batch;
    else
        c.batch = batch;
    return operatorCost(op, s, c).intensity();
}

void ridgeRow(const char *name, const OperatorSpec &op, const OperandSizes &s,
              const ShapeContext &c, double ridge, double batch)
{
    QTest::newRow(name) << op << s << c << ridge << batch;
}

} // namespace

void TestRidgeBatch::ridgeBatch_data()
{
    QTest::addColumn<OperatorSpec>("op");
    QTest::addColumn<OperandSizes>("sizes");
    QTest::addColumn<ShapeContext>("context");
    QTest::addColumn<double>("ridge");
    QTest::addColumn<double>("batch"); // -1: no batch reaches the ridge
    using K = OperatorKind;
    // 2*M*K*N = I* (K*N*b_w + M*(K+N)*b_a)  =>  M* = I*.K.N.b_w / (2.N.K - I*.(K+N).b_a),
    // and no M at all when 2.N.K <= I*.(K+N).b_a.
    const OperatorSpec mlpUp = weightGemm(K::DecodeGemm, 8192, 28672);
    // H100 bf16, I* = 295.3731343: 2NK = 469,762,048; I*(K+N)b_a = 295.3731343 x 36,864 x 2
    // = 21,777,270.45; denominator 447,984,777.6; numerator 295.3731343 x 234,881,024 x 2
    // = 1.387550885e11; M* = 309.7317040
    ridgeRow("h100 bf16, 8192x28672", mlpUp, sizes(bf16, bf16), shape(1), h100Bf16Ridge,
             309.7317040);
    // fp8 weights on the bf16 roof: numerator halves: 6.937754425e10 / 447,984,777.6
    // = 154.8658520, half the bf16 batch (docs/roofline.md, "Ridge batch")
    ridgeRow("h100 bf16 roof, fp8 weights", mlpUp, sizes(fp8, bf16), shape(1), h100Bf16Ridge,
             154.8658520);
    // int4-g128 weights: 295.3731343 x 234,881,024 x 0.515625 = 3.577279626e10;
    // / 447,984,777.6 = 79.85270493
    ridgeRow("h100 bf16 roof, int4-g128 weights", mlpUp, sizes(int4g128, bf16), shape(1),
             h100Bf16Ridge, 79.85270493);
    // fp8 weights and activations on the fp8 roof, I* = 590.7462687: numerator
    // 590.7462687 x 234,881,024 x 1 = 1.387550885e11; denominator 469,762,048
    // - 590.7462687 x 36,864 x 1 = 447,984,777.6; M* = 309.7317040 (doubled roof, halved bytes)
    ridgeRow("h100 fp8 roof, fp8 everything", mlpUp, sizes(fp8, fp8), shape(1), h100Fp8Ridge,
             309.7317040);
    // A100 80GB bf16, I* = 312 / 2.039 = 153.0161844, D = F = 4096: numerator
    // 153.0161844 x 16,777,216 x 2 = 5,134,371,154; denominator 33,554,432
    // - 153.0161844 x 8192 x 2 = 31,047,414.83; M* = 165.3719378
    ridgeRow("a100-80 bf16, 4096x4096", weightGemm(K::DecodeGemm, 4096, 4096), sizes(bf16, bf16),
             shape(1), 312e12 / 2.039e12, 165.3719378);
    // B200 bf16, I* = 2250 / 7.7 = 292.2077922, 4096 x 14336: numerator
    // 292.2077922 x 58,720,256 x 2 = 3.431703273e10; denominator 117,440,512
    // - 292.2077922 x 18,432 x 2 = 106,668,563.9; M* = 321.7164594
    ridgeRow("b200 bf16, 4096x14336", weightGemm(K::DecodeGemm, 4096, 14336), sizes(bf16, bf16),
             shape(1), 2250e12 / 7.7e12, 321.7164594);
    // H100 bf16, D = F = 1024: numerator 295.3731343 x 1,048,576 x 2 = 619,442,359.4;
    // denominator 2,097,152 - 1,209,848.358 = 887,303.6418; M* = 698.1176795
    ridgeRow("h100 bf16, 1024x1024", weightGemm(K::DecodeGemm, 1024, 1024), sizes(bf16, bf16),
             shape(1), h100Bf16Ridge, 698.1176795);
    // Plain GEMM, K = 8192, N = 4096, fp8 weights: numerator 295.3731343 x 33,554,432 x 1
    // = 9,911,077,750; denominator 67,108,864 - 295.3731343 x 12,288 x 2 = 59,849,773.85;
    // M* = 165.5992515 rows
    ridgeRow("h100 bf16, gemm N=4096 K=8192 fp8 weights", gemm(1, 4096, 8192), sizes(fp8, bf16),
             shape(1), h100Bf16Ridge, 165.5992515);
    // Prefill: the ridge batch counts sequences of T tokens: M* / T.
    // 309.7317040 / 512 = 0.6049447344
    ridgeRow("h100 bf16 prefill T=512", weightGemm(K::PrefillGemm, 8192, 28672), sizes(bf16, bf16),
             shape(1, 4096, 512), h100Bf16Ridge, 0.6049447344);
    // 309.7317040 / 128 = 2.419778938
    ridgeRow("h100 bf16 prefill T=128", weightGemm(K::PrefillGemm, 8192, 28672), sizes(bf16, bf16),
             shape(1, 4096, 128), h100Bf16Ridge, 2.419778938);
    // Never: D = F = 64: 2 x 64 x 64 = 8,192 <= 295.37 x 128 x 2 = 75,615.5
    // (the intensity can never pass 8,192 / 256 = 32 FLOP/B).
    ridgeRow("never: h100 bf16, 64x64", weightGemm(K::DecodeGemm, 64, 64), sizes(bf16, bf16),
             shape(1), h100Bf16Ridge, -1);
    // Never, just: D = F = 512: 524,288 <= 295.37 x 1024 x 2 = 604,924.2
    ridgeRow("never: h100 bf16, 512x512", weightGemm(K::DecodeGemm, 512, 512), sizes(bf16, bf16),
             shape(1), h100Bf16Ridge, -1);
    ridgeRow("never: prefill 64x64", weightGemm(K::PrefillGemm, 64, 64), sizes(bf16, bf16),
             shape(1, 4096, 512), h100Bf16Ridge, -1);
}

void TestRidgeBatch::ridgeBatch()
{
    QFETCH(OperatorSpec, op);
    QFETCH(OperandSizes, sizes);
    QFETCH(ShapeContext, context);
    QFETCH(double, ridge);
    QFETCH(double, batch);
    const std::optional<double> found = rooflab::ridgeBatch(op, sizes, context, ridge);
    if (batch < 0) {
        QVERIFY2(!found, qPrintable(QStringLiteral("expected never, got %1").arg(*found)));
        // Memory-bound at every batch: even a huge one stays below the ridge.
        QVERIFY(intensityAt(op, sizes, context, 1e12) < ridge);
        return;
    }
    QVERIFY(found);
    ROOFLAB_COMPARE_NEAR(*found, batch, 1e-8);
    // At that batch the intensity is the ridge; 1% either side it is below and above.
    ROOFLAB_COMPARE_NEAR(intensityAt(op, sizes, context, *found), ridge, 1e-9);
    QVERIFY(intensityAt(op, sizes, context, 0.99 * *found) < ridge);
    QVERIFY(intensityAt(op, sizes, context, 1.01 * *found) > ridge);
}

void TestRidgeBatch::notApplicable()
{
    // Only GEMMs whose token dimension follows the batch have a ridge batch.
    const OperandSizes s = sizes(bf16, bf16);
    const ShapeContext c = shape(1);
    QVERIFY(!rooflab::ridgeBatch(matmul(4096), s, c, h100Bf16Ridge));
    QVERIFY(!rooflab::ridgeBatch(attention(OperatorKind::AttentionDecode, 64, 8, 128), s, c,
                                 h100Bf16Ridge));
    QVERIFY(!rooflab::ridgeBatch(attention(OperatorKind::AttentionPrefill, 64, 8, 128), s, c,
                                 h100Bf16Ridge));
    QVERIFY(!rooflab::ridgeBatch(elementwise(1e6, 0, 2, 1), s, c, h100Bf16Ridge));
    QVERIFY(!rooflab::ridgeBatch(custom(1e12, 1e9), s, c, h100Bf16Ridge));
    // A ridge of zero is not a roof.
    QVERIFY(!rooflab::ridgeBatch(weightGemm(OperatorKind::DecodeGemm, 8192, 28672), s, c, 0));
}

QTEST_GUILESS_MAIN(TestRidgeBatch)
#include "tst_ridgebatch.moc"
