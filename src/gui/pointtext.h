#pragma once

#include "analysis.h"
#include "catalog.h"
#include "diagnosis.h"
#include "figuresheet.h"

#include <QString>

// Text the window shows about a point. Formatting only: every figure comes from the core's
// analysis or diagnosis.
namespace rooflab::gui::pointtext {

// The display name of a format of the catalog (its id when unknown).
QString formatName(const Catalog &catalog, const QString &id);

// A table of (label, value) rows with the values in bold.
SheetBlock figureTable(const QList<QStringList> &rows);

// "Bound" in words: "memory-bound", "balanced", "compute-bound".
QString boundText(Bound bound);

// The display name of a device of the analysis (its id when unknown).
QString deviceName(const Analysis &analysis, const QString &deviceId);

// One line for the status bar: operator, device, intensity vs ridge, bound, time, share.
QString summary(const Analysis &analysis, const PointAnalysis &point);
// The same, shorter, for a status bar too narrow for it, longest first: the device's short
// name (shortDeviceNames()) and the intensity without the ridge beside it; then without the
// time too. The peak keeps its format: the norms' is FP32 vector where the GEMMs' is BF16.
QStringList briefSummaries(const Analysis &analysis, const PointAnalysis &point);

// The selected point's figures, for the side panel.
QList<SheetBlock> diagnosisBlocks(const Catalog &catalog, const PointDiagnosis &diagnosis);

// The same operator on the other devices: a heading, a table and its note; none without them.
QList<SheetBlock> comparisonBlocks(const PointDiagnosis &diagnosis);

} // namespace rooflab::gui::pointtext
