// `rooflab device derive ID ...`: a what-if copy of a device, written as a preset file.
#include "catalog.h"
#include "commandline.h"
#include "commands.h"
#include "devicederive.h"
#include "format.h"
#include "jsonreader.h"
#include "presetparser.h"
#include "safefile.h"
#include "scenariooptions.h"
#include "units.h"
#include "usageerror.h"

#include <QJsonDocument>
#include <QRegularExpression>
#include <QTextStream>

#include <cmath>

namespace rooflab::cli {

namespace {

// A unit a flag's value may carry, and what one of it is in base units.
struct ValueUnit
{
    const char *name;
    double scale;
};

// `text` as "2x" (a multiple of `base`) or a number with one of `units` ("6.7TB/s"), in base
// units; a usage error naming `flag` otherwise.
double scaledValue(const QString &flag, const QString &text, double base,
                   std::initializer_list<ValueUnit> units)
{
    static const QRegularExpression pattern(QStringLiteral(R"(^\s*([0-9.eE+-]+)\s*(\S*)\s*$)"));
    const QRegularExpressionMatch match = pattern.match(text);
    bool ok = false;
    const double number = match.hasMatch() ? match.captured(1).toDouble(&ok) : 0;
    const QString unit = match.captured(2);
    QStringList names;
    for (const ValueUnit &u : units)
        names.append(QLatin1String(u.name));
    const QString expected = QStringLiteral("give a multiple such as 2x or a value in %1")
                                 .arg(names.join(QStringLiteral(", ")));
    if (!ok || !std::isfinite(number) || number <= 0)
        throw UsageError{
            QStringLiteral("%1: \"%2\" is not a positive figure; %3").arg(flag, text, expected)};
    double value = 0;
    if (unit.compare(QLatin1String("x"), Qt::CaseInsensitive) == 0) {
        value = number * base;
    } else {
        for (const ValueUnit &u : units) {
            if (unit.compare(QLatin1String(u.name), Qt::CaseInsensitive) == 0)
                value = number * u.scale;
        }
        if (value == 0)
            throw UsageError{QStringLiteral("%1: \"%2\" has no unit RoofLab knows; %3")
                                 .arg(flag, text, expected)};
    }
    if (const QString problem = numberProblem(value, NumberRule::Positive, workLimits);
        !problem.isEmpty())
        throw UsageError{QStringLiteral("%1: \"%2\" %3").arg(flag, text, problem)};
    return value;
}

// --peak UNIT:MATH=VALUE, e.g. matrix:bf16=2x or vector:fp32=134TFLOP/s.
ComputeCeiling peakEdit(const QString &text, const Device &base)
{
    static const QRegularExpression pattern(QStringLiteral(R"(^([a-z]+):([a-z0-9-]+)=(.+)$)"));
    const QRegularExpressionMatch match = pattern.match(text);
    if (!match.hasMatch())
        throw UsageError{QStringLiteral("--peak: \"%1\" is not UNIT:MATH=VALUE, e.g. "
                                        "matrix:bf16=2x or vector:fp32=134TFLOP/s")
                             .arg(text)};
    ComputeCeiling peak;
    const std::optional<UnitKind> unit = unitKindFromName(match.captured(1));
    if (!unit)
        throw UsageError{
            QStringLiteral("--peak: unit \"%1\" must be matrix or vector").arg(match.captured(1))};
    peak.unit = *unit;
    peak.math = match.captured(2);
    if (!isMathFamily(peak.math))
        throw UsageError{QStringLiteral("--peak: unknown math \"%1\"; use one of %2")
                             .arg(peak.math, mathFamilies().join(QStringLiteral(", ")))};
    const ComputeCeiling *current = base.ceiling(peak.unit, peak.math);
    const QString value = match.captured(3);
    if (!current && value.endsWith(QLatin1Char('x'), Qt::CaseInsensitive))
        throw UsageError{QStringLiteral("--peak: %1 has no %2 %3 peak to multiply; give its "
                                        "value, e.g. %2:%3=100TFLOP/s")
                             .arg(base.id, match.captured(1), peak.math)};
    peak.peakFlops = scaledValue(
        QStringLiteral("--peak"), value, current ? current->peakFlops : 0,
        {{"PFLOP/s", 1e15}, {"TFLOP/s", 1e12}, {"GFLOP/s", 1e9}, {"TOPS", 1e12}, {"POPS", 1e15}});
    return peak;
}

int deriveCommand(const app::Invocation &invocation, const QString &baseId)
{
    const app::ParsedOptions &options = invocation.options;
    const QString output = options.value(QStringLiteral("output"));
    if (output.isEmpty())
        throw UsageError{QStringLiteral("-o: missing; give the preset file to write, e.g. -o "
                                        "h100-2xbw.json")};
    if (const QString problem = outputPathProblem(output); !problem.isEmpty())
        throw UsageError{QStringLiteral("-o: ") + problem};
    const Catalog catalog = loadCatalog(invocation);
    const Device *base = catalog.device(baseId);
    if (!base)
        throw UsageError{QStringLiteral("device derive: unknown device \"%1\"; `rooflab list "
                                        "devices` names them")
                             .arg(baseId)};
    DeviceEdits edits;
    if (options.isSet(QStringLiteral("bandwidth"))) {
        const MemoryLevel *main = base->memoryLevel(QStringLiteral("main"));
        edits.bandwidth =
            scaledValue(QStringLiteral("--bandwidth"), options.value(QStringLiteral("bandwidth")),
                        main->bandwidth, {{"TB/s", 1e12}, {"GB/s", 1e9}, {"B/s", 1}});
    }
    if (options.isSet(QStringLiteral("capacity")))
        edits.capacityBytes =
            scaledValue(QStringLiteral("--capacity"), options.value(QStringLiteral("capacity")),
                        base->capacityBytes, {{"TB", 1e12}, {"GB", 1e9}});
    for (const QString &peak : options.values(QStringLiteral("peak")))
        edits.peaks.append(peakEdit(peak, *base));
    if (!edits.bandwidth && !edits.capacityBytes && edits.peaks.isEmpty())
        throw UsageError{QStringLiteral("device derive: say what changes: --bandwidth, --peak "
                                        "or --capacity")};
    edits.id = options.value(QStringLiteral("id"));
    if (!edits.id.isEmpty() && !isValidId(edits.id))
        throw UsageError{
            QStringLiteral("--id: \"%1\" may hold only a-z, 0-9, '.', '_' and '-'").arg(edits.id)};
    edits.name = options.value(QStringLiteral("name")).trimmed();
    const Device derived = deriveDevice(*base, edits);
    if (catalog.device(derived.id))
        throw UsageError{QStringLiteral("--id: \"%1\" is a device already; give the copy another "
                                        "id")
                             .arg(derived.id)};
    QString error;
    const QByteArray json = QJsonDocument(devicePresetJson(derived)).toJson();
    if (!writeFileAtomically(output, json, &error)) {
        printError(error);
        return ExitFailure;
    }
    QTextStream(stdout) << "wrote " << output << ": " << derived.id << ", " << derived.name << '\n';
    return ExitOk;
}

} // namespace

app::CommandSyntax deviceSyntax()
{
    return {.name = QStringLiteral("device"),
            .synopsis = {{QStringLiteral("derive ID [--bandwidth B] [--peak U:M=F] -o FILE"),
                          QStringLiteral("a what-if copy of a device, as a preset")}},
            .declare =
                [](QCommandLineParser &parser) {
                    parser.setApplicationDescription(QStringLiteral(
                        "Writes a what-if copy of device ID as a device preset: what if this GPU "
                        "had\ntwice the bandwidth? Each figure is a multiple of the device's "
                        "(2x) or a value\nwith its unit. Put the file in a preset folder "
                        "(--presets DIR) to use it.\n"
                        "  rooflab device derive h100-sxm5 --bandwidth 2x -o h100-2xbw.json\n"
                        "  rooflab device derive mi300x --peak matrix:fp8=3000TFLOP/s "
                        "--capacity 256GB \\\n      --id mi300x-next -o mi300x-next.json"));
                    parser.addPositionalArgument(QStringLiteral("action"),
                                                 QStringLiteral("derive"));
                    parser.addPositionalArgument(QStringLiteral("id"),
                                                 QStringLiteral("The device to start from."),
                                                 QStringLiteral("ID"));
                    parser.addOption({{QStringLiteral("o"), QStringLiteral("output")},
                                      QStringLiteral("The preset file to write (required)."),
                                      QStringLiteral("FILE")});
                    parser.addOption({QStringLiteral("bandwidth"),
                                      QStringLiteral("Main memory bandwidth: 2x, 6.7TB/s, "
                                                     "6700GB/s."),
                                      QStringLiteral("B")});
                    parser.addOption({QStringLiteral("peak"),
                                      QStringLiteral("A compute peak, UNIT:MATH=VALUE, e.g. "
                                                     "matrix:bf16=2x or vector:fp32=134TFLOP/s "
                                                     "(repeatable)."),
                                      QStringLiteral("U:M=F")});
                    parser.addOption({QStringLiteral("capacity"),
                                      QStringLiteral("Memory capacity: 2x, 160GB."),
                                      QStringLiteral("C")});
                    parser.addOption({QStringLiteral("id"),
                                      QStringLiteral("The copy's id (default: ID-whatif)."),
                                      QStringLiteral("NEW")});
                    parser.addOption({QStringLiteral("name"),
                                      QStringLiteral("The copy's name (default: the device's, "
                                                     "with what changed)."),
                                      QStringLiteral("N")});
                },
            .repeatable = {QStringLiteral("peak")},
            .takesLessons = false};
}

int runDevice(const app::Invocation &invocation)
{
    const QStringList positional = invocation.options.positionalArguments();
    const QString action = positional.value(0);
    if (action != QLatin1String("derive"))
        throw UsageError{action.isEmpty() ? QStringLiteral("device: say derive")
                                          : QStringLiteral("device: unknown action \"%1\"; say "
                                                           "derive")
                                                .arg(action)};
    if (positional.size() != 2)
        throw UsageError{QStringLiteral("device derive: name one device id")};
    return deriveCommand(invocation, positional.at(1));
}

} // namespace rooflab::cli
