#pragma once

#include "catalog.h"
#include "modelanalysis.h"
#include "scenario.h"

#include <QList>
#include <QString>
#include <QStringList>

#include <optional>

namespace rooflab {

// One device of a side-by-side comparison of a model's deployment (docs/models.md,
// "Comparing devices"): plain values, so the command line and a window can both show them.
struct CompareRow
{
    QString deviceId;
    QString deviceName;
    int tp = 0; // 0 when the deployment is not possible (see problem)
    int pp = 0;
    int devices = 0;
    bool fits = false;
    double stepTime = 0; // the scenario's step, through every stage
    double ttft = 0;     // prefill of the prompt for the batch, on the same deployment
    double tokensPerSecond = 0;
    double tokensPerSecondPerDevice = 0;
    std::optional<double> costPerMillionTokens; // USD; empty without a price
    QString bound;    // "compute", "memory" or "communication": the largest of the three times
    QString problem;  // why there are no figures (a deployment that is not possible)
    QStringList best; // the column keys in which this row is the best of those that fit
};

// The column keys of a comparison row, in the order they are shown.
const QStringList &compareColumns();

// One row per device of `deviceIds` for `scenario.model` at the scenario's shape and
// deployment (`auto` resolved per device), the best of each figure column marked among the
// rows that fit: least step time, time to first token and cost, most tokens per second and
// per device. Pure.
QList<CompareRow> compareDevices(const Catalog &catalog, const Scenario &scenario,
                                 const QStringList &deviceIds);

// The same, taking the scenario's step on a device from `steps` (analyzeModel() of this
// scenario, as the window holds them) instead of analysing it again; only the prefill for
// the time to first token is new.
QList<CompareRow> compareDevices(const Catalog &catalog, const Scenario &scenario,
                                 const QStringList &deviceIds, const QList<ModelAnalysis> &steps);

} // namespace rooflab
