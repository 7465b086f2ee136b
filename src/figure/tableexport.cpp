// CSV and Markdown tables of an analysis: one row per point and one per roof.
#include "tableexport.h"

#include "textsafety.h"
#include "units.h"

#include <QLocale>
#include <QStringList>

namespace rooflab {

namespace {

// 15 significant digits: every digit a double's arithmetic is sure of. The shortest exact form
// showed rounding noise, 2039e9 B/s × 0.85 as 1733150000000.0002.
QString number(double value)
{
    return QString::number(value, 'g', 15);
}

QString deviceName(const Analysis &analysis, const QString &deviceId)
{
    for (const DeviceRoofs &d : analysis.devices) {
        if (d.deviceId == deviceId)
            return d.deviceName;
    }
    return deviceId;
}

// The CSV columns; a row leaves empty the columns that do not apply to it.
enum Column {
    Record,
    DeviceId,
    DeviceName,
    OperatorId,
    OperatorName,
    OperatorKindColumn,
    Unit,
    MemoryLevelColumn,
    MemoryName,
    Weights,
    Act,
    Kv,
    Math,
    Flops,
    Bytes,
    Intensity,
    Attainable,
    BoundColumn,
    TMath,
    TMem,
    Time,
    RoofKind,
    Value,
    ValueUnit,
    Ridge,
    UsedByPoints,
    ColumnCount
};

// The header, one name per Column in order.
constexpr char csvHeader[] =
    "record,device,device_name,operator_id,operator,operator_kind,unit,memory_level,memory_name,"
    "weights,act,kv,math,flops,bytes,intensity_flop_per_byte,attainable_flop_per_s,bound,"
    "t_math_s,t_mem_s,t_s,roof_kind,value,value_unit,ridge_flop_per_byte,used_by_points";

void appendCsvRow(const QStringList &fields, QString &out)
{
    QStringList quoted;
    for (const QString &f : fields)
        quoted.append(csvField(f));
    out += quoted.join(QLatin1Char(',')) + QStringLiteral("\r\n");
}

QStringList pointCsvRow(const Analysis &analysis, const PointAnalysis &p)
{
    QStringList row(ColumnCount);
    row[Record] = QStringLiteral("point");
    row[DeviceId] = p.deviceId;
    row[DeviceName] = deviceName(analysis, p.deviceId);
    row[OperatorId] = p.operatorId;
    row[OperatorName] = p.operatorName;
    row[OperatorKindColumn] = operatorKindName(p.kind);
    row[Unit] = unitKindName(p.unit);
    row[Weights] = p.weights;
    row[Act] = p.act;
    row[Kv] = p.kv;
    row[Math] = p.math;
    row[Flops] = number(p.flops);
    row[Bytes] = number(p.bytes.total());
    row[Intensity] = number(p.intensity);
    row[Attainable] = number(p.attainableFlops);
    row[BoundColumn] = boundName(p.bound);
    row[TMath] = number(p.tMath);
    row[TMem] = number(p.tMem);
    row[Time] = number(p.time);
    row[Ridge] = number(p.ridge);
    return row;
}

QStringList roofCsvRow(const DeviceRoofs &d, const QString &roofKind)
{
    QStringList row(ColumnCount);
    row[Record] = QStringLiteral("roof");
    row[DeviceId] = d.deviceId;
    row[DeviceName] = d.deviceName;
    row[RoofKind] = roofKind;
    return row;
}

QString markdownRow(const QStringList &cells)
{
    QStringList escaped;
    for (const QString &c : cells)
        escaped.append(markdownCell(c));
    return QStringLiteral("| ") + escaped.join(QStringLiteral(" | ")) + QStringLiteral(" |\n");
}

QString markdownHeader(const QStringList &titles)
{
    const QStringList rule(titles.size(), QStringLiteral("---"));
    return markdownRow(titles) + QStringLiteral("| ") + rule.join(QStringLiteral(" | ")) +
           QStringLiteral(" |\n");
}

QString markdownPoints(const Analysis &analysis)
{
    QString out = QStringLiteral("## Points (%1 roofs)\n\n").arg(roofModeName(analysis.roof));
    out += markdownHeader({QStringLiteral("Device"), QStringLiteral("Operator"),
                           QStringLiteral("Weights"), QStringLiteral("Act"), QStringLiteral("KV"),
                           QStringLiteral("Math"), QStringLiteral("Unit"), QStringLiteral("FLOPs"),
                           QStringLiteral("Bytes"), QStringLiteral("Intensity (FLOP/B)"),
                           QStringLiteral("Attainable"), QStringLiteral("Bound"),
                           QStringLiteral("T math"), QStringLiteral("T mem"), QStringLiteral("T")});
    for (const PointAnalysis &p : analysis.points) {
        out +=
            markdownRow({deviceName(analysis, p.deviceId), p.operatorName, p.weights, p.act, p.kv,
                         p.math, unitKindName(p.unit), formatSi(p.flops, QStringLiteral("FLOP")),
                         formatSi(p.bytes.total(), QStringLiteral("B")), formatNumber(p.intensity),
                         formatSi(p.attainableFlops, QStringLiteral("FLOP/s")), boundName(p.bound),
                         formatDuration(p.tMath), formatDuration(p.tMem), formatDuration(p.time)});
    }
    return out;
}

QString markdownRoofs(const Analysis &analysis)
{
    QString out = QStringLiteral("## Roofs (%1)\n\n").arg(roofModeName(analysis.roof));
    out += markdownHeader({QStringLiteral("Device"), QStringLiteral("Kind"), QStringLiteral("Unit"),
                           QStringLiteral("Math"), QStringLiteral("Value"),
                           QStringLiteral("Ridge (FLOP/B)")});
    for (const DeviceRoofs &d : analysis.devices) {
        for (const MemoryRoof &m : d.memory)
            out += markdownRow({d.deviceName, QStringLiteral("memory"),
                                QStringLiteral("%1 (%2)").arg(m.level, m.name), QString(),
                                formatSi(m.bandwidth, QStringLiteral("B/s")), QString()});
        for (const ComputeRoof &c : d.compute)
            out += markdownRow({d.deviceName, QStringLiteral("compute"), unitKindName(c.unit),
                                c.math, formatSi(c.peakFlops, QStringLiteral("FLOP/s")),
                                formatNumber(c.ridge)});
    }
    return out;
}

// One figure of a model's totals.
struct TotalFigure
{
    const char *key;
    const char *title;
    QString value; // CSV: SI base units; empty when it does not apply
    const char *unit;
};

QList<TotalFigure> totalFigures(const ModelAnalysis &m)
{
    const ModelDeployment &d = m.deployment;
    const ModelTotals &t = m.totals;
    const QString cost = d.costPerMillionTokens ? number(*d.costPerMillionTokens) : QString();
    return {
        {"tp", "TP", QString::number(d.tp), ""},
        {"pp", "PP", QString::number(d.pp), ""},
        {"devices", "Devices", QString::number(d.devices), ""},
        {"fits", "Fits", d.fits ? QStringLiteral("true") : QStringLiteral("false"), ""},
        {"footprint_bytes_per_device", "Footprint per device", number(d.perDevice.totalBytes), "B"},
        {"usable_bytes_per_device", "Usable per device", number(d.usableBytes), "B"},
        {"comm_time_s", "Communication", number(d.commTime), "s"},
        {"step_time_s", "Step time", number(t.stepTime), "s"},
        {"tokens_per_s", "Tokens/s", number(t.tokensPerSecond), "token/s"},
        {"tokens_per_s_per_device", "Tokens/s per device", number(d.tokensPerSecondPerDevice),
         "token/s"},
        {"cost_per_mtok_usd", "$ per 1M tokens", cost, "USD"},
        {"max_batch_fits", "Largest batch that fits", number(d.maxBatchFits), ""},
    };
}

void appendCsvTotals(const QList<ModelAnalysis> &models, QString &out)
{
    for (const ModelAnalysis &m : models) {
        if (!m.ok())
            continue;
        for (const TotalFigure &f : totalFigures(m)) {
            QStringList row(ColumnCount);
            row[Record] = QStringLiteral("total");
            row[DeviceId] = m.deviceId;
            row[DeviceName] = m.deviceName;
            row[OperatorId] = QString::fromLatin1(f.key);
            row[OperatorName] = QString::fromLatin1(f.title);
            row[Value] = f.value;
            row[ValueUnit] = QString::fromLatin1(f.unit);
            appendCsvRow(row, out);
        }
    }
}

QString markdownTotals(const QList<ModelAnalysis> &models)
{
    QString out = QStringLiteral("## Totals per device of the deployment\n\n");
    out += markdownHeader({QStringLiteral("Device"), QStringLiteral("TP"), QStringLiteral("PP"),
                           QStringLiteral("Devices"), QStringLiteral("Fits"),
                           QStringLiteral("Footprint per device"), QStringLiteral("Step time"),
                           QStringLiteral("Communication"), QStringLiteral("Tokens/s"),
                           QStringLiteral("Tokens/s per device"), QStringLiteral("$ per 1M tokens"),
                           QStringLiteral("Largest batch that fits")});
    for (const ModelAnalysis &m : models) {
        if (!m.ok())
            continue;
        const ModelDeployment &d = m.deployment;
        out += markdownRow(
            {m.deviceName, QString::number(d.tp), QString::number(d.pp), QString::number(d.devices),
             d.fits ? QStringLiteral("yes") : QStringLiteral("no"),
             QStringLiteral("%1 of %2")
                 .arg(formatSi(d.perDevice.totalBytes, QStringLiteral("B")),
                      formatSi(d.usableBytes, QStringLiteral("B"))),
             formatDuration(m.totals.stepTime), formatDuration(d.commTime),
             formatNumber(m.totals.tokensPerSecond), formatNumber(d.tokensPerSecondPerDevice),
             d.costPerMillionTokens ? QStringLiteral("$") + formatNumber(*d.costPerMillionTokens)
                                    : QStringLiteral("—"),
             formatNumber(d.maxBatchFits)});
    }
    return out;
}

} // namespace

std::optional<TableFormat> tableFormatFromName(const QString &name)
{
    const QString lower = name.toLower();
    if (lower == QLatin1String("csv"))
        return TableFormat::Csv;
    if (lower == QLatin1String("md") || lower == QLatin1String("markdown"))
        return TableFormat::Markdown;
    return std::nullopt;
}

QString csvField(const QString &text)
{
    // A name a spreadsheet would run as a formula gets a leading apostrophe and quotes, so
    // it shows as the text it is.
    const bool formula = looksLikeFormula(text);
    const bool needsQuotes = formula || text.contains(QLatin1Char(',')) ||
                             text.contains(QLatin1Char('"')) || text.contains(QLatin1Char('\r')) ||
                             text.contains(QLatin1Char('\n'));
    if (!needsQuotes)
        return text;
    QString quoted = formula ? QLatin1Char('\'') + text : text;
    quoted.replace(QLatin1Char('"'), QStringLiteral("\"\""));
    return QLatin1Char('"') + quoted + QLatin1Char('"');
}

QString markdownCell(const QString &text)
{
    static const QString special = QStringLiteral("|\\`*_[]<>&~");
    QString out;
    out.reserve(text.size());
    for (const QChar c : bidiEscaped(text)) {
        if (c.unicode() < 0x20 || c.unicode() == 0x7f) {
            out += QLatin1Char(' ');
            continue;
        }
        if (special.contains(c))
            out += QLatin1Char('\\');
        out += c;
    }
    return out;
}

QByteArray writeCsvTable(const Analysis &analysis)
{
    QString out;
    out += QString::fromLatin1(csvHeader) + QStringLiteral("\r\n");
    Q_ASSERT(out.count(QLatin1Char(',')) == ColumnCount - 1);
    for (const PointAnalysis &p : analysis.points)
        appendCsvRow(pointCsvRow(analysis, p), out);
    for (const DeviceRoofs &d : analysis.devices) {
        for (const MemoryRoof &m : d.memory) {
            QStringList row = roofCsvRow(d, QStringLiteral("memory"));
            row[MemoryLevelColumn] = m.level;
            row[MemoryName] = m.name;
            row[Value] = number(m.bandwidth);
            row[ValueUnit] = QStringLiteral("B/s");
            appendCsvRow(row, out);
        }
        for (const ComputeRoof &c : d.compute) {
            QStringList row = roofCsvRow(d, QStringLiteral("compute"));
            row[Unit] = unitKindName(c.unit);
            row[Math] = c.math;
            row[Value] = number(c.peakFlops);
            row[ValueUnit] = QStringLiteral("FLOP/s");
            row[Ridge] = number(c.ridge);
            row[UsedByPoints] = c.usedByPoints ? QStringLiteral("true") : QStringLiteral("false");
            appendCsvRow(row, out);
        }
    }
    return out.toUtf8();
}

QByteArray writeMarkdownTable(const Analysis &analysis)
{
    return (markdownPoints(analysis) + QLatin1Char('\n') + markdownRoofs(analysis)).toUtf8();
}

QByteArray writeTable(const Analysis &analysis, TableFormat format)
{
    return format == TableFormat::Csv ? writeCsvTable(analysis) : writeMarkdownTable(analysis);
}

QByteArray writeTable(const Analysis &analysis, const QList<ModelAnalysis> &models,
                      TableFormat format)
{
    if (models.isEmpty())
        return writeTable(analysis, format);
    if (format == TableFormat::Csv) {
        QString totals;
        appendCsvTotals(models, totals);
        return writeCsvTable(analysis) + totals.toUtf8();
    }
    return writeMarkdownTable(analysis) + '\n' + markdownTotals(models).toUtf8();
}

} // namespace rooflab
