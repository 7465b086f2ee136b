#include "labelunits.h"

#include "labellimits.h"
#include "textcache.h"

#include <algorithm>
#include <cmath>

namespace rooflab {

namespace {

// The limits this file applies (labellimits.h).
constexpr double maxGroupSpan = crowding.maxGroupSpan;
constexpr double touchDistance = crowding.touchDistance;
constexpr int maxLines = crowding.maxMergedNames;

// One unit per group of `groupIndex` (indices into the model's groups), or per point when
// the group's markers lie far apart.
QList<LabelUnit> baseUnits(const QList<int> &groupIndex, const SceneModel &model,
                           const QList<QPointF> &pixels, const QRectF &visible, double markerSize)
{
    QList<LabelUnit> units;
    for (const int g : groupIndex) {
        const SceneGroup &group = model.groups.at(g);
        QList<QRectF> boxes;
        QRectF all;
        for (int index : group.points) {
            const QPointF p = pixels.at(index);
            if (!visible.contains(p))
                continue;
            const double half = markerSize * model.points.at(index).markerScale / 2;
            const QRectF box(p.x() - half, p.y() - half, 2 * half, 2 * half);
            boxes.append(box);
            all = all.isNull() ? box : all.united(box);
        }
        if (boxes.isEmpty())
            continue;
        // A column of one operator's points (a model's class on several devices, told apart
        // by colour) is named once however tall: its top marker's label keeps its side while
        // the column climbs (docs/labels.md, "Crowding"); only markers far apart across are
        // labelled point by point.
        if (all.width() <= maxGroupSpan) {
            units.append({{g}, all, group.selected, {}, {}});
        } else {
            for (const QRectF &box : std::as_const(boxes))
                units.append({{g}, box, group.selected, {}, {}});
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

// A merged unit naming more than maxLines operators becomes several units on the same
// markers, so that every name is written somewhere (each with its own leader line).
void splitLong(const SceneModel &model, QList<LabelUnit> &units)
{
    QList<LabelUnit> result;
    for (const LabelUnit &unit : std::as_const(units)) {
        QStringList names;
        QList<QList<int>> groupsOfName;
        for (int g : unit.groups) {
            const QString &text = model.groups.at(g).text;
            const qsizetype at = names.indexOf(text);
            if (at >= 0) {
                groupsOfName[at].append(g);
            } else {
                names.append(text);
                groupsOfName.append(QList<int>{g});
            }
        }
        if (names.size() <= maxLines) {
            result.append(unit);
            continue;
        }
        const qsizetype parts = (names.size() + maxLines - 1) / maxLines;
        const qsizetype perPart = (names.size() + parts - 1) / parts; // even parts
        for (qsizetype first = 0; first < names.size(); first += perPart) {
            LabelUnit part = unit;
            part.groups.clear();
            for (qsizetype i = first; i < std::min(names.size(), first + perPart); ++i)
                part.groups += groupsOfName.at(i);
            result.append(part);
        }
    }
    units = result;
}

void describe(const SceneModel &model, LabelUnit &unit)
{
    QStringList lines;
    for (int g : unit.groups) {
        const QString &text = model.groups.at(g).text;
        if (!lines.contains(text))
            lines.append(text);
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
    if (model.groups.size() > crowding.crowdedGroups) {
        // Far too many to label: only the selected group, found without boxing the rest.
        QList<int> selectedIndex;
        for (qsizetype g = 0; g < model.groups.size(); ++g) {
            if (model.groups.at(g).selected)
                selectedIndex.append(static_cast<int>(g));
        }
        QList<LabelUnit> units = baseUnits(selectedIndex, model, pixels, visible, markerSize);
        for (LabelUnit &unit : units)
            describe(model, unit);
        *skipped = static_cast<int>(model.groups.size() - selectedIndex.size());
        return units;
    }
    // Groups drawn without a label unless selected (SceneGroup::unlabelled) are counted.
    QList<int> labelled;
    labelled.reserve(model.groups.size());
    for (qsizetype g = 0; g < model.groups.size(); ++g) {
        const SceneGroup &group = model.groups.at(g);
        if (group.unlabelled && !group.selected)
            ++*skipped;
        else
            labelled.append(static_cast<int>(g));
    }
    QList<LabelUnit> units = baseUnits(labelled, model, pixels, visible, markerSize);
    if (units.size() > 4 * maxUnits) {
        // Far too many to merge and place: keep the selected group only.
        const qsizetype before = units.size();
        units.removeIf([](const LabelUnit &unit) { return !unit.selected; });
        *skipped += static_cast<int>(before - units.size());
    } else {
        mergeTouching(units);
        splitLong(model, units);
        if (units.size() > maxUnits) {
            const qsizetype before = units.size();
            units.removeIf([](const LabelUnit &unit) { return !unit.selected; });
            *skipped += static_cast<int>(before - units.size());
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
