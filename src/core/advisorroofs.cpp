#include "advisorroofs.h"

#include "csvtable.h"
#include "jsonreader.h"
#include "measurednumber.h"

#include <QCoreApplication>

namespace rooflab {

namespace {

QString tr(const char *text)
{
    return QCoreApplication::translate("rooflab::AdvisorRoofs", text);
}

ImportProblem problemAt(const QString &fileName, int line, qsizetype column, const QString &field,
                        const QString &reason)
{
    return {.file = fileName,
            .line = line,
            .column = static_cast<int>(column + 1),
            .field = field,
            .reason = reason};
}

// The byte offset of the header line (its first field "Name"), and how many lines precede
// it; nothing when no line starts so.
std::optional<std::pair<qsizetype, int>> findHeader(const QByteArray &bytes)
{
    qsizetype start = 0;
    int line = 0;
    while (start < bytes.size()) {
        qsizetype end = bytes.indexOf('\n', start);
        if (end < 0)
            end = bytes.size();
        const QByteArray text = bytes.mid(start, end - start).trimmed();
        if (text.startsWith("Name,") || text.startsWith("\"Name\","))
            return std::pair{start, line};
        start = end + 1;
        ++line;
    }
    return std::nullopt;
}

} // namespace

MeasuredImport importAdvisorRoofs(const QString &fileName, const QByteArray &bytes)
{
    MeasuredImport result;
    const auto header = findHeader(bytes);
    if (!header) {
        result.problems.append(problemAt(fileName, 1, -1, QString(),
                                         tr("not an Advisor roofs report: no header row "
                                            "starting with \"Name\"")));
        return result;
    }
    const auto [offset, skipped] = *header;
    const CsvTable table = splitCsv(bytes.mid(offset));
    if (!table.error.isEmpty())
        result.problems.append(
            problemAt(fileName, table.errorLine + skipped, -1, QString(), table.error));
    MeasuredDevice device;
    device.name = tr("Advisor roofs");
    for (qsizetype r = 1; r < table.rows.size(); ++r) {
        const CsvRow &row = table.rows.at(r);
        const int line = row.line + skipped;
        if (row.fields.size() < 3) {
            result.problems.append(
                problemAt(fileName, line, -1, QString(),
                          tr("%1 fields; a roof has a name, a value and memory or compute")
                              .arg(row.fields.size())));
            continue;
        }
        const QString name = row.fields.at(0).trimmed().left(200);
        const QString text = row.fields.at(1).trimmed();
        const QString kind = row.fields.at(2).trimmed().toLower();
        const std::optional<double> value = parseGroupedNumber(text, NumberGrouping::CommaGroups);
        // Raw byte/s and FLOP/s: up to 1e15 giga, far beyond any machine.
        const QString why = !value ? tr("\"%1\" is not a number").arg(text.left(40))
                                   : numberProblem(*value, NumberRule::Positive, workLimits);
        bool ok = true;
        if (name.isEmpty()) {
            result.problems.append(
                problemAt(fileName, line, 0, QString(), tr("the name is empty")));
            ok = false;
        }
        if (!why.isEmpty()) {
            result.problems.append(problemAt(fileName, line, 1, name, why));
            ok = false;
        }
        if (kind != QLatin1String("memory") && kind != QLatin1String("compute")) {
            result.problems.append(
                problemAt(fileName, line, 2, name,
                          tr("must be memory or compute, found \"%1\"").arg(kind.left(40))));
            ok = false;
        }
        if (!ok)
            continue;
        (kind == QLatin1String("memory") ? device.bandwidths : device.peaks).append({name, *value});
    }
    result.device = device;
    return result;
}

bool looksLikeAdvisorRoofs(const QByteArray &bytes)
{
    const auto header = findHeader(bytes);
    if (!header)
        return false;
    const QByteArray rest = bytes.mid(header->first).toLower();
    return rest.contains(",memory") || rest.contains(",compute") || rest.contains(",\"memory\"") ||
           rest.contains(",\"compute\"");
}

} // namespace rooflab
