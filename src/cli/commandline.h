#pragma once

#include "invocation.h"

#include <QList>

namespace rooflab::cli {

// The syntax of every command, in the order `rooflab --help` lists them.
const QList<app::CommandSyntax> &commandSyntaxes();

// Runs the command of `invocation` (list, analyze, compare, lesson; not export, which makes
// its own application object); needs a QCoreApplication. A usage error is printed and gives
// exit status 2.
int runCommand(const app::Invocation &invocation);

// Prints `message` as "rooflab: message" to stderr.
void printError(const QString &message);

} // namespace rooflab::cli
