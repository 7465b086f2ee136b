#pragma once

#include <QString>

class QApplication;
class QFont;

namespace rooflab::gui {

// Applies the window theme to the whole application: Fusion style with a light or dark
// palette (the chart-only themes "print" and "colorblind" keep the light window), and
// fonts scaled by `textScale` (for projectors).
void applyTheme(QApplication &app, const QString &theme, double textScale);

// The application's font before any text scale: what views that scale their own text (the
// Qt Charts views) multiply, so the scale is applied once, not twice.
QFont unscaledFont();

// True when `theme` draws the window dark.
bool isDarkTheme(const QString &theme);

} // namespace rooflab::gui
