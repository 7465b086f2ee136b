#pragma once

#include <QtGlobal>

class QChart;
class QWidget;

namespace rooflab::gui {

// What a Qt Charts view under `content` (the batch curve, the time share) needs to draw its
// text whole in the fonts it has now; for a widget without one, its minimum size.
// The width: the widest word of its title or entry of its legend (they wrap), its vertical axes'
// labels and titles beside the plot, within the two fifths of the width Qt Charts lets them have,
// its horizontal axis's labels apart.
int chartWidth(const QWidget *content);
// Whether the vertical axes of `chart` have room for their labels and titles at `width`
// (Qt Charts gives each an equal part of two fifths of the width) with a plot `plotHeight`
// tall (a title longer than the plot is tall is elided).
bool sideAxesFit(const QChart *chart, qreal width, qreal plotHeight);
// The height at `width`: its title and legend (wrapped to that width), its horizontal axis's
// labels and title, within the two fifths of the height Qt Charts lets them have, and a plot
// tall enough for its vertical axis's title and four of its labels, or a line for each of its
// categories (Qt Charts elides a title longer than its axis).
int chartHeight(const QWidget *content, int width);

} // namespace rooflab::gui
