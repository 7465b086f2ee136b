// Batch sweeps for the secondary chart, and the log-spaced batch list.
#include "batchsweep.h"
#include "catalog.h"
#include "testhelpers.h"

#include <QFile>
#include <QTest>

#include <cmath>

using namespace rooflab;

namespace {

QString s(const char *text)
{
    return QString::fromUtf8(text);
}

// Formats and h100-sxm5 (3.35 TB/s, BF16 matrix 989.5 TFLOP/s) from the compiled-in presets.
Catalog testCatalog()
{
    Catalog catalog;
    for (const char *file : {"formats.json", "devices/h100-sxm5.json"}) {
        QFile f(s(":/presets/") + s(file));
        if (!f.open(QIODevice::ReadOnly))
            qFatal("cannot open preset %s", file);
        catalog.loadBytes(f.readAll(), f.fileName());
    }
    if (!catalog.problems().isEmpty())
        qFatal("%s", qPrintable(catalog.problems().join(s("; "))));
    return catalog;
}

Scenario scenarioWith(const OperatorSpec &op)
{
    Scenario sc;
    sc.devices = {s("h100-sxm5")};
    sc.batch = 64;
    sc.seq = 4096;
    sc.prompt = 512;
    sc.operators = {op};
    return sc;
}

OperatorSpec operatorOf(OperatorKind kind)
{
    OperatorSpec op;
    op.id = s("op");
    op.name = s("Op");
    op.kind = kind;
    op.d = 8192;
    op.f = 28672;
    op.n = 8192;
    op.heads = 64;
    op.kvHeads = 8;
    op.headDim = 128;
    return op;
}

} // namespace

class TestBatchSweep : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void decodeGemmAcrossTheRidge()
    {
        const Catalog catalog = testCatalog();
        const QList<BatchSample> samples =
            sweepBatch(catalog, scenarioWith(operatorOf(OperatorKind::DecodeGemm)), s("h100-sxm5"),
                       s("op"), {1, 64, 1024});
        QCOMPARE(samples.size(), 3);
        // D*F = 8192*28672 = 234,881,024 weights, 469,762,048 B in BF16; per token
        // (8192+28672)*2 = 73,728 B of activations.
        // B=1: Q = 469,835,776 B, memory-bound: T = Q / 3.35e12, 1 token per step.
        ROOFLAB_COMPARE_DOUBLE(samples[0].batch, 1.0);
        ROOFLAB_COMPARE_NEAR(samples[0].time, 469835776.0 / 3.35e12, 1e-12);
        ROOFLAB_COMPARE_DOUBLE(samples[0].tokens, 1.0);
        ROOFLAB_COMPARE_NEAR(samples[0].tokensPerSecond, 3.35e12 / 469835776.0, 1e-12);
        QCOMPARE(samples[0].bound, Bound::Memory);
        // B=64: Q = 474,480,640 B, T = Q / 3.35e12; I = 30,064,771,072 / 474,480,640.
        ROOFLAB_COMPARE_NEAR(samples[1].tokensPerSecond, 64.0 * 3.35e12 / 474480640.0, 1e-12);
        ROOFLAB_COMPARE_NEAR(samples[1].intensity, 30064771072.0 / 474480640.0, 1e-12);
        ROOFLAB_COMPARE_NEAR(samples[1].flopsPerSecond, 30064771072.0 * 3.35e12 / 474480640.0,
                             1e-12);
        // B=1024: W = 2*1024*234,881,024 = 481,036,337,152 FLOP, T_math = W/989.5e12 =
        // 486 us > T_mem = (469,762,048 + 1024*73,728)/3.35e12 = 163 us: compute-bound, and
        // tokens/s = 1024 / T = 989.5e12 / (2*234,881,024) = 2,106,386.
        ROOFLAB_COMPARE_NEAR(samples[2].time, 481036337152.0 / 989.5e12, 1e-12);
        ROOFLAB_COMPARE_NEAR(samples[2].tokensPerSecond, 989.5e12 / 469762048.0, 1e-12);
        QCOMPARE(samples[2].bound, Bound::Compute);
    }

    void attentionThroughputDoesNotFollowBatch()
    {
        const Catalog catalog = testCatalog();
        const QList<BatchSample> samples =
            sweepBatch(catalog, scenarioWith(operatorOf(OperatorKind::AttentionDecode)),
                       s("h100-sxm5"), s("op"), {1, 16, 256});
        QCOMPARE(samples.size(), 3);
        // Per sequence: KV 2*4096*8*128*2 = 16,777,216 B + act 2*64*128*2 = 32,768 B =
        // 16,809,984 B, and 4*4096*64*128 + 5*4096*64 = 135,528,448 FLOP: I = 8.0624 at any
        // batch; memory-bound, so tokens/s = 3.35e12 / 16,809,984 = 199,286 at any batch.
        for (const BatchSample &sample : samples) {
            ROOFLAB_COMPARE_NEAR(sample.intensity, 135528448.0 / 16809984.0, 1e-12);
            ROOFLAB_COMPARE_NEAR(sample.tokensPerSecond, 3.35e12 / 16809984.0, 1e-12);
            ROOFLAB_COMPARE_NEAR(sample.time, sample.batch * 16809984.0 / 3.35e12, 1e-12);
        }
    }

    void fixedOperatorReportsWorkPerSecond()
    {
        const Catalog catalog = testCatalog();
        const QList<BatchSample> samples =
            sweepBatch(catalog, scenarioWith(operatorOf(OperatorKind::Matmul)), s("h100-sxm5"),
                       s("op"), {1, 4096});
        QCOMPARE(samples.size(), 2);
        // Matmul n=8192 does not follow the batch: compute-bound at 989.5 TFLOP/s throughout,
        // T = 2*8192^3 / 989.5e12, and no tokens.
        for (const BatchSample &sample : samples) {
            ROOFLAB_COMPARE_DOUBLE(sample.tokens, 0.0);
            ROOFLAB_COMPARE_DOUBLE(sample.tokensPerSecond, 0.0);
            ROOFLAB_COMPARE_NEAR(sample.flopsPerSecond, 989.5e12, 1e-12);
            ROOFLAB_COMPARE_NEAR(sample.time, 1099511627776.0 / 989.5e12, 1e-12);
        }
    }

    void prefillCountsPromptTokens()
    {
        const Catalog catalog = testCatalog();
        const QList<BatchSample> samples =
            sweepBatch(catalog, scenarioWith(operatorOf(OperatorKind::PrefillGemm)), s("h100-sxm5"),
                       s("op"), {2});
        QCOMPARE(samples.size(), 1);
        // 2 sequences * 512 prompt tokens = 1024 tokens, the same GEMM as decode at batch
        // 1024: compute-bound, T = 481,036,337,152 / 989.5e12.
        ROOFLAB_COMPARE_DOUBLE(samples[0].tokens, 1024.0);
        ROOFLAB_COMPARE_NEAR(samples[0].time, 481036337152.0 / 989.5e12, 1e-12);
    }

    void badBatchesAndUnknownPointsAreLeftOut()
    {
        const Catalog catalog = testCatalog();
        const Scenario sc = scenarioWith(operatorOf(OperatorKind::DecodeGemm));
        QCOMPARE(sweepBatch(catalog, sc, s("h100-sxm5"), s("op"), {0, -4, std::nan(""), 8}).size(),
                 1);
        QVERIFY(sweepBatch(catalog, sc, s("h100-sxm5"), s("nope"), {1, 2}).isEmpty());
        QVERIFY(sweepBatch(catalog, sc, s("nope"), s("op"), {1, 2}).isEmpty());
    }

    void logBatches_data()
    {
        QTest::addColumn<double>("lo");
        QTest::addColumn<double>("hi");
        QTest::addColumn<int>("perDecade");
        QTest::addColumn<QList<double>>("expected");
        // 10^(i/3) for i = 0..9: 1, 2.154, 4.642, 10, ..., 1000
        QList<double> thirds;
        for (int i = 0; i <= 9; ++i)
            thirds.append(std::pow(10.0, i / 3.0));
        QTest::newRow("three per decade") << 1.0 << 1000.0 << 3 << thirds;
        // whole decades, then the top itself: 1, 10, 100, 1000, 4096
        QTest::newRow("top not on a step")
            << 1.0 << 4096.0 << 1 << QList<double>{1, 10, 100, 1000, 4096};
        QTest::newRow("one point") << 5.0 << 5.0 << 4 << QList<double>{5};
        QTest::newRow("zero low end") << 0.0 << 10.0 << 2 << QList<double>{};
        QTest::newRow("reversed") << 10.0 << 1.0 << 2 << QList<double>{};
        QTest::newRow("no steps") << 1.0 << 10.0 << 0 << QList<double>{};
    }

    void logBatches()
    {
        QFETCH(double, lo);
        QFETCH(double, hi);
        QFETCH(int, perDecade);
        QFETCH(QList<double>, expected);
        const QList<double> batches = rooflab::logBatches(lo, hi, perDecade);
        QCOMPARE(batches.size(), expected.size());
        for (qsizetype i = 0; i < batches.size(); ++i)
            ROOFLAB_COMPARE_NEAR(batches[i], expected[i], 1e-12);
    }
};

QTEST_GUILESS_MAIN(TestBatchSweep)
#include "tst_batchsweep.moc"
