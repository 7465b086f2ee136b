#pragma once

#include "catalog.h"
#include "modelanalysis.h"
#include "recommend.h"
#include "scenario.h"

#include <QList>
#include <QString>

namespace rooflab {

// What model moves are ranked by: the step time per token of work (latency), or tokens per
// second per device (what a fleet pays for).
enum class MoveRanking { StepTime, TokensPerDevice };

// The moves that help the whole step of `scenario.model` on `deviceId`: narrower weights or
// KV cache, FP8 math, a larger batch (the largest that fits among them), another device,
// and sharding over the interconnect (TP) when it does not fit. Each is predicted by
// analysing the changed step (analyzeModel()); its effect speaks of the step time, tokens
// per step and whether the model then fits ("step time −62%, fits on 4 devices").
// Move::after is the point of class `classId` in the changed step. Ranked by the predicted
// step time per token of work (or by tokens per second per device, higher first), moves
// after which the model fits first; a move that makes a
// fitting deployment stop fitting is dropped, and a slower device is offered only when today
// does not fit and no faster move fits. Empty when the model or device is unknown.
QList<Move> recommendModelMoves(const Catalog &catalog, const Scenario &scenario,
                                const QString &deviceId, const QString &classId,
                                MoveRanking ranking = MoveRanking::StepTime);
// The same, from the step's analysis on `before.deviceId` already at hand (its compute-bound
// batch solved), which saves analysing it again.
QList<Move> recommendModelMoves(const Catalog &catalog, const Scenario &scenario,
                                const ModelAnalysis &before, const QString &classId,
                                MoveRanking ranking = MoveRanking::StepTime);

} // namespace rooflab
