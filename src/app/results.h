#pragma once

#include "batchsweep.h"
#include "catalog.h"
#include "change.h"
#include "devicecompare.h"
#include "diagnosis.h"
#include "presentation.h"
#include "recommend.h"
#include "scenario.h"
#include "scenarioanalysis.h"

#include <QHash>
#include <QList>
#include <QString>

#include <optional>

namespace rooflab::app {

// A time-against-batch curve as the secondary chart plots it.
struct BatchCurve
{
    QString title;
    QList<BatchSample> samples;
    std::optional<BatchSample> current;
    std::optional<BatchSample> ridge; // empty: no batch reaches the ridge
    QString ridgeName;                // the ridge marker's legend; empty: "Ridge batch"
    // A model's largest batch that fits its deployment (max_batch_fits), when it is within
    // the sweep: past it the memory runs out. Empty otherwise.
    // With TP on auto, t grows with the batch: the limit is that of the largest t auto may
    // choose, and memoryLimitDetail (the chart's tooltip) gives each t's own.
    std::optional<double> memoryLimit;
    QString memoryLimitName;   // its legend
    QString memoryLimitDetail; // a tooltip line; may be empty
};

// Everything the views show, derived from the document once per change: the analysis, each
// device's model step, the diagnosis of the selection, its moves with their predicted
// effects and its batch curve. What a change did not touch is kept: the sweep of a batch
// curve and a model's compute-bound batch do not depend on the batch, so a batch tick only
// re-marks the current batch on them. Views read this and never call the core.
class Results
{
public:
    // Brings the results up to date after `change` of (catalog, scenario, selection): the
    // analysis when the scenario changed, then what describes the selection.
    void update(const Catalog &catalog, const Scenario &scenario, const Selection &selection,
                Change change);
    // The two halves of update(), for a caller that checks the selection in between.
    void analyse(const Catalog &catalog, const Scenario &scenario);
    void describe(const Catalog &catalog, const Scenario &scenario, const Selection &selection);

    const ScenarioAnalysis &scenario() const { return m_analysis; }
    const Analysis &analysis() const { return m_analysis.chart; }
    const QList<ModelAnalysis> &models() const { return m_analysis.models; }
    const ModelAnalysis *model(const QString &deviceId) const { return m_analysis.model(deviceId); }
    const PointDiagnosis &diagnosis() const { return m_diagnosis; }
    const QList<Move> &moves() const { return m_moves; }
    const BatchCurve &batchCurve() const { return m_curve; }
    // With a model: one row per shown device (compareDevices()), empty without a model.
    // Built when first asked for after a scenario change, so that batch ticks while no one
    // shows the comparison (a hidden Compare dock) do not pay for it.
    const QList<CompareRow> &compareRows() const;

    // How many times the analysis, the moves and a curve's sweep were computed (for tests:
    // one change builds each at most once).
    struct Counts
    {
        int analyses = 0, moves = 0, sweeps = 0, comparisons = 0;
    };
    const Counts &counts() const { return m_counts; }

private:
    void diagnoseSelection(const Catalog &catalog, const Scenario &scenario,
                           const Selection &selection);
    void buildCurve(const Catalog &catalog, const Scenario &scenario, const Selection &selection);
    void buildComparison() const;
    void buildModelCurve(const Catalog &catalog, const Scenario &scenario,
                         const ModelAnalysis &model);
    void markMemoryLimit(const Catalog &catalog, const Scenario &scenario,
                         const ModelAnalysis &step);

    ScenarioAnalysis m_analysis;
    PointDiagnosis m_diagnosis;
    QList<Move> m_moves;
    BatchCurve m_curve;
    // The comparison, built on demand (compareRows() const) from the catalog and scenario of
    // the last analysis; a catalog copy shares its data.
    Catalog m_catalog;
    Scenario m_scenario;
    mutable QList<CompareRow> m_compareRows;
    mutable std::optional<Scenario> m_compareKey; // the scenario the rows were made for
    mutable Counts m_counts;
    // The measured kernels' points, made once for the devices and kernels they were made for:
    // a batch tick does not change them.
    MeasuredChartPoints m_measured;
    QStringList m_measuredDevices;
    QList<MeasuredKernel> m_measuredKernels;
    // The model steps' compute-bound batches, solved once per scenario-but-the-batch.
    std::optional<Scenario> m_boundKey;
    QHash<QString, std::optional<double>> m_boundBatch;
    // The curve's sweep, for the scenario-but-the-batch and point it was made for.
    std::optional<Scenario> m_curveKey;
    Selection m_curveSelection;
    QList<BatchSample> m_curveSamples;
    std::optional<BatchSample> m_curveRidge;
};

} // namespace rooflab::app
