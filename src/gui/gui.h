#pragma once

#include "invocation.h"

namespace rooflab::gui {

// Opens the main window as the parsed command line asks (a scenario file, the presenter
// view, a screen, preset and lesson folders); returns the exit status. A screen number
// beyond the screens there are is refused here, with exit status 2.
int runWindow(int &argc, char **argv, const app::Invocation &invocation);

} // namespace rooflab::gui
