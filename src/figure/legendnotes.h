#pragma once

#include "analysis.h"
#include "scenemodel.h"

namespace rooflab {

// The legend's notes that keep facts on the figure (issue 12): whether a model fits each of
// several devices (on the device's line), what B* means, whose ridge the shaded zones belong
// to, the points that run in another format than the scheme's (their badges, with the
// devices), and the points not drawn at all.
void addLegendNotes(SceneModel &model, const Analysis &analysis);

// The legend's own lines, brief for a figure short of room (docs/labels.md, "Where the
// legend goes"): the zones' note folded into its device's line, B* explained in a few
// words; without `markerKinds`, no line for the marker kinds and no device's own B* either.
QList<SceneLegendEntry> briefLegendLines(const QList<SceneLegendEntry> &lines,
                                         bool markerKinds = true);

// The key a figure too small for every other legend form gets (docs/labels.md, "A key"):
// each device's line its colour, short name (shortDeviceNames()) and fit verdict (not its
// B*); every other line dropped, marker kinds silently (the point labels name the classes),
// the rest counted in `*notesLeftOut` (B*, the zones' device, substituted formats, points
// not drawn). Every device keeps its line.
QList<SceneLegendEntry> keyLegendLines(const QList<SceneLegendEntry> &lines,
                                       const QStringList &deviceNames, int *notesLeftOut);

// Names that tell `names` apart in few words: from the first word with a digit ("H100",
// "MI300X", "B200"; "RTX 4090", "TPU v5e" where that word is a bare number or a version),
// one word longer while two are the same ("A100 SXM4 40GB"); a name with no such word whole.
QStringList shortDeviceNames(const QStringList &names);

// The key's one note: what it leaves out ("Left out: 12 label(s) · 6 note(s)"); empty when
// nothing is. Its parts ("Left out:", "12 label(s)", "6 note(s)") are where it may wrap.
QString keyLeftOutNote(int labels, int notes);

// The most labels a note may count as left out in `model` (every point, roof, ridge, slope
// and batch mark, at least 99): the notes are sized at that count, so that the count may
// change with the batch while the legend's slot stays.
int mostLeftOut(const SceneModel &model);
QStringList keyLeftOutParts(int labels, int notes);

// The window's tooltip over a compact legend: the line labels it only counts
// (SceneFrame::lineLabelsLeftOut), one a line under a heading.
QString lineLabelsLeftOutText(const QStringList &labels);

// Whether `roof`'s label, finding no room on its line, goes on the legend line of `device`:
// its own device's, or, for a label shared by devices with the same roof, each of theirs.
bool roofLabelGoesTo(const SceneModel &model, const SceneRoof &roof, int device);

} // namespace rooflab
