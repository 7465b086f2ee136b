#include "devicederive.h"

#include "analysisjson.h"
#include "units.h"

#include <QJsonArray>

namespace rooflab {

namespace {

constexpr double tera = 1e12, giga = 1e9, mega = 1e6;

QString ceilingName(const ComputeCeiling &c)
{
    return c.math.toUpper() + QLatin1Char(' ') + unitKindName(c.unit);
}

// "bandwidth 6.7 TB/s, BF16 matrix 1979 TFLOP/s, 160 GB": what the edits set.
QString editSummary(const DeviceEdits &edits)
{
    QStringList parts;
    if (edits.bandwidth)
        parts.append(
            QStringLiteral("bandwidth %1").arg(formatSi(*edits.bandwidth, QStringLiteral("B/s"))));
    for (const ComputeCeiling &c : edits.peaks)
        parts.append(ceilingName(c) + QLatin1Char(' ') +
                     formatSi(c.peakFlops, QStringLiteral("FLOP/s")));
    if (edits.capacityBytes)
        parts.append(QStringLiteral("capacity %1").arg(formatBytes(*edits.capacityBytes)));
    return parts.join(QStringLiteral(", "));
}

} // namespace

Device deriveDevice(const Device &base, const DeviceEdits &edits)
{
    Device d = base;
    const QString summary = editSummary(edits);
    const QString editSource = QStringLiteral("what-if edit of %1").arg(base.id);
    d.id = edits.id.isEmpty() ? base.id + QStringLiteral("-whatif") : edits.id;
    d.name = edits.name.isEmpty() ? QStringLiteral("%1 (what-if: %2)").arg(base.name, summary)
                                  : edits.name;
    d.source = QStringLiteral("derived from %1, what-if: %2 (base source: %3)")
                   .arg(base.id, summary, base.source);
    if (edits.bandwidth) {
        for (MemoryLevel &level : d.memory) {
            if (level.level == QLatin1String("main")) {
                level.bandwidth = *edits.bandwidth;
                level.source = editSource;
            }
        }
    }
    if (edits.capacityBytes)
        d.capacityBytes = *edits.capacityBytes;
    for (const ComputeCeiling &peak : edits.peaks) {
        ComputeCeiling edited = peak;
        edited.source = editSource;
        bool replaced = false;
        for (ComputeCeiling &c : d.compute) {
            if (c.unit == peak.unit && c.math == peak.math) {
                c = edited;
                replaced = true;
            }
        }
        if (!replaced)
            d.compute.append(edited);
    }
    return d;
}

QJsonObject devicePresetJson(const Device &device)
{
    QJsonArray memory;
    for (const MemoryLevel &m : device.memory) {
        QJsonObject level{{QStringLiteral("level"), m.level},
                          {QStringLiteral("name"), m.name},
                          {QStringLiteral("bandwidth_tbps"), m.bandwidth / tera}};
        if (m.sizeBytes > 0)
            level.insert(QStringLiteral("size_mb"), m.sizeBytes / mega);
        if (!m.source.isEmpty())
            level.insert(QStringLiteral("source"), m.source);
        memory.append(level);
    }
    QJsonArray compute;
    for (const ComputeCeiling &c : device.compute) {
        QJsonObject ceiling{{QStringLiteral("unit"), unitKindName(c.unit)},
                            {QStringLiteral("math"), c.math},
                            {QStringLiteral("tflops"), c.peakFlops / tera}};
        if (!c.source.isEmpty())
            ceiling.insert(QStringLiteral("source"), c.source);
        compute.append(ceiling);
    }
    QJsonObject root{
        {QStringLiteral("schema"), QStringLiteral("rooflab-device")},
        {QStringLiteral("version"), 1},
        {QStringLiteral("id"), device.id},
        {QStringLiteral("name"), device.name},
        {QStringLiteral("vendor"), device.vendor},
        {QStringLiteral("year"), device.year},
        {QStringLiteral("memory_capacity_gb"), device.capacityBytes / giga},
        {QStringLiteral("source"), device.source},
        {QStringLiteral("memory"), memory},
        {QStringLiteral("compute"), compute},
        {QStringLiteral("achievable"),
         QJsonObject{{QStringLiteral("compute"), device.achievable.compute},
                     {QStringLiteral("bandwidth"), device.achievable.bandwidth},
                     {QStringLiteral("source"), device.achievable.source}}},
    };
    if (!device.notes.isEmpty())
        root.insert(QStringLiteral("notes"), device.notes);
    if (device.interconnect)
        root.insert(QStringLiteral("interconnect"), interconnectToJson(*device.interconnect));
    return root;
}

} // namespace rooflab
