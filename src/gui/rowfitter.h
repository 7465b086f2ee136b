#pragma once

// Item views sized to show every row, for panels that scroll as a whole.

class QAbstractItemView;

namespace rooflab::gui {

// Keeps `view` exactly as tall as its rows (and header and frame), with no vertical scroll
// bar of its own, refitting when rows, their text or the font change. A list inside a
// scrolling dock showed one or two rows above the dock's edge, and the reader had two scroll
// bars to work; now only the dock scrolls.
void fitToRows(QAbstractItemView *view);

// The height that shows every row of `view`, as its rows are laid out; for a list, right only
// with offsets in pixels (QAbstractItemView::ScrollPerPixel, as fitToRows() sets).
int heightForAllRows(const QAbstractItemView *view);

} // namespace rooflab::gui
