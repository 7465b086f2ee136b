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
    int tp = 0;          // 0 when the deployment is not possible (see problem)
    int requestedTp = 0; // the degree asked for; 0 for auto
    int pp = 0;
    int devices = 0;
    bool fits = false;
    double stepTime = 0; // the scenario's step, through every stage
    double ttft = 0;     // prefill of the prompt for the batch, on the same deployment
    double tokensPerSecond = 0;
    double tokensPerSecondPerDevice = 0;
    std::optional<double> costPerMillionTokens; // USD; empty without a price
    std::optional<double> pricePerDeviceHour;   // USD, as given for this device; empty: none
    double footprintBytesPerDevice = 0;         // what one device of the deployment holds
    double usableBytesPerDevice = 0;            // its capacity less the headroom
    double maxBatchFits = 0;                    // the largest whole batch that fits; 0: none
    double commTime = 0;                        // collectives and transfers per step
    // "compute" or "memory", or when communication takes longest what limits it: "latency"
    // or "interconnect" (communicationBound()).
    QString bound;
    QString problem;  // why there are no figures: "does not fit: <reason>" for a deployment
                      // the device cannot host
    QStringList best; // the column keys in which this row is the best of those that fit
    bool bestForDevice = false; // with several degrees: the device's row with the most
                                // tokens/s per device (the least cost per token) that fits
};

// The column keys of a comparison row, in the order they are shown.
const QStringList &compareColumns();

// One row per device of `deviceIds` for `scenario.model` at the scenario's shape and
// deployment (`auto` resolved per device), the best of each figure column marked among the
// rows that fit: least step time, time to first token and cost, most tokens per second and
// per device. Pure.
// `launchOverhead`: seconds added per kernel run (ModelOptions), 0 when not modelled.
QList<CompareRow> compareDevices(const Catalog &catalog, const Scenario &scenario,
                                 const QStringList &deviceIds, double launchOverhead = 0);

// The same, taking the scenario's step on a device from `steps` (analyzeModel() of this
// scenario, as the window holds them) instead of analysing it again; only the prefill for
// the time to first token is new.
QList<CompareRow> compareDevices(const Catalog &catalog, const Scenario &scenario,
                                 const QStringList &deviceIds, const QList<ModelAnalysis> &steps);

// One row per device of `deviceIds` and tensor-parallel degree of `tpDegrees` (in that order,
// the degrees of one device together), the rest of the deployment the scenario's; a degree
// a device cannot host gives its row a problem, not figures. Columns are marked as by
// compareDevices() over all rows, and with more than one degree each device's best row.
// Empty `tpDegrees`: compareDevices(). Pure.
QList<CompareRow> compareDegrees(const Catalog &catalog, const Scenario &scenario,
                                 const QStringList &deviceIds, const QList<int> &tpDegrees,
                                 double launchOverhead = 0);

} // namespace rooflab
