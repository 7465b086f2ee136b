#pragma once

#include "devicecompare.h"

#include <QAbstractTableModel>
#include <QList>

namespace rooflab::gui {

// The rows of a device comparison as a table (docs/models.md, "Comparing devices"): one row
// per device, the columns of compareColumns(). Display text is what files carry for people;
// SortRole holds the plain figure so a QSortFilterProxyModel sorts numbers as numbers, with
// the rows that have no figure last. The best of each column among the devices where the
// model fits is bold and tinted.
class CompareTableModel : public QAbstractTableModel
{
    Q_OBJECT

public:
    enum Column {
        Device,
        Tp,
        Pp,
        Devices,
        Fits,
        StepTime,
        Ttft,
        TokensPerSecond,
        TokensPerSecondPerDevice,
        Cost,
        Bound,
        ColumnCount
    };
    static constexpr int SortRole = Qt::UserRole;
    static constexpr int BestRole = Qt::UserRole + 1; // bool: the best of its column
    static constexpr int DeviceIdRole = Qt::UserRole + 2;

    using QAbstractTableModel::QAbstractTableModel;

    // Replaces the rows; `fitDetails` (one per row, may be shorter) explains each verdict,
    // e.g. "61.2 GB of 72 GB". The same devices in the same order only change the cells, so
    // a view keeps its selection and scroll position on a batch tick.
    void setRows(const QList<CompareRow> &rows, const QStringList &fitDetails = {});
    const QList<CompareRow> &rows() const { return m_rows; }

    int rowCount(const QModelIndex &parent = QModelIndex()) const override;
    int columnCount(const QModelIndex &parent = QModelIndex()) const override;
    QVariant data(const QModelIndex &index, int role = Qt::DisplayRole) const override;
    QVariant headerData(int section, Qt::Orientation orientation,
                        int role = Qt::DisplayRole) const override;

private:
    QVariant sortValue(const CompareRow &row, int column) const;
    QString displayText(int row, int column) const;

    QList<CompareRow> m_rows;
    QStringList m_fitDetails;
};

} // namespace rooflab::gui
