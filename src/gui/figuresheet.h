#pragma once

#include <QList>
#include <QPoint>
#include <QString>
#include <QStringList>
#include <QWidget>

class QAction;
class QEvent;
class QLabel;
class QVBoxLayout;

namespace rooflab::gui {

// One part of a FigureSheet: a table of plain-text cells, a bold heading, a small note or a
// warning in red (the last three wrapped to the width).
struct SheetBlock
{
    enum class Kind { Table, Heading, Note, Warning };
    Kind kind = Kind::Table;
    QString text;                    // Heading, Note, Warning
    QStringList header;              // Table: bold column titles; empty: none
    QList<QStringList> rows;         // Table: the cells, row by row
    QList<Qt::Alignment> alignments; // Table: per column; missing: left
    int boldColumn = -1;             // Table: the column drawn in bold (-1: none)
    QList<QPoint> boldCells;         // Table: more cells in bold, (column, row of `rows`)

    static SheetBlock paragraph(Kind kind, const QString &text);
    static SheetBlock table(const QList<QStringList> &rows, int boldColumn,
                            const QStringList &header = {},
                            const QList<Qt::Alignment> &alignments = {});
};

// Figures shown as rows of plain labels instead of rich text: a batch tick changes the
// numbers and keeps the rows, so only the labels whose text changed are measured and
// repainted (re-setting HTML laid out and shaped the whole document again on every tick).
class FigureSheet : public QWidget
{
    Q_OBJECT

public:
    explicit FigureSheet(QWidget *parent = nullptr);

    // Shows `blocks`: the labels are kept when the blocks have the same shape as before.
    void setBlocks(const QList<SheetBlock> &blocks);
    // The text shown, a line per cell (as a rich-text table reads as plain text).
    QString plainText() const;
    // "Copy figures" in the context menu: plainText() to the clipboard. The cells themselves
    // are not selectable (see figuresheet.cpp).
    QAction *copyAction() const { return m_copy; }

protected:
    void changeEvent(QEvent *event) override;

private:
    void rebuild(const QList<SheetBlock> &blocks);

    QVBoxLayout *m_layout;
    QAction *m_copy;
    QList<SheetBlock> m_blocks;
    QList<QList<QLabel *>> m_labels; // per block: its cells row by row, or its one label
};

} // namespace rooflab::gui
