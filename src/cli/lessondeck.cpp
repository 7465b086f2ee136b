// `rooflab export --lesson ID`: a lesson as a slide deck, two pages per step (the question,
// then the reveal), each the step's chart beside its text (docs/lessons.md, "A deck").
#include "lessondeck.h"

#include "commandline.h"
#include "deckpage.h"
#include "figure.h"
#include "lessonchart.h"
#include "lessonfigures.h"
#include "lessonlibrary.h"
#include "lessonplayer.h"
#include "pngencoder.h"
#include "scenarioanalysis.h"
#include "scenariooptions.h"
#include "units.h"
#include "usageerror.h"

#include <QBuffer>
#include <QDir>
#include <QFile>
#include <QFileInfo>
#include <QImage>
#include <QPainter>
#include <QPdfWriter>
#include <QSaveFile>
#include <QSvgGenerator>
#include <QTemporaryDir>

#include <cmath>

namespace rooflab::cli {

namespace {

constexpr double maxPageSide = 20000;
constexpr double maxPageScale = 8;

// The export options that mean something for a deck; any other is refused, not ignored.
const QStringList &deckOptionNames()
{
    static const QStringList names = {
        QStringLiteral("o"),       QStringLiteral("output"),    QStringLiteral("format"),
        QStringLiteral("width"),   QStringLiteral("height"),    QStringLiteral("scale"),
        QStringLiteral("theme"),   QStringLiteral("no-legend"), QStringLiteral("lesson"),
        QStringLiteral("lessons"), QStringLiteral("presets")};
    return names;
}

int pageSide(const app::ParsedOptions &options, const QString &name, int fallback)
{
    if (!options.isSet(name))
        return fallback;
    const double value = positiveOption(options, name);
    if (value != std::floor(value) || value > maxPageSide)
        throw UsageError{QStringLiteral("--%1: must be a whole number of pixels from 1 to %2, "
                                        "got %3")
                             .arg(name)
                             .arg(maxPageSide)
                             .arg(options.value(name))};
    return static_cast<int>(value);
}

QString answerHint(const LessonQuestion &q)
{
    switch (q.answer) {
    case AnswerKind::Number:
        return QCoreApplication::translate("LessonDeck", "Answer with a number (within ±%1 %).")
            .arg(formatNumber(100 * q.tolerance, 3));
    case AnswerKind::Point:
        return QCoreApplication::translate("LessonDeck", "Answer by pointing at a point.");
    case AnswerKind::Region:
        return QCoreApplication::translate("LessonDeck", "Answer by pointing at a region.");
    case AnswerKind::Choice:
    case AnswerKind::None:
        break;
    }
    return {};
}

// The choices and the kind of answer asked, one line each (the annotations are drawn on
// the chart itself).
QStringList pageItems(const LessonPlayer &player)
{
    QStringList items;
    if (player.isRevealed())
        return items;
    const QStringList choices = player.choices();
    for (qsizetype i = 0; i < choices.size(); ++i)
        items.append(QStringLiteral("%1. %2")
                         .arg(QChar(static_cast<char16_t>(u'A' + i)))
                         .arg(choices.at(i)));
    if (const QString hint = answerHint(player.step().question); !hint.isEmpty())
        items.append(hint);
    return items;
}

struct DeckRequest
{
    const Catalog *catalog = nullptr;
    QSize page;
    Theme theme = Theme::Light;
    bool legend = true;
    QString workDir; // where the charts are drawn before they join their page
};

// The step's chart as SVG, drawn by the figure layer, to be placed on its page.
QByteArray chartSvg(const Analysis &analysis, const ChartOptions &options, const QSize &size)
{
    QBuffer buffer;
    buffer.open(QIODevice::WriteOnly);
    QSvgGenerator generator;
    generator.setOutputDevice(&buffer);
    generator.setResolution(96);
    generator.setSize(size);
    generator.setViewBox(QRect(QPoint(0, 0), size));
    QPainter painter(&generator);
    // Laid out as in the window: a step's batch moves the points, not the plot.
    Figure(analysis, options, size, {}, Figure::Purpose::Window).draw(&painter);
    painter.end();
    return buffer.data();
}

DeckPage makePage(const LessonPlayer &player, const DeckRequest &request, int index)
{
    const LessonStep &step = player.step();
    const LessonChart shown = lessonChart(player, *request.catalog, request.theme, request.legend);
    if (!shown.problems.isEmpty())
        throw UsageError{shown.problems.join(QStringLiteral("; "))};
    const QSizeF chart = deckChartSize(QSizeF(request.page));
    Q_UNUSED(index);

    const bool revealed = player.isRevealed();
    return DeckPage{.header = player.lesson().title,
                    .progress = player.progressText(),
                    .title = step.title,
                    .heading = revealed ? QCoreApplication::translate("LessonDeck", "Reveal")
                                        : QCoreApplication::translate("LessonDeck", "Question"),
                    .lead = revealed ? player.questionText() : QString(),
                    .body = revealed ? player.revealText() : player.questionText(),
                    .items = pageItems(player),
                    .chartSvg = chartSvg(
                        shown.analysis, shown.options,
                        QSize(static_cast<int>(chart.width()), static_cast<int>(chart.height())))};
}

DeckStyle styleFor(Theme theme, double textScale)
{
    DeckStyle style;
    if (theme == Theme::Dark) {
        style.background = QColor(0x1e, 0x1e, 0x1e);
        style.text = QColor(0xee, 0xee, 0xee);
        style.muted = QColor(0xa0, 0xa0, 0xa0);
    }
    style.textScale = textScale;
    return style;
}

bool writePdf(const QString &path, const QString &title, const QList<DeckPage> &pages,
              const QList<DeckStyle> &styles, const QSize &size)
{
    QSaveFile file(path);
    if (!file.open(QIODevice::WriteOnly)) {
        printError(QStringLiteral("%1: cannot write: %2").arg(path, file.errorString()));
        return false;
    }
    {
        QPdfWriter pdf(&file);
        pdf.setTitle(title);
        pdf.setCreator(QStringLiteral("RoofLab"));
        pdf.setResolution(96);
        // 96 logical pixels to the inch, 72 points to the inch.
        pdf.setPageSize(QPageSize(QSizeF(size) * 0.75, QPageSize::Point));
        pdf.setPageMargins(QMarginsF(0, 0, 0, 0));
        QPainter painter(&pdf);
        for (qsizetype i = 0; i < pages.size(); ++i) {
            if (i > 0)
                pdf.newPage();
            drawDeckPage(painter, pages.at(i), QSizeF(size), styles.at(i));
        }
    }
    if (!file.commit()) {
        printError(QStringLiteral("%1: cannot write: %2").arg(path, file.errorString()));
        return false;
    }
    return true;
}

QByteArray pageBytes(const DeckPage &page, const DeckStyle &style, const QString &format,
                     const QSize &size, double scale)
{
    QBuffer buffer;
    buffer.open(QIODevice::WriteOnly);
    if (format == QLatin1String("svg")) {
        QSvgGenerator svg;
        svg.setOutputDevice(&buffer);
        svg.setSize(size);
        svg.setViewBox(QRect(QPoint(0, 0), size));
        svg.setTitle(page.title);
        QPainter painter(&svg);
        drawDeckPage(painter, page, QSizeF(size), style);
    } else {
        // As a figure is exported: opaque, with its resolution, through RoofLab's encoder.
        const QImage image = figureImage(size, scale, style.background, [&](QPainter *painter) {
            drawDeckPage(*painter, page, QSizeF(size), style);
        });
        return encodePng(image);
    }
    return buffer.data();
}

// One file per page in `dir`; on a failure the pages written so far are removed again.
bool writePages(const QString &dir, const QString &id, const QList<DeckPage> &pages,
                const QList<DeckStyle> &styles, const QString &format, const QSize &size,
                double scale)
{
    QStringList written;
    for (qsizetype i = 0; i < pages.size(); ++i) {
        const QString name =
            QStringLiteral("%1-%2-%3.%4")
                .arg(id)
                .arg(i / 2 + 1, 2, 10, QLatin1Char('0'))
                .arg(i % 2 == 0 ? QStringLiteral("question") : QStringLiteral("reveal"))
                .arg(format);
        const QString path = QDir(dir).filePath(name);
        const QByteArray bytes = pageBytes(pages.at(i), styles.at(i), format, size, scale);
        QSaveFile file(path);
        if (!file.open(QIODevice::WriteOnly) || file.write(bytes) != bytes.size() ||
            !file.commit()) {
            printError(QStringLiteral("%1: cannot write: %2").arg(path, file.errorString()));
            for (const QString &done : written)
                QFile::remove(done);
            return false;
        }
        written.append(path);
    }
    return true;
}

} // namespace

void addLessonDeckOptions(QCommandLineParser &parser)
{
    parser.addOption({QStringLiteral("lesson"),
                      QStringLiteral("Write lesson ID as a deck: two pages per step (question, "
                                     "then reveal); -o deck.pdf, or -o DIR/ --format svg|png "
                                     "for one file per page."),
                      QStringLiteral("ID")});
}

int exportLessonDeck(const app::Invocation &invocation)
{
    const app::ParsedOptions &options = invocation.options;
    if (!options.isSet(QStringLiteral("lesson")))
        throw UsageError{QStringLiteral("--lessons: applies only with --lesson ID")};
    for (const QString &name : options.optionNames()) {
        if (!deckOptionNames().contains(name))
            throw UsageError{
                QStringLiteral("--%1: does not apply to a lesson deck (--lesson)").arg(name)};
    }
    if (!options.positionalArguments().isEmpty())
        throw UsageError{QStringLiteral("export --lesson: takes no scenario, found \"%1\"")
                             .arg(options.positionalArguments().at(0))};
    const QString output = options.value(QStringLiteral("output"));
    if (output.isEmpty())
        throw UsageError{QStringLiteral("-o: missing; give the deck to write, e.g. -o deck.pdf")};
    const bool toFolder = output.endsWith(QLatin1Char('/')) || QFileInfo(output).isDir();
    const QString format = options.isSet(QStringLiteral("format"))
                               ? options.value(QStringLiteral("format")).toLower()
                               : (toFolder ? QString() : QFileInfo(output).suffix().toLower());
    if (toFolder && format != QLatin1String("svg") && format != QLatin1String("png"))
        throw UsageError{QStringLiteral("--format: a deck in a folder is one svg or png file per "
                                        "page; add --format svg or --format png")};
    if (!toFolder && format != QLatin1String("pdf"))
        throw UsageError{QStringLiteral("-o: a deck in one file is a PDF (-o deck.pdf); for svg "
                                        "or png pages give a folder, -o DIR/")};
    const double scale = options.isSet(QStringLiteral("scale"))
                             ? positiveOption(options, QStringLiteral("scale"))
                             : 1;
    if (scale > maxPageScale)
        throw UsageError{QStringLiteral("--scale: must be at most %1, got %2")
                             .arg(maxPageScale)
                             .arg(options.value(QStringLiteral("scale")))};
    const QSize size(pageSide(options, QStringLiteral("width"), 1600),
                     pageSide(options, QStringLiteral("height"), 900));
    Theme theme = Theme::Light;
    if (options.isSet(QStringLiteral("theme"))) {
        const auto named = themeFromName(options.value(QStringLiteral("theme")));
        if (!named)
            throw UsageError{QStringLiteral("--theme: must be light, dark, print or colorblind, "
                                            "got \"%1\"")
                                 .arg(options.value(QStringLiteral("theme")))};
        theme = *named;
    }
    const QFileInfo target(toFolder ? output : QFileInfo(output).absolutePath());
    if (!target.isDir()) {
        printError(QStringLiteral("%1: cannot write: folder %2 does not exist")
                       .arg(output, QDir::toNativeSeparators(target.absoluteFilePath())));
        return ExitFailure;
    }

    const Catalog catalog = loadCatalog(invocation);
    const LessonLibrary library = LessonLibrary::standard(catalog, invocation.lessonFolders);
    const QString id = options.value(QStringLiteral("lesson"));
    const Lesson *lesson = library.lesson(id);
    if (!lesson)
        throw UsageError{QStringLiteral("--lesson: no lesson \"%1\"; `rooflab lesson list` "
                                        "shows the known ones")
                             .arg(id)};
    QTemporaryDir work;
    if (!work.isValid()) {
        printError(QStringLiteral("cannot make a temporary folder: %1").arg(work.errorString()));
        return ExitFailure;
    }
    const DeckRequest request{.catalog = &catalog,
                              .page = size,
                              .theme = theme,
                              .legend = !options.isSet(QStringLiteral("no-legend")),
                              .workDir = work.path()};
    LessonPlayer player(*lesson, catalog);
    QList<DeckPage> pages;
    QList<DeckStyle> styles;
    do {
        for (int side = 0; side < 2; ++side) {
            if (side == 1)
                player.reveal();
            pages.append(makePage(player, request, static_cast<int>(pages.size())));
            styles.append(styleFor(theme, player.step().presentation.textScale));
        }
    } while (player.next());

    const bool ok = toFolder ? writePages(output, lesson->id, pages, styles, format, size, scale)
                             : writePdf(output, lesson->title, pages, styles, size);
    return ok ? ExitOk : ExitFailure;
}

} // namespace rooflab::cli
