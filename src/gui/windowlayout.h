#pragma once

#include <QList>
#include <QObject>
#include <QPointer>
#include <QSize>

#include <optional>

class QAction;
class QDockWidget;
class QMainWindow;
class QScreen;
class QScrollArea;
class QWidget;

namespace rooflab::gui {

// The Diagnosis dock's least width: what its tables need at 100 % text (they do not count
// in the panel's minimum size).
inline constexpr int diagnosisMinimumWidth = 260;

// What the side docks may take of a window `width` wide: all but the chart's least share
// (55 %) on a first layout, less the separators and margins.
int sideRoom(int width);

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

// The docks DockLayout arranges: a column either side of the chart and a row below it.
struct WindowDocks
{
    QDockWidget *controls = nullptr;   // the left column
    QDockWidget *diagnosis = nullptr;  // the right column, on top
    QDockWidget *model = nullptr;      // the right column, below (with a model only)
    QDockWidget *batchCurve = nullptr; // below the chart
    QDockWidget *share = nullptr;      // beside the batch curve (with a model only)
    QDockWidget *compare = nullptr;    // a tab behind the batch curve
};

// Keeps the docks' share of the window when the window is resized (a wider screen widens
// the docks too, not only the chart), gives the docks their first widths for the window's
// width, and shows the model docks only while there is a model.
//
// Where the two side columns cannot both be as wide as their content within 45 % of the
// window, the layout is compact: the right column's docks become tabs behind the Controls
// in one column on the left, and the docks below the chart tabs of one group where side by
// side they would be narrower than their charts need; where their text needs more than 30 %
// of the height (large text) they become tabs of the one column too (docs/architecture.md,
// "Window layout").
class DockLayout : public QObject
{
    Q_OBJECT

public:
    DockLayout(QMainWindow *window, const WindowDocks &docks);

    // Arranges the docks for `width` (compact or in two columns) and gives them widths that
    // leave the chart at least 55 % of it. Before the window is shown, again when it is.
    void fitToWidth(int width);
    // Whether the side columns need the compact arrangement at `width` with the text as it
    // is now, and whether the docks are so arranged now.
    bool wantsCompact(int width) const;
    bool isCompact() const;
    // Shows or hides the docks that are about a model when there is or is no longer one.
    void showModelDocks(bool model);
    // The height the charts' dock needs to draw their text whole at `width` (the shown
    // charts still where the arrangement put them); fitToWidth() and fitBottomHeight() both
    // decide on it (public for tests).
    int chartsNeed(int width) const;
    // Suspends the above (the presenter view hides every dock).
    void setSuspended(bool suspended) { m_suspended = suspended; }

protected:
    bool eventFilter(QObject *watched, QEvent *event) override;

private:
    // The width `dock` needs to show its content without scrolling across.
    int need(const QDockWidget *dock) const;
    bool docked(const QDockWidget *dock, Qt::DockWidgetArea area) const;
    bool tabbedWith(const QDockWidget *first, const QDockWidget *second) const;
    // Each true when it moved a dock.
    bool arrangeColumns(bool compact);
    bool arrangeBottom(bool tabbed);
    bool arrangeChartsInColumn(bool inColumn);
    void fitColumns(int docks, int wantLeft);
    void fitColumnHeights(int width);
    void fitBottomWidths(int width, int row);
    void fitBottomHeight();
    void scaleToWindow(QSize size, QSize old);
    // A tab of the compact column shown (brought to the front, or shown again with the
    // window) widens the column to what its panel needs (within sideRoom()) where it is
    // narrower: narrowed by the user, or fitted while the panel behind its tab measured less
    // than it does in front (windowlayouttabs.cpp).
    void widenRaisedTabs();
    void widenFor(QDockWidget *dock);

    QMainWindow *m_window;
    WindowDocks m_docks;
    std::optional<bool> m_model; // what the model docks were last set for
    QSize m_size;                // the window's size at the last resize
    bool m_fitOnShow = false;    // fitted before the window had its size on the screen
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
