#include "windowlayout.h"

#include <QAction>
#include <QApplication>
#include <QDockWidget>
#include <QKeyEvent>
#include <QMainWindow>
#include <QMenu>
#include <QMenuBar>
#include <QScreen>
#include <QScrollArea>
#include <QScrollBar>
#include <QSpinBox>
#include <QStyle>
#include <QStyleOption>

#include <algorithm>
#include <cmath>

namespace rooflab::gui {

namespace {

constexpr QSize designedSize(1600, 1000);
// The chart's least share of the window's width on a first layout.
constexpr double chartShare = 0.55;

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

DockLayout::DockLayout(QMainWindow *window, QDockWidget *left, QDockWidget *right,
                       QDockWidget *bottom)
    : QObject(window), m_window(window), m_left(left), m_right(right), m_bottom(bottom)
{
    window->installEventFilter(this);
}

void DockLayout::fitToWidth(int width)
{
    if (m_suspended || m_window->isFullScreen())
        return;
    const int docks = static_cast<int>(width * (1 - chartShare)) - 24; // separators, margins
    // The controls as wide as they need, so they show without scrolling at this text size,
    // and the diagnosis too: a table cut at its right edge reads wrong.
    const int wantLeft = contentWidth(m_left->widget());
    const int wantRight = std::max(contentWidth(m_right->widget()), diagnosisMinimumWidth);
    int left = 0, right = 0;
    if (wantLeft + wantRight <= docks) {
        left = std::max(wantLeft, std::min(docks * 45 / 100, docks - wantRight));
        right = docks - left;
    } else {
        // More than the docks' share: each its part of it, and they scroll, so the chart
        // keeps its share of the width.
        left = static_cast<int>(std::lround(double(docks) * wantLeft / (wantLeft + wantRight)));
        // Neither below its least width: the window would take it from the chart.
        const int leastLeft = m_left->minimumSizeHint().width();
        const int leastRight = m_right->minimumSizeHint().width();
        left = std::clamp(left, leastLeft, std::max(leastLeft, docks - leastRight));
        right = docks - left;
    }
    m_window->resizeDocks({m_left, m_right}, {left, right}, Qt::Horizontal);
    // The docks beside the batch curve (the time share) get as much width as it.
    for (QDockWidget *dock : std::as_const(m_modelDocks)) {
        if (m_window->dockWidgetArea(dock) == Qt::BottomDockWidgetArea)
            m_window->resizeDocks({m_bottom, dock}, {width * 3 / 10, width * 3 / 10},
                                  Qt::Horizontal);
    }
    // The batch curve below: a third of the height at most (under 900 px, 30 %), so the
    // chart keeps the rest.
    const int height = m_window->height();
    const int share = height < 900 ? height * 3 / 10 : height / 3;
    m_window->resizeDocks({m_bottom}, {std::max(m_bottom->minimumSizeHint().height(), share)},
                          Qt::Vertical);
}

void DockLayout::showModelDocks(bool model)
{
    if (m_suspended || m_model == model)
        return;
    m_model = model;
    for (QDockWidget *dock : std::as_const(m_modelDocks))
        dock->setVisible(model);
}

bool DockLayout::eventFilter(QObject *watched, QEvent *event)
{
    if (watched != m_window || event->type() != QEvent::Resize || m_suspended ||
        m_window->isFullScreen())
        return QObject::eventFilter(watched, event);
    const QSize size = static_cast<QResizeEvent *>(event)->size();
    const QSize old = m_size;
    m_size = size;
    if (!old.isValid() || old.isEmpty() || !m_window->isVisible())
        return QObject::eventFilter(watched, event);
    const double wide = double(size.width()) / old.width();
    const double tall = double(size.height()) / old.height();
    QList<QDockWidget *> horizontal;
    QList<int> widths;
    for (QDockWidget *dock : {m_left, m_right}) {
        if (dock->isVisible() && !dock->isFloating()) {
            horizontal.append(dock);
            widths.append(static_cast<int>(std::lround(dock->width() * wide)));
        }
    }
    if (!horizontal.isEmpty() && wide != 1)
        m_window->resizeDocks(horizontal, widths, Qt::Horizontal);
    if (m_bottom->isVisible() && !m_bottom->isFloating() && tall != 1)
        m_window->resizeDocks(
            {m_bottom}, {static_cast<int>(std::lround(m_bottom->height() * tall))}, Qt::Vertical);
    return QObject::eventFilter(watched, event);
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
