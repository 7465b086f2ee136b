#pragma once

class QAction;
class QDockWidget;

namespace rooflab::gui {

// A View menu entry for `dock`: shows a hidden dock, brings one that is a tab behind another
// to the front, and hides one that is in view (Qt's own toggle would hide a dock behind a
// tab, a change the user cannot see). Named by the dock's accessible name where it has one.
QAction *dockToggleAction(QDockWidget *dock);

} // namespace rooflab::gui
