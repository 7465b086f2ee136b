// `rooflab analyze --model` and `rooflab list models`, run as a separate process: the JSON
// totals of three models in decode and prefill against figures derived by hand, the plain
// "does not fit" of the table, and the exit status of malformed model arguments.
//
// Device: H100 SXM5, datasheet roofs: BF16 matrix 989.5e12 FLOP/s (GEMMs, attention), FP32
// vector 67e12 FLOP/s (norms and elementwise run there: it has no BF16 vector ceiling),
// 3.35e12 B/s, 80e9 B. Activations and KV cache BF16 (2 B). Formulas (docs/models.md):
//   GEMM over M tokens, weight [D x F]: 2*M*D*F FLOP; D*F*b_w + M*(D+F)*2 B
//   experts (E = 8, k = 2): 2*M*k*D*F FLOP; E*(1-(1-k/E)^M)*D*F*b_w + M*k*(D+F)*2 B
//   decode attention: B*S*H*(4d+5) FLOP; B*(2*S*H_kv*d*2 + 2*H*d*2) B
//   prefill attention: B*T^2*H*(2d+2.5) FLOP; B*T*d*(2*H*2 + 2*H_kv*2) B
//   RMSNorm over N: 5N FLOP, 2N*2 + D*2 B; add: N FLOP, 3N*2 B; SiLU: 4N FLOP, 2N*2 B
//   LM head: a B-token GEMM [D x V] in both phases. Time per run: max(FLOP/peak, B/3.35e12).
#include "runrooflab.h"
#include "testhelpers.h"

#include <QFile>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QProcess>
#include <QTemporaryDir>
#include <QTest>

#include <cmath>
#include <limits>

namespace {

// Relative tolerance for the hand-derived figures.
constexpr double tol = 1e-9;

// Marks for the compute-bound batch: none exists, or not derived by hand (experts: the
// weight bytes are not linear in the batch, so there is no closed form to check against).
constexpr double noBatch = -1;
constexpr double notDerived = std::numeric_limits<double>::quiet_NaN();

struct Expected
{
    double params;
    double weightBytes;
    double kvCacheBytes;
    double footprintBytes;
    bool fits;
    int devicesNeeded;
    double flops;
    double bytes;
    double stepTime;
    double tokensPerSecond;
    double computeBoundBatch;
};

using rooflab::test::Run;

} // namespace

Q_DECLARE_METATYPE(Expected)

class TestModelCli : public QObject
{
    Q_OBJECT

private:
    Run run(const QStringList &arguments) const;
    // `rooflab export --model MODEL --device h100-sxm5 --batch 1 -o FILE`: the file's text,
    // empty when the run failed.
    QString exportModel(const QString &model, const QString &file) const;
    QTemporaryDir m_home; // an empty user data folder, so no user preset interferes

private Q_SLOTS:
    void analyzeJson_data();
    void analyzeJson();
    void operatorRows();
    void tableSaysDoesNotFit();
    void tableForAFittingModel();
    void exportDrawsModelClasses();
    void exportTableHasClassRows();
};

Run TestModelCli::run(const QStringList &arguments) const
{
    return rooflab::test::runRooflab(QString::fromUtf8(ROOFLAB_EXE), arguments, m_home.path(),
                                     60000);
}

void TestModelCli::analyzeJson_data()
{
    QTest::addColumn<QString>("arguments");
    QTest::addColumn<Expected>("expected");

    // llama-3.1-8b decode, B = 1, S = 4096, bf16 weights. Per run: FLOP, bytes, the side
    // that sets its time (math: FLOP / peak; mem: bytes / 3.35e12); x count per step.
    //   norm         x32                 20,480          24,576  mem
    //   QKV          x32             50,331,648      50,352,128  mem
    //   attention    x32             67,764,224      16,793,600  mem
    //   out          x32             33,554,432      33,570,816  mem
    //   add          x32                  4,096          24,576  mem
    //   norm         x32                 20,480          24,576  mem
    //   up+gate      x32            234,881,024     234,946,560  mem
    //   SiLU         x32                 57,344          57,344  mem
    //   multiply     x32                 14,336          86,016  mem
    //   down         x32            117,440,512     117,477,376  mem
    //   add          x32                  4,096          24,576  mem
    //   final norm   x1                  20,480          24,576  mem
    //   LM head      x1           1,050,673,152   1,050,937,856  mem
    // Sum: 17,181,659,136 FLOP, 15,559,191,040 B, step 0.004644534639 s;
    // 1 tokens / step = 215.30682 tokens/s. Footprint: 8,030,261,248 params x 2
    // + KV 536,870,912 + act 322,048 = 16,597,715,456 B -> fits 80 GB
    // Decode at S = 4096: each sequence's KV-cache bytes outweigh its FLOPs at every batch
    // (E/beta > A/pi), so there is no compute-bound batch.
    QTest::newRow("llama-3.1-8b decode")
        << QStringLiteral("--model llama-3.1-8b --phase decode --batch 1 --seq 4096 --prompt 512 "
                          "--weights bf16")
        << Expected{
               8030261248.0,  16060522496.0, 536870912.0,           16597715456.0,      true,   1,
               17181659136.0, 15559191040.0, 0.0046445346388059704, 215.30682356092464, noBatch};
    // llama-3.1-8b prefill, B = 1, T = 2048, bf16 weights. Per run: FLOP, bytes, the side
    // that sets its time (math: FLOP / peak; mem: bytes / 3.35e12); x count per step.
    //   norm         x32             41,943,040      33,562,624  mem
    //   QKV          x32        103,079,215,104      92,274,688  math
    //   attention    x32         34,695,282,688      41,943,040  math
    //   out          x32         68,719,476,736      67,108,864  math
    //   add          x32              8,388,608      50,331,648  mem
    //   norm         x32             41,943,040      33,562,624  mem
    //   up+gate      x32        481,036,337,152     369,098,752  math
    //   SiLU         x32            117,440,512     117,440,512  mem
    //   multiply     x32             29,360,128     176,160,768  mem
    //   down         x32        240,518,168,576     192,937,984  math
    //   add          x32              8,388,608      50,331,648  mem
    //   final norm   x1              41,943,040      33,562,624  mem
    //   LM head      x1           1,050,673,152   1,050,937,856  mem
    // Sum: 29,706,562,830,336 FLOP, 40,276,601,344 B, step 0.03474372182 s;
    // 2048 tokens / step = 58945.901 tokens/s. Footprint: 8,030,261,248 params x 2
    // + KV 268,435,456 + act 134,474,240 = 16,463,432,192 B -> fits 80 GB
    // Compute-bound batch: f(B) = math time - memory time is linear in B; with fixed bytes
    // C = 15,009,849,344, bytes per sequence E = 25,266,752,000, matrix FLOPs per sequence
    // A_m = 29,698,602,041,344 and vector A_v = 7,960,788,992:
    // B = (C/3.35e12) / (A_m/989.5e12 + A_v/67e12 - E/3.35e12) = 0.19834.
    QTest::newRow("llama-3.1-8b prefill")
        << QStringLiteral("--model llama-3.1-8b --phase prefill --batch 1 --seq 4096 --prompt 2048 "
                          "--weights bf16")
        << Expected{8030261248.0,
                    16060522496.0,
                    268435456.0,
                    16463432192.0,
                    true,
                    1,
                    29706562830336.0,
                    40276601344.0,
                    0.03474372182409002,
                    58945.90137375531,
                    0.19834008141650336};
    // mixtral-8x7b decode, B = 1, S = 1024, bf16 weights. Per run: FLOP, bytes, the side
    // that sets its time (math: FLOP / peak; mem: bytes / 3.35e12); x count per step.
    //   norm         x32                 20,480          24,576  mem
    //   QKV          x32             50,331,648      50,352,128  mem
    //   attention    x32             16,941,056       4,210,688  mem
    //   out          x32             33,554,432      33,570,816  mem
    //   add          x32                  4,096          24,576  mem
    //   norm         x32                 20,480          24,576  mem
    //   router       x32                 65,536          73,744  mem
    //   experts up   x32            469,762,048     469,893,120  mem
    //   SiLU         x32                114,688         114,688  mem
    //   multiply     x32                 28,672         172,032  mem
    //   experts down x32            234,881,024     234,954,752  mem
    //   combine      x32                 16,384          24,576  mem
    //   add          x32                  4,096          24,576  mem
    //   final norm   x1                  20,480          24,576  mem
    //   LM head      x1             262,144,000     262,216,192  mem
    // Sum: 26,045,992,960 FLOP, 25,653,115,904 B, step 0.007657646539 s;
    // 1 tokens / step = 130.58842 tokens/s. Footprint: 46,702,792,704 params x 2
    // + KV 134,217,728 + act 186,880 = 93,539,990,016 B -> 2 devices
    QTest::newRow("mixtral-8x7b decode")
        << QStringLiteral("--model mixtral-8x7b --phase decode --batch 1 --seq 1024 --prompt 512 "
                          "--weights bf16")
        << Expected{
               46702792704.0, 93405585408.0, 134217728.0,          93539990016.0,      false,     2,
               26045992960.0, 25653115904.0, 0.007657646538507463, 130.58842491245463, notDerived};
    // mixtral-8x7b prefill, B = 1, T = 512, bf16 weights. Per run: FLOP, bytes, the side
    // that sets its time (math: FLOP / peak; mem: bytes / 3.35e12); x count per step.
    //   norm         x32             10,485,760       8,396,800  mem
    //   QKV          x32         25,769,803,776      60,817,408  math
    //   attention    x32          2,168,455,168      10,485,760  mem
    //   out          x32         17,179,869,184      41,943,040  math
    //   add          x32              2,097,152      12,582,912  mem
    //   norm         x32             10,485,760       8,396,800  mem
    //   router       x32             33,554,432       4,268,032  mem
    //   experts up   x32        240,518,168,576   1,946,157,056  mem
    //   SiLU         x32             58,720,256      58,720,256  mem
    //   multiply     x32             14,680,064      88,080,384  mem
    //   experts down x32        120,259,084,288     977,272,832  mem
    //   combine      x32              8,388,608      12,582,912  mem
    //   add          x32              2,097,152      12,582,912  mem
    //   final norm   x1              10,485,760       8,396,800  mem
    //   LM head      x1             262,144,000     262,216,192  mem
    // Sum: 12,993,421,115,392 FLOP, 104,023,800,320 B, step 0.03145926211 s;
    // 512 tokens / step = 16275.016 tokens/s. Footprint: 46,702,792,704 params x 2
    // + KV 67,108,864 + act 62,978,560 = 93,535,672,832 B -> 2 devices
    QTest::newRow("mixtral-8x7b prefill")
        << QStringLiteral("--model mixtral-8x7b --phase prefill --batch 1 --seq 4096 --prompt 512 "
                          "--weights bf16")
        << Expected{46702792704.0,      93405585408.0,  67108864.0,
                    93535672832.0,      false,          2,
                    12993421115392.0,   104023800320.0, 0.03145926211262435,
                    16275.016183375086, notDerived};
    // qwen2.5-72b decode, B = 8, S = 2048, fp8-e4m3 weights. Per run: FLOP, bytes, the side
    // that sets its time (math: FLOP / peak; mem: bytes / 3.35e12); x count per step.
    //   norm         x80                327,680         278,528  mem
    //   QKV          x80          1,342,177,280      84,180,992  mem
    //   attention    x80            542,113,792      67,371,008  mem
    //   out          x80          1,073,741,824      67,371,008  mem
    //   add          x80                 65,536         393,216  mem
    //   norm         x80                327,680         278,528  mem
    //   up+gate      x80          7,751,073,792     485,519,360  mem
    //   SiLU         x80                946,176         946,176  mem
    //   multiply     x80                236,544       1,419,264  mem
    //   down         x80          3,875,536,896     242,825,216  mem
    //   add          x80                 65,536         393,216  mem
    //   final norm   x1                 327,680         278,528  mem
    //   LM head      x1          19,931,332,608   1,248,272,384  mem
    // Sum: 1,186,860,679,168 FLOP, 77,326,671,872 B, step 0.02308258862 s;
    // 8 tokens / step = 346.58158 tokens/s. Footprint: 72,706,203,648 params x 1
    // + KV 5,368,709,120 + act 3,510,272 = 78,078,423,040 B: within 80 GB but above the
    // 72 GB left with the default 10 % headroom -> does not fit, 2 devices
    QTest::newRow("qwen2.5-72b decode")
        << QStringLiteral("--model qwen2.5-72b --phase decode --batch 8 --seq 2048 --prompt 512 "
                          "--weights fp8-e4m3")
        << Expected{
               72706203648.0,   72706203648.0, 5368709120.0,         78078423040.0,     false,  2,
               1186860679168.0, 77326671872.0, 0.023082588618507465, 346.5815785316926, noBatch};
    // qwen2.5-72b prefill, B = 2, T = 1024, fp8-e4m3 weights. Per run: FLOP, bytes, the side
    // that sets its time (math: FLOP / peak; mem: bytes / 3.35e12); x count per step.
    //   norm         x80             83,886,080      67,125,248  mem
    //   QKV          x80        343,597,383,680     159,383,552  math
    //   attention    x80         34,695,282,688      75,497,472  math
    //   out          x80        274,877,906,944     134,217,728  math
    //   add          x80             16,777,216     100,663,296  mem
    //   norm         x80             83,886,080      67,125,248  mem
    //   up+gate      x80      1,984,274,890,752     760,217,600  math
    //   SiLU         x80            242,221,056     242,221,056  mem
    //   multiply     x80             60,555,264     363,331,584  mem
    //   down         x80        992,137,445,376     396,886,016  math
    //   add          x80             16,777,216     100,663,296  mem
    //   final norm   x1              83,886,080      67,125,248  mem
    //   LM head      x1           4,982,833,152   1,246,349,312  mem
    // Sum: 290,412,027,707,392 FLOP, 198,700,042,240 B, step 0.3163146568 s;
    // 2048 tokens / step = 6474.5656 tokens/s. Footprint: 72,706,203,648 params x 1
    // + KV 671,088,640 + act 276,383,744 = 73,653,676,032 B: above the 72 GB usable with
    // the default 10 % headroom -> does not fit, 2 devices
    // Compute-bound batch as above: C = 71,460,995,072, E = 63,619,523,584,
    // A_m = 145,185,807,794,176, A_v = 20,206,059,520 -> B = 0.166605.
    QTest::newRow("qwen2.5-72b prefill")
        << QStringLiteral("--model qwen2.5-72b --phase prefill --batch 2 --seq 4096 --prompt 1024 "
                          "--weights fp8-e4m3")
        << Expected{72706203648.0,
                    72706203648.0,
                    671088640.0,
                    73653676032.0,
                    false,
                    2,
                    290412027707392.0,
                    198700042240.0,
                    0.31631465675428416,
                    6474.565614551662,
                    0.16660513000371305};
}

void TestModelCli::analyzeJson()
{
    QFETCH(QString, arguments);
    QFETCH(Expected, expected);
    QStringList args = {QStringLiteral("analyze"), QStringLiteral("--device"),
                        QStringLiteral("h100-sxm5"), QStringLiteral("--json")};
    args += arguments.split(QLatin1Char(' '));
    const Run r = run(args);
    QVERIFY(r.finished);
    QVERIFY2(r.exitCode == 0, r.err.constData());
    QJsonParseError error;
    const QJsonDocument doc = QJsonDocument::fromJson(r.out, &error);
    QVERIFY2(doc.isObject(), qPrintable(error.errorString()));
    const QJsonObject totals = doc.object().value(QStringLiteral("totals")).toObject();
    const auto number = [&](const char *key) {
        return totals.value(QString::fromLatin1(key)).toDouble(-1);
    };
    ROOFLAB_COMPARE_NEAR(number("params"), expected.params, tol);
    ROOFLAB_COMPARE_NEAR(number("weight_bytes"), expected.weightBytes, tol);
    ROOFLAB_COMPARE_NEAR(number("kv_cache_bytes"), expected.kvCacheBytes, tol);
    ROOFLAB_COMPARE_NEAR(number("footprint_bytes"), expected.footprintBytes, tol);
    QCOMPARE(totals.value(QStringLiteral("fits")).toBool(!expected.fits), expected.fits);
    QCOMPARE(totals.value(QStringLiteral("devices_needed")).toInt(), expected.devicesNeeded);
    ROOFLAB_COMPARE_NEAR(number("flops"), expected.flops, tol);
    ROOFLAB_COMPARE_NEAR(number("bytes"), expected.bytes, tol);
    ROOFLAB_COMPARE_NEAR(number("intensity"), expected.flops / expected.bytes, tol);
    ROOFLAB_COMPARE_NEAR(number("step_time_s"), expected.stepTime, tol);
    ROOFLAB_COMPARE_NEAR(number("tokens_per_s"), expected.tokensPerSecond, tol);
    const QJsonValue batch = totals.value(QStringLiteral("compute_bound_batch"));
    if (expected.computeBoundBatch == noBatch)
        QVERIFY(batch.isNull());
    else if (!std::isnan(expected.computeBoundBatch))
        ROOFLAB_COMPARE_NEAR(batch.toDouble(-1), expected.computeBoundBatch, 1e-6);
    const bool decode = arguments.contains(QStringLiteral("--phase decode"));
    const QJsonValue perToken = totals.value(QStringLiteral("time_per_output_token_s"));
    const QJsonValue firstToken = totals.value(QStringLiteral("time_to_first_token_s"));
    ROOFLAB_COMPARE_NEAR((decode ? perToken : firstToken).toDouble(-1), expected.stepTime, tol);
    QVERIFY((decode ? firstToken : perToken).isNull());
    QVERIFY(doc.object().value(QStringLiteral("operators")).toArray().size() >= 13);
}

void TestModelCli::operatorRows()
{
    const Run r = run({QStringLiteral("analyze"), QStringLiteral("--model"),
                       QStringLiteral("llama-3.1-8b"), QStringLiteral("--device"),
                       QStringLiteral("h100-sxm5"), QStringLiteral("--batch"), QStringLiteral("16"),
                       QStringLiteral("--seq"), QStringLiteral("4096"), QStringLiteral("--json")});
    QVERIFY2(r.exitCode == 0, r.err.constData());
    const QJsonObject root = QJsonDocument::fromJson(r.out).object();
    QJsonObject qkv, attention;
    for (const QJsonValue &v : root.value(QStringLiteral("operators")).toArray()) {
        const QJsonObject op = v.toObject();
        if (op.value(QStringLiteral("op")).toString() == QLatin1String("qkv-proj"))
            qkv = op;
        if (op.value(QStringLiteral("op")).toString() == QLatin1String("attention"))
            attention = op;
    }
    // QKV at B = 16: 2*16*4096*6144 = 805,306,368 FLOP per layer; weights 4096*6144*2 =
    // 50,331,648 B, activations 16*(4096+6144)*2 = 327,680 B; 32 runs per step.
    ROOFLAB_COMPARE_NEAR(qkv.value(QStringLiteral("flops")).toDouble(), 805306368.0, tol);
    const QJsonObject qkvBytes = qkv.value(QStringLiteral("bytes_by_operand")).toObject();
    ROOFLAB_COMPARE_NEAR(qkvBytes.value(QStringLiteral("weights")).toDouble(), 50331648.0, tol);
    ROOFLAB_COMPARE_NEAR(qkvBytes.value(QStringLiteral("act")).toDouble(), 327680.0, tol);
    QCOMPARE(qkv.value(QStringLiteral("count")).toDouble(), 32.0);
    QCOMPARE(qkv.value(QStringLiteral("class")).toString(),
             QStringLiteral("attention-projections"));
    // Its time is memory-bound: 50,659,328 / 3.35e12 per run, x32 per step.
    ROOFLAB_COMPARE_NEAR(qkv.value(QStringLiteral("step_time_s")).toDouble(),
                         32 * 50659328.0 / 3.35e12, tol);
    // Attention reads 16 caches: KV bytes 16 * 2*4096*8*128*2 = 268,435,456.
    const QJsonObject attnBytes = attention.value(QStringLiteral("bytes_by_operand")).toObject();
    ROOFLAB_COMPARE_NEAR(attnBytes.value(QStringLiteral("kv")).toDouble(), 268435456.0, tol);
    QCOMPARE(root.value(QStringLiteral("classes")).toArray().size(), 6);
}

void TestModelCli::tableSaysDoesNotFit()
{
    // 405B in BF16 needs 813.8 GB (tst_modelanalysis): 12 devices of 72 GB usable (80 GB
    // less the default 10 % headroom) if split evenly, but 12 does not divide its 128 heads
    // and at TP 8, the NVLink domain, each device holds about 101 GB of weights
    // (tst_deploymentfit): no degree fits.
    const Run r =
        run({QStringLiteral("analyze"), QStringLiteral("--model"), QStringLiteral("llama-3.1-405b"),
             QStringLiteral("--device"), QStringLiteral("h100-sxm5"), QStringLiteral("--seq"),
             QStringLiteral("4096")});
    QVERIFY2(r.exitCode == 0, r.err.constData());
    const QString out = QString::fromUtf8(r.out);
    QVERIFY2(out.contains(QStringLiteral("DOES NOT FIT")), qPrintable(out));
    QVERIFY2(out.contains(QStringLiteral("needs 813.8 GB")), qPrintable(out));
    QVERIFY2(out.contains(QStringLiteral("Split evenly it needs 12 devices; no tensor-parallel "
                                         "degree up to 8 fits")),
             qPrintable(out));
    // The warning comes before any timing.
    QVERIFY(out.indexOf(QStringLiteral("DOES NOT FIT")) < out.indexOf(QStringLiteral("step time")));
}

void TestModelCli::tableForAFittingModel()
{
    // Llama 3.1 70B with FP8 weights, B = 1, S = 4096: 71.9 GB (tst_modelanalysis) fits.
    const Run r =
        run({QStringLiteral("analyze"), QStringLiteral("--model"), QStringLiteral("llama-3.1-70b"),
             QStringLiteral("--device"), QStringLiteral("h100-sxm5"), QStringLiteral("--weights"),
             QStringLiteral("fp8-e4m3")});
    QVERIFY2(r.exitCode == 0, r.err.constData());
    const QString out = QString::fromUtf8(r.out);
    QVERIFY2(out.contains(QStringLiteral("= 71.9 GB of 80 GB")), qPrintable(out));
    QVERIFY2(out.contains(QStringLiteral("fits in one device")), qPrintable(out));
    QVERIFY(!out.contains(QStringLiteral("DOES NOT FIT")));
    QVERIFY(out.contains(QStringLiteral("Attention over the KV cache")));
    QVERIFY(out.contains(QStringLiteral("time per token")));
    // Without FP8 it does not fit, and the table suggests the FP8 scheme.
    const Run bf16 =
        run({QStringLiteral("analyze"), QStringLiteral("--model"), QStringLiteral("llama-3.1-70b"),
             QStringLiteral("--device"), QStringLiteral("h100-sxm5")});
    const QString text = QString::fromUtf8(bf16.out);
    QVERIFY2(text.contains(QStringLiteral("or one device with weights fp8-e4m3")),
             qPrintable(text));
}

QString TestModelCli::exportModel(const QString &model, const QString &file) const
{
    const QString path = m_home.filePath(file);
    const Run r = run({QStringLiteral("export"), QStringLiteral("--model"), model,
                       QStringLiteral("--device"), QStringLiteral("h100-sxm5"),
                       QStringLiteral("--batch"), QStringLiteral("1"), QStringLiteral("-o"), path});
    QFile out(path);
    if (!r.finished || r.exitCode != 0 || !out.open(QIODevice::ReadOnly))
        return QString();
    return QString::fromUtf8(out.readAll());
}

void TestModelCli::exportDrawsModelClasses()
{
    // Llama 3.1 70B, BF16, B = 1, S = 4096 needs 142,449,977,856 B (tst_modelanalysis):
    // more than H100's 80 GB, so 2 devices; the title says so, and the class points are
    // labelled with the class names.
    const QString text = exportModel(QStringLiteral("llama-3.1-70b"), QStringLiteral("70b.svg"));
    QVERIFY(text.contains(QStringLiteral(">Llama 3.1 70B decode · batch 1 · context 4096</text>")));
    QVERIFY(text.contains(QStringLiteral(
        "NVIDIA H100 SXM5 80GB: 142 GB &gt; 72 GB usable, does not fit (needs 2 devices)")));
    for (const char *name : {"Attention", "Norms", "Elementwise"})
        QVERIFY2(text.contains(QStringLiteral(">%1</text>").arg(QLatin1String(name))), name);
}

void TestModelCli::exportTableHasClassRows()
{
    // Llama 3.1 8B decode, B = 1, S = 4096: attention per layer does 4*S*H*d + 5*S*H =
    // 67,764,224 FLOPs on 2*S*H_kv*d*2 + 2*H*d*2 = 16,793,600 B; the class row holds the
    // 32 layers: 2,168,455,168 FLOPs, 537,395,200 B, 4.0351219512 FLOP/B.
    const QStringList lines = exportModel(QStringLiteral("llama-3.1-8b"), QStringLiteral("8b.csv"))
                                  .split(QLatin1Char('\n'));
    const QStringList header = lines.first().split(QLatin1Char(','));
    int points = 0;
    bool attentionRow = false;
    for (const QString &line : lines) {
        const QStringList cells = line.split(QLatin1Char(','));
        if (cells.first() != QStringLiteral("point"))
            continue;
        ++points;
        if (cells.at(header.indexOf(QStringLiteral("operator_id"))) != QStringLiteral("attention"))
            continue;
        attentionRow = true;
        ROOFLAB_COMPARE_DOUBLE(cells.at(header.indexOf(QStringLiteral("flops"))).toDouble(),
                               32 * 67764224.0);
        ROOFLAB_COMPARE_DOUBLE(cells.at(header.indexOf(QStringLiteral("bytes"))).toDouble(),
                               32 * 16793600.0);
        ROOFLAB_COMPARE_DOUBLE(
            cells.at(header.indexOf(QStringLiteral("intensity_flop_per_byte"))).toDouble(),
            67764224.0 / 16793600.0);
    }
    QVERIFY(attentionRow);
    QCOMPARE(points, 6); // one per class
}

QTEST_GUILESS_MAIN(TestModelCli)
#include "tst_modelcli.moc"
