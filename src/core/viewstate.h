#pragma once

#include <QString>

namespace rooflab {

// How a scenario is shown: what a scenario file keeps beside the numbers so a figure
// reopens exactly as it was. Plain values only; the GUI maps them to its own types.
struct ViewState
{
    QString selectedDevice; // the selected point; empty: none
    QString selectedOperator;
    double xMin = 0, xMax = 0; // intensity range shown (FLOP/byte); 0,0: follow the content
    double yMin = 0, yMax = 0; // FLOP/s range shown; 0,0: follow the content
    QString theme = QStringLiteral("light"); // light, dark, print, colorblind
    int width = 1600;                        // figure size in pixels at scale 1
    int height = 1000;
    bool showLegend = true;
    bool largeText = false;
    bool caption = false; // an exported figure carries the caption table of the selection

    bool operator==(const ViewState &other) const = default;
};

} // namespace rooflab
