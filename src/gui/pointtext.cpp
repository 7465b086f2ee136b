#include "pointtext.h"

#include "legendnotes.h"
#include "units.h"

#include <QCoreApplication>

namespace rooflab::gui::pointtext {

namespace {

QString tr(const char *text)
{
    return QCoreApplication::translate("rooflab::gui::PointText", text);
}

QString intensity(double value)
{
    return formatNumber(value, 4) + QStringLiteral(" FLOP/B");
}

QString positionText(const PointDiagnosis &d)
{
    if (d.ridgeFactor <= 0)
        return tr("n/a");
    if (d.ridgeFactor < 1)
        return tr("%1× below the ridge").arg(formatNumber(1 / d.ridgeFactor, 3));
    return tr("%1× above the ridge").arg(formatNumber(d.ridgeFactor, 3));
}

QString ridgeBatchText(const PointDiagnosis &d)
{
    switch (d.ridgeBatchState) {
    case RidgeBatchState::At:
        // The whole batch first, as the figure states it; the exact solution beside it,
        // since a row of the panel's rich text has no tooltip of its own.
        return tr("from batch %1 (exactly %2)")
            .arg(formatWholeBatch(d.ridgeBatch), formatExactBatch(d.ridgeBatch));
    case RidgeBatchState::Never:
        return tr("never (memory-bound at every batch)");
    case RidgeBatchState::NotApplicable:
        break;
    }
    return tr("does not follow the batch");
}

} // namespace

QString formatName(const Catalog &catalog, const QString &id)
{
    const Format *format = catalog.format(id);
    return format ? format->name : id;
}

SheetBlock figureTable(const QList<QStringList> &rows)
{
    return SheetBlock::table(rows, 1);
}

QString deviceName(const Analysis &analysis, const QString &deviceId)
{
    for (const DeviceRoofs &roofs : analysis.devices) {
        if (roofs.deviceId == deviceId)
            return roofs.deviceName;
    }
    return deviceId;
}

QString boundText(Bound bound)
{
    switch (bound) {
    case Bound::Memory:
        return tr("memory-bound");
    case Bound::Balanced:
        return tr("balanced");
    case Bound::Compute:
        return tr("compute-bound");
    case Bound::Latency:
        return tr("latency-bound");
    case Bound::Interconnect:
        return tr("interconnect-bound");
    }
    return {};
}

QString summary(const Analysis &analysis, const PointAnalysis &p)
{
    return tr("%1 on %2: intensity %3 (ridge %4), %5, %6, %7% of the %8 peak")
        .arg(p.operatorName, deviceName(analysis, p.deviceId), intensity(p.intensity),
             intensity(p.ridge), boundText(p.bound), formatDuration(p.time),
             formatNumber(p.pctOfPeak, 3), p.math.toUpper());
}

QStringList briefSummaries(const Analysis &analysis, const PointAnalysis &p)
{
    QStringList names;
    qsizetype index = -1;
    for (const DeviceRoofs &roofs : analysis.devices) {
        if (roofs.deviceId == p.deviceId)
            index = names.size();
        names.append(roofs.deviceName);
    }
    const QString device = index >= 0 ? shortDeviceNames(names).at(index) : p.deviceId;
    const QString share = formatNumber(p.pctOfPeak, 3);
    const QString math = p.math.toUpper();
    return {
        tr("%1 on %2: %3, %4, %5, %6% of %7 peak")
            .arg(p.operatorName, device, intensity(p.intensity), boundText(p.bound),
                 formatDuration(p.time), share, math),
        tr("%1 on %2: %3, %4, %5% of %6 peak")
            .arg(p.operatorName, device, intensity(p.intensity), boundText(p.bound), share, math)};
}

QList<SheetBlock> comparisonBlocks(const PointDiagnosis &d)
{
    QList<SheetBlock> blocks;
    if (!d.valid || d.comparisons.isEmpty())
        return blocks;
    blocks.append(SheetBlock::paragraph(SheetBlock::Kind::Heading, tr("On the other devices")));
    SheetBlock table =
        SheetBlock::table({}, -1, {tr("Device"), tr("Time"), tr("Speed"), tr("Bound")},
                          {Qt::AlignLeft, Qt::AlignRight, Qt::AlignRight, Qt::AlignLeft});
    for (const DeviceComparison &c : d.comparisons)
        table.rows.append({c.deviceName, formatDuration(c.time),
                           tr("%1×").arg(formatNumber(c.throughputRatio, 3)),
                           boundText(c.bound) + (c.fellBack ? tr(" (fallback roof)") : QString())});
    blocks.append(table);
    blocks.append(SheetBlock::paragraph(
        SheetBlock::Kind::Note,
        tr("Speed: throughput there ÷ throughput on %1 (above 1: faster).").arg(d.deviceName)));
    return blocks;
}

// A communication point has no memory side: its time is latencies plus bytes over the link.
SheetBlock communicationTable(const PointDiagnosis &d, const CommunicationCost &c)
{
    const bool latencySets = d.bound == Bound::Latency;
    const QString sets = tr("  ← sets the time");
    QList<QStringList> rows;
    rows.append({tr("Link"), c.link});
    rows.append({tr("Latency (count · α)"),
                 tr("%1 × %2 = %3")
                         .arg(formatNumber(c.count, 4), formatDuration(c.latency),
                              formatDuration(c.latencyTime)) +
                     (latencySets ? sets : QString())});
    rows.append(
        {tr("Bytes (sent ÷ β)"),
         tr("%1 ÷ %2 = %3")
                 .arg(formatBytes(c.bytes), formatSi(c.linkBandwidth, QStringLiteral("B/s")),
                      formatDuration(c.bytesTime)) +
             (latencySets ? QString() : sets)});
    rows.append({tr("Communication per step"), formatDuration(d.time)});
    rows.append({tr("Bound"), boundText(d.bound)});
    return figureTable(rows);
}

// A measured kernel: what it took and how far below its roof, not the model's two times.
SheetBlock measuredTable(const PointDiagnosis &d, const MeasuredPoint &m)
{
    QList<QStringList> rows;
    rows.append({tr("Kernel"), m.kernel});
    rows.append(
        {tr("Measured"), tr("%1 in %2 (%3 launches), %4% of the time measured")
                             .arg(formatSi(d.flops, QStringLiteral("FLOP")), formatDuration(d.time))
                             .arg(m.launches)
                             .arg(formatNumber(100.0 * m.timeShare, 3))});
    rows.append({tr("Achieved"), formatSi(d.attainableFlops, QStringLiteral("FLOP/s"))});
    rows.append({tr("Intensity (%1)").arg(m.level.toUpper()),
                 tr("%1 over %2").arg(intensity(d.intensity), formatBytes(d.bytes.total()))});
    const QString roofName = m.boundLevel.isEmpty()
                                 ? tr(" (%1 %2 peak)").arg(d.math.toUpper(), unitKindName(d.unit))
                                 : tr(" (%1 bandwidth)").arg(m.boundLevel.toUpper());
    rows.append({tr("Roof above it"),
                 m.roofFlops ? formatSi(*m.roofFlops, QStringLiteral("FLOP/s")) + roofName
                             : tr("none: the device gives no roof for it")});
    if (m.pctOfRoof)
        rows.append({tr("Share of its roof"), tr("%1%").arg(formatNumber(*m.pctOfRoof, 3))});
    return figureTable(rows);
}

QList<SheetBlock> diagnosisBlocks(const Catalog &catalog, const PointDiagnosis &d)
{
    if (!d.valid)
        return {SheetBlock::paragraph(
            SheetBlock::Kind::Note,
            tr("No point is selected. Click a point on the chart, or press N."))};
    if (d.communication)
        return {communicationTable(d, *d.communication)};
    if (d.measured)
        return {measuredTable(d, *d.measured)};
    const bool mathSets = d.limiter == TimeLimiter::Math;
    QList<QStringList> rows;
    const auto row = [&rows](const QString &label, const QString &value) {
        rows.append({label, value});
    };
    row(tr("Work"), formatSi(d.flops, QStringLiteral("FLOP")));
    row(tr("Bytes moved"), formatBytes(d.bytes.total()));
    row(tr("Weights · activations · KV"),
        QStringLiteral("%1 · %2 · %3")
            .arg(formatBytes(d.bytes.weights, 3), formatBytes(d.bytes.act, 3),
                 formatBytes(d.bytes.kv, 3)));
    row(tr("Intensity"), intensity(d.intensity));
    row(tr("Ridge (%1 %2 roof)").arg(d.math.toUpper(), unitKindName(d.unit)), intensity(d.ridge));
    row(tr("Position"), positionText(d));
    row(tr("Bound"), boundText(d.bound));
    row(tr("T_math"), formatDuration(d.tMath) + (mathSets ? tr("  ← sets the time") : QString()));
    row(tr("T_mem"), formatDuration(d.tMem) + (mathSets ? QString() : tr("  ← sets the time")));
    row(tr("Attainable"), tr("%1 of %2 peak")
                              .arg(formatSi(d.attainableFlops, QStringLiteral("FLOP/s")),
                                   formatSi(d.peakFlops, QStringLiteral("FLOP/s"))));
    row(tr("Share of peak"), tr("%1%").arg(formatNumber(d.percentOfPeak, 3)));
    row(tr("Reaches the ridge"), ridgeBatchText(d));
    row(tr("Formats (W · A · KV)"),
        QStringLiteral("%1 · %2 · %3")
            .arg(formatName(catalog, d.weights), formatName(catalog, d.act),
                 formatName(catalog, d.kv)));
    return {figureTable(rows)};
}

} // namespace rooflab::gui::pointtext
