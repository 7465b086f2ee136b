#pragma once

class QWidget;

namespace rooflab::gui {

// A widget whose text is a given multiple of its parent's size (a small note, a large
// lesson title). A size set with QWidget::setFont stays as it was when the text scale
// changes, and a new style sheet gives a widget back the font it had when first styled, so
// the multiple is kept on the widget and applied again by refreshRelativeFonts().
// A widget without a parent yet takes its size at the next refreshRelativeFonts() of a
// container it went into.
void setRelativeFont(QWidget *widget, double factor, bool bold = false);

// Applies the multiples of `root`'s descendants again, from their parents' fonts as they are
// now. Called by a container from its changeEvent on QEvent::FontChange and StyleChange.
void refreshRelativeFonts(QWidget *root);

} // namespace rooflab::gui
