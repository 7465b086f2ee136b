#pragma once

#include "chartoptions.h"

#include <QColor>
#include <QList>
#include <QStringList>

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
    // The palette slot of each device shown, by its index in the figure; empty: the index
    // itself. Set by assignDeviceSlots() so a device keeps its colour in every figure.
    QList<int> deviceSlots;

    // The theme's colours.
    static ChartTheme forTheme(Theme theme);

    // Colour of the i-th device shown (the palette repeats past its end).
    QColor deviceColor(int index) const;
    // Gives each of `deviceIds` (the devices shown, in figure order) a palette slot of its
    // own that depends on its id, not on its place in the list (README.md, "rooflab export").
    void assignDeviceSlots(const QStringList &deviceIds);
    // Line style of the i-th device's roofs: solid except in greyscale themes.
    Qt::PenStyle deviceLineStyle(int index) const;

private:
    int slotOf(int index) const;
};

// The palette slot a device asks for before clashes are settled (any number >= 0; taken
// modulo the palette's size).
int preferredDeviceSlot(const QString &deviceId);

} // namespace rooflab
