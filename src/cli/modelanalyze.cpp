#include "modelanalyze.h"

#include "commandline.h"
#include "modelanalysis.h"
#include "modelanalysisjson.h"
#include "modeldeployment.h"
#include "modelrecommend.h"
#include "scenariooptions.h"
#include "textsafety.h"
#include "units.h"
#include "usageerror.h"

#include <QJsonArray>
#include <QJsonDocument>
#include <QTextStream>

#include <cmath>

namespace rooflab::cli {

namespace {

QString bytesText(double bytes)
{
    return formatSi(bytes, QStringLiteral("B"));
}

QString schemeText(const PrecisionScheme &s)
{
    return QStringLiteral("weights %1, act %2, kv %3, math %4")
        .arg(s.weights, s.act, s.kv, s.math.isEmpty() ? QStringLiteral("implied") : s.math);
}

void printFootprint(const ModelAnalysis &a, QTextStream &out)
{
    const ModelFootprint &f = a.footprint;
    out << "Memory       " << bytesText(f.weightBytes) << " weights + " << bytesText(f.kvCacheBytes)
        << " KV cache (" << formatNumber(f.contextTokens) << " tokens x "
        << formatNumber(a.shape.batch) << (a.shape.batch == 1 ? " sequence) + " : " sequences) + ")
        << bytesText(f.activationBytes) << " activations = " << bytesText(f.totalBytes) << " of "
        << bytesText(f.capacityBytes) << '\n';
    if (a.deployment.devices > 1) {
        out << "             for the whole model on one device; spread over "
            << a.deployment.devices << " devices below\n";
        return;
    }
    if (f.fits) {
        out << "             fits in one device (" << formatNumber(100.0 * a.deployment.headroom, 3)
            << "% headroom kept free)\n\n";
        return;
    }
    out << "\n*** DOES NOT FIT: " << a.modelName << " needs " << bytesText(f.totalBytes) << ", "
        << a.deviceName << " has " << bytesText(f.capacityBytes) << ". ***\n"
        << "    Split evenly it needs " << QString::number(f.devicesNeeded, 'f', 0) << " devices; "
        << (f.fittingTp > 0
                ? QStringLiteral("in tensor parallel, TP %1 fits").arg(f.fittingTp)
                : QStringLiteral("no tensor-parallel degree up to %1 fits").arg(f.largestTp));
    if (f.fittingScheme)
        out << ", or one device with " << schemeText(*f.fittingScheme) << " ("
            << bytesText(f.fittingTotalBytes) << ")";
    out << ".\n    The times below are what one device would take if the model fitted.\n\n";
}

// Reported before any timing: whether the deployment fits, per device.
void printDeployment(const ModelAnalysis &a, QTextStream &out)
{
    const ModelDeployment &d = a.deployment;
    if (d.devices == 1 && !d.tpAuto)
        return;
    const DeviceFootprint &f = d.perDevice;
    out << "Deployment   TP " << d.tp << (d.tpAuto ? " (auto)" : "") << " x PP " << d.pp << " = "
        << d.devices << " devices; per device " << bytesText(f.weightBytes) << " weights + "
        << bytesText(f.kvCacheBytes) << " KV cache + " << bytesText(f.activationBytes)
        << " activations = " << bytesText(f.totalBytes) << " of " << bytesText(d.usableBytes)
        << " usable (" << formatNumber(100.0 * d.headroom, 3)
        << "% headroom): " << (d.fits ? "fits" : "DOES NOT FIT") << '\n';
    out << "             " << formatNumber(d.allReduces) << " all-reduces of "
        << bytesText(d.allReduceBytes) << ", " << formatNumber(d.allGathers)
        << " logits all-gather of " << bytesText(d.allGatherBytes) << ", ";
    if (d.expertParallel)
        out << formatNumber(d.allToAlls) << " expert all-to-alls of " << bytesText(d.allToAllBytes)
            << " sent (" << formatDuration(d.allToAllTime) << "), ";
    out << formatNumber(d.transfers) << " stage transfers: " << formatDuration(d.commTime)
        << " of communication per step";
    if (d.commTime > 0)
        out << ", " << formatDuration(d.commLatencyTime)
            << " of it latency: " << boundName(communicationBound(d)) << "-bound";
    out << "\n\n";
}

void printOperators(const ModelAnalysis &a, QTextStream &out)
{
    out << "Operators (figures per run; a step runs each `count` times)\n";
    out << Qt::left << qSetFieldWidth(38) << "  operator" << qSetFieldWidth(7) << "count"
        << qSetFieldWidth(12) << "FLOP" << qSetFieldWidth(12) << "bytes" << qSetFieldWidth(11)
        << "FLOP/B" << qSetFieldWidth(10) << "bound" << qSetFieldWidth(11) << "time"
        << qSetFieldWidth(12) << "per step" << qSetFieldWidth(0) << "share\n";
    for (const ModelOperatorResult &r : a.operators) {
        const PointAnalysis &p = r.point;
        out << "  " << qSetFieldWidth(36) << p.operatorName << qSetFieldWidth(7)
            << formatNumber(r.op.count) << qSetFieldWidth(12)
            << formatSi(p.flops, QStringLiteral("FLOP"), 3) << qSetFieldWidth(12)
            << formatSi(p.bytes.total(), QStringLiteral("B"), 3) << qSetFieldWidth(11)
            << formatNumber(p.intensity, 3) << qSetFieldWidth(10) << boundName(p.bound)
            << qSetFieldWidth(11) << formatDuration(p.time) << qSetFieldWidth(12)
            << formatDuration(r.stepTime) << qSetFieldWidth(0) << formatNumber(100.0 * r.share, 3)
            << "%\n";
    }
    out << '\n';
}

void printClasses(const ModelAnalysis &a, QTextStream &out)
{
    out << "Operator classes (whole step)\n";
    for (const ModelClassResult &c : a.classes) {
        const PointAnalysis &p = c.point;
        out << "  " << Qt::left << qSetFieldWidth(24) << p.operatorName << qSetFieldWidth(0)
            << "intensity " << formatNumber(p.intensity, 3) << " FLOP/B, " << boundName(p.bound)
            << "-bound, " << formatDuration(c.stepTime) << " (" << formatNumber(100.0 * c.share, 3)
            << "% of the step)\n";
    }
    out << '\n';
}

void printTotals(const ModelAnalysis &a, QTextStream &out)
{
    const ModelTotals &t = a.totals;
    out << "Totals\n"
        << "  parameters           " << formatNumber(t.params / 1e9) << " billion";
    if (t.activeParams != t.params)
        out << " (" << formatNumber(t.activeParams / 1e9) << " billion per token)";
    out << "\n  work per step        " << formatSi(t.flops, QStringLiteral("FLOP")) << ", "
        << bytesText(t.bytes.total()) << " (weights " << bytesText(t.bytes.weights) << ", act "
        << bytesText(t.bytes.act) << ", KV cache " << bytesText(t.bytes.kv) << ")\n"
        << "  intensity            " << formatNumber(t.intensity) << " FLOP/B\n"
        << "  step time            " << formatDuration(t.stepTime) << " (math "
        << formatDuration(t.mathTime) << ", memory " << formatDuration(t.memoryTime) << "; "
        << formatNumber(t.kernels) << " kernels";
    if (t.launchOverhead > 0)
        out << " x " << formatDuration(t.launchOverhead) << " launch overhead";
    else
        out << ", launch overhead not counted";
    out << ")\n  tokens per second    " << formatNumber(t.tokensPerSecond)
        << (a.phase == Phase::Decode ? " (generated)" : " (prompt)") << '\n';
    if (t.timePerOutputToken)
        out << "  time per token       " << formatDuration(*t.timePerOutputToken) << '\n';
    if (t.timeToFirstToken)
        out << "  time to first token  " << formatDuration(*t.timeToFirstToken) << '\n';
    out << "  compute-bound batch  "
        << (t.computeBoundBatch
                ? formatNumber(*t.computeBoundBatch) + QStringLiteral(" (first whole batch ") +
                      QString::number(std::max(1.0, std::ceil(*t.computeBoundBatch))) +
                      QLatin1Char(')')
                : QStringLiteral("none: memory-bound at every batch up to %1")
                      .arg(QString::number(maxComputeBoundBatch, 'f', 0)))
        << '\n';
    const ModelDeployment &d = a.deployment;
    out << "  tokens/s per device  " << formatNumber(d.tokensPerSecondPerDevice) << '\n'
        << "  cost per 1M tokens   "
        << (d.costPerMillionTokens ? QStringLiteral("$") + formatNumber(*d.costPerMillionTokens, 4)
                                   : QStringLiteral("— (no --price given)"))
        << '\n'
        << "  largest batch fits   " << formatNumber(d.maxBatchFits) << '\n';
    if (!d.fits)
        out << "  fits                 NO: " << formatNumber(d.perDevice.totalBytes / 1e9, 4)
            << " GB per device of " << formatNumber(d.usableBytes / 1e9, 4) << " GB usable; "
            << (a.footprint.fittingTp > 0
                    ? QStringLiteral("the whole model fits at TP %1").arg(a.footprint.fittingTp)
                    : QStringLiteral("no TP up to %1 fits the whole model")
                          .arg(a.footprint.largestTp))
            << '\n';
}

void printTable(const ModelAnalysis &a, QTextStream &out)
{
    out << bidiEscaped(a.modelName) << " on " << bidiEscaped(a.deviceName) << ": "
        << phaseName(a.phase) << " step, batch " << formatNumber(a.shape.batch);
    if (a.phase == Phase::Decode)
        out << ", context " << formatNumber(a.shape.seq) << " tokens\n";
    else
        out << ", prompt " << formatNumber(a.shape.prompt) << " tokens\n";
    out << "Formats      " << schemeText(a.scheme) << "; " << roofModeName(a.roof) << " roofs\n";
    printFootprint(a, out);
    printDeployment(a, out);
    printOperators(a, out);
    printClasses(a, out);
    printTotals(a, out);
}

// The first problems of a step: one missing ceiling fails every operator that needs it.
QString problemText(const QStringList &problems)
{
    constexpr qsizetype shown = 2;
    QString text = problems.mid(0, shown).join(QStringLiteral("; "));
    if (problems.size() > shown)
        text += QStringLiteral("; and %1 more").arg(problems.size() - shown);
    if (text.contains(QStringLiteral("ceiling")))
        text += QStringLiteral(" (--math names a format the device has a ceiling for)");
    return text;
}

void printMoves(const QList<Move> &moves, MoveRanking ranking, QTextStream &out)
{
    if (moves.isEmpty())
        return;
    out << "\nMoves (ranked by "
        << (ranking == MoveRanking::StepTime ? "step time per token" : "tokens/s per device")
        << ", those that fit first)\n";
    for (const Move &m : moves)
        out << "  " << m.title << ": " << m.effect << '\n';
}

// The moves for the whole step, ranked, each with its predicted step time and fit.
QList<Move> rankedMoves(const Catalog &catalog, const Scenario &scenario, const ModelAnalysis &a,
                        MoveRanking ranking)
{
    QString classId;
    double longest = -1;
    for (const ModelClassResult &c : a.classes) {
        if (c.stepTime > longest) {
            longest = c.stepTime;
            classId = modelOpClassId(c.opClass);
        }
    }
    return recommendModelMoves(catalog, scenario, a, classId, ranking);
}

QJsonArray movesToJson(const QList<Move> &ranked)
{
    QJsonArray moves;
    for (const Move &m : ranked) {
        moves.append(QJsonObject{
            {QStringLiteral("title"), m.title},
            {QStringLiteral("kind"), moveKindName(m.kind)},
            {QStringLiteral("effect"), m.effect},
            {QStringLiteral("predicted"), m.predicted},
            {QStringLiteral("step_time_s"),
             m.predicted ? QJsonValue(m.stepTimeAfter) : QJsonValue(QJsonValue::Null)},
            {QStringLiteral("tokens_per_s_per_device"),
             m.predicted ? QJsonValue(m.tokensPerSecondPerDeviceAfter)
                         : QJsonValue(QJsonValue::Null)},
            {QStringLiteral("fits"), m.fitsAfter},
        });
    }
    return moves;
}

} // namespace

double launchOverheadOption(const app::ParsedOptions &options)
{
    if (!options.isSet(QStringLiteral("launch-overhead")))
        return 0;
    bool ok = false;
    const QString text = options.value(QStringLiteral("launch-overhead"));
    const double seconds = text.toDouble(&ok);
    if (!ok || !std::isfinite(seconds) || seconds < 0 || seconds > 1)
        throw UsageError{
            QStringLiteral("--launch-overhead: expected seconds from 0 to 1, got \"%1\"")
                .arg(text)};
    return seconds;
}

void addModelAnalyzeOptions(QCommandLineParser &parser)
{
    parser.addOption({QStringLiteral("rank-moves"),
                      QStringLiteral("With --model: rank the moves by step time (default) or by "
                                     "tokens per second per device."),
                      QStringLiteral("step-time|per-device")});
    parser.addOption({QStringLiteral("launch-overhead"),
                      QStringLiteral("With --model: seconds added per kernel run (default 0: "
                                     "not modelled), e.g. 5e-6."),
                      QStringLiteral("S")});
}

int runModelAnalyze(const app::Invocation &invocation)
{
    const app::ParsedOptions &options = invocation.options;
    if (options.isSet(QStringLiteral("measured")))
        throw UsageError{QStringLiteral("--measured: analyze --model prints the model's step; "
                                        "draw measured kernels over it with `rooflab export`, "
                                        "or list them with analyze without --model")};
    if (options.isSet(QStringLiteral("op")))
        throw UsageError{QStringLiteral("--op: give either --model or --op, not both")};
    const QStringList devices = options.values(QStringLiteral("device"));
    if (devices.isEmpty())
        throw UsageError{QStringLiteral("--device: missing; `rooflab list devices` shows ids")};
    if (devices.size() > 1)
        throw UsageError{QStringLiteral("--device: --model analyses one device at a time, got %1")
                             .arg(devices.size())};

    Catalog catalog = loadCatalog(invocation);
    Scenario scenario;
    applyScenarioOptions(options, catalog, scenario);
    ModelOptions modelOptions;
    modelOptions.launchOverhead = launchOverheadOption(options);
    MoveRanking ranking = MoveRanking::StepTime;
    if (options.isSet(QStringLiteral("rank-moves"))) {
        const QString by = options.value(QStringLiteral("rank-moves"));
        if (by == QLatin1String("per-device"))
            ranking = MoveRanking::TokensPerDevice;
        else if (by != QLatin1String("step-time"))
            throw UsageError{QStringLiteral("--rank-moves: must be step-time or per-device, got "
                                            "\"%1\"")
                                 .arg(by)};
    }
    const ModelAnalysis analysis =
        analyzeModel(catalog, scenario, scenario.devices.value(0), modelOptions);
    if (!analysis.ok()) {
        // A deployment's problem names the flag it comes from.
        const QString first = analysis.problems.value(0);
        for (const char *flag : {"TP", "PP"}) {
            if (first.startsWith(QLatin1String(flag) + QLatin1Char(' ')) ||
                first.startsWith(QLatin1String(flag) + QLatin1Char(':')))
                throw UsageError{QStringLiteral("--") + QString::fromLatin1(flag).toLower() +
                                 first.mid(2)};
        }
        throw UsageError{problemText(analysis.problems)};
    }
    for (const QString &warning : analysis.warnings)
        printError(QStringLiteral("warning: ") + warning);

    const QList<Move> moves = rankedMoves(catalog, scenario, analysis, ranking);

    QTextStream out(stdout);
    if (options.isSet(QStringLiteral("json"))) {
        QJsonObject json = modelAnalysisToJson(analysis);
        json.insert(QStringLiteral("moves"), movesToJson(moves));
        out << QJsonDocument(json).toJson(QJsonDocument::Indented);
    } else {
        printTable(analysis, out);
        printMoves(moves, ranking, out);
    }
    return ExitOk;
}

} // namespace rooflab::cli
