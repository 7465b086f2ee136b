// What-if devices: `rooflab device derive` writes a preset that loads as a device, with the
// figures it was asked for and everything else of the device it started from.
#include "catalog.h"
#include "devicederive.h"
#include "jsonreader.h"
#include "presetparser.h"
#include "runrooflab.h"
#include "testhelpers.h"

#include <QDir>
#include <QFile>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QTemporaryDir>
#include <QTest>

using namespace rooflab;

namespace {

QString s(const char *text)
{
    return QString::fromUtf8(text);
}

} // namespace

class TestDeviceDerive : public QObject
{
    Q_OBJECT

    QTemporaryDir m_dir;
    const Catalog m_catalog = Catalog::builtin();

    rooflab::test::Run rooflab(const QStringList &arguments)
    {
        return rooflab::test::runRooflab(s(ROOFLAB_EXE), arguments, m_dir.path(), 60000);
    }

private Q_SLOTS:
    void twiceTheBandwidthHalvesTheRidge()
    {
        const Device *h100 = m_catalog.device(s("h100-sxm5"));
        QVERIFY(h100);
        const Device derived = deriveDevice(*h100, {.bandwidth = 6.7e12});
        QCOMPARE(derived.id, s("h100-sxm5-whatif"));
        QCOMPARE(derived.name, s("NVIDIA H100 SXM5 80GB (what-if: bandwidth 6.7 TB/s)"));
        QVERIFY(
            derived.source.startsWith(s("derived from h100-sxm5, what-if: bandwidth 6.7 TB/s")));
        const MemoryLevel *main = derived.memoryLevel(s("main"));
        ROOFLAB_COMPARE_DOUBLE(main->bandwidth, 6.7e12);
        // The BF16 matrix ridge: 989.5e12 / 3.35e12 = 295.37 FLOP/B on the H100, and
        // 989.5e12 / 6.7e12 = 147.69 FLOP/B with twice the bandwidth.
        const ComputeCeiling *bf16 = derived.ceiling(UnitKind::Matrix, s("bf16"));
        ROOFLAB_COMPARE_NEAR(bf16->peakFlops / main->bandwidth, 147.6865672, 1e-9);
        ROOFLAB_COMPARE_NEAR(bf16->peakFlops / h100->memoryLevel(s("main"))->bandwidth, 295.3731343,
                             1e-9);
        // Everything not edited is the H100's.
        QCOMPARE(derived.compute.size(), h100->compute.size());
        QCOMPARE(derived.capacityBytes, h100->capacityBytes);
        QCOMPARE(derived.interconnect, h100->interconnect);
    }

    void peaksReplaceOrAdd()
    {
        const Device *a100 = m_catalog.device(s("a100-sxm4-80gb"));
        QVERIFY(a100);
        QVERIFY(!a100->ceiling(UnitKind::Matrix, s("fp8"))); // no FP8 on an A100
        const Device derived = deriveDevice(
            *a100,
            {.peaks =
                 {{.unit = UnitKind::Matrix, .math = s("bf16"), .peakFlops = 624e12, .source = {}},
                  {.unit = UnitKind::Matrix, .math = s("fp8"), .peakFlops = 1248e12, .source = {}}},
             .id = s("a100-fp8")});
        QCOMPARE(derived.id, s("a100-fp8"));
        // 312 TFLOP/s BF16 doubled to 624, FP8 added: one ceiling more than the A100's.
        ROOFLAB_COMPARE_DOUBLE(derived.ceiling(UnitKind::Matrix, s("bf16"))->peakFlops, 624e12);
        ROOFLAB_COMPARE_DOUBLE(derived.ceiling(UnitKind::Matrix, s("fp8"))->peakFlops, 1248e12);
        QCOMPARE(derived.compute.size(), a100->compute.size() + 1);
        QCOMPARE(derived.ceiling(UnitKind::Matrix, s("fp8"))->source,
                 s("what-if edit of a100-sxm4-80gb"));
    }

    void presetReadsBackAsTheSameDevice()
    {
        const Device *mi300x = m_catalog.device(s("mi300x"));
        QVERIFY(mi300x);
        const Device derived = deriveDevice(*mi300x, {.capacityBytes = 256e9});
        JsonReader reader(s("derived.json"));
        const std::optional<Device> read = parseDevice(devicePresetJson(derived), reader);
        QVERIFY2(read && reader.ok(), qPrintable(reader.errors().join(s("; "))));
        QCOMPARE(read->id, derived.id);
        QCOMPARE(read->name, s("AMD Instinct MI300X (what-if: capacity 256 GB)"));
        ROOFLAB_COMPARE_DOUBLE(read->capacityBytes, 256e9);
        QCOMPARE(read->compute.size(), derived.compute.size());
        for (qsizetype i = 0; i < derived.compute.size(); ++i)
            ROOFLAB_COMPARE_DOUBLE(read->compute.at(i).peakFlops, derived.compute.at(i).peakFlops);
        ROOFLAB_COMPARE_DOUBLE(read->memoryLevel(s("main"))->bandwidth,
                               derived.memoryLevel(s("main"))->bandwidth);
        QCOMPARE(read->interconnect, derived.interconnect);
        QCOMPARE(read->achievable, derived.achievable);
    }

    void commandWritesAPresetTheAnalysisUses()
    {
        const QString folder = m_dir.filePath(s("presets"));
        QVERIFY(QDir().mkpath(folder));
        const QString file = folder + s("/h100-2xbw.json");
        auto run = rooflab({s("device"), s("derive"), s("h100-sxm5"), s("--bandwidth"), s("2x"),
                            s("--id"), s("h100-2xbw"), s("-o"), file});
        QVERIFY2(run.finished && run.exitCode == 0, run.err.constData());
        QVERIFY2(run.out.startsWith("wrote "), run.out.constData());
        // 1e12 FLOP over 1e9 B (1000 FLOP/B) on the copy: ridge 989.5e12 / 6.7e12 = 147.69.
        run = rooflab({s("analyze"), s("--device"), s("h100-2xbw"), s("--op"), s("custom"),
                       s("--flops"), s("1e12"), s("--bytes"), s("1e9"), s("--json"), s("--presets"),
                       folder});
        QVERIFY2(run.finished && run.exitCode == 0, run.err.constData());
        const QJsonObject point = QJsonDocument::fromJson(run.out).array().first().toObject();
        ROOFLAB_COMPARE_NEAR(point[s("ridge")].toDouble(), 147.6865672, 1e-9);
        ROOFLAB_COMPARE_NEAR(point[s("bandwidth")].toDouble(), 6.7e12, 1e-12);
    }

    void aWhatIfDeviceOnAnalyzeSitsBesideItsOriginal()
    {
        // 1e12 FLOP over 1e9 B: 1000 FLOP/B, compute-bound on both. Ridges 989.5e12 / 3.35e12
        // = 295.37 FLOP/B on the H100 and 989.5e12 / 6.7e12 = 147.69 with twice the bandwidth.
        const auto run = rooflab({s("analyze"), s("--device"), s("h100-sxm5"), s("--device"),
                                  s("h100-sxm5:bandwidth=2x"), s("--op"), s("custom"), s("--flops"),
                                  s("1e12"), s("--bytes"), s("1e9"), s("--json")});
        QVERIFY2(run.finished && run.exitCode == 0, run.err.constData());
        const QJsonArray points = QJsonDocument::fromJson(run.out).array();
        QCOMPARE(points.size(), 2);
        QCOMPARE(points.at(0)[s("device")].toString(), s("h100-sxm5"));
        QCOMPARE(points.at(1)[s("device")].toString(), s("h100-sxm5-whatif"));
        ROOFLAB_COMPARE_NEAR(points.at(0)[s("ridge")].toDouble(), 295.3731343, 1e-9);
        ROOFLAB_COMPARE_NEAR(points.at(1)[s("ridge")].toDouble(), 147.6865672, 1e-9);
    }

    void aWhatIfPeakAndCapacityOnCompare()
    {
        // Llama 3.1 70B in BF16 holds about 70.6e9 parameters, 141 GB of weights: more than the
        // H100's 80 GB less 10 % headroom (72 GB) at TP 1, less than 200 GB less 10 % (180 GB).
        const auto run = rooflab(
            {s("compare"), s("--model"), s("llama-3.1-70b"), s("--device"), s("h100-sxm5"),
             s("--device"), s("h100-sxm5:capacity=200GB,id=big"), s("--tp"), s("1"), s("--json")});
        QVERIFY2(run.finished && run.exitCode == 0, run.err.constData());
        const QJsonArray rows = QJsonDocument::fromJson(run.out).object()[s("rows")].toArray();
        QCOMPARE(rows.size(), 2);
        QCOMPARE(rows.at(0)[s("device")].toString(), s("h100-sxm5"));
        QCOMPARE(rows.at(0)[s("fits")].toBool(), false);
        QCOMPARE(rows.at(1)[s("device")].toString(), s("big"));
        QCOMPARE(rows.at(1)[s("device_name")].toString(),
                 s("NVIDIA H100 SXM5 80GB (what-if: capacity 200 GB)"));
        QCOMPARE(rows.at(1)[s("fits")].toBool(), true);
    }

    void aWhatIfDeviceIsExported()
    {
        const QString file = m_dir.filePath(s("whatif.svg"));
        const auto run =
            rooflab({s("export"), s("--device"), s("h100-sxm5:bandwidth=6.7TB/s"), s("--op"),
                     s("decode-gemm"), s("--d"), s("4096"), s("--f"), s("4096"), s("-o"), file});
        QVERIFY2(run.finished && run.exitCode == 0, run.err.constData());
        QFile svg(file);
        QVERIFY(svg.open(QIODevice::ReadOnly));
        QVERIFY(svg.readAll().contains("what-if"));
    }

    void badWhatIfArgumentsAreRefused_data()
    {
        QTest::addColumn<QString>("device");
        QTest::addColumn<QString>("message");
        QTest::newRow("unknown device")
            << s("h900:bandwidth=2x") << s("rooflab: --device: unknown device \"h900\"");
        QTest::newRow("no value") << s("h100-sxm5:bandwidth")
                                  << s("rooflab: --device: \"bandwidth\" is not KEY=VALUE");
        QTest::newRow("unknown edit")
            << s("h100-sxm5:speed=2x") << s("rooflab: --device: unknown edit \"speed\"");
        QTest::newRow("no figure")
            << s("h100-sxm5:name=Fast") << s("rooflab: --device: \"name=Fast\" changes no figure");
        QTest::newRow("no unit") << s("h100-sxm5:bandwidth=fast")
                                 << s("rooflab: --device bandwidth: \"fast\" is not a positive");
        QTest::newRow("bad peak")
            << s("h100-sxm5:peak=bf16=2x")
            << s("rooflab: --device peak: \"bf16=2x\" is not UNIT:MATH=VALUE");
        QTest::newRow("taken id") << s("h100-sxm5:bandwidth=2x,id=mi300x")
                                  << s("rooflab: --device id: \"mi300x\" is a device already");
    }

    void badWhatIfArgumentsAreRefused()
    {
        QFETCH(QString, device);
        QFETCH(QString, message);
        const auto run = rooflab({s("analyze"), s("--device"), device, s("--op"), s("custom"),
                                  s("--flops"), s("1e12"), s("--bytes"), s("1e9")});
        QVERIFY(run.finished);
        QCOMPARE(run.exitCode, 2);
        QVERIFY2(QString::fromUtf8(run.err).startsWith(message), run.err.constData());
    }

    void badEditsAreRefused_data()
    {
        QTest::addColumn<QStringList>("arguments");
        QTest::addColumn<QString>("message");
        const QStringList h100{s("device"), s("derive"), s("h100-sxm5")};
        QTest::newRow("no edit") << h100 << s("rooflab: device derive: say what changes");
        QTest::newRow("unknown device")
            << QStringList{s("device"), s("derive"), s("h900"), s("--bandwidth"), s("2x")}
            << s("rooflab: device derive: unknown device \"h900\"");
        QTest::newRow("no unit") << h100 + QStringList{s("--bandwidth"), s("6.7")}
                                 << s("rooflab: --bandwidth: \"6.7\" has no unit RoofLab knows");
        QTest::newRow("negative") << h100 + QStringList{s("--bandwidth"), s("-2x")}
                                  << s("rooflab: --bandwidth: \"-2x\" is not a positive figure");
        QTest::newRow("bad peak") << h100 + QStringList{s("--peak"), s("bf16=2x")}
                                  << s("rooflab: --peak: \"bf16=2x\" is not UNIT:MATH=VALUE");
        QTest::newRow("bad unit") << h100 + QStringList{s("--peak"), s("tensor:bf16=2x")}
                                  << s("rooflab: --peak: unit \"tensor\" must be matrix or vector");
        QTest::newRow("nothing to multiply")
            << QStringList{s("device"), s("derive"), s("a100-sxm4-80gb"), s("--peak"),
                           s("matrix:fp8=2x")}
            << s("rooflab: --peak: a100-sxm4-80gb has no matrix fp8 peak to multiply");
        QTest::newRow("taken id") << h100 + QStringList{s("--bandwidth"), s("2x"), s("--id"),
                                                        s("mi300x")}
                                  << s("rooflab: --id: \"mi300x\" is a device already");
        QTest::newRow("unknown action") << QStringList{s("device"), s("copy"), s("h100-sxm5")}
                                        << s("rooflab: device: unknown action \"copy\"");
    }

    void badEditsAreRefused()
    {
        QFETCH(QStringList, arguments);
        QFETCH(QString, message);
        const QString file = m_dir.filePath(s("refused.json"));
        const auto run = rooflab(arguments + QStringList{s("-o"), file});
        QVERIFY(run.finished);
        QCOMPARE(run.exitCode, 2);
        QVERIFY2(QString::fromUtf8(run.err).startsWith(message), run.err.constData());
        QVERIFY(!QFile::exists(file));
    }
};

QTEST_GUILESS_MAIN(TestDeviceDerive)
#include "tst_devicederive.moc"
