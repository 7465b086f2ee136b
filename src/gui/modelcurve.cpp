#include "modelcurve.h"

#include <QCoreApplication>

namespace rooflab::gui {

BatchCurve ModelCurveBuilder::build(const Catalog &catalog, const Scenario &scenario,
                                    const ModelAnalysis &model)
{
    BatchCurve curve;
    if (!model.ok())
        return curve;
    Scenario key = scenario;
    key.batch = 1;
    if (m_key != key || m_device != model.deviceId) {
        m_samples = sweep(catalog, scenario, model.deviceId, logBatches(1, 4096, 24));
        m_key = key;
        m_device = model.deviceId;
    }
    curve.title = QCoreApplication::translate("rooflab::gui::ModelCurve", "%1 %2 step on %3")
                      .arg(model.modelName, phaseName(model.phase), model.deviceName);
    curve.samples = m_samples;
    // The current batch is the step the document analysed already.
    BatchSample current;
    current.batch = scenario.batch;
    current.time = model.totals.stepTime;
    current.tokensPerSecond = model.totals.tokensPerSecond;
    current.tokens = model.totals.tokensPerStep;
    curve.current = current;
    const std::optional<double> turn = model.totals.computeBoundBatch;
    if (turn && *turn >= 1 && *turn <= 4096) {
        const QList<BatchSample> ridge = sweep(catalog, scenario, model.deviceId, {*turn});
        if (!ridge.isEmpty())
            curve.ridge = ridge.constFirst();
        curve.ridgeName =
            QCoreApplication::translate("rooflab::gui::ModelCurve", "Compute-bound batch");
    }
    return curve;
}

QList<BatchSample> ModelCurveBuilder::sweep(const Catalog &catalog, const Scenario &scenario,
                                            const QString &deviceId,
                                            const QList<double> &batches) const
{
    QList<BatchSample> samples;
    for (const ModelSweepPoint &p : modelBatchSweep(catalog, scenario, deviceId, batches)) {
        BatchSample sample;
        sample.batch = p.batch;
        sample.time = p.stepTime;
        sample.tokensPerSecond = p.tokensPerSecond;
        sample.tokens = p.stepTime * p.tokensPerSecond;
        samples.append(sample);
    }
    return samples;
}

} // namespace rooflab::gui
