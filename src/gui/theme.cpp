#include "theme.h"

#include "focusstyle.h"
#include "presentation.h"

#include <QApplication>
#include <QCoreApplication>
#include <QFile>
#include <QFont>
#include <QPalette>
#include <QStyle>
#include <QStyleFactory>
#include <QWidget>

namespace rooflab::gui {

namespace {

QPalette darkPalette()
{
    const QColor window(0x2b, 0x2d, 0x31);
    const QColor base(0x1f, 0x21, 0x24);
    const QColor text(0xe6, 0xe6, 0xe6);
    const QColor disabled(0x80, 0x80, 0x80);
    const QColor highlight(0x3d, 0x7e, 0xd6);
    QPalette p;
    p.setColor(QPalette::Window, window);
    p.setColor(QPalette::WindowText, text);
    p.setColor(QPalette::Base, base);
    p.setColor(QPalette::AlternateBase, window);
    p.setColor(QPalette::ToolTipBase, base);
    p.setColor(QPalette::ToolTipText, text);
    p.setColor(QPalette::PlaceholderText, disabled);
    p.setColor(QPalette::Text, text);
    p.setColor(QPalette::Button, window);
    p.setColor(QPalette::ButtonText, text);
    p.setColor(QPalette::BrightText, Qt::white);
    p.setColor(QPalette::Light, window.lighter(150));
    p.setColor(QPalette::Midlight, window.lighter(125));
    p.setColor(QPalette::Mid, window.darker(120));
    p.setColor(QPalette::Dark, window.darker(150));
    p.setColor(QPalette::Shadow, Qt::black);
    p.setColor(QPalette::Highlight, highlight);
    p.setColor(QPalette::HighlightedText, Qt::white);
    p.setColor(QPalette::Link, highlight.lighter(140));
    p.setColor(QPalette::LinkVisited, highlight.lighter(120));
    for (const QPalette::ColorRole role :
         {QPalette::WindowText, QPalette::Text, QPalette::ButtonText}) {
        p.setColor(QPalette::Disabled, role, disabled);
    }
    return p;
}

QString styleSheet(const QString &resource)
{
    QFile file(resource);
    if (!file.open(QIODevice::ReadOnly))
        return {};
    return QString::fromUtf8(file.readAll());
}

} // namespace

bool isDarkTheme(const QString &theme)
{
    const ThemeInfo *info = themeInfo(theme);
    return info && info->darkWindow;
}

QFont unscaledFont()
{
    // The application font before any scaling, kept so toggling does not compound.
    static const QFont baseFont = QApplication::font();
    return baseFont;
}

void applyTheme(QApplication &app, const QString &theme, double textScale)
{
    const QFont baseFont = unscaledFont();
    // Fusion with a visible focus frame, set once: with a style sheet active, app.style() is
    // the sheet's wrapper.
    static FocusFrameStyle *const fusion = [&app] {
        auto *style = new FocusFrameStyle(QStyleFactory::create(QStringLiteral("Fusion")));
        app.setStyle(style);
        return style;
    }();
    QFont font = baseFont;
    if (textScale != 1) {
        if (font.pointSizeF() > 0)
            font.setPointSizeF(font.pointSizeF() * textScale);
        else
            font.setPixelSize(static_cast<int>(font.pixelSize() * textScale));
    }
    // Without a sheet first: widgets a sheet has polished keep the font it gave them, so a
    // new size would reach only some of the window.
    app.setStyleSheet(QString());
    QApplication::setFont(font);
    // Before the event loop runs (a scenario opened from the command line, a test) Qt does
    // not tell the existing widgets; tell them, so every dock takes the new size.
    QEvent fontChange(QEvent::ApplicationFontChange);
    const QWidgetList widgets = QApplication::allWidgets();
    for (QWidget *widget : widgets)
        QCoreApplication::sendEvent(widget, &fontChange);
    // Setting the style sheet last re-polishes every widget, so the new font reaches the
    // widgets a style sheet already styled.
    const bool dark = isDarkTheme(theme);
    // The same blues as the sheets' focus borders of lists and buttons.
    fusion->setFocusColor(dark ? QColor(0x6a, 0xa8, 0xff) : QColor(0x1a, 0x6f, 0xd8));
    app.setPalette(dark ? darkPalette() : fusion->standardPalette());
    app.setStyleSheet(styleSheet(dark ? QStringLiteral(":/rooflab/styles/dark.qss")
                                      : QStringLiteral(":/rooflab/styles/light.qss")));
}

} // namespace rooflab::gui
