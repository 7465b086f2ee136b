#pragma once

#include "axismapping.h"

#include <QFont>
#include <QRectF>
#include <QSize>
#include <QStringList>

namespace rooflab {

struct SceneModel;

// Where a figure's legend goes, decided once per figure layout from inputs that do not move
// with the batch (docs/labels.md): inside the plot in a corner no point can reach, or in a
// margin to the right of or below the plot.
struct LegendSlot
{
    enum class Place { Inside, Right, Below };
    Place place = Place::Inside;
    // Inside: the corner's box for the scene's own legend lines (empty: search the plot, as a
    // frame laid out on its own does). Outside: the margin the legend is drawn in.
    QRectF rect;
    int columns = 1;
    // When fixed(): the legend lines it holds (numbered labels take what the scene's own
    // lines leave) and the widest text a line may have there. Below the plot the lines are
    // flowed in `rows` rows by their own widths (LegendLayout::flow), and `lines` is what
    // the spare row holds for numbered labels.
    int lines = 0;
    int rows = 0;
    double textWidth = 0;
    // In a margin sized for the scene's own lines only, or inside a figure too small for any
    // margin: a roof or slope label that finds no room on its line is counted in a note
    // rather than added to the legend.
    bool compact = false;
    // The legend's font size in pixels when the layout made it smaller than the scene's to
    // find it a margin outside the plot (large text in a small figure); 0: the scene's own.
    int fontPixels = 0;

    bool outside() const { return place != Place::Inside; }
    // Decided by the figure's layout (else the frame searches the plot for a place).
    bool fixed() const { return outside() || !rect.isEmpty(); }
    bool operator==(const LegendSlot &) const = default;
};

// The font the legend is drawn in `slot` with: the scene's legend font, at the slot's size.
QFont legendFontOf(const SceneModel &model, const LegendSlot &slot);

// `text` in lines no wider than `width` for a legend outside the plot: broken at its " · "
// first, then between words; only a word too long alone is cut.
QStringList wrapLegendText(const QFont &font, const QString &text, double width);
// Joins `parts` with `separator` into lines no wider than `width`; a part too wide alone
// stays alone (the caller breaks it further).
QStringList joinedLines(const QFont &font, const QStringList &parts, const QString &separator,
                        double width);

// The room between the plot and the legend beside or under it, pixels at text scale 1.
inline constexpr double legendMarginGap = 14;

// The legend's place for `model` in a figure of `size` whose plot, legend inside, would be
// `map`.
// Outside when the legend inside would cover more than a fifth of the plot or no corner of
// the plot keeps it clear of every place a point can take (above every device's roofline).
// With text larger than 100 % the legend's font may shrink, down to its size at 135 % text,
// when at its own size it finds no margin outside.
LegendSlot chooseLegendSlot(const SceneModel &model, const AxisMapping &map, const QSize &size);

} // namespace rooflab
