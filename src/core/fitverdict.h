#pragma once

#include <QString>

namespace rooflab {

// Whether a model fits one device of a chart with several, said on that device's legend
// line: "fits", "needs ×3" (three of that device), for a deployment "× 4 (TP 4): fits"
// (modelFitVerdicts(), scenarioanalysis.h).
struct FitVerdict
{
    QString deviceId;
    QString text;
    // The widest this verdict can grow to while only the batch changes (a figure sizes its
    // legend for it, so the legend does not move during a batch sweep).
    QString widest;

    bool operator==(const FitVerdict &) const = default;
};

} // namespace rooflab
