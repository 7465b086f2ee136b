#pragma once

#include "figurelayout.h"
#include "scenemodel.h"

#include <QList>
#include <QRectF>

class QPainter;

namespace rooflab {

// Draws the frame of a figure with any QPainter: background and grid under the roofs, then
// axes, ticks, tick labels (10 with a superscript exponent), axis titles and the title.
class AxisPainter
{
public:
    AxisPainter(const SceneModel &model, const FigureLayout &layout, QPainter *painter);

    // The figure's background.
    void drawBackground();
    // The grid of decades and their sub-ticks (over the zones, under the roofs).
    void drawGrid();
    // The plot's border, the ticks, their labels, the axis titles and the title.
    void drawOver();
    // drawOver() in two parts: all but the title, and the title with its subtitle. A model's
    // title names the batch, so the window draws it with the points (rooflinescene.cpp).
    void drawFrame();
    void drawTitles();

    // The boxes the frame and titles of `layout` draw text in, in the figure's pixels: the
    // tick labels, the axis titles, the title and its caption line (what a box laid beside the
    // plot must not hide: the presenter view's strip).
    static QList<QRectF> textBoxes(const SceneModel &model, const FigureLayout &layout);
    // How far a decade's tick mark reaches out of the plot, in pixels (grown with the text).
    static double majorTickLength(const SceneModel &model);

private:
    void paintFrame();
    void paintTitles();
    // `tick`'s label in `font` (the axis's: axisticks.h may make it smaller than the scene's).
    void drawTickLabel(const QPointF &anchor, const LogTick &tick, const QFont &font,
                       Qt::Alignment align);

    const SceneModel &m;
    const FigureLayout &l;
    QPainter *p;
};

} // namespace rooflab
