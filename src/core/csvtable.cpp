#include "csvtable.h"

#include <QCoreApplication>

namespace rooflab {

namespace {

QString tr(const char *text)
{
    return QCoreApplication::translate("rooflab::CsvTable", text);
}

// A record ends at a line end outside quotes; a line holding nothing is skipped.
void endRecord(CsvTable &table, CsvRow &row, QString &field, bool &sawAnything)
{
    if (sawAnything) {
        row.fields.append(field);
        table.rows.append(row);
    }
    row = CsvRow{};
    field.clear();
    sawAnything = false;
}

} // namespace

CsvTable splitCsv(const QByteArray &bytes)
{
    const QString text = QString::fromUtf8(bytes);
    CsvTable table;
    CsvRow row;
    QString field;
    int line = 1;
    bool quoted = false;
    bool sawAnything = false;
    int quoteLine = 0;
    for (qsizetype i = 0; i < text.size(); ++i) {
        const QChar c = text.at(i);
        if (!sawAnything)
            row.line = line;
        if (quoted) {
            if (c == QLatin1Char('"')) {
                if (i + 1 < text.size() && text.at(i + 1) == QLatin1Char('"')) {
                    field += c;
                    ++i;
                } else {
                    quoted = false;
                }
            } else {
                if (c == QLatin1Char('\n'))
                    ++line;
                field += c;
            }
            continue;
        }
        if (c == QLatin1Char('"')) {
            quoted = true;
            quoteLine = line;
            sawAnything = true;
        } else if (c == QLatin1Char(',')) {
            row.fields.append(field);
            field.clear();
            sawAnything = true;
        } else if (c == QLatin1Char('\n')) {
            endRecord(table, row, field, sawAnything);
            ++line;
        } else if (c != QLatin1Char('\r')) {
            field += c;
            sawAnything = sawAnything || !c.isSpace();
        }
    }
    if (quoted) {
        table.errorLine = quoteLine;
        table.error = tr("a quoted field is never closed");
        return table;
    }
    endRecord(table, row, field, sawAnything);
    return table;
}

} // namespace rooflab
