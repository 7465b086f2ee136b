#pragma once

#include <QStringList>
#include <QWidget>

class QLabel;

namespace rooflab::gui {

// The status bar's one line: as wide as the bar gives it, never widening the window. Where
// the line is wider than that, the first of its shorter forms that fits is shown, and the
// last one ends in "…" rather than being cut at the window's edge (the window sets the whole
// line as the tooltip). The label sits in this widget without a layout: the
// line changes on every batch tick, and from inside a layout each new text asked the main
// window to lay out every dock again.
class StatusLine : public QWidget
{
    Q_OBJECT

public:
    explicit StatusLine(QWidget *parent = nullptr);

    // `shorter`: the same facts in fewer words, longest first.
    void setLine(const QString &text, const QStringList &shorter = {});
    const QString &line() const { return m_line; }
    // The text shown now: the line or the first shorter form that fits, else the shortest
    // elided to the width.
    QString shownText() const;

    QSize sizeHint() const override;
    QSize minimumSizeHint() const override;

protected:
    void resizeEvent(QResizeEvent *event) override;
    void changeEvent(QEvent *event) override;

private:
    void elide();

    QLabel *m_label;
    QString m_line;
    QStringList m_shorter;
};

} // namespace rooflab::gui
