#include "pointmotion.h"
#include "testhelpers.h"

#include <QTest>

using namespace rooflab;

class TestPointMotion : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void interpolatesInLogSpace_data();
    void interpolatesInLogSpace();
    void glidesFromWhereItIsDrawn();
    void trailsKeepRecentPlaces();
};

void TestPointMotion::interpolatesInLogSpace_data()
{
    QTest::addColumn<double>("t");
    QTest::addColumn<double>("x");
    QTest::addColumn<double>("y");
    // From (1, 1e12) to (100, 1e14): two decades on both axes.
    QTest::newRow("start") << 0.0 << 1.0 << 1e12;
    // Half way in log space: one decade each, 10^1 and 10^13.
    QTest::newRow("half") << 0.5 << 10.0 << 1e13;
    // A quarter: 10^0.5 = 3.1623 and 10^12.5 = 3.1623e12.
    QTest::newRow("quarter") << 0.25 << 3.16227766 << 3.16227766e12;
    QTest::newRow("end") << 1.0 << 100.0 << 1e14;
}

void TestPointMotion::interpolatesInLogSpace()
{
    QFETCH(double, t);
    QFETCH(double, x);
    QFETCH(double, y);
    const QPointF p = PointMotion::interpolate(QPointF(1, 1e12), QPointF(100, 1e14), t);
    ROOFLAB_COMPARE_NEAR(p.x(), x, 1e-8);
    ROOFLAB_COMPARE_NEAR(p.y(), y, 1e-8);
}

void TestPointMotion::glidesFromWhereItIsDrawn()
{
    PointMotion motion;
    const PointMotion::Key a{QStringLiteral("gpu"), QStringLiteral("a")};
    motion.retarget({a}, {QPointF(1, 1)});
    QVERIFY(!motion.moving()); // a new point appears where it belongs
    QCOMPARE(motion.positionsAt(0).first(), QPointF(1, 1));
    motion.retarget({a}, {QPointF(100, 100)});
    QVERIFY(motion.moving());
    // Half way from (1, 1) to (100, 100) in log space is (10, 10).
    const QPointF half = motion.positionsAt(0.5).first();
    ROOFLAB_COMPARE_NEAR(half.x(), 10.0, 1e-12);
    // Retargeted mid-way, the next glide starts at (10, 10), not at (1, 1) or (100, 100):
    // half way from (10, 10) to (1000, 1000) is (100, 100).
    motion.retarget({a}, {QPointF(1000, 1000)});
    const QPointF next = motion.positionsAt(0.5).first();
    ROOFLAB_COMPARE_NEAR(next.x(), 100.0, 1e-12);
    QCOMPARE(motion.positionsAt(1).first(), QPointF(1000, 1000));
}

void TestPointMotion::trailsKeepRecentPlaces()
{
    PointMotion motion;
    const QList<PointMotion::Key> keys = {{QStringLiteral("gpu"), QStringLiteral("gemm")},
                                          {QStringLiteral("gpu"), QStringLiteral("attention")}};
    motion.retarget(keys, {QPointF(1, 1), QPointF(5, 5)});
    for (int step = 2; step <= 10; ++step) {
        motion.positionsAt(1);
        // The GEMM moves every step; attention stays where it is.
        motion.retarget(keys, {QPointF(step, step), QPointF(5, 5)});
    }
    const QList<QPolygonF> trails = motion.trails();
    QCOMPARE(trails.size(), 2);
    QVERIFY(trails.at(1).isEmpty());
    // Nine moves, the last six places kept: 4, 5, 6, 7, 8, 9 (10 is where it is now).
    QCOMPARE(trails.at(0).size(), PointMotion::trailLength);
    QCOMPARE(trails.at(0).first(), QPointF(4, 4));
    QCOMPARE(trails.at(0).last(), QPointF(9, 9));
    motion.clearTrails();
    QVERIFY(motion.trails().at(0).isEmpty());
}

QTEST_GUILESS_MAIN(TestPointMotion)
#include "tst_pointmotion.moc"
