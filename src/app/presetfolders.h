#pragma once

#include "catalog.h"

#include <QStringList>

namespace rooflab::app {

// The built-in presets, the user's folder and `extraFolders`, with the problems of any
// file that did not load written to stderr as warnings (nothing already loaded is lost).
Catalog loadCatalog(const QStringList &extraFolders);

// Prints `message` as "rooflab: message" to stderr.
void printError(const QString &message);

} // namespace rooflab::app
