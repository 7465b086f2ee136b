// The operators of one model step: their order, shapes, counts and classes, and the figures
// that follow from them: decode attention's intensity (batch, GQA, 8-bit KV cache), decode
// GEMM intensity against the batch, and the weight bytes of routed experts.
#include "catalog.h"
#include "modelworkload.h"
#include "operatorcost.h"
#include "testhelpers.h"

#include <QTest>

using namespace rooflab;

namespace {

// A copy, so that it outlives a temporary list.
std::optional<ModelOperator> find(const QList<ModelOperator> &ops, const char *id)
{
    for (const ModelOperator &op : ops) {
        if (op.spec.id == QLatin1String(id))
            return op;
    }
    return std::nullopt;
}

OperatorCost costAt(const OperatorSpec &op, const OperandSizes &sizes, double batch, double seq,
                    double prompt = 512)
{
    return operatorCost(op, sizes, ShapeContext{batch, seq, prompt});
}

const OperandSizes bf16{2, 2, 2};

} // namespace

class TestModelWorkload : public QObject
{
    Q_OBJECT

private:
    Catalog m_catalog;
    QList<ModelOperator> decode(const char *id);

private Q_SLOTS:
    void initTestCase();
    void decodeOperators();
    void prefillOperators();
    void expertOperators();
    void attentionIntensityIgnoresBatch_data();
    void attentionIntensityIgnoresBatch();
    void attentionIntensityFollowsGqaAndKvFormat();
    void decodeGemmIntensityNearBatch_data();
    void decodeGemmIntensityNearBatch();
    void expectedExperts_data();
    void expectedExperts();
    void expertWeightBytesGrowWithBatch();
    void expertRidgeBatch();
    void classNames();
};

QList<ModelOperator> TestModelWorkload::decode(const char *id)
{
    const ModelSpec *m = m_catalog.model(QString::fromLatin1(id));
    return m ? modelStepOperators(*m, Phase::Decode, 512) : QList<ModelOperator>();
}

void TestModelWorkload::initTestCase()
{
    m_catalog = Catalog::builtin();
    QVERIFY(m_catalog.problems().isEmpty());
}

void TestModelWorkload::decodeOperators()
{
    const QList<ModelOperator> ops = decode("llama-3.1-8b");
    QStringList ids;
    for (const ModelOperator &op : ops)
        ids.append(op.spec.id);
    QCOMPARE(ids, QStringList({QStringLiteral("attn-norm"), QStringLiteral("qkv-proj"),
                               QStringLiteral("attention"), QStringLiteral("out-proj"),
                               QStringLiteral("attn-residual"), QStringLiteral("mlp-norm"),
                               QStringLiteral("mlp-up"), QStringLiteral("mlp-act"),
                               QStringLiteral("mlp-gate-mul"), QStringLiteral("mlp-down"),
                               QStringLiteral("mlp-residual"), QStringLiteral("final-norm"),
                               QStringLiteral("lm-head")}));
    for (const ModelOperator &op : ops) {
        const bool head =
            op.spec.id == QLatin1String("final-norm") || op.spec.id == QLatin1String("lm-head");
        QCOMPARE(op.count, head ? 1.0 : 32.0); // 32 layers
        QCOMPARE(op.perLayer, !head);
    }
    const auto qkv = find(ops, "qkv-proj");
    QCOMPARE(qkv->spec.kind, OperatorKind::DecodeGemm);
    QCOMPARE(qkv->spec.d, 4096.0);
    QCOMPARE(qkv->spec.f, 6144.0); // (32 + 2*8) * 128
    QCOMPARE(qkv->opClass, ModelOpClass::AttentionProjections);
    const auto out = find(ops, "out-proj");
    QCOMPARE(out->spec.d, 4096.0); // 32 * 128
    QCOMPARE(out->spec.f, 4096.0);
    const auto up = find(ops, "mlp-up");
    QCOMPARE(up->spec.f, 28672.0); // up and gate: 2 * 14336
    QCOMPARE(up->opClass, ModelOpClass::Mlp);
    const auto act = find(ops, "mlp-act");
    QCOMPARE(act->spec.kind, OperatorKind::Activation);
    QCOMPARE(act->spec.hidden, 14336.0); // sized by the FFN width, not the hidden width
    QCOMPARE(act->spec.function, QStringLiteral("silu"));
    QCOMPARE(find(ops, "mlp-down")->spec.d, 14336.0);
    const auto attention = find(ops, "attention");
    QCOMPARE(attention->spec.kind, OperatorKind::AttentionDecode);
    QCOMPARE(attention->spec.kvHeads, 8.0);
    QCOMPARE(attention->opClass, ModelOpClass::Attention);
    const auto head = find(ops, "lm-head");
    QCOMPARE(head->spec.f, 128256.0);
    QCOMPARE(head->opClass, ModelOpClass::LmHead);
    // LM head at batch 8: 2*B*D*V FLOPs, not multiply-accumulates: 2*8*4096*128256
    // = 8,405,385,216.
    ROOFLAB_COMPARE_DOUBLE(costAt(head->spec, bf16, 8, 4096).flops, 8405385216.0);
    QCOMPARE(find(ops, "attn-norm")->spec.width, 4096.0);
}

void TestModelWorkload::prefillOperators()
{
    const ModelSpec *m = m_catalog.model(QStringLiteral("llama-3.1-8b"));
    const QList<ModelOperator> ops = modelStepOperators(*m, Phase::Prefill, 2048);
    QCOMPARE(find(ops, "qkv-proj")->spec.kind, OperatorKind::PrefillGemm);
    QCOMPARE(find(ops, "attention")->spec.kind, OperatorKind::AttentionPrefill);
    // Only the last position of each sequence needs logits: still a B-token GEMM.
    QCOMPARE(find(ops, "lm-head")->spec.kind, OperatorKind::DecodeGemm);
    // Vector operators cover T tokens per sequence: RMSNorm over B*T*D elements.
    // B = 2, T = 2048: 5 FLOP * 2*2048*4096 = 83,886,080.
    const OperatorCost norm = costAt(find(ops, "attn-norm")->spec, bf16, 2, 4096, 2048);
    ROOFLAB_COMPARE_DOUBLE(norm.flops, 83886080.0);
    // Prefill attention output is T*d per head, not T^2: Q in and O out 2*T*H*d*b,
    // K and V in 2*T*H_kv*d*b. B = 2: act 2*2*2048*32*128*2 = 67,108,864;
    // kv 2*2*2048*8*128*2 = 16,777,216.
    const OperatorCost attention = costAt(find(ops, "attention")->spec, bf16, 2, 4096, 2048);
    ROOFLAB_COMPARE_DOUBLE(attention.bytes.act, 67108864.0);
    ROOFLAB_COMPARE_DOUBLE(attention.bytes.kv, 16777216.0);
}

void TestModelWorkload::expertOperators()
{
    const QList<ModelOperator> ops = decode("mixtral-8x7b");
    QVERIFY(!find(ops, "mlp-up"));
    const auto router = find(ops, "router");
    QVERIFY(router);
    QCOMPARE(router->spec.f, 8.0); // one logit per expert
    const auto up = find(ops, "expert-up");
    QCOMPARE(up->spec.experts, 8.0);
    QCOMPARE(up->spec.expertsPerToken, 2.0);
    QCOMPARE(up->spec.f, 28672.0);
    QCOMPARE(find(ops, "expert-down")->spec.experts, 8.0);
    // Two experts' activations per token: SiLU over k*F = 2*14336 = 28,672 per token.
    QCOMPARE(find(ops, "mlp-act")->spec.hidden, 28672.0);
    const auto combine = find(ops, "expert-combine");
    QCOMPARE(combine->spec.inputs, 2.0);
    QCOMPARE(combine->opClass, ModelOpClass::Elementwise);
}

void TestModelWorkload::attentionIntensityIgnoresBatch_data()
{
    QTest::addColumn<double>("batch");
    QTest::newRow("1") << 1.0;
    QTest::newRow("16") << 16.0;
    QTest::newRow("256") << 256.0;
}

void TestModelWorkload::attentionIntensityIgnoresBatch()
{
    QFETCH(double, batch);
    const auto attention = find(decode("llama-3.1-8b"), "attention");
    // Per sequence at S = 4096: FLOPs S*H*(4d + 5) = 4096*32*517 = 67,764,224; bytes
    // 2*S*H_kv*d*2 + 2*H*d*2 = 16,777,216 + 16,384 = 16,793,600 -> 4.035... FLOP/B at any B.
    const OperatorCost cost = costAt(attention->spec, bf16, batch, 4096);
    ROOFLAB_COMPARE_DOUBLE(cost.intensity(), 67764224.0 / 16793600.0);
    ROOFLAB_COMPARE_DOUBLE(cost.bytes.kv, batch * 16777216.0);
}

void TestModelWorkload::attentionIntensityFollowsGqaAndKvFormat()
{
    const auto gqa = find(decode("llama-3.1-8b"), "attention"); // H/H_kv = 4
    const auto mha = find(decode("llama-2-7b"), "attention");   // H/H_kv = 1
    const double withGqa = costAt(gqa->spec, bf16, 8, 4096).intensity();
    // Llama 2 7B: same FLOPs 67,764,224; bytes 2*4096*32*128*2 + 16,384 = 67,125,248.
    const double withoutGqa = costAt(mha->spec, bf16, 8, 4096).intensity();
    ROOFLAB_COMPARE_DOUBLE(withoutGqa, 67764224.0 / 67125248.0);
    // The group of 4 multiplies the intensity by about 4 (the small Q/O term aside).
    ROOFLAB_COMPARE_NEAR(withGqa / withoutGqa, 4.0, 0.01);
    // 8-bit KV cache: K and V bytes 8,388,608 + 16,384 = 8,404,992 -> about twice.
    const double fp8Kv = costAt(gqa->spec, OperandSizes{2, 2, 1}, 8, 4096).intensity();
    ROOFLAB_COMPARE_DOUBLE(fp8Kv, 67764224.0 / 8404992.0);
    ROOFLAB_COMPARE_NEAR(fp8Kv / withGqa, 2.0, 0.01);
}

void TestModelWorkload::decodeGemmIntensityNearBatch_data()
{
    QTest::addColumn<double>("batch");
    QTest::addColumn<double>("expected");
    // QKV of Llama 3.1 8B, D = 4096, F = 6144, 16-bit: 2*B*D*F / (D*F*2 + B*(D+F)*2).
    // B = 1: 50,331,648 / (50,331,648 + 20,480) = 0.99959...
    QTest::newRow("1") << 1.0 << 50331648.0 / 50352128.0;
    // B = 16: 805,306,368 / (50,331,648 + 327,680) = 15.896...
    QTest::newRow("16") << 16.0 << 805306368.0 / 50659328.0;
    // B = 64: 3,221,225,472 / (50,331,648 + 1,310,720) = 62.37...
    QTest::newRow("64") << 64.0 << 3221225472.0 / 51642368.0;
}

void TestModelWorkload::decodeGemmIntensityNearBatch()
{
    QFETCH(double, batch);
    QFETCH(double, expected);
    const auto qkv = find(decode("llama-3.1-8b"), "qkv-proj");
    const double intensity = costAt(qkv->spec, bf16, batch, 4096).intensity();
    ROOFLAB_COMPARE_DOUBLE(intensity, expected);
    ROOFLAB_COMPARE_NEAR(intensity, batch, 0.03); // intensity ~ batch while B << D, F
}

void TestModelWorkload::expectedExperts_data()
{
    QTest::addColumn<double>("tokens");
    QTest::addColumn<double>("expected");
    // E = 8, k = 2: 8 * (1 - (6/8)^tokens)
    QTest::newRow("1 token") << 1.0 << 2.0;           // 8 * 0.25
    QTest::newRow("2 tokens") << 2.0 << 3.5;          // 8 * (1 - 0.5625)
    QTest::newRow("4 tokens") << 4.0 << 5.46875;      // 8 * (1 - 0.31640625)
    QTest::newRow("64 tokens") << 64.0 << 7.99999992; // 0.75^64 = 1.005e-8
    QTest::newRow("none") << 0.0 << 0.0;
}

void TestModelWorkload::expectedExperts()
{
    QFETCH(double, tokens);
    QFETCH(double, expected);
    ROOFLAB_COMPARE_NEAR(expectedDistinctExperts(8, 2, tokens), expected, 1e-8);
}

void TestModelWorkload::expertWeightBytesGrowWithBatch()
{
    const auto up = find(decode("mixtral-8x7b"), "expert-up");
    // One expert's up and gate weights: 4096 * 28672 * 2 B = 234,881,024 B.
    const OperatorCost one = costAt(up->spec, bf16, 1, 4096);
    ROOFLAB_COMPARE_DOUBLE(one.bytes.weights, 2.0 * 234881024.0); // 2 experts touched
    // FLOPs follow the k experts each token runs: 2 * 1 * 2 * 4096 * 28672 = 469,762,048.
    ROOFLAB_COMPARE_DOUBLE(one.flops, 469762048.0);
    // Activations: B*k*(D + 2F)*2 = 1*2*(4096 + 28672)*2 = 131,072.
    ROOFLAB_COMPARE_DOUBLE(one.bytes.act, 131072.0);
    const OperatorCost four = costAt(up->spec, bf16, 4, 4096);
    ROOFLAB_COMPARE_DOUBLE(four.bytes.weights, 5.46875 * 234881024.0); // 1,284,505,600
    ROOFLAB_COMPARE_DOUBLE(four.flops, 1879048192.0);                  // 2*4*2*4096*28672
    const OperatorCost large = costAt(up->spec, bf16, 256, 4096);
    // At B = 256 all 8 experts are read: 8 * 234,881,024 = 1,879,048,192 (0.75^256 ~ 1e-32).
    ROOFLAB_COMPARE_DOUBLE(large.bytes.weights, 1879048192.0);
    // Prefill routes B*T tokens: B = 1, T = 512 also touches all 8 experts.
    OperatorSpec prefill = up->spec;
    prefill.kind = OperatorKind::PrefillGemm;
    ROOFLAB_COMPARE_DOUBLE(costAt(prefill, bf16, 1, 4096, 512).bytes.weights, 1879048192.0);
}

void TestModelWorkload::expertRidgeBatch()
{
    const auto up = find(decode("mixtral-8x7b"), "expert-up");
    // Ridge I = 989.5e12 / 3.35e12 = 295.37 (H100 BF16). Near the ridge B >> 8, so all 8
    // experts are read: weights 8 * 234,881,024 = 1,879,048,192 B; per unit of batch
    // 2*k*D*F = 2*2*4096*28672 = 469,762,048 FLOP and k*(D+F)*2 = 2*(4096+28672)*2 = 131,072 B.
    // B*469,762,048 = I*(1,879,048,192 + B*131,072) -> B = I*1,879,048,192 /
    // (469,762,048 - I*131,072) = 1287.61.
    const double ridge = 989.5e12 / 3.35e12;
    const double expected = ridge * 1879048192.0 / (469762048.0 - ridge * 131072.0);
    const std::optional<double> batch =
        ridgeBatch(up->spec, bf16, ShapeContext{1, 4096, 512}, ridge);
    QVERIFY(batch);
    ROOFLAB_COMPARE_NEAR(*batch, expected, 1e-6);
    ROOFLAB_COMPARE_NEAR(*batch, 1287.61, 1e-5);
    const OperatorCost at = costAt(up->spec, bf16, *batch, 4096);
    ROOFLAB_COMPARE_NEAR(at.intensity(), ridge, 1e-6);
}

void TestModelWorkload::classNames()
{
    for (ModelOpClass c : allModelOpClasses()) {
        QVERIFY(!modelOpClassName(c).isEmpty());
        QCOMPARE(modelOpClassFromId(modelOpClassId(c)), std::optional<ModelOpClass>(c));
    }
    QCOMPARE(modelOpClassId(ModelOpClass::LmHead), QStringLiteral("lm-head"));
    QVERIFY(!modelOpClassFromId(QStringLiteral("nonsense")));
}

QTEST_GUILESS_MAIN(TestModelWorkload)
#include "tst_modelworkload.moc"
