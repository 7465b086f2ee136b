#pragma once

#include <QLabel>
#include <QList>

namespace rooflab::gui {

// A QLabel that remembers its height for a width. A word-wrapped QLabel lays its whole text
// out again each time a layout asks its height for a width, and a layout asks several times
// per pass for every label it holds, changed or not: a batch tick that changes a few figures
// measured every label of their panel again, many times over (most of a tick's text
// layout). The answer depends only on what the key below holds, so it is reused until one
// of those changes; the label draws and sizes itself exactly as a QLabel does.
class MeasuredLabel : public QLabel
{
    Q_OBJECT

public:
    explicit MeasuredLabel(QWidget *parent = nullptr);
    explicit MeasuredLabel(const QString &text, QWidget *parent = nullptr);

    int heightForWidth(int width) const override;

protected:
    void changeEvent(QEvent *event) override;

private:
    struct Measure
    {
        int width = 0;
        int height = 0;
    };
    // What the height depends on besides the width (the font and style arrive through
    // changeEvent(), which forgets every measure).
    bool sameKey() const;
    void rememberKey() const;

    mutable QString m_text;
    mutable int m_margin = 0;
    mutable int m_indent = 0;
    mutable Qt::Alignment m_alignment;
    mutable bool m_wordWrap = false;
    mutable Qt::TextFormat m_format = Qt::AutoText;
    mutable QMargins m_contents;
    mutable QList<Measure> m_measures; // the last few widths asked, newest last
};

} // namespace rooflab::gui
