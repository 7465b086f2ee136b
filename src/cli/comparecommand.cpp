// `rooflab compare`: one model's deployment on several devices, side by side.
#include "commands.h"
#include "devicecompare.h"
#include "parsing.h"
#include "scenariooptions.h"
#include "units.h"
#include "usageerror.h"

#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QTextStream>

namespace rooflab::cli {

namespace {

// A figure as CSV carries it: full precision, empty when there is none.
QString csvNumber(double value)
{
    return QString::number(value, 'g', 12);
}

QString csvField(const QString &text)
{
    if (!text.contains(QLatin1Char(',')) && !text.contains(QLatin1Char('"')))
        return text;
    QString quoted = text;
    quoted.replace(QLatin1Char('"'), QStringLiteral("\"\""));
    return QLatin1Char('"') + quoted + QLatin1Char('"');
}

// The cells of a row for people: durations and rates rounded, "—" for what does not apply.
QStringList textCells(const CompareRow &r)
{
    const QString none = QStringLiteral("—");
    const bool shown = r.problem.isEmpty();
    return {r.deviceName,
            shown ? QString::number(r.tp) : none,
            shown ? QString::number(r.pp) : none,
            shown ? QString::number(r.devices) : none,
            shown ? (r.fits ? QStringLiteral("yes") : QStringLiteral("no")) : QStringLiteral("no"),
            shown ? formatDuration(r.stepTime) : none,
            shown ? formatDuration(r.ttft) : none,
            shown ? formatNumber(r.tokensPerSecond) : none,
            shown ? formatNumber(r.tokensPerSecondPerDevice) : none,
            r.costPerMillionTokens ? QStringLiteral("$") + formatNumber(*r.costPerMillionTokens)
                                   : none,
            shown ? r.bound : none};
}

QJsonObject rowToJson(const CompareRow &r)
{
    const auto orNull = [&r](const QJsonValue &v) {
        return r.problem.isEmpty() ? v : QJsonValue(QJsonValue::Null);
    };
    return QJsonObject{
        {QStringLiteral("device"), r.deviceId},
        {QStringLiteral("device_name"), r.deviceName},
        {QStringLiteral("tp"), orNull(r.tp)},
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
        {QStringLiteral("best"), QJsonArray::fromStringList(r.best)},
        {QStringLiteral("problem"),
         r.problem.isEmpty() ? QJsonValue(QJsonValue::Null) : QJsonValue(r.problem)},
    };
}

void writeCsv(const QList<CompareRow> &rows, QTextStream &out)
{
    out << compareColumns().join(QLatin1Char(',')) << ",best,problem\n";
    for (const CompareRow &r : rows) {
        const bool shown = r.problem.isEmpty();
        const QStringList cells{csvField(r.deviceId),
                                shown ? QString::number(r.tp) : QString(),
                                shown ? QString::number(r.pp) : QString(),
                                shown ? QString::number(r.devices) : QString(),
                                r.fits ? QStringLiteral("true") : QStringLiteral("false"),
                                shown ? csvNumber(r.stepTime) : QString(),
                                shown ? csvNumber(r.ttft) : QString(),
                                shown ? csvNumber(r.tokensPerSecond) : QString(),
                                shown ? csvNumber(r.tokensPerSecondPerDevice) : QString(),
                                r.costPerMillionTokens ? csvNumber(*r.costPerMillionTokens)
                                                       : QString(),
                                shown ? r.bound : QString(),
                                r.best.join(QLatin1Char(';')),
                                csvField(r.problem)};
        out << cells.join(QLatin1Char(',')) << '\n';
    }
}

// Markdown: the best figure of each column in bold; problems as notes below the table.
void writeMarkdown(const QList<CompareRow> &rows, QTextStream &out)
{
    const QStringList headers{QStringLiteral("device"),
                              QStringLiteral("TP"),
                              QStringLiteral("PP"),
                              QStringLiteral("devices"),
                              QStringLiteral("fits"),
                              QStringLiteral("step time"),
                              QStringLiteral("TTFT"),
                              QStringLiteral("tokens/s"),
                              QStringLiteral("tokens/s per device"),
                              QStringLiteral("$ per 1M tokens"),
                              QStringLiteral("bound")};
    out << "| " << headers.join(QStringLiteral(" | ")) << " |\n|";
    for (qsizetype i = 0; i < headers.size(); ++i)
        out << (i == 0 || i == headers.size() - 1 ? "---|" : "---:|");
    out << '\n';
    QStringList notes;
    for (const CompareRow &r : rows) {
        QStringList cells = textCells(r);
        for (qsizetype i = 0; i < cells.size(); ++i) {
            if (r.best.contains(compareColumns().at(i)))
                cells[i] = QStringLiteral("**") + cells[i] + QStringLiteral("**");
        }
        cells[0].replace(QLatin1Char('|'), QStringLiteral("\\|"));
        out << "| " << cells.join(QStringLiteral(" | ")) << " |\n";
        if (!r.problem.isEmpty())
            notes.append(QStringLiteral("- %1: %2").arg(r.deviceName, r.problem));
    }
    if (!notes.isEmpty())
        out << '\n' << notes.join(QLatin1Char('\n')) << '\n';
}

void writeText(const QList<CompareRow> &rows, QTextStream &out)
{
    const QStringList headers{
        QStringLiteral("device"),   QStringLiteral("TP"),       QStringLiteral("PP"),
        QStringLiteral("devices"),  QStringLiteral("fits"),     QStringLiteral("step time"),
        QStringLiteral("TTFT"),     QStringLiteral("tokens/s"), QStringLiteral("per device"),
        QStringLiteral("$/1M tok"), QStringLiteral("bound")};
    QList<QStringList> table{headers};
    for (const CompareRow &r : rows) {
        QStringList cells = textCells(r);
        for (qsizetype i = 0; i < cells.size(); ++i) {
            if (r.best.contains(compareColumns().at(i)))
                cells[i] += QLatin1Char('*');
        }
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
    for (const CompareRow &r : rows) {
        if (!r.problem.isEmpty())
            out << r.deviceName << ": " << r.problem << '\n';
    }
}

} // namespace

int runCompare(const QStringList &arguments)
{
    QCommandLineParser parser;
    parser.setApplicationDescription(
        QStringLiteral("Compares one model's deployment on several devices, one row each.\n"
                       "Example: rooflab compare --model llama-3.1-70b --device h100-sxm5 "
                       "--device h200-sxm --device b200 --tp auto --batch 64 --price 3"));
    addScenarioOptions(parser);
    addPresetOption(parser);
    parser.addOption({QStringLiteral("json"), QStringLiteral("Print JSON, SI base units.")});
    parser.addOption({QStringLiteral("csv"), QStringLiteral("Print CSV, SI base units.")});
    parser.addOption({QStringLiteral("md"), QStringLiteral("Print a Markdown table.")});
    if (!parseArguments(parser, arguments))
        return ExitOk;
    if (parser.positionalArguments().size() > 1)
        throw UsageError{QStringLiteral("compare: unexpected argument \"%1\"")
                             .arg(parser.positionalArguments().at(1))};
    if (!parser.isSet(QStringLiteral("model")))
        throw UsageError{QStringLiteral("--model: missing; `rooflab list models` shows ids")};
    if (parser.isSet(QStringLiteral("op")))
        throw UsageError{QStringLiteral("--op: compare takes --model, not operators")};
    if (!parser.isSet(QStringLiteral("device")))
        throw UsageError{QStringLiteral("--device: missing; give one or more devices")};
    const int formats = int(parser.isSet(QStringLiteral("json"))) +
                        int(parser.isSet(QStringLiteral("csv"))) +
                        int(parser.isSet(QStringLiteral("md")));
    if (formats > 1)
        throw UsageError{QStringLiteral("--json, --csv, --md: give at most one")};

    const Catalog catalog = loadCatalog(parser);
    Scenario scenario;
    applyScenarioOptions(parser, catalog, scenario);
    const QList<CompareRow> rows = compareDevices(catalog, scenario, scenario.devices);

    QTextStream out(stdout);
    if (parser.isSet(QStringLiteral("json"))) {
        QJsonArray array;
        for (const CompareRow &r : rows)
            array.append(rowToJson(r));
        const QJsonObject root{{QStringLiteral("model"), scenario.model},
                               {QStringLiteral("phase"), phaseName(scenario.phase)},
                               {QStringLiteral("batch"), scenario.batch},
                               {QStringLiteral("seq"), scenario.seq},
                               {QStringLiteral("prompt"), scenario.prompt},
                               {QStringLiteral("rows"), array}};
        out << QJsonDocument(root).toJson(QJsonDocument::Indented);
    } else if (parser.isSet(QStringLiteral("csv"))) {
        writeCsv(rows, out);
    } else if (parser.isSet(QStringLiteral("md"))) {
        writeMarkdown(rows, out);
    } else {
        writeText(rows, out);
    }
    return ExitOk;
}

} // namespace rooflab::cli
