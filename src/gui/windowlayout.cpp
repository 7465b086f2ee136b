#include "windowlayout.h"

#include "chartneeds.h"
#include "theme.h"

#include <QAction>
#include <QApplication>
#include <QDockWidget>
#include <QKeyEvent>
#include <QLayout>
#include <QMainWindow>
#include <QMenu>
#include <QMenuBar>
#include <QScreen>
#include <QScrollArea>
#include <QScrollBar>
#include <QSpinBox>
#include <QStyle>
#include <QStyleOption>
#include <QTabBar>

#include <algorithm>
#include <cmath>

namespace rooflab::gui {

namespace {

constexpr QSize designedSize(1600, 1000);
// The chart's least share of the window's width on a first layout.
constexpr double chartShare = 0.55;

// The text scale the window's font has now against the unscaled one (docs: View › Text size).
double textScaleNow()
{
    const QFont now = QApplication::font(), base = unscaledFont();
    if (now.pointSizeF() > 0 && base.pointSizeF() > 0)
        return now.pointSizeF() / base.pointSizeF();
    if (now.pixelSize() > 0 && base.pixelSize() > 0)
        return double(now.pixelSize()) / base.pixelSize();
    return 1;
}

void addMenuActions(QMainWindow *window, const QList<QAction *> &actions)
{
    for (QAction *action : actions) {
        if (QMenu *menu = action->menu())
            addMenuActions(window, menu->actions());
        else if (!action->isSeparator() && !action->shortcuts().isEmpty())
            window->addAction(action);
    }
}

// The line edit inside a spin box keeps 2 px either side of its text, and 1 px for the cursor.
constexpr int lineEditMargins = 2 * 2 + 1;

QString widestValue(const QAbstractSpinBox *spin)
{
    if (const auto *i = qobject_cast<const QSpinBox *>(spin))
        return i->prefix() + i->locale().toString(i->maximum()) + i->suffix();
    if (const auto *d = qobject_cast<const QDoubleSpinBox *>(spin))
        return d->prefix() + d->locale().toString(d->maximum(), 'f', d->decimals()) + d->suffix();
    return {};
}

void fitToWidestValue(QAbstractSpinBox *spin)
{
    QStyleOptionSpinBox option;
    option.initFrom(spin);
    // Measured here, not from the size hints: during a font change they are still the old
    // font's (the box drops them after this filter has run).
    option.rect = QRect(0, 0, 1000, spin->fontMetrics().height() + 8);
    option.buttonSymbols = spin->buttonSymbols();
    option.subControls = QStyle::SC_SpinBoxFrame | QStyle::SC_SpinBoxEditField |
                         QStyle::SC_SpinBoxUp | QStyle::SC_SpinBoxDown;
    option.frame = spin->hasFrame();
    // Frame and arrows: what the box takes beyond its edit field.
    const int around = option.rect.width() - spin->style()
                                                 ->subControlRect(QStyle::CC_SpinBox, &option,
                                                                  QStyle::SC_SpinBoxEditField, spin)
                                                 .width();
    const int text = spin->fontMetrics().horizontalAdvance(widestValue(spin));
    spin->setMinimumWidth(text + lineEditMargins + around);
}

class SpinBoxFitter : public QObject
{
public:
    using QObject::QObject;

protected:
    bool eventFilter(QObject *watched, QEvent *event) override
    {
        if (event->type() == QEvent::FontChange || event->type() == QEvent::StyleChange)
            fitToWidestValue(static_cast<QAbstractSpinBox *>(watched));
        return QObject::eventFilter(watched, event);
    }
};

} // namespace

int sideRoom(int width)
{
    return static_cast<int>(width * (1 - chartShare)) - 24;
}

void keepSpinBoxValuesWhole(QWidget *root)
{
    auto *fitter = new SpinBoxFitter(root);
    const QList<QAbstractSpinBox *> spins = root->findChildren<QAbstractSpinBox *>();
    for (QAbstractSpinBox *spin : spins) {
        fitToWidestValue(spin);
        spin->installEventFilter(fitter);
    }
}

QSize firstStartSize(const QScreen *screen)
{
    if (!screen)
        return designedSize;
    const QSize available = screen->availableGeometry().size();
    return {std::min(designedSize.width(), static_cast<int>(available.width() * 0.9)),
            std::min(designedSize.height(), static_cast<int>(available.height() * 0.9))};
}

QScrollArea *scrollable(QWidget *content)
{
    auto *scroll = new QScrollArea;
    scroll->setWidget(content);
    scroll->setWidgetResizable(true);
    scroll->setFrameShape(QFrame::NoFrame);
    return scroll;
}

int contentWidth(const QWidget *dock)
{
    const auto *scroll = qobject_cast<const QScrollArea *>(dock);
    if (!scroll || !scroll->widget())
        return dock->minimumSizeHint().width();
    const int bar = scroll->style()->pixelMetric(QStyle::PM_ScrollBarExtent, nullptr, scroll);
    return scroll->widget()->minimumSizeHint().width() + bar + 2;
}

DockLayout::DockLayout(QMainWindow *window, const WindowDocks &docks)
    : QObject(window), m_window(window), m_docks(docks)
{
    window->installEventFilter(this);
    widenRaisedTabs();
}

int DockLayout::need(const QDockWidget *dock) const
{
    if (dock == m_docks.diagnosis) // its tables do not count in its minimum size
        return std::max(contentWidth(dock->widget()),
                        static_cast<int>(diagnosisMinimumWidth * textScaleNow()));
    if (dock == m_docks.batchCurve || dock == m_docks.share)
        return chartWidth(dock->widget());
    return contentWidth(dock->widget());
}

bool DockLayout::docked(const QDockWidget *dock, Qt::DockWidgetArea area) const
{
    return !dock->isFloating() && m_window->dockWidgetArea(const_cast<QDockWidget *>(dock)) == area;
}

bool DockLayout::tabbedWith(const QDockWidget *first, const QDockWidget *second) const
{
    return m_window->tabifiedDockWidgets(const_cast<QDockWidget *>(first))
        .contains(const_cast<QDockWidget *>(second));
}

bool DockLayout::wantsCompact(int width) const
{
    // Both columns as wide as their content, the model dock's counted with or without a
    // model, so that picking one does not change the arrangement.
    const int right = std::max(need(m_docks.diagnosis), need(m_docks.model));
    return need(m_docks.controls) + right > sideRoom(width);
}

bool DockLayout::isCompact() const
{
    return tabbedWith(m_docks.controls, m_docks.diagnosis) ||
           tabbedWith(m_docks.controls, m_docks.model);
}

// Moves only the docks that sit where the other arrangement put them: a dock the user moved
// elsewhere or floated stays where it is.
bool DockLayout::arrangeColumns(bool compact)
{
    QDockWidget *controls = m_docks.controls;
    if (!docked(controls, Qt::LeftDockWidgetArea))
        return false;
    bool moved = false;
    for (QDockWidget *dock : {m_docks.diagnosis, m_docks.model}) {
        if (compact && docked(dock, Qt::RightDockWidgetArea)) {
            m_window->tabifyDockWidget(controls, dock);
            moved = true;
        } else if (!compact && tabbedWith(controls, dock)) {
            // Below the ones moved back before it: the diagnosis on top, the model step under.
            m_window->addDockWidget(Qt::RightDockWidgetArea, dock, Qt::Vertical);
            moved = true;
        }
    }
    return moved;
}

bool DockLayout::arrangeBottom(bool tabbed)
{
    QDockWidget *batch = m_docks.batchCurve;
    if (!docked(batch, Qt::BottomDockWidgetArea))
        return false;
    if (tabbed) {
        bool moved = false;
        for (QDockWidget *dock : {m_docks.share, m_docks.compare}) {
            if (docked(dock, Qt::BottomDockWidgetArea) && !tabbedWith(batch, dock)) {
                m_window->tabifyDockWidget(batch, dock);
                moved = true;
            }
        }
        return moved;
    }
    if (!tabbedWith(batch, m_docks.share))
        return false;
    m_window->addDockWidget(Qt::BottomDockWidgetArea, m_docks.share, Qt::Horizontal);
    return true;
}

// The charts below under the one column's tabs, as tabs of their own (at large text they
// need more height than the row below the chart can give without taking it from the
// roofline chart), or back below the chart: the batch curve, the time share beside it, the
// comparison behind it.
bool DockLayout::arrangeChartsInColumn(bool inColumn)
{
    QDockWidget *batch = m_docks.batchCurve;
    const QList<QDockWidget *> charts = {batch, m_docks.share, m_docks.compare};
    bool moved = false;
    for (QDockWidget *dock : charts) {
        if (inColumn && docked(dock, Qt::BottomDockWidgetArea)) {
            if (dock == batch)
                m_window->addDockWidget(Qt::LeftDockWidgetArea, batch, Qt::Vertical);
            else
                m_window->tabifyDockWidget(batch, dock);
            moved = true;
        } else if (!inColumn && docked(dock, Qt::LeftDockWidgetArea)) {
            m_window->addDockWidget(Qt::BottomDockWidgetArea, dock, Qt::Horizontal);
            if (dock == m_docks.compare)
                m_window->tabifyDockWidget(batch, dock);
            moved = true;
        }
    }
    return moved;
}

// The height the charts' docks need to draw their text whole at `width`: the taller of the
// batch curve and the time share, each with its dock's title bar and, with tabs, the tab bar.
// Only a chart that is shown and docked where the batch curve is counts: the time share
// hidden without a model, or a dock the user floated or moved elsewhere, does not.
int DockLayout::chartsNeed(int width) const
{
    QDockWidget *batch = m_docks.batchCurve;
    if (batch->isFloating())
        return 0;
    const Qt::DockWidgetArea area = m_window->dockWidgetArea(batch);
    const QList<QTabBar *> bars = m_window->findChildren<QTabBar *>();
    int need = 0;
    for (QDockWidget *dock : {batch, m_docks.share}) {
        if (dock->isHidden() || !docked(dock, area))
            continue;
        // The title bar: what the dock's least height adds to its content's.
        const QWidget *content = dock->widget();
        int around = dock->minimumSizeHint().height() -
                     std::max(content->minimumHeight(), content->minimumSizeHint().height());
        for (const QTabBar *bar : bars) {
            for (int i = 0; i < bar->count() && !bar->isHidden(); ++i) {
                if (bar->tabText(i) == dock->windowTitle())
                    around += bar->sizeHint().height();
            }
        }
        need = std::max(need, chartHeight(dock->widget(), width) + around);
    }
    return need;
}

void DockLayout::fitToWidth(int width)
{
    if (m_suspended || m_window->isFullScreen())
        return;
    // Not shown yet, the window may still get another size: fit again when it is shown.
    m_fitOnShow = !m_window->isVisible();
    const bool compact = wantsCompact(width);
    bool moved = arrangeColumns(compact);
    const int docks = sideRoom(width);
    const bool oneColumn = compact && isCompact();
    // One column as wide as the widest of its tabs needs, within the docks' share. Large
    // text in one column: the charts below join it (and count in its width), so the
    // roofline chart keeps the window's height. Else below the chart, side by side where
    // each gets the width it needs.
    const int tabs = std::min(
        std::max({need(m_docks.controls), need(m_docks.diagnosis), need(m_docks.model)}), docks);
    // Whether the charts need more than 30 % of the height at the width they would have below.
    const bool chartsInColumn =
        oneColumn && chartsNeed(width - tabs - 12) > m_window->height() * 3 / 10;
    const int charts = chartsInColumn ? std::max(need(m_docks.batchCurve), need(m_docks.share)) : 0;
    const int column = std::min(std::max(tabs, charts), docks);
    moved = arrangeChartsInColumn(chartsInColumn) || moved;
    if (!chartsInColumn)
        moved = arrangeBottom(oneColumn && need(m_docks.batchCurve) + need(m_docks.share) >
                                               width - column - 12) ||
                moved;
    if (moved) {
        m_window->layout()->activate(); // the docks in their new places before their widths
        // The first of each group in front: the Controls, the batch curve.
        m_docks.controls->raise();
        m_docks.batchCurve->raise();
        // A tab's name whole, with scroll arrows where the tabs are more than the width.
        const QList<QTabBar *> bars = m_window->findChildren<QTabBar *>(Qt::FindDirectChildrenOnly);
        for (QTabBar *bar : bars) {
            bar->setElideMode(Qt::ElideNone);
            bar->setUsesScrollButtons(true);
        }
    }
    if (chartsInColumn)
        fitColumnHeights(column);
    if (oneColumn)
        m_window->resizeDocks({m_docks.controls}, {column}, Qt::Horizontal);
    else
        fitColumns(docks, need(m_docks.controls));
    fitBottomWidths(width, oneColumn ? width - column - 12 : 0);
    fitBottomHeight();
}

// The charts in the column, at `width`, as tall as their text needs, up to two thirds of the
// window's height (the charts below would take no more than 45 %); the Controls' tabs above
// them the rest, scrolling where that is less than they need.
void DockLayout::fitColumnHeights(int width)
{
    QDockWidget *controls = m_docks.controls, *batch = m_docks.batchCurve;
    if (!docked(batch, Qt::LeftDockWidgetArea) || !docked(controls, Qt::LeftDockWidgetArea))
        return;
    const int height = m_window->height();
    const int charts = std::clamp(chartsNeed(width), height / 2, height * 2 / 3);
    m_window->resizeDocks({controls, batch}, {height - charts, charts}, Qt::Vertical);
}

// The batch curve and the time share side by side below the chart: in a `row` of the
// compact arrangement, the time share as wide as it needs, two fifths of the row at least,
// and the batch curve the rest; otherwise (no row) as wide as each other.
void DockLayout::fitBottomWidths(int width, int row)
{
    QDockWidget *batch = m_docks.batchCurve, *share = m_docks.share;
    if (tabbedWith(batch, share) || !docked(share, Qt::BottomDockWidgetArea))
        return;
    if (row > 0) {
        const int shareWidth = std::max(need(share), row * 2 / 5);
        m_window->resizeDocks({batch, share}, {row - shareWidth, shareWidth}, Qt::Horizontal);
    } else {
        m_window->resizeDocks({batch, share}, {width * 3 / 10, width * 3 / 10}, Qt::Horizontal);
    }
}

// The batch curve below: 30 % of the height (a third from 900 px up), so the chart keeps the
// rest; more, up to 45 %, where its charts need it to draw their text whole (large text).
void DockLayout::fitBottomHeight()
{
    QDockWidget *bottom = m_docks.batchCurve;
    if (!docked(bottom, Qt::BottomDockWidgetArea))
        return;
    const int height = m_window->height();
    int want = height < 900 ? height * 3 / 10 : height / 3;
    // Only where that is enough: a row that would still cut the text takes nothing more
    // from the chart.
    const int need = chartsNeed(bottom->widget()->width());
    if (need <= height * 45 / 100)
        want = std::max(want, need);
    m_window->resizeDocks({bottom}, {std::max(bottom->minimumSizeHint().height(), want)},
                          Qt::Vertical);
}

// The two columns' widths within `docks` pixels.
void DockLayout::fitColumns(int docks, int wantLeft)
{
    // The right column's width is set through whichever of its docks is still there.
    QDockWidget *left = m_docks.controls, *right = m_docks.diagnosis;
    if (!docked(right, Qt::RightDockWidgetArea) && docked(m_docks.model, Qt::RightDockWidgetArea))
        right = m_docks.model;
    if (!docked(left, Qt::LeftDockWidgetArea) || !docked(right, Qt::RightDockWidgetArea))
        return; // the user's own arrangement
    const int wantRight = std::max(need(m_docks.diagnosis), need(m_docks.model));
    int leftWidth = 0;
    if (wantLeft + wantRight <= docks) {
        leftWidth = std::max(wantLeft, std::min(docks * 45 / 100, docks - wantRight));
    } else {
        // More than the docks' share (a layout the user kept): each its part of it, and
        // they scroll, so the chart keeps its share of the width.
        leftWidth =
            static_cast<int>(std::lround(double(docks) * wantLeft / (wantLeft + wantRight)));
        // Neither below its least width: the window would take it from the chart.
        const int leastLeft = left->minimumSizeHint().width();
        const int leastRight = right->minimumSizeHint().width();
        leftWidth = std::clamp(leftWidth, leastLeft, std::max(leastLeft, docks - leastRight));
    }
    m_window->resizeDocks({left, right}, {leftWidth, docks - leftWidth}, Qt::Horizontal);
}

void DockLayout::showModelDocks(bool model)
{
    if (m_suspended || m_model == model)
        return;
    m_model = model;
    // The comparison is of the model on each device: without one it has nothing to show.
    for (QDockWidget *dock : {m_docks.model, m_docks.share, m_docks.compare})
        dock->setVisible(model);
    // Hidden, the time share took no width when the layout was fitted: it gets it now.
    if (model && m_window->isVisible() && !m_window->isFullScreen()) {
        m_window->layout()->activate();
        const int width = m_window->width();
        fitBottomWidths(width, isCompact() ? width - m_docks.controls->width() - 12 : 0);
    }
}

bool DockLayout::eventFilter(QObject *watched, QEvent *event)
{
    if (watched != m_window || m_suspended || m_window->isFullScreen())
        return QObject::eventFilter(watched, event);
    if (event->type() == QEvent::Show && m_fitOnShow) {
        fitToWidth(m_window->width()); // the first layout, at the size the window opens with
        m_fitOnShow = false;
        return QObject::eventFilter(watched, event);
    }
    if (event->type() != QEvent::Resize)
        return QObject::eventFilter(watched, event);
    const QSize size = static_cast<QResizeEvent *>(event)->size();
    const QSize old = m_size;
    m_size = size;
    if (!old.isValid() || old.isEmpty() || !m_window->isVisible())
        return QObject::eventFilter(watched, event);
    // Across the width where the columns stop (or start) fitting side by side: arranged
    // anew. Otherwise the docks keep their share, as the user left them.
    if (wantsCompact(old.width()) != wantsCompact(size.width()))
        fitToWidth(size.width());
    else
        scaleToWindow(size, old);
    return QObject::eventFilter(watched, event);
}

void DockLayout::scaleToWindow(QSize size, QSize old)
{
    const double wide = double(size.width()) / old.width();
    const double tall = double(size.height()) / old.height();
    QList<QDockWidget *> horizontal;
    QList<int> widths;
    for (QDockWidget *dock : {m_docks.controls, m_docks.diagnosis}) {
        if (dock->isVisible() && !dock->isFloating()) {
            horizontal.append(dock);
            widths.append(static_cast<int>(std::lround(dock->width() * wide)));
        }
    }
    if (!horizontal.isEmpty() && wide != 1)
        m_window->resizeDocks(horizontal, widths, Qt::Horizontal);
    QDockWidget *bottom = m_docks.batchCurve;
    if (bottom->isVisible() && !bottom->isFloating() && tall != 1)
        m_window->resizeDocks({bottom}, {static_cast<int>(std::lround(bottom->height() * tall))},
                              Qt::Vertical);
}

MenuShortcutFilter::MenuShortcutFilter(QMainWindow *window) : QObject(window), m_window(window) {}

bool MenuShortcutFilter::eventFilter(QObject *watched, QEvent *event)
{
    if (event->type() != QEvent::ShortcutOverride || !watched->isWidgetType() ||
        static_cast<QWidget *>(watched)->window() != m_window)
        return QObject::eventFilter(watched, event);
    auto *key = static_cast<QKeyEvent *>(event);
    const Qt::KeyboardModifiers modifiers = key->modifiers() & ~Qt::KeypadModifier;
    const bool functionKey = key->key() >= Qt::Key_F1 && key->key() <= Qt::Key_F35;
    // Plain and Shift keys are typing; leave them to the field.
    if (!functionKey && !(modifiers & (Qt::ControlModifier | Qt::AltModifier)))
        return QObject::eventFilter(watched, event);
    const QKeySequence pressed(key->keyCombination());
    const QList<QAction *> actions = m_window->findChildren<QAction *>();
    for (const QAction *action : actions) {
        if (!action->isEnabled())
            continue;
        for (const QKeySequence &shortcut : action->shortcuts()) {
            if (shortcut == pressed) {
                // Not accepted: the shortcut map goes on and triggers the action.
                event->ignore();
                return true;
            }
        }
    }
    return QObject::eventFilter(watched, event);
}

void keepShortcutsWithoutMenuBar(QMainWindow *window)
{
    addMenuActions(window, window->menuBar()->actions());
}

} // namespace rooflab::gui
