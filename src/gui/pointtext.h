#pragma once

#include "analysis.h"
#include "catalog.h"
#include "diagnosis.h"

#include <QString>

// Text the window shows about a point. Formatting only: every figure comes from the core's
// analysis or diagnosis.
namespace rooflab::gui::pointtext {

// The display name of a format of the catalog (its id when unknown).
QString formatName(const Catalog &catalog, const QString &id);

// One row of a two-column HTML table: the label, then the value in bold; both escaped.
QString htmlRow(const QString &label, const QString &value);

// "Bound" in words: "memory-bound", "balanced", "compute-bound".
QString boundText(Bound bound);

// The display name of a device of the analysis (its id when unknown).
QString deviceName(const Analysis &analysis, const QString &deviceId);

// One line for the status bar: operator, device, intensity vs ridge, bound, time, share.
QString summary(const Analysis &analysis, const PointAnalysis &point);

// The selected point's figures and the device comparison, as HTML for the side panel.
QString diagnosisHtml(const Catalog &catalog, const PointDiagnosis &diagnosis);

} // namespace rooflab::gui::pointtext
