// `rooflab lesson list|check`: the lessons RoofLab can play, and a check of a lesson file.
#include "commands.h"
#include "lessonlibrary.h"
#include "lessonparser.h"
#include "lessonplayer.h"
#include "scenariooptions.h"
#include "usageerror.h"

#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QTextStream>

namespace rooflab::cli {

namespace {

int listLessons(const app::Invocation &invocation, const Catalog &catalog)
{
    const LessonLibrary library = LessonLibrary::standard(catalog, invocation.lessonFolders);
    QTextStream err(stderr);
    for (const QString &problem : library.problems())
        err << "rooflab: warning: " << problem << Qt::endl;
    QTextStream out(stdout);
    if (invocation.options.isSet(QStringLiteral("json"))) {
        QJsonArray array;
        for (const Lesson &lesson : library.lessons())
            array.append(QJsonObject{{QStringLiteral("id"), lesson.id},
                                     {QStringLiteral("title"), lesson.title},
                                     {QStringLiteral("audience"), lesson.audience},
                                     {QStringLiteral("steps"), lesson.steps.size()}});
        out << QJsonDocument(array).toJson(QJsonDocument::Indented);
        return ExitOk;
    }
    for (const Lesson &lesson : library.lessons())
        out << qSetFieldWidth(24) << Qt::left << lesson.id << qSetFieldWidth(0) << lesson.title
            << " (" << lesson.steps.size() << (lesson.steps.size() == 1 ? " step)\n" : " steps)\n");
    return ExitOk;
}

int checkLesson(const QString &path, const Catalog &catalog)
{
    QStringList errors;
    const std::optional<Lesson> lesson = loadLessonFile(path, catalog, &errors);
    if (!lesson) {
        QTextStream err(stderr);
        for (const QString &error : errors)
            err << "rooflab: " << error << Qt::endl;
        return ExitUsage;
    }
    QTextStream(stdout) << path << ": lesson \"" << lesson->id << "\" is valid ("
                        << lesson->steps.size() << " steps)\n";
    return ExitOk;
}

// Every step's texts with their figures filled, as the player shows them.
int showLesson(const app::Invocation &invocation, const QString &id, const Catalog &catalog)
{
    const LessonLibrary library = LessonLibrary::standard(catalog, invocation.lessonFolders);
    const Lesson *lesson = library.lesson(id);
    if (!lesson)
        throw UsageError{QStringLiteral("lesson show: no lesson \"%1\"; `rooflab lesson list` "
                                        "shows the known ones")
                             .arg(id)};
    LessonPlayer player(*lesson, catalog);
    QTextStream out(stdout);
    out << lesson->title << "\n" << lesson->audience << "\n";
    do {
        out << "\n"
            << player.progressText() << ": " << player.step().title << "\n"
            << "Q: " << player.questionText() << "\n";
        player.reveal();
        out << "A: " << player.revealText() << "\n";
        if (!player.notes().isEmpty())
            out << "Notes: " << player.notes() << "\n";
    } while (player.next());
    return ExitOk;
}

} // namespace

app::CommandSyntax lessonSyntax()
{
    return {.name = QStringLiteral("lesson"),
            .synopsis = {{QStringLiteral("list | show ID | check FILE"),
                          QStringLiteral("guided lessons")}},
            .declare =
                [](QCommandLineParser &parser) {
                    parser.setApplicationDescription(QStringLiteral(
                        "Lists the lessons RoofLab can play, prints one with its figures filled "
                        "in,\nor checks a lesson file.\n"
                        "  rooflab lesson list [--json] [--lessons DIR]\n"
                        "  rooflab lesson show ID [--lessons DIR]\n"
                        "  rooflab lesson check FILE\n"
                        "A check names the file, the step and the field of every problem, and "
                        "exits with status 2 when there is one."));
                    parser.addPositionalArgument(QStringLiteral("action"),
                                                 QStringLiteral("list, show or check."));
                    parser.addPositionalArgument(
                        QStringLiteral("file"),
                        QStringLiteral("With show: the lesson id; with check: the lesson file."),
                        QStringLiteral("[ID|FILE]"));
                    parser.addOption(
                        {QStringLiteral("json"), QStringLiteral("With list: print JSON.")});
                },
            .repeatable = {},
            .takesLessons = true};
}

int runLesson(const app::Invocation &invocation)
{
    const app::ParsedOptions &options = invocation.options;
    const QStringList positional = options.positionalArguments();
    const QString action = positional.value(0);
    if (action == QLatin1String("list")) {
        if (positional.size() > 1)
            throw UsageError{
                QStringLiteral("lesson list: takes no file, found \"%1\"").arg(positional.at(1))};
        return listLessons(invocation, loadCatalog(invocation));
    }
    if (action == QLatin1String("check")) {
        if (positional.size() != 2)
            throw UsageError{QStringLiteral("lesson check: name one lesson file")};
        if (options.isSet(QStringLiteral("json")) || !invocation.lessonFolders.isEmpty())
            throw UsageError{QStringLiteral("lesson check: --json and --lessons belong to list")};
        return checkLesson(positional.at(1), loadCatalog(invocation));
    }
    if (action == QLatin1String("show")) {
        if (positional.size() != 2)
            throw UsageError{QStringLiteral("lesson show: name one lesson id")};
        return showLesson(invocation, positional.at(1), loadCatalog(invocation));
    }
    throw UsageError{
        action.isEmpty()
            ? QStringLiteral("lesson: say list, show or check")
            : QStringLiteral("lesson: unknown action \"%1\"; say list, show or check").arg(action)};
}

} // namespace rooflab::cli
