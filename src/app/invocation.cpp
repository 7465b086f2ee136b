#include "invocation.h"

#include "safefile.h"
#include "scenariofile.h"

#include <QFileInfo>

#include <algorithm>

namespace rooflab::app {

bool ParsedOptions::isSet(const QString &name) const
{
    return m_parser && m_parser->isSet(name);
}

QString ParsedOptions::value(const QString &name) const
{
    return m_parser ? m_parser->value(name) : QString();
}

QStringList ParsedOptions::values(const QString &name) const
{
    return m_parser ? m_parser->values(name) : QStringList();
}

QStringList ParsedOptions::optionNames() const
{
    return m_parser ? m_parser->optionNames() : QStringList();
}

QStringList ParsedOptions::positionalArguments() const
{
    return m_parser ? m_parser->positionalArguments().mid(m_skip) : QStringList();
}

QString ParsedOptions::helpText() const
{
    return m_parser ? m_parser->helpText() : QString();
}

namespace {

// Options QGuiApplication and QApplication take from the command line themselves (Qt's
// documentation of both classes); the window passes them on untouched.
bool isToolkitOption(const QString &argument, bool *takesValue)
{
    static const QStringList withValue = {
        QStringLiteral("platform"),        QStringLiteral("platformpluginpath"),
        QStringLiteral("platformtheme"),   QStringLiteral("plugin"),
        QStringLiteral("qwindowgeometry"), QStringLiteral("qwindowicon"),
        QStringLiteral("qwindowtitle"),    QStringLiteral("session"),
        QStringLiteral("display"),         QStringLiteral("geometry"),
        QStringLiteral("style"),           QStringLiteral("stylesheet")};
    static const QStringList flags = {QStringLiteral("reverse"), QStringLiteral("widgetcount"),
                                      QStringLiteral("qmljsdebugger")};
    if (!argument.startsWith(QLatin1Char('-')))
        return false;
    QString name = argument.mid(argument.startsWith(QLatin1String("--")) ? 2 : 1);
    const qsizetype equals = name.indexOf(QLatin1Char('='));
    if (equals >= 0)
        name.truncate(equals);
    *takesValue = equals < 0 && withValue.contains(name);
    return withValue.contains(name) || flags.contains(name);
}

// The window's line without the toolkit's options, which QApplication removes itself.
QStringList withoutToolkitOptions(const QStringList &arguments)
{
    QStringList kept;
    for (qsizetype i = 0; i < arguments.size(); ++i) {
        bool takesValue = false;
        if (i > 0 && isToolkitOption(arguments.at(i), &takesValue)) {
            if (takesValue)
                ++i;
            continue;
        }
        kept.append(arguments.at(i));
    }
    return kept;
}

// What the window accepts besides the shared options, and `rooflab --help`'s text.
void declareWindow(QCommandLineParser &parser, const QList<CommandSyntax> &commands)
{
    constexpr qsizetype whatColumn = 45; // where "what it does" starts in the command list
    QString summary;
    for (const CommandSyntax &command : commands) {
        for (const auto &[usage, what] : command.synopsis) {
            const QString line = QStringLiteral("  %1 %2").arg(command.name, usage);
            summary += line.size() < whatColumn
                           ? line.leftJustified(whatColumn)
                           : line + QLatin1Char('\n') + QString(whatColumn, QLatin1Char(' '));
            summary += what + QLatin1Char('\n');
        }
    }
    parser.setApplicationDescription(
        QStringLiteral("RoofLab: interactive roofline plots.\n\nCommands:\n") + summary +
        QStringLiteral("\nWithout a command, RoofLab opens its window (with FILE, that "
                       "scenario).\n`rooflab COMMAND --help` describes a command."));
    parser.addOption(
        {QStringLiteral("presenter"),
         QStringLiteral("Start in the presenter view: the chart alone, full screen.")});
    parser.addOption({QStringLiteral("screen"),
                      QStringLiteral("The screen for the window or the presenter view, counted "
                                     "from 1."),
                      QStringLiteral("N")});
    parser.addPositionalArgument(
        QStringLiteral("file"),
        QStringLiteral("A scenario file, or a chart exported by RoofLab, to open in the window."),
        QStringLiteral("[FILE]"));
}

// A first argument that is a bare word, neither a file nor a path: a mistyped command
// rather than a scenario (a scenario path has a '.' or a '/').
bool looksLikeCommand(const QString &argument)
{
    return !argument.isEmpty() && !argument.contains(QLatin1Char('.')) &&
           !argument.contains(QLatin1Char('/')) && !QFileInfo::exists(argument);
}

QString dashed(const QString &name)
{
    return (name.size() == 1 ? QStringLiteral("-") : QStringLiteral("--")) + name;
}

// Why the folders of a repeatable folder option cannot be used, or empty.
QString folderProblem(const QString &name, const QStringList &folders)
{
    for (const QString &folder : folders) {
        if (folder.isEmpty())
            return dashed(name) + QStringLiteral(": empty folder name; give a folder");
    }
    return {};
}

// The window's own options; sets `error` when one is malformed. A bare word first on the
// line is taken for a mistyped command, anywhere else for a missing file.
WindowArguments windowArguments(const QCommandLineParser &parser, const QString &firstArgument,
                                QString *error)
{
    WindowArguments window;
    window.presenter = parser.isSet(QStringLiteral("presenter"));
    const QStringList files = parser.positionalArguments();
    if (files.size() > 1) {
        *error = QStringLiteral("unexpected argument \"%1\"; give at most one scenario file")
                     .arg(files.at(1));
        return window;
    }
    if (!files.isEmpty()) {
        window.file = files.constFirst();
        if (window.file.isEmpty()) {
            *error = QStringLiteral("empty scenario file name");
            return window;
        }
        if (looksLikeCommand(window.file) && firstArgument == window.file) {
            *error = QStringLiteral("unknown command \"%1\"; `rooflab --help` lists the commands")
                         .arg(window.file);
            return window;
        }
        // Only whether it is a file to read: its contents are the window's to judge.
        if (const QString problem = inputPathProblem(window.file, maxScenarioImageBytes);
            !problem.isEmpty()) {
            *error = problem;
            return window;
        }
    }
    if (parser.isSet(QStringLiteral("screen"))) {
        // The upper bound is the number of screens, which only the window can count.
        const QString text = parser.value(QStringLiteral("screen"));
        bool ok = false;
        window.screen = text.toInt(&ok);
        if (!ok || window.screen < 1)
            *error = QStringLiteral("--screen: give a screen number from 1, not \"%1\"").arg(text);
    }
    return window;
}

} // namespace

Invocation parseInvocation(const QStringList &arguments, const QList<CommandSyntax> &commands)
{
    Invocation invocation;
    const CommandSyntax *syntax = nullptr;
    for (const CommandSyntax &command : commands) {
        if (arguments.size() > 1 && arguments.at(1) == command.name)
            syntax = &command;
    }
    const auto refuse = [&invocation](const QString &error) {
        invocation.action = Invocation::Action::UsageError;
        invocation.error = error;
        return invocation;
    };

    auto parser = std::make_shared<QCommandLineParser>();
    const QCommandLineOption help = parser->addHelpOption();
    const QCommandLineOption version = parser->addVersionOption();
    parser->addOption({QStringLiteral("presets"),
                       QStringLiteral("Also load preset files from DIR (repeatable)."),
                       QStringLiteral("DIR")});
    QStringList repeatable = {QStringLiteral("presets")};
    if (!syntax || syntax->takesLessons) {
        parser->addOption({QStringLiteral("lessons"),
                           QStringLiteral("Also load lesson files from DIR (repeatable)."),
                           QStringLiteral("DIR")});
        repeatable.append(QStringLiteral("lessons"));
    }
    if (syntax) {
        syntax->declare(*parser);
        repeatable += syntax->repeatable;
    } else {
        declareWindow(*parser, commands);
    }
    invocation.options.m_parser = parser;
    invocation.options.m_skip = syntax ? 1 : 0;
    invocation.command = syntax ? syntax->name : QString();

    if (!parser->parse(syntax ? arguments : withoutToolkitOptions(arguments)))
        return refuse(parser->errorText());
    QStringList checked;
    for (const QString &name : parser->optionNames()) {
        if (checked.contains(name))
            continue;
        checked.append(name);
        // A flag has no values: count how often its name was given.
        const qsizetype count =
            std::max(parser->values(name).size(), parser->optionNames().count(name));
        if (count > 1 && !repeatable.contains(name))
            return refuse(
                QStringLiteral("%1: given %2 times; give it once").arg(dashed(name)).arg(count));
    }
    if (parser->isSet(help) || parser->isSet(QStringLiteral("help-all"))) {
        invocation.action = Invocation::Action::Help;
        return invocation;
    }
    if (parser->isSet(version)) {
        invocation.action = Invocation::Action::Version;
        return invocation;
    }

    invocation.presetFolders = parser->values(QStringLiteral("presets"));
    if (const QString problem = folderProblem(QStringLiteral("presets"), invocation.presetFolders);
        !problem.isEmpty())
        return refuse(problem);
    if (!syntax || syntax->takesLessons) {
        invocation.lessonFolders = parser->values(QStringLiteral("lessons"));
        if (const QString problem =
                folderProblem(QStringLiteral("lessons"), invocation.lessonFolders);
            !problem.isEmpty())
            return refuse(problem);
    }
    if (syntax) {
        invocation.action = Invocation::Action::Command;
        return invocation;
    }
    QString error;
    invocation.window = windowArguments(*parser, arguments.value(1), &error);
    if (!error.isEmpty())
        return refuse(error);
    invocation.action = Invocation::Action::Window;
    return invocation;
}

} // namespace rooflab::app
