#include "framecover.h"

#include <cmath>

namespace rooflab {

namespace {

// Room kept between a box and the legend above it.
constexpr double belowLegendGap = 10;

} // namespace

FrameCover frameCover(const SceneModel &model, const SceneFrame &frame)
{
    FrameCover cover;
    // A text along a slope is left out: its turned box's bounds would claim the empty
    // triangle above it, and the slope it names is a roof of its own below. One turned a
    // quarter (a zone's caption on its side) takes its turned box, which is exactly its own.
    for (const PlacedText &t : frame.texts) {
        if (t.angle == 0) {
            cover.taken.append(t.rect);
        } else if (std::abs(std::abs(t.angle) - 90) < 0.5) {
            cover.taken.append(t.bounds());
        }
    }
    for (qsizetype i = 0; i < frame.pointPixels.size() && i < model.points.size(); ++i) {
        const double r = frame.pointSize(model.points.at(i)) / 2 + 2;
        cover.taken.append(QRectF(frame.pointPixels.at(i) - QPointF(r, r), QSizeF(2 * r, 2 * r)));
    }
    cover.legend = frame.legend.rect;
    if (!cover.legend.isEmpty())
        cover.taken.append(cover.legend);
    const auto add = [&](const std::optional<DataSegment> &s) {
        if (s)
            cover.roofs.append(
                QLineF(frame.map.toPixel(s->xa, s->ya), frame.map.toPixel(s->xb, s->yb)));
    };
    for (const SceneSlope &slope : model.slopes)
        add(visibleSlope(slope, frame.map));
    for (const SceneRoof &roof : model.roofs)
        add(visibleRoof(roof, frame.map));
    return cover;
}

double overlap(const QRectF &a, const QRectF &b)
{
    const QRectF both = a.intersected(b);
    return both.isValid() ? both.width() * both.height() : 0;
}

double lengthInside(const QRectF &box, const QPointF &a, const QPointF &b)
{
    constexpr int samples = 48;
    int inside = 0;
    for (int i = 0; i <= samples; ++i)
        inside += box.contains(a + (b - a) * (static_cast<double>(i) / samples)) ? 1 : 0;
    return QLineF(a, b).length() * inside / (samples + 1);
}

double hiddenUnder(const FrameCover &cover, const QRectF &box)
{
    double hidden = 0;
    for (const QRectF &r : cover.taken)
        hidden += overlap(box, r);
    for (const QLineF &line : cover.roofs)
        hidden += 30 * lengthInside(box, line.p1(), line.p2());
    return hidden;
}

QRectF quietestPlace(const FrameCover &cover, const QRectF &area, const QSizeF &size,
                     const QRectF &keepClear)
{
    const double xs[] = {area.left(), area.center().x() - size.width() / 2,
                         area.right() - size.width()};
    QList<double> ys = {area.top(), area.center().y() - size.height() / 2,
                        area.bottom() - size.height()};
    if (!cover.legend.isEmpty() && cover.legend.bottom() < area.center().y())
        ys.prepend(cover.legend.bottom() + belowLegendGap);
    QRectF best;
    double bestCost = -1, bestHidden = 0;
    int order = 0;
    const auto tryPlace = [&](double x, double y) {
        const QRectF box(QPointF(x, y), size);
        const double hidden = hiddenUnder(cover, box);
        double cost = hidden + 1e-6 * order++; // earlier places win a tie, and only a tie
        if (!keepClear.isNull() && box.intersects(keepClear))
            cost += 1e9;
        if (!area.contains(box))
            cost += 1e6;
        if (bestCost < 0 || cost < bestCost) {
            bestCost = cost;
            bestHidden = hidden;
            best = box;
        }
    };
    for (const double y : std::as_const(ys)) {
        for (const double x : xs)
            tryPlace(x, y);
    }
    // Each of those hides something (a crowded plot), or stands over what must stay clear:
    // the places in between, on a grid of eight steps each way, before settling for the one
    // that hides the least.
    if ((bestHidden > 0 || bestCost >= 1e6) && area.width() > size.width() &&
        area.height() > size.height()) {
        constexpr int steps = 8;
        for (int j = 0; j <= steps; ++j) {
            for (int i = 0; i <= steps; ++i)
                tryPlace(std::floor(area.left() + (area.width() - size.width()) * i / steps),
                         std::floor(area.top() + (area.height() - size.height()) * j / steps));
        }
    }
    return best;
}

} // namespace rooflab
