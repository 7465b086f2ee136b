#include "axispainter.h"

#include "axisticks.h"

#include <QFontMetricsF>
#include <QPainter>

#include <algorithm>
#include <cmath>

namespace rooflab {

namespace {

// How far a tick label's exponent stands above its base, in ascents of the base's font.
constexpr double exponentRise = 0.45;
// From the top: a title laid out for its widest (FigureLayout) may leave room below.
constexpr Qt::Alignment titleAlignment = Qt::AlignTop | Qt::AlignHCenter;

// The tick marks' lengths and the gap from a mark to its label, grown with the text.
struct TickSizes
{
    double major = 6, minor = 3, gap = 4;
};

TickSizes tickSizes(const SceneModel &model)
{
    const double grow = std::max(1.0, model.options.fontScale);
    return {.major = 6 * grow, .minor = 3 * grow, .gap = 4 * grow};
}

// The box of a tick label ("10" or "2×10" and its exponent): under the horizontal axis
// `anchor` is the middle of its top; left of the vertical one (Qt::AlignRight), the middle
// of its right side.
QRectF tickLabelBox(const QPointF &anchor, const LogTick &tick, const QFont &base,
                    Qt::Alignment align)
{
    const QFontMetricsF bm(base), sm(tickExponentFont(base));
    const double width = bm.horizontalAdvance(tickLabelBase(tick)) +
                         sm.horizontalAdvance(QString::number(tick.exponent));
    const double height = bm.height() + bm.ascent() * exponentRise;
    if (align & Qt::AlignRight)
        return QRectF(anchor.x() - width, anchor.y() - height / 2, width, height);
    return QRectF(anchor.x() - width / 2, anchor.y(), width, height);
}

// Calls `label(anchor, tick, font, alignment)` for each labelled tick of both axes.
template <typename Label>
void forEachTickLabel(const FigureLayout &l, const TickSizes &size, const AxisTickLabels &x,
                      const AxisTickLabels &y, Label label)
{
    const QRectF &r = l.map.rect;
    for (const LogTick &tick : x.ticks) {
        if (tick.labelled)
            label(QPointF(l.map.xToPixel(tick.value), r.bottom() + size.major + size.gap), tick,
                  x.font, Qt::AlignHCenter);
    }
    for (const LogTick &tick : y.ticks) {
        if (tick.labelled)
            label(QPointF(r.left() - size.major - size.gap, l.map.yToPixel(tick.value)), tick,
                  y.font, Qt::AlignRight);
    }
}

// Where the title and the caption line under it are drawn.
QRectF titleRect(const FigureLayout &l)
{
    return QRectF(0, 12, l.size.width(), l.titleHeight - l.subtitleHeight);
}

QRectF subtitleRect(const FigureLayout &l)
{
    return QRectF(0, 12 + l.titleHeight - l.subtitleHeight, l.size.width(), l.subtitleHeight);
}

} // namespace

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
    const QFontMetricsF bm(base);
    const QString ten = tickLabelBase(tick);
    const QRectF box = tickLabelBox(anchor, tick, base, align);
    const double rise = bm.ascent() * exponentRise;
    const double baseline = box.top() + rise + bm.ascent();
    p->setFont(base);
    p->drawText(QPointF(box.left(), baseline), ten);
    p->setFont(small);
    p->drawText(QPointF(box.left() + bm.horizontalAdvance(ten), baseline - rise),
                QString::number(tick.exponent));
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
    const TickSizes size = tickSizes(m);
    // Every decade keeps its tick; which carry a label, and in which font, depends on the
    // room (axisticks.h).
    const AxisTickLabels xLabels = horizontalTickLabels(l.map, m.fonts);
    const AxisTickLabels yLabels = verticalTickLabels(l.map, m.fonts);
    p->setRenderHint(QPainter::Antialiasing, false);
    p->setPen(QPen(t.foreground, 1));
    p->setBrush(Qt::NoBrush);
    p->drawRect(r);
    for (const LogTick &tick : xLabels.ticks) {
        const double x = std::round(l.map.xToPixel(tick.value));
        p->setPen(QPen(tick.major ? t.foreground : t.muted, 1));
        p->drawLine(QPointF(x, r.bottom()),
                    QPointF(x, r.bottom() + (tick.major ? size.major : size.minor)));
    }
    for (const LogTick &tick : yLabels.ticks) {
        const double y = std::round(l.map.yToPixel(tick.value));
        p->setPen(QPen(tick.major ? t.foreground : t.muted, 1));
        p->drawLine(QPointF(r.left() - (tick.major ? size.major : size.minor), y),
                    QPointF(r.left(), y));
    }
    p->setRenderHint(QPainter::Antialiasing, true);
    p->setPen(t.foreground);
    forEachTickLabel(l, size, xLabels, yLabels,
                     [this](const QPointF &anchor, const LogTick &tick, const QFont &font,
                            Qt::Alignment align) { drawTickLabel(anchor, tick, font, align); });
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
    if (!l.title.isEmpty()) {
        p->setFont(l.titleFont);
        p->drawText(titleRect(l), titleAlignment, l.title);
    }
    if (!l.subtitle.isEmpty()) {
        p->setFont(l.subtitleFont);
        p->setPen(m.theme.muted);
        p->drawText(subtitleRect(l), Qt::AlignCenter, l.subtitle);
    }
}

double AxisPainter::majorTickLength(const SceneModel &model)
{
    return tickSizes(model).major;
}

QList<QRectF> AxisPainter::textBoxes(const SceneModel &model, const FigureLayout &layout)
{
    QList<QRectF> boxes;
    forEachTickLabel(
        layout, tickSizes(model), horizontalTickLabels(layout.map, model.fonts),
        verticalTickLabels(layout.map, model.fonts),
        [&boxes](const QPointF &anchor, const LogTick &tick, const QFont &font,
                 Qt::Alignment align) { boxes.append(tickLabelBox(anchor, tick, font, align)); });
    if (!layout.xTitle.isEmpty())
        boxes.append(QFontMetricsF(model.fonts.axisTitle)
                         .boundingRect(layout.xTitleRect, Qt::AlignCenter, layout.xTitle));
    if (!layout.yTitle.isEmpty()) { // centred in its turned box, along its height
        const QRectF &y = layout.yTitleRect;
        const double length = std::min(
            y.height(), QFontMetricsF(model.fonts.axisTitle).horizontalAdvance(layout.yTitle));
        boxes.append(QRectF(y.left(), y.center().y() - length / 2, y.width(), length));
    }
    if (!layout.title.isEmpty())
        boxes.append(QFontMetricsF(layout.titleFont)
                         .boundingRect(titleRect(layout), titleAlignment, layout.title));
    if (!layout.subtitle.isEmpty())
        boxes.append(QFontMetricsF(layout.subtitleFont)
                         .boundingRect(subtitleRect(layout), Qt::AlignCenter, layout.subtitle));
    return boxes;
}

} // namespace rooflab
