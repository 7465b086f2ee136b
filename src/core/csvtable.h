#pragma once

// Comma-separated files split into records, with each record's line number: the importers
// of measured data read their CSV files through it (docs/measured-data.md).

#include <QByteArray>
#include <QByteArrayView>
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

// Reads the records of UTF-8 `bytes` one at a time, so a file of a million rows never
// holds more than one in memory: fields separated by commas, optionally double-quoted (a
// quoted field may hold commas, newlines and "" for a quote). Blank lines are skipped; CRLF
// and LF both end a line. The only error is an unterminated quote.
class CsvReader
{
public:
    // `bytes` must outlive the reader. `firstLine` is the line number of its first byte.
    explicit CsvReader(QByteArrayView bytes, int firstLine = 1);

    // The next record into `row`; false at the end of the input or at an error.
    bool next(CsvRow &row);

    // The line of an unterminated quote; 0 when the input splits cleanly.
    int errorLine() const { return m_errorLine; }
    QString error() const;

private:
    // Where the field at the read position ends (past its closing quote) when it needs no
    // unescaping; -1 otherwise.
    qsizetype simpleFieldEnd() const;

    QByteArrayView m_bytes;
    qsizetype m_pos = 0;
    int m_line = 1;
    int m_errorLine = 0;
};

// Every record of a file, or where its quoting breaks.
struct CsvTable
{
    QList<CsvRow> rows;
    int errorLine = 0; // the line of an unterminated quote; 0 when the file splits cleanly
    QString error;
};

// Every record of `bytes` at once, for files of a few rows (ceilings) or read row by row
// anyway; the records before an unterminated quote are kept.
CsvTable splitCsv(const QByteArray &bytes);

} // namespace rooflab
