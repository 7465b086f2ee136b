#pragma once

#include "chartoptions.h"

#include <QColor>
#include <QList>

namespace rooflab {

// The colours and line styles of one chart theme.
struct ChartTheme
{
    QColor background;
    QColor foreground; // text, axes
    QColor muted;      // secondary text, leader lines
    QColor grid;
    QColor subGrid;
    QColor memoryZone;  // fill left of the ridge
    QColor computeZone; // fill right of the ridge
    QColor legendFill;
    QColor legendBorder;
    QColor halo; // ring around the selected point
    QList<QColor> devices;
    bool greyscale = false; // print: devices differ by dash pattern too

    // The theme's colours.
    static ChartTheme forTheme(Theme theme);

    // Colour of the i-th device shown (the palette repeats past its end).
    QColor deviceColor(int index) const;
    // Line style of the i-th device's roofs: solid except in greyscale themes.
    Qt::PenStyle deviceLineStyle(int index) const;
};

} // namespace rooflab
