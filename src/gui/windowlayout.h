#pragma once

#include <QList>
#include <QObject>
#include <QPointer>
#include <QSize>

#include <optional>

class QDockWidget;
class QMainWindow;
class QScreen;
class QScrollArea;
class QWidget;

namespace rooflab::gui {

// The Diagnosis dock's least width: what its tables need at 100 % text (they do not count
// in the panel's minimum size).
inline constexpr int diagnosisMinimumWidth = 260;

// The window's size on a first start: the size it was designed at, or 90 % of the screen's
// free area where that is smaller.
QSize firstStartSize(const QScreen *screen);

// `content` in a scroll area: a dock that scrolls rather than clips its controls when the
// text grows beyond its width or height.
QScrollArea *scrollable(QWidget *content);
// The width `dock` (a dock's widget) needs to show its content without scrolling.
int contentWidth(const QWidget *dock);

// Keeps every spin box under `root` wide enough for its widest value (its maximum, with
// prefix and suffix) beside its arrows, now and after each font or style change: Qt's own
// size hint leaves a few pixels too few once the text is scaled up.
void keepSpinBoxValuesWhole(QWidget *root);

// Keeps the docks' share of the window when the window is resized (a wider screen widens
// the docks too, not only the chart), gives the docks their first widths for the window's
// width, and shows the model docks only while there is a model.
class DockLayout : public QObject
{
    Q_OBJECT

public:
    DockLayout(QMainWindow *window, QDockWidget *left, QDockWidget *right, QDockWidget *bottom);

    // Widths for the left and right docks that leave the chart at least 55 % of `width`.
    void fitToWidth(int width);
    // Shows or hides the docks that are about a model when there is or is no longer one.
    void setModelDocks(const QList<QDockWidget *> &docks) { m_modelDocks = docks; }
    void showModelDocks(bool model);
    // Suspends the above (the presenter view hides every dock).
    void setSuspended(bool suspended) { m_suspended = suspended; }

protected:
    bool eventFilter(QObject *watched, QEvent *event) override;

private:
    QMainWindow *m_window;
    QDockWidget *m_left, *m_right, *m_bottom;
    QList<QDockWidget *> m_modelDocks;
    std::optional<bool> m_model; // what the model docks were last set for
    QSize m_size;                // the window's size at the last resize
    bool m_suspended = false;
};

// Lets the window's Ctrl and function-key shortcuts through while a spin box, combo box or
// line edit has the focus (they would otherwise keep Ctrl+E, Ctrl+Z or Ctrl+Up to
// themselves). Install on the application.
class MenuShortcutFilter : public QObject
{
    Q_OBJECT

public:
    explicit MenuShortcutFilter(QMainWindow *window);

protected:
    bool eventFilter(QObject *watched, QEvent *event) override;

private:
    QMainWindow *m_window;
};

// Adds every menu action to the window as well, so their shortcuts work while the menu bar is
// hidden (presenter view).
void keepShortcutsWithoutMenuBar(QMainWindow *window);

} // namespace rooflab::gui
