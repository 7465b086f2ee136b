#pragma once

#include <QStringList>

namespace rooflab::gui {

// Opens the main window (with a scenario file when `arguments` names one); returns the
// exit status.
int runWindow(int &argc, char **argv, const QStringList &arguments);

} // namespace rooflab::gui
