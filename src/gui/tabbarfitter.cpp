#include "tabbarfitter.h"

#include <QEvent>
#include <QFontMetricsF>
#include <QMainWindow>
#include <QTabBar>

#include <cmath>

namespace rooflab::gui {

namespace {

// `font` at `scale` of its size, in points or pixels, whichever it is set in.
QFont scaled(QFont font, double scale)
{
    if (font.pointSizeF() > 0)
        font.setPointSizeF(font.pointSizeF() * scale);
    else
        font.setPixelSize(std::max(1, static_cast<int>(std::floor(font.pixelSize() * scale))));
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
    fit(bar);
}

bool TabBarFitter::eventFilter(QObject *watched, QEvent *event)
{
    if (watched == m_window) {
        if (event->type() == QEvent::ChildPolished) {
            if (auto *bar = qobject_cast<QTabBar *>(static_cast<QChildEvent *>(event)->child()))
                watch(bar);
        }
        return false;
    }
    switch (event->type()) {
    case QEvent::Resize:
    case QEvent::Show:
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
    double scale = 1;
    while (scale > smallestScale + 1e-9 && widthAt(scaled(base, scale)) > bar->width())
        scale -= 0.05;
    // The window's own font where it fits: unset, so that a new text scale reaches the bar.
    const QFont wanted = scale < 1 ? scaled(base, scale) : QFont();
    if (scale < 1 ? bar->font() != wanted : bar->testAttribute(Qt::WA_SetFont))
        bar->setFont(wanted);
    m_fitting = false;
}

} // namespace rooflab::gui
