#pragma once

#include <QCommandLineParser>
#include <QStringList>

namespace rooflab::cli {

// Parses `arguments` with --help and --version added. Returns false when help or the
// version was printed (the command is done); throws UsageError on a malformed line.
bool parseArguments(QCommandLineParser &parser, const QStringList &arguments);

} // namespace rooflab::cli
