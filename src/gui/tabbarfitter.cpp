#include "tabbarfitter.h"

#include <QEvent>
#include <QFontMetricsF>
#include <QMainWindow>
#include <QTabBar>

#include <algorithm>
#include <cmath>

namespace rooflab::gui {

namespace {

// `font` at `scale` of its size, in points or pixels, whichever it is set in.
QFont scaled(QFont font, double scale)
{
    if (font.pointSizeF() > 0)
        font.setPointSizeF(font.pointSizeF() * scale);
    else
        font.setPixelSize(
            std::max(1, static_cast<int>(std::floor(font.pixelSize() * scale + 1e-6))));
    return font;
}

} // namespace

TabBarFitter::TabBarFitter(QMainWindow *window) : QObject(window), m_window(window)
{
    window->installEventFilter(this);
    for (QTabBar *bar : window->findChildren<QTabBar *>(Qt::FindDirectChildrenOnly))
        watch(bar);
}

void TabBarFitter::watch(QTabBar *bar)
{
    bar->removeEventFilter(this); // at most once
    bar->installEventFilter(this);
    // Whole names: a bar the window made elides them, and its tabs then measure narrower
    // than their text, which would hide what is to be fitted.
    bar->setElideMode(Qt::ElideNone);
    bar->setUsesScrollButtons(true);
    fit(bar);
}

bool TabBarFitter::eventFilter(QObject *watched, QEvent *event)
{
    if (watched == m_window) {
        if (event->type() == QEvent::ChildPolished) {
            if (auto *bar = qobject_cast<QTabBar *>(static_cast<QChildEvent *>(event)->child()))
                watch(bar);
        } else if (event->type() == QEvent::FontChange) {
            // A new text scale: the window's font is new here, while a bar with a font of its
            // own may have had its ApplicationFontChange before the window had it.
            for (QTabBar *bar : m_window->findChildren<QTabBar *>(Qt::FindDirectChildrenOnly))
                fit(bar);
        }
        return false;
    }
    switch (event->type()) {
    case QEvent::Resize:
    case QEvent::Show:
    // Under X a bar's tabs are laid out anew after its last Resize (the laptop's window at
    // 225 % showed "Compare" behind the arrows again without this); offscreen they are not.
    case QEvent::LayoutRequest:
    case QEvent::ApplicationFontChange:
        if (auto *bar = qobject_cast<QTabBar *>(watched))
            fit(bar);
        break;
    default:
        break;
    }
    return false;
}

void TabBarFitter::fit(QTabBar *bar)
{
    if (m_fitting || bar->count() == 0 || bar->width() <= 0)
        return;
    m_fitting = true;
    // What a tab adds to its text (padding, frame) stays; the text shrinks with the font.
    // The bar lays its tabs out at the width they ask for, arrows or not.
    const QFontMetricsF current(bar->font());
    double frames = 0;
    for (int i = 0; i < bar->count(); ++i)
        frames += bar->tabRect(i).width() - current.horizontalAdvance(bar->tabText(i));
    const QFont base = m_window->font();
    const auto widthAt = [&](const QFont &font) {
        const QFontMetricsF metrics(font);
        double width = frames;
        for (int i = 0; i < bar->count(); ++i)
            width += std::ceil(metrics.horizontalAdvance(bar->tabText(i)));
        return width;
    };
    // In whole steps of 5 %, so that the last is 80 % exactly.
    const int lastStep = static_cast<int>(std::lround((1 - smallestScale) / 0.05));
    int step = 0;
    while (step < lastStep && widthAt(scaled(base, 1 - 0.05 * step)) > bar->width())
        ++step;
    const double scale = 1 - 0.05 * step;
    // The window's own font where it fits: unset, so that a new text scale reaches the bar.
    const QFont wanted = scale < 1 ? scaled(base, scale) : QFont();
    if (scale < 1 ? bar->font() != wanted : bar->testAttribute(Qt::WA_SetFont))
        bar->setFont(wanted);
    m_fitting = false;
}

} // namespace rooflab::gui
