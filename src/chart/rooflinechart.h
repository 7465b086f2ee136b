#pragma once

#include "analysis.h"
#include "chartoptions.h"
#include "framecover.h"
#include "sceneframe.h"

#include <QImage>
#include <QWidget>

#include <memory>

namespace rooflab {

// The window's interactive roofline chart: log-log roofs, ridges, zones and operator points,
// with hover text, click selection, wheel zoom, drag pan and animated point moves. Drawn by
// the same scene code as exported files.
class RooflineChart : public QWidget
{
    Q_OBJECT

public:
    explicit RooflineChart(QWidget *parent = nullptr);
    ~RooflineChart() override;

    // Shows `analysis` drawn with `options`. Points that moved since the previous analysis
    // glide to their new place (when options.animate) leaving a faint trail. `batchOnly`:
    // only the batch changed since the last analysis (a slider drag): labels keep their
    // places while such changes keep coming, and are laid out anew `settleMs` after the
    // last one (docs/labels.md, "Memory while the batch moves").
    void setAnalysis(const Analysis &analysis, const ChartOptions &options, bool batchOnly = false);

    // How long after the last batch-only change the labels are laid out anew.
    static constexpr int settleMs = 300;
    // True while labels keep their last frame's places (batch changes have not settled).
    bool keepsLabels() const;

    // Lets the axis ranges follow the content again, with a margin.
    void resetView();

    // The axis ranges shown now, e.g. to save them in a scenario file.
    ViewRange viewRange() const;

    // True while the ranges follow the content (after resetView() or a first analysis with no
    // fixed view) rather than a view the user zoomed or panned to.
    bool followsContent() const;

    // The hover text of one point (operator, device, formats, FLOPs, bytes, intensity,
    // attainable, bound, time); empty when the analysis has no such point.
    QString tooltipFor(const QString &deviceId, const QString &operatorId) const;

    // Where the marker of one point is drawn now, in this widget's coordinates (for tests
    // and keyboard navigation); (-1, -1) when the point is not shown.
    QPointF pointPosition(const QString &deviceId, const QString &operatorId) const;

    // The layout the chart draws now, in the plot's coordinates (for tests).
    SceneFrame frame() const;

    // Where a box of `size` laid over the chart (the presenter view's strip of keys) hides
    // the least of it, in this widget's coordinates: a corner, an edge's middle or the centre
    // of `room`, `inset` pixels in from its edges, away from the labels, markers, legend,
    // roofs and a lesson's marks (quietestPlace(), framecover.h). The whole figure's room
    // also keeps the box off the tick labels, the axis titles, the title and the plot's
    // border. `hidden`, when not null: how much the box hides there (hiddenUnder(); 0:
    // nothing).
    // A place outside `room` (a box larger than it) hides infinitely much.
    enum class Room { Plot, Figure };
    QRect quietestPlace(QSize size, int inset, double *hidden = nullptr,
                        Room room = Room::Plot) const;
    // What a box at `place` (this widget's coordinates) hides of the chart, counted as
    // quietestPlace() counts it for `room`.
    double hiddenAt(const QRect &place, Room room) const;
    // The plot's rectangle, in this widget's coordinates.
    QRect plotArea() const;

    // Draws pending changes now rather than at the next turn of the event loop (they reach
    // the screen at the next paint event), e.g. to time a batch change.
    void replotNow();

    // How many times setAnalysis() rebuilt the scene (for tests: one change, one rebuild).
    int contentBuilds() const;
    // How many replots redrew every layer rather than the points' buffer alone (for tests).
    int fullReplots() const;

    // The chart drawn at `size` pixels, as the window would show it.
    QImage grabImage(QSize size);

Q_SIGNALS:
    // The user clicked the point of this operator on this device.
    void pointClicked(const QString &deviceId, const QString &operatorId);
    // The user clicked the plot at this intensity (FLOP/byte) and FLOP/s, on a point or not
    // (a lesson's region question).
    void chartClicked(double intensity, double performance);
    // The mouse is over this point now; both ids empty when it left every point.
    void pointHovered(const QString &deviceId, const QString &operatorId);
    // The user zoomed, panned or reset the view.
    void viewChanged();
    // The plot took a new size; queued, so that it arrives once the plot is laid out for it.
    void plotResized();
    // setAnalysis() has put the new analysis in place (drawn at the next replot).
    void analysisShown();

protected:
    // A new size lays the figure out again: margins, and the legend's place (docs/labels.md).
    void resizeEvent(QResizeEvent *event) override;
    bool eventFilter(QObject *watched, QEvent *event) override;

private:
    // What a box laid over the chart must not hide in `room`, and the room itself (in the
    // plot's pixels).
    FrameCover coverFor(Room room, QRectF *area) const;

    class Private;
    std::unique_ptr<Private> d;
};

} // namespace rooflab
