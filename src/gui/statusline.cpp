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

void StatusLine::setLine(const QString &text, const QStringList &shorter)
{
    if (text == m_line && shorter == m_shorter)
        return;
    m_line = text;
    m_shorter = shorter;
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
    if (room <= 0) {
        m_label->setText(m_line);
        return;
    }
    const QFontMetrics metrics = m_label->fontMetrics();
    for (const QString &form : QStringList{m_line} + m_shorter) {
        if (metrics.horizontalAdvance(form) <= room) {
            m_label->setText(form);
            return;
        }
    }
    const QString &shortest = m_shorter.isEmpty() ? m_line : m_shorter.constLast();
    m_label->setText(metrics.elidedText(shortest, Qt::ElideRight, room));
}

} // namespace rooflab::gui
