#pragma once

#include <QString>
#include <QStringList>

namespace rooflab {

// Whether a model fits one device of a chart with several, said on that device's legend
// line: "fits", "needs ×4" (TP 4 of that device), "needs >8" (no degree within its
// domain of 8), for a deployment "× 4 (TP 4): fits"
// (modelFitVerdicts(), scenarioanalysis.h).
struct FitVerdict
{
    QString deviceId;
    QString text;
    // The forms this verdict can take at their widest while only the batch changes: a figure
    // sizes its legend for whichever is widest in its font, so the legend does not move
    // during a batch sweep.
    QStringList widest;

    bool operator==(const FitVerdict &) const = default;
};

} // namespace rooflab
