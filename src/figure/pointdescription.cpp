#include "pointdescription.h"

#include "units.h"

#include <QCoreApplication>

namespace rooflab {

namespace {

QString tr(const char *text)
{
    return QCoreApplication::translate("RooflineChart", text);
}

QString deviceName(const Analysis &analysis, const QString &deviceId)
{
    for (const DeviceRoofs &device : analysis.devices) {
        if (device.deviceId == deviceId)
            return device.deviceName;
    }
    return deviceId;
}

// A measured kernel's tooltip: its whole name, what it took and how close to its roof.
QString measuredDescription(const Analysis &analysis, const PointAnalysis &p,
                            const MeasuredPoint &m)
{
    QStringList lines;
    lines << tr("%1 on %2, measured").arg(m.kernel, deviceName(analysis, p.deviceId));
    lines << tr("%1 in %2 over %3 launches (%4% of the time measured)")
                 .arg(formatSi(p.flops, QStringLiteral("FLOP")), formatDuration(p.time))
                 .arg(m.launches)
                 .arg(formatNumber(100.0 * m.timeShare, 3));
    lines << tr("%1 intensity: %2 FLOP/byte over %3")
                 .arg(m.level.toUpper(), formatNumber(p.intensity),
                      formatSi(p.bytes.total(), QStringLiteral("B")));
    QString achieved =
        tr("Achieved: %1").arg(formatSi(p.attainableFlops, QStringLiteral("FLOP/s")));
    if (m.roofFlops && m.pctOfRoof)
        achieved += tr(", %1% of its roof (%2)")
                        .arg(formatNumber(*m.pctOfRoof, 3),
                             formatSi(*m.roofFlops, QStringLiteral("FLOP/s")));
    lines << achieved;
    lines << m.warnings;
    return lines.join(QLatin1Char('\n'));
}

} // namespace

QString pointDescription(const Analysis &analysis, const PointAnalysis &p)
{
    if (p.measured)
        return measuredDescription(analysis, p, *p.measured);
    const QString unit = p.unit == UnitKind::Matrix ? tr("matrix") : tr("vector");
    QStringList lines;
    lines << tr("%1 on %2").arg(p.operatorName, deviceName(analysis, p.deviceId));
    lines << tr("Formats: weights %1, activations %2, KV %3; math %4 (%5)")
                 .arg(p.weights, p.act, p.kv, p.math, unit);
    lines << tr("Work: %1; traffic: %2")
                 .arg(formatSi(p.flops, QStringLiteral("FLOP")),
                      formatSi(p.bytes.total(), QStringLiteral("B")));
    lines << tr("Intensity: %1 FLOP/byte (ridge %2 FLOP/byte)")
                 .arg(formatNumber(p.intensity), formatNumber(p.ridge));
    lines << tr("Attainable: %1 (%2% of the %3 peak)")
                 .arg(formatSi(p.attainableFlops, QStringLiteral("FLOP/s")),
                      formatNumber(p.pctOfPeak, 3),
                      formatSi(p.peakFlops, QStringLiteral("FLOP/s")));
    lines << tr("Bound: %1; time %2 (math %3, memory %4)")
                 .arg(boundName(p.bound), formatDuration(p.time), formatDuration(p.tMath),
                      formatDuration(p.tMem));
    if (p.ridgeBatch)
        // The whole batch first, as the figure states it; the exact solution beside it.
        lines << tr("Reaches the ridge from batch %1 (exactly %2)")
                     .arg(formatWholeBatch(*p.ridgeBatch), formatExactBatch(*p.ridgeBatch));
    if (!p.note.isEmpty())
        lines << p.note;
    return lines.join(QLatin1Char('\n'));
}

} // namespace rooflab
