#pragma once

#include <QString>

namespace rooflab::gui {

// How the window draws, as opposed to what it analyses: not part of the undo history.
struct DisplayOptions
{
    QString theme = QStringLiteral("light"); // "light" or "dark"
    bool largeText = false;                  // projector-friendly fonts
    bool showLegend = true;
    bool showZones = true;
    bool animate = true;

    bool operator==(const DisplayOptions &other) const = default;
};

} // namespace rooflab::gui
