#pragma once

#include <QHash>
#include <QList>
#include <QPointF>
#include <QPolygonF>
#include <QString>

#include <utility>

namespace rooflab {

// Where points glide from and the trails they leave, keyed by (device, operator). Positions
// are data coordinates (intensity, FLOP/s); interpolation runs in log space so a point
// moves along a straight roof line on the log-log chart.
class PointMotion
{
public:
    using Key = std::pair<QString, QString>; // device id, operator id

    // Starts a move: each key glides from where it is drawn now to `targets`. Keys that
    // moved leave their old place on their trail (at most `trailLength` places); without
    // `trails` (a jump, not a glide) the trails are forgotten instead, at no cost per key.
    void retarget(const QList<Key> &keys, const QList<QPointF> &targets, bool trails = true);

    // The positions at animation progress `t` in [0, 1], in the order of the keys given to
    // the last retarget(); remembers them as the places drawn now.
    QList<QPointF> positionsAt(double t);

    // True when some point of the last retarget() changed place.
    bool moving() const { return m_moving; }

    // The recent places of each key of the last retarget(), oldest first.
    QList<QPolygonF> trails() const;

    // Forgets the trails (the points stay where they are).
    void clearTrails() { m_trails.clear(); }

    // Log-space interpolation between two positive points.
    static QPointF interpolate(const QPointF &from, const QPointF &to, double t);

    static constexpr int trailLength = 6;

private:
    QList<Key> m_keys;
    QList<QPointF> m_from, m_to;
    // Where each key is drawn now: m_current[m_index[key]] (the last of equal keys), kept
    // as a list so that a frame updates it without hashing every key again.
    QHash<Key, qsizetype> m_index;
    QList<QPointF> m_current;
    bool m_keysUnique = true; // no key repeats in m_keys: m_index[m_keys[i]] == i
    QHash<Key, QPolygonF> m_trails;
    bool m_moving = false;
};

} // namespace rooflab
