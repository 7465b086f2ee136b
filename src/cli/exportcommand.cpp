// `rooflab export`: a chart (PNG, SVG, PDF) or a table (CSV, Markdown) with no display.
#include "chartexport.h"
#include "commandline.h"
#include "commands.h"
#include "parsing.h"
#include "safefile.h"
#include "scenarioanalysis.h"
#include "scenariofile.h"
#include "scenariooptions.h"
#include "tableexport.h"
#include "usageerror.h"
#include "version.h"

#include <QApplication>
#include <QFileInfo>

#include <cmath>

namespace rooflab::cli {

namespace {

// The image sides and scales accepted (those exportChart draws), and the largest PNG in
// pixels (about 1 GB of memory while it is drawn).
constexpr double minSide = 16;
constexpr double maxSide = 20000;
constexpr double minScale = 0.1;
constexpr double maxScale = 8;
constexpr double maxPixels = 256e6;

const QStringList &imageFormats()
{
    static const QStringList names = {QStringLiteral("png"), QStringLiteral("svg"),
                                      QStringLiteral("pdf")};
    return names;
}

void addExportOptions(QCommandLineParser &parser)
{
    parser.setApplicationDescription(
        QStringLiteral(
            "Writes the roofline chart or its figures to a file, without a display.\n"
            "The scenario is SCENARIO (a *.rooflab.json file, or a PNG/SVG/PDF exported by\n"
            "RoofLab), or the default one; the scenario options below change it.\n"
            "Examples:\n"
            "  rooflab export -o roofline.svg\n"
            "  rooflab export my.rooflab.json -o fig.png --width 1200 --height 800 --scale 2\n"
            "  rooflab export fig.svg -o fig-print.pdf --theme print --caption --no-legend\n"
            "  rooflab export -o table.md --device h100-sxm5 --op decode-gemm --d 8192 --f 28672\n"
            "The output must be a new file or a regular file; it is replaced only once written\n"
            "in full.\n") +
        numberRangesHelp());
    parser.addPositionalArgument(QStringLiteral("scenario"),
                                 QStringLiteral("Scenario to export (default: the default one)."),
                                 QStringLiteral("[SCENARIO]"));
    parser.addOption({{QStringLiteral("o"), QStringLiteral("output")},
                      QStringLiteral("The file to write (required)."),
                      QStringLiteral("FILE")});
    parser.addOption({QStringLiteral("format"),
                      QStringLiteral("png, svg, pdf, csv or md (default: from FILE's extension)."),
                      QStringLiteral("FORMAT")});
    parser.addOption({QStringLiteral("width"),
                      QStringLiteral("Figure width in pixels, 16 to 20000 (default: the "
                                     "scenario's, 1600)."),
                      QStringLiteral("W")});
    parser.addOption({QStringLiteral("height"),
                      QStringLiteral("Figure height in pixels, 16 to 20000 (default: the "
                                     "scenario's, 1000)."),
                      QStringLiteral("H")});
    parser.addOption({QStringLiteral("scale"),
                      QStringLiteral("PNG pixels per figure pixel, 0.1 to 8, e.g. 2 for "
                                     "high-DPI screens (default 1); a PNG has at most 256e6 "
                                     "pixels."),
                      QStringLiteral("S")});
    parser.addOption({QStringLiteral("theme"),
                      QStringLiteral("light, dark, print or colorblind (default: the "
                                     "scenario's, light)."),
                      QStringLiteral("T")});
    parser.addOption(
        {QStringLiteral("no-legend"), QStringLiteral("Leave the legend out of the chart.")});
    parser.addOption({QStringLiteral("caption"),
                      QStringLiteral("Add a table of the selected operator's figures on every "
                                     "device (every point when none is selected) below the "
                                     "chart; the file keeps its size, the plot gets shorter.")});
    addScenarioOptions(parser, false);
    addPresetOption(parser);
}

// The format from --format, else from the output file's extension.
QString outputFormat(const QCommandLineParser &parser, const QString &output)
{
    const bool given = parser.isSet(QStringLiteral("format"));
    const QString format = given ? parser.value(QStringLiteral("format")).toLower()
                                 : QFileInfo(output).suffix().toLower();
    if (imageFormats().contains(format) || tableFormatFromName(format))
        return format == QLatin1String("markdown") ? QStringLiteral("md") : format;
    if (given)
        throw UsageError{QStringLiteral("--format: unknown format \"%1\"; use png, svg, pdf, "
                                        "csv or md")
                             .arg(parser.value(QStringLiteral("format")))};
    throw UsageError{QStringLiteral("-o: cannot tell the format of \"%1\" from its extension; "
                                    "add --format png, svg, pdf, csv or md")
                         .arg(output)};
}

// A whole number of pixels from option `name`, or `fallback` when it is not given.
int sideOption(const QCommandLineParser &parser, const QString &name, int fallback)
{
    if (!parser.isSet(name))
        return fallback;
    const double value = positiveOption(parser, name);
    if (value != std::floor(value) || value < minSide || value > maxSide)
        throw UsageError{QStringLiteral("--%1: must be a whole number of pixels from %2 to %3, "
                                        "got %4")
                             .arg(name)
                             .arg(minSide)
                             .arg(maxSide)
                             .arg(parser.value(name))};
    return static_cast<int>(value);
}

// The scenario of the SCENARIO argument, or the default one.
ScenarioDocument inputScenario(const QString &path, const Catalog &catalog)
{
    if (path.isEmpty())
        return {defaultScenario(catalog), ViewState()};
    QStringList errors;
    std::optional<ScenarioDocument> doc;
    if (imageFormats().contains(QFileInfo(path).suffix().toLower())) {
        QString error;
        const QByteArray bytes = readEmbeddedMetadata(path, &error);
        if (bytes.isEmpty())
            throw UsageError{error};
        doc = readScenarioFile(bytes, path, catalog, &errors);
    } else {
        doc = loadScenarioFile(path, catalog, &errors);
    }
    if (!doc)
        throw UsageError{errors.join(QStringLiteral("; "))};
    return *doc;
}

// Applies the figure options to the view, so the embedded scenario reopens as exported.
void applyViewOptions(const QCommandLineParser &parser, ViewState &view)
{
    if (parser.isSet(QStringLiteral("theme"))) {
        const auto theme = themeFromName(parser.value(QStringLiteral("theme")));
        if (!theme)
            throw UsageError{QStringLiteral("--theme: must be light, dark, print or colorblind, "
                                            "got \"%1\"")
                                 .arg(parser.value(QStringLiteral("theme")))};
        view.theme = themeName(*theme);
    }
    if (parser.isSet(QStringLiteral("no-legend")))
        view.showLegend = false;
    if (parser.isSet(QStringLiteral("caption")))
        view.caption = true;
    view.width = sideOption(parser, QStringLiteral("width"), view.width);
    view.height = sideOption(parser, QStringLiteral("height"), view.height);
}

// Drops a selection that the scenario options removed from the scenario.
// A selection that names no point of the analysis (an operator or class no longer shown).
void dropStaleSelection(const Analysis &analysis, ViewState &view)
{
    if (!analysis.point(view.selectedDevice, view.selectedOperator)) {
        view.selectedDevice.clear();
        view.selectedOperator.clear();
    }
}

ChartOptions chartOptions(const ViewState &view)
{
    ChartOptions options;
    options.theme = themeFromName(view.theme).value_or(Theme::Light);
    options.fontScale = view.largeText ? 1.4 : 1.0;
    options.showLegend = view.showLegend;
    options.selectedDevice = view.selectedDevice;
    options.selectedOperator = view.selectedOperator;
    options.animate = false;
    options.xMin = view.xMin;
    options.xMax = view.xMax;
    options.yMin = view.yMin;
    options.yMax = view.yMax;
    return options;
}

// Refuses (exit status 2) before anything is read or drawn a path that cannot be a new or
// replaced regular file: a folder, a device node, a FIFO, a socket, a missing folder.
void checkOutputPath(const QString &path)
{
    if (const QString problem = outputPathProblem(path); !problem.isEmpty())
        throw UsageError{QStringLiteral("-o: ") + problem};
}

bool writeTableFile(const QString &path, const QByteArray &bytes)
{
    QString error;
    if (!writeFileAtomically(path, bytes, &error)) {
        printError(error);
        return false;
    }
    return true;
}

QtMessageHandler previousMessageHandler = nullptr;

// Drops the notices Qt prints on a machine without a desktop session (no runtime folder,
// window hints the offscreen platform ignores), so a failure stays one line on stderr.
void quietMessageHandler(QtMsgType type, const QMessageLogContext &context, const QString &text)
{
    const bool harmless = type == QtWarningMsg &&
                          (text.startsWith(QLatin1String("QStandardPaths: XDG_RUNTIME_DIR")) ||
                           text.contains(QLatin1String("propagateSizeHints")));
    if (!harmless && previousMessageHandler)
        previousMessageHandler(type, context, text);
}

int exportCommand(const QStringList &arguments)
{
    QCommandLineParser parser;
    addExportOptions(parser);
    if (!parseArguments(parser, arguments))
        return ExitOk;
    const QStringList positional = parser.positionalArguments(); // "export" [SCENARIO]
    if (positional.size() > 2)
        throw UsageError{QStringLiteral("export: unexpected argument \"%1\"; give at most one "
                                        "scenario")
                             .arg(positional.at(2))};
    if (positional.size() == 2 && positional.at(1).isEmpty())
        throw UsageError{QStringLiteral("export: empty scenario file name")};
    const QString output = parser.value(QStringLiteral("output"));
    if (output.isEmpty())
        throw UsageError{QStringLiteral("-o: missing; give the file to write, e.g. -o chart.svg")};
    checkOutputPath(output);
    const QString format = outputFormat(parser, output);
    if (tableFormatFromName(format)) {
        for (const char *flag : {"caption", "no-legend"}) {
            if (parser.isSet(QLatin1String(flag)))
                throw UsageError{QStringLiteral("--%1: applies to png, svg and pdf, not to a %2 "
                                                "table")
                                     .arg(QLatin1String(flag), format)};
        }
    }
    const double scale =
        parser.isSet(QStringLiteral("scale")) ? positiveOption(parser, QStringLiteral("scale")) : 1;
    if (scale < minScale || scale > maxScale)
        throw UsageError{QStringLiteral("--scale: must be from %1 to %2, got %3")
                             .arg(minScale)
                             .arg(maxScale)
                             .arg(parser.value(QStringLiteral("scale")))};

    const Catalog catalog = loadCatalog(parser);
    ScenarioDocument doc = inputScenario(positional.value(1), catalog);
    applyScenarioOptions(parser, catalog, doc.scenario);
    applyViewOptions(parser, doc.view);
    if (doc.view.width * scale * doc.view.height * scale > maxPixels) {
        // Blame what made the image too large: the scale when given, else the size flags,
        // else the scenario's own size.
        const bool sized =
            parser.isSet(QStringLiteral("width")) || parser.isSet(QStringLiteral("height"));
        const QString culprit = parser.isSet(QStringLiteral("scale")) ? QStringLiteral("--scale")
                                : sized
                                    ? QStringLiteral("--width/--height")
                                    : positional.value(1) + QStringLiteral(": view.width/height");
        throw UsageError{QStringLiteral("%1: %2 x %3 at scale %4 is more than %5 pixels")
                             .arg(culprit)
                             .arg(doc.view.width)
                             .arg(doc.view.height)
                             .arg(scale)
                             .arg(maxPixels)};
    }
    if (doc.scenario.devices.isEmpty())
        throw UsageError{QStringLiteral("export: the scenario has no device; add --device ID")};
    // With a model, the chart shows its operator classes, as in the window.
    const ScenarioAnalysis result = analyzeScenario(catalog, doc.scenario);
    const Analysis &analysis = result.chart;
    if (!analysis.problems.isEmpty())
        throw UsageError{analysis.problems.join(QStringLiteral("; "))};
    dropStaleSelection(analysis, doc.view);

    if (const std::optional<TableFormat> table = tableFormatFromName(format))
        return writeTableFile(output, writeTable(analysis, *table)) ? ExitOk : ExitFailure;

    ImageExport request;
    request.path = output;
    request.format = format;
    request.width = doc.view.width;
    request.height = doc.view.height;
    request.scale = scale;
    request.caption = doc.view.caption;
    request.metadata = writeScenarioFile(doc.scenario, doc.view);
    QString error;
    ChartOptions options = chartOptions(doc.view);
    options.title = modelChartTitle(result.models);
    if (!exportChart(analysis, options, request, &error)) {
        printError(error);
        return ExitFailure;
    }
    return ExitOk;
}

} // namespace

int runExport(int &argc, char **argv, const QStringList &arguments)
{
    // Export never shows a window: draw offscreen whether or not a display exists, so it
    // runs the same on a desktop, over ssh and in CI.
    qputenv("QT_QPA_PLATFORM", "offscreen");
    previousMessageHandler = qInstallMessageHandler(quietMessageHandler);
    QApplication app(argc, argv);
    QCoreApplication::setApplicationName(QStringLiteral("rooflab"));
    QCoreApplication::setApplicationVersion(QStringLiteral(ROOFLAB_VERSION));
    try {
        return exportCommand(arguments);
    } catch (const UsageError &error) {
        printError(error.message);
        return ExitUsage;
    }
}

} // namespace rooflab::cli
