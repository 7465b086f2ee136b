#include "plaincsvimport.h"

#include "csvtable.h"
#include "jsonreader.h"
#include "measurednumber.h"

#include <QCoreApplication>

namespace rooflab {

namespace {

QString tr(const char *text)
{
    return QCoreApplication::translate("rooflab::PlainCsvImport", text);
}

const char *const requiredColumns[] = {"name", "flops", "time_s", "bytes_dram"};
const char *const optionalColumns[] = {"bytes_l2", "bytes_l1", "device"};

// Where each known column sits in the header; -1 when absent.
struct Columns
{
    qsizetype name = -1, flops = -1, time = -1, dram = -1, l2 = -1, l1 = -1, device = -1;
};

qsizetype *slot(Columns &c, const QString &header)
{
    const std::pair<const char *, qsizetype *> slots[] = {
        {"name", &c.name},   {"flops", &c.flops}, {"time_s", &c.time},  {"bytes_dram", &c.dram},
        {"bytes_l2", &c.l2}, {"bytes_l1", &c.l1}, {"device", &c.device}};
    for (const auto &[key, where] : slots) {
        if (header == QLatin1String(key))
            return where;
    }
    return nullptr;
}

class RowReader
{
public:
    RowReader(const QString &fileName, const CsvRow &row, const QStringList &header,
              MeasuredImport &result)
        : m_fileName(fileName), m_row(row), m_header(header), m_result(result)
    {
    }

    // The number in column `column`; empty text gives nothing when `optional`.
    std::optional<double> number(qsizetype column, NumberRule rule, bool optional)
    {
        const QString text = m_row.fields.at(column).trimmed();
        if (text.isEmpty()) {
            if (!optional)
                fail(column, tr("is empty"));
            return std::nullopt;
        }
        const std::optional<double> value = parseGroupedNumber(text, NumberGrouping::CommaGroups);
        if (!value) {
            fail(column, tr("\"%1\" is not a number").arg(text.left(40)));
            return std::nullopt;
        }
        if (const QString problem = numberProblem(*value, rule, workLimits); !problem.isEmpty()) {
            fail(column, problem);
            return std::nullopt;
        }
        return value;
    }

    void fail(qsizetype column, const QString &reason)
    {
        m_failed = true;
        m_result.problems.append({.file = m_fileName,
                                  .line = m_row.line,
                                  .column = static_cast<int>(column + 1),
                                  .field = m_header.at(column),
                                  .reason = reason});
    }

    bool failed() const { return m_failed; }

private:
    const QString &m_fileName;
    const CsvRow &m_row;
    const QStringList &m_header;
    MeasuredImport &m_result;
    bool m_failed = false;
};

// The header's columns; a problem for each unknown, repeated or missing one.
std::optional<Columns> readHeader(const QString &fileName, const CsvRow &row,
                                  MeasuredImport &result)
{
    Columns columns;
    bool ok = true;
    for (qsizetype i = 0; i < row.fields.size(); ++i) {
        const QString header = row.fields.at(i).trimmed();
        qsizetype *where = slot(columns, header);
        const QString reason = !where        ? tr("unknown column")
                               : *where >= 0 ? tr("column given twice")
                                             : QString();
        if (!reason.isEmpty()) {
            result.problems.append({fileName, row.line, static_cast<int>(i + 1), header, reason});
            ok = false;
            continue;
        }
        *where = i;
    }
    for (const char *name : requiredColumns) {
        if (*slot(columns, QLatin1String(name)) < 0) {
            result.problems.append(
                {fileName, row.line, 0, QLatin1String(name), tr("required column missing")});
            ok = false;
        }
    }
    return ok ? std::optional(columns) : std::nullopt;
}

} // namespace

bool looksLikePlainCsv(const QByteArray &bytes)
{
    const QByteArray first = bytes.left(bytes.indexOf('\n')).trimmed();
    for (const char *name : requiredColumns) {
        if (!first.contains(name))
            return false;
    }
    return first.startsWith("name") || first.startsWith("\"name");
}

MeasuredImport importPlainCsv(const QString &fileName, const QByteArray &bytes)
{
    MeasuredImport result;
    const CsvTable table = splitCsv(bytes);
    if (!table.error.isEmpty())
        result.problems.append({fileName, table.errorLine, 0, QString(), table.error});
    if (table.rows.isEmpty()) {
        result.problems.append({fileName, 1, 0, QString(), tr("no header row")});
        return result;
    }
    const CsvRow &headerRow = table.rows.first();
    const std::optional<Columns> c = readHeader(fileName, headerRow, result);
    if (!c)
        return result;
    QStringList header;
    for (const QString &field : headerRow.fields)
        header.append(field.trimmed());

    QList<MeasuredKernel> launches;
    for (qsizetype r = 1; r < table.rows.size(); ++r) {
        const CsvRow &row = table.rows.at(r);
        if (row.fields.size() != header.size()) {
            result.problems.append({fileName, row.line, 0, QString(),
                                    tr("%1 fields where the header has %2")
                                        .arg(row.fields.size())
                                        .arg(header.size())});
            continue;
        }
        RowReader read(fileName, row, header, result);
        MeasuredKernel k;
        k.name = row.fields.at(c->name).trimmed();
        if (k.name.isEmpty())
            read.fail(c->name, tr("is empty"));
        k.launches = 1;
        k.flops = read.number(c->flops, NumberRule::NonNegative, false).value_or(0);
        k.timeS = read.number(c->time, NumberRule::Positive, false).value_or(0);
        k.bytes.dram = read.number(c->dram, NumberRule::NonNegative, true);
        if (c->l2 >= 0)
            k.bytes.l2 = read.number(c->l2, NumberRule::NonNegative, true);
        if (c->l1 >= 0)
            k.bytes.l1 = read.number(c->l1, NumberRule::NonNegative, true);
        if (c->device >= 0)
            k.device = row.fields.at(c->device).trimmed();
        if (!read.failed())
            launches.append(k);
    }
    result.kernels = groupKernels(launches);
    return result;
}

} // namespace rooflab
