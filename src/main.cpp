// RoofLab's entry point: a command runs headless; anything else opens the window.
#include "commandline.h"
#include "commands.h"
#include "gui.h"

#include <QApplication>
#include <QCoreApplication>

#include <csignal>

int main(int argc, char *argv[])
{
    // Past a file size limit (ulimit -f) a write fails with "File too large" and the export
    // reports it, instead of the process being killed half-way through a file.
    std::signal(SIGXFSZ, SIG_IGN);
    QStringList arguments;
    for (int i = 0; i < argc; ++i)
        arguments.append(QString::fromLocal8Bit(argv[i]));

    const QString command = rooflab::cli::commandOf(arguments);
    if (command == QLatin1String("export"))
        return rooflab::cli::runExport(argc, argv, arguments);
    if (!command.isEmpty() || rooflab::cli::wantsHelpOrVersion(arguments) ||
        rooflab::cli::namesUnknownCommand(arguments)) {
        QCoreApplication app(argc, argv);
        QCoreApplication::setApplicationName(QStringLiteral("rooflab"));
        return rooflab::cli::runCommand(arguments);
    }
    return rooflab::gui::runWindow(argc, argv, arguments);
}
