#include "commandline.h"

#include "commands.h"
#include "parsing.h"
#include "presetfolders.h"
#include "usageerror.h"
#include "version.h"

#include <QCommandLineParser>
#include <QCoreApplication>
#include <QFileInfo>
#include <QTextStream>

namespace rooflab::cli {

namespace {

const QStringList &commandNames()
{
    static const QStringList names = {QStringLiteral("list"), QStringLiteral("analyze"),
                                      QStringLiteral("compare"), QStringLiteral("export"),
                                      QStringLiteral("lesson")};
    return names;
}

int runTopLevel(const QStringList &arguments)
{
    QCommandLineParser parser;
    parser.setApplicationDescription(
        QStringLiteral("RoofLab: interactive roofline plots.\n\n"
                       "Commands:\n"
                       "  list devices|formats|operators|models [--json]\n"
                       "                                             what RoofLab knows\n"
                       "  analyze --device ID --op KIND [shape]      roofline figures\n"
                       "  analyze --device ID --model ID [--phase P] one step of a model\n"
                       "  compare --model ID --device A --device B   a model on devices, side "
                       "by side\n"
                       "  export [SCENARIO] -o FILE                  a chart or table file\n"
                       "  lesson list [--json] | lesson check FILE   guided lessons\n\n"
                       "Without a command, RoofLab opens its window (with FILE, that "
                       "scenario; --lessons DIR, repeatable, adds lessons to its Lessons "
                       "menu).\n`rooflab COMMAND --help` describes a command."));
    parser.addPositionalArgument(QStringLiteral("file"),
                                 QStringLiteral("A scenario to open in the window."),
                                 QStringLiteral("[FILE]"));
    if (!parseArguments(parser, arguments))
        return ExitOk;
    throw UsageError{QStringLiteral("unknown command \"%1\"; `rooflab --help` lists the commands")
                         .arg(parser.positionalArguments().value(0))};
}

} // namespace

void printError(const QString &message)
{
    app::printError(message);
}

QString commandOf(const QStringList &arguments)
{
    if (arguments.size() > 1 && commandNames().contains(arguments.at(1)))
        return arguments.at(1);
    return {};
}

bool wantsHelpOrVersion(const QStringList &arguments)
{
    for (const QString &a : arguments.mid(1)) {
        if (a == QLatin1String("--help") || a == QLatin1String("-h") ||
            a == QLatin1String("--version") || a == QLatin1String("-v") ||
            a == QLatin1String("--help-all"))
            return true;
    }
    return false;
}

bool namesUnknownCommand(const QStringList &arguments)
{
    if (arguments.size() < 2 || !commandOf(arguments).isEmpty())
        return false;
    // A scenario path has a '.' or a '/' somewhere; a command name never does.
    const QString &first = arguments.at(1);
    return !first.isEmpty() && !first.startsWith(QLatin1Char('-')) &&
           !first.contains(QLatin1Char('.')) && !first.contains(QLatin1Char('/')) &&
           !QFileInfo::exists(first);
}

int runCommand(const QStringList &arguments)
{
    QCoreApplication::setApplicationVersion(QStringLiteral(ROOFLAB_VERSION));
    const QString command = commandOf(arguments);
    try {
        if (command == QLatin1String("list"))
            return runList(arguments);
        if (command == QLatin1String("analyze"))
            return runAnalyze(arguments);
        if (command == QLatin1String("compare"))
            return runCompare(arguments);
        if (command == QLatin1String("lesson"))
            return runLesson(arguments);
        return runTopLevel(arguments);
    } catch (const UsageError &error) {
        printError(error.message);
        return ExitUsage;
    }
}

} // namespace rooflab::cli
