#include "diagnosispanel.h"
#include "ui_diagnosispanel.h"

#include "document.h"
#include "figuresheet.h"
#include "pointtext.h"
#include "rowfitter.h"

#include <QAction>
#include <QClipboard>
#include <QGuiApplication>
#include <QListWidget>
#include <QPushButton>

#include <algorithm>

namespace rooflab::gui {

DiagnosisPanel::DiagnosisPanel(Document *document, QWidget *parent)
    : QWidget(parent), m_ui(std::make_unique<Ui::DiagnosisPanel>()), m_document(document),
      m_figures(new FigureSheet), m_comparison(new FigureSheet)
{
    m_ui->setupUi(this);
    // Every section as tall as its content: the dock scrolls the panel as a whole (three
    // scroll areas in a splitter left each a few lines, inside a dock that scrolled too).
    // The moves come right after the point's figures, before the comparison and the long
    // explanation: on a laptop's screen they are then in view without scrolling.
    m_ui->mainLayout->insertWidget(1, m_figures);
    m_figures->setAccessibleName(tr("Figures of the selected point"));
    m_ui->mainLayout->insertWidget(m_ui->mainLayout->indexOf(m_ui->explanationLabel), m_comparison);
    m_comparison->setAccessibleName(tr("The selected operator on the other devices"));
    m_ui->movesList->setSpacing(2);
    fitToRows(m_ui->movesList);
    // Not selectable: a selectable label lays its text out through a whole text document
    // each time it is measured, and the explanation changes on every batch tick. It copies
    // whole from its context menu, as the figures do.
    auto *copyExplanation = new QAction(tr("Copy explanation"), m_ui->explanationLabel);
    connect(copyExplanation, &QAction::triggered, this,
            [this] { QGuiApplication::clipboard()->setText(explanationText()); });
    m_ui->explanationLabel->addAction(copyExplanation);
    m_ui->explanationLabel->setContextMenuPolicy(Qt::ActionsContextMenu);
    connect(m_ui->movesList, &QListWidget::itemActivated, this,
            [this](QListWidgetItem *item) { applyMove(m_ui->movesList->row(item)); });
    connect(m_ui->movesList, &QListWidget::currentRowChanged, this, [this](int row) {
        m_ui->applyMoveButton->setEnabled(row >= 0 && row < m_moves.size() &&
                                          m_moves.at(row).predicted);
    });
    connect(m_ui->applyMoveButton, &QPushButton::clicked, this,
            [this] { applyMove(m_ui->movesList->currentRow()); });
    connect(m_document, &Document::changed, this, [this](app::Change change) {
        if (change & (app::ChangeFlag::Scenario | app::ChangeFlag::Selection))
            refresh();
    });
    refresh();
}

DiagnosisPanel::~DiagnosisPanel() = default;

QString DiagnosisPanel::figuresText() const
{
    QStringList parts{m_ui->titleLabel->text(), m_figures->plainText(), m_comparison->plainText()};
    parts.removeAll(QString());
    return parts.join(QLatin1Char('\n'));
}

QString DiagnosisPanel::explanationText() const
{
    return m_ui->explanationLabel->text();
}

QString DiagnosisPanel::reportText() const
{
    const QString title = m_diagnosis.valid
                              ? tr("%1 on %2").arg(m_diagnosis.operatorName, m_diagnosis.deviceName)
                              : tr("No point selected");
    const QString figures = m_figures->plainText();
    QStringList parts{figures.isEmpty() ? title : title + QLatin1Char('\n') + figures};
    // In the panel's order. Each move's title, its predicted effect indented under it.
    QStringList moves{m_ui->movesLabel->text().remove(QLatin1Char('&')) + QLatin1Char(':')};
    for (const Move &move : m_moves)
        moves.append(QStringLiteral("- ") + move.title + QStringLiteral("\n  ") + move.effect);
    if (!m_moves.isEmpty())
        parts.append(moves.join(QLatin1Char('\n')));
    parts.append({m_comparison->plainText(), explanationText()});
    parts.removeAll(QString());
    return parts.join(QStringLiteral("\n\n"));
}

QListWidget *DiagnosisPanel::movesList() const
{
    return m_ui->movesList;
}

QPushButton *DiagnosisPanel::applyButton() const
{
    return m_ui->applyMoveButton;
}

void DiagnosisPanel::applyMove(int row)
{
    if (row < 0 || row >= m_moves.size() || !m_moves.at(row).predicted)
        return;
    const Move move = m_moves.at(row); // the refresh below replaces m_moves
    const QString op = m_document->selectedOperator();
    m_document->replaceScenario(move.scenario, tr("Apply move: %1").arg(move.title));
    m_document->select(move.deviceId, op);
}

void DiagnosisPanel::refresh()
{
    m_diagnosis = m_document->results().diagnosis();
    m_ui->titleLabel->setText(m_diagnosis.valid ? tr("<b>%1</b> on %2")
                                                      .arg(m_diagnosis.operatorName.toHtmlEscaped(),
                                                           m_diagnosis.deviceName.toHtmlEscaped())
                                                : tr("<b>No point selected</b>"));
    // Plain labels: a batch tick re-measures only the figures that changed.
    m_figures->setBlocks(pointtext::diagnosisBlocks(m_document->catalog(), m_diagnosis));
    const QList<SheetBlock> comparison = pointtext::comparisonBlocks(m_diagnosis);
    m_comparison->setBlocks(comparison);
    m_comparison->setVisible(!comparison.isEmpty());
    // Plain text in a measured label: its figures change on every batch tick, and a
    // QTextBrowser built and laid out a whole rich-text document for each new text.
    if (m_ui->explanationLabel->text() != m_diagnosis.explanation)
        m_ui->explanationLabel->setText(m_diagnosis.explanation);
    m_ui->explanationLabel->setVisible(!m_diagnosis.explanation.isEmpty());
    const QList<Move> &moves = m_document->results().moves();
    const bool sameMoves = std::equal(moves.cbegin(), moves.cend(), m_moves.cbegin(),
                                      m_moves.cend(), [](const Move &a, const Move &b) {
                                          return a.title == b.title && a.effect == b.effect &&
                                                 a.detail == b.detail && a.predicted == b.predicted;
                                      });
    m_moves = moves;
    m_ui->movesLabel->setText(m_document->showsModel() ? tr("&Recommended moves for the model")
                                                       : tr("&Recommended moves"));
    if (!sameMoves || !m_movesFilled)
        fillMoves();
}

void DiagnosisPanel::fillMoves()
{
    m_movesFilled = true;
    const int current = m_ui->movesList->currentRow();
    // A batch tick changes the predicted effects and keeps the moves: rewrite the rows in
    // place (only a row whose text changed is measured again) rather than build new ones.
    const bool sameRows =
        !m_moves.isEmpty() && m_ui->movesList->count() == m_moves.size() &&
        std::all_of(m_moves.cbegin(), m_moves.cend(), [this, i = 0](const Move &move) mutable {
            return m_ui->movesList->item(i++)->font().italic() == !move.predicted;
        });
    if (!sameRows)
        m_ui->movesList->clear();
    for (qsizetype i = 0; i < m_moves.size(); ++i) {
        const Move &move = m_moves.at(i);
        const QString text = move.title + QLatin1Char('\n') + move.effect;
        if (sameRows) {
            QListWidgetItem *item = m_ui->movesList->item(static_cast<int>(i));
            if (item->text() != text)
                item->setText(text);
            if (item->toolTip() != move.detail)
                item->setToolTip(move.detail);
            continue;
        }
        auto *item = new QListWidgetItem(text, m_ui->movesList);
        item->setToolTip(move.detail);
        if (!move.predicted) {
            QFont font = item->font();
            font.setItalic(true);
            item->setFont(font);
        }
    }
    if (m_moves.isEmpty())
        new QListWidgetItem(tr("No move to recommend."), m_ui->movesList);
    const int row = std::min(current, static_cast<int>(m_moves.size()) - 1);
    m_ui->movesList->setCurrentRow(std::max(row, m_moves.isEmpty() ? -1 : 0));
    m_ui->applyMoveButton->setEnabled(m_ui->movesList->currentRow() >= 0 &&
                                      m_ui->movesList->currentRow() < m_moves.size() &&
                                      m_moves.at(m_ui->movesList->currentRow()).predicted);
}

} // namespace rooflab::gui
