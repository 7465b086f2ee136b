#include "axispainter.h"

#include "axisticks.h"

#include <QFontMetricsF>
#include <QPainter>

#include <algorithm>
#include <cmath>

namespace rooflab {

AxisPainter::AxisPainter(const SceneModel &model, const FigureLayout &layout, QPainter *painter)
    : m(model), l(layout), p(painter)
{
}

void AxisPainter::drawBackground()
{
    p->fillRect(QRectF(QPointF(0, 0), QSizeF(l.size)), m.theme.background);
}

void AxisPainter::drawGrid()
{
    const ChartTheme &t = m.theme;
    const QRectF &r = l.map.rect;
    p->save();
    // Cosmetic one-pixel lines without antialiasing: crisp, and the fastest to draw.
    p->setRenderHint(QPainter::Antialiasing, false);
    for (const bool major : {false, true}) {
        p->setPen(QPen(major ? t.grid : t.subGrid, 0, Qt::SolidLine));
        for (const LogTick &tick : logTicks(l.map.x0, l.map.x1)) {
            const double x = std::round(l.map.xToPixel(tick.value));
            if (tick.major == major && x > r.left() && x < r.right())
                p->drawLine(QPointF(x, r.top()), QPointF(x, r.bottom()));
        }
        for (const LogTick &tick : logTicks(l.map.y0, l.map.y1)) {
            const double y = std::round(l.map.yToPixel(tick.value));
            if (tick.major == major && y > r.top() && y < r.bottom())
                p->drawLine(QPointF(r.left(), y), QPointF(r.right(), y));
        }
    }
    p->restore();
}

void AxisPainter::drawTickLabel(const QPointF &anchor, const LogTick &tick, const QFont &base,
                                Qt::Alignment align)
{
    const QFont small = tickExponentFont(base);
    const QFontMetricsF bm(base), sm(small);
    const QString ten = tickLabelBase(tick);
    const QString power = QString::number(tick.exponent);
    const double width = bm.horizontalAdvance(ten) + sm.horizontalAdvance(power);
    const double rise = bm.ascent() * 0.45;
    const double height = bm.height() + rise;
    double left = anchor.x() - width / 2;
    double top = anchor.y();
    if (align & Qt::AlignRight) { // left of the axis, centred on the tick
        left = anchor.x() - width;
        top = anchor.y() - height / 2;
    }
    const double baseline = top + rise + bm.ascent();
    p->setFont(base);
    p->drawText(QPointF(left, baseline), ten);
    p->setFont(small);
    p->drawText(QPointF(left + bm.horizontalAdvance(ten), baseline - rise), power);
}

void AxisPainter::drawOver()
{
    p->save();
    paintFrame();
    paintTitles();
    p->restore();
}

void AxisPainter::drawFrame()
{
    p->save();
    paintFrame();
    p->restore();
}

void AxisPainter::drawTitles()
{
    p->save();
    p->setRenderHint(QPainter::Antialiasing, true);
    p->setPen(m.theme.foreground);
    paintTitles();
    p->restore();
}

// Leaves the painter antialiased with the foreground pen, as paintTitles() expects.
void AxisPainter::paintFrame()
{
    const ChartTheme &t = m.theme;
    const QRectF &r = l.map.rect;
    const double grow = std::max(1.0, m.options.fontScale);
    const double major = 6 * grow, minor = 3 * grow, gap = 4 * grow;
    // Every decade keeps its tick; which carry a label, and in which font, depends on the
    // room (axisticks.h).
    const AxisTickLabels xLabels = horizontalTickLabels(l.map, m.fonts);
    const AxisTickLabels yLabels = verticalTickLabels(l.map, m.fonts);
    const QList<LogTick> &xTicks = xLabels.ticks;
    const QList<LogTick> &yTicks = yLabels.ticks;
    p->setRenderHint(QPainter::Antialiasing, false);
    p->setPen(QPen(t.foreground, 1));
    p->setBrush(Qt::NoBrush);
    p->drawRect(r);
    for (const LogTick &tick : xTicks) {
        const double x = std::round(l.map.xToPixel(tick.value));
        p->setPen(QPen(tick.major ? t.foreground : t.muted, 1));
        p->drawLine(QPointF(x, r.bottom()), QPointF(x, r.bottom() + (tick.major ? major : minor)));
    }
    for (const LogTick &tick : yTicks) {
        const double y = std::round(l.map.yToPixel(tick.value));
        p->setPen(QPen(tick.major ? t.foreground : t.muted, 1));
        p->drawLine(QPointF(r.left() - (tick.major ? major : minor), y), QPointF(r.left(), y));
    }
    p->setRenderHint(QPainter::Antialiasing, true);
    p->setPen(t.foreground);
    for (const LogTick &tick : xTicks) {
        if (tick.labelled)
            drawTickLabel(QPointF(l.map.xToPixel(tick.value), r.bottom() + major + gap), tick,
                          xLabels.font, Qt::AlignHCenter);
    }
    for (const LogTick &tick : yTicks) {
        if (tick.labelled)
            drawTickLabel(QPointF(r.left() - major - gap, l.map.yToPixel(tick.value)), tick,
                          yLabels.font, Qt::AlignRight);
    }
    // The axis titles where the figure's layout put them (figurelayout.cpp).
    p->setFont(m.fonts.axisTitle);
    p->drawText(l.xTitleRect, Qt::AlignCenter, l.xTitle);
    const QRectF &y = l.yTitleRect;
    p->save();
    p->translate(y.left(), y.center().y());
    p->rotate(-90);
    p->drawText(QRectF(-y.height() / 2, 0, y.height(), y.width()), Qt::AlignCenter, l.yTitle);
    p->restore();
}

void AxisPainter::paintTitles()
{
    const double subtitleTop = 12 + l.titleHeight - l.subtitleHeight;
    if (!l.title.isEmpty()) {
        p->setFont(l.titleFont);
        // From the top: a title laid out for its widest (FigureLayout) may leave room below.
        p->drawText(QRectF(0, 12, l.size.width(), subtitleTop - 12),
                    Qt::AlignTop | Qt::AlignHCenter, l.title);
    }
    if (!l.subtitle.isEmpty()) {
        p->setFont(l.subtitleFont);
        p->setPen(m.theme.muted);
        p->drawText(QRectF(0, subtitleTop, l.size.width(), l.subtitleHeight), Qt::AlignCenter,
                    l.subtitle);
    }
}

} // namespace rooflab
