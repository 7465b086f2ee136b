#include "comparedock.h"

#include "comparetable.h"
#include "comparetablemodel.h"
#include "document.h"
#include "units.h"

#include <QApplication>
#include <QClipboard>
#include <QEvent>
#include <QFile>
#include <QFileDialog>
#include <QHBoxLayout>
#include <QHeaderView>
#include <QLabel>
#include <QMenu>
#include <QMessageBox>
#include <QMimeData>
#include <QSortFilterProxyModel>
#include <QTableView>
#include <QToolButton>
#include <QVBoxLayout>

namespace rooflab::gui {

namespace {

QToolButton *toolButton(const QString &text, const QString &tip)
{
    auto *button = new QToolButton;
    button->setText(text);
    button->setToolTip(tip);
    button->setToolButtonStyle(Qt::ToolButtonTextOnly);
    return button;
}

} // namespace

CompareDock::CompareDock(app::Document *document, QWidget *parent)
    : QWidget(parent), m_document(document), m_model(new CompareTableModel(this)),
      m_sorted(new QSortFilterProxyModel(this)), m_table(new QTableView), m_empty(new QLabel),
      m_add(toolButton(tr("Add device"), tr("Show another device and compare it"))),
      m_remove(toolButton(tr("Remove"), tr("Hide the selected devices"))),
      m_copy(toolButton(tr("Copy"), tr("Copy the table as Markdown (and CSV for spreadsheets)"))),
      m_save(toolButton(tr("Save…"), tr("Save the table as CSV or Markdown")))
{
    setObjectName(QStringLiteral("comparePanel"));
    m_sorted->setSourceModel(m_model);
    m_sorted->setSortRole(CompareTableModel::SortRole);
    m_sorted->setDynamicSortFilter(true);
    m_table->setObjectName(QStringLiteral("compareTable"));
    m_table->setModel(m_sorted);
    m_table->setSortingEnabled(true);
    m_table->sortByColumn(-1, Qt::AscendingOrder); // the scenario's order until a click
    m_table->setSelectionBehavior(QAbstractItemView::SelectRows);
    m_table->setWordWrap(true);
    m_table->setTextElideMode(Qt::ElideNone);
    m_table->setAlternatingRowColors(true);
    m_table->verticalHeader()->hide();
    // Every row is two lines high (the fit verdict and its memory): fixed, because sizing
    // rows to their contents on every batch tick costs more than the rest of the refresh.
    m_table->verticalHeader()->setSectionResizeMode(QHeaderView::Fixed);
    fitRowHeight();
    m_table->horizontalHeader()->setSectionResizeMode(QHeaderView::Interactive);
    m_table->horizontalHeader()->setStretchLastSection(true);
    m_table->horizontalHeader()->setDefaultAlignment(
        Qt::Alignment(Qt::AlignCenter | Qt::TextWordWrap));
    m_table->setAccessibleName(tr("Device comparison"));
    m_empty->setWordWrap(true);
    m_empty->setAlignment(Qt::AlignCenter);

    m_add->setPopupMode(QToolButton::InstantPopup);
    m_add->setMenu(new QMenu(m_add));
    connect(m_add->menu(), &QMenu::aboutToShow, this, &CompareDock::buildAddMenu);
    connect(m_remove, &QToolButton::clicked, this, &CompareDock::removeSelected);
    connect(m_copy, &QToolButton::clicked, this, [this] {
        auto *mime = new QMimeData;
        mime->setText(QString::fromUtf8(markdown()));
        mime->setData(QStringLiteral("text/csv"), csv());
        QApplication::clipboard()->setMimeData(mime);
    });
    connect(m_save, &QToolButton::clicked, this, &CompareDock::saveAs);

    auto *buttons = new QHBoxLayout;
    buttons->addWidget(m_add);
    buttons->addWidget(m_remove);
    buttons->addStretch(1);
    buttons->addWidget(m_copy);
    buttons->addWidget(m_save);
    auto *layout = new QVBoxLayout(this);
    layout->setContentsMargins(4, 4, 4, 4);
    layout->addLayout(buttons);
    layout->addWidget(m_table, 1);
    layout->addWidget(m_empty, 1);

    // Hidden, the dock only notes that its rows are out of date (and the results do not
    // build them): a batch tick then costs it nothing.
    connect(m_document, &app::Document::changed, this, [this](app::Change change) {
        if (!(change & concerns()))
            return;
        if (isVisible())
            refresh();
        else
            m_stale = true;
    });
}

void CompareDock::showEvent(QShowEvent *event)
{
    QWidget::showEvent(event);
    if (m_stale)
        refresh();
}

void CompareDock::fitRowHeight()
{
    m_table->verticalHeader()->setDefaultSectionSize(2 * m_table->fontMetrics().lineSpacing() + 6);
}

// A larger or smaller text (View menu, theme) changes the font: the rows follow it.
void CompareDock::changeEvent(QEvent *event)
{
    QWidget::changeEvent(event);
    if (event->type() == QEvent::FontChange || event->type() == QEvent::StyleChange)
        fitRowHeight();
}

app::Change CompareDock::concerns()
{
    return app::ChangeFlag::Scenario;
}

void CompareDock::refresh()
{
    ++m_refreshes;
    m_stale = false;
    const QList<CompareRow> &rows = m_document->results().compareRows();
    const bool model = m_document->showsModel();
    m_table->setVisible(model && !rows.isEmpty());
    m_empty->setVisible(!model || rows.isEmpty());
    m_empty->setText(model ? tr("Tick a device, or add one, to compare the model on it")
                           : tr("No model: pick one under Workload to compare devices"));
    m_copy->setEnabled(!rows.isEmpty());
    m_save->setEnabled(!rows.isEmpty());
    m_remove->setEnabled(!rows.isEmpty());
    m_add->setEnabled(model);
    // Each verdict with the memory it needs on one device of its deployment.
    QStringList details;
    for (const CompareRow &r : rows) {
        const ModelAnalysis *step = m_document->results().model(r.deviceId);
        if (!step || !step->ok() || !r.problem.isEmpty()) {
            details.append(QString());
            continue;
        }
        const ModelDeployment &d = step->deployment;
        details.append(tr("%1 of %2")
                           .arg(formatSi(d.perDevice.totalBytes, QStringLiteral("B"), 3),
                                formatSi(d.usableBytes, QStringLiteral("B"), 3)));
    }
    m_model->setRows(rows, details);
    // Sizing to the contents is not cheap, and the figures' widths hardly move on a tick:
    // only when other devices, or another model, are compared.
    const QStringList sizedFor =
        QStringList{m_document->scenario().model} + m_document->scenario().devices;
    if (sizedFor != m_sizedFor) {
        m_table->resizeColumnsToContents();
        m_sizedFor = sizedFor;
    }
}

QByteArray CompareDock::csv() const
{
    QList<CompareRow> rows;
    for (int i = 0; i < m_sorted->rowCount(); ++i)
        rows.append(m_model->rows().at(m_sorted->mapToSource(m_sorted->index(i, 0)).row()));
    return writeCompareCsv(rows);
}

QByteArray CompareDock::markdown() const
{
    QList<CompareRow> rows;
    for (int i = 0; i < m_sorted->rowCount(); ++i)
        rows.append(m_model->rows().at(m_sorted->mapToSource(m_sorted->index(i, 0)).row()));
    return writeCompareMarkdown(rows);
}

// The devices not shown yet, by name.
void CompareDock::buildAddMenu()
{
    QMenu *menu = m_add->menu();
    menu->clear();
    const QStringList shown = m_document->scenario().devices;
    for (const Device &d : m_document->catalog().devices()) {
        if (shown.contains(d.id))
            continue;
        QAction *action = menu->addAction(d.name);
        action->setData(d.id);
        connect(action, &QAction::triggered, this,
                [this, id = d.id] { m_document->setDeviceShown(id, true); });
    }
    if (menu->isEmpty())
        menu->addAction(tr("Every device is shown"))->setEnabled(false);
}

void CompareDock::removeSelected()
{
    QStringList devices = m_document->scenario().devices;
    const QModelIndexList selected = m_table->selectionModel()->selectedRows();
    for (const QModelIndex &index : selected)
        devices.removeAll(index.data(CompareTableModel::DeviceIdRole).toString());
    m_document->setDevices(devices);
}

void CompareDock::saveAs()
{
    QString filter;
    const QString path = QFileDialog::getSaveFileName(this, tr("Save comparison"), QString(),
                                                      tr("Markdown (*.md);;CSV (*.csv)"), &filter);
    if (path.isEmpty())
        return;
    const bool csvFile = path.endsWith(QLatin1String(".csv"), Qt::CaseInsensitive) ||
                         (!path.endsWith(QLatin1String(".md"), Qt::CaseInsensitive) &&
                          filter.contains(QLatin1String("csv")));
    QFile file(path);
    if (!file.open(QIODevice::WriteOnly | QIODevice::Truncate) ||
        file.write(csvFile ? csv() : markdown()) < 0) {
        QMessageBox::warning(this, tr("Save comparison"),
                             tr("Cannot write %1: %2").arg(path, file.errorString()));
    }
}

} // namespace rooflab::gui
