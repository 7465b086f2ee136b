#pragma once

#include "analysis.h"
#include "catalog.h"
#include "scenario.h"

#include <QList>
#include <QString>

#include <optional>

namespace rooflab {

// One batch of a sweep: what the secondary chart plots for the selected operator.
struct BatchSample
{
    double batch = 0;
    double time = 0;            // the operator's time T at this batch, s
    double tokens = 0;          // tokens one call processes; 0 when it does not follow the batch
    double tokensPerSecond = 0; // tokens / T; 0 when it does not follow the batch
    double flopsPerSecond = 0;  // the operator's work per second, FLOPs / T: the throughput
                                // to plot when it does not follow the batch
    double intensity = 0;
    Bound bound = Bound::Memory;

    bool operator==(const BatchSample &other) const = default;
};

// Tokens one call of `op` processes under `scenario`: the batch for decode operators and
// per-token vector passes (`hidden` set), batch × prompt for prefill operators; nullopt when
// the operator's cost does not follow the batch.
std::optional<double> tokensPerCall(const OperatorSpec &op, const Scenario &scenario);

// One operator of `scenario` on one device, evaluated alone: the same point evaluate() gives
// for the whole scenario. nullopt when the operator or device is not there or has no roof.
std::optional<PointAnalysis> evaluatePoint(const Catalog &catalog, const Scenario &scenario,
                                           const QString &deviceId, const QString &operatorId);

// The operator re-evaluated at each of `batches`, everything else as in `scenario`. Batches
// at which it cannot be evaluated (or that are not positive) are left out.
QList<BatchSample> sweepBatch(const Catalog &catalog, const Scenario &scenario,
                              const QString &deviceId, const QString &operatorId,
                              const QList<double> &batches);

// `perDecade` batches per factor of ten from `lo` up to `hi`, both included; empty unless
// 0 < lo <= hi and perDecade >= 1.
QList<double> logBatches(double lo, double hi, int perDecade);

} // namespace rooflab
