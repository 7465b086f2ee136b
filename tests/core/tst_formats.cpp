// Bytes per element of every built-in format, block scales included (docs/presets.md:
// effective bytes = (bits + scale_bits / block_size) / 8).
#include "catalog.h"
#include "format.h"
#include "testhelpers.h"

#include <QSet>
#include <QTest>

#include <iterator>

using namespace rooflab;

namespace {

// One row per built-in format, derived by hand from the format's definition.
struct FormatRow
{
    const char *id;
    double bytes;
    const char *math;
};

constexpr FormatRow formatRows[] = {
    {"fp64", 8.0, "fp64"},           // 64 / 8 = 8
    {"fp32", 4.0, "fp32"},           // 32 / 8 = 4
    {"tf32", 4.0, "tf32"},           // stored as a 32-bit float: 32 / 8 = 4, not 19 / 8
    {"bf16", 2.0, "bf16"},           // 16 / 8 = 2
    {"fp16", 2.0, "fp16"},           // 16 / 8 = 2
    {"fp8-e4m3", 1.0, "fp8"},        // 8 / 8 = 1
    {"fp8-e5m2", 1.0, "fp8"},        // 8 / 8 = 1
    {"fp8", 1.0, "fp8"},             // 8 / 8 = 1
    {"int8", 1.0, "int8"},           // 8 / 8 = 1
    {"fp6-e3m2", 0.75, "fp6"},       // 6 / 8 = 0.75
    {"fp6-e2m3", 0.75, "fp6"},       // 6 / 8 = 0.75
    {"fp6", 0.75, "fp6"},            // 6 / 8 = 0.75
    {"fp4-e2m1", 0.5, "fp4"},        // 4 / 8 = 0.5
    {"fp4", 0.5, "fp4"},             // 4 / 8 = 0.5
    {"int4", 0.5, "int4"},           // 4 / 8 = 0.5
    {"mxfp8", 1.03125, "fp8"},       // (8 + 8/32) / 8 = 8.25 / 8 = 1.03125
    {"mxfp6", 0.78125, "fp6"},       // (6 + 8/32) / 8 = 6.25 / 8 = 0.78125
    {"mxfp4", 0.53125, "fp4"},       // (4 + 8/32) / 8 = 4.25 / 8 = 0.53125
    {"nvfp4", 0.5625, "fp4"},        // (4 + 8/16) / 8 = 4.5 / 8 = 0.5625
    {"int4-g128", 0.515625, "int4"}, // (4 + 16/128) / 8 = 4.125 / 8 = 0.515625
};

} // namespace

class TestFormats : public QObject
{
    Q_OBJECT

private:
    Catalog m_catalog;

private Q_SLOTS:
    void initTestCase();
    void builtinBytes_data();
    void builtinBytes();
    void everyBuiltinFormatHasARow();
    void blockScaleArithmetic_data();
    void blockScaleArithmetic();
    void mathFamilies();
};

void TestFormats::initTestCase()
{
    m_catalog = Catalog::builtin();
    QVERIFY2(m_catalog.problems().isEmpty(),
             qPrintable(m_catalog.problems().join(QLatin1Char('\n'))));
}

void TestFormats::builtinBytes_data()
{
    QTest::addColumn<QString>("id");
    QTest::addColumn<double>("bytes");
    QTest::addColumn<QString>("math");
    for (const FormatRow &row : formatRows)
        QTest::newRow(row.id) << QString::fromLatin1(row.id) << row.bytes
                              << QString::fromLatin1(row.math);
}

void TestFormats::builtinBytes()
{
    QFETCH(QString, id);
    QFETCH(double, bytes);
    QFETCH(QString, math);
    const Format *format = m_catalog.format(id);
    QVERIFY2(format, qPrintable(QStringLiteral("no built-in format \"%1\"").arg(id)));
    ROOFLAB_COMPARE_DOUBLE(format->bytesPerElement(), bytes);
    QCOMPARE(format->math, math);
}

void TestFormats::everyBuiltinFormatHasARow()
{
    // A format added to presets/formats.json needs its hand-derived row above.
    QSet<QString> covered;
    for (const FormatRow &row : formatRows)
        covered.insert(QString::fromLatin1(row.id));
    for (const Format &format : m_catalog.formats())
        QVERIFY2(covered.contains(format.id),
                 qPrintable(QStringLiteral("format \"%1\" has no test row").arg(format.id)));
    QCOMPARE(m_catalog.formats().size(), qsizetype(std::size(formatRows)));
}

void TestFormats::blockScaleArithmetic_data()
{
    QTest::addColumn<double>("bits");
    QTest::addColumn<int>("blockSize");
    QTest::addColumn<double>("scaleBits");
    QTest::addColumn<double>("bytes");
    // (bits + scaleBits / blockSize) / 8
    QTest::newRow("plain 16-bit") << 16.0 << 0 << 0.0 << 2.0;                  // 16 / 8 = 2
    QTest::newRow("scale ignored without block") << 4.0 << 0 << 8.0 << 0.5;    // 4 / 8
    QTest::newRow("fp4 + fp8 scale per 16") << 4.0 << 16 << 8.0 << 0.5625;     // 4.5 / 8
    QTest::newRow("int4 + fp32 scale per 32") << 4.0 << 32 << 32.0 << 0.625;   // (4+1)/8
    QTest::newRow("int8 + fp16 scale per 64") << 8.0 << 64 << 16.0 << 1.03125; // 8.25/8
    QTest::newRow("fp6 + e8m0 scale per 32") << 6.0 << 32 << 8.0 << 0.78125;   // 6.25/8
}

void TestFormats::blockScaleArithmetic()
{
    QFETCH(double, bits);
    QFETCH(int, blockSize);
    QFETCH(double, scaleBits);
    QFETCH(double, bytes);
    Format format;
    format.bits = bits;
    format.blockSize = blockSize;
    format.scaleBits = scaleBits;
    ROOFLAB_COMPARE_DOUBLE(format.bytesPerElement(), bytes);
}

void TestFormats::mathFamilies()
{
    // docs/presets.md: fp64 fp32 tf32 bf16 fp16 fp8 int8 fp6 fp4 int4.
    const QStringList expected = {QStringLiteral("fp64"), QStringLiteral("fp32"),
                                  QStringLiteral("tf32"), QStringLiteral("bf16"),
                                  QStringLiteral("fp16"), QStringLiteral("fp8"),
                                  QStringLiteral("int8"), QStringLiteral("fp6"),
                                  QStringLiteral("fp4"),  QStringLiteral("int4")};
    for (const QString &family : expected)
        QVERIFY2(isMathFamily(family), qPrintable(family));
    QVERIFY(!isMathFamily(QStringLiteral("fp5")));
    QVERIFY(!isMathFamily(QStringLiteral("nvfp4"))); // a storage format, not a family
    QVERIFY(!isMathFamily(QString()));
}

QTEST_GUILESS_MAIN(TestFormats)
#include "tst_formats.moc"
