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

ScenarioAnalysis analyzeScenario(const Catalog &catalog, const Scenario &scenario,
                                 const ModelOptions &options)
{
    ScenarioAnalysis result;
    if (scenario.model.isEmpty()) {
        result.chart = evaluate(catalog, scenario);
        return result;
    }
    for (const QString &deviceId : scenario.devices)
        result.models.append(analyzeModel(catalog, scenario, deviceId, options));
    result.chart = modelChartAnalysis(result.models, scenario.roof);
    if (!catalog.model(scenario.model)) // also when no device is shown
        result.chart.problems.append(QStringLiteral("unknown model \"%1\"").arg(scenario.model));
    result.chart.problems.removeDuplicates();
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

QString modelFitSummary(const ModelAnalysis &model)
{
    const ModelFootprint &f = model.footprint;
    if (f.capacityBytes <= 0)
        return QString();
    const QString head = QStringLiteral("%1 %2 on %3: %4 of %5")
                             .arg(model.modelName, phaseName(model.phase), model.deviceName,
                                  formatSi(f.totalBytes, QStringLiteral("B"), 3),
                                  formatSi(f.capacityBytes, QStringLiteral("B"), 3));
    if (f.fits)
        return head + QStringLiteral(", fits");
    return head + QStringLiteral(", does not fit: needs %1 devices").arg(f.devicesNeeded);
}

QString modelChartTitle(const QList<ModelAnalysis> &models)
{
    if (models.isEmpty() || models.first().modelName.isEmpty())
        return QString();
    const ModelAnalysis &first = models.first();
    QString shape =
        first.phase == Phase::Decode
            ? QStringLiteral("batch %1 · context %2")
                  .arg(formatNumber(first.shape.batch, 6), formatNumber(first.shape.seq, 7))
            : QStringLiteral("batch %1 · prompt %2")
                  .arg(formatNumber(first.shape.batch, 6), formatNumber(first.shape.prompt, 7));
    QStringList fits;
    for (const ModelAnalysis &m : models) {
        const ModelFootprint &f = m.footprint;
        if (f.capacityBytes <= 0)
            continue;
        const QString sizes = QStringLiteral("%1 %2 %3")
                                  .arg(formatSi(f.totalBytes, QStringLiteral("B"), 3),
                                       f.fits ? QStringLiteral("≤") : QStringLiteral(">"),
                                       formatSi(f.capacityBytes, QStringLiteral("B"), 3));
        fits.append(f.fits ? QStringLiteral("%1: %2, fits").arg(m.deviceName, sizes)
                           : QStringLiteral("%1: %2, does not fit (needs %3 devices)")
                                 .arg(m.deviceName, sizes)
                                 .arg(f.devicesNeeded));
    }
    QString title =
        QStringLiteral("%1 %2 · %3").arg(first.modelName, phaseName(first.phase), shape);
    if (!fits.isEmpty()) // on a line of its own: device names are long
        title += QLatin1Char('\n') + fits.join(QStringLiteral("; "));
    return title;
}

} // namespace rooflab
