#pragma once

#include "analysis.h"
#include "catalog.h"
#include "scenario.h"

#include <QList>
#include <QString>
#include <QStringList>

namespace rooflab {

// What a recommended move changes.
enum class MoveKind {
    WeightFormat, // store the weights in a narrower format
    KvFormat,     // keep the KV cache in a narrower format
    MathFormat,   // run the arithmetic in a lower-precision format with a higher roof
    Batch,        // a larger batch
    Device,       // another device from the catalog
    Deployment,   // a model spread over more devices (tensor parallelism)
    Advice,       // advice without a predicted number (fuse passes, cut FLOPs)
};

QString moveKindName(MoveKind kind);

// The largest batch a move proposes: the top of the window's batch control.
inline constexpr double largestRecommendedBatch = 4096;

// A move must cut the time per unit of work by at least this share to be recommended.
inline constexpr double minimumMoveGain = 0.01;

// One recommended change for a selected point, with its effect predicted by re-evaluating
// the changed scenario with evaluate().
struct Move
{
    MoveKind kind = MoveKind::Advice;
    QString title;         // short: "FP8 E4M3 weights", "Batch 64 → 256"
    QString detail;        // one or two sentences: what changes and why it helps here
    Scenario scenario;     // the scenario with the move applied (Advice: unchanged)
    QString deviceId;      // the device the prediction is for (differs for Device moves)
    bool predicted = true; // false for Advice: the ratios below are 1 and `after` is the
                           // point as it is
    PointAnalysis after;   // the point re-evaluated under `scenario` on `deviceId`

    double intensityRatio = 1;        // new / old intensity
    double timeRatio = 1;             // new / old time of one call (one step)
    double tokensRatio = 1;           // new / old tokens per step; 1 unless the batch changes
    double timePerWorkRatio = 1;      // timeRatio / tokensRatio: the ranking key, < 1 is better
    double stepTimeChangePercent = 0; // 100 * (timeRatio - 1)
    QString effect; // "intensity ×2.0, time −50%", "4× tokens per step, step time +3%"
    // For a model's moves: the predicted step time and whether the model then fits its
    // deployment with headroom.
    double stepTimeAfter = 0;
    double tokensPerSecondPerDeviceAfter = 0;
    bool fitsAfter = true;
};

// The devices shown after a move from device `from` to device `to`: `to` takes the place of
// `from`, or `from` goes when `to` is shown already, or `to` is added when `from` was not
// shown.
QStringList devicesAfterSwitch(QStringList shown, const QString &from, const QString &to);

// The moves that help the point of `operatorId` on `deviceId` under `scenario`, chosen by
// where it sits against its ridge (docs/roofline.md, "What is recommended") and ranked best first
// (see recommend.cpp). Empty when the operator or device is not in the scenario or cannot be
// evaluated.
QList<Move> recommendMoves(const Catalog &catalog, const Scenario &scenario,
                           const QString &deviceId, const QString &operatorId);

} // namespace rooflab
