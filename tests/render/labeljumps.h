#pragma once

// How tst_labelstability compares a label with itself one step of a sweep later: what
// identifies it, where it is, what area it takes, whether its place was free, and the jumps
// over a limit between two frames (docs/labels.md, "What is tested").

#include "labelplacer.h"
#include "sceneframe.h"
#include "scenemodel.h"

#include <QHash>
#include <QLineF>
#include <QMultiHash>
#include <QPolygonF>
#include <QSet>
#include <QString>
#include <QStringList>

#include <algorithm>
#include <cmath>
#include <numbers>

namespace rooflab::test {

// What identifies a label from one frame to the next: its kind, its text and, for a point
// label or a number badge, the groups of points it names (a badge's number may change when
// others come or go).
inline QString keyOf(const PlacedText &t)
{
    QStringList groups;
    for (int g : t.groups)
        groups.append(QString::number(g));
    const QString text = t.style == TextStyle::Badge ? QString() : t.text;
    return QString::number(int(t.style)) + QLatin1Char(' ') + text + QLatin1Char(' ') +
           groups.join(QLatin1Char(','));
}

// Where a label is: its box's centre (for a text along a slope, the point it turns about).
inline QPointF centreOf(const PlacedText &t)
{
    return t.angle != 0 ? t.origin : t.rect.center();
}

// The area a label takes: its box; for a text along a slope, the boxes the layout keeps
// for it (linelabels.cpp): the text cut into pieces h / 2 long, each piece's bounding box.
inline QPolygonF areaOf(const PlacedText &t)
{
    if (t.angle == 0)
        return QPolygonF(t.rect);
    const double w = t.rect.width(), h = t.rect.height();
    const double radians = t.angle * std::numbers::pi / 180;
    const QPointF dir(std::cos(radians), std::sin(radians));
    const int parts = static_cast<int>(std::ceil(w / (h / 2)));
    const double pw = w / parts;
    const QSizeF box(pw * std::abs(dir.x()) + h * std::abs(dir.y()),
                     pw * std::abs(dir.y()) + h * std::abs(dir.x()));
    QPolygonF area;
    for (int i = 0; i < parts; ++i) {
        const QPointF c = t.origin + dir * ((i + 0.5) * pw - w / 2);
        area = area.united(QPolygonF(QRectF(c - QPointF(box.width() / 2, box.height() / 2), box)));
    }
    return area;
}

// True when `a` (its box or its leader line) and `b`'s box share some area: where `b` is,
// `a` could not be (a leader line may not cut through text either).
inline bool inTheWayOf(const PlacedText &a, const PlacedText &b)
{
    const QPolygonF box = areaOf(b);
    if (areaOf(a).intersects(box))
        return true;
    if (!a.leader)
        return false;
    const QLineF &l = a.leaderLine;
    const QPointF across = QPointF(-l.dy(), l.dx()) / std::max(1e-9, l.length()); // 1 px
    return box.intersects(
        QPolygonF({l.p1() + across, l.p2() + across, l.p2() - across, l.p1() - across}));
}

// The labels of a frame by key; a key may come more than once (a group whose points lie
// far apart is labelled point by point).
inline QMultiHash<QString, const PlacedText *> labelsOf(const SceneFrame &frame)
{
    QMultiHash<QString, const PlacedText *> labels;
    for (const PlacedText &t : frame.texts) {
        if (!t.text.isEmpty()) // not a batch mark's caret: it sits on its ridge corner
            labels.insert(keyOf(t), &t);
    }
    return labels;
}

// True when `t`'s box is not free in `frame`: a point's marker covers it, or (for a box
// that is not along a slope, which may sit on its own line) a roof or slope line crosses it
// within the 3 px the layout keeps from lines.
inline bool placeTaken(const SceneModel &model, const SceneFrame &frame, const PlacedText &t)
{
    const QPolygonF area = areaOf(t);
    for (qsizetype i = 0; i < frame.pointPixels.size(); ++i) {
        const double half = frame.pointSize(model.points.at(i)) / 2;
        const QPointF p = frame.pointPixels.at(i);
        // A marker is an obstacle 1 px larger than drawn, and a text along a slope is
        // placed as boxes a little larger than the text: 3 px of slack.
        const QRectF marker(p.x() - half - 3, p.y() - half - 3, 2 * half + 6, 2 * half + 6);
        if (area.intersects(QPolygonF(marker)))
            return true;
    }
    if (t.angle != 0)
        return false;
    const AxisMapping &map = frame.map;
    const QRectF grown = t.rect.adjusted(-3, -3, 3, 3);
    for (const SceneSlope &slope : model.slopes) {
        const auto s = visibleSlope(slope, map);
        if (s && LabelPlacer::segmentHitsRect(
                     QLineF(map.toPixel(s->xa, s->ya), map.toPixel(s->xb, s->yb)), grown))
            return true;
    }
    for (const SceneRoof &roof : model.roofs) {
        const auto s = visibleRoof(roof, map);
        if (s && LabelPlacer::segmentHitsRect(
                     QLineF(map.toPixel(s->xa, s->ya), map.toPixel(s->xb, s->yb)), grown))
            return true;
    }
    return false;
}

// True when nothing of `frame` but `self` is where `place` would go: no marker, no roof or
// slope line within 3 px (for a box not along a slope), not the legend, no other text or
// leader line, inside the plot. What the layout asks of a place.
inline bool freeAt(const SceneModel &model, const SceneFrame &frame, const PlacedText &place,
                   const PlacedText *self)
{
    const QPolygonF area = areaOf(place);
    if (!frame.map.rect.contains(area.boundingRect()))
        return false;
    if (frame.legend.rect.isValid() &&
        area.intersects(QPolygonF(frame.legend.rect.adjusted(-4, -4, 4, 4))))
        return false;
    for (const PlacedText &other : frame.texts) {
        if (&other != self && (inTheWayOf(other, place) || inTheWayOf(place, other)))
            return false;
    }
    return !placeTaken(model, frame, place);
}

// How far a label's points moved from `f0` to `f1` (their mean step in pixels); a label of
// a line, whose line stays, did not move.
inline QPointF motionOf(const SceneModel &model, const SceneFrame &f0, const SceneFrame &f1,
                        const PlacedText &t)
{
    QPointF sum;
    int count = 0;
    for (int g : t.groups) {
        for (int i : model.groups.value(g).points) {
            if (i < f0.pointPixels.size() && i < f1.pointPixels.size()) {
                sum += f1.pointPixels.at(i) - f0.pointPixels.at(i);
                ++count;
            }
        }
    }
    return count > 0 ? sum / count : QPointF();
}

// `t` moved by `d`, its leader line (if any) with it.
inline PlacedText movedBy(PlacedText t, const QPointF &d)
{
    t.rect.translate(t.angle == 0 ? d : QPointF());
    t.origin += t.angle == 0 ? QPointF() : d;
    t.leaderLine.translate(d);
    return t;
}

// A label that moved more than `maxMove` pixels from step `k - 1` to step `k`.
struct Jump
{
    QString text;
    bool lineLabel = false; // a roof, slope, ridge, batch or zone text, not a point's
    double moved = 0;
    // Its place (moved with its points) was no longer free at the new step, or the place it
    // took was not free at the old one: something displaced it, it did not just flip.
    bool displaced = false;
};

// The labels present at both steps (same key; of several with one key, the nearest) that
// moved more than `maxMove`, but for those that had to step aside because a point's marker
// took their place (their place at one step is covered by a marker at the other), directly
// or through labels that did (their place is covered by such a label at the other step).
inline QList<Jump> jumpsBetween(const SceneModel &m0, const SceneFrame &f0, const SceneModel &m1,
                                const SceneFrame &f1, double maxMove, int *compared, int *excused)
{
    const QMultiHash<QString, const PlacedText *> before = labelsOf(f0);
    struct Move
    {
        const PlacedText *was, *now;
        bool excused;
    };
    QList<Move> moves;
    for (const PlacedText &t : f1.texts) {
        if (t.text.isEmpty())
            continue;
        // Of several labels with one key (a group labelled point by point), the one whose
        // markers are nearest: a leader line ends on them, else the label is next to them.
        const auto anchorOf = [](const PlacedText &p) {
            return p.leader ? p.leaderLine.p2() : centreOf(p);
        };
        const PlacedText *was = nullptr;
        for (const PlacedText *candidate : before.values(keyOf(t))) {
            if (!was || QLineF(anchorOf(*candidate), anchorOf(t)).length() <
                            QLineF(anchorOf(*was), anchorOf(t)).length())
                was = candidate;
        }
        if (!was)
            continue;
        ++*compared;
        if (QLineF(centreOf(*was), centreOf(t)).length() <= maxMove)
            continue;
        moves.append({was, &t, placeTaken(m1, f1, *was) || placeTaken(m0, f0, t)});
    }
    for (bool more = true; more;) {
        more = false;
        for (Move &move : moves) {
            if (move.excused)
                continue;
            for (const Move &other : std::as_const(moves)) {
                if (other.excused &&
                    (inTheWayOf(*other.now, *move.was) || inTheWayOf(*move.now, *other.was))) {
                    move.excused = more = true;
                    break;
                }
            }
        }
    }
    QList<Jump> jumps;
    for (const Move &move : std::as_const(moves)) {
        if (move.excused) {
            ++*excused;
            continue;
        }
        const PlacedText &t = *move.now;
        const bool point = t.style == TextStyle::Point || t.style == TextStyle::SelectedPoint ||
                           t.style == TextStyle::Badge;
        // The anchor's motion: exact where a leader line ends on it, else its points' mean.
        const QPointF d = t.leader && move.was->leader
                              ? t.leaderLine.p2() - move.was->leaderLine.p2()
                              : motionOf(m1, f0, f1, t);
        // The layout's places sit around the markers' bounds, which change shape by up to a
        // step's motion (6 px) when its points move apart: a place is judged with that slack.
        const auto slack = [](PlacedText p) {
            if (p.angle == 0)
                p.rect.adjust(-6, -6, 6, 6);
            return p;
        };
        const bool displaced = !freeAt(m1, f1, slack(movedBy(*move.was, d)), &t) ||
                               !freeAt(m0, f0, slack(movedBy(t, -d)), move.was);
        jumps.append({t.text.left(24).replace(QLatin1Char('\n'), QLatin1Char('/')), !point,
                      QLineF(centreOf(*move.was), centreOf(t)).length(), displaced});
    }
    return jumps;
}

// The line labels (roof, slope, ridge, batch and zone texts) missing from some frames of a
// sweep, each with "shown in N of M frames, K changes": a label that goes to the legend or
// finds no room and comes back is no jump (it is not in both frames), so it is listed apart.
inline QStringList comingsAndGoings(const QList<SceneFrame> &frames)
{
    QHash<QString, int> shown, changes;
    QSet<QString> before;
    for (qsizetype k = 0; k < frames.size(); ++k) {
        QSet<QString> now;
        for (const PlacedText &t : frames.at(k).texts) {
            const bool point = t.style == TextStyle::Point || t.style == TextStyle::SelectedPoint ||
                               t.style == TextStyle::Badge;
            if (!point && !t.text.isEmpty())
                now.insert(t.text);
        }
        for (const QString &text : now)
            ++shown[text];
        for (const QString &text : now + before) {
            if (k > 0 && now.contains(text) != before.contains(text))
                ++changes[text];
        }
        before = now;
    }
    QStringList result;
    for (auto it = shown.cbegin(); it != shown.cend(); ++it) {
        if (it.value() < frames.size())
            result.append(QStringLiteral("\"%1\" shown in %2 of %3 frames, %4 changes")
                              .arg(it.key())
                              .arg(it.value())
                              .arg(frames.size())
                              .arg(changes.value(it.key())));
    }
    result.sort();
    return result;
}

} // namespace rooflab::test
