#include "rooflinechart.h"

#include "annotationpainter.h"
#include "axispainter.h"
#include "compositingplot.h"
#include "legendnotes.h"
#include "pointdescription.h"
#include "pointmotion.h"
#include "qcp.h"
#include "rooflinescene.h"

#include <QTimer>
#include <QToolTip>
#include <QVBoxLayout>
#include <QVariantAnimation>

#include <cmath>
#include <limits>

namespace rooflab {

namespace {

// How long a moved point takes to glide to its new place, and how long its trail stays.
constexpr int glideMs = 150;
constexpr int trailMs = 1200;
// How close (pixels) the mouse must be to a point to hover or click it.
constexpr double pickRadius = 9;

PointMotion::Key keyOf(const PointAnalysis &p)
{
    return {p.deviceId, p.operatorId};
}

// True when `view` shows all of `content` and wastes less than a decade beside it.
bool viewStillFits(const ViewRange &view, const ViewRange &content)
{
    const auto fits = [](double v0, double v1, double c0, double c1) {
        return v0 <= c0 && v1 >= c1 && c0 / v0 < 10 && v1 / c1 < 10;
    };
    return fits(view.xMin, view.xMax, content.xMin, content.xMax) &&
           fits(view.yMin, view.yMax, content.yMin, content.yMax);
}

} // namespace

class RooflineChart::Private
{
public:
    explicit Private(RooflineChart *chart) : q(chart), plot(new CompositingPlot(chart)), scene(plot)
    {
    }

    void setRange(const ViewRange &range)
    {
        settingRange = true;
        scene.setViewRange(range);
        settingRange = false;
    }

    void applyMotion(double t)
    {
        scene.setMotion(motion.positionsAt(t), motion.trails());
        requestReplot();
    }

    // One replot at the next turn of the event loop, however many changes come before it.
    void requestReplot()
    {
        if (replotQueued)
            return;
        replotQueued = true;
        QTimer::singleShot(0, q, [this] { replotNow(); });
    }

    void replotNow()
    {
        if (!replotQueued)
            return;
        replotQueued = false;
        scene.replot();
    }

    // The state settled, or the view or size changed: labels laid out anew, as a file of
    // this state lays them out.
    void settle()
    {
        settleTimer.stop();
        if (!scene.keepsLabels())
            return;
        scene.keepLabels(false);
        requestReplot();
    }

    QString keyAt(int modelPoint, QString *operatorId) const
    {
        const PointAnalysis &p =
            scene.analysis().points.at(scene.model().points.at(modelPoint).analysisIndex);
        *operatorId = p.operatorId;
        return p.deviceId;
    }

    RooflineChart *q;
    QCustomPlot *plot;
    RooflineScene scene;
    PointMotion motion;
    QVariantAnimation animation;
    QTimer trailTimer;
    QTimer settleTimer;
    ChartOptions options;
    bool hasContent = false;
    bool following = true;
    bool settingRange = false;
    bool replotQueued = false;
    int hovered = -1;
    int builds = 0;
    QPointF pressPos;
};

RooflineChart::RooflineChart(QWidget *parent) : QWidget(parent), d(std::make_unique<Private>(this))
{
    auto *layout = new QVBoxLayout(this);
    layout->setContentsMargins(0, 0, 0, 0);
    layout->addWidget(d->plot);
    d->plot->setInteractions(QCP::iRangeDrag | QCP::iRangeZoom);
    d->plot->axisRect()->setRangeDrag(Qt::Horizontal | Qt::Vertical);
    d->plot->axisRect()->setRangeZoom(Qt::Horizontal | Qt::Vertical);
    d->plot->setMouseTracking(true);
    d->plot->installEventFilter(this);
    d->plot->setMinimumSize(320, 240);
    setSizePolicy(QSizePolicy::Expanding, QSizePolicy::Expanding);

    const auto userRangeChange = [this] {
        if (d->settingRange)
            return;
        d->settingRange = true;
        d->plot->xAxis2->setRange(d->plot->xAxis->range());
        d->plot->yAxis2->setRange(d->plot->yAxis->range());
        d->settingRange = false;
        d->following = false;
        d->settle();
        Q_EMIT viewChanged();
    };
    connect(d->plot->xAxis, qOverload<const QCPRange &>(&QCPAxis::rangeChanged), this,
            userRangeChange);
    connect(d->plot->yAxis, qOverload<const QCPRange &>(&QCPAxis::rangeChanged), this,
            userRangeChange);

    d->animation.setDuration(glideMs);
    d->animation.setStartValue(0.0);
    d->animation.setEndValue(1.0);
    d->animation.setEasingCurve(QEasingCurve::OutCubic);
    connect(&d->animation, &QVariantAnimation::valueChanged, this,
            [this](const QVariant &value) { d->applyMotion(value.toDouble()); });
    connect(&d->animation, &QVariantAnimation::finished, this, [this] {
        d->applyMotion(1.0);
        d->trailTimer.start();
    });
    d->trailTimer.setSingleShot(true);
    d->trailTimer.setInterval(trailMs);
    connect(&d->trailTimer, &QTimer::timeout, this, [this] {
        d->motion.clearTrails();
        d->applyMotion(1.0);
    });

    d->settleTimer.setSingleShot(true);
    d->settleTimer.setInterval(settleMs);
    connect(&d->settleTimer, &QTimer::timeout, this, [this] {
        if (d->animation.state() == QAbstractAnimation::Running)
            d->settleTimer.start(); // still gliding: settle once the points stand
        else
            d->settle();
    });

    connect(d->plot, &QCustomPlot::mouseMove, this, [this](QMouseEvent *event) {
        const int index = d->scene.pointAt(event->position(), pickRadius);
        // The title may be elided to fit: above the plot, the tooltip says it whole.
        const QRect title(0, 0, d->plot->width(),
                          static_cast<int>(d->scene.frame().map.rect.top()));
        if (index < 0 && !d->options.title.isEmpty() && title.contains(event->pos()))
            QToolTip::showText(event->globalPosition().toPoint(), d->options.title, d->plot, title);
        // A compact legend counts the line labels that found no room: hovering it names them.
        const SceneFrame &frame = d->scene.frame();
        const QRect legend = frame.legend.rect.toAlignedRect();
        if (index < 0 && !frame.lineLabelsLeftOut.isEmpty() && legend.contains(event->pos()))
            QToolTip::showText(event->globalPosition().toPoint(),
                               lineLabelsLeftOutText(frame.lineLabelsLeftOut), d->plot, legend);
        if (index == d->hovered)
            return;
        d->hovered = index;
        if (index < 0) {
            QToolTip::hideText();
            Q_EMIT pointHovered(QString(), QString());
            return;
        }
        QString op;
        const QString device = d->keyAt(index, &op);
        QToolTip::showText(event->globalPosition().toPoint(), tooltipFor(device, op), d->plot);
        Q_EMIT pointHovered(device, op);
    });
    connect(d->plot, &QCustomPlot::mousePress, this,
            [this](QMouseEvent *event) { d->pressPos = event->position(); });
    connect(d->plot, &QCustomPlot::mouseRelease, this, [this](QMouseEvent *event) {
        if ((event->position() - d->pressPos).manhattanLength() > 4)
            return; // a drag, not a click
        const AxisMapping &map = d->scene.frame().map;
        if (map.rect.contains(event->position()))
            Q_EMIT chartClicked(map.pixelToX(event->position().x()),
                                map.pixelToY(event->position().y()));
        const int index = d->scene.pointAt(event->position(), pickRadius);
        if (index < 0)
            return;
        QString op;
        const QString device = d->keyAt(index, &op);
        Q_EMIT pointClicked(device, op);
    });
    connect(d->plot, &QCustomPlot::mouseDoubleClick, this, [this](QMouseEvent *event) {
        if (d->scene.pointAt(event->position(), pickRadius) < 0)
            resetView();
    });
}

RooflineChart::~RooflineChart() = default;

bool RooflineChart::eventFilter(QObject *watched, QEvent *event)
{
    // The filter sees the plot's resize before the plot does: tell of it after.
    if (watched == d->plot && event->type() == QEvent::Resize)
        QMetaObject::invokeMethod(this, &RooflineChart::plotResized, Qt::QueuedConnection);
    return QWidget::eventFilter(watched, event);
}

void RooflineChart::resizeEvent(QResizeEvent *event)
{
    QWidget::resizeEvent(event);
    d->settle();
    d->requestReplot();
}

void RooflineChart::setAnalysis(const Analysis &analysis, const ChartOptions &options,
                                bool batchOnly)
{
    const ChartOptions previous = d->options;
    d->options = options;
    d->animation.stop();
    d->scene.setContent(analysis, options);
    ++d->builds;

    const bool fixedView = options.xMin > 0 && options.xMax > options.xMin && options.yMin > 0 &&
                           options.yMax > options.yMin;
    const bool viewOptionsChanged = options.xMin != previous.xMin ||
                                    options.xMax != previous.xMax ||
                                    options.yMin != previous.yMin || options.yMax != previous.yMax;
    bool rangeMoved = true;
    if (!d->hasContent || (fixedView && viewOptionsChanged)) {
        d->following = !fixedView;
        d->setRange(fixedView ? ViewRange{options.xMin, options.xMax, options.yMin, options.yMax}
                              : d->scene.contentRange());
    } else if (d->following && !viewStillFits(d->scene.viewRange(), d->scene.contentRange())) {
        // Following the content, but steadily: the frame changes only when the points
        // leave it or it grows a decade too wide, not on every batch step.
        d->setRange(d->scene.contentRange());
    } else {
        rangeMoved = false;
    }
    // While only the batch moves, each frame starts from the last one drawn; any other
    // change lays the labels out anew at once (docs/labels.md, "Memory while the batch
    // moves").
    if (batchOnly && !rangeMoved) {
        d->scene.keepLabels(true);
        d->settleTimer.start();
    } else {
        d->settleTimer.stop();
        d->scene.keepLabels(false);
        d->scene.forgetLabels();
    }

    QList<PointMotion::Key> keys;
    QList<QPointF> targets;
    keys.reserve(d->scene.model().points.size());
    targets.reserve(d->scene.model().points.size());
    for (const ScenePoint &point : d->scene.model().points) {
        keys.append(keyOf(analysis.points.at(point.analysisIndex)));
        targets.append({point.x, point.y});
    }
    const bool animate = options.animate && d->hasContent && isVisible();
    d->motion.retarget(keys, targets, animate); // a jump leaves no trail to keep
    d->hasContent = true;
    d->hovered = -1;
    if (animate && d->motion.moving()) {
        d->trailTimer.stop();
        d->applyMotion(0.0);
        d->animation.start();
    } else {
        d->applyMotion(1.0);
    }
    Q_EMIT analysisShown();
}

bool RooflineChart::keepsLabels() const
{
    return d->scene.keepsLabels();
}

void RooflineChart::resetView()
{
    d->settle();
    d->following = true;
    d->setRange(d->scene.contentRange());
    d->plot->replot(QCustomPlot::rpQueuedReplot);
    Q_EMIT viewChanged();
}

ViewRange RooflineChart::viewRange() const
{
    return d->scene.viewRange();
}

bool RooflineChart::followsContent() const
{
    return d->following;
}

QString RooflineChart::tooltipFor(const QString &deviceId, const QString &operatorId) const
{
    const Analysis &analysis = d->scene.analysis();
    const PointAnalysis *point = analysis.point(deviceId, operatorId);
    return point ? pointDescription(analysis, *point) : QString();
}

QPointF RooflineChart::pointPosition(const QString &deviceId, const QString &operatorId) const
{
    d->scene.updatePlotLayout();
    const SceneModel &model = d->scene.model();
    const SceneFrame &frame = d->scene.frame();
    for (qsizetype i = 0; i < model.points.size() && i < frame.pointPixels.size(); ++i) {
        const PointAnalysis &p = d->scene.analysis().points.at(model.points.at(i).analysisIndex);
        if (p.deviceId != deviceId || p.operatorId != operatorId)
            continue;
        const QPointF pixel = frame.pointPixels.at(i);
        if (!frame.map.rect.contains(pixel))
            break;
        return d->plot->mapTo(this, pixel.toPoint()) + (pixel - pixel.toPoint());
    }
    return {-1, -1};
}

SceneFrame RooflineChart::frame() const
{
    d->scene.updatePlotLayout();
    return d->scene.frame();
}

FrameCover RooflineChart::coverFor(Room room, QRectF *area) const
{
    d->scene.updatePlotLayout();
    const SceneFrame &frame = d->scene.frame();
    FrameCover cover = coverWithMarks(d->scene.model(), frame);
    *area = frame.map.rect;
    if (room == Room::Figure) {
        *area = QRectF(QPointF(0, 0), QSizeF(d->plot->viewport().size()));
        // The margin's texts and the legend with a little room around them: beside the plot
        // the box would stand against them, with no border between.
        constexpr double clearance = 6;
        QList<QRectF> texts = AxisPainter::textBoxes(d->scene.model(), d->scene.figureLayout());
        if (!cover.legend.isEmpty())
            texts.append(cover.legend);
        for (const QRectF &text : std::as_const(texts))
            cover.taken.append(text.adjusted(-clearance, -clearance, clearance, clearance));
        // The border and the tick marks outside it: a box astride them hides an axis.
        const double ticks = AxisPainter::majorTickLength(d->scene.model());
        const QRectF r = frame.map.rect.adjusted(-ticks, 0, 0, ticks);
        cover.roofs.append(
            {QLineF(r.topLeft(), r.topRight()), QLineF(r.topRight(), r.bottomRight()),
             QLineF(r.bottomRight(), r.bottomLeft()), QLineF(r.bottomLeft(), r.topLeft())});
    }
    return cover;
}

QRect RooflineChart::quietestPlace(QSize size, int inset, double *hidden, Room room) const
{
    QRectF area;
    const FrameCover cover = coverFor(room, &area);
    area.adjust(inset, inset, -inset, -inset);
    const QRectF found = rooflab::quietestPlace(cover, area, size);
    if (hidden) // before rounding out, which can touch a neighbour
        *hidden = area.contains(found) ? hiddenUnder(cover, found)
                                       : std::numeric_limits<double>::infinity();
    const QRect place = found.toAlignedRect();
    return place.translated(d->plot->mapTo(this, QPoint(0, 0)));
}

double RooflineChart::hiddenAt(const QRect &place, Room room) const
{
    QRectF area;
    const FrameCover cover = coverFor(room, &area);
    // Half a pixel in from the whole pixels it was rounded out to, which may touch a neighbour.
    const QRectF box = QRectF(place.translated(-d->plot->mapTo(this, QPoint(0, 0))))
                           .adjusted(0.5, 0.5, -0.5, -0.5);
    return area.contains(box) ? hiddenUnder(cover, box) : std::numeric_limits<double>::infinity();
}

QRect RooflineChart::plotArea() const
{
    d->scene.updatePlotLayout();
    return d->scene.frame().map.rect.toAlignedRect().translated(d->plot->mapTo(this, QPoint(0, 0)));
}

int RooflineChart::contentBuilds() const
{
    return d->builds;
}

int RooflineChart::fullReplots() const
{
    return d->scene.fullReplots();
}

void RooflineChart::replotNow()
{
    d->replotNow();
}

QImage RooflineChart::grabImage(QSize size)
{
    if (!size.isValid() || size.isEmpty())
        size = d->plot->size();
    return d->scene.renderImage(size, 1.0);
}

} // namespace rooflab
