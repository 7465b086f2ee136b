#pragma once

#include <QColor>
#include <QProxyStyle>

namespace rooflab::gui {

// Fusion with a focus frame that can be seen from the back of a room: a 2 px outline in
// the theme's focus colour around the spin box, combo box, slider, line edit, check box or
// radio button that has the keyboard focus. Fusion's own outline is one faint pixel, and a
// style sheet border there would replace the arrows and grooves these controls draw (the
// sheets frame lists and buttons themselves: resources/styles/*.qss).
class FocusFrameStyle : public QProxyStyle
{
    Q_OBJECT

public:
    explicit FocusFrameStyle(QStyle *base);

    void setFocusColor(const QColor &color) { m_focus = color; }
    QColor focusColor() const { return m_focus; }

    void drawComplexControl(ComplexControl control, const QStyleOptionComplex *option,
                            QPainter *painter, const QWidget *widget = nullptr) const override;
    void drawPrimitive(PrimitiveElement element, const QStyleOption *option, QPainter *painter,
                       const QWidget *widget = nullptr) const override;

private:
    void drawFrame(const QRect &rect, QPainter *painter) const;

    QColor m_focus{0x1a, 0x6f, 0xd8};
};

} // namespace rooflab::gui
