#pragma once

#include "qcp.h"

#include <functional>

namespace rooflab {

// A QCustomPlot layerable that draws through a callback, clipped to the axis rect: how the
// scene's own drawing takes part in QCustomPlot's layers, replots and exports.
class SceneLayerable : public QCPLayerable
{
    Q_OBJECT

public:
    using DrawFunction = std::function<void(QCPPainter *)>;

    SceneLayerable(QCustomPlot *plot, const QString &layer, DrawFunction draw);

protected:
    QRect clipRect() const override;
    void applyDefaultAntialiasingHint(QCPPainter *painter) const override;
    void draw(QCPPainter *painter) override;

private:
    DrawFunction m_draw;
};

} // namespace rooflab
