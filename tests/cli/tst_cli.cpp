// The `rooflab` command line, run as a separate process: exit statuses, messages and the
// figures of `analyze --json` against values derived by hand.
#include "runrooflab.h"
#include "testhelpers.h"

#include <QDir>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QProcess>
#include <QRegularExpression>
#include <QTemporaryDir>
#include <QTest>

#include <cmath>

namespace {

// Relative tolerance for the hand-derived figures: far inside the 0.5% the figures must meet.
constexpr double tol = 1e-6;

// What one run of the executable printed and returned.
using rooflab::test::Run;

QStringList words(const char *line)
{
    return QString::fromLatin1(line).split(QLatin1Char(' '), Qt::SkipEmptyParts);
}

} // namespace

class TestCli : public QObject
{
    Q_OBJECT

private:
    Run run(const QStringList &arguments) const;
    // The single object `analyze ... --json` printed, or an empty object (test failed).
    QJsonObject analyzeOne(const QStringList &arguments) const;

    QTemporaryDir m_home; // an empty user data folder, so no user preset interferes
    QString m_data;

private Q_SLOTS:
    void initTestCase();
    void versionAndHelp();
    void listDevices();
    void analyze_data();
    void analyze();
    void ridgeBatchNever();
    void missingFormatRunsWiderWithABadge();
    void badArguments_data();
    void badArguments();
    void brokenPresetFolder();
    void goodPresetFolder();
};

Run TestCli::run(const QStringList &arguments) const
{
    return rooflab::test::runRooflab(QString::fromUtf8(ROOFLAB_EXE), arguments, m_home.path(),
                                     30000);
}

QJsonObject TestCli::analyzeOne(const QStringList &arguments) const
{
    const Run r = run(QStringList{QStringLiteral("analyze")} + arguments +
                      QStringList{QStringLiteral("--json")});
    if (!r.finished || r.exitCode != 0) {
        qWarning("exit %d: %s", r.exitCode, r.err.constData());
        return {};
    }
    QJsonParseError error;
    const QJsonDocument doc = QJsonDocument::fromJson(r.out, &error);
    if (!doc.isArray() || doc.array().size() != 1) {
        qWarning("not one JSON object: %s", r.out.constData());
        return {};
    }
    return doc.array().first().toObject();
}

void TestCli::initTestCase()
{
    QVERIFY(m_home.isValid());
    m_data = qEnvironmentVariable("ROOFLAB_TEST_DATA");
    QVERIFY2(!m_data.isEmpty(), "ROOFLAB_TEST_DATA is not set (run through ctest)");
}

void TestCli::versionAndHelp()
{
    Run r = run({QStringLiteral("--version")});
    QVERIFY(r.finished);
    QCOMPARE(r.exitCode, 0);
    QVERIFY2(r.out.startsWith("rooflab "), r.out.constData());
    QVERIFY(QString::fromUtf8(r.out).contains(QRegularExpression(QStringLiteral("\\d+\\.\\d+"))));

    r = run({QStringLiteral("--help")});
    QCOMPARE(r.exitCode, 0);
    QVERIFY(r.out.contains("analyze"));
    QVERIFY(r.out.contains("list"));

    r = run({QStringLiteral("analyze"), QStringLiteral("--help")});
    QCOMPARE(r.exitCode, 0);
    QVERIFY(r.out.contains("--device"));
    QVERIFY(r.out.contains("--roof"));
    QVERIFY(r.err.isEmpty());
}

void TestCli::listDevices()
{
    const Run r = run(words("list devices --json"));
    QCOMPARE(r.exitCode, 0);
    QVERIFY2(r.err.isEmpty(), r.err.constData());
    const QJsonArray devices = QJsonDocument::fromJson(r.out).array();
    QStringList ids;
    bool cpu = false;
    for (const QJsonValue &value : devices) {
        const QJsonObject d = value.toObject();
        const QString id = d.value(QStringLiteral("id")).toString();
        ids.append(id);
        const QString name = d.value(QStringLiteral("name")).toString();
        cpu = cpu || name.contains(QStringLiteral("Xeon")) || name.contains(QStringLiteral("EPYC"));
        // Every figure carries its source.
        QVERIFY2(!d.value(QStringLiteral("source")).toString().isEmpty(), qPrintable(id));
        QVERIFY2(d.value(QStringLiteral("capacity_bytes")).toDouble() > 0, qPrintable(id));
        const QJsonArray memory = d.value(QStringLiteral("memory")).toArray();
        const QJsonArray compute = d.value(QStringLiteral("compute")).toArray();
        QVERIFY2(!memory.isEmpty() && !compute.isEmpty(), qPrintable(id));
        for (const QJsonValue &m : memory) {
            QVERIFY2(m[QStringLiteral("bandwidth")].toDouble() > 0, qPrintable(id));
            QVERIFY2(!m[QStringLiteral("source")].toString().isEmpty(), qPrintable(id));
        }
        for (const QJsonValue &c : compute) {
            QVERIFY2(c[QStringLiteral("peak_flops")].toDouble() > 0, qPrintable(id));
            QVERIFY2(!c[QStringLiteral("source")].toString().isEmpty(), qPrintable(id));
        }
        QVERIFY2(!d[QStringLiteral("achievable")][QStringLiteral("source")].toString().isEmpty(),
                 qPrintable(id));
    }
    const QStringList required = words("a100-sxm4-40gb a100-sxm4-80gb h100-sxm5 h100-pcie "
                                       "h200-sxm b200 gb200 l4 l40s rtx-4090 mi300x mi325x "
                                       "gaudi3 tpu-v5e tpu-v6e");
    for (const QString &id : required)
        QVERIFY2(ids.contains(id), qPrintable(id));
    QVERIFY2(cpu, "no server CPU listed");
    // SI units: H100 SXM5 at 3.35 TB/s = 3.35e12 B/s and 989.5 TFLOP/s bf16 = 9.895e14.
    const QJsonObject h100 = devices.at(ids.indexOf(QStringLiteral("h100-sxm5"))).toObject();
    ROOFLAB_COMPARE_DOUBLE(
        h100[QStringLiteral("memory")][0][QStringLiteral("bandwidth")].toDouble(), 3.35e12);
    ROOFLAB_COMPARE_DOUBLE(h100[QStringLiteral("capacity_bytes")].toDouble(), 80e9);
    // The plain list: every device's id stands apart from its name, the longest
    // ("jetson-agx-orin-64gb", 20 characters, past the usual 16-wide column) too.
    const Run plain = run(words("list devices"));
    QCOMPARE(plain.exitCode, 0);
    for (const QString &id : std::as_const(ids)) {
        const QString line =
            QString::fromUtf8(plain.out)
                .split(QLatin1Char('\n'))
                .filter(QRegularExpression(QLatin1Char('^') + id + QLatin1Char(' ')))
                .value(0);
        QVERIFY2(line.startsWith(id + QStringLiteral("  ")),
                 qPrintable(id + QLatin1Char('|') + line));
    }
}

void TestCli::analyze_data()
{
    QTest::addColumn<QStringList>("arguments");
    QTest::addColumn<double>("flops");
    QTest::addColumn<double>("bytes");
    QTest::addColumn<QString>("math");
    QTest::addColumn<QString>("unit");
    QTest::addColumn<double>("peak");
    QTest::addColumn<double>("bandwidth");
    QTest::addColumn<QString>("bound");
    QTest::addColumn<double>("time");
    QTest::addColumn<double>("ridgeBatch"); // < 0: null
    const auto row = [](const char *name, const char *args, double flops, double bytes,
                        const char *math, const char *unit, double peak, double bandwidth,
                        const char *bound, double time, double ridgeBatch) {
        QTest::newRow(name) << words(args) << flops << bytes << QString::fromLatin1(math)
                            << QString::fromLatin1(unit) << peak << bandwidth
                            << QString::fromLatin1(bound) << time << ridgeBatch;
    };
    // H100 SXM5 from the reference table: bf16 matrix 989.5e12, vector fp32 67e12 FLOP/s,
    // 3.35e12 B/s; bf16 ridge 989.5 / 3.35 = 295.3731343, vector fp32 ridge 67 / 3.35 = 20.
    // Bound: memory when I x 1.25 < ridge, compute when I > ridge x 1.25.

    // W = 2 x 128 x 4096 x 8192 = 8,589,934,592; Q = 128 x 8192 x 2 + 8192 x 4096 x 1
    // + 128 x 4096 x 2 = 36,700,160; I = 234.06 (x 1.25 = 292.6 < 295.4: memory);
    // t = Q / bw = 1.095527164e-5 s; M* = 295.3731343 x 8192 x 4096 x 1 / (2 x 4096 x 8192
    // - 295.3731343 x 12,288 x 2) = 9,911,077,750 / 59,849,773.85 = 165.5992515
    row("gemm", "--device h100-sxm5 --op gemm --m 128 --n 4096 --k 8192 --weights fp8", 8589934592,
        36700160, "bf16", "matrix", 989.5e12, 3.35e12, "memory", 1.095527164e-5, 165.5992515);
    // W = 2 x 4096^3 = 137,438,953,472; Q = 3 x 4096^2 x 2 = 100,663,296; I = 1365.3:
    // compute; t = W / peak = 1.388973759e-4 s
    row("matmul", "--device h100-sxm5 --op matmul --n 4096", 137438953472.0, 100663296, "bf16",
        "matrix", 989.5e12, 3.35e12, "compute", 1.388973759e-4, -1);
    // W = 1e6; Q = 3 x 1e6 x 2 = 6e6; vector fp32 (H100 has no vector bf16);
    // t = 6e6 / 3.35e12 = 1.791044776e-6 s
    row("elementwise", "--device h100-sxm5 --op elementwise --elements 1000000 --inputs 2", 1e6,
        6e6, "fp32", "vector", 67e12, 3.35e12, "memory", 1.791044776e-6, -1);
    // SiLU 4 FLOP/element: W = 4e6; Q = 2 x 1e6 x 2 = 4e6; t = 1.194029851e-6 s
    row("activation", "--device h100-sxm5 --op activation --elements 1000000 --function silu", 4e6,
        4e6, "fp32", "vector", 67e12, 3.35e12, "memory", 1.194029851e-6, -1);
    // N = 8 x 4096 = 32,768: W = 7 x 32,768 = 229,376; Q = 2 x 32,768 x 2 + 2 x 4096 x 2
    // = 147,456; t = 147,456 / 3.35e12 = 4.401671642e-8 s
    row("layernorm", "--device h100-sxm5 --op layernorm --hidden 4096 --width 4096 --batch 8",
        229376, 147456, "fp32", "vector", 67e12, 3.35e12, "memory", 4.401671642e-8, -1);
    // W = 5 x 32,768 = 163,840; Q = 131,072 + 4096 x 2 = 139,264; t = 4.157134328e-8 s
    row("rmsnorm", "--device h100-sxm5 --op rmsnorm --hidden 4096 --width 4096 --batch 8", 163840,
        139264, "fp32", "vector", 67e12, 3.35e12, "memory", 4.157134328e-8, -1);
    // Issue 12: --math names the matrix units' format; the norm stays on vector fp32, with
    // the same figures as above at BF16 activations, and at FP8 activations Q = 2 x 32,768
    // + 4096 = 69,632 B, t = 69,632 / 3.35e12 = 2.078567164e-8 s.
    row("rmsnorm --math fp8",
        "--device h100-sxm5 --op rmsnorm --hidden 4096 --width 4096 --batch 8 --math fp8-e4m3",
        163840, 139264, "fp32", "vector", 67e12, 3.35e12, "memory", 4.157134328e-8, -1);
    row("rmsnorm w8a8 --math fp8",
        "--device h100-sxm5 --op rmsnorm --hidden 4096 --width 4096 --batch 8 --weights fp8 "
        "--act fp8 --math fp8-e4m3",
        163840, 69632, "fp32", "vector", 67e12, 3.35e12, "memory", 2.078567164e-8, -1);
    // N = 2^29: W = 5 x 2^29 = 2,684,354,560; Q = 2 x 2^29 x 2 = 2,147,483,648;
    // t = 2,147,483,648 / 3.35e12 = 6.410398949e-4 s
    row("softmax", "--device h100-sxm5 --op softmax --elements 536870912", 2684354560.0,
        2147483648.0, "fp32", "vector", 67e12, 3.35e12, "memory", 6.410398949e-4, -1);
    // W = 2 x 64 x 8192 x 28672 = 30,064,771,072; Q = 8192 x 28672 x 2 + 64 x 36,864 x 2
    // = 474,480,640; t = Q / bw = 1.416360119e-4 s; M* = 295.3731343 x 234,881,024 x 2
    // / (469,762,048 - 295.3731343 x 36,864 x 2) = 1.387550885e11 / 447,984,777.6
    // = 309.7317040
    row("decode-gemm", "--device h100-sxm5 --op decode-gemm --d 8192 --f 28672 --batch 64",
        30064771072.0, 474480640, "bf16", "matrix", 989.5e12, 3.35e12, "memory", 1.416360119e-4,
        309.7317040);
    // 512 tokens: W = 2 x 512 x 4096 x 4096 = 17,179,869,184; Q = 4096^2 x 2 + 512 x 8192 x 2
    // = 41,943,040; I = 409.6 > 369.2: compute; t = W / peak = 1.736217199e-5 s;
    // M* = 295.3731343 x 16,777,216 x 2 / (33,554,432 - 295.3731343 x 8192 x 2)
    // = 9,911,077,750 / 28,715,038.57 = 345.1528622; / T = 512 -> 0.6741266840
    row("prefill-gemm", "--device h100-sxm5 --op prefill-gemm --d 4096 --f 4096 --prompt 512",
        17179869184.0, 41943040, "bf16", "matrix", 989.5e12, 3.35e12, "compute", 1.736217199e-5,
        0.6741266840);
    // W = 8 x (4 x 4096 x 64 x 128 + 5 x 4096 x 64) = 1,084,227,584;
    // Q = 8 x (2 x 4096 x 8 x 128 x 2 + 2 x 64 x 128 x 2) = 134,479,872; t = 4.014324537e-5 s
    row("attention-decode",
        "--device h100-sxm5 --op attention-decode --batch 8 --seq 4096 --heads 64 --kv-heads 8 "
        "--head-dim 128",
        1084227584, 134479872, "bf16", "matrix", 989.5e12, 3.35e12, "memory", 4.014324537e-5, -1);
    // W = 2 x 2048^2 x 32 x 128 + 2.5 x 2048^2 x 32 = 34,695,282,688;
    // Q = 2048 x 128 x (2 x 32 x 2 + 2 x 8 x 2) = 41,943,040; I = 827.2: compute;
    // t = W / peak = 3.50634489e-5 s
    row("attention-prefill",
        "--device h100-sxm5 --op attention-prefill --heads 32 --kv-heads 8 --head-dim 128 "
        "--prompt 2048",
        34695282688.0, 41943040, "bf16", "matrix", 989.5e12, 3.35e12, "compute", 3.50634489e-5, -1);
    // I = 1e12 / 1e9 = 1000: compute; t = 1e12 / 989.5e12 = 1.01061142e-3 s
    row("custom", "--device h100-sxm5 --op custom --flops 1e12 --bytes 1e9", 1e12, 1e9, "bf16",
        "matrix", 989.5e12, 3.35e12, "compute", 1.01061142e-3, -1);
    // Achievable: 989.5e12 x 0.75 = 742.125e12, 3.35e12 x 0.85 = 2.8475e12, ridge 260.6233538;
    // t = 474,480,640 / 2.8475e12 = 1.666306023e-4 s; M* = 260.6233538 x 234,881,024 x 2
    // / (469,762,048 - 260.6233538 x 73,728) = 1.224309604e11 / 450,546,809.4 = 271.7386027
    row("decode-gemm achievable",
        "--device h100-sxm5 --op decode-gemm --d 8192 --f 28672 --batch 64 --roof achievable",
        30064771072.0, 474480640, "bf16", "matrix", 742.125e12, 2.8475e12, "memory", 1.666306023e-4,
        271.7386027);
    // MI300X, fp8 weights, B = 32: W = 2 x 32 x 234,881,024 = 15,032,385,536;
    // Q = 234,881,024 + 32 x 73,728 = 237,240,320; bf16 1307.4e12, 5.3e12 B/s;
    // t = Q / bw = 4.476232453e-5 s; I* = 246.6792453; M* = 246.6792453 x 234,881,024 x 1
    // / (469,762,048 - 246.6792453 x 73,728) = 5.794027373e10 / 451,574,880.6 = 128.307123
    row("decode-gemm mi300x fp8 weights",
        "--device mi300x --op decode-gemm --d 8192 --f 28672 --batch 32 --weights fp8",
        15032385536.0, 237240320, "bf16", "matrix", 1307.4e12, 5.3e12, "memory", 4.476232453e-5,
        128.3071230);
    // A100 80GB W8A8: W = 2 x 256 x 8192^2 = 34,359,738,368; Q = 256 x 8192 x 1 x 2
    // + 8192^2 x 1 = 71,303,168; int8 624e12 op/s, 2.039e12 B/s, ridge 306.0323688;
    // I = 481.88 > 382.5: compute; t = W / peak = 5.506368328e-5 s;
    // M* = 306.0323688 x 67,108,864 / (134,217,728 - 306.0323688 x 16,384) = 158.9543150
    row("gemm a100 int8",
        "--device a100-sxm4-80gb --op gemm --m 256 --n 8192 --k 8192 --weights int8 --act int8",
        34359738368.0, 71303168, "int8", "matrix", 624e12, 2.039e12, "compute", 5.506368328e-5,
        158.9543150);
}

void TestCli::analyze()
{
    QFETCH(QStringList, arguments);
    QFETCH(double, flops);
    QFETCH(double, bytes);
    QFETCH(QString, math);
    QFETCH(QString, unit);
    QFETCH(double, peak);
    QFETCH(double, bandwidth);
    QFETCH(QString, bound);
    QFETCH(double, time);
    QFETCH(double, ridgeBatch);

    const QJsonObject o = analyzeOne(arguments);
    QVERIFY(!o.isEmpty());
    const QStringList fields = words("device op flops bytes intensity math unit peak_flops "
                                     "bandwidth ridge attainable_flops bound t_math_s t_mem_s t_s "
                                     "pct_of_peak ridge_batch roof");
    for (const QString &field : fields)
        QVERIFY2(o.contains(field), qPrintable(field));
    QCOMPARE(o[QStringLiteral("device")].toString(), arguments.at(1));
    QCOMPARE(o[QStringLiteral("op")].toString(), arguments.at(3));
    QCOMPARE(o[QStringLiteral("math")].toString(), math);
    QCOMPARE(o[QStringLiteral("unit")].toString(), unit);
    QCOMPARE(o[QStringLiteral("bound")].toString(), bound);
    QCOMPARE(o[QStringLiteral("roof")].toString(), arguments.contains(QStringLiteral("achievable"))
                                                       ? QStringLiteral("achievable")
                                                       : QStringLiteral("datasheet"));

    // The roofline figures follow from the typed W, Q, peak and bandwidth:
    // I = W / Q, ridge = peak / bw, P = min(peak, bw x I), T_math = W / peak, T_mem = Q / bw.
    const double intensity = flops / bytes;
    const double attainable = std::min(peak, bandwidth * intensity);
    const auto number = [&o](const char *key) { return o[QLatin1String(key)].toDouble(); };
    ROOFLAB_COMPARE_NEAR(number("flops"), flops, tol);
    ROOFLAB_COMPARE_NEAR(number("bytes"), bytes, tol);
    ROOFLAB_COMPARE_NEAR(number("intensity"), intensity, tol);
    ROOFLAB_COMPARE_NEAR(number("peak_flops"), peak, tol);
    ROOFLAB_COMPARE_NEAR(number("bandwidth"), bandwidth, tol);
    ROOFLAB_COMPARE_NEAR(number("ridge"), peak / bandwidth, tol);
    ROOFLAB_COMPARE_NEAR(number("attainable_flops"), attainable, tol);
    ROOFLAB_COMPARE_NEAR(number("t_math_s"), flops / peak, tol);
    ROOFLAB_COMPARE_NEAR(number("t_mem_s"), bytes / bandwidth, tol);
    ROOFLAB_COMPARE_NEAR(number("t_s"), time, tol);
    ROOFLAB_COMPARE_NEAR(number("pct_of_peak"), 100.0 * attainable / peak, tol);
    if (ridgeBatch < 0) {
        QVERIFY(o[QStringLiteral("ridge_batch")].isNull());
    } else {
        QVERIFY(o[QStringLiteral("ridge_batch")].isDouble());
        ROOFLAB_COMPARE_NEAR(number("ridge_batch"), ridgeBatch, tol);
    }
}

void TestCli::ridgeBatchNever()
{
    // D = F = 64 on H100 bf16: 2 x 64 x 64 = 8,192 <= 295.37 x 128 x 2 = 75,615.5, so no batch
    // reaches the ridge: null, not a number.
    const QJsonObject o = analyzeOne(words("--device h100-sxm5 --op decode-gemm --d 64 --f 64"));
    QVERIFY(!o.isEmpty());
    QVERIFY(o.contains(QStringLiteral("ridge_batch")));
    QVERIFY(o[QStringLiteral("ridge_batch")].isNull());
}

void TestCli::missingFormatRunsWiderWithABadge()
{
    // The H100 has no FP4: NVFP4 weights and activations run on its BF16 matrix roof,
    // 989.5e12 FLOP/s, and the JSON says why (docs/roofline.md).
    const QJsonObject o = analyzeOne(
        words("--device h100-sxm5 --op decode-gemm --d 4096 --f 4096 --weights nvfp4 --act nvfp4"));
    QVERIFY(!o.isEmpty());
    QCOMPARE(o[QStringLiteral("math")].toString(), QStringLiteral("bf16"));
    ROOFLAB_COMPARE_DOUBLE(o[QStringLiteral("peak_flops")].toDouble(), 989.5e12);
    QCOMPARE(o[QStringLiteral("badge")].toString(), QStringLiteral("no FP4: runs BF16"));
    QVERIFY(o[QStringLiteral("note")].toString().contains(QStringLiteral("no fp4 ceiling")));
}

void TestCli::badArguments_data()
{
    QTest::addColumn<QStringList>("arguments");
    QTest::addColumn<QString>("names"); // what the one line on stderr must name
    const auto row = [](const char *name, const char *args, const char *names) {
        QTest::newRow(name) << words(args) << QString::fromLatin1(names);
    };
    row("unknown device", "analyze --device h900 --op matmul --n 64", "--device");
    row("unknown device id", "analyze --device h900 --op matmul --n 64", "\"h900\"");
    row("unknown op", "analyze --device h100-sxm5 --op conv2d --n 64", "--op");
    row("unknown op name", "analyze --device h100-sxm5 --op conv2d --n 64", "\"conv2d\"");
    row("missing shape", "analyze --device h100-sxm5 --op gemm --m 16 --n 64", "--k");
    row("negative value", "analyze --device h100-sxm5 --op gemm --m -16 --n 64 --k 64", "--m");
    row("zero value", "analyze --device h100-sxm5 --op matmul --n 0", "--n");
    row("non-numeric value", "analyze --device h100-sxm5 --op matmul --n lots", "--n");
    row("non-numeric shown", "analyze --device h100-sxm5 --op matmul --n lots", "\"lots\"");
    row("infinite value", "analyze --device h100-sxm5 --op matmul --n inf", "--n");
    row("negative batch", "analyze --device h100-sxm5 --op decode-gemm --d 8 --f 8 --batch -1",
        "--batch");
    row("unknown format", "analyze --device h100-sxm5 --op matmul --n 64 --weights fp7",
        "--weights");
    row("unknown math", "analyze --device h100-sxm5 --op matmul --n 64 --math fp5", "--math");
    row("bogus roof", "analyze --device h100-sxm5 --op matmul --n 64 --roof bogus", "--roof");
    row("unknown option", "analyze --device h100-sxm5 --op matmul --n 64 --frobnicate",
        "frobnicate");
    row("missing device", "analyze --op matmul --n 64", "--device");
    row("unknown list", "list gpus", "list: ");
    row("unknown command", "frobnicate", "frobnicate");
}

void TestCli::badArguments()
{
    QFETCH(QStringList, arguments);
    QFETCH(QString, names);
    const Run r = run(arguments);
    QVERIFY2(r.finished, "did not exit");
    QCOMPARE(r.exitCode, 2);
    QVERIFY2(r.out.isEmpty(), r.out.constData());
    const QString err = QString::fromUtf8(r.err);
    // One line, naming the argument.
    QVERIFY2(err.endsWith(QLatin1Char('\n')) && err.count(QLatin1Char('\n')) == 1, qPrintable(err));
    QVERIFY2(err.startsWith(QStringLiteral("rooflab: ")), qPrintable(err));
    QVERIFY2(err.contains(names), qPrintable(err));
}

void TestCli::brokenPresetFolder()
{
    // Broken files are skipped with a warning naming each one; the analysis still runs.
    const QString bad = QDir(m_data).filePath(QStringLiteral("presets-bad"));
    const Run r = run(words("analyze --device h100-sxm5 --op custom --flops 1e12 --bytes 1e9 "
                            "--json --presets") +
                      QStringList{bad});
    QVERIFY(r.finished);
    QCOMPARE(r.exitCode, 0);
    const QString err = QString::fromUtf8(r.err);
    QVERIFY2(err.contains(QStringLiteral("warning")), qPrintable(err));
    for (const char *file : {"truncated.json", "negative-bandwidth.json", "duplicate-id.json"})
        QVERIFY2(err.contains(QDir(bad).filePath(QString::fromLatin1(file))), file);
    const QJsonArray points = QJsonDocument::fromJson(r.out).array();
    QCOMPARE(points.size(), qsizetype(1));
    // I = 1e12 / 1e9 = 1000 on the built-in H100 (the duplicate did not replace it).
    ROOFLAB_COMPARE_NEAR(points.first()[QStringLiteral("intensity")].toDouble(), 1000, tol);
    ROOFLAB_COMPARE_NEAR(points.first()[QStringLiteral("bandwidth")].toDouble(), 3.35e12, tol);

    // A folder that does not exist is a warning too.
    const Run missing =
        run(words("list devices --presets") + QStringList{m_home.filePath(QStringLiteral("no"))});
    QCOMPARE(missing.exitCode, 0);
    QVERIFY2(missing.err.contains("does not exist"), missing.err.constData());
}

void TestCli::goodPresetFolder()
{
    // The extra device loads beside the built-in ones: 0.5 TB/s, 200 TFLOP/s bf16, so a
    // 1e9-FLOP, 1e7-byte custom operator (I = 100, ridge 200 / 0.5 = 400) takes
    // T = max(1e9 / 2e14, 1e7 / 5e11) = max(5e-6, 2e-5) = 2e-5 s.
    const QString good = QDir(m_data).filePath(QStringLiteral("presets-good"));
    const Run r = run(words("analyze --device example-npu --op custom --flops 1e9 --bytes 1e7 "
                            "--json --presets") +
                      QStringList{good});
    QCOMPARE(r.exitCode, 0);
    QVERIFY2(r.err.isEmpty(), r.err.constData());
    const QJsonObject o = QJsonDocument::fromJson(r.out).array().first().toObject();
    ROOFLAB_COMPARE_NEAR(o[QStringLiteral("ridge")].toDouble(), 400, tol);
    ROOFLAB_COMPARE_NEAR(o[QStringLiteral("t_s")].toDouble(), 2e-5, tol);
    QCOMPARE(o[QStringLiteral("bound")].toString(), QStringLiteral("memory"));
}

QTEST_GUILESS_MAIN(TestCli)
#include "tst_cli.moc"
