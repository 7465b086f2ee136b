// Measured kernels as chart points (docs/measured-data.md, "On the chart"): where they are
// drawn, how far below their roof, what the Diagnosis says, and how a scenario keeps them.
//
// The A100 SXM4 40GB preset: HBM2 1.555e12 B/s, L2 7.2e12 B/s, highest floating-point peak
// BF16 matrix 312e12 FLOP/s (a kernel whose file gives no precision answers to it).
#include "catalog.h"
#include "diagnosis.h"
#include "measuredpoints.h"
#include "scenarioanalysis.h"
#include "scenariofile.h"
#include "testhelpers.h"

#include <QTest>

using namespace rooflab;

namespace {

const QString a100 = QStringLiteral("a100-sxm4-40gb");

MeasuredKernel kernel(const char *name, double flops, double time, LevelBytes bytes,
                      const QString &device = {})
{
    MeasuredKernel k;
    k.name = QString::fromUtf8(name);
    k.launches = 2;
    k.flops = flops;
    k.timeS = time;
    k.bytes = bytes;
    k.device = device;
    return k;
}

// A GEMM that moved 100 MB at DRAM and 200 MB at L2, and a stream that moved 2.4 GB.
Scenario twoKernels()
{
    Scenario s;
    s.devices = {a100};
    s.measured = {kernel("void gemm_128<float, 4>(float const*, float*)", 4e9, 4e-3,
                         {.dram = 100e6, .l2 = 200e6, .l1 = {}}),
                  kernel("stream_triad", 1e8, 2e-3, {.dram = 2.4e9, .l2 = {}, .l1 = {}})};
    return s;
}

const PointAnalysis *pointOf(const Analysis &a, const QString &id)
{
    return a.point(a100, id);
}

} // namespace

class TestMeasuredPoints : public QObject
{
    Q_OBJECT

    const Catalog m_catalog = Catalog::builtin();

private Q_SLOTS:
    void shortNamesDropWhatALabelCannotHold()
    {
        QCOMPARE(shortKernelName(QStringLiteral("void gemm_128<float, 4>(float const*, float*)")),
                 QStringLiteral("gemm_128<…>"));
        QCOMPARE(shortKernelName(QStringLiteral("ampere_sgemm_128x64_nn")),
                 QStringLiteral("ampere_sgemm_128x64_nn"));
        // Nested template arguments collapse once, at the outermost pair.
        QCOMPARE(shortKernelName(QStringLiteral("cutlass::Kernel<cutlass::gemm::Gemm<float, "
                                                "cutlass::layout<1>>>(Params)")),
                 QStringLiteral("cutlass::Kernel<…>"));
        // Past 40 characters the middle goes: the first 16 and the last 23 stay.
        QCOMPARE(shortKernelName(QStringLiteral("sm90_xmma_gemm_bf16bf16_bf16f32_f32_tn_n_"
                                                "tilesize64x128x64_warpgroupsize1x1x1(Params)")),
                 QStringLiteral("sm90_xmma_gemm_b…8x64_warpgroupsize1x1x1"));
        QCOMPARE(
            shortKernelName(QStringLiteral("sm90_xmma_gemm_b…28x64_warpgroupsize1x1x1")).size(),
            40);
    }

    void kernelsOfOneDeviceKeepDistinctNames()
    {
        // Two wrappers that collapse alike keep their outer template arguments; two kernels of
        // the same name are numbered.
        Scenario s;
        s.devices = {a100};
        const LevelBytes bytes{.dram = 1e6, .l2 = {}, .l1 = {}};
        s.measured = {kernel("cutlass::Kernel2<gemm_64x64<float>>(Params)", 1e9, 1e-3, bytes),
                      kernel("cutlass::Kernel2<gemm_128x64<float>>(Params)", 1e9, 1e-3, bytes),
                      kernel("relu(float*)", 1e6, 1e-4, bytes),
                      kernel("relu(double*)", 1e6, 1e-4, bytes)};
        const ScenarioAnalysis a = analyzeScenario(m_catalog, s);
        QStringList names;
        for (const PointAnalysis &p : a.chart.points)
            names.append(p.operatorName);
        QCOMPARE(names, QStringList({QStringLiteral("cutlass::Kernel2<gemm_64x64<…>>"),
                                     QStringLiteral("cutlass::Kernel2<gemm_128x64<…>>"),
                                     QStringLiteral("relu (1)"), QStringLiteral("relu (2)")}));
    }

    void eachLevelIsAPointAtTheAchievedFlops()
    {
        // The GEMM: 4e9 FLOP in 4e-3 s = 1e12 FLOP/s achieved. Intensity 4e9 / 100e6 = 40
        // FLOP/B at DRAM, 4e9 / 200e6 = 20 at L2. Roofs: DRAM 1.555e12 * 40 = 62.2e12, L2
        // 7.2e12 * 20 = 144e12, both under the 312e12 peak: the lowest, DRAM's, is above it,
        // and 1e12 / 62.2e12 = 1.6077 % of it.
        const ScenarioAnalysis a = analyzeScenario(m_catalog, twoKernels());
        QCOMPARE(a.chart.points.size(), 3);
        const PointAnalysis *dram = pointOf(a.chart, QStringLiteral("measured-0-dram"));
        const PointAnalysis *l2 = pointOf(a.chart, QStringLiteral("measured-0-l2"));
        QVERIFY(dram && l2 && dram->measured && l2->measured);
        QCOMPARE(dram->operatorName, QStringLiteral("gemm_128<…>"));
        QCOMPARE(l2->operatorName, QStringLiteral("gemm_128<…> · L2"));
        ROOFLAB_COMPARE_DOUBLE(dram->intensity, 40.0);
        ROOFLAB_COMPARE_DOUBLE(l2->intensity, 20.0);
        ROOFLAB_COMPARE_DOUBLE(dram->attainableFlops, 1e12);
        ROOFLAB_COMPARE_DOUBLE(l2->attainableFlops, 1e12);
        QVERIFY(dram->measured->outermost && !l2->measured->outermost);
        ROOFLAB_COMPARE_DOUBLE(*dram->measured->roofFlops, 62.2e12);
        ROOFLAB_COMPARE_NEAR(*dram->measured->pctOfRoof, 100.0 / 62.2, 1e-9);
        QCOMPARE(dram->measured->boundLevel, QStringLiteral("dram"));
        // 4e-3 of the 6e-3 s measured on the A100; the slowest.
        ROOFLAB_COMPARE_NEAR(dram->measured->timeShare, 4.0 / 6.0, 1e-12);
        QCOMPARE(dram->measured->rank, 0);

        // The stream: 1e8 FLOP in 2e-3 s = 5e10 FLOP/s over 1e8 / 2.4e9 = 0.041667 FLOP/B;
        // its roof 1.555e12 / 24 = 6.47917e10, so 77.17 % of it; the second slowest.
        const PointAnalysis *triad = pointOf(a.chart, QStringLiteral("measured-1-dram"));
        QVERIFY(triad && triad->measured);
        ROOFLAB_COMPARE_DOUBLE(triad->intensity, 1.0 / 24.0);
        ROOFLAB_COMPARE_NEAR(*triad->measured->pctOfRoof, 100.0 * 5e10 * 24.0 / 1.555e12, 1e-9);
        QCOMPARE(triad->measured->rank, 1);
    }

    void theDiagnosisSaysHowFarBelowItsRoof()
    {
        // 77.17 % of its roof: the code could run up to 100 / 77.17 = 1.3 times faster.
        const ScenarioAnalysis a = analyzeScenario(m_catalog, twoKernels());
        const PointDiagnosis d = diagnose(a.chart, a100, QStringLiteral("measured-1-dram"));
        QVERIFY(d.measured);
        QVERIFY2(d.explanation.startsWith(QStringLiteral(
                     "Measured at 50 GFLOP/s, 77.2 % of its roof (64.79 GFLOP/s, the DRAM "
                     "bandwidth at its DRAM intensity). The code, not the hardware, is the "
                     "limit: the same work could run up to 1.3× faster on this device.")),
                 qPrintable(d.explanation));
        // 2e-3 of 6e-3 s.
        QVERIFY2(d.explanation.contains(QStringLiteral("33.3 % of the time measured")),
                 qPrintable(d.explanation));
        QVERIFY(!d.explanation.contains(QStringLiteral("ridge")));
    }

    void kernelsOfADeviceNotShownAreCounted()
    {
        // A file that names a device puts its kernels there; one the chart does not show is
        // left out, and said.
        Scenario s = twoKernels();
        s.measured.append(kernel("other", 1e9, 1e-3, {.dram = 1e9, .l2 = {}, .l1 = {}},
                                 QStringLiteral("h100-sxm5")));
        const ScenarioAnalysis a = analyzeScenario(m_catalog, s);
        QCOMPARE(a.chart.points.size(), 3);
        QVERIFY2(a.chart.warnings.contains(QStringLiteral(
                     "1 measured kernel ran on \"h100-sxm5\", which the chart does not show")),
                 qPrintable(a.chart.warnings.join(QLatin1Char('\n'))));
        // Shown, it is drawn there, and the first device keeps the kernels naming none.
        s.devices.append(QStringLiteral("h100-sxm5"));
        const ScenarioAnalysis both = analyzeScenario(m_catalog, s);
        QVERIFY(both.chart.point(QStringLiteral("h100-sxm5"), QStringLiteral("measured-2-dram")));
        QVERIFY(!both.chart.point(QStringLiteral("h100-sxm5"), QStringLiteral("measured-0-dram")));
        QVERIFY(both.chart.warnings.isEmpty());
    }

    void aModelsStepIsNotChangedByThem()
    {
        // The kernels are drawn beside the model's classes; the step's figures are the same.
        Scenario s = twoKernels();
        s.model = QStringLiteral("llama-3.1-8b");
        Scenario without = s;
        without.measured.clear();
        const ScenarioAnalysis with = analyzeScenario(m_catalog, s);
        const ScenarioAnalysis plain = analyzeScenario(m_catalog, without);
        ROOFLAB_COMPARE_DOUBLE(with.models.first().totals.stepTime,
                               plain.models.first().totals.stepTime);
        QCOMPARE(with.chart.points.size(), plain.chart.points.size() + 3);
    }

    void aScenarioFileKeepsThem()
    {
        Scenario s = twoKernels();
        s.measured.first().flopsByMath.insert(QStringLiteral("fp32"), 4e9);
        const QByteArray bytes = writeScenarioFile(s, Presentation{});
        QStringList errors;
        const std::optional<ScenarioDocument> read =
            readScenarioFile(bytes, QStringLiteral("kept.rooflab.json"), m_catalog, &errors);
        QVERIFY2(read, qPrintable(errors.join(QLatin1Char('\n'))));
        QCOMPARE(read->scenario.measured, s.measured);
    }

    void aScenarioFileRefusesBadMeasuredFields_data()
    {
        QTest::addColumn<QByteArray>("entry");
        QTest::addColumn<QString>("message");
        QTest::newRow("unknown field")
            << QByteArray(R"({"name": "k", "flops": 1, "time": 1, "time_s": 1,
                              "bytes_by_level": {"dram": 1}})")
            << QStringLiteral("bad.json: scenario.measured[0].time: unknown field");
        QTest::newRow("no bytes") << QByteArray(R"({"name": "k", "flops": 1, "time_s": 1})")
                                  << QStringLiteral(
                                         "bad.json: scenario.measured[0].bytes_by_level: "
                                         "missing");
        QTest::newRow("zero time")
            << QByteArray(R"({"name": "k", "flops": 1, "time_s": 0, "bytes_by_level": {"l2": 1}})")
            << QStringLiteral("bad.json: scenario.measured[0].time_s: must be greater than zero");
        QTest::newRow("unknown level")
            << QByteArray(R"({"name": "k", "flops": 1, "time_s": 1, "bytes_by_level": {"l3": 1}})")
            << QStringLiteral("bad.json: scenario.measured[0].bytes_by_level.l3: unknown field");
    }

    void aScenarioFileRefusesBadMeasuredFields()
    {
        QFETCH(QByteArray, entry);
        QFETCH(QString, message);
        const QByteArray file = R"({"schema": "rooflab-scenario", "version": 1, "scenario": {
            "devices": ["a100-sxm4-40gb"], "operators": [], "measured": [)" +
                                entry + "]}}";
        QStringList errors;
        QVERIFY(!readScenarioFile(file, QStringLiteral("bad.json"), m_catalog, &errors));
        QVERIFY2(!errors.isEmpty() && errors.first().startsWith(message),
                 qPrintable(errors.join(QLatin1Char('\n'))));
    }
};

QTEST_GUILESS_MAIN(TestMeasuredPoints)
#include "tst_measuredpoints.moc"
