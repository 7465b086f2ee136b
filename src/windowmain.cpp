// The window's program. `rooflab` runs every command itself and hands the window over to
// this one (main.cpp), so a command never loads Qt Widgets, Qt Charts and QCustomPlot
// (docs/architecture.md "Two programs"). It gets the same arguments and parses them the
// same way; the commands' names mean nothing here.
#include "gui.h"
#include "invocation.h"
#include "presetfolders.h"

#include <csignal>

using rooflab::app::Invocation;

int main(int argc, char *argv[])
{
    // As in main.cpp: past a file size limit an export from the window reports "File too
    // large" instead of the process being killed half-way through a file.
    std::signal(SIGXFSZ, SIG_IGN);
    QStringList arguments;
    for (int i = 0; i < argc; ++i)
        arguments.append(QString::fromLocal8Bit(argv[i]));
    const Invocation invocation = rooflab::app::parseInvocation(arguments, {});
    if (invocation.action == Invocation::Action::UsageError) {
        rooflab::app::printError(invocation.error);
        return 2;
    }
    if (invocation.action != Invocation::Action::Window) {
        rooflab::app::printError(QStringLiteral("the window's program takes the window's "
                                                "arguments only; run rooflab"));
        return 2;
    }
    return rooflab::gui::runWindow(argc, argv, invocation);
}
