#pragma once

// A scenario's measured kernels in its file (docs/scenario-files.md, "measured"), so that a
// scenario opens elsewhere with the profile it was drawn from.

#include "jsonreader.h"
#include "measuredkernel.h"

#include <QJsonArray>
#include <QJsonObject>
#include <QList>
#include <QString>

namespace rooflab {

// The kernels as the file's "measured" array.
QJsonArray measuredToJson(const QList<MeasuredKernel> &kernels);

// The "measured" array of `scenario` (at `path`), every field checked; empty when absent.
QList<MeasuredKernel> readScenarioMeasured(const QJsonObject &scenario, const QString &path,
                                           JsonReader &reader);

} // namespace rooflab
