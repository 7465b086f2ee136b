#include "modelpanel.h"
#include "ui_modelpanel.h"

#include "document.h"
#include "figuresheet.h"
#include "modeltext.h"
#include "pointtext.h"
#include "rowfitter.h"
#include "units.h"

#include <QHeaderView>
#include <QTableWidget>

namespace rooflab::gui {

namespace {

enum Column { Name, Class, Runs, Flops, Bytes, Intensity, BoundColumn, Time, Share, Columns };

} // namespace

ModelPanel::ModelPanel(Document *document, QWidget *parent)
    : QWidget(parent), m_ui(std::make_unique<Ui::ModelPanel>()), m_document(document),
      m_totals(new FigureSheet), m_fitTable(new FigureSheet)
{
    m_ui->setupUi(this);
    m_ui->mainLayout->insertWidget(1, m_fitTable);
    // The totals and the table as tall as their content: the dock scrolls the panel whole.
    m_ui->mainLayout->insertWidget(2, m_totals);
    m_totals->setAccessibleName(tr("Totals of the model step"));
    fitToRows(m_ui->layerTable);

    QTableWidget *table = m_ui->layerTable;
    table->setColumnCount(Columns);
    table->setHorizontalHeaderLabels({tr("Operator"), tr("Class"), tr("Runs"), tr("FLOPs"),
                                      tr("Bytes"), tr("FLOP/B"), tr("Bound"), tr("Time/run"),
                                      tr("Share")});
    table->horizontalHeaderItem(Runs)->setToolTip(tr("Runs per step: the layer count for a "
                                                     "layer's operators"));
    table->horizontalHeaderItem(Share)->setToolTip(tr("Share of the whole step's time"));
    table->verticalHeader()->hide();
    table->horizontalHeader()->setStretchLastSection(true);

    connect(m_document, &Document::changed, this, [this](app::Change change) {
        if (change & (app::ChangeFlag::Scenario | app::ChangeFlag::Selection))
            refresh();
    });
    refresh();
}

ModelPanel::~ModelPanel() = default;

QString ModelPanel::fitText() const
{
    return m_ui->fitLabel->text() + QLatin1Char('\n') + m_ui->fitSentence->text() +
           QLatin1Char('\n') + m_fitTable->plainText();
}

QString ModelPanel::totalsText() const
{
    return m_totals->plainText();
}

QTableWidget *ModelPanel::layerTable() const
{
    return m_ui->layerTable;
}

void ModelPanel::refresh()
{
    const ModelAnalysis *model = shownModel();
    m_shape = model ? model->modelId + phaseName(model->phase) : QString();
    m_totals->setVisible(model != nullptr);
    m_ui->layerLabel->setVisible(model != nullptr);
    m_ui->layerTable->setVisible(model != nullptr);
    if (!model) {
        m_ui->fitBox->setStyleSheet(QString());
        m_ui->fitSentence->clear();
        m_ui->fitSentence->hide();
        m_ui->fitLabel->setText(m_document->showsModel()
                                    ? tr("No device shown: tick one under Devices.")
                                    : tr("No model shown. Pick one under Workload › Model to "
                                         "see its whole step: time, tokens per second, memory "
                                         "and each operator class."));
        m_ui->layerTable->setRowCount(0);
        m_fitTable->setBlocks({});
        m_fitTable->hide();
        return;
    }
    const Catalog &catalog = m_document->catalog();
    const bool fits = modeltext::fits(*model);
    // The names in rich text, which a batch tick leaves alone; the sentence, whose figures
    // change on every tick, in plain text below: a word-wrapped rich-text label parses and
    // lays out its whole document several times each time it is measured.
    m_ui->fitLabel->setText(
        tr("<b>%1</b> on %2")
            .arg(model->modelName.toHtmlEscaped(), model->deviceName.toHtmlEscaped()));
    m_ui->fitSentence->setText(modeltext::fitSentence(catalog, *model));
    m_ui->fitSentence->show();
    // Every device's verdict in plain labels: the figures change on every batch tick, and a
    // rich-text table in the label was laid out again at several widths each time.
    const SheetBlock verdicts = modeltext::fitTable(m_document->modelAnalyses());
    const bool table = m_document->modelAnalyses().size() > 1 && !verdicts.rows.isEmpty();
    m_fitTable->setBlocks(table ? QList<SheetBlock>{verdicts} : QList<SheetBlock>());
    m_fitTable->setVisible(table);
    // Not fitting must not read like a footnote: both lines white on red, as one block. (A
    // style sheet re-polishes the labels even when it is the same: set only on a change.)
    const QString style = fits ? QString()
                               : QStringLiteral("QLabel { color: white; background: #c0392b; }"
                                                "#fitLabel { padding: 4px 4px 0px 4px; }"
                                                "#fitSentence { padding: 0px 4px 4px 4px; }");
    if (m_ui->fitBox->styleSheet() != style)
        m_ui->fitBox->setStyleSheet(style);
    // Plain labels: a batch tick re-measures only the figures that changed.
    m_totals->setBlocks(modeltext::totalsBlocks(catalog, *model));

    fillTable();
}

void ModelPanel::fillTable()
{
    const ModelAnalysis *model = shownModel();
    QTableWidget *table = m_ui->layerTable;
    const int rows = model ? static_cast<int>(model->operators.size()) : 0;
    // A batch change only changes figures: cells are rewritten in place and the columns keep
    // their widths (re-measuring every cell on each slider step is what made it slow).
    const bool reshaped = table->rowCount() != rows || m_tableShape != m_shape;
    table->setRowCount(rows);
    for (int row = 0; row < rows; ++row) {
        const ModelOperatorResult &r = model->operators.at(row);
        const PointAnalysis &p = r.point;
        const QString texts[Columns] = {r.op.spec.name,
                                        modelOpClassName(r.op.opClass),
                                        formatNumber(r.op.count, 4),
                                        formatSi(p.flops, QString(), 3),
                                        formatSi(p.bytes.total(), QStringLiteral("B"), 3),
                                        formatNumber(p.intensity, 3),
                                        pointtext::boundText(p.bound),
                                        formatDuration(p.time),
                                        formatNumber(100.0 * r.share, 3) + QLatin1Char('%')};
        for (int column = 0; column < Columns; ++column) {
            QTableWidgetItem *item = table->item(row, column);
            if (!item) {
                item = new QTableWidgetItem;
                if (column != Name && column != Class && column != BoundColumn)
                    item->setTextAlignment(Qt::AlignRight | Qt::AlignVCenter);
                table->setItem(row, column, item);
            }
            item->setText(texts[column]);
        }
        table->item(row, Name)->setToolTip(r.op.spec.id);
    }
    if (reshaped) {
        m_tableShape = m_shape;
        table->resizeColumnsToContents();
    }
}

const ModelAnalysis *ModelPanel::shownModel() const
{
    const ModelAnalysis *model = m_document->selectedModel();
    if (!model && !m_document->modelAnalyses().isEmpty())
        model = &m_document->modelAnalyses().first();
    return model;
}

} // namespace rooflab::gui
