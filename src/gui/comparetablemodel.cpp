#include "comparetablemodel.h"

#include "comparetable.h"

#include <QColor>
#include <QFont>

#include <limits>

namespace rooflab::gui {

namespace {

bool sameDevices(const QList<CompareRow> &a, const QList<CompareRow> &b)
{
    if (a.size() != b.size())
        return false;
    for (qsizetype i = 0; i < a.size(); ++i) {
        if (a.at(i).deviceId != b.at(i).deviceId)
            return false;
    }
    return true;
}

} // namespace

void CompareTableModel::setRows(const QList<CompareRow> &rows, const QStringList &fitDetails)
{
    if (sameDevices(rows, m_rows)) {
        m_rows = rows;
        m_fitDetails = fitDetails;
        if (!m_rows.isEmpty())
            Q_EMIT dataChanged(index(0, 0), index(rowCount() - 1, ColumnCount - 1));
        return;
    }
    beginResetModel();
    m_rows = rows;
    m_fitDetails = fitDetails;
    endResetModel();
}

int CompareTableModel::rowCount(const QModelIndex &parent) const
{
    return parent.isValid() ? 0 : static_cast<int>(m_rows.size());
}

int CompareTableModel::columnCount(const QModelIndex &parent) const
{
    return parent.isValid() ? 0 : ColumnCount;
}

QString CompareTableModel::displayText(int row, int column) const
{
    const CompareRow &r = m_rows.at(row);
    QString text = compareTextCells(r).at(column);
    if (column == Fits) {
        text = r.fits ? tr("yes") : tr("no");
        if (row < m_fitDetails.size() && !m_fitDetails.at(row).isEmpty())
            text += QLatin1Char('\n') + m_fitDetails.at(row);
    } else if (column == Bound && r.problem.isEmpty()) {
        if (r.bound == QLatin1String("compute"))
            text = tr("compute");
        else if (r.bound == QLatin1String("memory"))
            text = tr("memory");
        else if (r.bound == QLatin1String("latency"))
            text = tr("link latency");
        else if (r.bound == QLatin1String("interconnect"))
            text = tr("link bandwidth");
    }
    return text;
}

// Figures as numbers; a row without figures sorts after every other whichever the order,
// as far as a single value can: +inf for "less is better" columns, -inf otherwise.
QVariant CompareTableModel::sortValue(const CompareRow &r, int column) const
{
    const bool shown = r.problem.isEmpty();
    const double none = std::numeric_limits<double>::infinity();
    switch (column) {
    case Device:
        return r.deviceName;
    case Tp:
        return shown ? r.tp : 1 << 30;
    case Pp:
        return shown ? r.pp : 1 << 30;
    case Devices:
        return shown ? r.devices : 1 << 30;
    case Fits:
        return r.fits ? 0 : 1;
    case StepTime:
        return shown ? r.stepTime : none;
    case Ttft:
        return shown ? r.ttft : none;
    case TokensPerSecond:
        return shown ? r.tokensPerSecond : -none;
    case TokensPerSecondPerDevice:
        return shown ? r.tokensPerSecondPerDevice : -none;
    case Cost:
        return r.costPerMillionTokens ? *r.costPerMillionTokens : none;
    case Bound:
        return r.bound;
    default:
        return {};
    }
}

QVariant CompareTableModel::data(const QModelIndex &index, int role) const
{
    if (!index.isValid() || index.row() >= m_rows.size() || index.column() >= ColumnCount)
        return {};
    const CompareRow &r = m_rows.at(index.row());
    const int column = index.column();
    const bool best = r.best.contains(compareColumns().at(column));
    switch (role) {
    case Qt::DisplayRole:
        return displayText(index.row(), column);
    case Qt::ToolTipRole:
        if (!r.problem.isEmpty())
            return r.problem;
        if (best)
            return tr("Best of the devices where the model fits");
        if (column == Fits && !r.fits)
            return tr("Does not fit: the figures are what the deployment would reach if it did");
        return {};
    case Qt::TextAlignmentRole:
        return QVariant::fromValue(column == Device || column == Fits || column == Bound
                                       ? Qt::AlignLeft | Qt::AlignVCenter
                                       : Qt::AlignRight | Qt::AlignVCenter);
    case Qt::FontRole:
        if (best) {
            QFont bold;
            bold.setBold(true);
            return bold;
        }
        return {};
    case Qt::BackgroundRole:
        return best ? QVariant(QColor(46, 160, 67, 56)) : QVariant();
    case Qt::ForegroundRole:
        return column == Fits && !r.fits ? QVariant(QColor(200, 40, 40)) : QVariant();
    case SortRole:
        return sortValue(r, column);
    case BestRole:
        return best;
    case DeviceIdRole:
        return r.deviceId;
    default:
        return {};
    }
}

QVariant CompareTableModel::headerData(int section, Qt::Orientation orientation, int role) const
{
    if (orientation != Qt::Horizontal || section < 0 || section >= ColumnCount)
        return QAbstractTableModel::headerData(section, orientation, role);
    if (role == Qt::DisplayRole) {
        const QStringList titles = {tr("Device"),
                                    tr("TP"),
                                    tr("PP"),
                                    tr("Devices"),
                                    tr("Fits\n(per device)"),
                                    tr("Step time"),
                                    tr("TTFT"),
                                    tr("Tokens/s"),
                                    tr("Tokens/s\nper device"),
                                    tr("$ per 1M\ntokens"),
                                    tr("Bound")};
        return titles.at(section);
    }
    if (role == Qt::ToolTipRole) {
        const QStringList tips = {
            tr("The device and its deployment"),
            tr("Tensor-parallel degree t (auto resolved per device)"),
            tr("Pipeline stages p"),
            tr("Devices the deployment takes: t × p"),
            tr("Whether the model fits every device with the headroom kept free, and the memory "
               "one "
               "device needs of what it may use"),
            tr("One step through every stage, communication included"),
            tr("Time to first token: the prompt's prefill for the batch"),
            tr("Tokens per second of the whole deployment"),
            tr("Tokens per second divided by t × p"),
            tr("US dollars per million tokens at the price per device-hour; — without one"),
            tr("The largest of the step's math, memory and communication time")};
        return tips.at(section);
    }
    return QAbstractTableModel::headerData(section, orientation, role);
}

} // namespace rooflab::gui
