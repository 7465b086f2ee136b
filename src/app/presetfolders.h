#pragma once

#include "catalog.h"

#include <QCommandLineOption>
#include <QStringList>

namespace rooflab::app {

// --presets DIR (repeatable): more preset folders, for the window and every command.
QCommandLineOption presetFolderOption();

// The built-in presets, the user's folder and `extraFolders`, with the problems of any
// file that did not load written to stderr as warnings (nothing already loaded is lost).
Catalog loadCatalog(const QStringList &extraFolders);

// Prints `message` as "rooflab: message" to stderr.
void printError(const QString &message);

} // namespace rooflab::app
