#include "pointmotion.h"

#include "sameid.h"

#include <cmath>

namespace rooflab {

namespace {

// The key lists of two batch ticks are usually built from the same ids, in the same order.
bool sameKeyList(const QList<PointMotion::Key> &a, const QList<PointMotion::Key> &b)
{
    if (a.size() != b.size())
        return false;
    for (qsizetype i = 0; i < a.size(); ++i) {
        if (!sameId(a.at(i).first, b.at(i).first) || !sameId(a.at(i).second, b.at(i).second))
            return false;
    }
    return true;
}

} // namespace

QPointF PointMotion::interpolate(const QPointF &from, const QPointF &to, double t)
{
    const auto lerp = [t](double a, double b) {
        return std::exp(std::log(a) + (std::log(b) - std::log(a)) * t);
    };
    return {lerp(from.x(), to.x()), lerp(from.y(), to.y())};
}

void PointMotion::retarget(const QList<Key> &keys, const QList<QPointF> &targets, bool withTrails)
{
    if (!withTrails)
        m_trails.clear();
    // A batch change usually keeps the same keys in the same order: then each point starts
    // where it is drawn now without a look-up.
    const bool sameKeys = m_keysUnique && sameKeyList(keys, m_keys);
    const auto currentOf = [&](qsizetype i, const Key &key) -> const QPointF * {
        if (sameKeys)
            return &m_current.at(i);
        const auto it = m_index.constFind(key);
        return it == m_index.constEnd() ? nullptr : &m_current.at(*it);
    };
    QList<QPointF> from;
    from.reserve(keys.size());
    m_moving = false;
    QHash<Key, QPolygonF> trails;
    for (qsizetype i = 0; i < keys.size(); ++i) {
        const Key &key = keys.at(i);
        const QPointF *current = currentOf(i, key);
        from.append(current ? *current : targets.at(i));
        if (!withTrails) {
            m_moving = m_moving || from.last() != targets.at(i);
            continue;
        }
        if (m_trails.isEmpty() && from.last() == targets.at(i))
            continue; // no trail before, none now
        QPolygonF trail = m_trails.value(key);
        if (from.last() != targets.at(i)) {
            m_moving = true;
            trail.append(from.last());
            while (trail.size() > trailLength)
                trail.removeFirst();
        }
        if (!trail.isEmpty())
            trails.insert(key, trail);
    }
    m_trails = trails;
    m_from = from;
    m_to = targets;
    m_current = from;
    if (!sameKeys) {
        m_keys = keys;
        m_index.clear();
        m_index.reserve(keys.size());
        for (qsizetype i = 0; i < keys.size(); ++i)
            m_index.insert(keys.at(i), i); // the last of equal keys wins
        m_keysUnique = m_index.size() == keys.size();
    }
}

QList<QPointF> PointMotion::positionsAt(double t)
{
    if (t >= 1 && m_keysUnique) { // arrived: the targets themselves, shared, not copied
        m_current = m_to;
        return m_to;
    }
    QList<QPointF> positions;
    positions.reserve(m_keys.size());
    for (qsizetype i = 0; i < m_keys.size(); ++i)
        positions.append(t >= 1 ? m_to.at(i) : interpolate(m_from.at(i), m_to.at(i), t));
    if (m_keysUnique) {
        m_current = positions;
    } else { // of equal keys, the last one's place is the key's place (see m_index)
        for (qsizetype i = 0; i < m_keys.size(); ++i)
            m_current[m_index.value(m_keys.at(i))] = positions.at(i);
    }
    return positions;
}

QList<QPolygonF> PointMotion::trails() const
{
    if (m_trails.isEmpty()) // no trail (a jump, or the trails have faded): one empty per key
        return QList<QPolygonF>(m_keys.size());
    QList<QPolygonF> result;
    result.reserve(m_keys.size());
    for (const Key &key : m_keys)
        result.append(m_trails.value(key));
    return result;
}

} // namespace rooflab
