// rocprof-compute: pmc_perf.csv dispatches (time, FLOPs, bytes per level) and roofline.csv
// ceilings, and every bad input named by file, line, column and reason.
#include "rocprofimport.h"
#include "rocprofroofline.h"
#include "testhelpers.h"

#include <QFile>
#include <QTest>

using namespace rooflab;

namespace {

const QString file = QStringLiteral("pmc_perf.csv");

const QByteArray smallHeader = "Kernel_Name,Start_Timestamp,End_Timestamp,SQ_INSTS_VALU_FMA_F64\n";

} // namespace

class TestRocprofImport : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void dispatchesGroupedByName();
    void matrixCoreOperations();
    void cacheLineSize();
    void recognisesItsFiles();
    void missingColumn();
    void endBeforeStart();
    void unparsableNumberAndRestLoads();
    void sizedRequestsAboveTotal();
    void rooflineCeilings();
    void rooflineBadValue();
    void rooflineNotThisFormat();
};

void TestRocprofImport::dispatchesGroupedByName()
{
    const MeasuredImport imported =
        importRocprofPmc(file, rooflab::test::measuredDataFile("rocprof-pmc_perf.csv"));
    QVERIFY2(imported.problems.isEmpty(), qPrintable(imported.problems.value(0).text()));
    QCOMPARE(imported.kernels.size(), 2);
    const MeasuredKernel &axpy = imported.kernels.at(0);
    QCOMPARE(axpy.name, QStringLiteral("axpy_kernel(float, float*)"));
    QCOMPARE(axpy.launches, 2);
    // Dispatch 0: 64 × (mul 1,000 + 2 × fma 2,000) = 320,000 FLOP in 1,010,000 − 1,000,000
    // = 10,000 ns; dispatch 2: 64 × (3,000 + 2 × 6,000) = 960,000 FLOP in 30,000 ns.
    ROOFLAB_COMPARE_DOUBLE(axpy.flops, 1280000);
    ROOFLAB_COMPARE_DOUBLE(axpy.timeS, 40000e-9);
    QCOMPARE(axpy.dominantMath(), QStringLiteral("fp32"));
    // L2: 64 × (3,000 + 1,000) + 64 × (9,000 + 3,000) = 256,000 + 768,000 = 1,024,000 B.
    ROOFLAB_COMPARE_DOUBLE(axpy.bytes.l2.value_or(-1), 1024000);
    // L1: 64 × 8,000 + 64 × 24,000 = 2,048,000 B.
    ROOFLAB_COMPARE_DOUBLE(axpy.bytes.l1.value_or(-1), 2048000);
    // HBM, dispatch 0: 32 × 100 + 64 × (2,100 − 100) + 64 × 900 + 32 × (1,000 − 900)
    // = 3,200 + 128,000 + 57,600 + 3,200 = 192,000 B; dispatch 2: 9,600 + 384,000 + 172,800
    // + 9,600 = 576,000 B; together 768,000 B.
    ROOFLAB_COMPARE_DOUBLE(axpy.bytes.dram.value_or(-1), 768000);
    QVERIFY(imported.notes.join(u' ').contains(QStringLiteral("64 bytes per request")));
}

void TestRocprofImport::matrixCoreOperations()
{
    const MeasuredImport imported =
        importRocprofPmc(file, rooflab::test::measuredDataFile("rocprof-pmc_perf.csv"));
    QCOMPARE(imported.kernels.size(), 2);
    const MeasuredKernel &gemm = imported.kernels.at(1);
    // 512 × MFMA_MOPS_BF16 40,000 = 20,480,000 BF16 FLOP, + 64 × add 10 = 640 FP32 FLOP.
    ROOFLAB_COMPARE_DOUBLE(gemm.flopsByMath.value(QStringLiteral("bf16")), 20480000);
    ROOFLAB_COMPARE_DOUBLE(gemm.flops, 20480640);
    QCOMPARE(gemm.dominantMath(), QStringLiteral("bf16"));
    // 2,050,000 − 2,000,000 = 50,000 ns.
    ROOFLAB_COMPARE_DOUBLE(gemm.timeS, 50000e-9);
    // HBM: 32 × 0 + 64 × 20,000 + 64 × 5,000 + 32 × 0 = 1,600,000 B.
    ROOFLAB_COMPARE_DOUBLE(gemm.bytes.dram.value_or(-1), 1600000);
}

void TestRocprofImport::cacheLineSize()
{
    const MeasuredImport imported = importRocprofPmc(
        file, rooflab::test::measuredDataFile("rocprof-pmc_perf.csv"), {.cacheLineBytes = 128});
    QCOMPARE(imported.kernels.size(), 2);
    // 128 × (4,000 + 12,000) = 2,048,000 B at L2; HBM counts its own sizes: still 768,000.
    ROOFLAB_COMPARE_DOUBLE(imported.kernels.at(0).bytes.l2.value_or(-1), 2048000);
    ROOFLAB_COMPARE_DOUBLE(imported.kernels.at(0).bytes.dram.value_or(-1), 768000);
}

void TestRocprofImport::recognisesItsFiles()
{
    QVERIFY(looksLikeRocprofPmc(rooflab::test::measuredDataFile("rocprof-pmc_perf.csv")));
    QVERIFY(!looksLikeRocprofPmc(rooflab::test::measuredDataFile("rocprof-roofline.csv")));
    QVERIFY(looksLikeRocprofRoofline(rooflab::test::measuredDataFile("rocprof-roofline.csv")));
    QVERIFY(!looksLikeRocprofRoofline(rooflab::test::measuredDataFile("rocprof-pmc_perf.csv")));
    QVERIFY(!looksLikeRocprofPmc(rooflab::test::measuredDataFile("kernels.csv")));
}

void TestRocprofImport::missingColumn()
{
    const MeasuredImport imported =
        importRocprofPmc(file, "Kernel_Name,Start_Timestamp,SQ_INSTS_VALU_FMA_F64\nk,1,2\n");
    QCOMPARE(imported.problems.size(), 1);
    QVERIFY2(imported.problems.at(0).text().startsWith(
                 QStringLiteral("pmc_perf.csv:1: End_Timestamp: required column missing")),
             qPrintable(imported.problems.at(0).text()));
    QVERIFY(imported.kernels.isEmpty());
}

void TestRocprofImport::endBeforeStart()
{
    const MeasuredImport imported = importRocprofPmc(file, smallHeader + "k,500,400,1\n");
    QCOMPARE(imported.problems.size(), 1);
    const ImportProblem &p = imported.problems.at(0);
    QCOMPARE(p.line, 2);
    QCOMPARE(p.column, 3);
    QCOMPARE(p.field, QStringLiteral("End_Timestamp"));
    QVERIFY2(p.reason.contains(QStringLiteral("after Start_Timestamp")), qPrintable(p.reason));
}

void TestRocprofImport::unparsableNumberAndRestLoads()
{
    const MeasuredImport imported =
        importRocprofPmc(file, smallHeader + "a,100,200,1O\nb,100,300,10\n");
    QCOMPARE(imported.problems.size(), 1);
    const ImportProblem &p = imported.problems.at(0);
    QCOMPARE(p.line, 2);
    QCOMPARE(p.column, 4);
    QCOMPARE(p.field, QStringLiteral("SQ_INSTS_VALU_FMA_F64"));
    QVERIFY(p.reason.contains(QStringLiteral("not a number")));
    QCOMPARE(imported.kernels.size(), 1);
    // b: 64 × 2 × 10 = 1,280 FP64 FLOP in 300 − 100 = 200 ns.
    ROOFLAB_COMPARE_DOUBLE(imported.kernels.at(0).flops, 1280);
    ROOFLAB_COMPARE_DOUBLE(imported.kernels.at(0).timeS, 200e-9);
}

void TestRocprofImport::sizedRequestsAboveTotal()
{
    const MeasuredImport imported = importRocprofPmc(
        file, "Kernel_Name,Start_Timestamp,End_Timestamp,SQ_INSTS_VALU_FMA_F32,"
              "TCC_EA_RDREQ_32B_sum,TCC_EA_RDREQ_sum,TCC_EA_WRREQ_64B_sum,TCC_EA_WRREQ_sum\n"
              "k,0,10,1,50,40,0,0\n");
    QCOMPARE(imported.problems.size(), 1);
    QCOMPARE(imported.problems.at(0).column, 5);
    QVERIFY(imported.problems.at(0).reason.contains(QStringLiteral("more sized requests")));
}

void TestRocprofImport::rooflineCeilings()
{
    const MeasuredImport imported = importRocprofRoofline(
        QStringLiteral("roofline.csv"), rooflab::test::measuredDataFile("rocprof-roofline.csv"));
    QVERIFY2(imported.problems.isEmpty(), qPrintable(imported.problems.value(0).text()));
    QVERIFY(imported.device);
    const MeasuredDevice &d = *imported.device;
    QCOMPARE(d.name, QStringLiteral("rocprof-compute GPU 0"));
    // 1,400 GB/s = 1.4e12 B/s HBM; 5,000 → 5e12 L2; 11,000 → 1.1e13 L1; 20,000 → 2e13 LDS.
    QCOMPARE(d.bandwidths.size(), 4);
    QCOMPARE(d.bandwidths.at(0).first, QStringLiteral("HBM"));
    ROOFLAB_COMPARE_DOUBLE(d.bandwidths.at(0).second, 1.4e12);
    ROOFLAB_COMPARE_DOUBLE(d.bandwidths.at(3).second, 2e13);
    // 40,000 GFLOP/s = 4e13 FP32; 39,000 → 3.9e13 FP64; 300,000 → 3e14 MFMA BF16;
    // 600,000 Gop/s → 6e14 MFMA I8.
    QCOMPARE(d.peaks.size(), 4);
    ROOFLAB_COMPARE_DOUBLE(d.peaks.at(0).second, 4e13);
    QCOMPARE(d.peaks.at(2).first, QStringLiteral("MFMA BF16"));
    ROOFLAB_COMPARE_DOUBLE(d.peaks.at(2).second, 3e14);
    ROOFLAB_COMPARE_DOUBLE(d.peaks.at(3).second, 6e14);
}

void TestRocprofImport::rooflineBadValue()
{
    const MeasuredImport imported = importRocprofRoofline(
        QStringLiteral("roofline.csv"), "device,HBMBw,L2Bw,FP32Flops\n0,fast,5000,0\n");
    QCOMPARE(imported.problems.size(), 2);
    QCOMPARE(imported.problems.at(0).text(),
             QStringLiteral("roofline.csv:2:2: HBMBw: \"fast\" is not a number"));
    QCOMPARE(imported.problems.at(1).column, 4);
    QVERIFY(imported.problems.at(1).reason.contains(QStringLiteral("greater than zero")));
    // L2 still loads: 5,000 GB/s = 5e12 B/s.
    QVERIFY(imported.device);
    QCOMPARE(imported.device->bandwidths.size(), 1);
    ROOFLAB_COMPARE_DOUBLE(imported.device->bandwidths.at(0).second, 5e12);
}

void TestRocprofImport::rooflineNotThisFormat()
{
    const MeasuredImport imported = importRocprofRoofline(
        QStringLiteral("roofline.csv"), rooflab::test::measuredDataFile("kernels.csv"));
    QCOMPARE(imported.problems.size(), 1);
    QVERIFY(imported.problems.at(0).reason.contains(QStringLiteral("not a rocprof-compute")));
    QVERIFY(!imported.device);
}

QTEST_GUILESS_MAIN(TestRocprofImport)
#include "tst_rocprofimport.moc"
