#include "compositingplot.h"

#include <QBackingStore>
#include <QPaintEngine>

namespace rooflab {

namespace {

// The formats whose source-over blend and solid fill are worked out the same whichever of
// them the frame is painted in (a 32-bit pixel with an opaque alpha).
bool compositesExactly(QImage::Format format)
{
    return format == QImage::Format_RGB32 || format == QImage::Format_ARGB32_Premultiplied;
}

} // namespace

CompositingPlot::CompositingPlot(QWidget *parent) : QCustomPlot(parent)
{
    // A replot redraws every buffer; a layer's own replot (the points on a batch tick) only
    // its buffer, which is never the bottom one while there are two (canComposite()).
    connect(this, &QCustomPlot::beforeReplot, this, [this] { ++m_generation; });
}

bool CompositingPlot::canComposite() const
{
    // The background must cover the frame (else the widget's own pixels show through), the
    // buffers must be drawn at the widget's pixel ratio (else QCustomPlot reallocates them
    // first) and the viewport must start at the widget's corner, where the image is copied.
    return m_compositing && mPaintBuffers.size() >= 2 && mBackgroundPixmap.isNull() &&
           mViewport.topLeft() == QPoint(0, 0) && mBackgroundBrush.style() == Qt::SolidPattern &&
           mBackgroundBrush.color().alpha() == 255 &&
           qFuzzyCompare(mBufferDevicePixelRatio, devicePixelRatioF());
}

const QImage &CompositingPlot::bottomImage(QImage::Format format)
{
    const QCPAbstractPaintBuffer *bottom = mPaintBuffers.first().data();
    const QSize pixels = (QSizeF(mViewport.size()) * mBufferDevicePixelRatio).toSize();
    if (m_bottomGeneration != m_generation || m_bottomBuffer != bottom ||
        m_bottomBrush != mBackgroundBrush || m_bottom.format() != format ||
        m_bottom.size() != pixels || m_bottom.devicePixelRatio() != mBufferDevicePixelRatio) {
        m_bottom = QImage(pixels, format);
        m_bottom.setDevicePixelRatio(mBufferDevicePixelRatio);
        QCPPainter painter(&m_bottom);
        painter.setRenderHint(QPainter::SmoothPixmapTransform);
        painter.fillRect(mViewport, mBackgroundBrush); // as QCustomPlot::paintEvent paints
        mPaintBuffers.first()->draw(&painter);
        m_bottomGeneration = m_generation;
        m_bottomBuffer = bottom;
        m_bottomBrush = mBackgroundBrush;
        ++m_builds;
    }
    return m_bottom;
}

void CompositingPlot::paintEvent(QPaintEvent *event)
{
    if (!canComposite()) {
        QCustomPlot::paintEvent(event);
        return;
    }
    QCPPainter painter(this);
    if (!painter.isActive())
        return;
    painter.setRenderHint(QPainter::SmoothPixmapTransform);
    const QPaintDevice *device = painter.paintEngine()->paintDevice();
    const auto *target = device && device->devType() == QInternal::Image
                             ? static_cast<const QImage *>(device)
                             : nullptr;
    if (target && compositesExactly(target->format())) {
        // The bottom image copied, not blended: it is opaque.
        painter.setCompositionMode(QPainter::CompositionMode_Source);
        painter.drawImage(QPointF(0, 0), bottomImage(target->format()));
        painter.setCompositionMode(QPainter::CompositionMode_SourceOver);
    } else { // another kind of target: what QCustomPlot::paintEvent does
        painter.fillRect(mViewport, mBackgroundBrush);
        mPaintBuffers.first()->draw(&painter);
    }
    for (qsizetype i = 1; i < mPaintBuffers.size(); ++i)
        mPaintBuffers.at(i)->draw(&painter);
}

void CompositingPlot::resizeEvent(QResizeEvent *event)
{
    ++m_generation; // the buffers are reallocated
    QCustomPlot::resizeEvent(event);
}

} // namespace rooflab
