#pragma once

#include "analysis.h"

#include <QList>
#include <QString>
#include <QStringList>

namespace rooflab {

// Which of the two times of the max rule sets an operator's time.
enum class TimeLimiter { Math, Memory };

QString timeLimiterName(TimeLimiter limiter);

// How the batch at which a point reaches its ridge reads.
enum class RidgeBatchState {
    NotApplicable, // the operator's intensity does not follow the batch
    Never,         // it follows the batch but no batch reaches the ridge
    At,            // it reaches the ridge at PointDiagnosis::ridgeBatch
};

// The same operator on another device of the analysis, against the selected one.
struct DeviceComparison
{
    QString deviceId;
    QString deviceName;
    double time = 0;            // the operator's time there, s
    double timeRatio = 0;       // that time / the selected device's time (< 1: faster)
    double throughputRatio = 0; // work per second there / on the selected device (> 1: faster)
    double attainableFlops = 0; // FLOP/s there
    double ridge = 0;           // the ridge of the roof it answers to there, FLOP/byte
    Bound bound = Bound::Memory;
    QString math;          // math family of that roof
    bool fellBack = false; // that device lacks the requested ceiling
};

// The figures the side panel prints for one selected point, all taken from the analysis.
struct PointDiagnosis
{
    bool valid = false; // false when the analysis has no such point; nothing else is set
    QString deviceId;
    QString deviceName;
    QString operatorId;
    QString operatorName;
    OperatorKind kind = OperatorKind::Custom;
    QString weights, act, kv; // format ids in force
    QString math;             // math family of the roof it answers to
    UnitKind unit = UnitKind::Matrix;

    double flops = 0;
    OperandBytes bytes; // by operand; bytes.total() is Q
    double intensity = 0;
    double ridge = 0;
    double ridgeFactor = 0; // intensity / ridge: < 1 left of the ridge, > 1 right of it
    Bound bound = Bound::Memory;

    double tMath = 0;
    double tMem = 0;
    double time = 0; // max(tMath, tMem)
    TimeLimiter limiter = TimeLimiter::Memory;

    double attainableFlops = 0;
    double peakFlops = 0;
    double bandwidth = 0;     // byte/s of the analysed memory level
    double percentOfPeak = 0; // 100 * attainable / peak

    RidgeBatchState ridgeBatchState = RidgeBatchState::NotApplicable;
    double ridgeBatch = 0; // exact (fractional) batch; set only when the state is At

    QList<DeviceComparison> comparisons; // every other device of the analysis, in its order

    // A deployment's communication point: its latency and bytes parts (bound is then Latency
    // or Interconnect, and the memory figures above do not apply).
    std::optional<CommunicationCost> communication;
    // A measured kernel: how far below its roof it ran (tMath and tMem above are then what
    // the roofline predicts for its work, time what it took).
    std::optional<MeasuredPoint> measured;

    QStringList notes;   // short paragraphs in RoofLab's words: position, kind, fallback
    QString explanation; // the notes joined by blank lines, ready to print
};

// Diagnoses the point of `operatorId` on `deviceId` in `analysis`, comparing it with the same
// operator on the analysis's other devices. Pure: reads the analysis only.
PointDiagnosis diagnose(const Analysis &analysis, const QString &deviceId,
                        const QString &operatorId);

} // namespace rooflab
