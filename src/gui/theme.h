#pragma once

#include <QString>

class QApplication;

namespace rooflab::gui {

// Applies the window theme to the whole application: Fusion style with a light or dark
// palette (the chart-only themes "print" and "colorblind" keep the light window), and
// fonts scaled up for projectors when `largeText` is set.
void applyTheme(QApplication &app, const QString &theme, bool largeText);

// The name a theme is offered under: "Light", "Dark", "Print (greyscale-safe)",
// "Colour-blind safe"; the name itself when unknown.
QString themeDisplayName(const QString &theme);

// True when `theme` draws the window dark.
bool isDarkTheme(const QString &theme);

// Font scale of the larger-text option.
inline constexpr double largeTextScale = 1.35;

} // namespace rooflab::gui
