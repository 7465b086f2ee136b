// evaluate() end to end: which roof an operator answers to, where it sits against the ridge,
// and how long it takes, on the built-in devices.
#include "catalog.h"
#include "evaluate.h"
#include "testhelpers.h"
#include "testoperators.h"

#include <QTest>

#include <optional>

using namespace rooflab;
using namespace rooflab::test;

Q_DECLARE_METATYPE(rooflab::OperatorSpec)
Q_DECLARE_METATYPE(rooflab::Bound)
Q_DECLARE_METATYPE(rooflab::RoofMode)
Q_DECLARE_METATYPE(rooflab::PrecisionScheme)

namespace {

OperatorSpec decodeGemm(double d, double f)
{
    return weightGemm(OperatorKind::DecodeGemm, d, f);
}

OperatorSpec prefillGemm(double d, double f)
{
    return weightGemm(OperatorKind::PrefillGemm, d, f);
}

OperatorSpec layerNorm(double hidden, double width)
{
    return norm(OperatorKind::LayerNorm, 0, hidden, width);
}

OperatorSpec attentionDecode(double heads, double kvHeads, double headDim)
{
    return attention(OperatorKind::AttentionDecode, heads, kvHeads, headDim);
}

Scenario scenarioFor(const QString &device, const OperatorSpec &op, double batch = 1,
                     RoofMode roof = RoofMode::Datasheet)
{
    Scenario s;
    s.devices = {device};
    s.operators = {op};
    s.batch = batch;
    s.roof = roof;
    return s;
}

PrecisionScheme scheme(const char *weights, const char *act, const char *kv = "bf16",
                       const char *math = "")
{
    PrecisionScheme p;
    p.weights = QString::fromLatin1(weights);
    p.act = QString::fromLatin1(act);
    p.kv = QString::fromLatin1(kv);
    p.math = QString::fromLatin1(math);
    return p;
}

} // namespace

class TestEvaluate : public QObject
{
    Q_OBJECT

private:
    // The one point of a one-device, one-operator scenario, or nullopt (problems printed).
    std::optional<PointAnalysis> only(const Scenario &scenario) const;

    Catalog m_catalog;

private Q_SLOTS:
    void initTestCase();
    void point_data();
    void point();
    void boundBand_data();
    void boundBand();
    void boundThroughEvaluate_data();
    void boundThroughEvaluate();
    void mathResolution_data();
    void mathResolution();
    void fallbackNote();
    void problems();
    void memoryLevel();
    void severalDevices();
};

std::optional<PointAnalysis> TestEvaluate::only(const Scenario &scenario) const
{
    const Analysis analysis = evaluate(m_catalog, scenario);
    if (!analysis.problems.isEmpty())
        qWarning("%s", qPrintable(analysis.problems.join(QStringLiteral("; "))));
    if (analysis.points.size() != 1)
        return std::nullopt;
    return analysis.points.first();
}

void TestEvaluate::initTestCase()
{
    m_catalog = Catalog::builtin();
    QVERIFY(m_catalog.problems().isEmpty());
}

void TestEvaluate::point_data()
{
    QTest::addColumn<QString>("device");
    QTest::addColumn<OperatorSpec>("op");
    QTest::addColumn<double>("batch");
    QTest::addColumn<RoofMode>("roof");
    QTest::addColumn<double>("peak");
    QTest::addColumn<double>("bandwidth");
    QTest::addColumn<double>("flops");
    QTest::addColumn<double>("bytes");
    QTest::addColumn<double>("tMath");
    QTest::addColumn<double>("tMem");
    QTest::addColumn<double>("pct");
    QTest::addColumn<Bound>("bound");
    const QString h100 = QStringLiteral("h100-sxm5");
    const RoofMode sheet = RoofMode::Datasheet;

    // Decode GEMM 8192 x 28672, B = 64, bf16 (W and Q from tst_operatorcost):
    // I = 63.36 < 295.37 / 1.25 -> memory; T_math = 30,064,771,072 / 989.5e12
    // = 3.038380098e-5 s; T_mem = 474,480,640 / 3.35e12 = 1.416360119e-4 s;
    // share = I / ridge = 63.36353591 / 295.3731343 = 21.45203085 %
    QTest::newRow("decode B=64, datasheet")
        << h100 << decodeGemm(8192, 28672) << 64.0 << sheet << 989.5e12 << 3.35e12 << 30064771072.0
        << 474480640.0 << 3.038380098e-5 << 1.416360119e-4 << 21.45203085 << Bound::Memory;
    // Achievable: peak 989.5e12 x 0.75 = 742.125e12, bandwidth 3.35e12 x 0.85 = 2.8475e12;
    // T_math = 30,064,771,072 / 742.125e12 = 4.051173464e-5 s;
    // T_mem = 474,480,640 / 2.8475e12 = 1.666306023e-4 s;
    // share = 63.36353591 / (742.125 / 2.8475 = 260.6233538) = 24.31230163 %
    QTest::newRow("decode B=64, achievable")
        << h100 << decodeGemm(8192, 28672) << 64.0 << RoofMode::Achievable << 742.125e12
        << 2.8475e12 << 30064771072.0 << 474480640.0 << 4.051173464e-5 << 1.666306023e-4
        << 24.31230163 << Bound::Memory;
    // H200: same compute, 4.8 TB/s: T_mem = 474,480,640 / 4.8e12 = 9.885013333e-5 s;
    // ridge 989.5 / 4.8 = 206.1458333; share = 63.36353591 / 206.1458333 = 30.73723824 %
    QTest::newRow("decode B=64 on h200")
        << QStringLiteral("h200-sxm") << decodeGemm(8192, 28672) << 64.0 << sheet << 989.5e12
        << 4.8e12 << 30064771072.0 << 474480640.0 << 3.038380098e-5 << 9.885013333e-5 << 30.73723824
        << Bound::Memory;
    // Matmul 4096: I = 1365.33 > 295.37 x 1.25 -> compute; T_math = 137,438,953,472
    // / 989.5e12 = 1.388973759e-4 s; T_mem = 100,663,296 / 3.35e12 = 3.004874507e-5 s
    QTest::newRow("matmul 4096") << h100 << matmul(4096) << 1.0 << sheet << 989.5e12 << 3.35e12
                                 << 137438953472.0 << 100663296.0 << 1.388973759e-4
                                 << 3.004874507e-5 << 100.0 << Bound::Compute;
    // Prefill 4096 x 4096, T = 512: I = 409.6 > 369.2 -> compute; T_math = 17,179,869,184
    // / 989.5e12 = 1.736217199e-5 s; T_mem = 41,943,040 / 3.35e12 = 1.252031045e-5 s
    QTest::newRow("prefill 4096, T=512")
        << h100 << prefillGemm(4096, 4096) << 1.0 << sheet << 989.5e12 << 3.35e12 << 17179869184.0
        << 41943040.0 << 1.736217199e-5 << 1.252031045e-5 << 100.0 << Bound::Compute;
    // LayerNorm 4096 wide, B = 8, on vector fp32 (67e12; ridge 67 / 3.35 = 20): W = 229,376,
    // Q = 147,456, I = 1.5556 -> memory; T_math = 229,376 / 67e12 = 3.423522388e-9 s;
    // T_mem = 147,456 / 3.35e12 = 4.401671642e-8 s; share = 1.5556 / 20 = 7.777777778 %
    QTest::newRow("layernorm on h100 vector fp32")
        << h100 << layerNorm(4096, 4096) << 8.0 << sheet << 67e12 << 3.35e12 << 229376.0 << 147456.0
        << 3.423522388e-9 << 4.401671642e-8 << 7.777777778 << Bound::Memory;
    // Gaudi 3 has vector bf16 (28.7e12; ridge 28.7 / 3.7 = 7.756756757): T_math = 229,376
    // / 28.7e12 = 7.992195122e-9 s; T_mem = 147,456 / 3.7e12 = 3.985297297e-8 s;
    // share = 1.555555556 / 7.756756757 = 20.05420054 %
    QTest::newRow("layernorm on gaudi3 vector bf16")
        << QStringLiteral("gaudi3") << layerNorm(4096, 4096) << 8.0 << sheet << 28.7e12 << 3.7e12
        << 229376.0 << 147456.0 << 7.992195122e-9 << 3.985297297e-8 << 20.05420054 << Bound::Memory;
    // Decode attention, H 64, H_kv 8, d 128, S 4096, B 8: W = 8 x 135,528,448
    // = 1,084,227,584; Q = 8 x 16,809,984 = 134,479,872; T_math = 1.095732778e-6 s;
    // T_mem = 4.014324537e-5 s; share = 8.062378168 / 295.3731343 = 2.729557035 %
    QTest::newRow("attention decode B=8")
        << h100 << attentionDecode(64, 8, 128) << 8.0 << sheet << 989.5e12 << 3.35e12
        << 1084227584.0 << 134479872.0 << 1.095732778e-6 << 4.014324537e-5 << 2.729557035
        << Bound::Memory;
    // Custom at exactly the ridge: W = 989.5e9, Q = 3.35e9 -> I = 295.37 = ridge, balanced;
    // T_math = T_mem = 1 ms.
    QTest::newRow("custom at the ridge")
        << h100 << custom(989.5e9, 3.35e9) << 1.0 << sheet << 989.5e12 << 3.35e12 << 989.5e9
        << 3.35e9 << 1e-3 << 1e-3 << 100.0 << Bound::Balanced;
}

void TestEvaluate::point()
{
    QFETCH(QString, device);
    QFETCH(OperatorSpec, op);
    QFETCH(double, batch);
    QFETCH(RoofMode, roof);
    QFETCH(double, peak);
    QFETCH(double, bandwidth);
    QFETCH(double, flops);
    QFETCH(double, bytes);
    QFETCH(double, tMath);
    QFETCH(double, tMem);
    QFETCH(double, pct);
    QFETCH(Bound, bound);

    const std::optional<PointAnalysis> p = only(scenarioFor(device, op, batch, roof));
    QVERIFY(p);
    ROOFLAB_COMPARE_DOUBLE(p->peakFlops, peak);
    ROOFLAB_COMPARE_DOUBLE(p->bandwidth, bandwidth);
    ROOFLAB_COMPARE_DOUBLE(p->ridge, peak / bandwidth);
    ROOFLAB_COMPARE_DOUBLE(p->flops, flops);
    ROOFLAB_COMPARE_DOUBLE(p->bytes.total(), bytes);
    ROOFLAB_COMPARE_DOUBLE(p->intensity, flops / bytes);
    ROOFLAB_COMPARE_NEAR(p->tMath, tMath, 1e-8);
    ROOFLAB_COMPARE_NEAR(p->tMem, tMem, 1e-8);
    // T = max(T_math, T_mem); P = min(peak, bandwidth x I) = W / T.
    ROOFLAB_COMPARE_NEAR(p->time, std::max(tMath, tMem), 1e-8);
    ROOFLAB_COMPARE_NEAR(p->attainableFlops, std::min(peak, bandwidth * flops / bytes), 1e-9);
    ROOFLAB_COMPARE_NEAR(p->attainableFlops, flops / std::max(tMath, tMem), 1e-8);
    ROOFLAB_COMPARE_NEAR(p->pctOfPeak, pct, 1e-8);
    QCOMPARE(p->bound, bound);
}

void TestEvaluate::boundBand_data()
{
    QTest::addColumn<double>("intensity");
    QTest::addColumn<Bound>("bound");
    // Ridge 100; balanced within a factor 1.25 either side: [80, 125].
    QTest::newRow("far left") << 1.0 << Bound::Memory;
    QTest::newRow("79: 79 x 1.25 = 98.75 < 100") << 79.0 << Bound::Memory;
    QTest::newRow("80: 80 x 1.25 = 100, edge") << 80.0 << Bound::Balanced;
    QTest::newRow("81") << 81.0 << Bound::Balanced;
    QTest::newRow("at the ridge") << 100.0 << Bound::Balanced;
    QTest::newRow("124") << 124.0 << Bound::Balanced;
    QTest::newRow("125: 100 x 1.25, edge") << 125.0 << Bound::Balanced;
    QTest::newRow("126") << 126.0 << Bound::Compute;
    QTest::newRow("far right") << 1e6 << Bound::Compute;
}

void TestEvaluate::boundBand()
{
    QFETCH(double, intensity);
    QFETCH(Bound, bound);
    QCOMPARE(classifyBound(intensity, 100.0), bound);
}

void TestEvaluate::boundThroughEvaluate_data()
{
    QTest::addColumn<double>("factor");
    QTest::addColumn<Bound>("bound");
    // Custom operators at factor x the H100 bf16 ridge (W = 989.5e9 x factor, Q = 3.35e9).
    QTest::newRow("ridge / 1.3") << 1.0 / 1.3 << Bound::Memory;
    QTest::newRow("ridge / 1.2") << 1.0 / 1.2 << Bound::Balanced;
    QTest::newRow("ridge x 1.2") << 1.2 << Bound::Balanced;
    QTest::newRow("ridge x 1.3") << 1.3 << Bound::Compute;
}

void TestEvaluate::boundThroughEvaluate()
{
    QFETCH(double, factor);
    QFETCH(Bound, bound);
    const auto p = only(scenarioFor(QStringLiteral("h100-sxm5"), custom(989.5e9 * factor, 3.35e9)));
    QVERIFY(p);
    QCOMPARE(p->bound, bound);
    // T_math = factor x 1 ms, T_mem = 1 ms.
    ROOFLAB_COMPARE_NEAR(p->tMath, factor * 1e-3, 1e-9);
    ROOFLAB_COMPARE_NEAR(p->tMem, 1e-3, 1e-9);
}

void TestEvaluate::mathResolution_data()
{
    QTest::addColumn<QString>("device");
    QTest::addColumn<OperatorSpec>("op");
    QTest::addColumn<PrecisionScheme>("formats");
    QTest::addColumn<QString>("math");
    QTest::addColumn<QString>("unit");
    QTest::addColumn<double>("peak");
    QTest::addColumn<bool>("fellBack");
    const QString h100 = QStringLiteral("h100-sxm5");
    const QString matrix = QStringLiteral("matrix");
    const QString vector = QStringLiteral("vector");
    const OperatorSpec gemm = decodeGemm(4096, 4096);
    OperatorSpec gemmOnVector = gemm;
    gemmOnVector.unit = UnitKind::Vector;
    const auto row = [](const char *name, const QString &device, const OperatorSpec &op,
                        const PrecisionScheme &formats, const char *math, const QString &unit,
                        double peak, bool fellBack) {
        QTest::newRow(name) << device << op << formats << QString::fromLatin1(math) << unit << peak
                            << fellBack;
    };
    // Peaks from the reference table (dense TFLOP/s x 1e12).
    // GEMMs: the wider of weights and activations, unless --math names one.
    row("bf16 + bf16 -> bf16", h100, gemm, scheme("bf16", "bf16"), "bf16", matrix, 989.5e12, false);
    row("fp8 weights + bf16 act -> bf16", h100, gemm, scheme("fp8", "bf16"), "bf16", matrix,
        989.5e12, false);
    row("fp8 + fp8 -> fp8", h100, gemm, scheme("fp8-e4m3", "fp8-e4m3"), "fp8", matrix, 1979e12,
        false);
    row("e5m2 weights + e4m3 act -> fp8", h100, gemm, scheme("fp8-e5m2", "fp8-e4m3"), "fp8", matrix,
        1979e12, false);
    row("W4A16 -> bf16", h100, gemm, scheme("int4-g128", "bf16"), "bf16", matrix, 989.5e12, false);
    row("explicit --math fp8", h100, gemm, scheme("bf16", "bf16", "bf16", "fp8"), "fp8", matrix,
        1979e12, false);
    row("explicit --math fp16", h100, gemm, scheme("bf16", "bf16", "bf16", "fp16"), "fp16", matrix,
        989.5e12, false);
    row("tf32 + tf32 -> tf32", h100, gemm, scheme("tf32", "tf32"), "tf32", matrix, 494.5e12, false);
    row("a100 int8 + int8 -> int8", QStringLiteral("a100-sxm4-80gb"), gemm, scheme("int8", "int8"),
        "int8", matrix, 624e12, false);
    row("a100 int4 + int4 -> int4", QStringLiteral("a100-sxm4-80gb"), gemm, scheme("int4", "int4"),
        "int4", matrix, 1248e12, false);
    row("b200 nvfp4 + nvfp4 -> fp4", QStringLiteral("b200"), gemm, scheme("nvfp4", "nvfp4"), "fp4",
        matrix, 9000e12, false);
    row("b200 mxfp4 weights + bf16 act -> bf16", QStringLiteral("b200"), gemm,
        scheme("mxfp4", "bf16"), "bf16", matrix, 2250e12, false);
    row("xeon bf16 on AMX", QStringLiteral("xeon-8480"), gemm, scheme("bf16", "bf16"), "bf16",
        matrix, 114.7e12, false);
    // Attention: the wider of the KV cache and the activations.
    row("attention fp8 KV + bf16 act -> bf16", h100, attentionDecode(64, 8, 128),
        scheme("bf16", "bf16", "fp8"), "bf16", matrix, 989.5e12, false);
    row("attention fp8 KV + fp8 act -> fp8", h100, attentionDecode(64, 8, 128),
        scheme("bf16", "fp8", "fp8"), "fp8", matrix, 1979e12, false);
    // Vector operators run at their activation format on vector units; without a vector
    // ceiling at that format they up-convert to vector fp32.
    row("layernorm bf16 on h100 -> vector fp32", h100, layerNorm(4096, 4096),
        scheme("bf16", "bf16"), "fp32", vector, 67e12, false);
    row("layernorm fp32 on h100 -> vector fp32", h100, layerNorm(4096, 4096),
        scheme("bf16", "fp32"), "fp32", vector, 67e12, false);
    row("layernorm bf16 on gaudi3 -> vector bf16", QStringLiteral("gaudi3"), layerNorm(4096, 4096),
        scheme("bf16", "bf16"), "bf16", vector, 28.7e12, false);
    row("gemm forced on vector units -> vector fp32", h100, gemmOnVector, scheme("bf16", "bf16"),
        "fp32", vector, 67e12, false);
    // Fallbacks to the other unit kind, flagged.
    row("tpu-v5e has no vector ceilings -> matrix bf16", QStringLiteral("tpu-v5e"),
        layerNorm(4096, 4096), scheme("bf16", "bf16"), "bf16", matrix, 197e12, true);
    // The scheme's math is the matrix units' format: a norm stays on vector FP32 (issue 12;
    // this row expected the 989.5 TFLOP/s BF16 matrix roof before).
    row("layernorm with --math bf16 on h100 -> vector fp32", h100, layerNorm(4096, 4096),
        scheme("bf16", "bf16", "bf16", "bf16"), "fp32", vector, 67e12, false);
    row("fp32 gemm on h100 -> vector fp32", h100, gemm, scheme("fp32", "fp32"), "fp32", vector,
        67e12, true);
}

void TestEvaluate::mathResolution()
{
    QFETCH(QString, device);
    QFETCH(OperatorSpec, op);
    QFETCH(PrecisionScheme, formats);
    QFETCH(QString, math);
    QFETCH(QString, unit);
    QFETCH(double, peak);
    QFETCH(bool, fellBack);
    Scenario s = scenarioFor(device, op, 16);
    s.scheme = formats;
    const auto p = only(s);
    QVERIFY(p);
    QCOMPARE(p->math, math);
    QCOMPARE(unitKindName(p->unit), unit);
    ROOFLAB_COMPARE_DOUBLE(p->peakFlops, peak);
    QCOMPARE(p->fellBack, fellBack);
    QCOMPARE(p->note.isEmpty(), !fellBack);
    QCOMPARE(p->weights, formats.weights);
    QCOMPARE(p->act, formats.act);
    QCOMPARE(p->kv, formats.kv);
}

void TestEvaluate::fallbackNote()
{
    // H100 lists no matrix fp32 (its tensor cores run tf32): an fp32 GEMM uses vector fp32
    // and says so.
    Scenario s = scenarioFor(QStringLiteral("h100-sxm5"), decodeGemm(4096, 4096), 16);
    s.scheme = scheme("fp32", "fp32");
    const auto p = only(s);
    QVERIFY(p);
    QVERIFY(p->fellBack);
    QVERIFY2(p->note.contains(QStringLiteral("H100")), qPrintable(p->note));
    QVERIFY2(p->note.contains(QStringLiteral("no matrix fp32")), qPrintable(p->note));
    QVERIFY2(p->note.contains(QStringLiteral("vector fp32")), qPrintable(p->note));
    // Bytes still follow the fp32 storage: 4096 x 4096 x 4 + 16 x 8192 x 4 = 67,108,864
    // + 524,288 = 67,633,152.
    ROOFLAB_COMPARE_DOUBLE(p->bytes.total(), 67633152);
}

void TestEvaluate::problems()
{
    const auto problemsOf = [this](const Scenario &s) { return evaluate(m_catalog, s).problems; };
    const auto mentions = [](const QStringList &problems, const QString &a, const QString &b) {
        for (const QString &p : problems) {
            if (p.contains(a) && p.contains(b))
                return true;
        }
        return false;
    };

    // Unknown device: reported, no roofs, no points.
    Scenario s = scenarioFor(QStringLiteral("nope-9000"), decodeGemm(4096, 4096));
    Analysis a = evaluate(m_catalog, s);
    QVERIFY(mentions(a.problems, QStringLiteral("unknown device"), QStringLiteral("nope-9000")));
    QVERIFY(a.points.isEmpty());
    QVERIFY(a.devices.isEmpty());

    // Unknown formats, in the scheme and in an operator's own override.
    s = scenarioFor(QStringLiteral("h100-sxm5"), decodeGemm(4096, 4096));
    s.scheme.weights = QStringLiteral("fp7");
    QVERIFY(mentions(problemsOf(s), QStringLiteral("weights"), QStringLiteral("\"fp7\"")));
    s.scheme = PrecisionScheme();
    s.scheme.math = QStringLiteral("fp5");
    QVERIFY(mentions(problemsOf(s), QStringLiteral("math"), QStringLiteral("\"fp5\"")));
    s.scheme = PrecisionScheme();
    s.operators.first().act = QStringLiteral("bf17");
    QVERIFY(mentions(problemsOf(s), QStringLiteral("activation"), QStringLiteral("\"bf17\"")));
    s.operators.first().act.clear();
    s.operators.first().kv = QStringLiteral("kv9");
    QVERIFY(mentions(problemsOf(s), QStringLiteral("KV"), QStringLiteral("\"kv9\"")));

    // Issue 12 changed these two from problems (points dropped) to wider math with a badge
    // (tst_whichroof has the rule; a device with no ceiling at all is still a problem there).
    // EPYC lists only vector fp64 and fp32: the BF16 GEMM runs on vector FP32, 7.37 TFLOP/s.
    const auto p = only(scenarioFor(QStringLiteral("epyc-9654"), decodeGemm(4096, 4096)));
    QVERIFY(p);
    ROOFLAB_COMPARE_DOUBLE(p->peakFlops, 7.37e12);
    QCOMPARE(p->badge, QStringLiteral("no BF16: runs FP32"));
    // H100 has no int4 ceiling of any kind: it runs BF16 on its matrix units, 989.5 TFLOP/s.
    s = scenarioFor(QStringLiteral("h100-sxm5"), decodeGemm(4096, 4096));
    s.scheme = scheme("int4", "int4");
    const auto q = only(s);
    QVERIFY(q);
    ROOFLAB_COMPARE_DOUBLE(q->peakFlops, 989.5e12);
    QCOMPARE(q->badge, QStringLiteral("no INT4: runs BF16"));

    // A clean scenario has none.
    QVERIFY(problemsOf(scenarioFor(QStringLiteral("h100-sxm5"), decodeGemm(4096, 4096))).isEmpty());
}

void TestEvaluate::memoryLevel()
{
    // Against the A100 40GB L2 (7.2 TB/s): decode B=1 bf16 4096 x 4096, Q = 33,554,432
    // + 8192 x 2 = 33,570,816 B; T_mem = 33,570,816 / 7.2e12 = 4.662613333e-6 s;
    // ridge = 312 / 7.2 = 43.33333333.
    Scenario s = scenarioFor(QStringLiteral("a100-sxm4-40gb"), decodeGemm(4096, 4096));
    s.memoryLevel = QStringLiteral("l2");
    auto p = only(s);
    QVERIFY(p);
    ROOFLAB_COMPARE_DOUBLE(p->bandwidth, 7.2e12);
    ROOFLAB_COMPARE_NEAR(p->tMem, 4.662613333e-6, 1e-8);
    ROOFLAB_COMPARE_NEAR(p->ridge, 43.33333333, 1e-8);

    // H100 lists no L2 bandwidth: a warning, and main memory is used instead.
    s.devices = {QStringLiteral("h100-sxm5")};
    const Analysis a = evaluate(m_catalog, s);
    QVERIFY(a.problems.isEmpty());
    QCOMPARE(a.warnings.size(), qsizetype(1));
    QVERIFY2(a.warnings.first().contains(QStringLiteral("\"l2\"")), qPrintable(a.warnings.first()));
    QCOMPARE(a.points.size(), qsizetype(1));
    ROOFLAB_COMPARE_DOUBLE(a.points.first().bandwidth, 3.35e12);
}

void TestEvaluate::severalDevices()
{
    // Two devices x two operators = four points; the roof each point uses is marked.
    Scenario s;
    s.devices = {QStringLiteral("h100-sxm5"), QStringLiteral("mi300x")};
    s.operators = {decodeGemm(8192, 28672), layerNorm(8192, 8192)};
    s.batch = 64;
    const Analysis a = evaluate(m_catalog, s);
    QVERIFY(a.problems.isEmpty());
    QCOMPARE(a.points.size(), qsizetype(4));
    QCOMPARE(a.devices.size(), qsizetype(2));
    const PointAnalysis *mi = a.point(QStringLiteral("mi300x"), QStringLiteral("decode-gemm"));
    QVERIFY(mi);
    // MI300X: bf16 1307.4e12, 5.3e12 B/s; T_mem = 474,480,640 / 5.3e12 = 8.952464906e-5 s;
    // ridge batch: I* = 246.6792453; numerator 246.6792453 x 234,881,024 x 2
    // = 1.158805475e11; denominator 469,762,048 - 246.6792453 x 36,864 x 2
    // = 469,762,048 - 18,187,167.40 = 451,574,880.6; M* = 256.6142459
    ROOFLAB_COMPARE_DOUBLE(mi->peakFlops, 1307.4e12);
    ROOFLAB_COMPARE_NEAR(mi->tMem, 8.952464906e-5, 1e-8);
    QVERIFY(mi->batchDependent);
    QVERIFY(mi->ridgeBatch);
    ROOFLAB_COMPARE_NEAR(*mi->ridgeBatch, 256.6142459, 1e-8);
    const PointAnalysis *norm = a.point(QStringLiteral("mi300x"), QStringLiteral("layernorm"));
    QVERIFY(norm);
    QVERIFY(!norm->batchDependent);
    QVERIFY(!norm->ridgeBatch);
    QCOMPARE(norm->math, QStringLiteral("fp32")); // vector fp32, 163.4e12
    ROOFLAB_COMPARE_DOUBLE(norm->peakFlops, 163.4e12);

    for (const ComputeRoof &roof : a.devices.first().compute) {
        const bool used = (roof.unit == UnitKind::Matrix && roof.math == QLatin1String("bf16")) ||
                          (roof.unit == UnitKind::Vector && roof.math == QLatin1String("fp32"));
        QCOMPARE(roof.usedByPoints, used);
    }
}

QTEST_GUILESS_MAIN(TestEvaluate)
#include "tst_evaluate.moc"
