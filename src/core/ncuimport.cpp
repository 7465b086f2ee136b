#include "ncuimport.h"

#include "csvtable.h"
#include "jsonreader.h"
#include "measurednumber.h"
#include "ncuunits.h"

#include <QCoreApplication>

#include <array>

namespace rooflab {

namespace {

QString tr(const char *text)
{
    return QCoreApplication::translate("rooflab::NcuImport", text);
}

// The metrics read, in the order of `metrics`.
enum Metric {
    Time,
    DramSum,
    DramRead,
    DramWrite,
    L2Bytes,
    L1Bytes,
    DAdd,
    DMul,
    DFma,
    FAdd,
    FMul,
    FFma,
    HAdd,
    HMul,
    HFma,
    MetricCount
};

struct MetricInfo
{
    const char *name;
    NcuQuantity quantity;
};

#define ROOFLAB_SASS(op) "sm__sass_thread_inst_executed_op_" op "_pred_on.sum"
const MetricInfo metrics[MetricCount] = {
    {"gpu__time_duration.sum", NcuQuantity::Time}, {"dram__bytes.sum", NcuQuantity::Bytes},
    {"dram__bytes_read.sum", NcuQuantity::Bytes},  {"dram__bytes_write.sum", NcuQuantity::Bytes},
    {"lts__t_bytes.sum", NcuQuantity::Bytes},      {"l1tex__t_bytes.sum", NcuQuantity::Bytes},
    {ROOFLAB_SASS("dadd"), NcuQuantity::Count},    {ROOFLAB_SASS("dmul"), NcuQuantity::Count},
    {ROOFLAB_SASS("dfma"), NcuQuantity::Count},    {ROOFLAB_SASS("fadd"), NcuQuantity::Count},
    {ROOFLAB_SASS("fmul"), NcuQuantity::Count},    {ROOFLAB_SASS("ffma"), NcuQuantity::Count},
    {ROOFLAB_SASS("hadd"), NcuQuantity::Count},    {ROOFLAB_SASS("hmul"), NcuQuantity::Count},
    {ROOFLAB_SASS("hfma"), NcuQuantity::Count}};
#undef ROOFLAB_SASS

const QString kernelNameHeader = QStringLiteral("Kernel Name");

// Where a metric sits and the factor to base units; index -1 when it cannot be read.
struct Column
{
    qsizetype index = -1;
    double factor = 1;
};

using Columns = std::array<Column, MetricCount>;

// The header row of the file.
struct Table
{
    QStringList header;
    qsizetype nameColumn = -1;
};

class NcuReader
{
public:
    NcuReader(const QString &fileName, const NcuOptions &options, MeasuredImport &result)
        : m_fileName(fileName), m_options(options), m_result(result)
    {
    }

    void read(const QByteArray &bytes);

private:
    void problem(int line, qsizetype column, const QString &field, const QString &reason)
    {
        m_result.problems.append({.file = m_fileName,
                                  .line = line,
                                  .column = static_cast<int>(column + 1),
                                  .field = field,
                                  .reason = reason});
    }
    bool readUnits(const CsvRow &units);
    // A reader of the rows after the header and, when `hasUnits`, the units row.
    CsvReader dataRows(bool hasUnits) const;
    void chooseGrouping(bool hasUnits);
    std::optional<MeasuredKernel> readLaunch(const CsvRow &row);
    // The value of `metric` in `row`: nothing when absent or n/a; sets `bad` when it does
    // not parse.
    std::optional<double> value(const CsvRow &row, Metric metric, bool &bad);

    const QString &m_fileName;
    const NcuOptions &m_options;
    MeasuredImport &m_result;
    QByteArrayView m_rest; // the file from its header on
    int m_headerLine = 1;
    Table m_table;
    Columns m_columns;
    NumberGrouping m_grouping = NumberGrouping::CommaGroups;
};

void NcuReader::read(const QByteArray &bytes)
{
    // The header is the first line holding "Kernel Name": ==PROF== lines and the program's
    // own output may come first, and may hold unbalanced quotes.
    qsizetype start = 0;
    int skipped = 0;
    for (;;) {
        if (start >= bytes.size()) {
            problem(1, -1, QString(),
                    tr("not an Nsight Compute raw CSV: no line holds "
                       "the \"Kernel Name\" column"));
            return;
        }
        qsizetype end = bytes.indexOf('\n', start);
        if (end < 0)
            end = bytes.size();
        if (QByteArrayView(bytes).sliced(start, end - start).contains("Kernel Name"))
            break;
        start = end + 1;
        ++skipped;
    }
    m_rest = QByteArrayView(bytes).sliced(start);
    m_headerLine = skipped + 1;
    // The rows are read one at a time, twice (the grouping, then the launches), so a file of
    // 100,000 launches never holds more than one row as text.
    CsvReader reader(m_rest, m_headerLine);
    CsvRow headerRow, unitsRow;
    if (!reader.next(headerRow)) {
        problem(reader.errorLine(), -1, QString(), reader.error());
        return;
    }
    m_table.header = headerRow.fields;
    m_table.nameColumn = m_table.header.indexOf(kernelNameHeader);
    if (m_table.nameColumn < 0) {
        problem(headerRow.line, -1, QString(),
                tr("not an Nsight Compute raw CSV: no \"Kernel Name\" column"));
        return;
    }
    for (int m = 0; m < MetricCount; ++m)
        m_columns[m].index = m_table.header.indexOf(QLatin1String(metrics[m].name));
    if (!reader.next(unitsRow)) {
        problem(headerRow.line, -1, QString(), tr("no units row after the header"));
        return;
    }
    const bool hasUnits = readUnits(unitsRow);
    if (m_columns[Time].index < 0) {
        problem(headerRow.line, -1, QLatin1String(metrics[Time].name),
                tr("required column missing"));
        return;
    }
    bool anyFlops = false;
    for (int m = DAdd; m < MetricCount; ++m)
        anyFlops = anyFlops || m_columns[m].index >= 0;
    if (!anyFlops) {
        problem(headerRow.line, -1, QString(),
                tr("no FLOP counter column (sm__sass_thread_inst_executed_op_*_pred_on.sum)"));
        return;
    }
    chooseGrouping(hasUnits);
    KernelGroups kernels;
    CsvReader rows = dataRows(hasUnits);
    CsvRow row;
    while (rows.next(row)) {
        if (std::optional<MeasuredKernel> launch = readLaunch(row))
            kernels.add(*launch);
    }
    if (rows.errorLine() > 0)
        problem(rows.errorLine(), -1, QString(), rows.error());
    m_result.kernels = kernels.kernels();
    m_result.notes.append(m_options.packedHalf
                              ? tr("FP16 FLOPs counted as packed pairs: 2·hadd + 2·hmul + 4·hfma")
                              : tr("FP16 FLOPs counted as hadd + hmul + 2·hfma"));
}

CsvReader NcuReader::dataRows(bool hasUnits) const
{
    CsvReader reader(m_rest, m_headerLine);
    CsvRow skipped;
    for (int i = 0; i < (hasUnits ? 2 : 1); ++i)
        reader.next(skipped);
    return reader;
}

bool NcuReader::readUnits(const CsvRow &units)
{
    if (units.fields.size() != m_table.header.size()) {
        problem(units.line, -1, QString(),
                tr("the units row has %1 fields where the header has %2")
                    .arg(units.fields.size())
                    .arg(m_table.header.size()));
        for (Column &c : m_columns)
            c.index = -1;
        return true;
    }
    // The units row is empty under the identity columns; a kernel's name there means it is
    // missing, and the values are read as base units.
    if (!units.fields.at(m_table.nameColumn).trimmed().isEmpty()) {
        problem(units.line, m_table.nameColumn, kernelNameHeader,
                tr("expected the units row after the header, found a launch; "
                   "reading values as base units"));
        // ncu's base units: byte, nsecond and inst.
        m_columns[Time].factor = 1e-9;
        return false;
    }
    for (int m = 0; m < MetricCount; ++m) {
        Column &c = m_columns[m];
        if (c.index < 0)
            continue;
        const QString unit = units.fields.at(c.index).trimmed();
        if (const std::optional<double> f = ncuUnitFactor(unit, metrics[m].quantity)) {
            c.factor = *f;
            continue;
        }
        problem(units.line, c.index, QLatin1String(metrics[m].name),
                tr("unit \"%1\" does not match this metric, which counts %2")
                    .arg(unit.left(40), ncuQuantityName(metrics[m].quantity)));
        c.index = -1;
    }
    return true;
}

void NcuReader::chooseGrouping(bool hasUnits)
{
    // One grouping per file, from the first value only one grouping reads; a later value
    // that only the other reads is a problem (docs/measured-data.md, "Locale").
    std::optional<NumberGrouping> chosen;
    CsvReader rows = dataRows(hasUnits);
    CsvRow row;
    while (rows.next(row)) {
        for (const Column &c : m_columns) {
            if (c.index < 0 || c.index >= row.fields.size())
                continue;
            const std::optional<NumberGrouping> evidence = groupingEvidence(row.fields.at(c.index));
            if (!evidence)
                continue;
            if (!chosen) {
                chosen = evidence;
            } else if (*evidence != *chosen) {
                problem(row.line, c.index, m_table.header.at(c.index),
                        tr("\"%1\" groups digits the other way from the rest of the file")
                            .arg(row.fields.at(c.index).left(40)));
                break;
            }
        }
    }
    m_grouping = chosen.value_or(NumberGrouping::CommaGroups);
}

std::optional<double> NcuReader::value(const CsvRow &row, Metric metric, bool &bad)
{
    const Column &c = m_columns[metric];
    if (c.index < 0)
        return std::nullopt;
    const QString text = row.fields.at(c.index).trimmed();
    if (text.isEmpty() || text.compare(QLatin1String("n/a"), Qt::CaseInsensitive) == 0)
        return std::nullopt;
    std::optional<double> v = parseGroupedNumber(text, m_grouping);
    if (!v) {
        problem(row.line, c.index, QLatin1String(metrics[metric].name),
                tr("\"%1\" is not a number in this file's grouping (%2)")
                    .arg(text.left(40), m_grouping == NumberGrouping::CommaGroups
                                            ? QStringLiteral("1,234.5")
                                            : QStringLiteral("1.234,5")));
        bad = true;
        return std::nullopt;
    }
    const double scaled = *v * c.factor;
    const NumberRule rule = metric == Time ? NumberRule::Positive : NumberRule::NonNegative;
    if (const QString why = numberProblem(scaled, rule, workLimits); !why.isEmpty()) {
        problem(row.line, c.index, QLatin1String(metrics[metric].name), why);
        bad = true;
        return std::nullopt;
    }
    return scaled;
}

std::optional<MeasuredKernel> NcuReader::readLaunch(const CsvRow &row)
{
    if (row.fields.size() != m_table.header.size()) {
        problem(row.line, -1, QString(),
                tr("%1 fields where the header has %2")
                    .arg(row.fields.size())
                    .arg(m_table.header.size()));
        return std::nullopt;
    }
    bool bad = false;
    std::array<std::optional<double>, MetricCount> v;
    for (int m = 0; m < MetricCount; ++m)
        v[m] = value(row, Metric(m), bad);
    MeasuredKernel k;
    k.name = row.fields.at(m_table.nameColumn).trimmed();
    if (k.name.isEmpty()) {
        problem(row.line, m_table.nameColumn, kernelNameHeader, tr("is empty"));
        bad = true;
    }
    if (!bad && !v[Time]) {
        problem(row.line, m_columns[Time].index, QLatin1String(metrics[Time].name),
                tr("no time for this launch (n/a)"));
        bad = true;
    }
    bool anyFlops = false;
    for (int m = DAdd; m < MetricCount; ++m)
        anyFlops = anyFlops || v[m].has_value();
    if (!bad && !anyFlops) {
        problem(row.line, -1, QString(), tr("no FLOP counter has a value for this launch"));
        bad = true;
    }
    if (bad)
        return std::nullopt;
    const auto flops = [&v](Metric add, Metric mul, Metric fma, double perInst) {
        return perInst * (v[add].value_or(0) + v[mul].value_or(0) + 2 * v[fma].value_or(0));
    };
    const double fp64 = flops(DAdd, DMul, DFma, 1);
    const double fp32 = flops(FAdd, FMul, FFma, 1);
    const double fp16 = flops(HAdd, HMul, HFma, m_options.packedHalf ? 2 : 1);
    k.launches = 1;
    k.timeS = *v[Time];
    k.flops = fp64 + fp32 + fp16;
    k.flopsByMath = {{QStringLiteral("fp64"), fp64},
                     {QStringLiteral("fp32"), fp32},
                     {QStringLiteral("fp16"), fp16}};
    if (v[DramSum])
        k.bytes.dram = v[DramSum];
    else if (v[DramRead] && v[DramWrite])
        k.bytes.dram = *v[DramRead] + *v[DramWrite];
    k.bytes.l2 = v[L2Bytes];
    k.bytes.l1 = v[L1Bytes];
    return k;
}

} // namespace

MeasuredImport importNcuCsv(const QString &fileName, const QByteArray &bytes,
                            const NcuOptions &options)
{
    MeasuredImport result;
    NcuReader(fileName, options, result).read(bytes);
    return result;
}

bool looksLikeNcuCsv(const QByteArray &bytes)
{
    const qsizetype at = bytes.indexOf("\"Kernel Name\"");
    if (at < 0)
        return false;
    const qsizetype end = bytes.indexOf('\n', at);
    const QByteArray line = bytes.mid(at, end < 0 ? -1 : end - at);
    return line.contains("gpu__") || line.contains("sm__") || line.contains("dram__");
}

} // namespace rooflab
