#pragma once

#include "scenemodel.h"

#include <QList>
#include <QPointF>
#include <QRectF>
#include <QSizeF>
#include <QString>

namespace rooflab {

// One label to place: the groups of points it names (one name per line) and the markers
// it belongs to.
struct LabelUnit
{
    QList<int> groups; // indices into SceneModel::groups
    QRectF anchor;     // the markers' bounds in pixels
    bool selected = false;
    QString text;
    QSizeF size; // the text's size, without padding
};

// The labels of a frame: one per group of points, groups whose markers touch merged into
// one multi-line label (several when they name more than eight operators), the selected
// group first and never merged. `markerSize` is a plain marker's size; points of a model
// class are larger (ScenePoint::markerScale). When there are more than `maxUnits`, only
// the selected group is labelled and `skipped` counts the rest.
QList<LabelUnit> buildLabelUnits(const SceneModel &model, const QList<QPointF> &pixels,
                                 const QRectF &visible, double markerSize, int maxUnits,
                                 int *skipped);

} // namespace rooflab
