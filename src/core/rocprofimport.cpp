#include "rocprofimport.h"

#include "csvtable.h"
#include "jsonreader.h"
#include "measurednumber.h"

#include <QCoreApplication>
#include <QHash>

namespace rooflab {

namespace {

QString tr(const char *text)
{
    return QCoreApplication::translate("rooflab::RocprofImport", text);
}

// Lanes per wave: one VALU instruction does 64 lanes' work.
constexpr double waveLanes = 64;
// Operations per MFMA_MOPS count (the counter counts in units of 512 operations).
constexpr double mfmaOpsPerCount = 512;

// A precision's VALU counters and the math family they count.
struct ValuPrecision
{
    const char *suffix;
    const char *math;
};
const ValuPrecision valuPrecisions[] = {{"F16", "fp16"}, {"F32", "fp32"}, {"F64", "fp64"}};
const ValuPrecision mfmaPrecisions[] = {
    {"F16", "fp16"}, {"BF16", "bf16"}, {"F32", "fp32"}, {"F64", "fp64"}};

// One data row being read: its values by column name, with a problem for each bad one.
class RowValues
{
public:
    RowValues(const QString &fileName, const QHash<QString, qsizetype> &columns, const CsvRow &row,
              MeasuredImport &result)
        : m_fileName(fileName), m_columns(columns), m_row(row), m_result(result)
    {
    }

    bool has(const QString &name) const { return m_columns.contains(name); }

    // The value of column `name`: nothing when the column is absent or the field empty.
    std::optional<double> value(const QString &name)
    {
        const auto it = m_columns.constFind(name);
        if (it == m_columns.constEnd())
            return std::nullopt;
        const QString text = m_row.fields.at(*it).trimmed();
        if (text.isEmpty())
            return std::nullopt;
        const std::optional<double> v = parseGroupedNumber(text, NumberGrouping::CommaGroups);
        const QString why = !v ? tr("\"%1\" is not a number").arg(text.left(40))
                               : numberProblem(*v, NumberRule::NonNegative, workLimits);
        if (!why.isEmpty()) {
            fail(*it, name, why);
            return std::nullopt;
        }
        return v;
    }

    // The sum of `names` × their weights; nothing when any is missing.
    std::optional<double> weighted(std::initializer_list<std::pair<const char *, double>> terms)
    {
        double sum = 0;
        for (const auto &[name, weight] : terms) {
            const std::optional<double> v = value(QLatin1String(name));
            if (!v)
                return std::nullopt;
            sum += weight * *v;
        }
        return sum;
    }

    void fail(qsizetype column, const QString &field, const QString &reason)
    {
        m_failed = true;
        m_result.problems.append({.file = m_fileName,
                                  .line = m_row.line,
                                  .column = static_cast<int>(column + 1),
                                  .field = field,
                                  .reason = reason});
    }

    bool failed() const { return m_failed; }

private:
    const QString &m_fileName;
    const QHash<QString, qsizetype> &m_columns;
    const CsvRow &m_row;
    MeasuredImport &m_result;
    bool m_failed = false;
};

// The FLOPs of one dispatch per math family: 64 × (add + mul + 2·fma + trans) per VALU
// precision, plus 512 × MFMA_MOPS per matrix precision. False when no counter is present.
bool readFlops(RowValues &row, MeasuredKernel &k)
{
    bool any = false;
    for (const ValuPrecision &p : valuPrecisions) {
        double inst = 0;
        for (const auto &[op, weight] : {std::pair{"ADD", 1.0}, std::pair{"MUL", 1.0},
                                         std::pair{"FMA", 2.0}, std::pair{"TRANS", 1.0}}) {
            const QString name = QStringLiteral("SQ_INSTS_VALU_%1_%2")
                                     .arg(QLatin1String(op), QLatin1String(p.suffix));
            any = any || row.has(name);
            inst += weight * row.value(name).value_or(0);
        }
        k.flopsByMath[QLatin1String(p.math)] += waveLanes * inst;
    }
    for (const ValuPrecision &p : mfmaPrecisions) {
        const QString name =
            QStringLiteral("SQ_INSTS_VALU_MFMA_MOPS_%1").arg(QLatin1String(p.suffix));
        any = any || row.has(name);
        k.flopsByMath[QLatin1String(p.math)] += mfmaOpsPerCount * row.value(name).value_or(0);
    }
    for (const double f : k.flopsByMath)
        k.flops += f;
    return any;
}

} // namespace

MeasuredImport importRocprofPmc(const QString &fileName, const QByteArray &bytes,
                                const RocprofOptions &options)
{
    MeasuredImport result;
    const CsvTable table = splitCsv(bytes);
    if (!table.error.isEmpty())
        result.problems.append({.file = fileName,
                                .line = table.errorLine,
                                .column = 0,
                                .field = QString(),
                                .reason = table.error});
    if (table.rows.isEmpty())
        return result;
    const CsvRow &header = table.rows.first();
    QHash<QString, qsizetype> columns;
    for (qsizetype i = 0; i < header.fields.size(); ++i)
        columns.insert(header.fields.at(i).trimmed(), i);
    for (const char *required : {"Kernel_Name", "Start_Timestamp", "End_Timestamp"}) {
        if (!columns.contains(QLatin1String(required)))
            result.problems.append({.file = fileName,
                                    .line = header.line,
                                    .column = 0,
                                    .field = QLatin1String(required),
                                    .reason = tr("required column missing; not a "
                                                 "rocprof-compute pmc_perf.csv")});
    }
    if (!result.problems.isEmpty())
        return result;
    const double line = options.cacheLineBytes;
    QList<MeasuredKernel> launches;
    for (qsizetype r = 1; r < table.rows.size(); ++r) {
        const CsvRow &row = table.rows.at(r);
        if (row.fields.size() != header.fields.size()) {
            result.problems.append({.file = fileName,
                                    .line = row.line,
                                    .column = 0,
                                    .field = QString(),
                                    .reason = tr("%1 fields where the header has %2")
                                                  .arg(row.fields.size())
                                                  .arg(header.fields.size())});
            continue;
        }
        RowValues values(fileName, columns, row, result);
        MeasuredKernel k;
        k.launches = 1;
        k.name = row.fields.at(columns.value(QStringLiteral("Kernel_Name"))).trimmed();
        if (k.name.isEmpty())
            values.fail(columns.value(QStringLiteral("Kernel_Name")), QStringLiteral("Kernel_Name"),
                        tr("is empty"));
        const std::optional<double> start = values.value(QStringLiteral("Start_Timestamp"));
        const std::optional<double> end = values.value(QStringLiteral("End_Timestamp"));
        if (start && end && *end <= *start)
            values.fail(columns.value(QStringLiteral("End_Timestamp")),
                        QStringLiteral("End_Timestamp"),
                        tr("must be after Start_Timestamp (%1)").arg(*start, 0, 'f', 0));
        else if (!values.failed() && (!start || !end)) {
            const QString missing =
                start ? QStringLiteral("End_Timestamp") : QStringLiteral("Start_Timestamp");
            values.fail(columns.value(missing), missing, tr("is empty"));
        }
        if (!readFlops(values, k) && !values.failed())
            values.fail(-1, QString(), tr("no VALU or MFMA FLOP counter column"));
        if (values.failed())
            continue;
        k.timeS = (*end - *start) * 1e-9;
        k.bytes.l2 = values.weighted({{"TCP_TCC_READ_REQ_sum", line},
                                      {"TCP_TCC_WRITE_REQ_sum", line},
                                      {"TCP_TCC_ATOMIC_WITH_RET_REQ_sum", line},
                                      {"TCP_TCC_ATOMIC_WITHOUT_RET_REQ_sum", line}});
        k.bytes.l1 = values.weighted({{"TCP_TOTAL_CACHE_ACCESSES_sum", line}});
        // MI200: a read request moves 32 or 64 bytes, a write request 64 or 32.
        const std::optional<double> reads = values.value(QStringLiteral("TCC_EA_RDREQ_sum"));
        const std::optional<double> reads32 = values.value(QStringLiteral("TCC_EA_RDREQ_32B_sum"));
        const std::optional<double> writes = values.value(QStringLiteral("TCC_EA_WRREQ_sum"));
        const std::optional<double> writes64 = values.value(QStringLiteral("TCC_EA_WRREQ_64B_sum"));
        if (reads && reads32 && writes && writes64) {
            if (*reads32 > *reads || *writes64 > *writes)
                values.fail(columns.value(QStringLiteral("TCC_EA_RDREQ_32B_sum")),
                            QStringLiteral("TCC_EA_RDREQ_32B_sum"),
                            tr("more sized requests than requests in TCC_EA_RDREQ_sum or "
                               "TCC_EA_WRREQ_sum"));
            else
                k.bytes.dram = 32 * *reads32 + 64 * (*reads - *reads32) + 64 * *writes64 +
                               32 * (*writes - *writes64);
        }
        if (values.failed())
            continue;
        launches.append(k);
    }
    result.kernels = groupKernels(launches);
    result.notes.append(tr("L1 and L2 bytes counted at %1 bytes per request").arg(line));
    return result;
}

bool looksLikeRocprofPmc(const QByteArray &bytes)
{
    const QByteArray first = bytes.left(bytes.indexOf('\n'));
    return first.contains("Kernel_Name") && first.contains("Start_Timestamp");
}

} // namespace rooflab
