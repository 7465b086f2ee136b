#include "modelanalyze.h"

#include "commandline.h"
#include "modelanalysis.h"
#include "modelanalysisjson.h"
#include "scenariooptions.h"
#include "textsafety.h"
#include "units.h"
#include "usageerror.h"

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
    if (f.fits) {
        out << "             fits in one device\n\n";
        return;
    }
    out << "\n*** DOES NOT FIT: " << a.modelName << " needs " << bytesText(f.totalBytes) << ", "
        << a.deviceName << " has " << bytesText(f.capacityBytes) << ". ***\n"
        << "    It needs " << QString::number(f.devicesNeeded, 'f', 0)
        << " devices (weights, cache and activations split evenly, no overhead)";
    if (f.fittingScheme)
        out << ", or one device with " << schemeText(*f.fittingScheme) << " ("
            << bytesText(f.fittingTotalBytes) << ")";
    out << ".\n    The times below are what one device would take if the model fitted.\n\n";
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
                : QStringLiteral("none up to %1: memory-bound at every batch")
                      .arg(formatNumber(maxComputeBoundBatch)))
        << '\n';
    if (!a.footprint.fits)
        out << "  fits                 NO: needs "
            << QString::number(a.footprint.devicesNeeded, 'f', 0) << " devices\n";
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

} // namespace

void addModelAnalyzeOptions(QCommandLineParser &parser)
{
    parser.addOption({QStringLiteral("launch-overhead"),
                      QStringLiteral("With --model: seconds added per kernel run (default 0: "
                                     "not modelled), e.g. 5e-6."),
                      QStringLiteral("S")});
}

int runModelAnalyze(const QCommandLineParser &parser)
{
    if (parser.isSet(QStringLiteral("op")))
        throw UsageError{QStringLiteral("--op: give either --model or --op, not both")};
    const QStringList devices = parser.values(QStringLiteral("device"));
    if (devices.isEmpty())
        throw UsageError{QStringLiteral("--device: missing; `rooflab list devices` shows ids")};
    if (devices.size() > 1)
        throw UsageError{QStringLiteral("--device: --model analyses one device at a time, got %1")
                             .arg(devices.size())};

    const Catalog catalog = loadCatalog(parser);
    Scenario scenario;
    applyScenarioOptions(parser, catalog, scenario);
    ModelOptions options;
    if (parser.isSet(QStringLiteral("launch-overhead"))) {
        bool ok = false;
        const QString text = parser.value(QStringLiteral("launch-overhead"));
        options.launchOverhead = text.toDouble(&ok);
        if (!ok || !std::isfinite(options.launchOverhead) || options.launchOverhead < 0 ||
            options.launchOverhead > 1)
            throw UsageError{QStringLiteral("--launch-overhead: expected seconds from 0 to 1, "
                                            "got \"%1\"")
                                 .arg(text)};
    }
    const ModelAnalysis analysis =
        analyzeModel(catalog, scenario, scenario.devices.value(0), options);
    if (!analysis.ok())
        throw UsageError{problemText(analysis.problems)};
    for (const QString &warning : analysis.warnings)
        printError(QStringLiteral("warning: ") + warning);

    QTextStream out(stdout);
    if (parser.isSet(QStringLiteral("json")))
        out << QJsonDocument(modelAnalysisToJson(analysis)).toJson(QJsonDocument::Indented);
    else
        printTable(analysis, out);
    return ExitOk;
}

} // namespace rooflab::cli
