#pragma once

#include "analysis.h"
#include "chartoptions.h"
#include "figurelayout.h"
#include "sceneframe.h"
#include "scenemodel.h"

#include <QList>
#include <QMetaObject>
#include <QPointF>
#include <QPolygonF>
#include <QSize>

class QCustomPlot;
class QCPLayer;
class QPainter;
class QImage;

namespace rooflab {

// The figure hosted on a QCustomPlot: QCustomPlot keeps the axis ranges (zoom, pan) and
// the paint buffers; every pixel is drawn by the figure layer (src/figure), in the same
// pieces an exported file is drawn with, so a file shows exactly what the window shows.
class RooflineScene
{
public:
    // Sets up `plot` (axes, layers); the plot must outlive the scene.
    explicit RooflineScene(QCustomPlot *plot);
    ~RooflineScene();
    RooflineScene(const RooflineScene &) = delete;
    RooflineScene &operator=(const RooflineScene &) = delete;

    // Shows `analysis` with `options`: rebuilds the scene. Axis ranges are left alone; call
    // showContentRange() to fit them.
    void setContent(const Analysis &analysis, const ChartOptions &options);

    const SceneModel &model() const { return m_model; }
    const Analysis &analysis() const { return m_analysis; }

    // Where the points are drawn while they glide (data coordinates, one per model point;
    // empty: at their own places) and the trails behind them.
    void setMotion(const QList<QPointF> &positions, const QList<QPolygonF> &trails);

    // Sets the axis ranges: the fixed view of the options, else the content with a margin.
    void showContentRange();
    // The content's range, ignoring any fixed view.
    ViewRange contentRange() const { return m_model.content; }

    ViewRange viewRange() const;
    void setViewRange(const ViewRange &range);

    // The layout of the plot as it is now (recomputed when size, ranges or content changed).
    const SceneFrame &frame();

    // While `keep`, each new frame is laid out with the last one as its previous frame, so
    // that labels keep their places while the batch moves; turning it off lays the frame
    // out anew, as a file of the same state is (docs/labels.md, "Memory while the batch
    // moves").
    void keepLabels(bool keep);
    bool keepsLabels() const { return m_keepLabels; }
    // The scene changed in more than its batch: the frame drawn last is another scene's, so
    // the next batch tick must not start from it even where its map is the same.
    void forgetLabels() { m_hasFrame = false; }

    // Draws the plot now (painted at the next paint event): only the points, labels and
    // legend when the roofs, zones, grid and axes would draw as at the last full replot (a
    // batch change), else everything.
    void replot();
    // How many replot() calls redrew every layer (for tests: a batch tick redraws only the
    // points' buffer when the axes stay).
    int fullReplots() const { return m_fullReplots; }

    // Lays the figure out for the plot's size and ranges now, not at the next replot, so
    // frame() answers for what the next replot will show.
    void updatePlotLayout();

    // Draws the whole chart laid out at `size` logical pixels with `painter` (an image, an
    // SVG generator, a PDF writer), whatever the plot widget's own size.
    void render(QPainter *painter, const QSize &size);
    // The chart at `size` logical pixels as an image of size * scale device pixels.
    QImage renderImage(const QSize &size, double scale);

    // The model point under `pixel` in the last frame, or -1: within `radius` pixels of its
    // centre, or on its marker when that is larger; the one drawn on top when several are.
    int pointAt(const QPointF &pixel, double radius);

    // The figure's layout (margins, title, axis titles) as laid out last, mapped with the
    // plot's ranges as they are now.
    const FigureLayout &figureLayout();

private:
    AxisMapping currentMapping() const;
    void rememberStaticLayers();

    QCustomPlot *m_plot;
    QCPLayer *m_dynamicLayer = nullptr;
    FigureLayout m_layout;         // margins, ticks and title for the plot's size and ranges
    LegendSlotCache m_legendSlots; // the legend's place, kept while a batch tick leaves it
    Analysis m_analysis;
    SceneModel m_model;
    QList<QPointF> m_positions;
    QList<QPolygonF> m_trails;
    SceneFrame m_frame;
    bool m_frameValid = false;
    bool m_keepLabels = false;
    bool m_hasFrame = false; // m_frame holds a frame laid out before
    AxisMapping m_frameMapping;
    LegendSlot m_frameSlot;
    // What the layers below the points showed at the last full replot.
    SceneModel m_staticModel;
    AxisMapping m_staticMapping;
    QSize m_staticSize;
    bool m_staticValid = false;
    int m_fullReplots = 0;
    QMetaObject::Connection m_afterReplot;
};

} // namespace rooflab
