// The precision schemes of the stepped selector: matching and device support.
#include "catalog.h"
#include "precisionpreset.h"

#include <QTest>

using namespace rooflab;
using namespace rooflab::gui;

namespace {

QString s(const char *text)
{
    return QString::fromUtf8(text);
}

PrecisionScheme scheme(const char *weights, const char *act, const char *math)
{
    PrecisionScheme p;
    p.weights = s(weights);
    p.act = s(act);
    p.math = s(math);
    return p;
}

} // namespace

class TestPrecisionPreset : public QObject
{
    Q_OBJECT

    Catalog m_catalog = Catalog::builtin();

private Q_SLOTS:
    void labels()
    {
        QStringList labels;
        for (const PrecisionPreset &p : precisionPresets())
            labels.append(p.label);
        QCOMPARE(labels, QStringList({s("FP32"), s("BF16"), s("W8A16"), s("W4A16"), s("W8A8 FP8"),
                                      s("W4A4 FP4")}));
    }

    void match_data()
    {
        QTest::addColumn<PrecisionScheme>("scheme");
        QTest::addColumn<int>("index"); // -1: no preset
        QTest::newRow("bf16, implied math") << scheme("bf16", "bf16", "") << 1;
        QTest::newRow("bf16, named math") << scheme("bf16", "bf16", "bf16") << 1;
        // "fp8" is the short name of fp8-e4m3: same bytes, same math family.
        QTest::newRow("fp8 alias weights") << scheme("fp8", "bf16", "bf16") << 2;
        QTest::newRow("int4 group 128") << scheme("int4-g128", "bf16", "bf16") << 3;
        QTest::newRow("fp8 everywhere") << scheme("fp8-e4m3", "fp8-e4m3", "") << 4;
        QTest::newRow("nvfp4") << scheme("nvfp4", "nvfp4", "nvfp4") << 5;
        // Plain int4 has no group scales (0.5 byte, not 0.5 + 2/128): another scheme.
        QTest::newRow("plain int4") << scheme("int4", "bf16", "bf16") << -1;
        QTest::newRow("int8") << scheme("int8", "int8", "int8") << -1;
    }
    void match()
    {
        QFETCH(PrecisionScheme, scheme);
        QFETCH(int, index);
        const std::optional<qsizetype> found = matchPreset(m_catalog, scheme);
        QCOMPARE(found ? static_cast<int>(*found) : -1, index);
    }

    void availability()
    {
        const PrecisionPreset &fp4 = precisionPresets().at(5);
        const PrecisionPreset &fp32 = precisionPresets().at(0);
        // H100 and H200 list no FP4 ceiling but a BF16 one: the core runs the scheme there
        // in BF16 with a badge (docs/roofline.md, "Which roof"), so the button stays usable.
        QVERIFY(presetUnavailableReason(m_catalog, fp4, {s("h100-sxm5"), s("h200-sxm")}).isEmpty());
        QVERIFY(presetUnavailableReason(m_catalog, fp4, {s("h100-sxm5"), s("b200")}).isEmpty());
        // TPU v5e lists BF16, INT8 and INT4 only: nothing runs FP32 there, and no format is
        // wider than FP32 among the fallbacks (BF16, FP16, FP32).
        const QString why = presetUnavailableReason(m_catalog, fp32, {s("tpu-v5e")});
        QVERIFY2(why.contains(s("FP32")), qPrintable(why));
        QVERIFY2(why.contains(s("Google TPU v5e")), qPrintable(why));
        // One shown device that can run it is enough.
        QVERIFY(presetUnavailableReason(m_catalog, fp32, {s("tpu-v5e"), s("h100-sxm5")}).isEmpty());
        QVERIFY(presetUnavailableReason(m_catalog, fp32, {s("h100-sxm5")}).isEmpty());
        QVERIFY(!presetUnavailableReason(m_catalog, fp32, {}).isEmpty());
    }

    void fallbackNotes()
    {
        const PrecisionPreset &bf16 = precisionPresets().at(1);
        const PrecisionPreset &fp8 = precisionPresets().at(4);
        const PrecisionPreset &fp4 = precisionPresets().at(5);
        // B200 has an FP4 ceiling: no note. H100 and H200 have none; BF16 is the first wider
        // format they list, so W4A4 FP4 runs BF16 there.
        QCOMPARE(presetFallbackNotes(m_catalog, fp4, {s("h100-sxm5"), s("b200"), s("h200-sxm")}),
                 QStringList({s("NVIDIA H100 SXM5 80GB has no FP4: runs BF16"),
                              s("NVIDIA H200 SXM 141GB has no FP4: runs BF16")}));
        // The H100 has FP8 matrix units: no note for W8A8 FP8.
        QVERIFY(presetFallbackNotes(m_catalog, fp8, {s("h100-sxm5"), s("b200")}).isEmpty());
        // The T4 lists FP16 and FP32 but no BF16. FP16 is not wider than BF16 (same 16 bits,
        // fewer exponent bits: the core only goes up), so BF16 runs in FP32 there.
        QCOMPARE(presetFallbackNotes(m_catalog, bf16, {s("t4")}),
                 QStringList({s("NVIDIA T4 has no BF16: runs FP32")}));
        // A device the catalog does not know gives no note.
        QVERIFY(presetFallbackNotes(m_catalog, fp4, {s("no-such-device")}).isEmpty());
    }

    void schemeForKeepsKv()
    {
        const PrecisionScheme p = schemeFor(precisionPresets().at(2), s("fp8-e4m3"));
        QCOMPARE(p.weights, s("fp8-e4m3"));
        QCOMPARE(p.act, s("bf16"));
        QCOMPARE(p.kv, s("fp8-e4m3"));
        QCOMPARE(p.math, s("bf16"));
    }
};

QTEST_GUILESS_MAIN(TestPrecisionPreset)
#include "tst_precisionpreset.moc"
