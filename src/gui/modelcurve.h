#pragma once

#include "batchcurvechart.h"
#include "catalog.h"
#include "modelanalysis.h"
#include "scenario.h"

#include <optional>

namespace rooflab::gui {

// Builds the whole-model curve for the batch-curve chart: step time and tokens per second
// against batch on one device, marked at the current batch and where the step turns
// compute-bound. The sweep does not depend on the current batch, so it is kept and redone
// only when something else changed; the current batch is the document's own analysis.
class ModelCurveBuilder
{
public:
    BatchCurve build(const Catalog &catalog, const Scenario &scenario, const ModelAnalysis &model);

private:
    QList<BatchSample> sweep(const Catalog &catalog, const Scenario &scenario,
                             const QString &deviceId, const QList<double> &batches) const;

    std::optional<Scenario> m_key; // the scenario of m_samples, with batch 1
    QString m_device;
    QList<BatchSample> m_samples;
};

} // namespace rooflab::gui
