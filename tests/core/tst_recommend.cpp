// Recommended moves: which moves a point gets for its position, their order, and effects
// derived by hand from the formulas of docs/presets.md and the preset figures.
#include "catalog.h"
#include "evaluate.h"
#include "recommend.h"
#include "testhelpers.h"

#include <QFile>
#include <QTest>

using namespace rooflab;

namespace {

QString s(const char *text)
{
    return QString::fromUtf8(text);
}

// The formats plus three devices from the compiled-in presets:
//   h100-sxm5: 3.35 TB/s, BF16 matrix 989.5 TFLOP/s, FP8 matrix 1979, no FP4
//   h200-sxm:  4.8 TB/s, the same compute as the H100
//   b200:      7.7 TB/s, BF16 2250, FP8 4500, FP4 9000 TFLOP/s
//   a100-sxm4-80gb: 2.039 TB/s, BF16 312, INT8 624 TFLOP/s, no FP8
Catalog testCatalog()
{
    Catalog catalog;
    for (const char *file : {"formats.json", "devices/h100-sxm5.json", "devices/h200-sxm.json",
                             "devices/b200.json", "devices/a100-sxm4-80gb.json"}) {
        QFile f(s(":/presets/") + s(file));
        if (!f.open(QIODevice::ReadOnly))
            qFatal("cannot open preset %s", file);
        catalog.loadBytes(f.readAll(), f.fileName());
    }
    if (!catalog.problems().isEmpty())
        qFatal("%s", qPrintable(catalog.problems().join(s("; "))));
    return catalog;
}

OperatorSpec decodeGemm()
{
    OperatorSpec op;
    op.id = s("mlp-up");
    op.name = s("MLP up");
    op.kind = OperatorKind::DecodeGemm;
    op.d = 8192;
    op.f = 28672;
    return op;
}

OperatorSpec matmul()
{
    OperatorSpec op;
    op.id = s("mm");
    op.name = s("Matmul");
    op.kind = OperatorKind::Matmul;
    op.n = 8192;
    return op;
}

OperatorSpec attention()
{
    OperatorSpec op;
    op.id = s("attn");
    op.name = s("Attention");
    op.kind = OperatorKind::AttentionDecode;
    op.heads = 64;
    op.kvHeads = 8;
    op.headDim = 128;
    return op;
}

Scenario scenarioWith(const OperatorSpec &op, const QString &device = s("h100-sxm5"))
{
    Scenario sc;
    sc.devices = {device};
    sc.batch = 64;
    sc.seq = 4096;
    sc.operators = {op};
    return sc;
}

const Move *findMove(const QList<Move> &moves, MoveKind kind, const QString &title = {})
{
    for (const Move &m : moves) {
        if (m.kind == kind && (title.isEmpty() || m.title == title))
            return &m;
    }
    return nullptr;
}

// Decode GEMM D=8192, F=28672 on the H100 at batch 64, BF16 (2 bytes) everywhere:
//   W = 2*64*8192*28672 = 30,064,771,072 FLOP
//   Q = 8192*28672*2 (weights 469,762,048) + 64*(8192+28672)*2 (act 4,718,592) = 474,480,640 B
//   I = 63.36 FLOP/B < ridge 989.5/3.35 = 295.37: memory-bound, T = Q / 3.35e12
constexpr double oldBytes = 474480640.0;
constexpr double h100Bandwidth = 3.35e12;

} // namespace

class TestRecommend : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void fp8WeightsHalveTheWeightBytes()
    {
        const Catalog catalog = testCatalog();
        const QList<Move> moves =
            recommendMoves(catalog, scenarioWith(decodeGemm()), s("h100-sxm5"), s("mlp-up"));
        const Move *move = findMove(moves, MoveKind::WeightFormat, s("FP8 E4M3 weights"));
        QVERIFY(move);
        QVERIFY(move->predicted);
        QCOMPARE(move->scenario.scheme.weights, s("fp8-e4m3"));
        QCOMPARE(move->scenario.scheme.act, s("bf16"));
        QCOMPARE(move->after.math, s("bf16")); // dequantised: still the BF16 roof
        // FP8 weights: 8192*28672*1 = 234,881,024 B; activations unchanged at 4,718,592 B;
        // total 239,599,616 B. I = 30,064,771,072 / 239,599,616 = 125.5 < 295.4: still
        // memory-bound, so both ratios are byte ratios.
        ROOFLAB_COMPARE_DOUBLE(move->after.bytes.weights, 234881024.0);
        ROOFLAB_COMPARE_DOUBLE(move->after.bytes.total(), 239599616.0);
        ROOFLAB_COMPARE_NEAR(move->intensityRatio, oldBytes / 239599616.0, 1e-12); // 1.9803
        ROOFLAB_COMPARE_NEAR(move->timeRatio, 239599616.0 / oldBytes, 1e-12);      // 0.50497
        ROOFLAB_COMPARE_DOUBLE(move->tokensRatio, 1.0);
        ROOFLAB_COMPARE_NEAR(move->stepTimeChangePercent, 100.0 * (239599616.0 / oldBytes - 1),
                             1e-9); // -49.5%
        QCOMPARE(move->effect, s("intensity ×2.0, time −50%"));
    }

    void int4WeightsCutBytesFurther()
    {
        const Catalog catalog = testCatalog();
        const QList<Move> moves =
            recommendMoves(catalog, scenarioWith(decodeGemm()), s("h100-sxm5"), s("mlp-up"));
        const Move *move = findMove(moves, MoveKind::WeightFormat, s("INT4 (group 128) weights"));
        QVERIFY(move);
        // INT4-g128: (4 + 16/128) / 8 = 0.515625 byte per weight;
        // 234,881,024 * 0.515625 = 121,110,528 B; + 4,718,592 = 125,829,120 B.
        ROOFLAB_COMPARE_DOUBLE(move->after.bytes.weights, 121110528.0);
        ROOFLAB_COMPARE_NEAR(move->timeRatio, 125829120.0 / oldBytes, 1e-12); // 0.2652
        QCOMPARE(move->effect, s("intensity ×3.8, time −73%"));
    }

    void batchMovesGiveTokensAndStepTime()
    {
        const Catalog catalog = testCatalog();
        const QList<Move> moves =
            recommendMoves(catalog, scenarioWith(decodeGemm()), s("h100-sxm5"), s("mlp-up"));

        const Move *four = findMove(moves, MoveKind::Batch, s("Batch 64 → 256"));
        QVERIFY(four);
        QCOMPARE(four->scenario.batch, 256.0);
        // Batch 256: W = 4 * 30,064,771,072 = 120,259,084,288 FLOP;
        // Q = 469,762,048 + 256*36864*2 = 488,636,416 B; I = 246.1 < 295.4, and
        // T_math = 1.215e-4 s < T_mem = 488,636,416 / 3.35e12 = 1.4586e-4 s: memory sets it.
        ROOFLAB_COMPARE_DOUBLE(four->tokensRatio, 4.0);
        ROOFLAB_COMPARE_NEAR(four->timeRatio, 488636416.0 / oldBytes, 1e-12); // 1.0298
        ROOFLAB_COMPARE_NEAR(four->timePerWorkRatio, 488636416.0 / oldBytes / 4.0, 1e-12);
        QCOMPARE(four->effect, s("4× tokens per step, step time +3%"));

        // Ridge batch: 2*B*D*F = I* (D*F*2 + B*(D+F)*2) with I* = 295.373 gives
        // B = 295.373 * 469,762,048 / (469,762,048 - 295.373*73,728) = 309.73; first whole
        // batch 310. There W = 2*310*234,881,024 = 145,626,234,880 FLOP, T_math = W/989.5e12
        // = 1.47172e-4 s, just above T_mem = (469,762,048 + 310*73,728)/3.35e12 = 1.47050e-4.
        const Move *ridge = findMove(moves, MoveKind::Batch, s("Batch 64 → 310 (ridge)"));
        QVERIFY(ridge);
        const double oldTime = oldBytes / h100Bandwidth;
        const double ridgeTime = 145626234880.0 / 989.5e12;
        ROOFLAB_COMPARE_NEAR(ridge->timeRatio, ridgeTime / oldTime, 1e-12); // 1.0391
        ROOFLAB_COMPARE_NEAR(ridge->tokensRatio, 310.0 / 64.0, 1e-12);
        QCOMPARE(ridge->effect, s("4.84× tokens per step, step time +4%"));
    }

    void memoryBoundGemmRanking()
    {
        const Catalog catalog = testCatalog();
        const QList<Move> moves =
            recommendMoves(catalog, scenarioWith(decodeGemm()), s("h100-sxm5"), s("mlp-up"));
        // Time per token, new/old, from the tests above: ridge batch 1.0391/4.84375 = 0.2145,
        // batch x4 1.0298/4 = 0.2575, INT4 0.2652, FP8 0.5050; then the device move; no math
        // move and no advice for a memory-bound GEMM.
        QCOMPARE(moves.size(), 5);
        QCOMPARE(moves[0].title, s("Batch 64 → 310 (ridge)"));
        QCOMPARE(moves[1].title, s("Batch 64 → 256"));
        QCOMPARE(moves[2].title, s("INT4 (group 128) weights"));
        QCOMPARE(moves[3].title, s("FP8 E4M3 weights"));
        QCOMPARE(moves[4].kind, MoveKind::Device);

        // The device with most bandwidth: B200 at 7.7 TB/s (H200 has 4.8). I = 63.4 is far
        // below its ridge 2250/7.7 = 292, so T scales with bandwidth: 3.35/7.7 = 0.4351.
        const Move &device = moves[4];
        QCOMPARE(device.deviceId, s("b200"));
        QCOMPARE(device.scenario.devices, QStringList{s("b200")});
        ROOFLAB_COMPARE_NEAR(device.timeRatio, 3.35 / 7.7, 1e-12);
        ROOFLAB_COMPARE_DOUBLE(device.intensityRatio, 1.0);
        // roof 2250/989.5 = 2.27, bandwidth 7.7/3.35 = 2.30, time -56.5%
        QCOMPARE(device.effect, s("roof ×2.3, bandwidth ×2.3, time −56%"));
    }

    void equalBenefitPrefersTheShorterStep()
    {
        const Catalog catalog = testCatalog();
        const QString a100 = s("a100-sxm4-80gb");
        const QList<Move> moves =
            recommendMoves(catalog, scenarioWith(decodeGemm(), a100), a100, s("mlp-up"));
        // A100: ridge 312/2.039 = 153.0. Now memory-bound: T = 474,480,640 / 2.039e12.
        // INT4 weights (I = 30,064,771,072 / 125,829,120 = 238.9), batch 256 (I = 246.1) and
        // the ridge batch 153.0*469,762,048/(469,762,048 - 153.0*73,728) = 156.8 -> 157 all
        // land on the roof, where the time per token is W_64/64 / 312e12 for each:
        //   per-token ratio = (30,064,771,072/312e12) / (474,480,640/2.039e12) = 0.4141.
        // The tie goes to the shortest step: INT4 (0.4141), batch 157 (0.4141*157/64 = 1.016),
        // batch 256 (0.4141*4 = 1.656); then FP8 weights (I = 125.5 < 153: 0.505).
        const double perToken = (30064771072.0 / 312e12) / (474480640.0 / 2.039e12);
        QVERIFY(moves.size() >= 4);
        QCOMPARE(moves[0].title, s("INT4 (group 128) weights"));
        ROOFLAB_COMPARE_NEAR(moves[0].timeRatio, perToken, 1e-12);
        QCOMPARE(moves[1].title, s("Batch 64 → 157 (ridge)"));
        ROOFLAB_COMPARE_NEAR(moves[1].timeRatio, perToken * 157.0 / 64.0, 1e-12);
        ROOFLAB_COMPARE_NEAR(moves[1].timePerWorkRatio, perToken, 1e-12);
        QCOMPARE(moves[2].title, s("Batch 64 → 256"));
        ROOFLAB_COMPARE_NEAR(moves[2].timeRatio, perToken * 4.0, 1e-12);
        QCOMPARE(moves[3].title, s("FP8 E4M3 weights"));

        // No FP8 ceiling on the A100: a compute-bound point gets INT8 math, 312/624.
        const QList<Move> mathMoves =
            recommendMoves(catalog, scenarioWith(matmul(), a100), a100, s("mm"));
        QVERIFY(!mathMoves.isEmpty());
        QCOMPARE(mathMoves[0].title, s("INT8 math"));
        ROOFLAB_COMPARE_NEAR(mathMoves[0].timeRatio, 312.0 / 624.0, 1e-12);
    }

    void computeBoundMatmulGetsLowerPrecisionMathFirst()
    {
        const Catalog catalog = testCatalog();
        const QList<Move> moves =
            recommendMoves(catalog, scenarioWith(matmul()), s("h100-sxm5"), s("mm"));
        // n=8192: W = 2*8192^3 = 1,099,511,627,776 FLOP, Q = 3*8192^2*2 = 402,653,184 B,
        // I = 2730.7 >> 295.4: compute-bound, T = W / 989.5e12.
        QVERIFY(!moves.isEmpty());
        const Move &first = moves.first();
        QCOMPARE(first.kind, MoveKind::MathFormat);
        QCOMPARE(first.title, s("FP8 math"));
        QCOMPARE(first.after.math, s("fp8"));
        QCOMPARE(first.scenario.scheme.weights, s("fp8-e4m3"));
        QCOMPARE(first.scenario.scheme.act, s("fp8-e4m3"));
        // FP8: Q = 3*8192^2*1 = 201,326,592 B (intensity x2), T = W / 1979e12: 989.5/1979.
        ROOFLAB_COMPARE_NEAR(first.intensityRatio, 2.0, 1e-12);
        ROOFLAB_COMPARE_NEAR(first.timeRatio, 989.5 / 1979.0, 1e-12);
        QCOMPARE(first.effect, s("intensity ×2.0, roof ×2.0, time −50%"));

        // The H100 has no FP4 ceiling: no FP4 move. No byte or batch moves on this side.
        QVERIFY(!findMove(moves, MoveKind::MathFormat, s("FP4 math")));
        QVERIFY(!findMove(moves, MoveKind::WeightFormat));
        QVERIFY(!findMove(moves, MoveKind::Batch));
        // Then more compute: B200 BF16 2250 TFLOP/s, T ratio 989.5/2250 = 0.4398.
        QCOMPARE(moves.size(), 3);
        QCOMPARE(moves[1].deviceId, s("b200"));
        ROOFLAB_COMPARE_NEAR(moves[1].timeRatio, 989.5 / 2250.0, 1e-12);
        QCOMPARE(moves[2].kind, MoveKind::Advice);
        QCOMPARE(moves[2].title, s("Cut FLOPs"));
        QVERIFY(!moves[2].predicted);
    }

    void fp4MathWhereTheDeviceHasIt()
    {
        const Catalog catalog = testCatalog();
        const QList<Move> moves =
            recommendMoves(catalog, scenarioWith(matmul(), s("b200")), s("b200"), s("mm"));
        QVERIFY(moves.size() >= 2);
        // B200: FP4 9000 vs BF16 2250 -> 0.25; FP8 4500 -> 0.5. MXFP4 bytes (4 + 8/32)/8 =
        // 0.53125 keep I = 1.0995e12 / (3*8192^2*0.53125) = 10280 above the FP4 ridge
        // 9000/7.7 = 1169: still compute-bound.
        QCOMPARE(moves[0].title, s("FP4 math"));
        ROOFLAB_COMPARE_NEAR(moves[0].timeRatio, 2250.0 / 9000.0, 1e-12);
        QCOMPARE(moves[1].title, s("FP8 math"));
        ROOFLAB_COMPARE_NEAR(moves[1].timeRatio, 2250.0 / 4500.0, 1e-12);
    }

    void attentionGetsKvMoveAndNeverBatch()
    {
        const Catalog catalog = testCatalog();
        const QList<Move> moves =
            recommendMoves(catalog, scenarioWith(attention()), s("h100-sxm5"), s("attn"));
        // H=64, H_kv=8, d=128, S=4096, B=64, BF16:
        //   W = 64*(4*4096*64*128 + 5*4096*64) = 8,673,820,672 FLOP
        //   KV = 64*2*4096*8*128*2 = 1,073,741,824 B; act = 64*2*64*128*2 = 2,097,152 B
        //   Q = 1,075,838,976 B, I = 8.06: memory-bound.
        // FP8 KV: KV bytes 536,870,912, Q = 538,968,064 B.
        QVERIFY(!moves.isEmpty());
        const Move &first = moves.first();
        QCOMPARE(first.kind, MoveKind::KvFormat);
        QCOMPARE(first.title, s("FP8 E4M3 KV cache"));
        QCOMPARE(first.scenario.scheme.kv, s("fp8-e4m3"));
        ROOFLAB_COMPARE_NEAR(first.timeRatio, 538968064.0 / 1075838976.0, 1e-12);
        ROOFLAB_COMPARE_NEAR(first.intensityRatio, 1075838976.0 / 538968064.0, 1e-12);
        QVERIFY(!findMove(moves, MoveKind::Batch));
        QVERIFY(!findMove(moves, MoveKind::WeightFormat));

        // Not at a larger batch either: batch does not move attention.
        Scenario big = scenarioWith(attention());
        big.batch = 8;
        QVERIFY(
            !findMove(recommendMoves(catalog, big, s("h100-sxm5"), s("attn")), MoveKind::Batch));
    }

    void vectorPassGetsFuseAdviceWithoutNumber()
    {
        const Catalog catalog = testCatalog();
        OperatorSpec norm;
        norm.id = s("norm");
        norm.name = s("RMSNorm");
        norm.kind = OperatorKind::RmsNorm;
        norm.hidden = 4096;
        norm.width = 4096;
        const QList<Move> moves =
            recommendMoves(catalog, scenarioWith(norm), s("h100-sxm5"), s("norm"));
        // 5 FLOP per element over 2*2 bytes: I ~ 1.2, memory-bound; no weights or KV bytes.
        QVERIFY(!findMove(moves, MoveKind::WeightFormat));
        QVERIFY(!findMove(moves, MoveKind::KvFormat));
        QVERIFY(!findMove(moves, MoveKind::Batch));
        QVERIFY(!moves.isEmpty());
        const Move &last = moves.last();
        QCOMPARE(last.title, s("Fuse with neighbour"));
        QVERIFY(!last.predicted);
        QCOMPARE(last.effect, s("not predicted"));
        // The device move: B200 bandwidth; the vector pass stays memory-bound, 3.35/7.7.
        const Move *device = findMove(moves, MoveKind::Device);
        QVERIFY(device);
        ROOFLAB_COMPARE_NEAR(device->timeRatio, 3.35 / 7.7, 1e-12);
    }

    void movesThatChangeNothingAreSkipped()
    {
        const Catalog catalog = testCatalog();
        Scenario sc = scenarioWith(decodeGemm());
        sc.scheme.weights = s("int4-g128"); // narrower than both proposals
        const QList<Move> moves = recommendMoves(catalog, sc, s("h100-sxm5"), s("mlp-up"));
        QVERIFY(!findMove(moves, MoveKind::WeightFormat));
        QVERIFY(findMove(moves, MoveKind::Batch));

        // The best device already selected: no device move.
        const QList<Move> onB200 =
            recommendMoves(catalog, scenarioWith(decodeGemm(), s("b200")), s("b200"), s("mlp-up"));
        QVERIFY(!findMove(onB200, MoveKind::Device));
    }

    void operatorOverrideIsTheOneChanged()
    {
        const Catalog catalog = testCatalog();
        OperatorSpec op = decodeGemm();
        op.weights = s("bf16"); // the operator pins its weights, so the scheme would not reach it
        const QList<Move> moves =
            recommendMoves(catalog, scenarioWith(op), s("h100-sxm5"), s("mlp-up"));
        const Move *move = findMove(moves, MoveKind::WeightFormat, s("FP8 E4M3 weights"));
        QVERIFY(move);
        QCOMPARE(move->scenario.operators.first().weights, s("fp8-e4m3"));
        QCOMPARE(move->scenario.scheme.weights, s("bf16"));
        ROOFLAB_COMPARE_NEAR(move->timeRatio, 239599616.0 / oldBytes, 1e-12);
    }

    void effectsMatchReRunningTheWholeScenario()
    {
        const Catalog catalog = testCatalog();
        Scenario sc = scenarioWith(decodeGemm());
        sc.devices = {s("h100-sxm5"), s("h200-sxm")};
        sc.operators.append(attention());
        const Analysis before = evaluate(catalog, sc);
        const PointAnalysis *old = before.point(s("h100-sxm5"), s("mlp-up"));
        QVERIFY(old);
        for (const Move &move : recommendMoves(catalog, sc, s("h100-sxm5"), s("mlp-up"))) {
            if (!move.predicted)
                continue;
            const Analysis after = evaluate(catalog, move.scenario);
            const PointAnalysis *p = after.point(move.deviceId, s("mlp-up"));
            QVERIFY2(p, qPrintable(move.title));
            ROOFLAB_COMPARE_NEAR(move.timeRatio, p->time / old->time, 1e-12);
            ROOFLAB_COMPARE_NEAR(move.intensityRatio, p->intensity / old->intensity, 1e-12);
        }
    }

    void unknownPointGivesNoMoves()
    {
        const Catalog catalog = testCatalog();
        const Scenario sc = scenarioWith(decodeGemm());
        QVERIFY(recommendMoves(catalog, sc, s("h100-sxm5"), s("nope")).isEmpty());
        QVERIFY(recommendMoves(catalog, sc, s("nope"), s("mlp-up")).isEmpty());
    }
};

QTEST_GUILESS_MAIN(TestRecommend)
#include "tst_recommend.moc"
