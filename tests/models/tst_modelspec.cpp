// ModelSpec: parameter counts of the built-in model presets against hand counts and the
// published figures, active parameters of a mixture of experts, KV-cache bytes per token.
#include "catalog.h"
#include "modelspec.h"
#include "testhelpers.h"

#include <QTest>

using namespace rooflab;

class TestModelSpec : public QObject
{
    Q_OBJECT

private:
    Catalog m_catalog;
    const ModelSpec *model(const QString &id);

private Q_SLOTS:
    void initTestCase();
    void parameterCount_data();
    void parameterCount();
    void everyPresetMatchesItsPublishedCount();
    void activeParameters();
    void kvBytesPerToken_data();
    void kvBytesPerToken();
    void derivedWidths();
};

const ModelSpec *TestModelSpec::model(const QString &id)
{
    const ModelSpec *m = m_catalog.model(id);
    if (!m)
        qWarning("model %s not loaded", qPrintable(id));
    return m;
}

void TestModelSpec::initTestCase()
{
    m_catalog = Catalog::builtin();
    QVERIFY2(m_catalog.problems().isEmpty(),
             qPrintable(m_catalog.problems().join(QLatin1Char('\n'))));
    QCOMPARE(m_catalog.models().size(), 11);
}

void TestModelSpec::parameterCount_data()
{
    QTest::addColumn<QString>("id");
    QTest::addColumn<double>("exact");
    QTest::addColumn<double>("published");

    // Per layer: QKV D*(H+2Hkv)*d, output H*d*D, gated MLP 3*D*F, two RMSNorms 2*D; plus the
    // embedding table and the untied LM head (2*V*D) and the final norm (D).

    // Llama 2 7B: QKV 4096*96*128 = 50,331,648; out 16,777,216; MLP 3*4096*11008 =
    // 135,266,304; norms 8,192 -> layer 202,383,360; x32 = 6,476,267,520;
    // + 2*32000*4096 = 262,144,000 + 4,096 = 6,738,415,616 (published 6.74B).
    QTest::newRow("llama-2-7b") << QStringLiteral("llama-2-7b") << 6738415616.0 << 6.74e9;
    // Llama 2 13B: attention 4*5120^2 = 104,857,600; MLP 3*5120*13824 = 212,336,640;
    // norms 10,240 -> 317,204,480 x40 = 12,688,179,200; + 2*32000*5120 = 327,680,000
    // + 5,120 = 13,015,864,320 (published 13.0B).
    QTest::newRow("llama-2-13b") << QStringLiteral("llama-2-13b") << 13015864320.0 << 13.0e9;
    // Llama 2 70B: QKV 8192*(64+16)*128 = 83,886,080; out 67,108,864; MLP 3*8192*28672 =
    // 704,643,072; norms 16,384 -> 855,654,400 x80 = 68,452,352,000; + 2*32000*8192 =
    // 524,288,000 + 8,192 = 68,976,648,192 (published 69.0B).
    QTest::newRow("llama-2-70b") << QStringLiteral("llama-2-70b") << 68976648192.0 << 69.0e9;
    // Llama 3.1 8B: QKV 4096*48*128 = 25,165,824; out 16,777,216; MLP 3*4096*14336 =
    // 176,160,768; norms 8,192 -> 218,112,000 x32 = 6,979,584,000; + 2*128256*4096 =
    // 1,050,673,152 + 4,096 = 8,030,261,248 (published 8.03B).
    QTest::newRow("llama-3.1-8b") << QStringLiteral("llama-3.1-8b") << 8030261248.0 << 8.03e9;
    // Llama 3.1 70B: layers as Llama 2 70B: 68,452,352,000; + 2*128256*8192 = 2,101,346,304
    // + 8,192 = 70,553,706,496 (published 70.6B).
    QTest::newRow("llama-3.1-70b") << QStringLiteral("llama-3.1-70b") << 70553706496.0 << 70.6e9;
    // Llama 3.1 405B: QKV 16384*144*128 = 301,989,888; out 268,435,456; MLP 3*16384*53248 =
    // 2,617,245,696; norms 32,768 -> 3,187,703,808 x126 = 401,650,679,808; + 2*128256*16384
    // = 4,202,692,608 + 16,384 = 405,853,388,800 (published 405B).
    QTest::newRow("llama-3.1-405b")
        << QStringLiteral("llama-3.1-405b") << 405853388800.0 << 405.0e9;
    // Mistral 7B: layers as Llama 3.1 8B: 6,979,584,000; + 2*32000*4096 = 262,144,000
    // + 4,096 = 7,241,732,096 (published 7.24B).
    QTest::newRow("mistral-7b") << QStringLiteral("mistral-7b") << 7241732096.0 << 7.24e9;
    // Mixtral 8x7B: attention 25,165,824 + 16,777,216 = 41,943,040; 8 experts x 176,160,768
    // = 1,409,286,144; router 4096*8 = 32,768; norms 8,192 -> 1,451,270,144 x32 =
    // 46,440,644,608; + 262,144,000 + 4,096 = 46,702,792,704 (published 46.7B).
    QTest::newRow("mixtral-8x7b") << QStringLiteral("mixtral-8x7b") << 46702792704.0 << 46.7e9;
    // Qwen2.5 72B: QKV 8192*80*128 = 83,886,080 + biases 80*128 = 10,240; out 67,108,864;
    // MLP 3*8192*29568 = 726,663,168; norms 16,384 -> 877,684,736 x80 = 70,214,778,880;
    // + 2*152064*8192 = 2,491,416,576 + 8,192 = 72,706,203,648 (published 72.7B).
    QTest::newRow("qwen2.5-72b") << QStringLiteral("qwen2.5-72b") << 72706203648.0 << 72.7e9;
    // Qwen3 30B-A3B: QKV 2048*(32+2*4)*128 = 10,485,760; out 4096*2048 = 8,388,608; 128
    // experts of 2048*1536 + 768*2048 = 4,718,592 each = 603,979,776; router 2048*128 =
    // 262,144; norms 4,096 -> 623,120,384 x48 = 29,909,778,432; + 2*151936*2048 =
    // 622,329,856 + 2,048 = 30,532,110,336 (published 30.5B).
    QTest::newRow("qwen3-30b-a3b") << QStringLiteral("qwen3-30b-a3b") << 30532110336.0 << 30.5e9;
    // DeepSeek-V3, latent attention per layer: q down 7168*1536 = 11,010,048 + its norm 1,536;
    // q up 1536*128*(128+64) = 37,748,736; kv down 7168*(512+64) = 4,128,768 + its norm 512;
    // kv up 512*128*(128+128) = 16,777,216; out 128*128*7168 = 117,440,512 -> 187,107,328;
    // x61 = 11,413,547,008. Norms 2*7168 x61 = 874,496. Dense MLP 3*7168*18432 =
    // 396,361,728 x3 = 1,189,085,184. Expert layers: 256 experts of 3*7168*2048 = 44,040,192
    // = 11,274,289,152, one shared 44,040,192, router 7168*256 = 1,835,008 -> 11,320,164,352
    // x58 = 656,569,532,416. Tables 2*129280*7168 = 1,853,358,080, final norm 7,168.
    // Sum 671,026,404,352: the published 671B, which leaves out the multi-token prediction
    // module (the checkpoint's 685B holds it), so the 1% tolerance applies as to the others.
    QTest::newRow("deepseek-v3") << QStringLiteral("deepseek-v3") << 671026404352.0 << 671.0e9;
}

void TestModelSpec::parameterCount()
{
    QFETCH(QString, id);
    QFETCH(double, exact);
    QFETCH(double, published);
    const ModelSpec *m = model(id);
    QVERIFY(m);
    ROOFLAB_COMPARE_DOUBLE(m->parameterCount(), exact);
    ROOFLAB_COMPARE_NEAR(m->parameterCount(), published, 0.01);
    ROOFLAB_COMPARE_DOUBLE(m->publishedParams, published);
}

void TestModelSpec::everyPresetMatchesItsPublishedCount()
{
    // A preset added later must also state its published count and agree within 1%.
    for (const ModelSpec &m : m_catalog.models()) {
        QVERIFY2(m.publishedParams > 0, qPrintable(m.id));
        QVERIFY2(!m.source.isEmpty(), qPrintable(m.id));
        ROOFLAB_COMPARE_NEAR(m.parameterCount(), m.publishedParams, 0.01);
    }
}

void TestModelSpec::activeParameters()
{
    const ModelSpec *mixtral = model(QStringLiteral("mixtral-8x7b"));
    QVERIFY(mixtral);
    // 6 idle experts per layer: 46,702,792,704 - 32*6*176,160,768 (33,822,867,456)
    // = 12,879,925,248; Mistral AI states 12.9B used per token.
    ROOFLAB_COMPARE_DOUBLE(mixtral->activeParameterCount(), 12879925248.0);
    ROOFLAB_COMPARE_NEAR(mixtral->activeParameterCount(), 12.9e9, 0.01);
    // Qwen3 30B-A3B: 120 idle experts per layer: 30,532,110,336 - 48*120*4,718,592
    // (27,179,089,920) = 3,353,020,416; the model card states 3.3B activated.
    const ModelSpec *qwen3 = model(QStringLiteral("qwen3-30b-a3b"));
    QVERIFY(qwen3);
    ROOFLAB_COMPARE_DOUBLE(qwen3->activeParameterCount(), 3353020416.0);
    ROOFLAB_COMPARE_NEAR(qwen3->activeParameterCount(), 3.3e9, 0.02);
    // DeepSeek-V3: 248 idle experts in each of 58 layers: 58*248*44,040,192 = 633,474,121,728;
    // 671,026,404,352 - that = 37,552,282,624. The report states 37B activated; the weights'
    // README 36.6B, which leaves out the input embedding (926,679,040): 36,625,603,584. The
    // 2% tolerance covers the report's rounding to whole billions (37.55 against 37).
    const ModelSpec *deepseek = model(QStringLiteral("deepseek-v3"));
    QVERIFY(deepseek);
    ROOFLAB_COMPARE_DOUBLE(deepseek->activeParameterCount(), 37552282624.0);
    ROOFLAB_COMPARE_NEAR(deepseek->activeParameterCount(), 37.0e9, 0.02);
    ROOFLAB_COMPARE_NEAR(deepseek->activeParameterCount() - 129280.0 * 7168.0, 36.6e9, 0.001);
    // A dense model runs every parameter: 8,030,261,248.
    ROOFLAB_COMPARE_DOUBLE(model(QStringLiteral("llama-3.1-8b"))->activeParameterCount(),
                           8030261248.0);
}

void TestModelSpec::kvBytesPerToken_data()
{
    QTest::addColumn<QString>("id");
    QTest::addColumn<double>("bytesPerElement");
    QTest::addColumn<double>("expected");
    // 2 (K and V) * layers * H_kv * d * b_kv
    QTest::newRow("llama-3.1-8b bf16")
        << QStringLiteral("llama-3.1-8b") << 2.0 << 131072.0; // 2*32*8*128*2
    QTest::newRow("llama-3.1-8b fp8")
        << QStringLiteral("llama-3.1-8b") << 1.0 << 65536.0; // 2*32*8*128*1
    QTest::newRow("llama-2-7b bf16, no GQA")
        << QStringLiteral("llama-2-7b") << 2.0 << 524288.0; // 2*32*32*128*2
    QTest::newRow("llama-3.1-70b bf16")
        << QStringLiteral("llama-3.1-70b") << 2.0 << 327680.0; // 2*80*8*128*2
    QTest::newRow("llama-3.1-405b bf16")
        << QStringLiteral("llama-3.1-405b") << 2.0 << 516096.0; // 2*126*8*128*2
    QTest::newRow("qwen2.5-72b bf16")
        << QStringLiteral("qwen2.5-72b") << 2.0 << 327680.0; // 2*80*8*128*2
    // Latent attention caches kv_lora + rope = 512 + 64 = 576 elements per layer, not 2*H*d.
    QTest::newRow("deepseek-v3 bf16")
        << QStringLiteral("deepseek-v3") << 2.0 << 70272.0;                              // 61*576*2
    QTest::newRow("deepseek-v3 fp8") << QStringLiteral("deepseek-v3") << 1.0 << 35136.0; // 61*576*1
}

void TestModelSpec::kvBytesPerToken()
{
    QFETCH(QString, id);
    QFETCH(double, bytesPerElement);
    QFETCH(double, expected);
    const ModelSpec *m = model(id);
    QVERIFY(m);
    ROOFLAB_COMPARE_DOUBLE(m->kvBytesPerToken(bytesPerElement), expected);
}

void TestModelSpec::derivedWidths()
{
    const ModelSpec *m = model(QStringLiteral("llama-3.1-70b"));
    QVERIFY(m);
    ROOFLAB_COMPARE_DOUBLE(m->qkvWidth(), 10240.0);      // (64 + 2*8) * 128
    ROOFLAB_COMPARE_DOUBLE(m->attentionWidth(), 8192.0); // 64 * 128
    ROOFLAB_COMPARE_DOUBLE(m->mlpUpWidth(), 57344.0);    // 2 * 28672 (gated)
    ModelSpec plain = *m;
    plain.gatedMlp = false;
    ROOFLAB_COMPARE_DOUBLE(plain.mlpUpWidth(), 28672.0);
    const ModelSpec *ds = model(QStringLiteral("deepseek-v3"));
    QVERIFY(ds);
    QVERIFY(ds->isMla());
    ROOFLAB_COMPARE_DOUBLE(ds->moeLayers(), 58.0);                     // 61 - 3 dense
    ROOFLAB_COMPARE_DOUBLE(ds->sharedFfn, 2048.0);                     // 1 shared x 2048
    ROOFLAB_COMPARE_DOUBLE(ds->kvElementsPerLayerToken(), 576.0);      // 512 + 64
    ROOFLAB_COMPARE_DOUBLE(ds->attentionIntermediateWidth(), 32768.0); // 128*(128+128)
}

QTEST_GUILESS_MAIN(TestModelSpec)
#include "tst_modelspec.moc"
