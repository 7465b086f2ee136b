#include "recommend.h"

#include "batchsweep.h"
#include "units.h"

#include <algorithm>
#include <cmath>

namespace rooflab {

namespace {

// Storage formats the byte-cutting moves propose, in the order they are tried.
constexpr const char *weightFormats[] = {"fp8-e4m3", "int4-g128"};
constexpr const char *kvFormats[] = {"fp8-e4m3"};

// Math families a math move proposes, widest first, with the format that carries each.
// INT8 is proposed only on devices without an FP8 ceiling on the operator's unit.
struct MathStep
{
    const char *family;
    const char *format;
};
constexpr MathStep mathSteps[] = {
    {"bf16", "bf16"}, {"fp8", "fp8-e4m3"}, {"int8", "int8"}, {"fp4", "mxfp4"}};

enum class Role { Weights, Act, Kv, Math };

struct Context
{
    const Catalog &catalog;
    const Scenario &scenario;
    const Device &device;
    const OperatorSpec &op;
    qsizetype opIndex;
    PointAnalysis before;
};

QString &schemeField(PrecisionScheme &scheme, Role role)
{
    switch (role) {
    case Role::Weights:
        return scheme.weights;
    case Role::Act:
        return scheme.act;
    case Role::Kv:
        return scheme.kv;
    case Role::Math:
        break;
    }
    return scheme.math;
}

QString &operatorField(OperatorSpec &op, Role role)
{
    switch (role) {
    case Role::Weights:
        return op.weights;
    case Role::Act:
        return op.act;
    case Role::Kv:
        return op.kv;
    case Role::Math:
        break;
    }
    return op.math;
}

// Sets a format on the operator when it overrides the scheme for that role, otherwise on
// the scheme, so the change reaches the operator either way.
void setFormat(Scenario &scenario, qsizetype opIndex, Role role, const QString &id)
{
    QString &own = operatorField(scenario.operators[opIndex], role);
    if (!own.isEmpty())
        own = id;
    else
        schemeField(scenario.scheme, role) = id;
}

double bytesPerElement(const Catalog &catalog, const QString &id)
{
    const Format *format = catalog.format(id);
    return format ? format->bytesPerElement() : 0.0;
}

QString signedPercent(double percent)
{
    const double shown =
        std::abs(percent) >= 1.0 ? std::round(percent) : std::round(percent * 10.0) / 10.0;
    if (shown == 0)
        return QStringLiteral("±0%");
    return (shown < 0 ? QStringLiteral("−") : QStringLiteral("+")) +
           formatNumber(std::abs(shown), 3) + QLatin1Char('%');
}

QString timesText(const QString &what, double ratio)
{
    return QStringLiteral("%1 ×%2").arg(what, QString::number(ratio, 'f', 1));
}

bool differs(double a, double b)
{
    return std::abs(a - b) > 0.005 * std::max(std::abs(a), std::abs(b));
}

QString effectText(const PointAnalysis &before, const Move &move)
{
    if (move.kind == MoveKind::Batch) {
        return QStringLiteral("%1× tokens per step, step time %2")
            .arg(formatNumber(move.tokensRatio, 3), signedPercent(move.stepTimeChangePercent));
    }
    QStringList parts;
    if (differs(move.after.intensity, before.intensity))
        parts.append(timesText(QStringLiteral("intensity"), move.intensityRatio));
    if (differs(move.after.peakFlops, before.peakFlops))
        parts.append(timesText(QStringLiteral("roof"), move.after.peakFlops / before.peakFlops));
    if (differs(move.after.bandwidth, before.bandwidth))
        parts.append(
            timesText(QStringLiteral("bandwidth"), move.after.bandwidth / before.bandwidth));
    parts.append(QStringLiteral("time ") + signedPercent(move.stepTimeChangePercent));
    return parts.join(QStringLiteral(", "));
}

bool unchanged(const PointAnalysis &a, const PointAnalysis &b)
{
    return a.flops == b.flops && a.bytes.total() == b.bytes.total() && a.time == b.time &&
           a.peakFlops == b.peakFlops && a.bandwidth == b.bandwidth;
}

// Predicts a move by evaluating its scenario. False when it cannot be evaluated, loses the
// ceiling the point had, changes nothing, or gains less than minimumMoveGain.
bool predict(const Context &c, Move &move)
{
    const std::optional<PointAnalysis> after =
        evaluatePoint(c.catalog, move.scenario, move.deviceId, c.op.id);
    if (!after || (after->fellBack && !c.before.fellBack) || unchanged(*after, c.before))
        return false;
    if (c.before.time <= 0 || after->time <= 0)
        return false;
    move.after = *after;
    move.intensityRatio = c.before.intensity > 0 ? after->intensity / c.before.intensity : 1.0;
    move.timeRatio = after->time / c.before.time;
    if (move.kind == MoveKind::Batch) {
        const std::optional<double> oldTokens = tokensPerCall(c.op, c.scenario);
        const std::optional<double> newTokens =
            tokensPerCall(move.scenario.operators[c.opIndex], move.scenario);
        if (!oldTokens || !newTokens || *oldTokens <= 0)
            return false;
        move.tokensRatio = *newTokens / *oldTokens;
    }
    move.timePerWorkRatio = move.timeRatio / move.tokensRatio;
    move.stepTimeChangePercent = 100.0 * (move.timeRatio - 1.0);
    move.effect = effectText(c.before, move);
    return move.timePerWorkRatio <= 1.0 - minimumMoveGain;
}

Move startMove(const Context &c, MoveKind kind)
{
    Move move;
    move.kind = kind;
    move.scenario = c.scenario;
    move.deviceId = c.device.id;
    return move;
}

QString bytesText(double bytes)
{
    return formatNumber(bytes, 3) +
           (bytes == 1.0 ? QStringLiteral(" byte") : QStringLiteral(" bytes"));
}

void addFormatMoves(const Context &c, Role role, QList<Move> &moves)
{
    const bool weights = role == Role::Weights;
    const QString current = weights ? c.before.weights : c.before.kv;
    const double currentBytes = bytesPerElement(c.catalog, current);
    const auto tryFormat = [&](const char *id) {
        const Format *format = c.catalog.format(QLatin1String(id));
        if (!format || format->bytesPerElement() >= currentBytes)
            return;
        Move move = startMove(c, weights ? MoveKind::WeightFormat : MoveKind::KvFormat);
        setFormat(move.scenario, c.opIndex, role, format->id);
        if (!predict(c, move))
            return;
        move.title =
            format->name + (weights ? QStringLiteral(" weights") : QStringLiteral(" KV cache"));
        move.detail = QStringLiteral("Keep the %1 in %2: %3 per element instead of %4, so fewer "
                                     "bytes cross memory. The math stays on the %5 roof.")
                          .arg(weights ? QStringLiteral("weights") : QStringLiteral("KV cache"),
                               format->name, bytesText(format->bytesPerElement()),
                               bytesText(currentBytes), move.after.math.toUpper());
        moves.append(move);
    };
    if (weights) {
        for (const char *id : weightFormats)
            tryFormat(id);
    } else {
        for (const char *id : kvFormats)
            tryFormat(id);
    }
}

void addBatchMove(const Context &c, double batch, bool toRidge, QList<Move> &moves)
{
    if (batch <= c.scenario.batch || batch > largestRecommendedBatch)
        return;
    Move move = startMove(c, MoveKind::Batch);
    move.scenario.batch = batch;
    if (!predict(c, move))
        return;
    move.title = QStringLiteral("Batch %1 → %2%3")
                     .arg(formatNumber(c.scenario.batch, 6), formatNumber(batch, 6),
                          toRidge ? QStringLiteral(" (ridge)") : QString());
    move.detail = toRidge ? QStringLiteral("The first whole batch at which this layer reaches the "
                                           "ridge: the weights are read once for more tokens.")
                          : QStringLiteral("Four times the sequences per step: the weights are "
                                           "read once for more tokens.");
    moves.append(move);
}

void addBatchMoves(const Context &c, QList<Move> &moves)
{
    if (!isBatchedGemm(c.op.kind) || !tokensPerCall(c.op, c.scenario))
        return;
    const double fourTimes = 4.0 * c.scenario.batch;
    addBatchMove(c, fourTimes, false, moves);
    if (c.before.ridgeBatch) {
        const double ridge = std::ceil(*c.before.ridgeBatch);
        if (ridge != fourTimes)
            addBatchMove(c, ridge, true, moves);
    }
}

void addMathMoves(const Context &c, QList<Move> &moves)
{
    if (c.before.unit != UnitKind::Matrix)
        return;
    const ComputeCeiling *now = c.device.ceiling(c.before.unit, c.before.math);
    if (!now)
        return;
    const bool hasFp8 = c.device.ceiling(c.before.unit, QStringLiteral("fp8")) != nullptr;
    const bool attention =
        c.op.kind == OperatorKind::AttentionDecode || c.op.kind == OperatorKind::AttentionPrefill;
    for (const MathStep &step : mathSteps) {
        const QString family = QLatin1String(step.family);
        const ComputeCeiling *ceiling = c.device.ceiling(c.before.unit, family);
        const Format *format = c.catalog.format(QLatin1String(step.format));
        if (!ceiling || !format || ceiling->peakFlops <= now->peakFlops ||
            (family == QLatin1String("int8") && hasFp8))
            continue;
        Move move = startMove(c, MoveKind::MathFormat);
        QStringList narrowed;
        const auto narrow = [&](Role role, const QString &current, const QString &what) {
            if (format->bytesPerElement() < bytesPerElement(c.catalog, current)) {
                setFormat(move.scenario, c.opIndex, role, format->id);
                narrowed.append(what);
            }
        };
        if (attention)
            narrow(Role::Kv, c.before.kv, QStringLiteral("KV cache"));
        else if (c.before.bytes.weights > 0)
            narrow(Role::Weights, c.before.weights, QStringLiteral("weights"));
        narrow(Role::Act, c.before.act, QStringLiteral("activations"));
        // Narrowed operands imply the new math on their own when no math format is named;
        // naming one only when needed keeps vector passes elsewhere on their own roofs.
        const bool named = !c.op.math.isEmpty() || !c.scenario.scheme.math.isEmpty();
        bool ok = !named && predict(c, move) && move.after.math == family;
        if (!ok) {
            setFormat(move.scenario, c.opIndex, Role::Math, format->id);
            ok = predict(c, move) && move.after.math == family;
        }
        if (!ok)
            continue;
        move.title = family.toUpper() + QStringLiteral(" math");
        move.detail =
            QStringLiteral("Run the arithmetic on the %1 roof (%2 instead of %3)%4.")
                .arg(family.toUpper(), formatSi(move.after.peakFlops, QStringLiteral("FLOP/s")),
                     formatSi(c.before.peakFlops, QStringLiteral("FLOP/s")),
                     narrowed.isEmpty()
                         ? QString()
                         : QStringLiteral(", with the %1 in %2")
                               .arg(narrowed.join(QStringLiteral(" and ")), format->name));
        moves.append(move);
    }
}

void addDeviceMove(const Context &c, QList<Move> &moves)
{
    std::optional<Move> best;
    for (const Device &candidate : c.catalog.devices()) {
        if (candidate.id == c.device.id)
            continue;
        Move move = startMove(c, MoveKind::Device);
        move.deviceId = candidate.id;
        move.scenario.devices =
            devicesAfterSwitch(move.scenario.devices, c.device.id, candidate.id);
        if (!predict(c, move))
            continue;
        if (!best || move.timeRatio < best->timeRatio) {
            move.title = QStringLiteral("Run on %1").arg(candidate.name);
            move.detail =
                QStringLiteral("%1 has %2 of bandwidth and %3 at %4, against %5 and "
                               "%6 on %7.")
                    .arg(candidate.name, formatSi(move.after.bandwidth, QStringLiteral("B/s")),
                         formatSi(move.after.peakFlops, QStringLiteral("FLOP/s")),
                         move.after.math.toUpper(),
                         formatSi(c.before.bandwidth, QStringLiteral("B/s")),
                         formatSi(c.before.peakFlops, QStringLiteral("FLOP/s")), c.device.name);
            best = move;
        }
    }
    if (best)
        moves.append(*best);
}

Move advice(const Context &c, const QString &title, const QString &detail)
{
    Move move = startMove(c, MoveKind::Advice);
    move.predicted = false;
    move.after = c.before;
    move.title = title;
    move.detail = detail;
    move.effect = QStringLiteral("not predicted");
    return move;
}

bool isVectorPass(OperatorKind kind)
{
    return kind == OperatorKind::Elementwise || kind == OperatorKind::Activation ||
           kind == OperatorKind::LayerNorm || kind == OperatorKind::RmsNorm ||
           kind == OperatorKind::Softmax;
}

// A ratio rounded to nine significant decimals, so that benefits equal but for rounding rank
// as ties.
long long rankKey(double ratio)
{
    // Clamped first: past about 9.2e9 the product would not fit a long long.
    return std::llround(std::clamp(ratio, -1e9, 1e9) * 1e9);
}

// Tiers of the ranking: changes on the device the user has come before another device (the
// order of docs/roofline.md, "What is recommended": formats and batch first, "more compute" or
// bandwidth last), and advice without a number comes last.
int tier(const Move &move)
{
    if (!move.predicted)
        return 2;
    return move.kind == MoveKind::Device ? 1 : 0;
}

} // namespace

QStringList devicesAfterSwitch(QStringList shown, const QString &from, const QString &to)
{
    if (shown.contains(to))
        shown.removeAll(from);
    else if (shown.contains(from))
        std::replace(shown.begin(), shown.end(), from, to);
    else
        shown.append(to);
    return shown;
}

QString moveKindName(MoveKind kind)
{
    switch (kind) {
    case MoveKind::WeightFormat:
        return QStringLiteral("weight-format");
    case MoveKind::KvFormat:
        return QStringLiteral("kv-format");
    case MoveKind::MathFormat:
        return QStringLiteral("math-format");
    case MoveKind::Batch:
        return QStringLiteral("batch");
    case MoveKind::Device:
        return QStringLiteral("device");
    case MoveKind::Deployment:
        return QStringLiteral("deployment");
    case MoveKind::Advice:
        break;
    }
    return QStringLiteral("advice");
}

QList<Move> recommendMoves(const Catalog &catalog, const Scenario &scenario,
                           const QString &deviceId, const QString &operatorId)
{
    QList<Move> moves;
    const Device *device = catalog.device(deviceId);
    qsizetype opIndex = -1;
    for (qsizetype i = 0; i < scenario.operators.size() && opIndex < 0; ++i) {
        if (scenario.operators[i].id == operatorId)
            opIndex = i;
    }
    if (!device || opIndex < 0)
        return moves;
    const std::optional<PointAnalysis> before =
        evaluatePoint(catalog, scenario, deviceId, operatorId);
    if (!before || before->time <= 0)
        return moves;
    const Context c{catalog, scenario, *device, scenario.operators[opIndex], opIndex, *before};

    // Position decides which moves are tried (docs/roofline.md, "What is recommended"): left of the
    // ridge, cut bytes and batch more; right of it, a higher roof; near it, both.
    const bool memorySide = before->bound != Bound::Compute;
    const bool computeSide = before->bound != Bound::Memory;
    if (memorySide) {
        if (before->bytes.weights > 0)
            addFormatMoves(c, Role::Weights, moves);
        if (before->bytes.kv > 0)
            addFormatMoves(c, Role::Kv, moves);
        addBatchMoves(c, moves);
    }
    if (computeSide)
        addMathMoves(c, moves);
    addDeviceMove(c, moves);
    if (memorySide && isVectorPass(c.op.kind))
        moves.append(advice(c, QStringLiteral("Fuse with neighbour"),
                            QStringLiteral("Fold this pass into the kernel before or after it, "
                                           "so its input is not written out and read back. "
                                           "Not predicted: the saving depends on the fused "
                                           "kernel.")));
    if (computeSide)
        moves.append(advice(c, QStringLiteral("Cut FLOPs"),
                            QStringLiteral("A smaller or distilled model, pruning or structured "
                                           "sparsity removes work. Not predicted: the saving "
                                           "depends on the model.")));

    // Ranked by predicted benefit, the time per unit of work (new time / old time, divided
    // by the tokens-per-step ratio for batch moves; lower is better), within tiers: moves on
    // the same device first, then another device, then advice.
    // Equal benefit (moves that all put the point on the roof) goes to the shorter step.
    std::stable_sort(moves.begin(), moves.end(), [](const Move &a, const Move &b) {
        if (tier(a) != tier(b))
            return tier(a) < tier(b);
        if (rankKey(a.timePerWorkRatio) != rankKey(b.timePerWorkRatio))
            return rankKey(a.timePerWorkRatio) < rankKey(b.timePerWorkRatio);
        return a.timeRatio < b.timeRatio;
    });
    return moves;
}

} // namespace rooflab
