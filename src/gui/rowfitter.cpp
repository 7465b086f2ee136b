#include "rowfitter.h"

#include <QEvent>
#include <QHeaderView>
#include <QListView>
#include <QScrollBar>
#include <QTableView>
#include <QTimer>

namespace rooflab::gui {

namespace {

// Refits its view after whatever may change the rows' heights, once per turn of the event
// loop however many changes arrive together.
class RowFitter : public QObject
{
public:
    explicit RowFitter(QAbstractItemView *view) : QObject(view), m_view(view)
    {
        view->setVerticalScrollBarPolicy(Qt::ScrollBarAlwaysOff);
        // Offsets in pixels, so that heightForAllRows() can read where the rows end.
        view->setVerticalScrollMode(QAbstractItemView::ScrollPerPixel);
        view->installEventFilter(this);
        m_timer.setSingleShot(true);
        m_timer.setInterval(0);
        connect(&m_timer, &QTimer::timeout, this, &RowFitter::fit);
        // The horizontal bar comes and goes with the width of the rows; it takes height.
        connect(view->horizontalScrollBar(), &QScrollBar::rangeChanged, &m_timer,
                qOverload<>(&QTimer::start));
        if (QAbstractItemModel *model = view->model()) {
            for (const auto signal :
                 {&QAbstractItemModel::rowsInserted, &QAbstractItemModel::rowsRemoved})
                connect(model, signal, &m_timer, qOverload<>(&QTimer::start));
            connect(model, &QAbstractItemModel::dataChanged, &m_timer, qOverload<>(&QTimer::start));
            connect(model, &QAbstractItemModel::modelReset, &m_timer, qOverload<>(&QTimer::start));
            connect(model, &QAbstractItemModel::layoutChanged, &m_timer,
                    qOverload<>(&QTimer::start));
        }
        fit();
    }

protected:
    bool eventFilter(QObject *watched, QEvent *event) override
    {
        if (watched != m_view)
            return QObject::eventFilter(watched, event);
        const QEvent::Type type = event->type();
        if (type == QEvent::FontChange || type == QEvent::StyleChange || type == QEvent::Show)
            m_timer.start();
        // Wrapped rows are taller in a narrower view (the height set here changes no width).
        if (type == QEvent::Resize && m_view->width() != m_width) {
            m_width = m_view->width();
            m_timer.start();
        }
        return QObject::eventFilter(watched, event);
    }

private:
    void fit()
    {
        const int height = heightForAllRows(m_view);
        if (height != m_view->minimumHeight() || height != m_view->maximumHeight())
            m_view->setFixedHeight(height);
    }

    QAbstractItemView *m_view;
    QTimer m_timer;
    int m_width = -1;
};

} // namespace

int heightForAllRows(const QAbstractItemView *view)
{
    const int rows = view->model() ? view->model()->rowCount(view->rootIndex()) : 0;
    int height = 0;
    if (const auto *table = qobject_cast<const QTableView *>(view)) {
        height = table->verticalHeader()->length();
        if (!table->horizontalHeader()->isHidden())
            height += table->horizontalHeader()->sizeHint().height();
    } else if (rows > 0) {
        // Where the last row ends as laid out (visualRect() runs a layout that is pending, and
        // only then): a wrapped row's height depends on the width, which the delegate's size
        // hint alone does not see.
        const QModelIndex last = view->model()->index(rows - 1, 0, view->rootIndex());
        height = view->visualRect(last).bottom() + 1 + view->verticalScrollBar()->value();
        // A list view keeps `spacing` on every side of each item.
        if (const auto *list = qobject_cast<const QListView *>(view))
            height += list->spacing();
    }
    const QScrollBar *bar = view->horizontalScrollBar();
    if (view->horizontalScrollBarPolicy() != Qt::ScrollBarAlwaysOff && bar->maximum() > 0)
        height += bar->sizeHint().height();
    return height + 2 * view->frameWidth();
}

void fitToRows(QAbstractItemView *view)
{
    new RowFitter(view);
}

} // namespace rooflab::gui
