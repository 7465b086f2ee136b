#pragma once

// A comma-separated file split into rows and fields, with each row's line number: the
// importers of measured data read their CSV files through it (docs/measured-data.md).

#include <QByteArray>
#include <QList>
#include <QString>
#include <QStringList>

namespace rooflab {

// One record of a CSV file: its fields, unquoted, and the line it starts on (from 1).
struct CsvRow
{
    int line = 0;
    QStringList fields;
};

// The records of a CSV file, or where its quoting breaks.
struct CsvTable
{
    QList<CsvRow> rows;
    int errorLine = 0; // the line of an unterminated quote; 0 when the file splits cleanly
    QString error;
};

// Splits UTF-8 `bytes` into records: fields separated by commas, optionally double-quoted
// (a quoted field may hold commas, newlines and "" for a quote). Blank lines are skipped;
// CRLF and LF both end a line. Never fails on content other than an unterminated quote.
CsvTable splitCsv(const QByteArray &bytes);

} // namespace rooflab
