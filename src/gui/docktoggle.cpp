#include "docktoggle.h"

#include <QAction>
#include <QDockWidget>

namespace rooflab::gui {

QAction *dockToggleAction(QDockWidget *dock)
{
    // The full name where the title is short for a narrow tab ("Compare" for Compare devices).
    auto *action = new QAction(
        dock->accessibleName().isEmpty() ? dock->windowTitle() : dock->accessibleName(), dock);
    action->setCheckable(true);
    action->setChecked(!dock->isHidden());
    // Shown or hidden by any other means (its close button, the presenter view, a lesson).
    QObject::connect(dock->toggleViewAction(), &QAction::toggled, action, &QAction::setChecked);
    QObject::connect(action, &QAction::triggered, dock, [dock, action] {
        // Qt keeps the docks behind a tab "visible" but outside the window.
        const QWidget *window = dock->parentWidget();
        const bool behindATab = !dock->isHidden() && !dock->isFloating() && window &&
                                !QRect(QPoint(), window->size()).intersects(dock->geometry());
        if (dock->isHidden() || behindATab) {
            dock->show();
            dock->raise();
        } else {
            dock->close();
        }
        action->setChecked(!dock->isHidden());
    });
    return action;
}

} // namespace rooflab::gui
