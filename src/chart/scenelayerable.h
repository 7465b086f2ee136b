#pragma once

#include "qcp.h"

#include <functional>

namespace rooflab {

// A QCustomPlot layerable that draws through a callback: how the
// scene's own drawing takes part in QCustomPlot's layers, replots and exports.
class SceneLayerable : public QCPLayerable
{
    Q_OBJECT

public:
    using DrawFunction = std::function<void(QCPPainter *)>;

    // `clipToPlot`: clipped to the axis rect (the scene), else to the whole widget (axes).
    SceneLayerable(QCustomPlot *plot, const QString &layer, DrawFunction draw,
                   bool clipToPlot = true);

protected:
    QRect clipRect() const override;
    void applyDefaultAntialiasingHint(QCPPainter *painter) const override;
    void draw(QCPPainter *painter) override;

private:
    DrawFunction m_draw;
    bool m_clipToPlot;
};

} // namespace rooflab
