#include "scenemodel.h"

#include "measuredpoints.h"

#include "sameid.h"
#include "textsafety.h"

#include "batchmarks.h"
#include "legendnotes.h"
#include "modelworkload.h"
#include "textcache.h"
#include "units.h"

#include <QCoreApplication>
#include <QHash>

#include <algorithm>
#include <cmath>
#include <limits>

namespace rooflab {

namespace {

QString tr(const char *text)
{
    return QCoreApplication::translate("RooflineChart", text);
}

bool drawable(double x, double y)
{
    return std::isfinite(x) && std::isfinite(y) && x > 0 && y > 0;
}

QSizeF textSize(const QFont &f, const QString &text)
{
    return TextCache::size(f, text);
}

// The memory level the points of a device were measured against: the bandwidth of its
// points, else its main memory.
const MemoryRoof *analysedMemory(const DeviceRoofs &device, const Analysis &analysis,
                                 const QList<qsizetype> &devicePoints)
{
    for (qsizetype i : devicePoints) {
        const PointAnalysis &p = analysis.points.at(i);
        for (const MemoryRoof &m : device.memory) {
            if (sameValue(m.bandwidth, p.bandwidth))
                return &m;
        }
    }
    for (const MemoryRoof &m : device.memory) {
        if (m.level == QLatin1String("main"))
            return &m;
    }
    return device.memory.isEmpty() ? nullptr : &device.memory.first();
}

// The compute roofs worth drawing: those some point answers to, else the headline one.
QList<const ComputeRoof *> drawnRoofs(const DeviceRoofs &device)
{
    QList<const ComputeRoof *> roofs;
    for (const ComputeRoof &c : device.compute) {
        if (c.usedByPoints)
            roofs.append(&c);
    }
    if (!roofs.isEmpty() || device.compute.isEmpty())
        return roofs;
    const ComputeRoof *headline = nullptr;
    for (const ComputeRoof &c : device.compute) {
        if (c.unit == UnitKind::Matrix && c.math == QLatin1String("bf16"))
            return {&c};
        if (!headline || (c.unit == UnitKind::Matrix && c.peakFlops > headline->peakFlops))
            headline = &c;
    }
    return {headline};
}

QString rateUnit(const QString &math)
{
    return math.startsWith(QLatin1String("int")) ? QStringLiteral("OP/s")
                                                 : QStringLiteral("FLOP/s");
}

// The interconnect roof of a deployment's communication point (docs/models.md,
// "Communication"): the bandwidth the step's collectives reach, latency included, up to where
// it meets the highest compute roof drawn. Only when a point of the device answers to it.
void addLinkSlope(SceneModel &model, int index, const DeviceRoofs &device, const Analysis &analysis,
                  const QList<qsizetype> &devicePoints, const QList<const ComputeRoof *> &computes)
{
    for (const MemoryRoof &link : device.memory) {
        if (link.level != QLatin1String("interconnect") || link.bandwidth <= 0)
            continue;
        const bool used = std::any_of(devicePoints.cbegin(), devicePoints.cend(), [&](qsizetype i) {
            return sameValue(analysis.points.at(i).bandwidth, link.bandwidth);
        });
        if (!used)
            continue;
        double peak = 0;
        for (const ComputeRoof *c : computes)
            peak = std::max(peak, c->peakFlops);
        SceneSlope slope;
        slope.device = index;
        slope.bandwidth = link.bandwidth;
        slope.link = true;
        slope.topRidge = peak / link.bandwidth;
        slope.label =
            tr("%1 reached %2").arg(link.name, formatSi(link.bandwidth, QStringLiteral("B/s")));
        if (drawable(slope.topRidge, slope.bandwidth))
            model.slopes.append(slope);
    }
}

void addDevice(SceneModel &model, int index, const DeviceRoofs &device, const Analysis &analysis,
               const QList<qsizetype> &devicePoints)
{
    const MemoryRoof *memory = analysedMemory(device, analysis, devicePoints);
    const QList<const ComputeRoof *> computes = drawnRoofs(device);
    if (!memory || memory->bandwidth <= 0 || computes.isEmpty())
        return;
    for (bool ghost : {false, true}) {
        if (ghost && !model.achievable)
            continue;
        const double bandwidth = ghost ? memory->datasheetBandwidth : memory->bandwidth;
        SceneSlope slope;
        slope.device = index;
        slope.bandwidth = bandwidth;
        slope.ghost = ghost;
        if (!ghost)
            slope.label =
                memory->name + QLatin1Char(' ') + formatSi(bandwidth, QStringLiteral("B/s"));
        for (const ComputeRoof *c : computes) {
            SceneRoof roof;
            roof.device = index;
            roof.ghost = ghost;
            roof.peak = ghost ? c->datasheetFlops : c->peakFlops;
            roof.ridge = roof.peak / bandwidth;
            if (!ghost) {
                roof.label = roofDisplayName(c->math, c->unit) + QLatin1Char(' ') +
                             formatSi(roof.peak, rateUnit(c->math));
                if (!model.options.hideRidgeLabels) { // a lesson question asks for it
                    roof.ridgeLabel = tr("ridge %1 FLOP/B").arg(formatNumber(roof.ridge, 3));
                    roof.ridgeLabelBrief = tr("ridge %1").arg(formatNumber(roof.ridge, 3));
                }
            }
            slope.topRidge = std::max(slope.topRidge, roof.ridge);
            if (drawable(roof.ridge, roof.peak))
                model.roofs.append(roof);
        }
        if (drawable(slope.topRidge, slope.bandwidth))
            model.slopes.append(slope);
    }
    addLinkSlope(model, index, device, analysis, devicePoints, computes);
}

// Devices whose lines coincide share them in stripes; repeated labels are kept once.
void markShared(SceneModel &model)
{
    for (qsizetype i = 0; i < model.roofs.size(); ++i) {
        SceneRoof &roof = model.roofs[i];
        QList<qsizetype> group;
        for (qsizetype j = 0; j < model.roofs.size(); ++j) {
            const SceneRoof &other = model.roofs.at(j);
            if (other.ghost == roof.ghost && sameValue(other.peak, roof.peak))
                group.append(j);
        }
        roof.sharedCount = static_cast<int>(group.size());
        roof.sharedIndex = static_cast<int>(group.indexOf(i));
        for (qsizetype j : group)
            roof.sharedFromX = std::max(roof.sharedFromX, model.roofs.at(j).ridge);
        if (roof.sharedIndex > 0 && roof.label == model.roofs.at(group.first()).label) {
            roof.label.clear();
            model.roofs[group.first()].labelShared = true;
        }
        for (qsizetype j = 0; j < i; ++j) {
            if (sameValue(model.roofs.at(j).ridge, roof.ridge) &&
                sameValue(model.roofs.at(j).peak, roof.peak))
                roof.ridgeLabel.clear();
        }
    }
    for (qsizetype i = 0; i < model.slopes.size(); ++i) {
        SceneSlope &slope = model.slopes[i];
        QList<qsizetype> group;
        for (qsizetype j = 0; j < model.slopes.size(); ++j) {
            const SceneSlope &other = model.slopes.at(j);
            if (other.ghost == slope.ghost && sameValue(other.bandwidth, slope.bandwidth))
                group.append(j);
        }
        slope.sharedCount = static_cast<int>(group.size());
        slope.sharedIndex = static_cast<int>(group.indexOf(i));
        slope.sharedToX = std::numeric_limits<double>::max();
        for (qsizetype j : group)
            slope.sharedToX = std::min(slope.sharedToX, model.slopes.at(j).topRidge);
        if (slope.sharedIndex > 0 && slope.label == model.slopes.at(group.first()).label)
            slope.label.clear();
    }
}

// A measured kernel is labelled at its outermost level, and only among the slowest few of
// its device (docs/measured-data.md, "On the chart").
bool labelledOnlySelected(const PointAnalysis &p)
{
    return p.measured && (!p.measured->outermost || p.measured->rank >= labelledMeasuredKernels);
}

// A point's label: its name, and for a measured kernel how close it came to its roof, the
// headroom the chart is read for ("gemm<…> · 31 % of roof").
QString pointLabel(const PointAnalysis &p)
{
    if (!p.measured || !p.measured->pctOfRoof)
        return p.operatorName;
    return tr("%1 · %2 % of roof").arg(p.operatorName, formatNumber(*p.measured->pctOfRoof, 2));
}

void addPoints(SceneModel &model, const Analysis &analysis, const QHash<QString, int> &devices)
{
    QHash<std::pair<QString, double>, int> groupOf; // operator id, intensity
    groupOf.reserve(analysis.points.size());
    model.points.reserve(analysis.points.size());
    // A device's points come one after another: its index is looked up once per run. The
    // runs list the same operators in the same order, so a point's group is usually that of
    // the point at the same place in the run before: checked first, it spares hashing the
    // key (the same group the look-up would find, since that point's key is in the hash).
    QString lastDevice;
    int lastIndex = -1;
    QList<int> run, previousRun; // model points of this run and of the one before
    for (qsizetype i = 0; i < analysis.points.size(); ++i) {
        const PointAnalysis &p = analysis.points.at(i);
        if (lastIndex < 0 || !sameId(p.deviceId, lastDevice)) {
            lastDevice = p.deviceId;
            lastIndex = devices.value(p.deviceId, -1);
            if (!run.isEmpty()) {
                previousRun.swap(run);
                run.clear();
            }
        }
        if (lastIndex < 0 || !drawable(p.intensity, p.attainableFlops))
            continue;
        ScenePoint point;
        point.device = lastIndex;
        point.analysisIndex = static_cast<int>(i);
        point.shape = p.measured ? (p.measured->outermost ? MarkerShape::Cross : MarkerShape::Plus)
                                 : markerForKind(p.kind);
        point.filled = p.measured || markerFilledForKind(p.kind);
        point.selected = model.options.highlight && p.deviceId == model.options.selectedDevice &&
                         p.operatorId == model.options.selectedOperator;
        point.x = p.intensity;
        point.y = p.attainableFlops;
        point.markerScale = markerScaleForShare(p.share);
        if (p.share > 0)
            model.largestMarkerScale = markerScaleForShare(1);
        point.group = -1;
        if (run.size() < previousRun.size()) {
            const ScenePoint &beside = model.points.at(previousRun.at(run.size()));
            const PointAnalysis &q = analysis.points.at(beside.analysisIndex);
            if (q.intensity == p.intensity && sameId(q.operatorId, p.operatorId))
                point.group = beside.group;
        }
        if (point.group < 0) {
            const std::pair<QString, double> key(p.operatorId, p.intensity);
            auto known = groupOf.constFind(key);
            if (known == groupOf.constEnd()) {
                known = groupOf.insert(key, static_cast<int>(model.groups.size()));
                model.groups.append({pointLabel(p), {}, false, {}, labelledOnlySelected(p)});
                model.groups.last().points.reserve(devices.size()); // a point per device
            }
            point.group = *known;
        }
        run.append(static_cast<int>(model.points.size()));
        SceneGroup &group = model.groups[point.group];
        group.points.append(static_cast<int>(model.points.size()));
        group.selected = group.selected || point.selected;
        model.points.append(point);
    }
}

void addLegend(SceneModel &model, const Analysis &analysis)
{
    for (int i = 0; i < model.deviceNames.size(); ++i)
        model.legend.append({SceneLegendEntry::Kind::Device, model.deviceNames.at(i), i, {}, true});
    // The kinds drawn, found in one pass over the points. A deployment's collectives are
    // custom points of their own (docs/models.md, "Communication"): where they are the only
    // custom ones, their marker says so.
    QList<bool> present(allOperatorKinds().size(), false);
    bool customOnlyCommunication = true;
    bool measured = false, measuredInner = false;
    for (const ScenePoint &point : std::as_const(model.points)) {
        const PointAnalysis &p = analysis.points.at(point.analysisIndex);
        if (p.measured) {
            measured = true;
            measuredInner = measuredInner || !p.measured->outermost;
            continue;
        }
        const auto kind = static_cast<qsizetype>(p.kind);
        if (kind >= 0 && kind < present.size())
            present[kind] = true;
        if (p.kind == OperatorKind::Custom &&
            p.operatorId != modelOpClassId(ModelOpClass::Communication))
            customOnlyCommunication = false;
    }
    for (OperatorKind kind : allOperatorKinds()) {
        if (present.value(static_cast<qsizetype>(kind))) {
            const QString name = kind == OperatorKind::Custom && customOnlyCommunication
                                     ? tr("communication")
                                     : kindLegendName(kind);
            model.legend.append({SceneLegendEntry::Kind::Marker, name, 0, markerForKind(kind),
                                 markerFilledForKind(kind)});
        }
    }
    if (measured)
        model.legend.append(
            {SceneLegendEntry::Kind::Marker, tr("measured kernel"), 0, MarkerShape::Cross, true});
    if (measuredInner)
        model.legend.append({SceneLegendEntry::Kind::Marker, tr("the same at L2 or L1"), 0,
                             MarkerShape::Plus, true});
    addLegendNotes(model, analysis);
    if (model.achievable) {
        model.legend.append({SceneLegendEntry::Kind::Note,
                             tr("Solid: achievable roofs; dashed: datasheet"),
                             0,
                             {},
                             true});
    }
}

void chooseZoneRoof(SceneModel &model, const Analysis &analysis)
{
    int device = 0;
    for (const ScenePoint &point : std::as_const(model.points)) {
        if (point.selected)
            device = point.device;
    }
    int best = -1, bestCount = -1;
    for (qsizetype r = 0; r < model.roofs.size(); ++r) {
        const SceneRoof &roof = model.roofs.at(r);
        if (roof.ghost || roof.device != device)
            continue;
        int count = 0;
        for (const ScenePoint &point : std::as_const(model.points)) {
            if (point.device == device &&
                sameValue(analysis.points.at(point.analysisIndex).peakFlops, roof.peak))
                ++count;
        }
        if (count > bestCount) {
            best = static_cast<int>(r);
            bestCount = count;
        }
    }
    model.zoneRoof = best;
}

void computeContent(SceneModel &model)
{
    double x0 = std::numeric_limits<double>::max(), x1 = 0;
    double y0 = std::numeric_limits<double>::max(), y1 = 0;
    const auto take = [&](double x, double y) {
        x0 = std::min(x0, x);
        x1 = std::max(x1, x);
        y0 = std::min(y0, y);
        y1 = std::max(y1, y);
    };
    for (const SceneRoof &roof : std::as_const(model.roofs))
        take(roof.ridge, roof.peak);
    for (const ScenePoint &point : std::as_const(model.points))
        take(point.x, point.y);
    if (x1 == 0) {
        model.content = {0.01, 1e4, 1e9, 1e16};
        return;
    }
    // Half a decade of air left and below, room for the roof labels right and above.
    x0 /= 3;
    x1 *= 6;
    y0 /= 4;
    y1 *= 3;
    if (x1 / x0 < 100) { // at least two decades, centred
        const double grow = std::sqrt(100 / (x1 / x0));
        x0 /= grow;
        x1 *= grow;
    }
    if (y1 / y0 < 100) {
        const double grow = std::sqrt(100 / (y1 / y0));
        y0 /= grow;
        y1 *= grow;
    }
    model.content = {x0, x1, y0, y1};
}

void measure(SceneModel &model)
{
    for (SceneSlope &slope : model.slopes)
        slope.labelSize = textSize(model.fonts.roofLabel, slope.label);
    for (SceneRoof &roof : model.roofs) {
        roof.labelSize = textSize(model.fonts.roofLabel, roof.label);
        roof.ridgeLabelSize = textSize(model.fonts.badge, roof.ridgeLabel);
        roof.ridgeLabelBriefSize = textSize(model.fonts.badge, roof.ridgeLabelBrief);
    }
    // So many groups that only the selected one gets a label: measure only that one.
    const bool crowded = model.groups.size() > crowdedGroupCount;
    for (SceneGroup &group : model.groups) {
        if (!crowded || group.selected)
            group.size = textSize(
                group.selected ? model.fonts.selectedLabel : model.fonts.pointLabel, group.text);
    }
    for (SceneBatchMark &mark : model.batchMarks)
        mark.size = textSize(model.fonts.badge, mark.text);
}

// Names come from preset files: characters XML 1.0 forbids (control characters) are shown
// as U+FFFD, before anything is measured, so every file format draws the same text and an
// SVG stays well-formed.
void replaceForbiddenCharacters(SceneModel &model)
{
    for (QString &name : model.deviceNames)
        name = xmlSafeText(name);
    for (SceneGroup &group : model.groups)
        group.text = xmlSafeText(group.text);
    for (SceneLegendEntry &entry : model.legend) {
        entry.text = xmlSafeText(entry.text);
        entry.widest = xmlSafeText(entry.widest);
    }
}

} // namespace

double markerScaleForShare(double share)
{
    // Area proportional to the share: diameter 3.5 * sqrt(share), so a class taking the
    // whole step is 3.5 times across and one under 1/12.25 of it keeps the plain size.
    if (!(share > 0))
        return 1;
    return std::max(1.0, 3.5 * std::sqrt(std::min(share, 1.0)));
}

QString roofDisplayName(const QString &math, UnitKind unit)
{
    return math.toUpper() + QLatin1Char(' ') +
           (unit == UnitKind::Matrix ? tr("matrix") : tr("vector"));
}

SceneModel SceneModel::build(const Analysis &analysis, const ChartOptions &options)
{
    SceneModel model;
    model.options = options;
    model.theme = ChartTheme::forTheme(options.theme);
    model.fonts = SceneFonts::make(options.fontScale > 0 ? options.fontScale : 1.0);
    model.achievable = analysis.roof == RoofMode::Achievable;
    // Each device's points (indices into analysis.points, in order), found in one pass.
    QHash<QString, QList<qsizetype>> pointsOf;
    for (const DeviceRoofs &device : analysis.devices)
        pointsOf.insert(device.deviceId, {});
    QList<qsizetype> *run = nullptr; // a device's points come in a run: looked up once
    for (qsizetype i = 0; i < analysis.points.size(); ++i) {
        const QString &device = analysis.points.at(i).deviceId;
        if (i == 0 || device != analysis.points.at(i - 1).deviceId) {
            const auto it = pointsOf.find(device);
            run = it != pointsOf.end() ? &*it : nullptr;
        }
        if (run)
            run->append(i);
    }
    QHash<QString, int> devices;
    for (const DeviceRoofs &device : analysis.devices) {
        const int index = static_cast<int>(model.deviceNames.size());
        devices.insert(device.deviceId, index);
        model.deviceNames.append(device.deviceName);
        addDevice(model, index, device, analysis, pointsOf.value(device.deviceId));
    }
    QStringList deviceIds;
    for (const DeviceRoofs &device : analysis.devices)
        deviceIds.append(device.deviceId);
    model.theme.assignDeviceSlots(deviceIds);
    markShared(model);
    addPoints(model, analysis, devices);
    if (!options.hideRidgeLabels)
        addBatchMarks(model, analysis);
    chooseZoneRoof(model, analysis);
    addLegend(model, analysis);
    computeContent(model);
    replaceForbiddenCharacters(model);
    measure(model);
    return model;
}

} // namespace rooflab
