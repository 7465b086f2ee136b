#include "rocprofroofline.h"

#include "csvtable.h"
#include "jsonreader.h"
#include "measurednumber.h"

#include <QCoreApplication>

namespace rooflab {

namespace {

QString tr(const char *text)
{
    return QCoreApplication::translate("rooflab::RocprofRoofline", text);
}

// Column and the name the ceiling is printed under.
struct Ceiling
{
    const char *column;
    const char *name;
};
const Ceiling bandwidthColumns[] = {
    {"HBMBw", "HBM"}, {"L2Bw", "L2"}, {"L1Bw", "L1"}, {"LDSBw", "LDS"}};
const Ceiling peakColumns[] = {{"FP32Flops", "FP32"},          {"FP64Flops", "FP64"},
                               {"MFMABF16Flops", "MFMA BF16"}, {"MFMAF16Flops", "MFMA F16"},
                               {"MFMAF32Flops", "MFMA F32"},   {"MFMAF64Flops", "MFMA F64"},
                               {"MFMAI8Ops", "MFMA I8"}};

ImportProblem problemAt(const QString &fileName, int line, qsizetype column, const QString &field,
                        const QString &reason)
{
    return {.file = fileName,
            .line = line,
            .column = static_cast<int>(column + 1),
            .field = field,
            .reason = reason};
}

// The ceilings of `list` found in `row`, in giga per second, as per second.
QList<std::pair<QString, double>> readCeilings(const QString &fileName, const QStringList &header,
                                               const CsvRow &row, const Ceiling *list,
                                               qsizetype count, MeasuredImport &result)
{
    QList<std::pair<QString, double>> ceilings;
    for (qsizetype c = 0; c < count; ++c) {
        const QString column = QLatin1String(list[c].column);
        const qsizetype at = header.indexOf(column);
        if (at < 0)
            continue;
        const QString text = row.fields.at(at).trimmed();
        const std::optional<double> v = parseGroupedNumber(text, NumberGrouping::CommaGroups);
        const QString why = !v ? tr("\"%1\" is not a number").arg(text.left(40))
                               : numberProblem(*v, NumberRule::Positive);
        if (!why.isEmpty()) {
            result.problems.append(problemAt(fileName, row.line, at, column, why));
            continue;
        }
        ceilings.append({QLatin1String(list[c].name), *v * 1e9});
    }
    return ceilings;
}

} // namespace

MeasuredImport importRocprofRoofline(const QString &fileName, const QByteArray &bytes)
{
    MeasuredImport result;
    const CsvTable table = splitCsv(bytes);
    if (!table.error.isEmpty())
        result.problems.append(problemAt(fileName, table.errorLine, -1, QString(), table.error));
    if (table.rows.isEmpty() || !table.rows.first().fields.contains(QStringLiteral("HBMBw"))) {
        result.problems.append(problemAt(fileName, 1, -1, QStringLiteral("HBMBw"),
                                         tr("required column missing; not a rocprof-compute "
                                            "roofline.csv")));
        return result;
    }
    QStringList header;
    for (const QString &field : table.rows.first().fields)
        header.append(field.trimmed());
    if (table.rows.size() < 2) {
        result.problems.append(problemAt(fileName, table.rows.first().line, -1, QString(),
                                         tr("no device row after the header")));
        return result;
    }
    const CsvRow &row = table.rows.at(1);
    if (row.fields.size() != header.size()) {
        result.problems.append(problemAt(
            fileName, row.line, -1, QString(),
            tr("%1 fields where the header has %2").arg(row.fields.size()).arg(header.size())));
        return result;
    }
    MeasuredDevice device;
    const qsizetype nameColumn = header.indexOf(QStringLiteral("device"));
    const QString id = nameColumn >= 0 ? row.fields.at(nameColumn).trimmed().left(200) : QString();
    device.name = tr("rocprof-compute GPU %1").arg(id.isEmpty() ? QStringLiteral("?") : id);
    device.bandwidths =
        readCeilings(fileName, header, row, bandwidthColumns, std::size(bandwidthColumns), result);
    device.peaks = readCeilings(fileName, header, row, peakColumns, std::size(peakColumns), result);
    result.device = device;
    if (table.rows.size() > 2)
        result.notes.append(
            tr("only the first GPU's row is read (%1 rows)").arg(table.rows.size() - 1));
    return result;
}

bool looksLikeRocprofRoofline(const QByteArray &bytes)
{
    const QByteArray first = bytes.left(bytes.indexOf('\n'));
    return first.contains("HBMBw") && first.contains("device");
}

} // namespace rooflab
