#include "focusstyle.h"

#include <QAbstractButton>
#include <QPainter>
#include <QStyleOption>

namespace rooflab::gui {

namespace {

bool hasFocus(const QStyleOption *option)
{
    return (option->state & QStyle::State_HasFocus) && (option->state & QStyle::State_Enabled);
}

} // namespace

FocusFrameStyle::FocusFrameStyle(QStyle *base) : QProxyStyle(base) {}

void FocusFrameStyle::drawFrame(const QRect &rect, QPainter *painter) const
{
    painter->save();
    painter->setRenderHint(QPainter::Antialiasing, true);
    painter->setPen(QPen(m_focus, 2));
    painter->setBrush(Qt::NoBrush);
    // Inside the control's rectangle, so a parent's clip does not cut it.
    painter->drawRoundedRect(QRectF(rect).adjusted(1, 1, -1, -1), 3, 3);
    painter->restore();
}

void FocusFrameStyle::drawComplexControl(ComplexControl control, const QStyleOptionComplex *option,
                                         QPainter *painter, const QWidget *widget) const
{
    QProxyStyle::drawComplexControl(control, option, painter, widget);
    const bool framed = control == CC_SpinBox || control == CC_ComboBox || control == CC_Slider;
    if (framed && hasFocus(option))
        drawFrame(option->rect, painter);
}

void FocusFrameStyle::drawPrimitive(PrimitiveElement element, const QStyleOption *option,
                                    QPainter *painter, const QWidget *widget) const
{
    // A check box's or radio button's focus rectangle: around its text, in the focus colour.
    if (element == PE_FrameFocusRect && qobject_cast<const QAbstractButton *>(widget)) {
        drawFrame(option->rect, painter);
        return;
    }
    QProxyStyle::drawPrimitive(element, option, painter, widget);
    // A line edit of its own (not the edit field inside a spin box or combo box, which
    // their frame covers).
    if (element == PE_PanelLineEdit && hasFocus(option) && widget && widget->parentWidget() &&
        !widget->parentWidget()->inherits("QAbstractSpinBox") &&
        !widget->parentWidget()->inherits("QComboBox"))
        drawFrame(option->rect, painter);
}

} // namespace rooflab::gui
