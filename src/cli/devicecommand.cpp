// `rooflab device derive ID ...`: a what-if copy of a device, written as a preset file.
#include "catalog.h"
#include "commandline.h"
#include "commands.h"
#include "devicederive.h"
#include "deviceedits.h"
#include "format.h"
#include "jsonreader.h"
#include "presetparser.h"
#include "safefile.h"
#include "scenariooptions.h"
#include "units.h"
#include "usageerror.h"

#include <QJsonDocument>
#include <QTextStream>

namespace rooflab::cli {

namespace {

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
        edits.bandwidth = bandwidthEdit(QStringLiteral("--bandwidth"),
                                        options.value(QStringLiteral("bandwidth")), *base);
    }
    if (options.isSet(QStringLiteral("capacity")))
        edits.capacityBytes = capacityEdit(QStringLiteral("--capacity"),
                                           options.value(QStringLiteral("capacity")), *base);
    for (const QString &peak : options.values(QStringLiteral("peak")))
        edits.peaks.append(peakEdit(QStringLiteral("--peak"), peak, *base));
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
