#include "chartneeds.h"

#include "chartheader.h"

#include <QAbstractAxis>
#include <QBarCategoryAxis>
#include <QChart>
#include <QChartView>
#include <QFontMetricsF>
#include <QLegend>
#include <QLogValueAxis>
#include <QValueAxis>

#include <algorithm>
#include <cmath>

namespace rooflab::gui {

namespace {

// The labels `axis` draws: its categories, or its values at each power of its base (log
// axes) or tick (value axes), in the axes' "%g" format.
QStringList axisLabels(QAbstractAxis *axis)
{
    if (auto *categories = qobject_cast<QBarCategoryAxis *>(axis))
        return categories->categories();
    QStringList labels;
    if (const auto *log = qobject_cast<const QLogValueAxis *>(axis)) {
        if (!(log->min() > 0) || !(log->max() > log->min()) || !(log->base() > 1))
            return labels;
        const double step = std::log(log->base());
        for (double e = std::ceil(std::log(log->min()) / step - 1e-9);
             e <= std::log(log->max()) / step + 1e-9 && labels.size() < 40; e += 1)
            labels << QString::asprintf("%g", std::pow(log->base(), e));
    } else if (const auto *value = qobject_cast<const QValueAxis *>(axis)) {
        const int ticks = std::clamp(value->tickCount(), 2, 40);
        for (int i = 0; i < ticks; ++i)
            labels << QString::asprintf("%g", value->min() +
                                                  (value->max() - value->min()) * i / (ticks - 1));
    }
    return labels;
}

// Qt Charts gives its vertical axes together at most this share of the chart's width, and its
// horizontal ones as much of its height, and elides their labels and titles beyond it.
constexpr double axisShare = 0.4;

} // namespace

bool sideAxesFit(const QChart *chart, qreal width, qreal plotHeight)
{
    // Each side's axes need their labels' width, a label's padding (4 px) and their titles'
    // height with its padding (2 px either side), a few pixels more for the text's margins.
    qreal left = 0, right = 0;
    int count = 0;
    const QList<QAbstractAxis *> axes = chart->axes();
    for (QAbstractAxis *axis : axes) {
        if (!axis->isVisible() || axis->orientation() != Qt::Vertical)
            continue;
        const QFontMetricsF metrics(axis->labelsFont());
        qreal widest = metrics.horizontalAdvance(QStringLiteral("..."));
        if (axis->labelsVisible()) {
            const QStringList labels = axisLabels(axis);
            for (const QString &label : labels)
                widest = std::max(widest, metrics.horizontalAdvance(label));
        }
        qreal need = widest + 4 + 8;
        if (!axis->titleText().isEmpty()) {
            const QFontMetricsF title(axis->titleFont());
            need += title.height() + 4;
            // Turned along the plot: no longer than the plot is tall.
            if (title.horizontalAdvance(axis->titleText()) + 8 > plotHeight)
                return false;
        }
        (axis->alignment() == Qt::AlignRight ? right : left) += need;
        ++count;
    }
    // Qt Charts gives each vertical axis an equal part of two fifths of the width.
    const qreal share = count > 0 ? axisShare * width / count : 0;
    const auto sideCount = [&axes](Qt::Alignment side) {
        return std::count_if(axes.cbegin(), axes.cend(), [side](const QAbstractAxis *axis) {
            return axis->isVisible() && axis->alignment() == side;
        });
    };
    return left <= share * static_cast<qreal>(sideCount(Qt::AlignLeft)) &&
           right <= share * static_cast<qreal>(sideCount(Qt::AlignRight));
}

int chartWidth(const QWidget *content)
{
    const auto *view = content->findChild<QChartView *>();
    if (!view || !view->chart())
        return content->minimumSizeHint().width();
    const QChart *chart = view->chart();
    // The title and legend above the chart wrap: the widest word or entry.
    const auto *header = content->findChild<ChartHeader *>();
    const int legend = header ? header->minimumSizeHint().width() : 0;
    int beside = 0, across = 0;
    const QList<QAbstractAxis *> axes = chart->axes();
    for (QAbstractAxis *axis : axes) {
        if (!axis->isVisible())
            continue;
        const QFontMetrics metrics(axis->labelsFont());
        // Labels the chart draws itself, in its margins (the time share's class names), are
        // counted with the margins.
        const QStringList labels = axis->labelsVisible() ? axisLabels(axis) : QStringList();
        int widest = 0;
        for (const QString &label : labels)
            widest = std::max(widest, metrics.horizontalAdvance(label));
        if (axis->orientation() == Qt::Vertical) {
            const int title =
                axis->titleText().isEmpty() ? 0 : QFontMetrics(axis->titleFont()).height();
            beside += widest + title + metrics.height();
        } else {
            // Each label apart from the next by a gap as wide as the text is tall.
            across =
                std::max(across, static_cast<int>(labels.size()) * (widest + metrics.height()));
        }
    }
    const int room = std::max(beside + across, static_cast<int>(std::ceil(beside / axisShare)));
    const QMargins margins = chart->margins();
    return std::max(legend, room) + margins.left() + margins.right() + 16;
}

int chartHeight(const QWidget *content, int width)
{
    const auto *view = content->findChild<QChartView *>();
    if (!view || !view->chart())
        return content->minimumSizeHint().height();
    const QChart *chart = view->chart();
    // Each line of text with a gap as tall as a third of it, as Qt Charts pads them.
    const auto line = [](const QFont &font) { return QFontMetrics(font).height() * 4 / 3; };
    int height = chart->title().isEmpty() ? 0 : line(chart->titleFont());
    if (chart->legend()->isVisible())
        height += line(chart->legend()->font());
    // The title and legend above it, on as many lines as `width` needs.
    if (const auto *header = content->findChild<ChartHeader *>())
        height += header->heightForWidth(width);
    // Below the plot the horizontal axis's labels and title; the plot as tall as the widest
    // vertical axis title (drawn turned along it) and at least four labels of its axis.
    int plot = 0, below = 0;
    const QList<QAbstractAxis *> axes = chart->axes();
    for (const QAbstractAxis *axis : axes) {
        if (!axis->isVisible())
            continue;
        const int title = axis->titleText().isEmpty() ? 0 : line(axis->titleFont());
        if (axis->orientation() == Qt::Horizontal) {
            below += line(axis->labelsFont()) + title;
        } else {
            const int along =
                axis->titleText().isEmpty()
                    ? 0
                    : QFontMetrics(axis->titleFont()).horizontalAdvance(axis->titleText());
            // A category axis: a line for each category's name.
            const auto *categories = qobject_cast<const QBarCategoryAxis *>(axis);
            const int labels = categories ? static_cast<int>(categories->count()) *
                                                QFontMetrics(axis->labelsFont()).height()
                                          : 4 * line(axis->labelsFont());
            plot = std::max({plot, along, labels});
        }
    }
    height += std::max(plot + below, static_cast<int>(std::ceil(below / axisShare)));
    const QMargins margins = chart->margins();
    return height + margins.top() + margins.bottom() + 16;
}

} // namespace rooflab::gui
