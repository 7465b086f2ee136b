#include "pointmotion.h"

#include <cmath>

namespace rooflab {

QPointF PointMotion::interpolate(const QPointF &from, const QPointF &to, double t)
{
    const auto lerp = [t](double a, double b) {
        return std::exp(std::log(a) + (std::log(b) - std::log(a)) * t);
    };
    return {lerp(from.x(), to.x()), lerp(from.y(), to.y())};
}

void PointMotion::retarget(const QList<Key> &keys, const QList<QPointF> &targets)
{
    m_keys = keys;
    m_to = targets;
    m_from.clear();
    m_moving = false;
    QHash<Key, QPolygonF> trails;
    for (qsizetype i = 0; i < keys.size(); ++i) {
        const Key &key = keys.at(i);
        const auto it = m_current.constFind(key);
        const QPointF from = it == m_current.constEnd() ? targets.at(i) : *it;
        m_from.append(from);
        QPolygonF trail = m_trails.value(key);
        if (from != targets.at(i)) {
            m_moving = true;
            trail.append(from);
            while (trail.size() > trailLength)
                trail.removeFirst();
        }
        if (!trail.isEmpty())
            trails.insert(key, trail);
    }
    m_trails = trails;
    m_current.clear();
    for (qsizetype i = 0; i < keys.size(); ++i)
        m_current.insert(keys.at(i), m_from.at(i));
}

QList<QPointF> PointMotion::positionsAt(double t)
{
    QList<QPointF> positions;
    positions.reserve(m_keys.size());
    for (qsizetype i = 0; i < m_keys.size(); ++i) {
        const QPointF p = t >= 1 ? m_to.at(i) : interpolate(m_from.at(i), m_to.at(i), t);
        positions.append(p);
        m_current.insert(m_keys.at(i), p);
    }
    return positions;
}

QList<QPolygonF> PointMotion::trails() const
{
    QList<QPolygonF> result;
    result.reserve(m_keys.size());
    for (const Key &key : m_keys)
        result.append(m_trails.value(key));
    return result;
}

} // namespace rooflab
