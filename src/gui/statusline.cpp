#include "statusline.h"

#include <QEvent>
#include <QFontMetrics>
#include <QLabel>

namespace rooflab::gui {

StatusLine::StatusLine(QWidget *parent) : QWidget(parent), m_label(new QLabel(this))
{
    m_label->setTextFormat(Qt::PlainText);
    m_label->setTextInteractionFlags(Qt::TextSelectableByMouse);
}

void StatusLine::setLine(const QString &text)
{
    if (text == m_line)
        return;
    m_line = text;
    elide();
}

QString StatusLine::shownText() const
{
    return m_label->text();
}

QSize StatusLine::sizeHint() const
{
    return {0, m_label->sizeHint().height()};
}

QSize StatusLine::minimumSizeHint() const
{
    return sizeHint();
}

void StatusLine::resizeEvent(QResizeEvent *event)
{
    QWidget::resizeEvent(event);
    m_label->setGeometry(rect());
    elide();
}

void StatusLine::changeEvent(QEvent *event)
{
    QWidget::changeEvent(event);
    if (event->type() == QEvent::FontChange)
        elide(); // a new text size fits more or less of the line
}

void StatusLine::elide()
{
    const int room = m_label->contentsRect().width();
    m_label->setText(room > 0 ? m_label->fontMetrics().elidedText(m_line, Qt::ElideRight, room)
                              : m_line);
}

} // namespace rooflab::gui
