#include "rooflinescene.h"

#include "qcp.h"
#include "scenelayerable.h"
#include "scenepainter.h"

#include <QCoreApplication>
#include <QFontMetricsF>
#include <QImage>

#include <algorithm>
#include <cmath>

namespace rooflab {

namespace {

QString tr(const char *text)
{
    return QCoreApplication::translate("RooflineChart", text);
}

bool sameMapping(const AxisMapping &a, const AxisMapping &b)
{
    return a.rect == b.rect && a.x0 == b.x0 && a.x1 == b.x1 && a.y0 == b.y0 && a.y1 == b.y1;
}

void styleAxis(QCPAxis *axis, const SceneModel &model, bool primary)
{
    const ChartTheme &t = model.theme;
    axis->setScaleType(QCPAxis::stLogarithmic);
    auto ticker = QSharedPointer<QCPAxisTickerLog>::create();
    ticker->setLogBase(10);
    ticker->setSubTickCount(8);
    axis->setTicker(ticker);
    axis->setNumberFormat(QStringLiteral("eb"));
    axis->setNumberPrecision(0);
    axis->setBasePen(QPen(t.foreground, 1));
    axis->setTickPen(QPen(t.foreground, 1));
    axis->setSubTickPen(QPen(t.muted, 1));
    axis->setTickLength(0, 6);
    axis->setSubTickLength(0, 3);
    axis->setTickLabelColor(t.foreground);
    axis->setLabelColor(t.foreground);
    axis->setTickLabelFont(model.fonts.tick);
    axis->setLabelFont(model.fonts.axisTitle);
    axis->setSelectedTickLabelFont(model.fonts.tick);
    axis->setSelectedLabelFont(model.fonts.axisTitle);
    axis->setTicks(primary);
    axis->setTickLabels(primary);
    axis->setVisible(true);
    axis->grid()->setVisible(primary);
    axis->grid()->setSubGridVisible(primary);
    // Cosmetic one-pixel grid lines without antialiasing: crisp, and the fastest to draw.
    axis->grid()->setAntialiased(false);
    axis->grid()->setAntialiasedSubGrid(false);
    axis->grid()->setPen(QPen(t.grid, 0, Qt::SolidLine));
    axis->grid()->setSubGridPen(QPen(t.subGrid, 0, Qt::SolidLine));
    axis->grid()->setZeroLinePen(Qt::NoPen);
}

} // namespace

RooflineScene::RooflineScene(QCustomPlot *plot) : m_plot(plot)
{
    m_plot->setFont(SceneFonts::make(1.0).tick);
    m_plot->addLayer(QStringLiteral("zones"), m_plot->layer(QStringLiteral("grid")),
                     QCustomPlot::limBelow);
    m_plot->addLayer(QStringLiteral("roofs"), m_plot->layer(QStringLiteral("main")));
    // Points, labels and the legend on top, in a paint buffer of their own: a batch change
    // redraws only them over the unchanged roofs, grid and axes (see replot()).
    m_plot->addLayer(QStringLiteral("points"), m_plot->layer(QStringLiteral("overlay")));
    m_dynamicLayer = m_plot->layer(QStringLiteral("points"));
    new SceneLayerable(m_plot, QStringLiteral("zones"), [this](QCPPainter *painter) {
        ScenePainter(m_model, frame(), painter).drawZones();
    });
    new SceneLayerable(m_plot, QStringLiteral("roofs"), [this](QCPPainter *painter) {
        ScenePainter(m_model, frame(), painter).drawRoofs();
    });
    new SceneLayerable(m_plot, QStringLiteral("points"), [this](QCPPainter *painter) {
        ScenePainter scenePainter(m_model, frame(), painter);
        scenePainter.drawTrails(m_trails);
        scenePainter.drawPoints();
    });
    new SceneLayerable(m_plot, QStringLiteral("points"), [this](QCPPainter *painter) {
        ScenePainter scenePainter(m_model, frame(), painter);
        scenePainter.drawLabels();
        scenePainter.drawLegend();
    });
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
    m_plot->xAxis->setLabel(tr("Arithmetic intensity (FLOP/byte)"));
    m_plot->yAxis->setLabel(tr("Attainable performance (FLOP/s)"));
    showContentRange();
}

void RooflineScene::setContent(const Analysis &analysis, const ChartOptions &options)
{
    const bool restyle = !m_styled || options.theme != m_model.options.theme ||
                         options.fontScale != m_model.options.fontScale ||
                         options.title != m_model.options.title;
    m_analysis = analysis;
    m_model = SceneModel::build(analysis, options);
    m_positions.clear();
    m_trails.clear();
    m_frameValid = false;
    if (restyle) { // restyling drops QCustomPlot's cached tick labels: only when it changes
        styleAxes();
        styleTitle();
        m_styled = true;
    }
}

void RooflineScene::styleAxes()
{
    const ChartTheme &t = m_model.theme;
    m_plot->setBackground(QBrush(t.background));
    m_plot->setFont(m_model.fonts.tick);
    styleAxis(m_plot->xAxis, m_model, true);
    styleAxis(m_plot->yAxis, m_model, true);
    styleAxis(m_plot->xAxis2, m_model, false);
    styleAxis(m_plot->yAxis2, m_model, false);
    m_plot->axisRect()->setMinimumMargins(QMargins(12, 12, 24, 12));
}

void RooflineScene::styleTitle()
{
    const QString &text = m_model.options.title;
    if (text.isEmpty()) {
        if (m_title) {
            m_plot->plotLayout()->remove(m_title);
            m_plot->plotLayout()->simplify();
            m_title = nullptr;
        }
        return;
    }
    if (!m_title) {
        m_plot->plotLayout()->insertRow(0);
        m_title = new QCPTextElement(m_plot, text, m_model.fonts.title);
        m_plot->plotLayout()->addElement(0, 0, m_title);
    }
    m_title->setText(text);
    m_title->setFont(m_model.fonts.title);
    m_title->setTextColor(m_model.theme.foreground);
}

// A long title (a model's fit on several devices) must not run off the figure: its font
// shrinks to fit `width`, down to 70%, and lines still too long are elided.
void RooflineScene::fitTitle(int width)
{
    if (!m_title)
        return;
    const QString &text = m_model.options.title;
    const QStringList lines = text.split(QLatin1Char('\n'));
    const double room = std::max(60, width - 24);
    QFont font = m_model.fonts.title;
    double widest = 0;
    for (const QString &line : lines)
        widest = std::max(widest, QFontMetricsF(font).horizontalAdvance(line));
    if (widest > room) {
        const double factor = std::max(0.7, room / widest);
        font.setPixelSize(std::max(6, static_cast<int>(font.pixelSize() * factor)));
    }
    const QFontMetricsF metrics(font);
    QStringList fitted;
    for (const QString &line : lines)
        fitted.append(metrics.elidedText(line, Qt::ElideRight, room));
    m_title->setFont(font);
    m_title->setText(fitted.join(QLatin1Char('\n')));
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
    if (!m_frameValid || !sameMapping(map, m_frameMapping)) {
        m_frame = SceneFrame::layout(m_model, map, m_positions);
        m_frameMapping = map;
        m_frameValid = true;
    }
    return m_frame;
}

void RooflineScene::render(QCPPainter *painter, const QSize &size)
{
    fitTitle(size.width());
    painter->setFont(m_model.fonts.tick); // a concrete family even where no text is drawn
    m_plot->toPainter(painter, size.width(), size.height());
}

QImage RooflineScene::renderImage(const QSize &size, double scale)
{
    const QSize pixels(std::max(1, static_cast<int>(std::lround(size.width() * scale))),
                       std::max(1, static_cast<int>(std::lround(size.height() * scale))));
    QImage image(pixels, QImage::Format_ARGB32_Premultiplied);
    image.fill(m_model.theme.background);
    const int dotsPerMeter = static_cast<int>(std::lround(96 / 0.0254 * scale));
    image.setDotsPerMeterX(dotsPerMeter);
    image.setDotsPerMeterY(dotsPerMeter);
    QCPPainter painter(&image);
    painter.setRenderHint(QPainter::Antialiasing);
    painter.scale(double(pixels.width()) / size.width(), double(pixels.height()) / size.height());
    render(&painter, size);
    painter.end();
    return image;
}

void RooflineScene::updatePlotLayout()
{
    fitTitle(m_plot->width());
    QCPLayoutGrid *layout = m_plot->plotLayout();
    layout->update(QCPLayoutElement::upPreparation);
    layout->update(QCPLayoutElement::upMargins);
    layout->update(QCPLayoutElement::upLayout);
}

namespace {

// True when the layers below the points would draw the same: same roofs, ridges and zones
// in the same theme (the axes and grid are checked through the mapping).
bool sameStaticLayers(const SceneModel &a, const SceneModel &b)
{
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
           a.options.fontScale == b.options.fontScale && a.options.title == b.options.title &&
           a.zoneRoof == b.zoneRoof &&
           std::equal(a.slopes.cbegin(), a.slopes.cend(), b.slopes.cbegin(), b.slopes.cend(),
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
    m_plot->replot(QCustomPlot::rpQueuedRefresh);
}

void RooflineScene::rememberStaticLayers()
{
    m_staticModel = m_model;
    m_staticMapping = currentMapping();
    m_staticSize = m_plot->viewport().size();
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
