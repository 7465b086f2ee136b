// `rooflab import FILE`: measured kernels read from a profiler's file, with their figures
// against a device (docs/measured-data.md).
#include "catalog.h"
#include "commandline.h"
#include "commands.h"
#include "measuredimport.h"
#include "measuredjson.h"
#include "safefile.h"
#include "scenariooptions.h"
#include "textsafety.h"
#include "units.h"
#include "usageerror.h"

#include <QCoreApplication>
#include <QJsonArray>
#include <QJsonDocument>
#include <QTextStream>

#include <algorithm>

namespace rooflab::cli {

namespace {

QString tr(const char *text)
{
    return QCoreApplication::translate("rooflab::cli::ImportCommand", text);
}

// Problems printed before the rest are only counted.
constexpr qsizetype maxPrintedProblems = 20;

const MeasuredImporter *chosenImporter(const app::ParsedOptions &options)
{
    if (!options.isSet(QStringLiteral("format")))
        return nullptr;
    const QString id = options.value(QStringLiteral("format"));
    if (const MeasuredImporter *importer = measuredImporter(id))
        return importer;
    QStringList ids;
    for (const MeasuredImporter &importer : measuredImporters())
        ids.append(importer.id);
    throw UsageError{tr("--format: unknown format \"%1\"; give %2").arg(id, ids.join(u'|'))};
}

// The device a kernel is drawn against: --device, else its own device column when known.
const Device *deviceFor(const MeasuredKernel &kernel, const Device *given, const Catalog *catalog,
                        QStringList &warnings)
{
    if (given || kernel.device.isEmpty() || !catalog)
        return given;
    if (const Device *own = catalog->device(kernel.device))
        return own;
    warnings.append(tr("device \"%1\" is not known: no roof").arg(terminalLine(kernel.device)));
    return nullptr;
}

QString optionalSi(const std::optional<double> &value, const QString &unit)
{
    return value ? formatSi(*value, unit) : QStringLiteral("-");
}

void printKernel(const MeasuredKernel &k, const KernelFigures &f, QTextStream &out)
{
    out << terminalLine(k.name) << '\n'
        << "  launches     " << k.launches << '\n'
        << "  work         " << formatSi(k.flops, QStringLiteral("FLOP"));
    if (const QString math = k.dominantMath(); !math.isEmpty())
        out << " (mostly " << math << ')';
    out << " in " << formatDuration(k.timeS) << '\n'
        << "  achieved     " << formatSi(f.achievedFlops, QStringLiteral("FLOP/s")) << '\n';
    for (const LevelFigures &l : f.levels) {
        out << "  " << qSetFieldWidth(13) << Qt::left << l.level.toUpper() << qSetFieldWidth(0)
            << formatSi(l.bytes, QStringLiteral("B")) << ", "
            << (l.intensity ? formatNumber(*l.intensity) : QStringLiteral("-")) << " FLOP/B";
        if (l.roofFlops)
            out << ", roof " << formatSi(*l.roofFlops, QStringLiteral("FLOP/s"));
        out << '\n';
    }
    if (f.roofFlops) {
        out << "  roof         " << optionalSi(f.roofFlops, QStringLiteral("FLOP/s")) << " ("
            << f.peakName << " peak " << optionalSi(f.peakFlops, QStringLiteral("FLOP/s")) << ")";
        if (f.pctOfRoof)
            out << ", " << formatNumber(*f.pctOfRoof, 3) << "% of it";
        if (f.bound)
            out << ", " << boundName(*f.bound) << "-bound";
        if (!f.boundLevel.isEmpty())
            out << " at " << f.boundLevel.toUpper();
        out << '\n';
    }
    for (const QString &warning : f.warnings)
        out << "  warning      " << warning << '\n';
}

void printDevice(const MeasuredDevice &d, QTextStream &out)
{
    // A column as wide as the longest name and two spaces, so no name runs into its figure.
    qsizetype width = 11;
    for (const auto &[name, value] : d.bandwidths + d.peaks)
        width = std::max(width, terminalLine(name).size());
    const int column = static_cast<int>(width + 2);
    out << terminalLine(d.name) << " (measured)\n";
    for (const auto &[level, bandwidth] : d.bandwidths)
        out << "  " << qSetFieldWidth(column) << Qt::left << terminalLine(level)
            << qSetFieldWidth(0) << formatSi(bandwidth, QStringLiteral("B/s")) << '\n';
    for (const auto &[name, peak] : d.peaks)
        out << "  " << qSetFieldWidth(column) << Qt::left << terminalLine(name) << qSetFieldWidth(0)
            << formatSi(peak, QStringLiteral("FLOP/s")) << '\n';
}

} // namespace

app::CommandSyntax importSyntax()
{
    return {.name = QStringLiteral("import"),
            .synopsis = {{QStringLiteral("FILE [--format F] [--device ID] [--json]"),
                          QStringLiteral("measured kernels and their roofs")}},
            .declare =
                [](QCommandLineParser &parser) {
                    parser.setApplicationDescription(QStringLiteral(
                        "Reads measured kernels (or measured ceilings) from a profiler's file "
                        "and prints each kernel's achieved FLOP/s, intensity per memory level "
                        "and, with a device, the roof above it (docs/measured-data.md).\n"
                        "Example: rooflab import report.csv --device h100-sxm5"));
                    parser.addPositionalArgument(QStringLiteral("file"),
                                                 QStringLiteral("The file to read."));
                    parser.addOption(
                        {QStringLiteral("format"),
                         QStringLiteral("ncu, rocprof, ert, advisor (its roofs report) or csv; "
                                        "guessed from the content when left out."),
                         QStringLiteral("F")});
                    parser.addOption({QStringLiteral("device"),
                                      QStringLiteral("The device whose roofs the kernels are "
                                                     "placed under (`rooflab list devices`)."),
                                      QStringLiteral("ID")});
                    parser.addOption({QStringLiteral("packed-half"),
                                      QStringLiteral("Nsight Compute: count FP16 instructions "
                                                     "as packed pairs (2·hadd + 2·hmul + "
                                                     "4·hfma).")});
                    parser.addOption({QStringLiteral("cache-line"),
                                      QStringLiteral("rocprof-compute: bytes per L1/L2 request "
                                                     "(64, the default; 128 on MI300)."),
                                      QStringLiteral("BYTES")});
                    parser.addOption(
                        {QStringLiteral("json"), QStringLiteral("Print JSON, SI base units.")});
                },
            .repeatable = {},
            .takesLessons = false};
}

int runImport(const app::Invocation &invocation)
{
    const app::ParsedOptions &options = invocation.options;
    const QStringList positional = options.positionalArguments();
    if (positional.isEmpty())
        throw UsageError{tr("import: give the file to read")};
    if (positional.size() > 1)
        throw UsageError{tr("import: unexpected argument \"%1\"").arg(positional.at(1))};
    const QString path = positional.at(0);
    const MeasuredImporter *importer = chosenImporter(options);

    QString error;
    const std::optional<QByteArray> bytes = readFileCapped(path, maxMeasuredFileBytes, &error);
    if (!bytes) {
        printError(error);
        return ExitUsage;
    }
    if (!importer && !(importer = guessMeasuredImporter(*bytes))) {
        printError(
            tr("%1: not a file format RoofLab reads measured data from; give --format").arg(path));
        return ExitUsage;
    }

    std::optional<Catalog> catalog;
    const Device *device = nullptr;
    ImportOptions importOptions;
    importOptions.ncu.packedHalf = options.isSet(QStringLiteral("packed-half"));
    if (options.isSet(QStringLiteral("cache-line")))
        importOptions.rocprof.cacheLineBytes =
            positiveOption(options, QStringLiteral("cache-line"));
    const MeasuredImport imported = importer->read(path, *bytes, importOptions);
    bool kernelsNameDevices = false;
    for (const MeasuredKernel &k : imported.kernels)
        kernelsNameDevices = kernelsNameDevices || !k.device.isEmpty();
    if (options.isSet(QStringLiteral("device")) || kernelsNameDevices)
        catalog = loadCatalog(invocation);
    if (options.isSet(QStringLiteral("device"))) {
        const QString id = options.value(QStringLiteral("device"));
        if (!(device = catalog->device(id)))
            throw UsageError{
                tr("--device: unknown device \"%1\"; `rooflab list devices` shows ids").arg(id)};
    }

    for (qsizetype i = 0; i < std::min(imported.problems.size(), maxPrintedProblems); ++i)
        printError(terminalLine(imported.problems.at(i).text()));
    if (imported.problems.size() > maxPrintedProblems)
        printError(tr("%1: and %2 more problems")
                       .arg(path)
                       .arg(imported.problems.size() - maxPrintedProblems));

    QTextStream out(stdout);
    const bool json = options.isSet(QStringLiteral("json"));
    if (imported.device) {
        if (json)
            out << QJsonDocument(measuredDeviceToJson(*imported.device))
                       .toJson(QJsonDocument::Indented);
        else
            printDevice(*imported.device, out);
    } else {
        QJsonArray kernels;
        for (const QString &note : imported.notes) {
            if (!json)
                out << note << "\n\n";
        }
        for (const MeasuredKernel &k : imported.kernels) {
            QStringList warnings;
            const Device *own = deviceFor(k, device, catalog ? &*catalog : nullptr, warnings);
            KernelFigures f = kernelFigures(k, own);
            f.warnings = warnings + f.warnings;
            if (json) {
                kernels.append(measuredKernelToJson(k, f));
            } else {
                printKernel(k, f, out);
                out << '\n';
            }
        }
        if (json)
            out << QJsonDocument(kernels).toJson(QJsonDocument::Indented);
    }
    return imported.problems.isEmpty() ? ExitOk : ExitUsage;
}

} // namespace rooflab::cli
