// The number formats figures and panels print (src/core/units.h): counts with short-scale
// prefixes, bytes with decimal prefixes, and batch facts as whole batches.

#include "units.h"

#include <QTest>

#include <cmath>
#include <limits>

using namespace rooflab;

class TestUnits : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void countsTakeShortScalePrefixes_data()
    {
        QTest::addColumn<double>("value");
        QTest::addColumn<QString>("text");
        // Llama 3.1 70B: 70,553,706,496 parameters / 1e9 = 70.55 (four digits) "B".
        QTest::newRow("70B parameters") << 70553706496.0 << QStringLiteral("70.55 B");
        QTest::newRow("8B parameters") << 8030261248.0 << QStringLiteral("8.03 B");
        QTest::newRow("a million") << 1.2e6 << QStringLiteral("1.2 M");
        QTest::newRow("thousands") << 4096.0 << QStringLiteral("4.096 k");
        QTest::newRow("trillions") << 1.8e12 << QStringLiteral("1.8 T");
        QTest::newRow("small") << 512.0 << QStringLiteral("512");
    }
    void countsTakeShortScalePrefixes()
    {
        QFETCH(double, value);
        QFETCH(QString, text);
        QCOMPARE(formatCount(value), text);
    }

    void bytesTakeDecimalPrefixes()
    {
        // 141e9 B = 141 GB; 1.5e12 B = 1.5 TB (decimal, docs/roofline.md "Units").
        QCOMPARE(formatBytes(141e9), QStringLiteral("141 GB"));
        QCOMPARE(formatBytes(1.5e12), QStringLiteral("1.5 TB"));
    }

    void batchFactsAreWholeBatches_data()
    {
        QTest::addColumn<double>("batch");
        QTest::addColumn<QString>("text");
        // The first whole batch at or past the value, never below one.
        QTest::newRow("a fraction of one") << 0.6706 << QStringLiteral("1");
        QTest::newRow("325.6") << 325.6 << QStringLiteral("326");
        QTest::newRow("exactly 256") << 256.0 << QStringLiteral("256");
        QTest::newRow("256 plus rounding noise") << 256.0000000001 << QStringLiteral("256");
        QTest::newRow("never") << std::numeric_limits<double>::infinity() << QStringLiteral("∞");
    }
    void batchFactsAreWholeBatches()
    {
        QFETCH(double, batch);
        QFETCH(QString, text);
        QCOMPARE(formatWholeBatch(batch), text);
    }

    void anExactBatchDiffersFromItsWholeBatch_data()
    {
        QTest::addColumn<double>("batch");
        QTest::addColumn<QString>("text");
        // Four significant digits where they tell it from the whole batch (326 here)...
        QTest::newRow("325.56") << 325.5576 << QStringLiteral("325.6");
        // ... more where four round to the whole batch: 316.98 is not "317" beside "317",
        // nor 316.9996 "317" or "317.00".
        QTest::newRow("316.98") << 316.98 << QStringLiteral("316.98");
        QTest::newRow("316.9996") << 316.9996 << QStringLiteral("316.9996");
        // A whole value is itself.
        QTest::newRow("317") << 317.0 << QStringLiteral("317");
    }
    void anExactBatchDiffersFromItsWholeBatch()
    {
        QFETCH(double, batch);
        QFETCH(QString, text);
        QCOMPARE(formatExactBatch(batch), text);
    }

    // A count says "1 label" and "0 labels", "2 labels": never "label(s)".
    void aCountTakesItsNounsNumber()
    {
        const QString one = QStringLiteral("%1 label left out");
        const QString many = QStringLiteral("%1 labels left out");
        QCOMPARE(countedText(1, one, many), QStringLiteral("1 label left out"));
        QCOMPARE(countedText(0, one, many), QStringLiteral("0 labels left out"));
        QCOMPARE(countedText(15, one, many), QStringLiteral("15 labels left out"));
    }
};

QTEST_GUILESS_MAIN(TestUnits)
#include "tst_units.moc"
