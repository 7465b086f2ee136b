// `rooflab compare`: one model's deployment on several devices, side by side.
#include "commands.h"
#include "comparetable.h"
#include "devicecompare.h"
#include "modelanalyze.h"
#include "scenariooptions.h"
#include "usageerror.h"

#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QTextStream>

#include <algorithm>

namespace rooflab::cli {

namespace {

QJsonObject rowToJson(const CompareRow &r)
{
    const auto orNull = [&r](const QJsonValue &v) {
        return r.problem.isEmpty() ? v : QJsonValue(QJsonValue::Null);
    };
    return QJsonObject{
        {QStringLiteral("device"), r.deviceId},
        {QStringLiteral("device_name"), r.deviceName},
        {QStringLiteral("tp"), r.problem.isEmpty() ? QJsonValue(r.tp)
                               : r.requestedTp > 0 ? QJsonValue(r.requestedTp)
                                                   : QJsonValue(QJsonValue::Null)},
        {QStringLiteral("pp"), orNull(r.pp)},
        {QStringLiteral("devices"), orNull(r.devices)},
        {QStringLiteral("fits"), r.fits},
        {QStringLiteral("step_time_s"), orNull(r.stepTime)},
        {QStringLiteral("ttft_s"), orNull(r.ttft)},
        {QStringLiteral("tokens_per_s"), orNull(r.tokensPerSecond)},
        {QStringLiteral("tokens_per_s_per_device"), orNull(r.tokensPerSecondPerDevice)},
        {QStringLiteral("cost_per_mtok_usd"), r.costPerMillionTokens
                                                  ? QJsonValue(*r.costPerMillionTokens)
                                                  : QJsonValue(QJsonValue::Null)},
        {QStringLiteral("bound"), orNull(r.bound)},
        {QStringLiteral("price_per_device_hour_usd"),
         r.pricePerDeviceHour ? QJsonValue(*r.pricePerDeviceHour) : QJsonValue(QJsonValue::Null)},
        {QStringLiteral("footprint_bytes_per_device"), orNull(r.footprintBytesPerDevice)},
        {QStringLiteral("usable_bytes_per_device"), orNull(r.usableBytesPerDevice)},
        {QStringLiteral("max_batch_fits"), orNull(r.maxBatchFits)},
        {QStringLiteral("comm_time_s"), orNull(r.commTime)},
        {QStringLiteral("best"), QJsonArray::fromStringList(r.best)},
        {QStringLiteral("best_for_device"), r.bestForDevice},
        {QStringLiteral("problem"),
         r.problem.isEmpty() ? QJsonValue(QJsonValue::Null) : QJsonValue(r.problem)},
    };
}

// The formats the rows were analysed with; math null when implied by the operands.
QJsonObject schemeJson(const PrecisionScheme &s)
{
    return QJsonObject{{QStringLiteral("weights"), s.weights},
                       {QStringLiteral("act"), s.act},
                       {QStringLiteral("kv"), s.kv},
                       {QStringLiteral("math"),
                        s.math.isEmpty() ? QJsonValue(QJsonValue::Null) : QJsonValue(s.math)}};
}

void writeText(const QList<CompareRow> &rows, QTextStream &out)
{
    // Shorter titles than the files': the table is read in a terminal.
    const QStringList headers{
        QStringLiteral("device"),   QStringLiteral("TP"),       QStringLiteral("PP"),
        QStringLiteral("devices"),  QStringLiteral("fits"),     QStringLiteral("step time"),
        QStringLiteral("TTFT"),     QStringLiteral("tokens/s"), QStringLiteral("per device"),
        QStringLiteral("$/1M tok"), QStringLiteral("bound")};
    QList<QStringList> table{headers};
    for (const CompareRow &r : rows) {
        QStringList cells = compareTextCells(r);
        for (qsizetype i = 0; i < cells.size(); ++i) {
            if (r.best.contains(compareColumns().at(i)))
                cells[i] += QLatin1Char('*');
        }
        if (r.bestForDevice)
            cells[1] += QLatin1Char('+');
        table.append(cells);
    }
    QList<qsizetype> widths(headers.size(), 0);
    for (const QStringList &line : std::as_const(table)) {
        for (qsizetype i = 0; i < line.size(); ++i)
            widths[i] = std::max(widths[i], line.at(i).size());
    }
    for (const QStringList &line : std::as_const(table)) {
        QStringList padded;
        for (qsizetype i = 0; i < line.size(); ++i)
            padded.append(i == 0 ? line.at(i).leftJustified(widths[i])
                                 : line.at(i).rightJustified(widths[i]));
        out << padded.join(QStringLiteral("  ")).trimmed() << '\n';
    }
    out << "* best of the column among the devices where the model fits\n";
    if (std::any_of(rows.cbegin(), rows.cend(),
                    [](const CompareRow &r) { return r.bestForDevice; }))
        out << "+ " << compareBestForDeviceNote() << '\n';
    for (const CompareRow &r : rows) {
        if (!r.problem.isEmpty())
            out << compareRowLabel(r) << ": " << r.problem << '\n';
    }
}

} // namespace

app::CommandSyntax compareSyntax()
{
    return {
        .name = QStringLiteral("compare"),
        .synopsis = {{QStringLiteral("--model ID --device A --device B"),
                      QStringLiteral("a model on devices, side by side")}},
        .declare =
            [](QCommandLineParser &parser) {
                parser.setApplicationDescription(QStringLiteral(
                    "Compares one model's deployment on several devices, one row each.\n"
                    "Example: rooflab compare --model llama-3.1-70b --device h100-sxm5 "
                    "--device h200-sxm --device b200 --tp auto --batch 64 --price 3\n"
                    "--tp also takes a list (--tp 1,2,4,8): one row per degree per device, "
                    "the device's best marked."));
                addScenarioOptions(parser);
                addModelAnalyzeOptions(parser);
                parser.addOption(
                    {QStringLiteral("json"), QStringLiteral("Print JSON, SI base units.")});
                parser.addOption(
                    {QStringLiteral("csv"), QStringLiteral("Print CSV, SI base units.")});
                parser.addOption({QStringLiteral("md"), QStringLiteral("Print a Markdown table.")});
            },
        .repeatable = scenarioRepeatableOptions(),
        .takesLessons = false};
}

int runCompare(const app::Invocation &invocation)
{
    const app::ParsedOptions &options = invocation.options;
    if (!options.positionalArguments().isEmpty())
        throw UsageError{QStringLiteral("compare: unexpected argument \"%1\"")
                             .arg(options.positionalArguments().at(0))};
    if (!options.isSet(QStringLiteral("model")))
        throw UsageError{QStringLiteral("--model: missing; `rooflab list models` shows ids")};
    if (options.isSet(QStringLiteral("measured")))
        throw UsageError{QStringLiteral("--measured: compare compares a model's deployments; "
                                        "draw measured kernels with `rooflab export`")};
    if (options.isSet(QStringLiteral("op")))
        throw UsageError{QStringLiteral("--op: compare takes --model, not operators")};
    if (!options.isSet(QStringLiteral("device")))
        throw UsageError{QStringLiteral("--device: missing; give one or more devices")};
    const int formats = int(options.isSet(QStringLiteral("json"))) +
                        int(options.isSet(QStringLiteral("csv"))) +
                        int(options.isSet(QStringLiteral("md")));
    if (formats > 1)
        throw UsageError{QStringLiteral("--json, --csv, --md: give at most one")};

    Catalog catalog = loadCatalog(invocation);
    Scenario scenario;
    applyScenarioOptions(options, catalog, scenario, DeploymentChecks::PerRow);
    const QList<CompareRow> rows =
        compareDegrees(catalog, scenario, scenario.devices, tpDegreesOption(options),
                       launchOverheadOption(options));

    QTextStream out(stdout);
    if (options.isSet(QStringLiteral("json"))) {
        QJsonArray array;
        for (const CompareRow &r : rows)
            array.append(rowToJson(r));
        const QJsonObject root{{QStringLiteral("model"), scenario.model},
                               {QStringLiteral("phase"), phaseName(scenario.phase)},
                               {QStringLiteral("batch"), scenario.batch},
                               {QStringLiteral("seq"), scenario.seq},
                               {QStringLiteral("prompt"), scenario.prompt},
                               {QStringLiteral("roof"), roofModeName(scenario.roof)},
                               {QStringLiteral("scheme"), schemeJson(scenario.scheme)},
                               {QStringLiteral("headroom"), scenario.deployment.headroom},
                               {QStringLiteral("launch_overhead_s"), launchOverheadOption(options)},
                               {QStringLiteral("rows"), array}};
        out << QJsonDocument(root).toJson(QJsonDocument::Indented);
    } else if (options.isSet(QStringLiteral("csv"))) {
        out << QString::fromUtf8(writeCompareCsv(rows));
    } else if (options.isSet(QStringLiteral("md"))) {
        out << QString::fromUtf8(writeCompareMarkdown(rows));
    } else {
        writeText(rows, out);
    }
    return ExitOk;
}

} // namespace rooflab::cli
