// DockLayout: the docks' column widens for the tab brought to the front (windowlayout.h).
#include "windowlayout.h"

#include <QDockWidget>
#include <QMainWindow>
#include <QTimer>

#include <algorithm>

namespace rooflab::gui {

void DockLayout::widenRaisedTabs()
{
    for (QDockWidget *dock : {m_docks.controls, m_docks.diagnosis, m_docks.model}) {
        connect(dock, &QDockWidget::visibilityChanged, this, [this, dock](bool visible) {
            // After the tab's panel is laid out in its new place: its labels measure then.
            if (visible)
                QTimer::singleShot(0, this, [this, dock] { widenFor(dock); });
        });
    }
}

void DockLayout::widenFor(QDockWidget *dock)
{
    // Only in the compact arrangement, where the tabs share one column: it is fitted to the
    // widest panel, but one behind a tab may measure more once in front (the Diagnosis, by
    // 4 px under X), or the user may have narrowed the column. Never wider than the docks'
    // share, so the chart keeps its 55 %.
    if (m_suspended || !m_window->isVisible() || m_window->isFullScreen() || !dock->isVisible() ||
        dock->isFloating() || !isCompact() || !docked(dock, Qt::LeftDockWidgetArea))
        return;
    const int want = std::min(need(dock), sideRoom(m_window->width()));
    if (dock->width() < want)
        m_window->resizeDocks({dock}, {want}, Qt::Horizontal);
}

} // namespace rooflab::gui
