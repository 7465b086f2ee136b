#include "modelrecommend.h"

#include "modelanalysis.h"
#include "units.h"

#include <algorithm>
#include <cmath>

namespace rooflab {

namespace {

struct Context
{
    const Catalog &catalog;
    const Scenario &scenario;
    const Device &device;
    const QString &classId;
    const ModelAnalysis &before;
};

ModelAnalysis analyzeStep(const Catalog &catalog, const Scenario &scenario, const QString &device)
{
    ModelOptions options;
    options.solveComputeBoundBatch = false; // not needed to compare steps; it costs a search
    return analyzeModel(catalog, scenario, device, options);
}

double bytesPerElement(const Catalog &catalog, const QString &id)
{
    const Format *format = catalog.format(id);
    return format ? format->bytesPerElement() : 0.0;
}

QString signedPercent(double percent)
{
    const double shown = std::round(percent);
    if (shown == 0)
        return QStringLiteral("±0%");
    return (shown < 0 ? QStringLiteral("−") : QStringLiteral("+")) +
           formatNumber(std::abs(shown), 3) + QLatin1Char('%');
}

QString fitText(const ModelAnalysis &a)
{
    const ModelDeployment &d = a.deployment;
    if (d.fits)
        return d.devices == 1 ? QStringLiteral("fits in one device")
                              : QStringLiteral("fits on %1 devices").arg(d.devices);
    return d.devices == 1 ? devicesNeededText(a.footprint, true)
                          : QStringLiteral("does not fit %1 devices").arg(d.devices);
}

// Share of a device's usable memory the deployment fills.
double fill(const ModelDeployment &d)
{
    return d.usableBytes > 0 ? d.perDevice.totalBytes / d.usableBytes : 0.0;
}

QString effectText(const Context &c, const Move &move, const ModelAnalysis &after)
{
    QStringList parts;
    if (move.kind == MoveKind::Batch)
        parts.append(QStringLiteral("%1× tokens per step").arg(formatNumber(move.tokensRatio, 3)));
    parts.append(QStringLiteral("step time ") + signedPercent(move.stepTimeChangePercent));
    if (!c.before.deployment.fits || !after.deployment.fits ||
        after.deployment.devices != c.before.deployment.devices)
        parts.append(fitText(after));
    return parts.join(QStringLiteral(", "));
}

bool fitsBetter(const ModelDeployment &before, const ModelDeployment &after)
{
    return !before.fits && (after.fits || fill(after) < fill(before));
}

// Predicts a move by analysing its step. False when it cannot be analysed, or neither cuts
// the time per token by minimumMoveGain nor brings the model closer to fitting.
bool predict(const Context &c, Move &move, bool *fitsAfter)
{
    const ModelAnalysis after = analyzeStep(c.catalog, move.scenario, move.deviceId);
    const ModelTotals &old = c.before.totals;
    if (!after.ok() || after.totals.stepTime <= 0 || old.stepTime <= 0 || old.tokensPerStep <= 0)
        return false;
    move.timeRatio = after.totals.stepTime / old.stepTime;
    move.tokensRatio = after.totals.tokensPerStep / old.tokensPerStep;
    move.timePerWorkRatio = move.timeRatio / move.tokensRatio;
    move.intensityRatio = old.intensity > 0 ? after.totals.intensity / old.intensity : 1.0;
    move.stepTimeChangePercent = 100.0 * (move.timeRatio - 1.0);
    for (const ModelClassResult &cls : after.classes) {
        if (modelOpClassId(cls.opClass) == c.classId || move.after.operatorId.isEmpty())
            move.after = cls.point;
    }
    move.effect = effectText(c, move, after);
    move.stepTimeAfter = after.totals.stepTime;
    move.tokensPerSecondPerDeviceAfter = after.deployment.tokensPerSecondPerDevice;
    move.fitsAfter = after.deployment.fits;
    *fitsAfter = after.deployment.fits;
    // A move that breaks a deployment that fits is no help, however fast it would be.
    if (c.before.deployment.fits && !after.deployment.fits)
        return false;
    return move.timePerWorkRatio <= 1.0 - minimumMoveGain ||
           fitsBetter(c.before.deployment, after.deployment);
}

struct Candidate
{
    Move move;
    bool fits = false;
};

Move startMove(const Context &c, MoveKind kind)
{
    Move move;
    move.kind = kind;
    move.scenario = c.scenario;
    move.deviceId = c.device.id;
    return move;
}

void consider(const Context &c, Move move, QList<Candidate> &out)
{
    bool fits = false;
    if (predict(c, move, &fits))
        out.append({move, fits});
}

void addFormatMoves(const Context &c, QList<Candidate> &out)
{
    const PrecisionScheme &now = c.scenario.scheme;
    for (const char *id : {"fp8-e4m3", "int4-g128"}) {
        const Format *format = c.catalog.format(QLatin1String(id));
        if (!format || format->bytesPerElement() >= bytesPerElement(c.catalog, now.weights))
            continue;
        Move move = startMove(c, MoveKind::WeightFormat);
        move.scenario.scheme.weights = format->id;
        // "W4A16": the usual name of a weight-only scheme, from the element widths.
        const Format *act = c.catalog.format(now.act);
        move.title =
            act ? QStringLiteral("W%1A%2: %3 weights")
                      .arg(formatNumber(format->bits, 2), formatNumber(act->bits, 2), format->name)
                : QStringLiteral("%1 weights").arg(format->name);
        move.detail = QStringLiteral("Store every weight in %1: %2 bytes per parameter instead "
                                     "of %3. A decode step reads all of them once, so its time "
                                     "and the memory the model needs both shrink.")
                          .arg(format->name, formatNumber(format->bytesPerElement(), 3),
                               formatNumber(bytesPerElement(c.catalog, now.weights), 3));
        consider(c, move, out);
    }
    const Format *fp8 = c.catalog.format(QStringLiteral("fp8-e4m3"));
    if (fp8 && c.before.totals.bytes.kv > 0 &&
        fp8->bytesPerElement() < bytesPerElement(c.catalog, now.kv)) {
        Move move = startMove(c, MoveKind::KvFormat);
        move.scenario.scheme.kv = fp8->id;
        move.title = QStringLiteral("%1 KV cache").arg(fp8->name);
        move.detail = QStringLiteral("Keep the KV cache in %1: attention reads fewer bytes per "
                                     "token of context, and longer contexts or larger batches "
                                     "fit.")
                          .arg(fp8->name);
        consider(c, move, out);
    }
}

void addMathMove(const Context &c, QList<Candidate> &out)
{
    const ComputeCeiling *fp8Roof = c.device.ceiling(UnitKind::Matrix, QStringLiteral("fp8"));
    const Format *fp8 = c.catalog.format(QStringLiteral("fp8-e4m3"));
    if (!fp8Roof || !fp8 || c.scenario.scheme.math == fp8->id)
        return;
    Move move = startMove(c, MoveKind::MathFormat);
    PrecisionScheme &scheme = move.scenario.scheme;
    if (bytesPerElement(c.catalog, scheme.weights) > fp8->bytesPerElement())
        scheme.weights = fp8->id;
    scheme.act = fp8->id;
    scheme.math = fp8->id;
    move.title = QStringLiteral("FP8 math (W8A8)");
    move.detail = QStringLiteral("Run the GEMMs on the FP8 roof (%1) with FP8 activations and "
                                 "weights: helps once the step is compute-bound.")
                      .arg(formatSi(fp8Roof->peakFlops, QStringLiteral("FLOP/s")));
    consider(c, move, out);
}

void addBatchMove(const Context &c, double batch, const QString &why, QList<Candidate> &out)
{
    if (batch <= c.scenario.batch || batch > largestRecommendedBatch)
        return;
    Move move = startMove(c, MoveKind::Batch);
    move.scenario.batch = batch;
    move.title = QStringLiteral("Batch %1 → %2")
                     .arg(formatNumber(c.scenario.batch, 6), formatNumber(batch, 6));
    move.detail = why;
    consider(c, move, out);
}

void addBatchMoves(const Context &c, QList<Candidate> &out)
{
    addBatchMove(c, 4.0 * c.scenario.batch,
                 QStringLiteral("Four times the sequences per step: the weights are read once "
                                "for more tokens, while the KV cache grows with the batch."),
                 out);
    if (const std::optional<double> turn = c.before.totals.computeBoundBatch) {
        const double batch = std::ceil(*turn);
        if (batch != 4.0 * c.scenario.batch)
            addBatchMove(c, batch,
                         QStringLiteral("The smallest whole batch at which the step's math time "
                                        "reaches its memory time: beyond it, batching no "
                                        "longer comes for free."),
                         out);
    }
}

void addLargestBatchMove(const Context &c, QList<Candidate> &out)
{
    const double largest = c.before.deployment.maxBatchFits;
    if (!c.before.deployment.fits || largest <= c.scenario.batch ||
        largest > largestRecommendedBatch || largest == 4.0 * c.scenario.batch)
        return;
    Move move = startMove(c, MoveKind::Batch);
    move.scenario.batch = largest;
    move.title = QStringLiteral("Largest batch that fits: %1").arg(formatNumber(largest, 7));
    move.detail = QStringLiteral("Batch %1 fills each device's memory up to the headroom at "
                                 "this context: every step reads the weights once for the "
                                 "most sequences that fit.")
                      .arg(formatNumber(largest, 7));
    consider(c, move, out);
}

// Tensor parallelism at the smallest power of two t within the domain that fits.
void addShardMove(const Context &c, QList<Candidate> &out)
{
    const ModelDeployment &now = c.before.deployment;
    const ModelSpec *model = c.catalog.model(c.scenario.model);
    const std::optional<OperandSizes> sizes = operandSizes(c.catalog, c.scenario.scheme);
    if (now.fits || !model || !sizes)
        return;
    Deployment wanted = c.scenario.deployment;
    wanted.tpAuto = true;
    const ShapeContext shape{c.scenario.batch, c.scenario.seq, c.scenario.prompt};
    const std::optional<int> tp =
        autoTensorParallel(*model, c.device, c.scenario.phase, shape, *sizes, wanted, nullptr);
    if (!tp || *tp == now.tp)
        return;
    Move move = startMove(c, MoveKind::Deployment);
    move.scenario.deployment.tp = *tp;
    move.scenario.deployment.tpAuto = false;
    const int devices = *tp * now.pp;
    move.title = now.pp == 1
                     ? QStringLiteral("Shard over %1 devices (TP = %2)").arg(devices).arg(*tp)
                     : QStringLiteral("Shard over %1 devices (TP = %2, PP = %3)")
                           .arg(devices)
                           .arg(*tp)
                           .arg(now.pp);
    move.detail =
        QStringLiteral("Split every layer's weights, heads and KV cache %1 ways over "
                       "%2: the smallest power of two that fits with headroom. Each "
                       "layer then all-reduces its activations twice over %3.")
            .arg(*tp)
            .arg(c.device.name, c.device.interconnect ? c.device.interconnect->name : QString());
    consider(c, move, out);
}

void addDeviceMove(const Context &c, QList<Candidate> &out)
{
    std::optional<Candidate> best;
    for (const Device &candidate : c.catalog.devices()) {
        if (candidate.id == c.device.id)
            continue;
        Move move = startMove(c, MoveKind::Device);
        move.deviceId = candidate.id;
        move.scenario.devices =
            devicesAfterSwitch(move.scenario.devices, c.device.id, candidate.id);
        move.title = QStringLiteral("Run on %1").arg(candidate.name);
        move.detail = QStringLiteral("The whole step on %1 instead of %2.")
                          .arg(candidate.name, c.device.name);
        QList<Candidate> one;
        consider(c, move, one);
        if (one.isEmpty())
            continue;
        const Candidate &m = one.first();
        const bool better = !best || (m.fits && !best->fits) ||
                            (m.fits == best->fits && m.move.timeRatio < best->move.timeRatio);
        if (better)
            best = m;
    }
    if (best)
        out.append(*best);
}

int tier(const Candidate &c)
{
    if (!c.move.predicted)
        return 2;
    return c.fits ? 0 : 1;
}

// A device slower than today is offered only when today does not fit and no faster move
// fits: being told to run on a CPU is no help when sharding over the GPUs at hand fits.
void dropSlowerDevices(const Context &c, QList<Candidate> &candidates)
{
    const auto slowerDevice = [](const Candidate &x) {
        return x.move.kind == MoveKind::Device && x.move.timePerWorkRatio >= 1.0;
    };
    bool fasterFits = false;
    for (const Candidate &x : std::as_const(candidates))
        fasterFits = fasterFits || (x.fits && !slowerDevice(x));
    if (c.before.deployment.fits || fasterFits)
        candidates.removeIf(slowerDevice);
}

} // namespace

QList<Move> recommendModelMoves(const Catalog &catalog, const Scenario &scenario,
                                const QString &deviceId, const QString &classId,
                                MoveRanking ranking)
{
    if (!catalog.device(deviceId) || !catalog.model(scenario.model))
        return {};
    return recommendModelMoves(catalog, scenario, analyzeModel(catalog, scenario, deviceId),
                               classId, ranking);
}

QList<Move> recommendModelMoves(const Catalog &catalog, const Scenario &scenario,
                                const ModelAnalysis &before, const QString &classId,
                                MoveRanking ranking)
{
    QList<Move> moves;
    const Device *device = catalog.device(before.deviceId);
    if (!device || !catalog.model(scenario.model) || !before.ok() || before.totals.stepTime <= 0)
        return moves;
    const Context c{catalog, scenario, *device, classId, before};

    QList<Candidate> candidates;
    addFormatMoves(c, candidates);
    addMathMove(c, candidates);
    addBatchMoves(c, candidates);
    addLargestBatchMove(c, candidates);
    addShardMove(c, candidates);
    addDeviceMove(c, candidates);
    dropSlowerDevices(c, candidates);

    std::stable_sort(
        candidates.begin(), candidates.end(), [ranking](const Candidate &a, const Candidate &b) {
            if (tier(a) != tier(b))
                return tier(a) < tier(b);
            if (ranking == MoveRanking::TokensPerDevice)
                return a.move.tokensPerSecondPerDeviceAfter > b.move.tokensPerSecondPerDeviceAfter;
            return a.move.timePerWorkRatio < b.move.timePerWorkRatio;
        });
    for (const Candidate &candidate : std::as_const(candidates))
        moves.append(candidate.move);
    return moves;
}

} // namespace rooflab
