#pragma once

#include "qcp.h"

#include <QImage>

namespace rooflab {

// The chart's QCustomPlot. QCustomPlot paints a frame as the background colour, then each of
// its paint buffers blended on top: two full-size blends, although a batch tick redraws only
// the top buffer (the points). This plot keeps the background with the bottom buffer blended
// on it as one image, made again only after a full replot, a resize or a new background, and
// paints a frame as a copy of that image and the top buffers blended on it: the same
// operations on the same pixels, so the same frame, for one blend less.
class CompositingPlot : public QCustomPlot
{
    Q_OBJECT

public:
    explicit CompositingPlot(QWidget *parent = nullptr);

    // How many times the bottom image was made (for tests: a batch tick reuses it).
    int bottomImageBuilds() const { return m_builds; }
    // Off: paint as QCustomPlot does (tests compare the two).
    void setCompositing(bool on) { m_compositing = on; }

protected:
    void paintEvent(QPaintEvent *event) override;
    void resizeEvent(QResizeEvent *event) override;

private:
    bool canComposite() const;
    const QImage &bottomImage(QImage::Format format);

    QImage m_bottom;                                        // background + bottom buffer
    const QCPAbstractPaintBuffer *m_bottomBuffer = nullptr; // the buffer it was made from
    QBrush m_bottomBrush;                                   // and the background
    quint64 m_generation = 0, m_bottomGeneration = 0;       // bumped when the buffers may change
    int m_builds = 0;
    bool m_compositing = true;
};

} // namespace rooflab
