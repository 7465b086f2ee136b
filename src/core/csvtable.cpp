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

qsizetype CsvReader::simpleFieldEnd() const
{
    // A quoted field with no quote inside, or an unquoted one with no quote or CR, ends at
    // its closing quote (or separator): its bytes are the field as they stand.
    const qsizetype size = m_bytes.size();
    if (m_pos < size && m_bytes.at(m_pos) == '"') {
        qsizetype p = m_pos + 1;
        while (p < size && m_bytes.at(p) != '"' && m_bytes.at(p) != '\n')
            ++p;
        const bool closed = p < size && m_bytes.at(p) == '"';
        const bool thenSeparator =
            p + 1 >= size || m_bytes.at(p + 1) == ',' || m_bytes.at(p + 1) == '\n';
        return closed && thenSeparator ? p + 1 : -1;
    }
    qsizetype p = m_pos;
    while (p < size && m_bytes.at(p) != ',' && m_bytes.at(p) != '\n') {
        if (m_bytes.at(p) == '"' || m_bytes.at(p) == '\r')
            return -1;
        ++p;
    }
    return p;
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
        // Most fields take the fast path: no escaped quote, no CR, one slice of bytes.
        if (!quoted && field.isEmpty() && (sawAnything || m_bytes.at(m_pos) == '"')) {
            if (const qsizetype end = simpleFieldEnd(); end >= 0) {
                const bool isQuoted = m_bytes.at(m_pos) == '"';
                const QByteArrayView text = isQuoted ? m_bytes.sliced(m_pos + 1, end - m_pos - 2)
                                                     : m_bytes.sliced(m_pos, end - m_pos);
                if (!sawAnything)
                    row.line = m_line;
                row.fields.append(QString::fromUtf8(text));
                sawAnything = true;
                m_pos = end;
                if (m_pos >= m_bytes.size())
                    return true;
                const char after = m_bytes.at(m_pos++);
                if (after == '\n') {
                    ++m_line;
                    return true;
                }
                continue; // a comma: the next field follows
            }
        }
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
