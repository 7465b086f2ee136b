#pragma once

#include <QString>

#include <algorithm>
#include <cmath>

namespace rooflab {

// Two ids copied from one source share their characters (QString is implicitly shared), so
// they are equal without comparing them; the scene model and the point motion compare many
// such ids on every batch tick.
inline bool sameId(const QString &a, const QString &b)
{
    return (a.constData() == b.constData() && a.size() == b.size()) || a == b;
}

// Two figures of one analysis that stand for the same value (a point's peak and the roof it
// answers to, two bandwidths): equal to a relative 1e-9.
inline bool sameValue(double a, double b)
{
    return std::abs(a - b) <= 1e-9 * std::max(std::abs(a), std::abs(b));
}

} // namespace rooflab
