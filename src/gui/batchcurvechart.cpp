#include "batchcurvechart.h"

#include "batchcurveaxes.h"
#include "chartheader.h"
#include "chartneeds.h"
#include "theme.h"
#include "units.h"

#include <QChart>
#include <QChartView>
#include <QGraphicsEllipseItem>
#include <QGraphicsLayout>
#include <QGraphicsSimpleTextItem>
#include <QLegend>
#include <QLineSeries>
#include <QLogValueAxis>
#include <QVBoxLayout>

#include <algorithm>
#include <cmath>

namespace rooflab::gui {

namespace {

// The "memory runs out here" marker: purple, dash-dot, apart from the red ridge.
QPen memoryPen()
{
    QPen pen(QColor(0x8e, 0x44, 0xad));
    pen.setStyle(Qt::DashDotLine);
    pen.setWidthF(1.8);
    return pen;
}

} // namespace

class BatchCurveChart::Private
{
public:
    QChart *chart = new QChart;
    QChartView *view = nullptr;
    // The title and legend above the chart, wrapped to its width (Qt Charts elides them).
    ChartHeader *header = new ChartHeader;
    QLogValueAxis *batchAxis = new QLogValueAxis;
    QLogValueAxis *timeAxis = new QLogValueAxis;
    QLogValueAxis *rateAxis = new QLogValueAxis;
    QLineSeries *time = new QLineSeries;
    QLineSeries *rate = new QLineSeries;
    QLineSeries *ridgeLine = new QLineSeries;
    QLineSeries *memoryLine = new QLineSeries; // where the memory runs out
    std::optional<double> ridgeBatch, memoryBatch;
    double fontScale = 1;
    // The curve drawn now, and its scales: a batch tick moves only the current marker.
    std::optional<BatchCurve> shown;
    double timeFactor = 1, rateFactor = 1;
    bool perToken = false;
    // The current batch: two dots and its value, free items over the chart. A legend entry
    // whose text changes lays the whole chart out again (axes, their labels, the grid), and a
    // series' points repaint the whole plot area; a free item repaints only where it was
    // and where it goes.
    QGraphicsEllipseItem *timeDot = new QGraphicsEllipseItem(chart);
    QGraphicsEllipseItem *rateDot = new QGraphicsEllipseItem(chart);
    QGraphicsSimpleTextItem *currentLabel = new QGraphicsSimpleTextItem(chart);
    std::optional<QPointF> currentPoint, currentRatePoint; // in the axes' units
    bool dark = false;
    QString timeSymbol; // the time axis's unit
    int sweepDraws = 0;

    // Where a value sits on the chart, or nullopt off the plot area (a time of 0, which a log
    // axis cannot show, when no t fits at that batch).
    std::optional<QPointF> pixelOf(const std::optional<QPointF> &value, QAbstractSeries *series)
    {
        if (!value || !(value->y() > 0))
            return std::nullopt;
        const QPointF at = chart->mapToPosition(*value, series);
        if (!chart->plotArea().adjusted(-1, -1, 1, 1).contains(at))
            return std::nullopt;
        return at;
    }
    // The dots on their points, the value beside the time dot: on its right unless that
    // leaves the plot area or a marker line would cross it, then on its left.
    void placeCurrent()
    {
        const std::optional<QPointF> ratePixel = pixelOf(currentRatePoint, rate);
        rateDot->setVisible(ratePixel.has_value());
        if (ratePixel)
            rateDot->setPos(*ratePixel);
        const std::optional<QPointF> timePixel = pixelOf(currentPoint, time);
        timeDot->setVisible(timePixel.has_value());
        currentLabel->setVisible(timePixel.has_value());
        if (!timePixel)
            return;
        const QPointF at = *timePixel;
        timeDot->setPos(at);
        const QRectF plot = chart->plotArea();
        const QRectF box = currentLabel->boundingRect();
        const qreal gap = 8;
        // Right of the dot, unless that leaves the plot or a marker line (ridge batch, memory
        // limit) would cross the text ("B = 256" struck through by the ridge at 300).
        const qreal right = at.x() + gap, left = at.x() - gap - box.width();
        const QList<qreal> marks = markerXs();
        const auto clear = [&](qreal x) {
            const bool inside = x >= plot.left() && x + box.width() <= plot.right();
            return inside && std::none_of(marks.cbegin(), marks.cend(), [&](qreal m) {
                       return m > x - 2 && m < x + box.width() + 2;
                   });
        };
        qreal x = right;
        if (!clear(right) && (clear(left) || right + box.width() > plot.right()))
            x = left;
        const qreal y = std::clamp(at.y() - box.height() - gap / 2, plot.top(),
                                   std::max(plot.top(), plot.bottom() - box.height()));
        currentLabel->setPos(x, y);
    }

    // Where the vertical marker lines are, in the chart's pixels (a batch outside the sweep
    // lies off the plot, where no label goes either).
    QList<qreal> markerXs() const
    {
        QList<qreal> xs;
        for (const std::optional<double> &batch : {ridgeBatch, memoryBatch}) {
            if (batch && *batch > 0)
                xs.append(chart->mapToPosition(QPointF(*batch, timeAxis->max()), time).x());
        }
        return xs;
    }

    // The legend's entries in the series' pens: a new sweep or new colours only.
    void refreshKey()
    {
        // Without the vertical axes' titles the two curves' entries name their axes.
        const bool titles = timeAxis->isTitleVisible();
        const QString timeName =
            titles ? time->name() : tr("%1 (%2, left)").arg(time->name(), timeSymbol);
        const QString rateName =
            titles ? rate->name() : tr("%1 (right)").arg(rateAxis->titleText());
        QList<ChartKeyEntry> entries = {{.name = timeName, .pen = time->pen()},
                                        {.name = rateName, .pen = rate->pen()}};
        if (ridgeBatch)
            entries.append({.name = ridgeLine->name(), .pen = ridgeLine->pen()});
        if (memoryBatch)
            entries.append({.name = memoryLine->name(), .pen = memoryLine->pen()});
        entries.append({.name = tr("Current batch"),
                        .pen = QPen(dark ? Qt::white : Qt::black, 1),
                        .dot = QColor(0xf3, 0x9c, 0x12)});
        header->setEntries(entries);
    }

    // The vertical axes' titles where the chart, as Qt Charts laid it out last, has room for
    // them beside their labels and along its plot; otherwise none, and the legend names the
    // units instead. Whether they show does not change the plot's height, which decides.
    void fitAxisTitles()
    {
        const QMargins margins = chart->margins();
        const bool titles =
            sideAxesFit(chart, chart->size().width() - margins.left() - margins.right(),
                        chart->plotArea().height());
        if (titles == timeAxis->isTitleVisible() && titles == rateAxis->isTitleVisible())
            return;
        timeAxis->setTitleVisible(titles);
        rateAxis->setTitleVisible(titles);
        refreshKey();
    }

    void attach(QAbstractSeries *series, QLogValueAxis *y)
    {
        chart->addSeries(series);
        series->attachAxis(batchAxis);
        series->attachAxis(y);
    }
    ~Private()
    {
        if (!chart->series().contains(ridgeLine))
            delete ridgeLine; // taken out of the chart while there is no ridge
    }
};

BatchCurveChart::BatchCurveChart(QWidget *parent) : QWidget(parent), d(std::make_unique<Private>())
{
    d->view = new QChartView(d->chart, this);
    d->view->setRenderHint(QPainter::Antialiasing);
    d->view->setFrameShape(QFrame::NoFrame); // one panel with the header above it
    d->view->setSizePolicy(QSizePolicy::Expanding, QSizePolicy::Expanding);
    setSizePolicy(QSizePolicy::Expanding, QSizePolicy::Expanding);
    auto *layout = new QVBoxLayout(this);
    layout->setContentsMargins(0, 0, 0, 0);
    layout->setSpacing(0);
    layout->addWidget(d->header);
    layout->addWidget(d->view, 1);

    for (QLogValueAxis *axis : {d->batchAxis, d->timeAxis, d->rateAxis}) {
        axis->setBase(10);
        axis->setLabelFormat(QStringLiteral("%g"));
        axis->setMinorTickCount(8);
        // Whole labels: Qt Charts elides a label taller or wider than its share of a short
        // axis to "..."; not truncated, a label that would overlap its neighbour is left out.
        axis->setTruncateLabels(false);
    }
    d->rateAxis->setGridLineVisible(false); // the time axis's grid is enough
    d->rateAxis->setMinorGridLineVisible(false);
    d->batchAxis->setTitleText(tr("Batch size"));
    d->chart->addAxis(d->batchAxis, Qt::AlignBottom);
    d->chart->addAxis(d->timeAxis, Qt::AlignLeft);
    d->chart->addAxis(d->rateAxis, Qt::AlignRight);
    d->chart->setMargins(QMargins(2, 0, 2, 0));
    d->chart->layout()->setContentsMargins(0, 0, 0, 0); // every pixel for the plot and axes
    d->chart->legend()->hide();                         // the header's legend wraps instead

    d->time->setName(tr("Step time"));
    d->ridgeLine->setName(tr("Ridge batch"));
    QPen ridgePen(QColor(0xc0, 0x39, 0x2b));
    ridgePen.setStyle(Qt::DashLine);
    ridgePen.setWidthF(1.5);
    d->ridgeLine->setPen(ridgePen);
    d->memoryLine->setPen(memoryPen());
    for (QGraphicsEllipseItem *dot : {d->timeDot, d->rateDot}) {
        dot->setRect(-5.5, -5.5, 11, 11); // centred on its position, as the legend's marker
        dot->setZValue(20);               // above the series
        dot->setBrush(QColor(0xf3, 0x9c, 0x12));
        dot->setPen(QPen(Qt::black, 1));
    }
    d->attach(d->time, d->timeAxis);
    d->attach(d->rate, d->rateAxis);
    d->attach(d->ridgeLine, d->timeAxis);
    d->attach(d->memoryLine, d->timeAxis);
    d->currentLabel->setZValue(20);
    connect(d->chart, &QChart::plotAreaChanged, this, [this] {
        d->placeCurrent();
        d->fitAxisTitles();
    });
    setCurve({});
}

BatchCurveChart::~BatchCurveChart() = default;

void BatchCurveChart::setCurve(const BatchCurve &curve)
{
    const BatchCurve *shown = d->shown ? &*d->shown : nullptr;
    const bool sameSweep = shown && shown->title == curve.title &&
                           shown->samples == curve.samples && shown->ridge == curve.ridge &&
                           shown->ridgeName == curve.ridgeName &&
                           shown->memoryLimit == curve.memoryLimit &&
                           shown->memoryLimitName == curve.memoryLimitName &&
                           shown->memoryLimitDetail == curve.memoryLimitDetail;
    if (!sameSweep)
        drawSweep(curve);
    drawCurrent(curve);
    d->shown = curve;
}

// The sweep, its axes and the ridge line: redrawn only when the curve itself changed.
void BatchCurveChart::drawSweep(const BatchCurve &curve)
{
    ++d->sweepDraws;
    const QList<BatchSample> &samples = curve.samples;
    d->header->setTitle(samples.isEmpty()
                            ? tr("Select a point to see how its time follows the batch")
                            : curve.title);
    bool perToken = false;
    double maxTime = 0, minTime = INFINITY, maxRate = 0, minRate = INFINITY;
    for (const BatchSample &s : samples)
        perToken = perToken || s.tokensPerSecond > 0;
    const auto rateOf = [perToken](const BatchSample &s) {
        return perToken ? s.tokensPerSecond : s.flopsPerSecond;
    };
    // Over the samples drawn only: with TP on auto a batch that fits at no t has no step
    // (time 0), and a log axis from 0 would squash the curve out of sight.
    for (const BatchSample &s : samples) {
        if (s.time > 0) {
            maxTime = std::max(maxTime, s.time);
            minTime = std::min(minTime, s.time);
        }
        if (rateOf(s) > 0) {
            maxRate = std::max(maxRate, rateOf(s));
            minRate = std::min(minRate, rateOf(s));
        }
    }
    if (minTime > maxTime)
        minTime = maxTime;
    if (minRate > maxRate)
        minRate = maxRate;
    const auto [tLoSeconds, tHiSeconds] = timeAxisEnds(minTime, maxTime);
    const Scale t = sweepTimeScale(minTime, maxTime);
    const Scale r = rateScale(maxRate, perToken ? tr("tokens/s") : QStringLiteral("FLOP/s"));
    QList<QPointF> timePoints, ratePoints;
    for (const BatchSample &s : samples) {
        if (s.time > 0)
            timePoints.append({s.batch, s.time / t.factor});
        if (rateOf(s) > 0)
            ratePoints.append({s.batch, rateOf(s) / r.factor});
    }
    d->time->replace(timePoints);
    d->rate->replace(ratePoints);
    d->rate->setName(perToken ? tr("Tokens per second") : tr("Work rate"));
    // Short titles: the chart is often only a couple of hundred pixels high.
    d->timeAxis->setTitleText(tr("Time (%1)").arg(t.symbol));
    d->rateAxis->setTitleText(r.symbol);
    d->timeSymbol = t.symbol;

    setLogRange(d->timeAxis, tLoSeconds / t.factor, tHiSeconds / t.factor, true);
    setDecadeRange(d->rateAxis, minRate / r.factor, maxRate / r.factor);
    double bLo = 1, bHi = 4096;
    if (!samples.isEmpty()) {
        bLo = samples.constFirst().batch;
        bHi = samples.constLast().batch;
    }
    setLogRange(d->batchAxis, bLo * 0.8, bHi * 1.2, false);

    d->timeFactor = t.factor;
    d->rateFactor = r.factor;
    d->perToken = perToken;
    QList<QPointF> ridge;
    d->ridgeBatch.reset();
    if (curve.ridge && !samples.isEmpty()) {
        d->ridgeBatch = curve.ridge->batch;
        ridge = {{curve.ridge->batch, d->timeAxis->min()},
                 {curve.ridge->batch, d->timeAxis->max()}};
        // The legend states the whole batch; the exact solution is the chart's tooltip.
        d->ridgeLine->setName(
            tr("%1 (%2)").arg(curve.ridgeName.isEmpty() ? tr("Ridge batch") : curve.ridgeName,
                              formatWholeBatch(curve.ridge->batch)));
    }
    d->ridgeLine->replace(ridge);
    // Out of the chart rather than a hidden legend marker: the legend does not lay itself out
    // again when a marker's visibility changes, and its entries then overlap.
    const bool shown = d->chart->series().contains(d->ridgeLine);
    if (ridge.isEmpty() && shown)
        d->chart->removeSeries(d->ridgeLine);
    else if (!ridge.isEmpty() && !shown)
        d->attach(d->ridgeLine, d->timeAxis);
    QList<QPointF> memory;
    d->memoryBatch.reset();
    if (curve.memoryLimit && !samples.isEmpty()) {
        d->memoryBatch = curve.memoryLimit;
        memory = {{*curve.memoryLimit, d->timeAxis->min()},
                  {*curve.memoryLimit, d->timeAxis->max()}};
        d->memoryLine->setName(curve.memoryLimitName);
    }
    // The exact ridge batch and, with TP on auto, each t's memory limit.
    QStringList tip;
    if (d->ridgeBatch)
        tip << tr("Ridge batch: exactly %1").arg(formatExactBatch(*d->ridgeBatch));
    if (d->memoryBatch && !curve.memoryLimitDetail.isEmpty())
        tip << curve.memoryLimitDetail;
    d->view->setToolTip(tip.join(QLatin1Char('\n')));
    d->memoryLine->replace(memory);
    d->refreshKey();
    d->fitAxisTitles();
}

// The markers at the current batch, on the scales of the sweep drawn.
void BatchCurveChart::drawCurrent(const BatchCurve &curve)
{
    d->currentPoint.reset();
    d->currentRatePoint.reset();
    if (curve.current && !curve.samples.isEmpty()) {
        const BatchSample &c = *curve.current;
        const double rate = d->perToken ? c.tokensPerSecond : c.flopsPerSecond;
        d->currentPoint = QPointF(c.batch, c.time / d->timeFactor);
        if (rate > 0)
            d->currentRatePoint = QPointF(c.batch, rate / d->rateFactor);
        const QString label = tr("B = %1").arg(formatNumber(c.batch));
        if (d->currentLabel->text() != label)
            d->currentLabel->setText(label);
    }
    d->placeCurrent();
}

void BatchCurveChart::setAppearance(bool dark, double fontScale)
{
    // setTheme resets colours and fonts, so the series' own pens are set again after it.
    const QPen ridgePen = d->ridgeLine->pen();
    d->chart->setTheme(dark ? QChart::ChartThemeDark : QChart::ChartThemeLight);
    d->chart->setBackgroundRoundness(0);
    d->ridgeLine->setPen(ridgePen);
    d->memoryLine->setPen(memoryPen());
    for (QGraphicsEllipseItem *dot : {d->timeDot, d->rateDot}) {
        dot->setBrush(QColor(0xf3, 0x9c, 0x12));
        dot->setPen(QPen(dark ? Qt::white : Qt::black, 1));
    }
    d->fontScale = fontScale;
    d->dark = dark;
    QFont font = unscaledFont(); // the window's font without its scale: scaled once here
    font.setPointSizeF(font.pointSizeF() * fontScale);
    QFont small = font;
    small.setPointSizeF(font.pointSizeF() * 0.9);
    for (QLogValueAxis *axis : {d->batchAxis, d->timeAxis, d->rateAxis}) {
        axis->setLabelsFont(small);
        axis->setTitleFont(font);
        QColor minor = axis->gridLineColor();
        minor.setAlpha(dark ? 70 : 110);
        axis->setMinorGridLineColor(minor);
    }
    d->currentLabel->setFont(small);
    d->currentLabel->setBrush(d->chart->legend()->labelColor());
    d->placeCurrent();
    QFont title = small;
    title.setBold(true);
    d->header->setFonts(title, small);
    // The header continues the chart's background upwards: the top of its gradient.
    const QBrush background = d->chart->backgroundBrush();
    const QGradient *gradient = background.gradient();
    d->header->setColors(d->chart->titleBrush().color(), gradient && !gradient->stops().isEmpty()
                                                             ? gradient->stops().constFirst().second
                                                             : background.color());
    d->refreshKey();
    d->fitAxisTitles();
}

QList<QPointF> BatchCurveChart::timePoints() const
{
    return d->time->points();
}

QList<QPointF> BatchCurveChart::ratePoints() const
{
    return d->rate->points();
}

QPair<double, double> BatchCurveChart::timeRange() const
{
    return {d->timeAxis->min(), d->timeAxis->max()};
}

std::optional<QPointF> BatchCurveChart::currentMarker() const
{
    return d->timeDot->isVisible() ? d->currentPoint : std::nullopt;
}

QString BatchCurveChart::currentMarkerLabel() const
{
    return d->currentLabel->isVisible() ? d->currentLabel->text() : QString();
}

QStringList BatchCurveChart::legendNames() const
{
    return d->header->names();
}

const ChartHeader *BatchCurveChart::header() const
{
    return d->header;
}

int BatchCurveChart::sweepDraws() const
{
    return d->sweepDraws;
}

QRectF BatchCurveChart::currentMarkerLabelRect() const
{
    if (!d->currentLabel->isVisible())
        return {};
    return d->currentLabel->mapRectToParent(d->currentLabel->boundingRect());
}

QList<qreal> BatchCurveChart::markerLineXs() const
{
    return d->markerXs();
}

std::optional<double> BatchCurveChart::ridgeMarkerBatch() const
{
    return d->ridgeBatch;
}

std::optional<double> BatchCurveChart::memoryMarkerBatch() const
{
    return d->memoryBatch;
}

} // namespace rooflab::gui
