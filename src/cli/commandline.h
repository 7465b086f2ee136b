#pragma once

#include <QStringList>

namespace rooflab::cli {

// The command named by the arguments (list, analyze, export), or empty for the window.
QString commandOf(const QStringList &arguments);

// True when the arguments ask for --help or --version rather than the window.
bool wantsHelpOrVersion(const QStringList &arguments);

// True when the first argument is a bare word that is neither a command nor a file, e.g. a
// mistyped command: runCommand() reports it instead of the window opening it as a scenario.
bool namesUnknownCommand(const QStringList &arguments);

// Runs a command or the top-level --help/--version; needs a Q(Core)Application.
int runCommand(const QStringList &arguments);

// Prints `message` as "rooflab: message" to stderr.
void printError(const QString &message);

} // namespace rooflab::cli
