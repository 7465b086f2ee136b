#include "analysisjson.h"
#include "commandline.h"
#include "commands.h"
#include "evaluate.h"
#include "measuredpoints.h"
#include "modelanalyze.h"
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

// A measured kernel: what it reached against the roof above it, not the model's times;
// `levels` are its points, one per memory level, outermost first.
void printMeasured(const QList<const PointAnalysis *> &levels, QTextStream &out)
{
    const PointAnalysis &p = *levels.first();
    const MeasuredPoint &m = *p.measured;
    out << terminalLine(m.kernel) << " on " << bidiEscaped(p.deviceId) << ", measured\n"
        << "  measured     " << formatSi(p.flops, QStringLiteral("FLOP")) << " in "
        << formatDuration(p.time) << " (" << m.launches << " launches, "
        << formatNumber(100.0 * m.timeShare, 3) << "% of the time measured)\n";
    for (const PointAnalysis *level : levels)
        out << "  " << qSetFieldWidth(13) << Qt::left << level->measured->level.toUpper()
            << qSetFieldWidth(0) << formatNumber(level->intensity) << " FLOP/B over "
            << formatSi(level->bytes.total(), QStringLiteral("B")) << '\n';
    out << "  achieved     " << formatSi(p.attainableFlops, QStringLiteral("FLOP/s"));
    if (m.roofFlops && m.pctOfRoof)
        out << ", " << formatNumber(*m.pctOfRoof, 3) << "% of its roof ("
            << formatSi(*m.roofFlops, QStringLiteral("FLOP/s")) << ", "
            << (m.boundLevel.isEmpty() ? QStringLiteral("compute")
                                       : m.boundLevel.toUpper() + QStringLiteral(" bandwidth"))
            << ')';
    out << '\n';
    for (const QString &warning : m.warnings)
        out << "  warning      " << terminalLine(warning) << '\n';
}

void printPoint(const PointAnalysis &p, QTextStream &out)
{
    const QString ridgeBatch =
        !p.batchDependent ? QStringLiteral("does not apply")
        : p.ridgeBatch    ? formatNumber(*p.ridgeBatch) + QStringLiteral(" (first whole batch ") +
                             QString::number(std::ceil(*p.ridgeBatch)) + QLatin1Char(')')
                       : QStringLiteral("never (memory-bound at every batch)");
    out << bidiEscaped(p.operatorName) << " on " << bidiEscaped(p.deviceId) << '\n'
        << "  formats      weights " << p.weights << ", act " << p.act << ", kv " << p.kv
        << "; math " << p.math << " on " << unitKindName(p.unit) << " units\n"
        << "  work         " << formatSi(p.flops, QStringLiteral("FLOP")) << ", "
        << formatSi(p.bytes.total(), QStringLiteral("B")) << '\n'
        << "  intensity    " << formatNumber(p.intensity) << " FLOP/B (ridge "
        << formatNumber(p.ridge) << ")\n"
        << "  attainable   " << formatSi(p.attainableFlops, QStringLiteral("FLOP/s")) << " of "
        << formatSi(p.peakFlops, QStringLiteral("FLOP/s")) << " (" << formatNumber(p.pctOfPeak, 3)
        << "% of peak), " << boundName(p.bound) << "-bound\n"
        << "  time         " << formatDuration(p.time) << " (math " << formatDuration(p.tMath)
        << ", memory " << formatDuration(p.tMem) << ")\n"
        << "  ridge batch  " << ridgeBatch << '\n';
    if (p.fellBack)
        out << "  note         " << p.note << '\n';
}

} // namespace

app::CommandSyntax analyzeSyntax()
{
    return {.name = QStringLiteral("analyze"),
            .synopsis = {{QStringLiteral("--device ID --op KIND [shape]"),
                          QStringLiteral("roofline figures")},
                         {QStringLiteral("--device ID --model ID [--phase P]"),
                          QStringLiteral("one step of a model")}},
            .declare =
                [](QCommandLineParser &parser) {
                    parser.setApplicationDescription(
                        QStringLiteral("Prints where operators sit on devices' rooflines.\n"
                                       "Example: rooflab analyze --device h100-sxm5 --op "
                                       "decode-gemm --d 8192 --f 28672 --batch 64\n"
                                       "Model:   rooflab analyze --model llama-3.1-8b --device "
                                       "h100-sxm5 --phase decode --batch 16 --seq 4096\n") +
                        numberRangesHelp());
                    addScenarioOptions(parser);
                    addModelAnalyzeOptions(parser);
                    parser.addOption(
                        {QStringLiteral("json"), QStringLiteral("Print JSON, SI base units.")});
                },
            .repeatable = scenarioRepeatableOptions(),
            .takesLessons = false};
}

int runAnalyze(const app::Invocation &invocation)
{
    const app::ParsedOptions &options = invocation.options;
    if (!options.positionalArguments().isEmpty())
        throw UsageError{QStringLiteral("analyze: unexpected argument \"%1\"")
                             .arg(options.positionalArguments().at(0))};
    if (options.isSet(QStringLiteral("model")))
        return runModelAnalyze(invocation);
    if (options.isSet(QStringLiteral("phase")) ||
        options.isSet(QStringLiteral("launch-overhead")) ||
        options.isSet(QStringLiteral("rank-moves")))
        throw UsageError{
            QStringLiteral("--phase, --launch-overhead and --rank-moves apply only with --model")};
    if (!options.isSet(QStringLiteral("device")))
        throw UsageError{QStringLiteral("--device: missing; `rooflab list devices` shows ids")};
    if (!options.isSet(QStringLiteral("op")) && !options.isSet(QStringLiteral("measured")))
        throw UsageError{
            QStringLiteral("--op: missing; give an operator kind or id, or --measured FILE")};

    Catalog catalog = loadCatalog(invocation);
    Scenario scenario;
    applyScenarioOptions(options, catalog, scenario);
    Analysis analysis = evaluate(catalog, scenario);
    appendMeasuredPoints(analysis, catalog, scenario);
    if (!analysis.problems.isEmpty())
        throw UsageError{analysis.problems.join(QStringLiteral("; "))};
    for (const QString &warning : analysis.warnings)
        printError(QStringLiteral("warning: ") + warning);

    QTextStream out(stdout);
    if (options.isSet(QStringLiteral("json"))) {
        QJsonArray points;
        for (const PointAnalysis &p : analysis.points)
            points.append(pointToJson(p, analysis.roof));
        out << QJsonDocument(points).toJson(QJsonDocument::Indented);
    } else {
        out << "Roofs: " << roofModeName(analysis.roof) << "\n\n";
        const QList<PointAnalysis> &points = analysis.points;
        for (qsizetype i = 0; i < points.size(); ++i) {
            if (points.at(i).measured) {
                // A kernel's levels follow its outermost one.
                QList<const PointAnalysis *> levels{&points.at(i)};
                while (i + 1 < points.size() && points.at(i + 1).measured &&
                       !points.at(i + 1).measured->outermost)
                    levels.append(&points.at(++i));
                printMeasured(levels, out);
            } else {
                printPoint(points.at(i), out);
            }
            out << '\n';
        }
    }
    return ExitOk;
}

} // namespace rooflab::cli
