#pragma once

#include <QString>

namespace rooflab {

// Two ids copied from one source share their characters (QString is implicitly shared), so
// they are equal without comparing them; the scene model and the point motion compare many
// such ids on every batch tick.
inline bool sameId(const QString &a, const QString &b)
{
    return (a.constData() == b.constData() && a.size() == b.size()) || a == b;
}

} // namespace rooflab
