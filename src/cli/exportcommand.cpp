// `rooflab export`: a chart (PNG, SVG, PDF) or a table (CSV, Markdown) with no display.
#include "chartoptions.h"
#include "commandline.h"
#include "commands.h"
#include "figureexport.h"
#include "figuremetadata.h"
#include "lessondeck.h"
#include "printsize.h"
#include "safefile.h"
#include "scenarioanalysis.h"
#include "scenariofile.h"
#include "scenariooptions.h"
#include "scenemodel.h"
#include "usageerror.h"
#include "version.h"

#include <QDir>
#include <QFileInfo>
#include <QFontDatabase>
#include <QGuiApplication>

#include <cmath>
#include <thread>

namespace rooflab::cli {

namespace {

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
            "  rooflab export -o paper.pdf --caption-line --theme print\n"
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
    using namespace figurelimits;
    parser.addOption({QStringLiteral("format"),
                      QStringLiteral("%1, %2 (default: from FILE's extension).")
                          .arg(figureFormatIds(false), figureFormatIds(true)),
                      QStringLiteral("FORMAT")});
    parser.addOption({QStringLiteral("width"),
                      QStringLiteral("Figure width in pixels, %1 to %2 (default: the "
                                     "scenario's, 1600).")
                          .arg(minSide)
                          .arg(maxSide),
                      QStringLiteral("W")});
    parser.addOption({QStringLiteral("height"),
                      QStringLiteral("Figure height in pixels, %1 to %2 (default: the "
                                     "scenario's, 1000).")
                          .arg(minSide)
                          .arg(maxSide),
                      QStringLiteral("H")});
    parser.addOption({QStringLiteral("scale"),
                      QStringLiteral("PNG pixels per figure pixel, %1 to %2, e.g. 2 for "
                                     "high-DPI screens (default: the scenario's, 1).")
                          .arg(minScale)
                          .arg(maxScale),
                      QStringLiteral("S")});
    parser.addOption({QStringLiteral("size"),
                      QStringLiteral("Figure size instead of --width/--height: W[UNIT][xH[UNIT]] "
                                     "in in, cm, mm or px, e.g. 3.5in (a single column; the "
                                     "height keeps the scenario's proportions) or 7inx4in. "
                                     "96 figure pixels make an inch."),
                      QStringLiteral("SIZE")});
    parser.addOption({QStringLiteral("dpi"),
                      QStringLiteral("PNG dots per inch instead of --scale, %1 to %2 (default: "
                                     "%3 with --size in a physical unit, else 96).")
                          .arg(minScale * pixelsPerInch)
                          .arg(maxScale * pixelsPerInch)
                          .arg(defaultPrintDpi),
                      QStringLiteral("N")});
    parser.addOption({QStringLiteral("text-scale"),
                      QStringLiteral("Text, marker and line size, %1 to %2 (default: the "
                                     "scenario's, 1; the window's larger text is %3).")
                          .arg(minTextScale)
                          .arg(maxTextScale)
                          .arg(largeTextScale),
                      QStringLiteral("F")});
    parser.addOption({QStringLiteral("theme"),
                      QStringLiteral("%1 (default: the scenario's, light).").arg(themeIdList()),
                      QStringLiteral("T")});
    parser.addOption(
        {QStringLiteral("no-legend"), QStringLiteral("Leave the legend out of the chart.")});
    parser.addOption(
        {QStringLiteral("no-zones"), QStringLiteral("Leave the zone shading out of the chart.")});
    parser.addOption({QStringLiteral("caption"),
                      QStringLiteral("Add a table of the selected operator's figures on every "
                                     "device (every point when none is selected) below the "
                                     "chart; the file keeps its size, the plot gets shorter.")});
    parser.addOption({QStringLiteral("compare-table"),
                      QStringLiteral("With --model: add a table below the chart comparing the "
                                     "deployment on each device (the rows of rooflab compare, "
                                     "the best of each column in bold).")});
    parser.addOption({QStringLiteral("caption-line"),
                      QStringLiteral("Add a line under the title that names the batch, the "
                                     "context (or prompt), the precision and the devices.")});
    parser.addOption({QStringLiteral("notes"),
                      QStringLiteral("Let the legend count the labels it had no room for (\"3 "
                                     "labels left out\"), as the window's does. Files leave "
                                     "these screen notes out unless asked.")});
    parser.addOption({QStringLiteral("highlight"),
                      QStringLiteral("Ring the selected point. Exports leave it out unless "
                                     "this flag or the scenario's view.highlight_selection "
                                     "asks for it.")});
    addScenarioOptions(parser, false);
    addLessonDeckOptions(parser);
}

// The format from --format, else from the output file's extension.
const FigureFormat &outputFormat(const app::ParsedOptions &options, const QString &output)
{
    const bool given = options.isSet(QStringLiteral("format"));
    const QString name =
        given ? options.value(QStringLiteral("format")) : QFileInfo(output).suffix();
    if (const FigureFormat *format = figureFormat(name)) {
        // `--format svg -o x.png` would write SVG text into a file every viewer opens as PNG.
        const QString extension = QFileInfo(output).suffix();
        const FigureFormat *named = given ? figureFormat(extension) : nullptr;
        if (named && named != format)
            throw UsageError{QStringLiteral("--format: \"%1\" disagrees with the extension of "
                                            "-o \"%2\" (%3); name the file .%4 or drop --format")
                                 .arg(name, output, named->id, format->id)};
        return *format;
    }
    const QString ids = figureFormatIds(false) + QStringLiteral(", ") + figureFormatIds(true);
    if (given)
        throw UsageError{QStringLiteral("--format: unknown format \"%1\"; use %2").arg(name, ids)};
    throw UsageError{QStringLiteral("-o: cannot tell the format of \"%1\" from its extension; "
                                    "add --format with one of %2")
                         .arg(output, ids)};
}

// A whole number of pixels from option `name`, or `fallback` when it is not given.
int sideOption(const app::ParsedOptions &options, const QString &name, int fallback)
{
    if (!options.isSet(name))
        return fallback;
    const double value = positiveOption(options, name);
    if (value != std::floor(value) || value < figurelimits::minSide ||
        value > figurelimits::maxSide)
        throw UsageError{QStringLiteral("--%1: must be a whole number of pixels from %2 to %3, "
                                        "got %4")
                             .arg(name)
                             .arg(figurelimits::minSide)
                             .arg(figurelimits::maxSide)
                             .arg(options.value(name))};
    return static_cast<int>(value);
}

// The scenario of the SCENARIO argument, or the default one.
ScenarioDocument inputScenario(const QString &path, const Catalog &catalog)
{
    if (path.isEmpty())
        return {.scenario = defaultScenario(catalog),
                .presentation = {},
                .selection = {},
                .highlightNamed = false};
    QStringList errors;
    std::optional<ScenarioDocument> doc;
    const FigureFormat *format = figureFormat(QFileInfo(path).suffix());
    if (format && !format->table) {
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

// --size and --dpi: the figure's size in pixels at 96 to the inch and the PNG's scale
// (dpi / 96). True when --size was given.
bool applyPrintSize(const app::ParsedOptions &options, Presentation &p)
{
    const bool sized = options.isSet(QStringLiteral("size"));
    for (const char *flag : {"width", "height"}) {
        if (sized && options.isSet(QLatin1String(flag)))
            throw UsageError{QStringLiteral("--size: gives the width and height; drop --%1")
                                 .arg(QLatin1String(flag))};
    }
    const bool dpiGiven = options.isSet(QStringLiteral("dpi"));
    if (dpiGiven && options.isSet(QStringLiteral("scale")))
        throw UsageError{QStringLiteral("--dpi: sets the PNG's scale (dpi / 96); drop --scale")};
    bool physical = false;
    if (sized) {
        PrintSize size;
        QString error;
        if (!parsePrintSize(options.value(QStringLiteral("size")), double(p.width) / p.height,
                            &size, &error))
            throw UsageError{QStringLiteral("--size: ") + error};
        p.width = size.width;
        p.height = size.height;
        physical = size.physical;
    }
    if (dpiGiven) {
        const double dpi = positiveOption(options, QStringLiteral("dpi"));
        using namespace figurelimits;
        if (dpi < minScale * pixelsPerInch || dpi > maxScale * pixelsPerInch)
            throw UsageError{QStringLiteral("--dpi: must be from %1 to %2, got %3")
                                 .arg(minScale * pixelsPerInch)
                                 .arg(maxScale * pixelsPerInch)
                                 .arg(options.value(QStringLiteral("dpi")))};
        p.scale = dpi / pixelsPerInch;
    } else if (physical && !options.isSet(QStringLiteral("scale"))) {
        p.scale = defaultPrintDpi / pixelsPerInch;
    }
    return sized;
}

// Applies the figure flags to the presentation, so the embedded scenario reopens as exported.
void applyPresentationOptions(const app::ParsedOptions &options, Presentation &p)
{
    if (options.isSet(QStringLiteral("theme"))) {
        const ThemeInfo *theme = themeInfo(options.value(QStringLiteral("theme")));
        if (!theme)
            throw UsageError{QStringLiteral("--theme: must be one of %1, got \"%2\"")
                                 .arg(themeIdList(), options.value(QStringLiteral("theme")))};
        p.theme = theme->id;
    }
    if (options.isSet(QStringLiteral("no-legend")))
        p.showLegend = false;
    if (options.isSet(QStringLiteral("no-zones")))
        p.showZones = false;
    if (options.isSet(QStringLiteral("caption")))
        p.caption = true;
    if (options.isSet(QStringLiteral("caption-line")))
        p.captionLine = true;
    if (options.isSet(QStringLiteral("compare-table")))
        p.compareTable = true;
    if (options.isSet(QStringLiteral("highlight")))
        p.highlightSelection = true;
    p.width = sideOption(options, QStringLiteral("width"), p.width);
    p.height = sideOption(options, QStringLiteral("height"), p.height);
    const bool sized = applyPrintSize(options, p);
    if (options.isSet(QStringLiteral("scale")))
        p.scale = positiveOption(options, QStringLiteral("scale"));
    if (options.isSet(QStringLiteral("text-scale")))
        p.textScale = positiveOption(options, QStringLiteral("text-scale"));
    const QString sizeFlag = sized ? QStringLiteral("--size") : QString();
    const QString problem = presentationProblem(
        p, {.theme = QStringLiteral("--theme"),
            .width = sized ? sizeFlag : QStringLiteral("--width"),
            .height = sized ? sizeFlag : QStringLiteral("--height"),
            .scale = options.isSet(QStringLiteral("dpi")) ? QStringLiteral("--dpi")
                                                          : QStringLiteral("--scale"),
            .textScale = QStringLiteral("--text-scale")});
    if (!problem.isEmpty())
        throw UsageError{problem};
}

// A selection that names no point of the analysis (an operator or class no longer shown).
void dropStaleSelection(const Analysis &analysis, Selection &selection)
{
    if (!analysis.point(selection.device, selection.op))
        selection = Selection();
}

// Refuses (exit status 2) before anything is read or drawn a path that cannot be a new or
// replaced regular file: a folder, a device node, a FIFO, a socket, a missing folder.
void checkOutputPath(const QString &path)
{
    if (const QString problem = outputPathProblem(path); !problem.isEmpty())
        throw UsageError{QStringLiteral("-o: ") + problem};
}

// A note when the figure's smallest text prints under leastPrintPoints at its size; else
// nothing.
QStringList smallTextNote(const Presentation &p)
{
    const double points = smallestTextPoints(p.textScale);
    if (points >= leastPrintPoints)
        return {};
    return {QStringLiteral("its smallest text is %1 pt at its printed size of %2 x %3 in, under "
                           "the %4 pt a printed figure should keep; use --text-scale %5 or more")
                .arg(points, 0, 'g', 3)
                .arg(p.width / pixelsPerInch, 0, 'g', 3)
                .arg(p.height / pixelsPerInch, 0, 'g', 3)
                .arg(leastPrintPoints)
                .arg(leastPrintTextScale())};
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

int exportCommand(const app::Invocation &invocation)
{
    const app::ParsedOptions &options = invocation.options;
    if (options.isSet(QStringLiteral("lesson")) || !invocation.lessonFolders.isEmpty())
        return exportLessonDeck(invocation);
    const QStringList positional = options.positionalArguments(); // [SCENARIO]
    if (positional.size() > 1)
        throw UsageError{QStringLiteral("export: unexpected argument \"%1\"; give at most one "
                                        "scenario")
                             .arg(positional.at(1))};
    if (positional.size() == 1 && positional.at(0).isEmpty())
        throw UsageError{QStringLiteral("export: empty scenario file name")};
    const QString output = options.value(QStringLiteral("output"));
    if (output.isEmpty())
        throw UsageError{QStringLiteral("-o: missing; give the file to write, e.g. -o chart.svg")};
    checkOutputPath(output);
    const FigureFormat &format = outputFormat(options, output);
    if (format.table) {
        QString images = figureFormatIds(false); // "png, svg, pdf" -> "png, svg and pdf"
        images.replace(images.lastIndexOf(QStringLiteral(", ")), 2, QStringLiteral(" and "));
        for (const char *flag : {"caption", "caption-line", "compare-table", "highlight",
                                 "no-legend", "no-zones", "notes", "text-scale"}) {
            if (options.isSet(QLatin1String(flag)))
                throw UsageError{QStringLiteral("--%1: applies to %2, not to a %3 table")
                                     .arg(QLatin1String(flag), images, format.id)};
        }
    }

    // A chart's first text measure reads the system's font configuration and lists its
    // fonts, a fifth of a cold export's work: on a second core while the presets load and
    // the scenario is analysed (Qt's font database is shared between threads and locked;
    // the figure's first measure waits for it). Joined on the way out.
    std::jthread fonts;
    if (!format.table)
        fonts = std::jthread([] { QFontDatabase::families(); });
    Catalog catalog = loadCatalog(invocation);
    ScenarioDocument doc = inputScenario(positional.value(0), catalog);
    // A figure for a document shows no selection ring unless asked (docs/scenario-files.md).
    if (!doc.highlightNamed)
        doc.presentation.highlightSelection = false;
    applyScenarioOptions(options, catalog, doc.scenario);
    applyPresentationOptions(options, doc.presentation);
    if (doc.scenario.devices.isEmpty())
        throw UsageError{QStringLiteral("export: the scenario has no device; add --device ID")};
    // With a model, the chart shows its operator classes, as in the window.
    const ScenarioAnalysis result = analyzeScenario(catalog, doc.scenario);
    const Analysis &analysis = result.chart;
    if (!analysis.problems.isEmpty())
        throw UsageError{analysis.problems.join(QStringLiteral("; "))};
    dropStaleSelection(analysis, doc.selection);
    if (options.isSet(QStringLiteral("compare-table")) && doc.scenario.model.isEmpty())
        throw UsageError{QStringLiteral("--compare-table: compares a model's deployment; add "
                                        "--model ID")};

    const FigureRequest request{
        .path = output,
        .format = format.id,
        .presentation = doc.presentation,
        .selection = doc.selection,
        // The window's title forms: the same state at the same size draws the same title.
        .titles = modelChartTitles(result.models, doc.presentation.captionLine),
        .captionLine = scenarioCaptionLine(catalog, doc.scenario),
        .models = result.models,
        .compareRows =
            doc.presentation.compareTable
                ? compareDevices(catalog, doc.scenario, doc.scenario.devices, result.models)
                : QList<CompareRow>(),
        .metadata = format.table ? QByteArray()
                                 : writeScenarioFile(doc.scenario, doc.presentation, doc.selection),
        .leftOutNotes = options.isSet(QStringLiteral("notes")),
    };
    QString error;
    QStringList notes;
    if (!exportFigure(analysis, request, &error, &notes)) {
        printError(error);
        return ExitFailure;
    }
    if (!format.table)
        notes += smallTextNote(doc.presentation);
    // Written, but without something asked for: said on stderr, the file kept.
    for (const QString &note : notes)
        printError(QStringLiteral("warning: %1: %2").arg(output, note));
    return ExitOk;
}

} // namespace

app::CommandSyntax exportSyntax()
{
    return {.name = QStringLiteral("export"),
            .synopsis = {{QStringLiteral("[SCENARIO] -o FILE"),
                          QStringLiteral("a chart or table file")}},
            .declare = addExportOptions,
            .repeatable = scenarioRepeatableOptions(),
            .takesLessons = true};
}

int runExport(int &argc, char **argv, const app::Invocation &invocation)
{
    // Export never shows a window: draw offscreen whether or not a display exists, so it
    // runs the same on a desktop, over ssh and in CI.
    qputenv("QT_QPA_PLATFORM", "offscreen");
    previousMessageHandler = qInstallMessageHandler(quietMessageHandler);
    // A figure needs fonts and painting, not widgets: a QGuiApplication is enough.
    QGuiApplication app(argc, argv);
    QCoreApplication::setApplicationName(QStringLiteral("rooflab"));
    QCoreApplication::setApplicationVersion(QStringLiteral(ROOFLAB_VERSION));
    try {
        return exportCommand(invocation);
    } catch (const UsageError &error) {
        printError(error.message);
        return ExitUsage;
    }
}

} // namespace rooflab::cli
