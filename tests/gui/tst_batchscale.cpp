// The batch slider's log scale: positions to batches and back.
#include "batchscale.h"

#include <QTest>

using namespace rooflab::gui;

class TestBatchScale : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void batchAtPosition_data()
    {
        QTest::addColumn<int>("position");
        QTest::addColumn<double>("batch");
        // 1, 2, 3, then 4·2^k·{4,5,6,7}/4 from position 3 + 4k on.
        QTest::newRow("first") << 0 << 1.0;
        QTest::newRow("three") << 2 << 3.0;
        QTest::newRow("four") << 3 << 4.0;         // k = 0, step 0
        QTest::newRow("seven") << 6 << 7.0;        // 4·7/4
        QTest::newRow("sixty-four") << 19 << 64.0; // 3 + 4·4: 4·2^4
        QTest::newRow("ninety-six") << 21 << 96.0; // 4·2^4·6/4
        QTest::newRow("3584") << 42 << 3584.0;     // 4·2^9·7/4
        QTest::newRow("last") << 43 << 4096.0;     // the top of the scale
        QTest::newRow("clamped below") << -5 << 1.0;
        QTest::newRow("clamped above") << 99 << 4096.0;
    }
    void batchAtPosition()
    {
        QFETCH(int, position);
        QFETCH(double, batch);
        QCOMPARE(batchscale::batchAt(position), batch);
    }

    void positionOfBatch_data()
    {
        QTest::addColumn<double>("batch");
        QTest::addColumn<int>("position");
        QTest::newRow("exact 64") << 64.0 << 19;
        // 100 lies between 96 (ln(100/96) = 0.041) and 112 (ln(112/100) = 0.113): 96 wins.
        QTest::newRow("nearest 100") << 100.0 << 21;
        QTest::newRow("above the scale") << 10000.0 << 43;
        QTest::newRow("below one") << 0.5 << 0;
    }
    void positionOfBatch()
    {
        QFETCH(double, batch);
        QFETCH(int, position);
        QCOMPARE(batchscale::positionOf(batch), position);
    }

    void pageStepDoubles()
    {
        // From 4 on, four positions are one doubling: 5 -> 10, 96 -> 192, 2048 -> 4096.
        QCOMPARE(batchscale::maximumPosition(), 43);
        for (int p = 3; p + batchscale::stepsPerDoubling <= batchscale::maximumPosition(); ++p)
            QCOMPARE(batchscale::batchAt(p + batchscale::stepsPerDoubling),
                     2 * batchscale::batchAt(p));
    }
};

QTEST_GUILESS_MAIN(TestBatchScale)
#include "tst_batchscale.moc"
