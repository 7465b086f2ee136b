#include "devicecompare.h"

#include "modelanalysis.h"
#include "modeldeployment.h"

#include <algorithm>
#include <functional>

namespace rooflab {

namespace {

QString boundOf(const ModelAnalysis &a)
{
    const double comm = a.deployment.commTime;
    const double math = a.totals.mathTime;
    const double memory = a.totals.memoryTime;
    if (comm > math && comm > memory)
        return boundName(communicationBound(a.deployment));
    return math > memory ? QStringLiteral("compute") : QStringLiteral("memory");
}

// Why a row has no figures: "does not fit: <reason>" when the device cannot host the
// deployment (or `auto` finds no t that fits), else the analysis' own problems.
QString rowProblem(const Catalog &catalog, const Scenario &scenario, const QString &deviceId,
                   const QStringList &problems)
{
    const ModelSpec *model = catalog.model(scenario.model);
    const Device *device = catalog.device(deviceId);
    const std::optional<OperandSizes> sizes = operandSizes(catalog, scenario.scheme);
    QStringList why;
    if (model && device && sizes && !resolveDeployment(*model, *device, scenario, *sizes, &why))
        return QStringLiteral("does not fit: ") + why.join(QStringLiteral("; "));
    return problems.join(QStringLiteral("; "));
}

// `known`: the scenario's step on the device when the caller has it already, else null.
CompareRow rowFor(const Catalog &catalog, const Scenario &scenario, const QString &deviceId,
                  const ModelAnalysis *known, double launchOverhead)
{
    CompareRow row;
    row.deviceId = deviceId;
    row.requestedTp = scenario.deployment.tpAuto ? 0 : scenario.deployment.tp;
    const Device *device = catalog.device(deviceId);
    row.deviceName = device ? device->name : deviceId;
    row.pricePerDeviceHour = priceOnDevice(scenario.deployment, deviceId);
    ModelOptions options;
    options.solveComputeBoundBatch = false;
    options.launchOverhead = launchOverhead;
    const ModelAnalysis step = known ? *known : analyzeModel(catalog, scenario, deviceId, options);
    if (!step.ok()) {
        row.problem = rowProblem(catalog, scenario, deviceId, step.problems);
        return row;
    }
    // The prefill runs on the row's deployment: `auto` is not resolved again, since at the
    // prompt's shorter context it would pick a smaller t than the step's.
    Scenario prefill = scenario;
    prefill.phase = Phase::Prefill;
    prefill.deployment.tpAuto = false;
    prefill.deployment.tp = step.deployment.tp;
    prefill.deployment.pp = step.deployment.pp;
    const ModelAnalysis first =
        scenario.phase == Phase::Prefill ? step : analyzeModel(catalog, prefill, deviceId, options);
    const ModelDeployment &d = step.deployment;
    row.tp = d.tp;
    row.pp = d.pp;
    row.devices = d.devices;
    row.fits = d.fits && first.deployment.fits;
    row.stepTime = step.totals.stepTime;
    row.ttft = first.ok() ? first.totals.stepTime : 0.0;
    row.tokensPerSecond = step.totals.tokensPerSecond;
    row.tokensPerSecondPerDevice = d.tokensPerSecondPerDevice;
    row.costPerMillionTokens = d.costPerMillionTokens;
    row.footprintBytesPerDevice = d.perDevice.totalBytes;
    row.usableBytesPerDevice = d.usableBytes;
    row.maxBatchFits = d.maxBatchFits;
    row.commTime = d.commTime;
    row.bound = boundOf(step);
    return row;
}

// Marks `key` on the rows that fit whose value is the best; ties all get the mark.
void markBest(QList<CompareRow> &rows, const QString &key,
              const std::function<std::optional<double>(const CompareRow &)> &value,
              bool lowerIsBetter)
{
    std::optional<double> best;
    for (const CompareRow &r : std::as_const(rows)) {
        const std::optional<double> v = r.fits ? value(r) : std::nullopt;
        if (v && *v > 0 && (!best || (lowerIsBetter ? *v < *best : *v > *best)))
            best = v;
    }
    if (!best)
        return;
    for (CompareRow &r : rows) {
        const std::optional<double> v = r.fits ? value(r) : std::nullopt;
        if (v && *v == *best)
            r.best.append(key);
    }
}

// Marks the best of each figure column among the rows that fit.
void markColumns(QList<CompareRow> &rows)
{
    markBest(
        rows, QStringLiteral("step_time_s"),
        [](const CompareRow &r) { return std::optional<double>(r.stepTime); }, true);
    markBest(
        rows, QStringLiteral("ttft_s"),
        [](const CompareRow &r) { return std::optional<double>(r.ttft); }, true);
    markBest(
        rows, QStringLiteral("tokens_per_s"),
        [](const CompareRow &r) { return std::optional<double>(r.tokensPerSecond); }, false);
    markBest(
        rows, QStringLiteral("tokens_per_s_per_device"),
        [](const CompareRow &r) { return std::optional<double>(r.tokensPerSecondPerDevice); },
        false);
    markBest(
        rows, QStringLiteral("cost_per_mtok_usd"),
        [](const CompareRow &r) { return r.costPerMillionTokens; }, true);
}

// Marks, among each device's rows that fit, those with the most tokens per second per
// device: at any one price per device-hour the least cost per token.
void markBestPerDevice(QList<CompareRow> &rows)
{
    QStringList devices;
    for (const CompareRow &r : std::as_const(rows)) {
        if (!devices.contains(r.deviceId))
            devices.append(r.deviceId);
    }
    for (const QString &id : std::as_const(devices)) {
        double best = 0;
        for (const CompareRow &r : std::as_const(rows)) {
            if (r.deviceId == id && r.fits)
                best = std::max(best, r.tokensPerSecondPerDevice);
        }
        for (CompareRow &r : rows)
            r.bestForDevice = r.bestForDevice || (r.deviceId == id && r.fits && best > 0 &&
                                                  r.tokensPerSecondPerDevice == best);
    }
}

} // namespace

const QStringList &compareColumns()
{
    static const QStringList columns = {QStringLiteral("device"),
                                        QStringLiteral("tp"),
                                        QStringLiteral("pp"),
                                        QStringLiteral("devices"),
                                        QStringLiteral("fits"),
                                        QStringLiteral("step_time_s"),
                                        QStringLiteral("ttft_s"),
                                        QStringLiteral("tokens_per_s"),
                                        QStringLiteral("tokens_per_s_per_device"),
                                        QStringLiteral("cost_per_mtok_usd"),
                                        QStringLiteral("bound")};
    return columns;
}

namespace {

// One row per device, its step taken from `steps` where they hold it (they model no launch
// overhead), else analysed with `launchOverhead`.
QList<CompareRow> rowsFor(const Catalog &catalog, const Scenario &scenario,
                          const QStringList &deviceIds, const QList<ModelAnalysis> &steps,
                          double launchOverhead)
{
    QList<CompareRow> rows;
    for (const QString &id : deviceIds) {
        const auto known = std::find_if(steps.cbegin(), steps.cend(),
                                        [&id](const ModelAnalysis &m) { return m.deviceId == id; });
        rows.append(known == steps.cend() ? rowFor(catalog, scenario, id, nullptr, launchOverhead)
                                          : rowFor(catalog, scenario, id, &*known, 0));
    }
    markColumns(rows);
    return rows;
}

} // namespace

QList<CompareRow> compareDevices(const Catalog &catalog, const Scenario &scenario,
                                 const QStringList &deviceIds, double launchOverhead)
{
    return rowsFor(catalog, scenario, deviceIds, {}, launchOverhead);
}

QList<CompareRow> compareDevices(const Catalog &catalog, const Scenario &scenario,
                                 const QStringList &deviceIds, const QList<ModelAnalysis> &steps)
{
    return rowsFor(catalog, scenario, deviceIds, steps, 0);
}

QList<CompareRow> compareDegrees(const Catalog &catalog, const Scenario &scenario,
                                 const QStringList &deviceIds, const QList<int> &tpDegrees,
                                 double launchOverhead)
{
    if (tpDegrees.isEmpty())
        return compareDevices(catalog, scenario, deviceIds, launchOverhead);
    QList<CompareRow> rows;
    for (const QString &id : deviceIds) {
        for (int tp : tpDegrees) {
            Scenario at = scenario;
            at.deployment.tpAuto = false;
            at.deployment.tp = tp;
            rows.append(rowFor(catalog, at, id, nullptr, launchOverhead));
        }
    }
    markColumns(rows);
    if (tpDegrees.size() > 1)
        markBestPerDevice(rows);
    return rows;
}

} // namespace rooflab
