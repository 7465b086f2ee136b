#pragma once

#include "results.h"

#include <QWidget>

#include <memory>
#include <optional>

namespace rooflab::gui {

class ChartHeader;

// What the secondary chart shows for one operator on one device: the sweep the core computed
// and the samples at the current batch and at the ridge batch.
using app::BatchCurve;

// Step time and tokens per second against batch on log axes (Qt Charts): the picture of
// "batching is nearly free until the ridge". Draws the figures it is given, nothing else.
class BatchCurveChart : public QWidget
{
    Q_OBJECT

public:
    explicit BatchCurveChart(QWidget *parent = nullptr);
    ~BatchCurveChart() override;

    // Shows `curve`; an empty curve shows a hint to select a point.
    void setCurve(const BatchCurve &curve);
    // Dark or light chart colours, and the font scale of the larger-text option.
    void setAppearance(bool dark, double fontScale);

    // The series' points, for tests: (batch, seconds) and (batch, tokens/s or FLOP/s).
    QList<QPointF> timePoints() const;
    QList<QPointF> ratePoints() const;
    // The time axis's range, in the unit the axis is drawn in (that of timePoints()).
    QPair<double, double> timeRange() const;
    // The current-batch marker (batch, time in the unit of timePoints()), or nullopt.
    std::optional<QPointF> currentMarker() const;
    // The text beside that marker ("B = 64"); empty when none is drawn.
    QString currentMarkerLabel() const;
    // Where that text is drawn, and the x of each vertical marker line (ridge batch, memory
    // limit), in the chart's pixels; for tests.
    QRectF currentMarkerLabelRect() const;
    QList<qreal> markerLineXs() const;
    // The legend's visible entries, in order.
    QStringList legendNames() const;
    // The title and legend above the chart (wrapped, never elided), for tests.
    const ChartHeader *header() const;
    // How many times the sweep, its axes and legend were drawn: a batch tick draws none.
    int sweepDraws() const;
    // The batch of the ridge marker, or nullopt when none is drawn.
    std::optional<double> ridgeMarkerBatch() const;
    // The batch of the "largest batch that fits" marker, or nullopt when none is drawn.
    std::optional<double> memoryMarkerBatch() const;

private:
    void drawSweep(const BatchCurve &curve);
    void drawCurrent(const BatchCurve &curve);

    class Private;
    std::unique_ptr<Private> d;
};

} // namespace rooflab::gui
