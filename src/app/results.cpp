#include "results.h"

#include "autotplimits.h"
#include "modelrecommend.h"
#include "units.h"

#include <QCoreApplication>

namespace rooflab::app {

namespace {

QString tr(const char *text)
{
    return QCoreApplication::translate("rooflab::app::Results", text);
}

// The scenario with the batch set to 1: the key of what does not depend on the batch.
Scenario withoutBatch(Scenario scenario)
{
    scenario.batch = 1;
    return scenario;
}

BatchSample sampleOf(const ModelSweepPoint &p)
{
    return {.batch = p.batch,
            .time = p.stepTime,
            .tokens = p.stepTime * p.tokensPerSecond,
            .tokensPerSecond = p.tokensPerSecond};
}

} // namespace

void Results::update(const Catalog &catalog, const Scenario &scenario, const Selection &selection,
                     Change change)
{
    const bool scenarioChanged = change.testFlag(ChangeFlag::Scenario);
    if (scenarioChanged)
        analyse(catalog, scenario);
    if (scenarioChanged || change.testFlag(ChangeFlag::Selection))
        describe(catalog, scenario, selection);
}

void Results::describe(const Catalog &catalog, const Scenario &scenario, const Selection &selection)
{
    diagnoseSelection(catalog, scenario, selection);
    buildCurve(catalog, scenario, selection);
}

void Results::analyse(const Catalog &catalog, const Scenario &scenario)
{
    // With t on auto the degree, and so the step, follows the batch: nothing carries over.
    const Scenario key = scenario.deployment.tpAuto ? scenario : withoutBatch(scenario);
    const bool known = m_boundKey == key;
    ModelOptions options;
    options.solveComputeBoundBatch = !known;
    if (m_measuredDevices != scenario.devices || m_measuredKernels != scenario.measured) {
        m_measured = measuredChartPoints(catalog, scenario);
        m_measuredDevices = scenario.devices;
        m_measuredKernels = scenario.measured;
    }
    m_analysis = analyzeScenario(catalog, scenario, options, &m_measured);
    ++m_counts.analyses;
    if (!known) {
        m_boundKey = key;
        m_boundBatch.clear();
    }
    for (ModelAnalysis &model : m_analysis.models) {
        if (known)
            model.totals.computeBoundBatch = m_boundBatch.value(model.deviceId);
        else
            m_boundBatch.insert(model.deviceId, model.totals.computeBoundBatch);
    }
    m_catalog = catalog;
    m_scenario = scenario;
}

const QList<CompareRow> &Results::compareRows() const
{
    buildComparison();
    return m_compareRows;
}

void Results::buildComparison() const
{
    if (m_scenario.model.isEmpty()) {
        m_compareRows.clear();
        m_compareKey.reset();
        return;
    }
    if (m_compareKey == m_scenario)
        return;
    // The steps are analysed already; only each device's prefill is new.
    m_compareRows = compareDevices(m_catalog, m_scenario, m_scenario.devices, m_analysis.models);
    m_compareKey = m_scenario;
    ++m_counts.comparisons;
}

void Results::diagnoseSelection(const Catalog &catalog, const Scenario &scenario,
                                const Selection &selection)
{
    m_diagnosis = diagnose(m_analysis.chart, selection.device, selection.op);
    m_moves.clear();
    if (!m_diagnosis.valid)
        return;
    // With a model, moves change the whole step; the point is one of its classes.
    if (const ModelAnalysis *step = model(selection.device))
        m_moves = recommendModelMoves(catalog, scenario, *step, selection.op);
    else
        m_moves = recommendMoves(catalog, scenario, selection.device, selection.op);
    ++m_counts.moves;
}

void Results::buildCurve(const Catalog &catalog, const Scenario &scenario,
                         const Selection &selection)
{
    m_curve = BatchCurve();
    if (!scenario.model.isEmpty()) {
        if (const ModelAnalysis *step = model(selection.device))
            buildModelCurve(catalog, scenario, *step);
        return;
    }
    const PointAnalysis *point = m_analysis.chart.point(selection.device, selection.op);
    if (!point)
        return;
    const Scenario key = withoutBatch(scenario);
    if (m_curveKey != key || m_curveSelection != selection) {
        m_curveSamples = sweepBatch(catalog, scenario, point->deviceId, point->operatorId,
                                    logBatches(1, 4096, 24));
        m_curveRidge.reset();
        if (point->ridgeBatch && *point->ridgeBatch >= 1 && *point->ridgeBatch <= 4096) {
            const QList<BatchSample> ridge = sweepBatch(catalog, scenario, point->deviceId,
                                                        point->operatorId, {*point->ridgeBatch});
            if (!ridge.isEmpty())
                m_curveRidge = ridge.constFirst();
        }
        m_curveKey = key;
        m_curveSelection = selection;
        ++m_counts.sweeps;
    }
    QString deviceName = point->deviceId;
    for (const DeviceRoofs &device : m_analysis.chart.devices) {
        if (device.deviceId == point->deviceId)
            deviceName = device.deviceName;
    }
    m_curve.title = tr("%1 on %2").arg(point->operatorName, deviceName);
    m_curve.samples = m_curveSamples;
    m_curve.ridge = m_curveRidge;
    const QList<BatchSample> current =
        sweepBatch(catalog, scenario, point->deviceId, point->operatorId, {scenario.batch});
    if (!current.isEmpty())
        m_curve.current = current.constFirst();
}

// Where the memory runs out on the curve. At a fixed t, at this deployment's largest batch.
// With t on auto the curve's t grows with the batch (each sample is analysed with its own),
// so the memory runs out only past the largest t auto may choose; marking the current t's
// limit would put the mark where auto simply moves to the next t.
void Results::markMemoryLimit(const Catalog &catalog, const Scenario &scenario,
                              const ModelAnalysis &step)
{
    const ModelDeployment &d = step.deployment;
    double limit = d.maxBatchFits;
    const ModelSpec *model = catalog.model(scenario.model);
    const Device *device = catalog.device(step.deviceId);
    const std::optional<OperandSizes> sizes = operandSizes(catalog, scenario.scheme);
    if (d.tpAuto && model && device && sizes) {
        const ShapeContext shape{scenario.batch, scenario.seq, scenario.prompt};
        QStringList steps;
        int largest = d.tp;
        for (const TensorParallelLimit &at : autoTensorParallelLimits(
                 *model, *device, scenario.phase, shape, *sizes, scenario.deployment)) {
            if (at.maxBatch < 1)
                continue;
            steps << tr("TP %1 up to batch %2").arg(at.tp).arg(formatNumber(at.maxBatch));
            if (at.maxBatch >= limit) {
                limit = at.maxBatch;
                largest = at.tp;
            }
        }
        if (limit >= 1 && limit < 4096) {
            m_curve.memoryLimitName =
                tr("Memory full past %1 (TP auto ≤ %2)").arg(formatNumber(limit)).arg(largest);
            m_curve.memoryLimitDetail =
                tr("TP on auto picks the smallest t that fits: %1; past batch %2 no t in the "
                   "scale-up domain fits")
                    .arg(steps.join(tr(", ")), formatNumber(limit));
        }
    } else if (limit >= 1 && limit < 4096) {
        m_curve.memoryLimitName =
            tr("Largest batch that fits, TP %1 (%2)").arg(d.tp).arg(formatNumber(limit));
    }
    if (limit >= 1 && limit < 4096)
        m_curve.memoryLimit = limit;
}

// The whole model's step time and tokens per second against batch on the selected device,
// marked at the current batch and where the step turns compute-bound.
void Results::buildModelCurve(const Catalog &catalog, const Scenario &scenario,
                              const ModelAnalysis &step)
{
    if (!step.ok())
        return;
    const Scenario key = withoutBatch(scenario);
    const Selection device{.device = step.deviceId, .op = {}};
    if (m_curveKey != key || m_curveSelection != device) {
        m_curveSamples.clear();
        for (const ModelSweepPoint &p :
             modelBatchSweep(catalog, scenario, step.deviceId, logBatches(1, 4096, 24)))
            m_curveSamples.append(sampleOf(p));
        m_curveRidge.reset();
        const std::optional<double> turn = step.totals.computeBoundBatch;
        if (turn && *turn >= 1 && *turn <= 4096) {
            const QList<ModelSweepPoint> ridge =
                modelBatchSweep(catalog, scenario, step.deviceId, {*turn});
            if (!ridge.isEmpty())
                m_curveRidge = sampleOf(ridge.constFirst());
        }
        m_curveKey = key;
        m_curveSelection = device;
        ++m_counts.sweeps;
    }
    m_curve.title =
        tr("%1 %2 step on %3").arg(step.modelName, phaseName(step.phase), step.deviceName);
    m_curve.samples = m_curveSamples;
    m_curve.ridge = m_curveRidge;
    if (m_curveRidge)
        m_curve.ridgeName = tr("Compute-bound batch");
    markMemoryLimit(catalog, scenario, step);
    // The current batch is the step analysed already.
    m_curve.current = BatchSample{.batch = scenario.batch,
                                  .time = step.totals.stepTime,
                                  .tokens = step.totals.tokensPerStep,
                                  .tokensPerSecond = step.totals.tokensPerSecond};
}

} // namespace rooflab::app
