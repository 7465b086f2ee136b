#include "annotationpainter.h"

#include <QFontMetricsF>
#include <QPainter>
#include <QPainterPath>

#include <algorithm>
#include <cmath>

namespace rooflab {

namespace {

constexpr double calloutPadding = 6;
constexpr double calloutMaxWidth = 280; // pixels at text scale 1, before the text wraps
constexpr double arrowHead = 9;

QFont calloutFont(const SceneModel &model)
{
    QFont font = model.fonts.selectedLabel;
    font.setBold(true);
    return font;
}

// The text box of a callout: its wrapped text plus padding.
QSizeF calloutSize(const SceneModel &model, const QString &text)
{
    const QFontMetricsF metrics(calloutFont(model));
    const double scale = model.options.fontScale > 0 ? model.options.fontScale : 1.0;
    const QRectF bounds =
        metrics.boundingRect(QRectF(0, 0, calloutMaxWidth * scale, 10000),
                             Qt::TextWordWrap | Qt::AlignLeft | Qt::AlignTop, text);
    return {std::ceil(bounds.width()) + 2 * calloutPadding,
            std::ceil(bounds.height()) + 2 * calloutPadding};
}

constexpr double notePadding = 10;
constexpr double noteMaxShare = 0.45; // of the plot's width
constexpr double noteMargin = 10;     // from the plot's edges

QFont noteFont(const SceneModel &model)
{
    QFont font = model.fonts.selectedLabel;
    font.setBold(false);
    // The scene's fonts may be sized in points or in pixels.
    if (font.pointSizeF() > 0)
        font.setPointSizeF(font.pointSizeF() * 1.1);
    else if (font.pixelSize() > 0)
        font.setPixelSize(static_cast<int>(std::lround(font.pixelSize() * 1.1)));
    return font;
}

QFont noteHeadingFont(const SceneModel &model)
{
    QFont font = noteFont(model);
    font.setBold(true);
    return font;
}

// The box of a note: heading and wrapped text, plus padding, at most `maxWidth` wide.
QSizeF noteSize(const SceneModel &model, const FigureAnnotation &note, double maxWidth)
{
    const double inner = std::max(40.0, maxWidth - 2 * notePadding);
    const QFontMetricsF text(noteFont(model));
    const QFontMetricsF heading(noteHeadingFont(model));
    const QRectF body = text.boundingRect(
        QRectF(0, 0, inner, 100000), Qt::TextWordWrap | Qt::AlignLeft | Qt::AlignTop, note.text);
    double width = body.width();
    double height = body.height();
    if (!note.heading.isEmpty()) {
        width = std::max(width, std::min(inner, heading.horizontalAdvance(note.heading)));
        height += heading.height() + heading.height() * 0.25;
    }
    return {std::ceil(width) + 2 * notePadding, std::ceil(height) + 2 * notePadding};
}

// The point on the border of `box` along the line from its centre to `target`.
QPointF edgeToward(const QRectF &box, const QPointF &target)
{
    const QPointF c = box.center();
    const double dx = target.x() - c.x(), dy = target.y() - c.y();
    if (dx == 0 && dy == 0)
        return c;
    const double sx = dx != 0 ? (box.width() / 2) / std::abs(dx) : 1e9;
    const double sy = dy != 0 ? (box.height() / 2) / std::abs(dy) : 1e9;
    const double s = std::min(sx, sy);
    return {c.x() + dx * s, c.y() + dy * s};
}

// The callouts' boxes and their arrows' bounds, which a note or a strip should not hide.
void addCallouts(FrameCover *cover, const QList<CalloutPlacement> &callouts)
{
    for (const CalloutPlacement &c : callouts) {
        cover->taken.append(c.box);
        cover->taken.append(QRectF(c.arrow.p1(), c.arrow.p2()).normalized().adjusted(-2, -2, 2, 2));
    }
}

} // namespace

QList<CalloutPlacement> placeCallouts(const SceneModel &model, const SceneFrame &frame)
{
    // Without a lesson's annotations there is nothing to place: skip gathering every
    // marker's box (tens of thousands of rectangles a second on a large chart).
    if (model.options.annotations.isEmpty())
        return {};
    QList<QRectF> taken = frameCover(model, frame).taken;

    QList<CalloutPlacement> placed;
    const QRectF area = frame.map.rect;
    const double scale = model.options.fontScale > 0 ? model.options.fontScale : 1.0;
    for (qsizetype i = 0; i < model.options.annotations.size(); ++i) {
        const FigureAnnotation &a = model.options.annotations.at(i);
        if (a.kind != FigureAnnotation::Kind::Callout || !(a.x > 0) || !(a.y > 0))
            continue;
        const QPointF target = frame.map.toPixel(a.x, a.y);
        const QSizeF size = calloutSize(model, a.text);
        // Candidate corners around the target, nearest first; the best is the one that
        // stays inside the plot and covers the least.
        QRectF best;
        double bestCost = -1;
        for (const double reach : {60.0, 110.0, 170.0}) {
            const double d = reach * scale;
            for (const QPointF &dir : {QPointF(1, -1), QPointF(-1, -1), QPointF(1, 1),
                                       QPointF(-1, 1), QPointF(0, -1), QPointF(0, 1)}) {
                const QPointF corner = target + QPointF(dir.x() * d * 0.8, dir.y() * d * 0.6);
                QRectF box(QPointF(0, 0), size);
                box.moveLeft(dir.x() > 0   ? corner.x()
                             : dir.x() < 0 ? corner.x() - size.width()
                                           : corner.x() - size.width() / 2);
                box.moveTop(dir.y() > 0 ? corner.y() : corner.y() - size.height());
                double cost = reach; // nearer is better, all else equal
                if (!area.contains(box))
                    cost += 1e6 + (size.width() * size.height() - overlap(box, area));
                for (const QRectF &r : std::as_const(taken))
                    cost += overlap(box, r);
                if (bestCost < 0 || cost < bestCost) {
                    bestCost = cost;
                    best = box;
                }
            }
        }
        const double gap = frame.markerSize / 2 + 3; // the arrow stops short of the marker
        const QPointF from = edgeToward(best, target);
        QLineF arrow(from, target);
        if (arrow.length() > gap)
            arrow.setLength(arrow.length() - gap);
        placed.append(
            {.annotation = static_cast<int>(i), .box = best, .target = target, .arrow = arrow});
        taken.append(best);
    }
    return placed;
}

QList<NotePlacement> placeNotes(const SceneModel &model, const SceneFrame &frame,
                                const QList<CalloutPlacement> &callouts)
{
    if (model.options.annotations.isEmpty())
        return {};
    FrameCover cover = frameCover(model, frame);
    addCallouts(&cover, callouts);

    QList<NotePlacement> placed;
    const QRectF area = frame.map.rect.adjusted(noteMargin, noteMargin, -noteMargin, -noteMargin);
    for (qsizetype i = 0; i < model.options.annotations.size(); ++i) {
        const FigureAnnotation &a = model.options.annotations.at(i);
        if (a.kind != FigureAnnotation::Kind::Note || a.text.isEmpty())
            continue;
        const QSizeF size = noteSize(model, a, noteMaxShare * area.width());
        // The point the note is about, with room for its marker, label and a callout's
        // arrowhead: the one thing a note must leave visible.
        QRectF keepClear;
        if (a.x > 0 && a.y > 0) {
            const double r = frame.markerSize * 1.5 + 12;
            keepClear = QRectF(frame.map.toPixel(a.x, a.y) - QPointF(r, r), QSizeF(2 * r, 2 * r));
        }
        const QRectF best = quietestPlace(cover, area, size, keepClear);
        placed.append({.annotation = static_cast<int>(i), .box = best});
        cover.taken.append(best);
    }
    return placed;
}

FrameCover coverWithMarks(const SceneModel &model, const SceneFrame &frame)
{
    FrameCover cover = frameCover(model, frame);
    const QList<CalloutPlacement> callouts = placeCallouts(model, frame);
    addCallouts(&cover, callouts);
    for (const NotePlacement &note : placeNotes(model, frame, callouts))
        cover.taken.append(note.box);
    return cover;
}

AnnotationPainter::AnnotationPainter(const SceneModel &model, const SceneFrame &frame,
                                     QPainter *painter)
    : m(model), f(frame), p(painter)
{
}

void AnnotationPainter::drawBands()
{
    const QRectF area = f.map.rect;
    for (const FigureAnnotation &a : m.options.annotations) {
        if (a.kind != FigureAnnotation::Kind::Band || !(a.from > 0) || !(a.to > a.from))
            continue;
        QRectF band = area;
        if (a.axis == FigureAnnotation::Axis::Intensity) {
            band.setLeft(std::max(area.left(), f.map.xToPixel(a.from)));
            band.setRight(std::min(area.right(), f.map.xToPixel(a.to)));
        } else {
            band.setTop(std::max(area.top(), f.map.yToPixel(a.to)));
            band.setBottom(std::min(area.bottom(), f.map.yToPixel(a.from)));
        }
        if (band.width() <= 0 || band.height() <= 0)
            continue;
        QColor fill = m.theme.halo;
        fill.setAlpha(34); // a tint: the zones, grid and roofs stay readable through it
        p->fillRect(band, fill);
        QColor edge = m.theme.halo.darker(130);
        p->setPen(QPen(edge, 1, Qt::DashLine));
        if (a.axis == FigureAnnotation::Axis::Intensity) {
            p->drawLine(QPointF(band.left(), band.top()), QPointF(band.left(), band.bottom()));
            p->drawLine(QPointF(band.right(), band.top()), QPointF(band.right(), band.bottom()));
        } else {
            p->drawLine(QPointF(band.left(), band.top()), QPointF(band.right(), band.top()));
            p->drawLine(QPointF(band.left(), band.bottom()), QPointF(band.right(), band.bottom()));
        }
        if (a.text.isEmpty())
            continue;
        // The label at the top of the band, centred, below the legend when it would hide it.
        p->setFont(m.fonts.zone);
        p->setPen(m.theme.foreground);
        const QFontMetricsF metrics(m.fonts.zone);
        QRectF label(0, 0, std::min(band.width() - 12, metrics.horizontalAdvance(a.text) + 2),
                     metrics.height());
        label.moveCenter(QPointF(band.center().x(), band.top() + 8 + label.height() / 2));
        if (label.intersects(f.legend.rect))
            label.moveTop(f.legend.rect.bottom() + 6);
        p->drawText(label, Qt::AlignCenter,
                    metrics.elidedText(a.text, Qt::ElideRight, label.width()));
    }
}

void AnnotationPainter::drawMarks()
{
    for (const FigureAnnotation &a : m.options.annotations) {
        if (a.kind != FigureAnnotation::Kind::Highlight || !(a.x > 0) || !(a.y > 0))
            continue;
        const QPointF centre = f.map.toPixel(a.x, a.y);
        const double r = f.markerSize * 1.1 + 4;
        p->setBrush(Qt::NoBrush);
        p->setPen(QPen(m.theme.halo, 3));
        p->drawEllipse(centre, r, r);
        p->setPen(QPen(m.theme.foreground, 1));
        p->drawEllipse(centre, r + 2.5, r + 2.5);
    }
    const QList<CalloutPlacement> callouts = placeCallouts(m, f);
    for (const CalloutPlacement &placement : callouts)
        drawCallout(m.options.annotations.at(placement.annotation), placement);
    for (const NotePlacement &note : placeNotes(m, f, callouts))
        drawNote(m.options.annotations.at(note.annotation), note.box);
}

void AnnotationPainter::drawNote(const FigureAnnotation &annotation, const QRectF &box)
{
    // Nearly opaque: read from the back of a room over the grid and roofs behind it.
    QColor fill = m.theme.legendFill;
    fill.setAlpha(250);
    const QColor frame = annotation.emphasis ? m.theme.halo : m.theme.legendBorder;
    p->setPen(QPen(frame, annotation.emphasis ? 3 : 1.5));
    p->setBrush(fill);
    p->drawRoundedRect(box, 6, 6);
    p->setBrush(Qt::NoBrush);
    QRectF inner = box.adjusted(notePadding, notePadding, -notePadding, -notePadding);
    p->setPen(m.theme.foreground);
    if (!annotation.heading.isEmpty()) {
        const QFont heading = noteHeadingFont(m);
        const QFontMetricsF metrics(heading);
        p->setFont(heading);
        p->drawText(inner, Qt::AlignLeft | Qt::AlignTop,
                    metrics.elidedText(annotation.heading, Qt::ElideRight, inner.width()));
        inner.setTop(inner.top() + metrics.height() * 1.25);
    }
    p->setFont(noteFont(m));
    p->drawText(inner, Qt::TextWordWrap | Qt::AlignLeft | Qt::AlignTop, annotation.text);
}

void AnnotationPainter::drawCallout(const FigureAnnotation &annotation,
                                    const CalloutPlacement &placement)
{
    const QColor ink = m.theme.foreground;
    const QLineF &arrow = placement.arrow;
    p->setPen(QPen(ink, 1.6));
    p->drawLine(arrow);
    // An arrowhead at the target's end.
    if (arrow.length() > 0) {
        const QPointF tip = arrow.p2();
        const QPointF unit = (arrow.p2() - arrow.p1()) / arrow.length();
        const QPointF normal(-unit.y(), unit.x());
        QPainterPath head;
        head.moveTo(tip);
        head.lineTo(tip - unit * arrowHead + normal * arrowHead * 0.45);
        head.lineTo(tip - unit * arrowHead - normal * arrowHead * 0.45);
        head.closeSubpath();
        p->fillPath(head, ink);
    }
    QColor fill = m.theme.legendFill;
    fill.setAlpha(245);
    p->setPen(QPen(m.theme.halo.darker(120), 2));
    p->setBrush(fill);
    p->drawRoundedRect(placement.box, 5, 5);
    p->setBrush(Qt::NoBrush);
    p->setFont(calloutFont(m));
    p->setPen(ink);
    p->drawText(
        placement.box.adjusted(calloutPadding, calloutPadding, -calloutPadding, -calloutPadding),
        Qt::TextWordWrap | Qt::AlignLeft | Qt::AlignTop, annotation.text);
}

} // namespace rooflab
