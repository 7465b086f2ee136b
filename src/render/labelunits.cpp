#include "labelunits.h"

#include "textcache.h"

#include <QCoreApplication>

#include <algorithm>
#include <cmath>

namespace rooflab {

namespace {

// A group whose markers span more than this many pixels is labelled point by point.
constexpr double maxGroupSpan = 70;
// Markers closer than this (pixels) share one label.
constexpr double touchDistance = 3;
// A merged label lists at most this many names, then "+N more".
constexpr int maxLines = 8;

QList<LabelUnit> baseUnits(const SceneModel &model, const QList<QPointF> &pixels,
                           const QRectF &visible, double markerSize)
{
    QList<LabelUnit> units;
    const double half = markerSize / 2;
    for (qsizetype g = 0; g < model.groups.size(); ++g) {
        const SceneGroup &group = model.groups.at(g);
        QList<QRectF> boxes;
        QRectF all;
        for (int index : group.points) {
            const QPointF p = pixels.at(index);
            if (!visible.contains(p))
                continue;
            const QRectF box(p.x() - half, p.y() - half, 2 * half, 2 * half);
            boxes.append(box);
            all = all.isNull() ? box : all.united(box);
        }
        if (boxes.isEmpty())
            continue;
        if (all.height() <= maxGroupSpan && all.width() <= maxGroupSpan) {
            units.append({{static_cast<int>(g)}, all, group.selected, {}, {}});
        } else {
            for (const QRectF &box : std::as_const(boxes))
                units.append({{static_cast<int>(g)}, box, group.selected, {}, {}});
        }
    }
    return units;
}

// Merges units whose anchors touch (directly or through others) into one: the connected
// components of "touches", found with a union-find in one pass over the pairs.
void mergeTouching(QList<LabelUnit> &units)
{
    const qsizetype n = units.size();
    QList<qsizetype> parent(n);
    for (qsizetype i = 0; i < n; ++i)
        parent[i] = i;
    const auto root = [&parent](qsizetype i) {
        while (parent.at(i) != i)
            i = parent[i] = parent.at(parent.at(i));
        return i;
    };
    for (qsizetype i = 0; i < n; ++i) {
        if (units.at(i).selected)
            continue;
        const QRectF grown = units.at(i).anchor.adjusted(-touchDistance, -touchDistance,
                                                         touchDistance, touchDistance);
        for (qsizetype j = i + 1; j < n; ++j) {
            const QRectF &other = units.at(j).anchor;
            if (units.at(j).selected || grown.left() > other.right() ||
                other.left() > grown.right() || grown.top() > other.bottom() ||
                other.top() > grown.bottom())
                continue;
            parent[root(j)] = root(i);
        }
    }
    QList<LabelUnit> merged;
    QList<qsizetype> slot(n, -1);
    for (qsizetype i = 0; i < n; ++i) {
        const qsizetype r = root(i);
        if (slot.at(r) < 0) {
            slot[r] = merged.size();
            merged.append(units.at(i));
            continue;
        }
        LabelUnit &into = merged[slot.at(r)];
        for (int g : units.at(i).groups) {
            if (!into.groups.contains(g))
                into.groups.append(g);
        }
        into.anchor = into.anchor.united(units.at(i).anchor);
    }
    units = merged;
}

void describe(const SceneModel &model, LabelUnit &unit)
{
    QStringList lines;
    for (int g : unit.groups) {
        const QString &text = model.groups.at(g).text;
        if (!lines.contains(text))
            lines.append(text);
    }
    if (lines.size() > maxLines) {
        const qsizetype more = lines.size() - (maxLines - 1);
        lines = lines.mid(0, maxLines - 1);
        lines.append(QCoreApplication::translate("RooflineChart", "+%1 more").arg(more));
    }
    unit.text = lines.join(QLatin1Char('\n'));
    if (unit.groups.size() == 1) {
        unit.size = model.groups.at(unit.groups.first()).size;
        return;
    }
    unit.size = TextCache::size(model.fonts.pointLabel, unit.text);
}

} // namespace

QList<LabelUnit> buildLabelUnits(const SceneModel &model, const QList<QPointF> &pixels,
                                 const QRectF &visible, double markerSize, int maxUnits,
                                 int *skipped)
{
    *skipped = 0;
    if (model.groups.size() > crowdedGroupCount) {
        // Far too many to label: only the selected group, found without boxing the rest.
        SceneModel selectedOnly;
        selectedOnly.fonts = model.fonts;
        for (const SceneGroup &group : model.groups) {
            if (group.selected)
                selectedOnly.groups.append(group);
        }
        QList<LabelUnit> units = baseUnits(selectedOnly, pixels, visible, markerSize);
        for (LabelUnit &unit : units) {
            unit.groups = {
                static_cast<int>(std::find_if(model.groups.cbegin(), model.groups.cend(),
                                              [](const SceneGroup &g) { return g.selected; }) -
                                 model.groups.cbegin())};
            describe(model, unit);
        }
        *skipped = static_cast<int>(model.groups.size() - selectedOnly.groups.size());
        return units;
    }
    QList<LabelUnit> units = baseUnits(model, pixels, visible, markerSize);
    if (units.size() > 4 * maxUnits) {
        // Far too many to merge and place: keep the selected group only.
        const qsizetype before = units.size();
        units.removeIf([](const LabelUnit &unit) { return !unit.selected; });
        *skipped = static_cast<int>(before - units.size());
    } else {
        mergeTouching(units);
        if (units.size() > maxUnits) {
            const qsizetype before = units.size();
            units.removeIf([](const LabelUnit &unit) { return !unit.selected; });
            *skipped = static_cast<int>(before - units.size());
        }
    }
    std::stable_sort(units.begin(), units.end(), [](const LabelUnit &a, const LabelUnit &b) {
        return a.selected && !b.selected;
    });
    for (LabelUnit &unit : units)
        describe(model, unit);
    return units;
}

} // namespace rooflab
