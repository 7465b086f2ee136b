#include "figuresheet.h"

#include "measuredlabel.h"
#include "relativefont.h"

#include <QAction>
#include <QClipboard>
#include <QEvent>
#include <QGridLayout>
#include <QGuiApplication>
#include <QLabel>
#include <QVBoxLayout>

namespace rooflab::gui {

namespace {

bool sameShape(const SheetBlock &a, const SheetBlock &b)
{
    if (a.kind != b.kind || a.header.size() != b.header.size() || a.rows.size() != b.rows.size() ||
        a.alignments != b.alignments || a.boldColumn != b.boldColumn || a.boldCells != b.boldCells)
        return false;
    for (qsizetype i = 0; i < a.rows.size(); ++i) {
        if (a.rows.at(i).size() != b.rows.at(i).size())
            return false;
    }
    return true;
}

// Not selectable: a selectable QLabel lays its text out through a whole QTextDocument
// each time it is measured, and a batch tick changes and measures dozens of cells (most of
// a tick's work). The sheet copies as a whole instead (copyAction()). Each label keeps its
// heights for the widths asked, so only the cells whose text changed are measured again.
QLabel *plainLabel(const QString &text, QWidget *parent)
{
    auto *label = new MeasuredLabel(text, parent);
    label->setTextFormat(Qt::PlainText);
    return label;
}

// `text` with a no-break space between a number and the word after it, most often its unit
// ("23.5 ms", "0 B"; also "H100 SXM5"), so that a narrow dock never puts a unit on a line
// of its own. A loop, not a regular expression: a batch tick sets every cell.
QString keepUnitsWithNumbers(const QString &text)
{
    QString kept = text;
    for (qsizetype i = 1; i + 1 < kept.size(); ++i) {
        const QChar next = kept.at(i + 1);
        if (kept.at(i) == QLatin1Char(' ') && kept.at(i - 1).isDigit() &&
            (next.isLetter() || next == QLatin1Char('%')))
            kept[i] = QChar(0x00A0);
    }
    return kept;
}

// A table cell's text: wrapped between words where a narrow dock needs it, but a cell of one
// word ("0.979×", "295.4", "23.5 ms") whole, since Qt would break it inside the number.
void setCellText(QLabel *label, const QString &cell)
{
    const QString text = keepUnitsWithNumbers(cell);
    // Only when it changes: QLabel lays its text out again on every setWordWrap(), and a
    // batch tick sets every cell.
    const bool wrap = text.contains(QLatin1Char(' '));
    if (label->wordWrap() != wrap)
        label->setWordWrap(wrap);
    label->setText(text);
}

} // namespace

SheetBlock SheetBlock::paragraph(Kind kind, const QString &text)
{
    SheetBlock block;
    block.kind = kind;
    block.text = text;
    return block;
}

SheetBlock SheetBlock::table(const QList<QStringList> &rows, int boldColumn,
                             const QStringList &header, const QList<Qt::Alignment> &alignments)
{
    SheetBlock block;
    block.rows = rows;
    block.boldColumn = boldColumn;
    block.header = header;
    block.alignments = alignments;
    return block;
}

FigureSheet::FigureSheet(QWidget *parent)
    : QWidget(parent), m_layout(new QVBoxLayout(this)),
      m_copy(new QAction(tr("Copy figures"), this))
{
    m_layout->setContentsMargins(4, 4, 4, 4);
    m_layout->setSpacing(6);
    // The figures as plain text, a line per cell, from the context menu.
    connect(m_copy, &QAction::triggered, this,
            [this] { QGuiApplication::clipboard()->setText(plainText()); });
    addAction(m_copy);
    setContextMenuPolicy(Qt::ActionsContextMenu);
}

void FigureSheet::setBlocks(const QList<SheetBlock> &blocks)
{
    const bool same = blocks.size() == m_blocks.size() &&
                      std::equal(blocks.cbegin(), blocks.cend(), m_blocks.cbegin(), sameShape);
    if (!same) {
        rebuild(blocks);
        return;
    }
    // Same rows: new texts only (QLabel ignores a text it shows already).
    for (qsizetype b = 0; b < blocks.size(); ++b) {
        const SheetBlock &block = blocks.at(b);
        const QList<QLabel *> &labels = m_labels.at(b);
        if (block.kind != SheetBlock::Kind::Table) {
            labels.constFirst()->setText(block.text);
            continue;
        }
        qsizetype at = 0;
        for (const QString &title : block.header)
            setCellText(labels.at(at++), title);
        for (const QStringList &row : block.rows) {
            for (const QString &cell : row)
                setCellText(labels.at(at++), cell);
        }
    }
    m_blocks = blocks;
}

void FigureSheet::rebuild(const QList<SheetBlock> &blocks)
{
    while (QLayoutItem *item = m_layout->takeAt(0)) {
        delete item->widget();
        delete item;
    }
    m_labels.clear();
    for (const SheetBlock &block : blocks) {
        QList<QLabel *> labels;
        if (block.kind != SheetBlock::Kind::Table) {
            QLabel *label = plainLabel(block.text, this);
            label->setWordWrap(true);
            if (block.kind == SheetBlock::Kind::Heading) {
                setRelativeFont(label, 1.0, true);
                label->setContentsMargins(0, 4, 0, 0);
            } else if (block.kind == SheetBlock::Kind::Note) {
                setRelativeFont(label, 0.85);
            } else {
                label->setStyleSheet(QStringLiteral("color: #c0392b"));
            }
            m_layout->addWidget(label);
            m_labels.append({label});
            continue;
        }
        auto *table = new QWidget(this);
        auto *grid = new QGridLayout(table);
        grid->setContentsMargins(0, 0, 0, 0);
        grid->setHorizontalSpacing(10);
        grid->setVerticalSpacing(2);
        const auto add = [&](const QString &text, int row, int column, bool bold) {
            QLabel *label = plainLabel(QString(), table);
            setCellText(label, text); // a narrow dock wraps a cell rather than cutting it
            if (bold)
                setRelativeFont(label, 1.0, true);
            const Qt::Alignment align = block.alignments.value(column, Qt::AlignLeft);
            label->setAlignment(align | Qt::AlignVCenter);
            grid->addWidget(label, row, column);
            labels.append(label);
        };
        int row = 0;
        for (int column = 0; column < block.header.size(); ++column)
            add(block.header.at(column), row, column, true);
        if (!block.header.isEmpty())
            ++row;
        for (int r = 0; r < block.rows.size(); ++r) {
            const QStringList &cells = block.rows.at(r);
            for (int column = 0; column < cells.size(); ++column)
                add(cells.at(column), row, column,
                    column == block.boldColumn || block.boldCells.contains(QPoint(column, r)));
            ++row;
        }
        // Spare width goes right of the last column, as in a left-aligned table.
        grid->setColumnStretch(static_cast<int>(grid->columnCount()), 1);
        m_layout->addWidget(table);
        m_labels.append(labels);
    }
    // No stretch after the blocks: a sheet is as tall as its text, and the panel around it
    // puts any spare height at its bottom.
    m_blocks = blocks;
}

QString FigureSheet::plainText() const
{
    QStringList lines;
    for (const SheetBlock &block : m_blocks) {
        if (block.kind != SheetBlock::Kind::Table) {
            lines.append(block.text);
            continue;
        }
        if (!block.header.isEmpty())
            lines += block.header;
        for (const QStringList &row : block.rows)
            lines += row;
    }
    return lines.join(QLatin1Char('\n'));
}

void FigureSheet::changeEvent(QEvent *event)
{
    QWidget::changeEvent(event);
    if (event->type() == QEvent::FontChange || event->type() == QEvent::StyleChange)
        refreshRelativeFonts(this); // the notes and bold cells of a new text scale
}

} // namespace rooflab::gui
