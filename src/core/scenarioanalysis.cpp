#include "scenarioanalysis.h"

#include "evaluate.h"
#include "units.h"

namespace rooflab {

const ModelAnalysis *ScenarioAnalysis::model(const QString &deviceId) const
{
    for (const ModelAnalysis &m : models) {
        if (m.deviceId == deviceId)
            return &m;
    }
    return nullptr;
}

namespace {

void addMeasured(Analysis &chart, const Catalog &catalog, const Scenario &scenario,
                 const MeasuredChartPoints *known)
{
    if (scenario.measured.isEmpty())
        return;
    const MeasuredChartPoints measured = known ? *known : measuredChartPoints(catalog, scenario);
    chart.points.append(measured.points);
    chart.warnings.append(measured.warnings);
}

} // namespace

ScenarioAnalysis analyzeScenario(const Catalog &catalog, const Scenario &scenario,
                                 const ModelOptions &options, const MeasuredChartPoints *measured)
{
    ScenarioAnalysis result;
    if (scenario.model.isEmpty()) {
        result.chart = evaluate(catalog, scenario);
        addMeasured(result.chart, catalog, scenario, measured);
        return result;
    }
    for (const QString &deviceId : scenario.devices)
        result.models.append(analyzeModel(catalog, scenario, deviceId, options));
    result.chart = modelChartAnalysis(result.models, scenario.roof);
    if (!catalog.model(scenario.model)) // also when no device is shown
        result.chart.problems.append(QStringLiteral("unknown model \"%1\"").arg(scenario.model));
    result.chart.problems.removeDuplicates();
    addMeasured(result.chart, catalog, scenario, measured);
    return result;
}

Analysis modelChartAnalysis(const QList<ModelAnalysis> &models, RoofMode roof)
{
    Analysis chart;
    chart.roof = roof;
    for (const ModelAnalysis &m : models) {
        chart.problems.append(m.problems);
        chart.warnings.append(m.warnings);
        if (m.roofs.deviceId.isEmpty())
            continue;
        chart.devices.append(m.roofs);
        for (const ModelClassResult &c : m.classes) {
            PointAnalysis point = c.point;
            point.share = c.share;
            chart.points.append(point);
        }
    }
    chart.warnings.removeDuplicates();
    return chart;
}

namespace {

// " × 4 (TP 4)" or " × 8 (TP 4, PP 2)" for a deployment over several devices, else empty.
QString deploymentText(const ModelDeployment &d)
{
    if (d.devices <= 1)
        return QString();
    return d.pp > 1 ? QStringLiteral(" × %1 (TP %2, PP %3)").arg(d.devices).arg(d.tp).arg(d.pp)
                    : QStringLiteral(" × %1 (TP %2)").arg(d.devices).arg(d.tp);
}

} // namespace

namespace {

// Whether `m` fits: on one device, or, deployed over several, on each of them.
bool fitsShown(const ModelAnalysis &m)
{
    return m.deployment.devices > 1 ? m.deployment.fits : m.footprint.fits;
}

} // namespace

QList<FitVerdict> modelFitVerdicts(const QList<ModelAnalysis> &models)
{
    QList<FitVerdict> verdicts;
    for (const ModelAnalysis &m : models) {
        if (m.footprint.capacityBytes <= 0 || m.modelName.isEmpty())
            continue;
        const ModelDeployment &d = m.deployment;
        FitVerdict v{.deviceId = m.deviceId, .text = {}, .widest = {}};
        if (d.devices > 1) {
            const QString spread = deploymentText(d).trimmed();
            v.text = (d.fits ? QStringLiteral("%1: fits") : QStringLiteral("%1: does not fit"))
                         .arg(spread);
            v.widest = {QStringLiteral("%1: does not fit").arg(spread)};
        } else {
            // "needs ×4": the smallest TP of this device that holds it, counted with the "×"
            // of a deployment's line ("× 4 (TP 4): fits"), short enough for the key; "needs
            // >8" when no degree within its domain does. Sized for two digits whatever the
            // device, so that every figure's legend is sized alike and keeps its width during
            // a sweep (docs/labels.md); for three where the degree may reach them.
            ModelFootprint widest = m.footprint;
            widest.largestTp = std::max(99, m.footprint.largestTp);
            widest.fittingTp = widest.largestTp;
            ModelFootprint none = widest;
            none.fittingTp = 0;
            v.text = m.footprint.fits ? QStringLiteral("fits") : devicesNeededText(m.footprint);
            v.widest = {devicesNeededText(widest), devicesNeededText(none)};
        }
        verdicts.append(v);
    }
    // One device too: its whole title says it in full (modelChartTitle), but its brief title
    // leaves it to the legend line, as with several devices.
    return verdicts;
}

namespace {

// "batch 16 · context 4096" (a prefill: "batch 1 · prompt 2048"); at its widest, the batch as
// wide as it gets (digits are equally wide; six significant digits and a point at most).
QString shapeText(const ModelAnalysis &first, bool widest)
{
    const QString batch = widest ? QStringLiteral("8888888") : formatNumber(first.shape.batch, 6);
    return first.phase == Phase::Decode ? QStringLiteral("batch %1 · context %2")
                                              .arg(batch, formatNumber(first.shape.seq, 7))
                                        : QStringLiteral("batch %1 · prompt %2")
                                              .arg(batch, formatNumber(first.shape.prompt, 7));
}

// What the model needs on one device, "163 GB", or at its widest "8.88 MB".
QString neededText(const QList<ModelAnalysis> &models, bool widest)
{
    double needed = 0;
    for (const ModelAnalysis &m : models) {
        if (m.footprint.capacityBytes > 0)
            needed = m.footprint.totalBytes; // the same on every device
    }
    return widest ? QStringLiteral("8.88 MB") : formatSi(needed, QStringLiteral("B"), 3);
}

} // namespace

QString usableMemoryText(const ModelFootprint &footprint)
{
    return formatSi(footprint.usableBytes, QStringLiteral("B"), 3) + QStringLiteral(" usable");
}

QString modelChartTitle(const QList<ModelAnalysis> &models, bool widest)
{
    if (models.isEmpty() || models.first().modelName.isEmpty())
        return QString();
    const ModelAnalysis &first = models.first();
    // At its widest: every figure that follows the batch as wide as it gets and the longest
    // verdict.
    const QString title =
        QStringLiteral("%1 %2 · %3")
            .arg(first.modelName, phaseName(first.phase), shapeText(first, widest));
    int shown = 0, fitting = 0;
    for (const ModelAnalysis &m : models) {
        if (m.footprint.capacityBytes <= 0)
            continue;
        ++shown;
        fitting += fitsShown(m) && !widest ? 1 : 0;
    }
    if (shown == 0)
        return title;
    const QString size = neededText(models, widest);
    // On a line of its own, as short as it can say it: device names are long.
    if (shown == 1) {
        ModelFootprint f = models.first().footprint;
        ModelDeployment d = models.first().deployment;
        if (widest) {
            f.fits = d.fits = false;
            f.fittingTp = 0; // "needs over 8 devices" is wider than any "needs 4 devices"
        }
        const QString usable = usableMemoryText(f);
        if (d.devices > 1) {
            const QString perDevice =
                widest ? size : formatSi(d.perDevice.totalBytes, QStringLiteral("B"), 3);
            return title + QLatin1Char('\n') +
                   (d.fits ? QStringLiteral("%1%2: %3 per device ≤ %4, fits")
                           : QStringLiteral("%1%2: %3 per device > %4, does not fit"))
                       .arg(first.deviceName, deploymentText(d), perDevice, usable);
        }
        return title + QLatin1Char('\n') +
               (f.fits ? QStringLiteral("%1: %2 ≤ %3, fits").arg(first.deviceName, size, usable)
                       : QStringLiteral("%1: %2 > %3, does not fit (%4)")
                             .arg(first.deviceName, size, usable, devicesNeededText(f, true)));
    }
    // Several devices: each one's verdict goes on its legend line (modelFitVerdicts), so the
    // title stays one short line whatever the names.
    const QString verdict =
        fitting == shown ? QStringLiteral("fits every device shown")
        : fitting == 0   ? QStringLiteral("fits none of the %1 devices shown").arg(shown)
                       : QStringLiteral("fits %1 of the %2 devices shown").arg(fitting).arg(shown);
    return title + QLatin1Char('\n') + QStringLiteral("Needs %1: %2").arg(size, verdict);
}

QString modelChartBriefTitle(const QList<ModelAnalysis> &models, bool shapeInCaption, bool widest)
{
    // Only where every device's verdict has a legend line of its own (a single device's too):
    // the count, or the one device's verdict, the whole title adds is said there.
    if (models.isEmpty() || models.first().modelName.isEmpty() ||
        modelFitVerdicts(models).isEmpty())
        return QString();
    const ModelAnalysis &first = models.first();
    const QString need =
        QStringLiteral("%1 %2 · needs %3")
            .arg(first.modelName, phaseName(first.phase), neededText(models, widest));
    return shapeInCaption ? need : need + QLatin1Char('\n') + shapeText(first, widest);
}

QString scenarioCaptionLine(const Catalog &catalog, const Scenario &scenario)
{
    const auto formatName = [&catalog](const QString &id) {
        const Format *format = catalog.format(id);
        return format ? format->name : id;
    };
    QStringList parts;
    const bool prefill = !scenario.model.isEmpty() && scenario.phase == Phase::Prefill;
    parts.append(QStringLiteral("batch %1").arg(formatNumber(scenario.batch, 6)));
    parts.append(prefill ? QStringLiteral("prompt %1").arg(formatNumber(scenario.prompt, 7))
                         : QStringLiteral("context %1").arg(formatNumber(scenario.seq, 7)));
    QString precision = QStringLiteral("weights %1, activations %2, KV cache %3")
                            .arg(formatName(scenario.scheme.weights),
                                 formatName(scenario.scheme.act), formatName(scenario.scheme.kv));
    if (!scenario.scheme.math.isEmpty())
        precision += QStringLiteral(", math %1").arg(formatName(scenario.scheme.math));
    parts.append(precision);
    QStringList devices;
    for (const QString &id : scenario.devices) {
        const Device *device = catalog.device(id);
        devices.append(device ? device->name : id);
    }
    if (!devices.isEmpty())
        parts.append(devices.join(QStringLiteral(", ")));
    return parts.join(QStringLiteral(" · "));
}

} // namespace rooflab
