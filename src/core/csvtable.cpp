#include "csvtable.h"

#include <QCoreApplication>

namespace rooflab {

namespace {

QString tr(const char *text)
{
    return QCoreApplication::translate("rooflab::CsvTable", text);
}

bool isSpace(char c)
{
    return c == ' ' || c == '\t' || c == '\r' || c == '\v' || c == '\f';
}

} // namespace

CsvReader::CsvReader(QByteArrayView bytes, int firstLine) : m_bytes(bytes), m_line(firstLine) {}

QString CsvReader::error() const
{
    return m_errorLine > 0 ? tr("a quoted field is never closed") : QString();
}

bool CsvReader::next(CsvRow &row)
{
    // The separators and quotes are ASCII, so splitting the UTF-8 bytes never cuts a
    // character; each field is decoded on its own.
    row.fields.clear();
    QByteArray field;
    bool sawAnything = false;
    bool quoted = false;
    int quoteLine = 0;
    const auto endField = [&] {
        row.fields.append(QString::fromUtf8(field));
        field.clear();
    };
    while (m_pos < m_bytes.size()) {
        const char c = m_bytes.at(m_pos++);
        if (!sawAnything)
            row.line = m_line;
        if (quoted) {
            if (c == '"') {
                if (m_pos < m_bytes.size() && m_bytes.at(m_pos) == '"') {
                    field += c;
                    ++m_pos;
                } else {
                    quoted = false;
                }
            } else {
                if (c == '\n')
                    ++m_line;
                field += c;
            }
            continue;
        }
        if (c == '"') {
            quoted = true;
            quoteLine = m_line;
            sawAnything = true;
        } else if (c == ',') {
            endField();
            sawAnything = true;
        } else if (c == '\n') {
            ++m_line;
            if (sawAnything) {
                endField();
                return true;
            }
            row.fields.clear();
            field.clear();
        } else if (c != '\r') {
            field += c;
            sawAnything = sawAnything || !isSpace(c);
        }
    }
    if (quoted) {
        m_errorLine = quoteLine;
        return false;
    }
    if (sawAnything) {
        endField();
        return true;
    }
    return false;
}

CsvTable splitCsv(const QByteArray &bytes)
{
    CsvTable table;
    CsvReader reader(bytes);
    CsvRow row;
    while (reader.next(row))
        table.rows.append(row);
    table.errorLine = reader.errorLine();
    table.error = reader.error();
    return table;
}

} // namespace rooflab
