#include "analysisjson.h"
#include "catalog.h"
#include "commands.h"
#include "modelanalysisjson.h"
#include "presetparser.h"
#include "scenariooptions.h"
#include "units.h"
#include "usageerror.h"

#include <QJsonArray>
#include <QJsonDocument>
#include <QTextStream>

#include <algorithm>

namespace rooflab::cli {

namespace {

// A column as wide as its longest entry and two spaces, at least `least`: an id longer
// than the usual column ("jetson-agx-orin-64gb") must not run into the name after it.
template <typename List, typename Get> int columnWidth(const List &items, Get get, int least)
{
    qsizetype widest = least - 2;
    for (const auto &item : items)
        widest = std::max(widest, get(item).size());
    return static_cast<int>(widest + 2);
}

void printDevices(const Catalog &catalog, QTextStream &out)
{
    const int idWidth = columnWidth(
        catalog.devices(), [](const Device &d) { return d.id; }, 16);
    for (const Device &d : catalog.devices()) {
        const MemoryLevel *main = d.memoryLevel(QStringLiteral("main"));
        out << qSetFieldWidth(idWidth) << Qt::left << d.id << qSetFieldWidth(0) << d.name << " ("
            << formatSi(d.capacityBytes, QStringLiteral("B")) << ", "
            << formatSi(main->bandwidth, QStringLiteral("B/s")) << ")\n";
        for (const ComputeCeiling &c : d.compute) {
            out << "    " << unitKindName(c.unit) << ' ' << c.math << ": "
                << formatSi(c.peakFlops, QStringLiteral("FLOP/s")) << "  ridge "
                << formatNumber(c.peakFlops / main->bandwidth) << " FLOP/B\n";
        }
    }
}

void printFormats(const Catalog &catalog, QTextStream &out)
{
    const int idWidth = columnWidth(
        catalog.formats(), [](const Format &f) { return f.id; }, 12);
    for (const Format &f : catalog.formats()) {
        out << qSetFieldWidth(idWidth) << Qt::left << f.id << qSetFieldWidth(0)
            << formatNumber(f.bytesPerElement()) << " B/element, math " << f.math;
        if (f.blockSize > 0)
            out << ", " << formatNumber(f.scaleBits) << "-bit scale per " << f.blockSize;
        out << '\n';
    }
}

void printOperators(const Catalog &catalog, QTextStream &out)
{
    const int idWidth = columnWidth(
        catalog.operators(), [](const OperatorSpec &op) { return op.id; }, 28);
    const int kindWidth = columnWidth(
        catalog.operators(), [](const OperatorSpec &op) { return operatorKindName(op.kind); }, 18);
    for (const OperatorSpec &op : catalog.operators()) {
        out << qSetFieldWidth(idWidth) << Qt::left << op.id << qSetFieldWidth(kindWidth)
            << operatorKindName(op.kind) << qSetFieldWidth(0) << op.name << '\n';
    }
}

void printModels(const Catalog &catalog, QTextStream &out)
{
    const int idWidth = columnWidth(
        catalog.models(), [](const ModelSpec &m) { return m.id; }, 16);
    for (const ModelSpec &m : catalog.models()) {
        out << qSetFieldWidth(idWidth) << Qt::left << m.id << qSetFieldWidth(0) << m.name << " ("
            << formatNumber(m.parameterCount() / 1e9) << " billion parameters";
        if (m.isMoe())
            out << ", " << formatNumber(m.activeParameterCount() / 1e9) << " billion per token";
        out << ")\n    " << formatNumber(m.layers) << " layers, hidden " << formatNumber(m.hidden);
        if (m.isMla())
            out << ", " << formatNumber(m.heads) << " heads with latent attention (cache "
                << formatNumber(m.kvElementsPerLayerToken()) << " per token and layer)";
        else
            out << ", heads " << formatNumber(m.heads) << '/' << formatNumber(m.kvHeads) << " KV x "
                << formatNumber(m.headDim);
        out << ", FFN " << formatNumber(m.ffn) << ", vocab " << formatNumber(m.vocab);
        if (m.isMoe())
            out << ", " << formatNumber(m.experts) << " experts, top-"
                << formatNumber(m.expertsPerToken);
        if (m.sharedExperts > 0)
            out << " + " << formatNumber(m.sharedExperts) << " shared";
        if (m.denseLayers > 0)
            out << " (first " << formatNumber(m.denseLayers) << " layers dense, FFN "
                << formatNumber(m.denseFfn) << ')';
        out << '\n';
    }
}

QJsonArray toJson(const Catalog &catalog, const QString &what)
{
    QJsonArray array;
    if (what == QLatin1String("models")) {
        for (const ModelSpec &m : catalog.models())
            array.append(modelToJson(m));
    } else if (what == QLatin1String("devices")) {
        for (const Device &d : catalog.devices())
            array.append(deviceToJson(d));
    } else if (what == QLatin1String("formats")) {
        for (const Format &f : catalog.formats())
            array.append(formatToJson(f));
    } else {
        for (const OperatorSpec &op : catalog.operators())
            array.append(writeOperator(op));
    }
    return array;
}

} // namespace

app::CommandSyntax listSyntax()
{
    return {.name = QStringLiteral("list"),
            .synopsis = {{QStringLiteral("devices|formats|operators|models [--json]"),
                          QStringLiteral("what RoofLab knows")}},
            .declare =
                [](QCommandLineParser &parser) {
                    parser.setApplicationDescription(QStringLiteral(
                        "Lists the devices, formats, operators or models RoofLab knows."));
                    parser.addPositionalArgument(
                        QStringLiteral("what"),
                        QStringLiteral("devices, formats, operators or models."));
                    parser.addOption({QStringLiteral("json"), QStringLiteral("Print JSON.")});
                },
            .repeatable = {},
            .takesLessons = false};
}

int runList(const app::Invocation &invocation)
{
    const app::ParsedOptions &options = invocation.options;
    const QStringList positional = options.positionalArguments();
    const QStringList kinds = {QStringLiteral("devices"), QStringLiteral("formats"),
                               QStringLiteral("operators"), QStringLiteral("models")};
    if (positional.isEmpty())
        throw UsageError{
            QStringLiteral("list: say what to list: devices, formats, operators or models")};
    if (positional.size() > 1 || !kinds.contains(positional.at(0)))
        throw UsageError{QStringLiteral("list: cannot list \"%1\"; say devices, formats, "
                                        "operators or models")
                             .arg(positional.join(QLatin1Char(' ')))};
    const QString what = positional.at(0);
    const Catalog catalog = loadCatalog(invocation);

    QTextStream out(stdout);
    if (options.isSet(QStringLiteral("json"))) {
        out << QJsonDocument(toJson(catalog, what)).toJson(QJsonDocument::Indented);
    } else if (what == QLatin1String("devices")) {
        printDevices(catalog, out);
    } else if (what == QLatin1String("formats")) {
        printFormats(catalog, out);
    } else if (what == QLatin1String("models")) {
        printModels(catalog, out);
    } else {
        printOperators(catalog, out);
    }
    return ExitOk;
}

} // namespace rooflab::cli
