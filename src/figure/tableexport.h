#pragma once

#include "analysis.h"
#include "modelanalysis.h"

#include <QByteArray>
#include <QString>

#include <optional>

namespace rooflab {

// The plain-text table files an analysis can be written as.
enum class TableFormat { Csv, Markdown };

// The table format named by a file extension or --format value ("csv", "md", "markdown").
std::optional<TableFormat> tableFormatFromName(const QString &name);

// Every point and every roof of `analysis` as CSV (RFC 4180: CRLF line ends, one header,
// fields quoted when needed; numbers in SI base units at full precision).
QByteArray writeCsvTable(const Analysis &analysis);

// The same figures as two Markdown tables (points, then roofs) with readable units, for docs.
QByteArray writeMarkdownTable(const Analysis &analysis);

// writeCsvTable or writeMarkdownTable.
QByteArray writeTable(const Analysis &analysis, TableFormat format);

// The same for a model scenario, with each device's totals after the points and roofs: in
// CSV one `total` row per figure (its key in operator_id, its value and unit), in Markdown a
// table of the deployment, fit, step time and tokens per second per device.
QByteArray writeTable(const Analysis &analysis, const QList<ModelAnalysis> &models,
                      TableFormat format);

// One CSV field: quoted, with quotes doubled, when it holds a comma, quote, CR or LF; text a
// spreadsheet would run as a formula (=, +, -, @, tab, CR first) is quoted behind an apostrophe.
QString csvField(const QString &text);

// One Markdown table cell: control characters become spaces, bidirectional controls show as
// <U+202E>, and the characters Markdown or inline HTML would interpret (| \ ` * _ [ ] < > & ~)
// are backslash-escaped.
QString markdownCell(const QString &text);

} // namespace rooflab
