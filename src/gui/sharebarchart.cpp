#include "sharebarchart.h"

#include "theme.h"

#include <QBarCategoryAxis>
#include <QBarSet>
#include <QChart>
#include <QChartView>
#include <QFontMetricsF>
#include <QGraphicsSimpleTextItem>
#include <QHorizontalBarSeries>
#include <QVBoxLayout>
#include <QValueAxis>

#include <algorithm>
#include <cmath>

namespace rooflab::gui {

class ShareBarChart::Private
{
public:
    QChart *chart = new QChart;
    QChartView *view = nullptr;
    QHorizontalBarSeries *series = new QHorizontalBarSeries;
    QBarSet *set = new QBarSet(QString());
    QBarCategoryAxis *classAxis = new QBarCategoryAxis;
    QValueAxis *shareAxis = new QValueAxis;
    QValueAxis niceAxis; // never shown: works out the nice range of shareAxis
    QStringList labels;
    // The title ("device: 15.4 ms per step") is a free item over the chart's top margin: it
    // changes on every batch tick, and a new QChart title lays the whole chart out again.
    QGraphicsSimpleTextItem *title = new QGraphicsSimpleTextItem(chart);
    QString titleText;

    // Centred at the top, elided to the chart's width.
    void placeTitle()
    {
        const QFontMetricsF metrics(title->font());
        const qreal width = chart->size().width();
        const QString text = metrics.elidedText(titleText, Qt::ElideRight, width - 8);
        if (title->text() != text)
            title->setText(text);
        title->setPos(std::max(4.0, (width - metrics.horizontalAdvance(text)) / 2), 4);
    }
    // Room for one line of title above the plot; changes only with the font.
    void fitTitleMargin()
    {
        const int height = static_cast<int>(std::ceil(QFontMetricsF(title->font()).height()));
        chart->setMargins(QMargins(2, height + 6, 8, 0));
    }
};

ShareBarChart::ShareBarChart(QWidget *parent) : QWidget(parent), d(std::make_unique<Private>())
{
    d->view = new QChartView(d->chart, this);
    d->view->setRenderHint(QPainter::Antialiasing);
    // A batch tick changes every bar and its value: repaint the rectangle around them under
    // one simple clip. Clipped to the exact region of the changed items (the default), each
    // grid line crossing the bars was stroked through a many-rectangle clip, and the lines
    // were most of the chart's paint. The pixels are the same either way.
    d->view->setViewportUpdateMode(QGraphicsView::BoundingRectViewportUpdate);
    auto *layout = new QVBoxLayout(this);
    layout->setContentsMargins(0, 0, 0, 0);
    layout->addWidget(d->view);
    setSizePolicy(QSizePolicy::Expanding, QSizePolicy::Expanding);

    d->series->append(d->set);
    d->series->setLabelsVisible(true);
    d->series->setLabelsPosition(QAbstractBarSeries::LabelsOutsideEnd);
    d->series->setLabelsFormat(QStringLiteral("@value%"));
    d->series->setLabelsPrecision(3);
    d->chart->addSeries(d->series);
    d->shareAxis->setTitleText(tr("Share of step time (%)"));
    d->shareAxis->setLabelFormat(QStringLiteral("%g"));
    d->chart->addAxis(d->classAxis, Qt::AlignLeft);
    d->chart->addAxis(d->shareAxis, Qt::AlignBottom);
    d->series->attachAxis(d->classAxis);
    d->series->attachAxis(d->shareAxis);
    d->chart->legend()->hide();
    d->fitTitleMargin();
    connect(d->chart, &QGraphicsWidget::geometryChanged, this, [this] { d->placeTitle(); });
    setBars(QString(), {});
}

ShareBarChart::~ShareBarChart() = default;

void ShareBarChart::setBars(const QString &title, const QList<ShareBar> &bars)
{
    if (d->titleText != title) {
        d->titleText = title;
        d->placeTitle();
    }
    // Categories run bottom-up on a horizontal axis: reversed, the first class is on top.
    QStringList labels;
    QList<qreal> values;
    for (auto it = bars.crbegin(); it != bars.crend(); ++it) {
        labels.append(it->label);
        values.append(100.0 * it->share);
    }
    // A batch change keeps the classes: change the bars in place, which Qt Charts lays out
    // far faster than a new set of bars.
    if (labels == d->labels && d->set->count() == values.size()) {
        for (int i = 0; i < values.size(); ++i) {
            if (d->set->at(i) != values.at(i))
                d->set->replace(i, values.at(i));
        }
    } else {
        d->labels = labels;
        d->set->remove(0, d->set->count());
        d->set->append(values);
        d->classAxis->clear();
        d->classAxis->append(labels);
    }
    const double top = values.isEmpty() ? 100.0 : *std::max_element(values.cbegin(), values.cend());
    // Room on the right for the value labels. The nice range is worked out on a detached
    // axis and set only when it differs: each range change lays the whole chart out again,
    // and setRange() then applyNiceNumbers() on the shown axis made two on every tick.
    d->niceAxis.setTickCount(d->shareAxis->tickCount());
    d->niceAxis.setRange(0, std::min(100.0, std::max(10.0, top * 1.25)));
    d->niceAxis.applyNiceNumbers();
    if (d->niceAxis.min() != d->shareAxis->min() || d->niceAxis.max() != d->shareAxis->max())
        d->shareAxis->setRange(d->niceAxis.min(), d->niceAxis.max());
    if (d->niceAxis.tickCount() != d->shareAxis->tickCount())
        d->shareAxis->setTickCount(d->niceAxis.tickCount());
    d->series->setVisible(!bars.isEmpty());
}

void ShareBarChart::setAppearance(bool dark, double fontScale)
{
    d->chart->setTheme(dark ? QChart::ChartThemeDark : QChart::ChartThemeLight);
    d->chart->setBackgroundRoundness(0);
    d->set->setColor(dark ? QColor(0x5d, 0xad, 0xe2) : QColor(0x1f, 0x77, 0xb4));
    d->set->setLabelColor(dark ? Qt::white : Qt::black);
    QFont font = unscaledFont(); // the window's font without its scale: scaled once here
    font.setPointSizeF(font.pointSizeF() * fontScale * 0.9);
    d->classAxis->setLabelsFont(font);
    d->shareAxis->setLabelsFont(font);
    d->shareAxis->setTitleFont(font);
    d->set->setLabelFont(font);
    QFont title = font;
    title.setBold(true);
    d->chart->setTitleFont(title);
    d->title->setFont(title);
    d->title->setBrush(d->chart->titleBrush());
    d->fitTitleMargin();
    d->placeTitle();
}

QList<double> ShareBarChart::percentages() const
{
    QList<double> values;
    for (int i = d->set->count() - 1; i >= 0; --i)
        values.append(d->set->at(i));
    return values;
}

QString ShareBarChart::title() const
{
    return d->titleText;
}

QString ShareBarChart::chartTitle() const
{
    return d->chart->title();
}

QStringList ShareBarChart::labels() const
{
    QStringList labels = d->labels;
    std::reverse(labels.begin(), labels.end());
    return labels;
}

} // namespace rooflab::gui
