// RoofLab's entry point: the command line is parsed once (app::parseInvocation), then a
// command runs headless or the window opens (docs/architecture.md "Where arguments are
// parsed").
#include "commandline.h"
#include "commands.h"
#include "gui.h"
#include "invocation.h"
#include "presetfolders.h"
#include "version.h"

#include <QCoreApplication>
#include <QTextStream>

#include <csignal>

using rooflab::app::Invocation;

int main(int argc, char *argv[])
{
    // Past a file size limit (ulimit -f) a write fails with "File too large" and the export
    // reports it, instead of the process being killed half-way through a file.
    std::signal(SIGXFSZ, SIG_IGN);
    QStringList arguments;
    for (int i = 0; i < argc; ++i)
        arguments.append(QString::fromLocal8Bit(argv[i]));

    const Invocation invocation =
        rooflab::app::parseInvocation(arguments, rooflab::cli::commandSyntaxes());
    switch (invocation.action) {
    case Invocation::Action::UsageError:
        rooflab::app::printError(invocation.error);
        return 2;
    case Invocation::Action::Window:
        return rooflab::gui::runWindow(argc, argv, invocation);
    case Invocation::Action::Command:
        if (invocation.command == QLatin1String("export"))
            return rooflab::cli::runExport(argc, argv, invocation);
        break;
    case Invocation::Action::Help:
    case Invocation::Action::Version:
        break;
    }
    // The help text names the program from the application's arguments.
    QCoreApplication app(argc, argv);
    QCoreApplication::setApplicationName(QStringLiteral("rooflab"));
    QCoreApplication::setApplicationVersion(QStringLiteral(ROOFLAB_VERSION));
    QTextStream out(stdout);
    if (invocation.action == Invocation::Action::Help) {
        out << invocation.options.helpText();
        return 0;
    }
    if (invocation.action == Invocation::Action::Version) {
        out << "rooflab " << ROOFLAB_VERSION << Qt::endl;
        return 0;
    }
    return rooflab::cli::runCommand(invocation);
}
