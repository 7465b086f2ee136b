#include "rooflinescene.h"

#include "annotationpainter.h"
#include "axispainter.h"
#include "figure.h"
#include "qcp.h"
#include "scenelayerable.h"
#include "scenepainter.h"

#include <QCoreApplication>
#include <QFontMetricsF>
#include <QImage>
#include <QPainter>

#include <algorithm>
#include <cmath>

namespace rooflab {

namespace {

bool sameMapping(const AxisMapping &a, const AxisMapping &b)
{
    return a.rect == b.rect && a.x0 == b.x0 && a.x1 == b.x1 && a.y0 == b.y0 && a.y1 == b.y1;
}

// QCustomPlot keeps the log ranges and maps them; the figure layer draws the axes.
void hideAxis(QCPAxis *axis)
{
    axis->setScaleType(QCPAxis::stLogarithmic);
    axis->setVisible(false);
    axis->grid()->setVisible(false);
    axis->grid()->setSubGridVisible(false);
}

} // namespace

RooflineScene::RooflineScene(QCustomPlot *plot) : m_plot(plot)
{
    for (QCPAxis *axis : {m_plot->xAxis, m_plot->yAxis, m_plot->xAxis2, m_plot->yAxis2})
        hideAxis(axis);
    m_plot->axisRect()->setAutoMargins(QCP::msNone);
    m_plot->addLayer(QStringLiteral("zones"), m_plot->layer(QStringLiteral("grid")),
                     QCustomPlot::limBelow);
    m_plot->addLayer(QStringLiteral("roofs"), m_plot->layer(QStringLiteral("main")));
    m_plot->addLayer(QStringLiteral("frame"), m_plot->layer(QStringLiteral("roofs")));
    // Points, labels and the legend on top, in a paint buffer of their own: a batch change
    // redraws only them over the unchanged roofs, grid and axes (see replot()).
    m_plot->addLayer(QStringLiteral("points"), m_plot->layer(QStringLiteral("overlay")));
    m_dynamicLayer = m_plot->layer(QStringLiteral("points"));
    // The same pieces as drawScene() draws a file with, in the same order but for what moves
    // with the batch: a deployment's interconnect slope and the title (a model's names the
    // batch) go with the points, so that a batch tick repaints only that buffer.
    new SceneLayerable(m_plot, QStringLiteral("zones"), [this](QCPPainter *painter) {
        ScenePainter(m_model, frame(), painter).drawZones();
        AnnotationPainter(m_model, frame(), painter).drawBands(); // a lesson's bands
        AxisPainter(m_model, figureLayout(), painter).drawGrid();
    });
    new SceneLayerable(m_plot, QStringLiteral("roofs"), [this](QCPPainter *painter) {
        ScenePainter(m_model, frame(), painter).drawRoofs(ScenePainter::Roofs::AllButLinks);
    });
    new SceneLayerable(
        m_plot, QStringLiteral("frame"),
        [this](QCPPainter *painter) { AxisPainter(m_model, figureLayout(), painter).drawFrame(); },
        false);
    new SceneLayerable(m_plot, QStringLiteral("points"), [this](QCPPainter *painter) {
        ScenePainter scenePainter(m_model, frame(), painter);
        scenePainter.drawRoofs(ScenePainter::Roofs::LinksOnly);
        scenePainter.drawTrails(m_trails);
        scenePainter.drawPoints();
    });
    new SceneLayerable(m_plot, QStringLiteral("points"), [this](QCPPainter *painter) {
        ScenePainter scenePainter(m_model, frame(), painter);
        scenePainter.drawLabels();
        AnnotationPainter(m_model, frame(), painter).drawMarks(); // a lesson's callouts
    });
    // The legend last, unclipped: it may sit in its margin beside or under the plot.
    new SceneLayerable(
        m_plot, QStringLiteral("points"),
        [this](QCPPainter *painter) {
            AxisPainter(m_model, figureLayout(), painter).drawTitles();
            ScenePainter(m_model, frame(), painter).drawLegend();
        },
        false);
    m_plot->setCurrentLayer(QStringLiteral("main"));
    // Two paint buffers: everything below the points in one (QCustomPlot's "overlay" layer
    // is buffered on its own by default; it holds nothing here), the points in the other.
    // Each extra full-size buffer costs a clear and a blend per frame.
    m_plot->layer(QStringLiteral("overlay"))->setMode(QCPLayer::lmLogical);
    m_dynamicLayer->setMode(QCPLayer::lmBuffered);
    // Every full replot (ours, or QCustomPlot's own on a drag, zoom or resize) redraws the
    // layers below the points: remember what they show.
    m_afterReplot = QObject::connect(m_plot, &QCustomPlot::afterReplot, m_plot,
                                     [this] { rememberStaticLayers(); });
    showContentRange();
}

void RooflineScene::setContent(const Analysis &analysis, const ChartOptions &options)
{
    m_analysis = analysis;
    m_model = SceneModel::build(analysis, options);
    m_positions.clear();
    m_trails.clear();
    m_frameValid = false;
    m_plot->setBackground(QBrush(m_model.theme.background));
}

void RooflineScene::setMotion(const QList<QPointF> &positions, const QList<QPolygonF> &trails)
{
    m_positions = positions;
    m_trails = trails;
    m_frameValid = false;
}

void RooflineScene::showContentRange()
{
    const ChartOptions &o = m_model.options;
    if (o.xMin > 0 && o.xMax > o.xMin && o.yMin > 0 && o.yMax > o.yMin)
        setViewRange({o.xMin, o.xMax, o.yMin, o.yMax});
    else
        setViewRange(m_model.content);
}

ViewRange RooflineScene::viewRange() const
{
    return {m_plot->xAxis->range().lower, m_plot->xAxis->range().upper,
            m_plot->yAxis->range().lower, m_plot->yAxis->range().upper};
}

void RooflineScene::setViewRange(const ViewRange &range)
{
    m_plot->xAxis->setRange(range.xMin, range.xMax);
    m_plot->yAxis->setRange(range.yMin, range.yMax);
    m_plot->xAxis2->setRange(range.xMin, range.xMax);
    m_plot->yAxis2->setRange(range.yMin, range.yMax);
}

AxisMapping RooflineScene::currentMapping() const
{
    // Taken from QCustomPlot's own transforms so the scene lines up with its grid exactly.
    const QCPAxis *x = m_plot->xAxis, *y = m_plot->yAxis;
    AxisMapping map;
    map.x0 = x->range().lower;
    map.x1 = x->range().upper;
    map.y0 = y->range().lower;
    map.y1 = y->range().upper;
    const double left = x->coordToPixel(map.x0), right = x->coordToPixel(map.x1);
    const double bottom = y->coordToPixel(map.y0), top = y->coordToPixel(map.y1);
    map.rect = QRectF(left, top, right - left, bottom - top);
    return map;
}

const SceneFrame &RooflineScene::frame()
{
    const AxisMapping map = currentMapping();
    if (!m_frameValid || !sameMapping(map, m_frameMapping) || m_layout.legend != m_frameSlot) {
        const SceneFrame *previous = m_keepLabels && m_hasFrame ? &m_frame : nullptr;
        m_frame = SceneFrame::layout(m_model, map, m_positions, m_layout.legend, previous);
        m_hasFrame = true;
        m_frameMapping = map;
        m_frameSlot = m_layout.legend;
        m_frameValid = true;
    }
    return m_frame;
}

void RooflineScene::keepLabels(bool keep)
{
    if (m_keepLabels && !keep)
        m_frameValid = false; // laid out anew: the state's own layout
    m_keepLabels = keep;
}

void RooflineScene::render(QPainter *painter, const QSize &size)
{
    // While labels keep their places, the plot's own size draws what the window shows.
    if (m_keepLabels && size == m_plot->viewport().size()) {
        updatePlotLayout();
        drawScene(painter, m_model, figureLayout(), frame());
        return;
    }
    const FigureLayout layout = FigureLayout::make(m_model, size, viewRange());
    drawScene(painter, m_model, layout,
              SceneFrame::layout(m_model, layout.map, m_positions, layout.legend));
}

QImage RooflineScene::renderImage(const QSize &size, double scale)
{
    return figureImage(size, scale, m_model.theme.background,
                       [this, size](QPainter *painter) { render(painter, size); });
}

const FigureLayout &RooflineScene::figureLayout()
{
    // QCustomPlot replots by itself on a drag or zoom: map with its ranges as they are now.
    m_layout.map = currentMapping();
    return m_layout;
}

void RooflineScene::updatePlotLayout()
{
    m_layout = FigureLayout::make(m_model, m_plot->viewport().size(), viewRange(), &m_legendSlots);
    const QRectF &r = m_layout.map.rect;
    const QSize size = m_plot->viewport().size();
    const QMargins margins(static_cast<int>(r.left()), static_cast<int>(r.top()),
                           size.width() - static_cast<int>(r.right()),
                           size.height() - static_cast<int>(r.bottom()));
    if (m_plot->axisRect()->margins() != margins)
        m_plot->axisRect()->setMargins(margins);
    QCPLayoutGrid *layout = m_plot->plotLayout();
    layout->update(QCPLayoutElement::upPreparation);
    layout->update(QCPLayoutElement::upMargins);
    layout->update(QCPLayoutElement::upLayout);
    m_layout.map = currentMapping();
}

namespace {

// True when the layers below the points would draw the same: same roofs, ridges and zones
// in the same theme (the axes and grid are checked through the mapping). Interconnect
// slopes and the title are drawn with the points, so they may differ.
bool sameStaticLayers(const SceneModel &a, const SceneModel &b)
{
    const auto fixedSlopes = [](const SceneModel &model) {
        QList<SceneSlope> slopes;
        for (const SceneSlope &slope : model.slopes) {
            if (!slope.link)
                slopes.append(slope);
        }
        return slopes;
    };
    const QList<SceneSlope> slopesA = fixedSlopes(a), slopesB = fixedSlopes(b);
    const auto sameSlope = [](const SceneSlope &x, const SceneSlope &y) {
        return x.device == y.device && x.bandwidth == y.bandwidth && x.topRidge == y.topRidge &&
               x.ghost == y.ghost && x.sharedIndex == y.sharedIndex &&
               x.sharedCount == y.sharedCount && x.sharedToX == y.sharedToX;
    };
    const auto sameRoof = [](const SceneRoof &x, const SceneRoof &y) {
        return x.device == y.device && x.peak == y.peak && x.ridge == y.ridge &&
               x.ghost == y.ghost && x.sharedIndex == y.sharedIndex &&
               x.sharedCount == y.sharedCount && x.sharedFromX == y.sharedFromX;
    };
    return a.options.theme == b.options.theme && a.options.showZones == b.options.showZones &&
           a.options.fontScale == b.options.fontScale && a.zoneRoof == b.zoneRoof &&
           a.options.annotations == b.options.annotations &&
           std::equal(slopesA.cbegin(), slopesA.cend(), slopesB.cbegin(), slopesB.cend(),
                      sameSlope) &&
           std::equal(a.roofs.cbegin(), a.roofs.cend(), b.roofs.cbegin(), b.roofs.cend(), sameRoof);
}

} // namespace

void RooflineScene::replot()
{
    // A batch change usually moves only the points: when the roofs, zones and axes would
    // draw as they did at the last full replot, repaint only the points' buffer.
    updatePlotLayout();
    const AxisMapping map = currentMapping();
    const QSize size = m_plot->viewport().size();
    // (QCustomPlot itself falls back to a full replot when its buffers were invalidated.)
    if (m_staticValid && sameMapping(map, m_staticMapping) && size == m_staticSize &&
        sameStaticLayers(m_model, m_staticModel)) {
        m_dynamicLayer->replot();
        return;
    }
    ++m_fullReplots;
    m_plot->replot(QCustomPlot::rpQueuedRefresh);
}

void RooflineScene::rememberStaticLayers()
{
    m_staticModel = m_model;
    m_staticMapping = currentMapping();
    // The size the layers were laid out for, not the viewport's: QCustomPlot's own replot
    // on a resize paints with the layout of the size before, and the next replot must
    // repaint them all (the axis titles sit by the figure's bottom edge).
    m_staticSize = m_layout.size;
    m_staticValid = true;
}

RooflineScene::~RooflineScene()
{
    QObject::disconnect(m_afterReplot);
}

int RooflineScene::pointAt(const QPointF &pixel, double radius)
{
    // A point is hit within `radius` of its centre or anywhere on its marker when that is
    // larger (a model class). Of several hits, the smaller marker wins (it is drawn on top),
    // then the nearer one.
    updatePlotLayout();
    const SceneFrame &f = frame();
    int best = -1;
    double bestScale = 0, bestDistance = 0;
    for (qsizetype i = 0; i < f.pointPixels.size() && i < m_model.points.size(); ++i) {
        const ScenePoint &point = m_model.points.at(i);
        const double reach = std::max(radius, f.pointSize(point) / 2 + 2);
        const double distance = QLineF(f.pointPixels.at(i), pixel).length();
        if (distance > reach)
            continue;
        if (best < 0 || point.markerScale < bestScale ||
            (point.markerScale == bestScale && distance < bestDistance)) {
            best = static_cast<int>(i);
            bestScale = point.markerScale;
            bestDistance = distance;
        }
    }
    return best;
}

} // namespace rooflab
