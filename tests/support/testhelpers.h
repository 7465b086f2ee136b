#pragma once

// Helpers shared by RoofLab's Qt Test suites.

#include <QFile>
#include <QString>
#include <QTest>

#include <cmath>

namespace rooflab::test {

// True when `actual` is within `relTol` (relative) of `expected`; on failure the message
// names both values so a broken formula is easy to read from the test log.
inline bool closeTo(double actual, double expected, double relTol, QString *message)
{
    const double scale = std::max(std::abs(expected), 1e-300);
    const bool ok = std::abs(actual - expected) <= relTol * scale ||
                    (expected == 0 && std::abs(actual) <= relTol);
    if (!ok)
        *message = QStringLiteral("actual %1, expected %2 (relative error %3, tolerance %4)")
                       .arg(actual, 0, 'g', 12)
                       .arg(expected, 0, 'g', 12)
                       .arg(std::abs(actual - expected) / scale, 0, 'g', 3)
                       .arg(relTol, 0, 'g', 3);
    return ok;
}

// The bytes of `name` in tests/data/measured (made up for the tests), or empty.
inline QByteArray measuredDataFile(const char *name)
{
    QFile file(qEnvironmentVariable("ROOFLAB_TEST_DATA") + QStringLiteral("/measured/") +
               QLatin1String(name));
    if (!file.open(QIODevice::ReadOnly))
        return {};
    return file.readAll();
}

} // namespace rooflab::test

// QCOMPARE-like check of two doubles within a relative tolerance; prints both on failure.
#define ROOFLAB_COMPARE_NEAR(actual, expected, relTol)                                             \
    do {                                                                                           \
        QString rooflabNearMessage_;                                                               \
        if (!rooflab::test::closeTo((actual), (expected), (relTol), &rooflabNearMessage_))         \
            QFAIL(                                                                                 \
                qPrintable(QStringLiteral(#actual " vs " #expected ": ") + rooflabNearMessage_));  \
    } while (false)

// The default relative tolerance for hand-derived figures.
#define ROOFLAB_COMPARE_DOUBLE(actual, expected) ROOFLAB_COMPARE_NEAR(actual, expected, 1e-9)
