#include "scenelayerable.h"

namespace rooflab {

SceneLayerable::SceneLayerable(QCustomPlot *plot, const QString &layer, DrawFunction draw,
                               bool clipToPlot)
    : QCPLayerable(plot, layer), m_draw(std::move(draw)), m_clipToPlot(clipToPlot)
{
}

QRect SceneLayerable::clipRect() const
{
    return m_clipToPlot ? mParentPlot->axisRect()->rect() : mParentPlot->viewport();
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
