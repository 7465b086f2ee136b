#include "measuredlabel.h"

#include <QEvent>

namespace rooflab::gui {

namespace {

// A layout pass asks for a handful of widths (the label's own, its minimum, a scroll area's
// viewport); more than that are not worth remembering.
constexpr qsizetype keptMeasures = 4;

} // namespace

MeasuredLabel::MeasuredLabel(QWidget *parent) : QLabel(parent) {}

MeasuredLabel::MeasuredLabel(const QString &text, QWidget *parent) : QLabel(text, parent) {}

bool MeasuredLabel::sameKey() const
{
    return m_text == text() && m_margin == margin() && m_indent == indent() &&
           m_alignment == alignment() && m_wordWrap == wordWrap() && m_format == textFormat() &&
           m_contents == contentsMargins();
}

void MeasuredLabel::rememberKey() const
{
    m_text = text();
    m_margin = margin();
    m_indent = indent();
    m_alignment = alignment();
    m_wordWrap = wordWrap();
    m_format = textFormat();
    m_contents = contentsMargins();
    m_measures.clear();
}

int MeasuredLabel::heightForWidth(int width) const
{
    if (!sameKey())
        rememberKey();
    for (const Measure &measure : std::as_const(m_measures)) {
        if (measure.width == width)
            return measure.height;
    }
    const int height = QLabel::heightForWidth(width);
    if (m_measures.size() == keptMeasures)
        m_measures.removeFirst();
    m_measures.append({.width = width, .height = height});
    return height;
}

void MeasuredLabel::changeEvent(QEvent *event)
{
    m_measures.clear(); // a new font, style or direction: measure again
    QLabel::changeEvent(event);
}

} // namespace rooflab::gui
