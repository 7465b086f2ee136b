#include "scenelayerable.h"

namespace rooflab {

SceneLayerable::SceneLayerable(QCustomPlot *plot, const QString &layer, DrawFunction draw)
    : QCPLayerable(plot, layer), m_draw(std::move(draw))
{
}

QRect SceneLayerable::clipRect() const
{
    return mParentPlot->axisRect()->rect();
}

void SceneLayerable::applyDefaultAntialiasingHint(QCPPainter *painter) const
{
    applyAntialiasingHint(painter, mAntialiased, QCP::aePlottables);
}

void SceneLayerable::draw(QCPPainter *painter)
{
    m_draw(painter);
}

} // namespace rooflab
