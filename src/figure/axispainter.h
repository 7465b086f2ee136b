#pragma once

#include "figurelayout.h"
#include "scenemodel.h"

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
