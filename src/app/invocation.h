#pragma once

// The command line, parsed once for the window and every command (docs/architecture.md
// "Where arguments are parsed"). Qt Core only: main.cpp parses before it knows which kind
// of application object to create.

#include <QCommandLineParser>
#include <QList>
#include <QString>
#include <QStringList>

#include <functional>
#include <memory>
#include <utility>

namespace rooflab::app {

// What `rooflab NAME ...` accepts, declared once by the command that runs it.
struct CommandSyntax
{
    QString name;
    // (usage, what it does) lines for `rooflab --help`.
    QList<std::pair<QString, QString>> synopsis;
    // Adds the description, the positional arguments and the command's own options; the
    // shared ones (--help, --version, --presets, --lessons) are added by the parser.
    std::function<void(QCommandLineParser &)> declare;
    // Own options that may be given more than once (any other given twice is refused).
    QStringList repeatable;
    bool takesLessons = false; // accepts --lessons DIR
};

struct Invocation;

// The options of one parsed command line, read by name (any alias of an option answers).
class ParsedOptions
{
public:
    bool isSet(const QString &name) const;
    QString value(const QString &name) const;
    QStringList values(const QString &name) const;
    // The names as given, in order (an option given twice appears twice).
    QStringList optionNames() const;
    // The positional arguments after the command's name (for the window: all of them).
    QStringList positionalArguments() const;
    // The --help text; needs a QCoreApplication, whose first argument names the program.
    QString helpText() const;

private:
    friend Invocation parseInvocation(const QStringList &, const QList<CommandSyntax> &);
    std::shared_ptr<const QCommandLineParser> m_parser;
    qsizetype m_skip = 0; // the command's name among the positional arguments
};

// What the window was asked to open.
struct WindowArguments
{
    QString file;           // a scenario file or a chart exported by RoofLab; may be empty
    bool presenter = false; // start in the presenter view
    int screen = 0;         // --screen N, counted from 1; 0 when not given
};

// The parsed command line: what to run, with its options, or why the line is refused.
struct Invocation
{
    enum class Action { Window, Command, Help, Version, UsageError };
    Action action = Action::Window;
    QString command; // the command's name; empty for the window
    QString error;   // with UsageError: "ARGUMENT: reason", one line
    // Shared by the window and the commands, checked here once.
    QStringList presetFolders;
    QStringList lessonFolders;
    WindowArguments window;
    ParsedOptions options;
};

// Parses `arguments` (the program first) against the window's options and `commands`.
// A first argument that names a command runs it; anything else is for the window.
Invocation parseInvocation(const QStringList &arguments, const QList<CommandSyntax> &commands);

} // namespace rooflab::app
