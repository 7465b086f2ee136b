#include "relativefont.h"

#include <QFont>
#include <QVariant>
#include <QWidget>

namespace rooflab::gui {

namespace {

constexpr char factorProperty[] = "rooflabFontFactor";
constexpr char boldProperty[] = "rooflabFontBold";

void apply(QWidget *widget)
{
    // Not yet in a layout: applied once it has a parent (refreshRelativeFonts()), so that a
    // second call never multiplies the widget's own size again.
    const QWidget *parent = widget->parentWidget();
    if (!parent)
        return;
    QFont font = parent->font();
    const double factor = widget->property(factorProperty).toDouble();
    if (font.pointSizeF() > 0)
        font.setPointSizeF(font.pointSizeF() * factor);
    else
        font.setPixelSize(static_cast<int>(font.pixelSize() * factor));
    font.setBold(widget->property(boldProperty).toBool());
    if (widget->font() != font)
        widget->setFont(font);
}

} // namespace

void setRelativeFont(QWidget *widget, double factor, bool bold)
{
    widget->setProperty(factorProperty, factor);
    widget->setProperty(boldProperty, bold);
    apply(widget);
}

void refreshRelativeFonts(QWidget *root)
{
    const QList<QWidget *> widgets = root->findChildren<QWidget *>();
    for (QWidget *widget : widgets) {
        if (widget->property(factorProperty).isValid())
            apply(widget);
    }
}

} // namespace rooflab::gui
