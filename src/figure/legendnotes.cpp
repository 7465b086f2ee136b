#include "legendnotes.h"

#include <QCoreApplication>
#include <QHash>

#include <algorithm>

namespace rooflab {

namespace {

QString tr(const char *text)
{
    return QCoreApplication::translate("RooflineChart", text);
}

// Points that run in another format than the scheme's, and points not drawn at all, are
// named in the legend (docs/roofline.md): nothing leaves the chart silently.
void addSubstitutionNotes(SceneModel &model, const Analysis &analysis)
{
    QStringList badges;
    QHash<QString, QStringList> devicesOf;
    for (const ScenePoint &point : std::as_const(model.points)) {
        const PointAnalysis &p = analysis.points.at(point.analysisIndex);
        if (p.badge.isEmpty())
            continue;
        if (!badges.contains(p.badge))
            badges.append(p.badge);
        QStringList &names = devicesOf[p.badge];
        const QString &name = model.deviceNames.at(point.device);
        if (!names.contains(name))
            names.append(name);
    }
    for (const QString &badge : std::as_const(badges)) {
        model.legend.append({SceneLegendEntry::Kind::Note,
                             tr("%1 (%2)").arg(badge, devicesOf.value(badge).join(tr(", "))),
                             0,
                             {},
                             true});
    }
    if (!analysis.problems.isEmpty()) {
        const QString first = analysis.problems.first();
        model.legend.append(
            {SceneLegendEntry::Kind::Note,
             analysis.problems.size() == 1
                 ? tr("Not drawn: %1").arg(first)
                 : tr("Not drawn: %1 (and %2 more)").arg(first).arg(analysis.problems.size() - 1),
             0,
             {},
             true});
    }
}

void addFitVerdicts(SceneModel &model, const Analysis &analysis)
{
    // A model on several devices: each device's line says whether it fits (the title keeps
    // only what the model needs), sized for the widest the verdict can become. With the
    // legend off the verdicts go under the title instead, which wraps rather than cuts.
    QStringList underTitle, underTitleWidest;
    for (const FitVerdict &verdict : std::as_const(model.options.fitVerdicts)) {
        for (SceneLegendEntry &entry : model.legend) {
            if (entry.kind != SceneLegendEntry::Kind::Device ||
                entry.device >= analysis.devices.size() ||
                analysis.devices.at(entry.device).deviceId != verdict.deviceId)
                continue;
            underTitle.append(tr("%1: %2").arg(entry.text, verdict.text));
            underTitleWidest.append(tr("%1: %2").arg(entry.text, verdict.widest));
            entry.widest = entry.text + tr(" · ") + verdict.widest;
            entry.text += tr(" · ") + verdict.text;
        }
    }
    if (model.options.showLegend || underTitle.isEmpty())
        return;
    // Each form of the title gets them, its widest form at their widest, so that the title
    // keeps its height during a batch sweep with the legend off too. The brief form leaves
    // them out only because the legend says them.
    const QString verdicts = QLatin1Char('\n') + underTitle.join(tr("; "));
    const QString widest = QLatin1Char('\n') + underTitleWidest.join(tr("; "));
    ChartOptions &o = model.options;
    o.title += verdicts;
    if (!o.titleWidest.isEmpty())
        o.titleWidest += widest;
    if (!o.titleBrief.isEmpty()) {
        o.titleBrief += verdicts;
        if (!o.titleBriefWidest.isEmpty())
            o.titleBriefWidest += widest;
    }
}

} // namespace

void addLegendNotes(SceneModel &model, const Analysis &analysis)
{
    addFitVerdicts(model, analysis);
    // The window and every file alike: what B* means, and whose ridge the zones shade.
    if (!model.batchMarks.isEmpty()) {
        model.legend.append({.kind = SceneLegendEntry::Kind::Note,
                             .text = tr("B* = batch at which a GEMM reaches the ridge"),
                             .topic = SceneLegendEntry::Topic::BatchMarks});
    }
    // With several devices the shading belongs to one of them: a note names it (a line of
    // its own, so that the device lines stay short enough to sit side by side).
    if (model.options.showZones && model.zoneRoof >= 0 && model.deviceNames.size() > 1) {
        const int device = model.roofs.at(model.zoneRoof).device;
        model.legend.append({.kind = SceneLegendEntry::Kind::Note,
                             .text = tr("Shaded zones: %1").arg(model.deviceNames.at(device)),
                             .device = device,
                             .topic = SceneLegendEntry::Topic::Zones});
    }
    addSubstitutionNotes(model, analysis);
}

QList<SceneLegendEntry> briefLegendLines(const QList<SceneLegendEntry> &lines, bool markerKinds)
{
    // The zones' device is said on its own line ("· shaded zones") instead of a note that
    // repeats its name; B* keeps a short explanation. Every other line stays as it is.
    QList<SceneLegendEntry> brief;
    int zonesDevice = -1;
    for (const SceneLegendEntry &entry : lines) {
        if (entry.topic == SceneLegendEntry::Topic::Zones)
            zonesDevice = entry.device;
    }
    for (SceneLegendEntry entry : lines) {
        if (entry.topic == SceneLegendEntry::Topic::Zones ||
            (!markerKinds && entry.kind == SceneLegendEntry::Kind::Marker))
            continue;
        if (entry.topic == SceneLegendEntry::Topic::BatchMarks)
            entry.text = tr("B* = GEMM ridge batch");
        if (entry.kind == SceneLegendEntry::Kind::Device && entry.device == zonesDevice) {
            if (!entry.widest.isEmpty())
                entry.widest += tr(" · shaded zones");
            entry.text += tr(" · shaded zones");
        }
        brief.append(entry);
    }
    return brief;
}

bool roofLabelGoesTo(const SceneModel &model, const SceneRoof &roof, int device)
{
    if (roof.device == device)
        return true;
    return roof.labelShared &&
           std::any_of(model.roofs.cbegin(), model.roofs.cend(), [&](const SceneRoof &o) {
               return o.device == device && o.ghost == roof.ghost && o.peak == roof.peak;
           });
}

} // namespace rooflab
