// Which roof a point answers to under the precision schemes (docs/roofline.md, "Which
// roof an operator answers to"): vector passes stay on vector roofs whatever the scheme's
// math format, and a device without the scheme's format runs it wider, with a badge,
// rather than losing its points.

#include "catalog.h"
#include "evaluate.h"
#include "testhelpers.h"
#include "testoperators.h"

#include <QTest>

using namespace rooflab;
using namespace rooflab::test;

namespace {

QString s(const char *text)
{
    return QString::fromLatin1(text);
}

PrecisionScheme scheme(const char *weights, const char *act, const char *math)
{
    PrecisionScheme p;
    p.weights = s(weights);
    p.act = s(act);
    p.kv = s("bf16");
    p.math = s(math);
    return p;
}

// The window's scheme buttons name a math format; the command line may leave it implied.
const PrecisionScheme bf16Button = scheme("bf16", "bf16", "bf16");
const PrecisionScheme w8a8Button = scheme("fp8-e4m3", "fp8-e4m3", "fp8-e4m3");
const PrecisionScheme w4a4Button = scheme("nvfp4", "nvfp4", "nvfp4");

Scenario scenarioOf(const QStringList &devices, const QList<OperatorSpec> &ops,
                    const PrecisionScheme &precision)
{
    Scenario sc;
    sc.devices = devices;
    sc.operators = ops;
    sc.batch = 16;
    sc.scheme = precision;
    return sc;
}

OperatorSpec rmsNorm()
{
    return norm(OperatorKind::RmsNorm, 0, 8192, 8192);
}

OperatorSpec decodeGemm()
{
    return weightGemm(OperatorKind::DecodeGemm, 4096, 4096);
}

} // namespace

class TestWhichRoof : public QObject
{
    Q_OBJECT

    Catalog m_catalog;

    const PointAnalysis *onlyPoint(const Analysis &analysis)
    {
        if (!analysis.problems.isEmpty())
            qWarning("%s", qPrintable(analysis.problems.join(QStringLiteral("; "))));
        return analysis.points.size() == 1 ? &analysis.points.first() : nullptr;
    }

private Q_SLOTS:
    void initTestCase()
    {
        m_catalog = Catalog::builtin();
        QVERIFY(m_catalog.problems().isEmpty());
    }

    void normStaysOnVectorFp32UnderTheBf16Button()
    {
        // H100 SXM5 lists vector FP32 67 TFLOP/s and no vector BF16: the norm up-converts.
        // RMSNorm over B x 8192 at B = 16: n = 131,072; W = 5n = 655,360 FLOP;
        // Q = 2n x 2 + 8192 x 2 = 524,288 + 16,384 = 540,672 B.
        const Analysis a =
            evaluate(m_catalog, scenarioOf({s("h100-sxm5")}, {rmsNorm()}, bf16Button));
        const PointAnalysis *p = onlyPoint(a);
        QVERIFY(p);
        QCOMPARE(p->unit, UnitKind::Vector);
        QCOMPARE(p->math, s("fp32"));
        ROOFLAB_COMPARE_DOUBLE(p->peakFlops, 67e12);
        QVERIFY(!p->fellBack);
        QVERIFY(p->badge.isEmpty());
        ROOFLAB_COMPARE_DOUBLE(p->flops, 655360);
        ROOFLAB_COMPARE_DOUBLE(p->bytes.total(), 540672);
        // The FP32 vector roof is the one drawn; the BF16 matrix roof is not claimed by it.
        bool vectorUsed = false, matrixUsed = false;
        for (const ComputeRoof &roof : a.devices.first().compute) {
            vectorUsed |= roof.usedByPoints && roof.unit == UnitKind::Vector;
            matrixUsed |= roof.usedByPoints && roof.unit == UnitKind::Matrix;
        }
        QVERIFY(vectorUsed);
        QVERIFY(!matrixUsed);
    }

    void vectorPassesUnderFp8MathMatchTheImpliedScheme()
    {
        // W8A8 with the math named (the button, `--math fp8-e4m3`) and with the math implied
        // (`--weights fp8 --act fp8`) put the vector passes on the same roof: vector FP32.
        // RMSNorm at 1 byte: Q = 2 x 131,072 + 8192 = 270,336 B. SiLU over 16 x 14,336 =
        // 229,376 elements: Q = 2 x 229,376 = 458,752 B. Residual add (2 inputs) over
        // 131,072: Q = 3 x 131,072 = 393,216 B.
        const QList<OperatorSpec> ops = {rmsNorm(), activation("silu", 0, 14336),
                                         elementwise(0, 8192, 2, 1)};
        const Analysis named = evaluate(m_catalog, scenarioOf({s("h100-sxm5")}, ops, w8a8Button));
        const Analysis implied = evaluate(
            m_catalog, scenarioOf({s("h100-sxm5")}, ops, scheme("fp8-e4m3", "fp8-e4m3", "")));
        QCOMPARE(named.points.size(), 3);
        QCOMPARE(implied.points.size(), 3);
        const double bytes[] = {270336, 458752, 393216};
        for (int i = 0; i < 3; ++i) {
            const PointAnalysis &p = named.points.at(i);
            QCOMPARE(p.unit, UnitKind::Vector);
            QCOMPARE(p.math, s("fp32"));
            ROOFLAB_COMPARE_DOUBLE(p.peakFlops, 67e12);
            ROOFLAB_COMPARE_DOUBLE(p.bytes.total(), bytes[i]);
            QCOMPARE(implied.points.at(i).unit, p.unit);
            ROOFLAB_COMPARE_DOUBLE(implied.points.at(i).peakFlops, p.peakFlops);
        }
    }

    void vectorPassOnADeviceWithOnlyBf16VectorUnitsStaysThere()
    {
        // Gaudi 3 lists vector BF16 28.7 TFLOP/s, no vector FP32 and no vector FP8, and a
        // matrix FP8 roof of 1835 TFLOP/s. Under W8A8 FP8 and W4A4 FP4 the norm computes in
        // BF16 on its vector units, as under the BF16 button, never on the matrix roof.
        // RMSNorm at B = 16 over 8192: W = 5 x 131,072 = 655,360 FLOP in every scheme;
        // Q = (2 x 131,072 + 8192 gamma) x (activation bytes) = 270,336 x bytes: 540,672 B
        // at BF16 (2), 270,336 B at FP8 (1), and 152,064 B at NVFP4, whose 4-bit elements
        // carry an 8-bit scale per 16: (4 + 8 / 16) / 8 = 0.5625 byte.
        const struct
        {
            PrecisionScheme precision;
            double bytes;
        } cases[] = {{bf16Button, 540672}, {w8a8Button, 270336}, {w4a4Button, 152064}};
        for (const auto &c : cases) {
            const Analysis a =
                evaluate(m_catalog, scenarioOf({s("gaudi3")}, {rmsNorm()}, c.precision));
            const PointAnalysis *p = onlyPoint(a);
            QVERIFY(p);
            QCOMPARE(p->unit, UnitKind::Vector);
            QCOMPARE(p->math, s("bf16"));
            ROOFLAB_COMPARE_DOUBLE(p->peakFlops, 28.7e12);
            ROOFLAB_COMPARE_DOUBLE(p->flops, 655360);
            ROOFLAB_COMPARE_DOUBLE(p->bytes.total(), c.bytes);
            // Up-converting an implied math is silent, as in FP32 on the H100.
            QVERIFY(!p->fellBack);
            QVERIFY(p->badge.isEmpty());
            for (const ComputeRoof &roof : a.devices.first().compute)
                QVERIFY(!roof.usedByPoints || roof.unit == UnitKind::Vector);
        }
    }

    void gemmStillTakesTheSchemeMath()
    {
        // The matrix side keeps the scheme's math: FP8 1979 TFLOP/s on the H100.
        const Analysis a =
            evaluate(m_catalog, scenarioOf({s("h100-sxm5")}, {decodeGemm()}, w8a8Button));
        const PointAnalysis *p = onlyPoint(a);
        QVERIFY(p);
        QCOMPARE(p->unit, UnitKind::Matrix);
        QCOMPARE(p->math, s("fp8"));
        ROOFLAB_COMPARE_DOUBLE(p->peakFlops, 1979e12);
    }

    void deviceWithoutFp4RunsBf16WithABadge()
    {
        // NVFP4 stores (4 + 8/16) / 8 = 0.5625 byte per element. Decode GEMM d = f = 4096 at
        // B = 16: W = 2 x 16 x 4096 x 4096 = 536,870,912 FLOP; Q = 4096 x 4096 x 0.5625 +
        // 16 x 8192 x 0.5625 = 9,437,184 + 73,728 = 9,510,912 B. The H100 has no FP4: it
        // dequantises and multiplies on its BF16 matrix roof, 989.5 TFLOP/s.
        const Analysis a =
            evaluate(m_catalog, scenarioOf({s("h100-sxm5")}, {decodeGemm()}, w4a4Button));
        QVERIFY(a.problems.isEmpty());
        const PointAnalysis *p = onlyPoint(a);
        QVERIFY(p);
        QCOMPARE(p->unit, UnitKind::Matrix);
        QCOMPARE(p->math, s("bf16"));
        ROOFLAB_COMPARE_DOUBLE(p->peakFlops, 989.5e12);
        ROOFLAB_COMPARE_DOUBLE(p->flops, 536870912);
        ROOFLAB_COMPARE_DOUBLE(p->bytes.total(), 9510912);
        QVERIFY(p->fellBack);
        QCOMPARE(p->badge, s("no FP4: runs BF16"));
        QVERIFY2(p->note.contains(s("no fp4 ceiling")), qPrintable(p->note));
        // The B200 has FP4 (9000 TFLOP/s): no badge.
        const Analysis b = evaluate(m_catalog, scenarioOf({s("b200")}, {decodeGemm()}, w4a4Button));
        const PointAnalysis *q = onlyPoint(b);
        QVERIFY(q);
        QCOMPARE(q->math, s("fp4"));
        ROOFLAB_COMPARE_DOUBLE(q->peakFlops, 9000e12);
        QVERIFY(!q->fellBack);
        QVERIFY(q->badge.isEmpty());
    }

    void w4a4OnMixedDevicesKeepsEveryPoint()
    {
        // Four devices x (GEMM + RMSNorm) = 8 points, none dropped. BF16 matrix peaks:
        // H100 989.5, H200 989.5, MI300X 1307.4 TFLOP/s; B200 FP4 9000. Norms: vector FP32
        // 67, 67, 163.4, 75.
        const QStringList devices = {s("h100-sxm5"), s("h200-sxm"), s("mi300x"), s("b200")};
        const Analysis a =
            evaluate(m_catalog, scenarioOf(devices, {decodeGemm(), rmsNorm()}, w4a4Button));
        QVERIFY2(a.problems.isEmpty(), qPrintable(a.problems.join(QLatin1Char(';'))));
        QCOMPARE(a.points.size(), 8);
        const double gemmPeak[] = {989.5e12, 989.5e12, 1307.4e12, 9000e12};
        const double normPeak[] = {67e12, 67e12, 163.4e12, 75e12};
        for (int d = 0; d < 4; ++d) {
            const PointAnalysis *gemm = a.point(devices.at(d), s("decode-gemm"));
            const PointAnalysis *rms = a.point(devices.at(d), s("rmsnorm"));
            QVERIFY(gemm);
            QVERIFY(rms);
            ROOFLAB_COMPARE_DOUBLE(gemm->peakFlops, gemmPeak[d]);
            ROOFLAB_COMPARE_DOUBLE(rms->peakFlops, normPeak[d]);
            QCOMPARE(rms->unit, UnitKind::Vector);
            QCOMPARE(gemm->badge.isEmpty(), d == 3);
        }
    }

    void noCeilingAtAllIsAProblemNotASilentGap()
    {
        // A device with only an FP64 vector roof has nothing a BF16 GEMM could use, not even
        // a wider format from the list (BF16, FP16, FP32): the analysis names the gap.
        Catalog catalog = Catalog::builtin();
        const QByteArray device = R"({"schema": "rooflab-device", "version": 1,
            "id": "fp64-only", "name": "FP64 Only", "vendor": "Test", "year": 2024,
            "memory_capacity_gb": 16, "source": "made up for a test",
            "memory": [{"level": "main", "name": "DDR", "bandwidth_tbps": 0.1}],
            "compute": [{"unit": "vector", "math": "fp64", "tflops": 1}]})";
        catalog.loadBytes(device, s("fp64-only.json"));
        QVERIFY(catalog.device(s("fp64-only")));
        const Analysis a =
            evaluate(catalog, scenarioOf({s("fp64-only")}, {decodeGemm()}, bf16Button));
        QVERIFY(a.points.isEmpty());
        QCOMPARE(a.problems.size(), 1);
        QVERIFY2(a.problems.first().contains(s("FP64 Only")), qPrintable(a.problems.first()));
        QVERIFY2(a.problems.first().contains(s("no bf16 ceiling")), qPrintable(a.problems.first()));
    }

    void namedVectorMathUpConvertsAndSaysSo()
    {
        // An operator that names its own math keeps it; without a vector ceiling there the
        // pass still runs on vector FP32, with a note.
        OperatorSpec op = rmsNorm();
        op.math = s("bf16");
        const Analysis a = evaluate(m_catalog, scenarioOf({s("h100-sxm5")}, {op}, bf16Button));
        const PointAnalysis *p = onlyPoint(a);
        QVERIFY(p);
        QCOMPARE(p->unit, UnitKind::Vector);
        ROOFLAB_COMPARE_DOUBLE(p->peakFlops, 67e12);
        QVERIFY(p->fellBack);
        QVERIFY2(p->note.contains(s("no vector bf16 ceiling")), qPrintable(p->note));
    }
};

QTEST_GUILESS_MAIN(TestWhichRoof)
#include "tst_whichroof.moc"
