#pragma once

#include "change.h"

#include <QWidget>

class QLabel;
class QSortFilterProxyModel;
class QTableView;
class QToolButton;

namespace rooflab::app {
class Document;
}

namespace rooflab::gui {

class CompareTableModel;

// The Compare dock (docs/models.md, "Comparing devices"): the model's deployment on every
// shown device side by side, from Results::compareRows(). Sortable by any column; the best of
// each column is marked; devices are added to or removed from the comparison (they are the
// scenario's shown devices, so each is an undo step); the table copies or saves as CSV or
// Markdown with the command line's writers. Refreshes on scenario changes only, and only
// while it is visible: hidden (a tab behind another dock), it catches up when shown.
class CompareDock : public QWidget
{
    Q_OBJECT

public:
    explicit CompareDock(app::Document *document, QWidget *parent = nullptr);

    // The change flags this dock redraws for.
    static app::Change concerns();

    // The parts, for tests and benchmarks.
    CompareTableModel *tableModel() const { return m_model; }
    QSortFilterProxyModel *sortedModel() const { return m_sorted; }
    QTableView *table() const { return m_table; }
    QToolButton *addButton() const { return m_add; }
    QToolButton *removeButton() const { return m_remove; }
    // How many times the rows were taken from the results.
    int refreshes() const { return m_refreshes; }

    // The table as files carry it, in the order the rows are shown now.
    QByteArray csv() const;
    QByteArray markdown() const;

    void refresh();

protected:
    void changeEvent(QEvent *event) override;
    void showEvent(QShowEvent *event) override;

private:
    void fitRowHeight();
    void buildAddMenu();
    void removeSelected();
    void saveAs();

    app::Document *m_document;
    CompareTableModel *m_model;
    QSortFilterProxyModel *m_sorted;
    QTableView *m_table;
    QLabel *m_empty;
    QToolButton *m_add;
    QToolButton *m_remove;
    QToolButton *m_copy;
    QToolButton *m_save;
    QStringList m_sizedFor; // the model and devices the columns were last sized for
    int m_refreshes = 0;
    bool m_stale = true; // a change came while hidden: refresh when shown
};

} // namespace rooflab::gui
