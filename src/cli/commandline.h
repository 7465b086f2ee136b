#pragma once

#include <QStringList>

namespace rooflab::cli {

// The command named by the arguments (list, analyze, export), or empty for the window.
QString commandOf(const QStringList &arguments);

// True when the arguments ask for --help or --version rather than the window.
bool wantsHelpOrVersion(const QStringList &arguments);

// Runs a command or the top-level --help/--version; needs a Q(Core)Application.
int runCommand(const QStringList &arguments);

// Prints `message` as "rooflab: message" to stderr.
void printError(const QString &message);

} // namespace rooflab::cli
