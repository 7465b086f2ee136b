#pragma once

#include "devicecompare.h"

#include <QByteArray>
#include <QList>
#include <QString>
#include <QStringList>

namespace rooflab {

// The tables of a device comparison (docs/models.md, "Comparing devices"), written once for
// `rooflab compare`, the window's Compare dock and its clipboard.

// Column titles for people, in the order of compareColumns().
QStringList compareHeaders();

// What a '+' after a row's TP means (CompareRow::bestForDevice).
QString compareBestForDeviceNote();

// The row's device, with the degree asked for when there was one ("NVIDIA H100 NVL, TP 4"):
// what the notes of rows without figures start with.
QString compareRowLabel(const CompareRow &row);

// A row's cells for people: durations and rates rounded, "—" for what does not apply.
QStringList compareTextCells(const CompareRow &row);

// CSV: compareColumns() then `best` (keys joined by ';'), `problem` and `best_for_device`; SI base
// units at full precision, empty fields for what does not apply; LF line ends.
QByteArray writeCompareCsv(const QList<CompareRow> &rows);

// A Markdown table with the best figure of each column in bold and the rows that have no
// figures listed as notes below it.
QByteArray writeCompareMarkdown(const QList<CompareRow> &rows);

} // namespace rooflab
