// Moves for a whole model step, each predicted by analysing the changed step, against
// figures derived by hand. Llama 3.1 70B (80 layers, D 8192, 64 query and 8 KV heads of 128,
// F 28672, V 128256) decoding at B = 1, S = 4096 in BF16 on H100 SXM5 (3.35 TB/s, 80 GB).
#include "catalog.h"
#include "modelanalysis.h"
#include "modelrecommend.h"
#include "testhelpers.h"

#include <QTest>

using namespace rooflab;

namespace {

const QString h100 = QStringLiteral("h100-sxm5");

Scenario llama70bDecode()
{
    Scenario s;
    s.model = QStringLiteral("llama-3.1-70b");
    s.phase = Phase::Decode;
    s.batch = 1;
    s.seq = 4096;
    s.devices = QStringList{h100};
    return s;
}

// Bytes one decode step moves at B = 1, S = 4096 with weights of `w` bytes per element and
// 16-bit activations and KV cache. Per layer:
//   2 RMSNorms 2*(2*8192*2 + 8192*2) = 98,304; 2 residual adds 2*3*8192*2 = 98,304
//   QKV 8192*10240*w + (8192+10240)*2; out 8192*8192*w + 16384*2
//   attention 2*4096*8*128*2 + 2*64*128*2 = 16,809,984
//   up+gate 8192*57344*w + (8192+57344)*2; SiLU 2*28672*2; multiply 3*28672*2
//   down 28672*8192*w + (28672+8192)*2
// = (83,886,080 + 67,108,864 + 469,762,048 + 234,881,024) = 855,638,016 weights x w
//   + 98,304 + 98,304 + 16,809,984 + 36,864 + 32,768 + 131,072 + 114,688 + 172,032 + 73,728
// = 855,638,016*w + 17,567,744; then x80, + final norm 2*8192*2 + 8192*2 = 49,152, + LM head
// 8192*128256*w + (8192+128256)*2 = 1,050,673,152*w + 272,896.
double stepBytes(double w)
{
    return 80 * (855638016.0 * w + 17567744.0) + 49152.0 + 1050673152.0 * w + 272896.0;
}

} // namespace

class TestModelRecommend : public QObject
{
    Q_OBJECT

private:
    Catalog m_catalog;

    // The first move of `kind` (storing `weights`, if given), or -1.
    static qsizetype find(const QList<Move> &moves, MoveKind kind, const QString &weights = {})
    {
        for (qsizetype i = 0; i < moves.size(); ++i) {
            const Move &m = moves.at(i);
            if (m.kind == kind && (weights.isEmpty() || m.scenario.scheme.weights == weights))
                return i;
        }
        return -1;
    }

private Q_SLOTS:
    void initTestCase()
    {
        m_catalog = Catalog::builtin();
        QVERIFY(m_catalog.problems().isEmpty());
    }

    void stepBytesAgreeWithTheCore()
    {
        // The helper above is the derivation the tests below lean on: check it once.
        ModelOptions fast;
        fast.solveComputeBoundBatch = false;
        const ModelAnalysis a = analyzeModel(m_catalog, llama70bDecode(), h100, fast);
        ROOFLAB_COMPARE_DOUBLE(a.totals.bytes.total(), stepBytes(2)); // 140,409,170,432
    }

    void narrowerWeightsMakeItFit()
    {
        const QList<Move> moves =
            recommendModelMoves(m_catalog, llama70bDecode(), h100, QStringLiteral("mlp"));
        QVERIFY(!moves.isEmpty());
        // Every operator stays memory-bound at B = 1, so the step time follows the bytes.
        // INT4 (group 128) weights: (4 + 16/128)/8 = 0.515625 B each; 37,242,563,072 /
        // 140,409,170,432 = 0.265243: step time -73%; 70.55e9 * 0.515625 + KV fits 80 GB.
        const Move &first = moves.first();
        QCOMPARE(first.kind, MoveKind::WeightFormat);
        QCOMPARE(first.scenario.scheme.weights, QStringLiteral("int4-g128"));
        QCOMPARE(first.title, QStringLiteral("W4A16: INT4 (group 128) weights"));
        ROOFLAB_COMPARE_NEAR(first.timeRatio, stepBytes(0.515625) / stepBytes(2), 1e-12);
        QCOMPARE(first.effect, QStringLiteral("step time −73%, fits in one device"));
        QCOMPARE(first.after.operatorId, QStringLiteral("mlp"));

        // FP8 weights: 70,907,456,000 / 140,409,170,432 = 0.505006: -49.5% shows as -49%;
        // the footprint, 71,896,271,360 B, fits.
        const qsizetype fp8 = find(moves, MoveKind::WeightFormat, QStringLiteral("fp8-e4m3"));
        QVERIFY(fp8 >= 0);
        ROOFLAB_COMPARE_NEAR(moves.at(fp8).timeRatio, stepBytes(1) / stepBytes(2), 1e-12);
        QCOMPARE(moves.at(fp8).effect, QStringLiteral("step time −49%, fits in one device"));
    }

    void batchMoveSaysItStillDoesNotFit()
    {
        const QList<Move> moves =
            recommendModelMoves(m_catalog, llama70bDecode(), h100, QStringLiteral("mlp"));
        const qsizetype index = find(moves, MoveKind::Batch);
        QVERIFY(index >= 0);
        const Move *batch = &moves.at(index);
        QCOMPARE(batch->scenario.batch, 4.0);
        ROOFLAB_COMPARE_DOUBLE(batch->tokensRatio, 4.0);
        // Weights 141,107,412,992 + KV 4 x 1,342,177,280 + activations 4 x 387,584 (about)
        // = 146.48 GB against 72 GB usable (80 GB less 10 % headroom). TP 2 holds
        // 70,555,025,408 + 4 x 671,088,640 + 4 x 330,240 = 73,240,699,328 B > 72e9 on each;
        // 3 does not divide the 64 heads; TP 4 fits: 4 devices.
        QVERIFY2(batch->effect.startsWith(QStringLiteral("4× tokens per step, step time +")),
                 qPrintable(batch->effect));
        QVERIFY2(batch->effect.endsWith(QStringLiteral("needs 4 devices")),
                 qPrintable(batch->effect));
        // Moves after which the model fits come before it.
        QVERIFY(index > 0);
        for (qsizetype i = 0; i < index; ++i)
            QVERIFY2(moves.at(i).effect.contains(QStringLiteral("fits")) && moves.at(i).fitsAfter,
                     qPrintable(moves.at(i).title));
    }

    void shardMoveIsPredicted()
    {
        // One H100 holds 72 GB with the default 10 % headroom; the whole model needs 142.45 GB
        // (tst_modelanalysis). At TP 2 one device holds 16 query and 4 KV heads, F/2 = 14336
        // and V/2 = 64128 (hand-derived in tst_deployment): 70,555,025,408 B of weights +
        // 671,088,640 of KV cache + 330,240 of activations = 71,226,444,288 B <= 72e9.
        const QList<Move> moves =
            recommendModelMoves(m_catalog, llama70bDecode(), h100, QStringLiteral("mlp"));
        const qsizetype index = find(moves, MoveKind::Deployment);
        QVERIFY(index >= 0);
        const Move &shard = moves.at(index);
        QCOMPARE(shard.title, QStringLiteral("Shard over 2 devices (TP = 2)"));
        QVERIFY(shard.predicted);
        QVERIFY(shard.fitsAfter);
        QCOMPARE(shard.scenario.deployment.tp, 2);
        QVERIFY2(shard.effect.endsWith(QStringLiteral("fits on 2 devices")),
                 qPrintable(shard.effect));
        QCOMPARE(find(moves, MoveKind::Advice), -1);
    }

    void noFitTextWhenItAlwaysFits()
    {
        // Llama 3.1 8B at B = 1 fits on H100 (16.6 GB): effects speak of time only.
        Scenario s = llama70bDecode();
        s.model = QStringLiteral("llama-3.1-8b");
        const QList<Move> moves = recommendModelMoves(m_catalog, s, h100, QStringLiteral("mlp"));
        const qsizetype fp8 = find(moves, MoveKind::WeightFormat, QStringLiteral("fp8-e4m3"));
        QVERIFY(fp8 >= 0);
        QVERIFY2(!moves.at(fp8).effect.contains(QStringLiteral("fit")),
                 qPrintable(moves.at(fp8).effect));
        QCOMPARE(find(moves, MoveKind::Advice), -1);
    }

    void unknownInputsGiveNoMoves()
    {
        Scenario s = llama70bDecode();
        QVERIFY(recommendModelMoves(m_catalog, s, QStringLiteral("nope"), QString()).isEmpty());
        s.model = QStringLiteral("gpt-9");
        QVERIFY(recommendModelMoves(m_catalog, s, h100, QString()).isEmpty());
    }
};

QTEST_GUILESS_MAIN(TestModelRecommend)
#include "tst_modelrecommend.moc"
