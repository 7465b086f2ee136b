#include "framelayouter.h"

#include "labelgeometry.h"
#include "textcache.h"

#include <QCoreApplication>
#include <QVarLengthArray>

#include <algorithm>
#include <cmath>
#include <numbers>

namespace rooflab {

namespace {

// Where along a slope of `length` pixels the centre of its label of width `w` may go
// (pixels from the slope's low end), best first: at 70%, towards the ridge, where only
// points of high intensity come (most sit low on the slope); then ever further from it,
// both ways, in steps of a quarter of the label (seven each way at most: a slope that
// crowded sends its label to the legend), so that a label a point pushes off its place
// moves no further than it must. Every place keeps the label 4 px inside the line.
QVarLengthArray<double, 16> slopeLabelSpots(double length, double w)
{
    const double lowest = w / 2 + 4, highest = length - w / 2 - 4;
    const double best = std::clamp(0.7 * length, lowest, highest);
    const double step = std::max(8.0, w / 4);
    QVarLengthArray<double, 16> spots{best};
    for (int i = 1; spots.size() < 15 && (best - i * step >= lowest || best + i * step <= highest);
         ++i) {
        if (best + i * step <= highest)
            spots.append(best + i * step);
        if (best - i * step >= lowest)
            spots.append(best - i * step);
    }
    return spots;
}

QSizeF measured(const QFont &font, const QString &text)
{
    return TextCache::size(font, text);
}

} // namespace

void FrameLayouter::placeRoofLabels()
{
    m_roofLabelMissing.clear();
    for (const SceneRoof &roof : m.roofs) {
        if (roof.label.isEmpty())
            continue;
        const auto seg = visibleRoof(roof, map);
        if (!seg)
            continue;
        const QSizeF size = boxed(roof.labelSize);
        const QPointF a = pixel(seg->xa, seg->ya), b = pixel(seg->xb, seg->yb);
        const double left = a.x() + 10, right = b.x() - 8 - size.width();
        LabelRequest request{QRectF(a, b), size, {}, false, {}};
        // At the line's right end, just above or below it, else a little further off it
        // (still plainly its label: nothing else runs flat there); only when a point or
        // another line takes all of these, further left. Place by place, so that a point
        // passing under the label lifts it rather than sending it along the line.
        for (double t : {1.0, 0.75, 0.5, 0.25, 0.0}) {
            const double x = left + (right - left) * t;
            for (double off : {4.0, 16.0}) {
                request.fixedTopLefts.append({x, a.y() - off - size.height()});
                request.fixedTopLefts.append({x, a.y() + off});
            }
        }
        keepPreviousPlace(&request, TextStyle::Roof, roof.label);
        const QColor color =
            roof.labelShared ? m.theme.foreground : m.theme.deviceColor(roof.device);
        if (!tryPlace(request, roof.label, TextStyle::Roof, color))
            m_roofLabelMissing.append(static_cast<int>(&roof - m.roofs.constData()));
    }
}

void FrameLayouter::placeSlopeLabels()
{
    for (const SceneSlope &slope : m.slopes) {
        if (slope.label.isEmpty())
            continue;
        const auto seg = visibleSlope(slope, map);
        const QPointF a = seg ? pixel(seg->xa, seg->ya) : QPointF();
        const QPointF b = seg ? pixel(seg->xb, seg->yb) : QPointF();
        const QLineF line(a, b);
        const QSizeF size = boxed(slope.labelSize);
        const double w = size.width(), h = size.height(), length = line.length();
        if (!seg || length < w + 20) {
            m_slopeLabelMissing.append(slope.device);
            continue;
        }
        // Written along the slope, just above it, else on the line itself, else below it.
        const QPointF dir = (b - a) / length;
        const QPointF up(dir.y(), -dir.x());
        const double angle = std::atan2(dir.y(), dir.x()) * 180 / std::numbers::pi;
        const int parts = static_cast<int>(std::ceil(w / (h / 2)));
        const double pw = w / parts;
        const QSizeF partBox(pw * std::abs(dir.x()) + h * std::abs(dir.y()),
                             pw * std::abs(dir.y()) + h * std::abs(dir.x()));
        QList<QRectF> boxes; // one list for every try: cleared, not reallocated
        boxes.reserve(parts);
        const auto placeAt = [&](const QPointF &centre) {
            boxes.clear();
            for (int i = 0; i < parts; ++i) {
                const QPointF c = centre + dir * ((i + 0.5) * pw - w / 2);
                boxes.append(
                    QRectF(c - QPointF(partBox.width() / 2, partBox.height() / 2), partBox));
            }
            if (!placer.placeParts(boxes, line))
                return false;
            const QColor color =
                slope.sharedCount > 1 ? m.theme.foreground : m.theme.deviceColor(slope.device);
            PlacedText text{slope.label,
                            QRectF(-w / 2, -h / 2, w, h),
                            TextStyle::Roof,
                            color,
                            false,
                            {},
                            angle,
                            centre,
                            {},
                            {}};
            f.texts.append(text);
            return true;
        };
        bool placed = false;
        // The previous frame's place first (a frame laid out with SceneFrame::layout's
        // `previous`), else the same slid along the slope by up to 24 px, nearest first,
        // still 4 px inside the line (labelmemory.cpp).
        if (const PlacedText *was =
                previousText(TextStyle::Roof, slope.label, {}, true, a + dir * 0.7 * length)) {
            const double at = QPointF::dotProduct(was->origin - a, dir);
            for (int i = 0; i <= 24 && !placed; ++i) {
                const double along = at + (i % 2 == 0 ? i / 2 : -(i + 1) / 2) * 2.0;
                if (along >= w / 2 + 4 && along <= length - w / 2 - 4)
                    placed = placeAt(was->origin + dir * (along - at));
            }
        }
        for (double along : placed ? QVarLengthArray<double, 16>() : slopeLabelSpots(length, w)) {
            for (double offset : {h / 2 + 3, 0.0, -h / 2 - 3}) {
                if (placeAt(a + dir * along + up * offset)) {
                    placed = true;
                    break;
                }
            }
            if (placed)
                break;
        }
        if (!placed)
            m_slopeLabelMissing.append(slope.device);
    }
}

LabelRequest FrameLayouter::ridgeRequest(const SceneRoof &roof, const QSizeF &size) const
{
    const QPointF c = pixel(roof.ridge, roof.peak);
    LabelRequest request{QRectF(c - QPointF(4, 4), QSizeF(8, 8)), size, {}, false, {}};
    // Under the roof right of the corner, else above the slope left of it; each a step of
    // 15 px from the one before where it can, so that a label something pushes off its
    // place moves little.
    request.fixedTopLefts = {{c.x() + 6, c.y() + 5},
                             {c.x() + 6, c.y() + 20},
                             {c.x() + 6, c.y() + 35},
                             {c.x() - 6 - size.width(), c.y() - 5 - size.height()},
                             {c.x() - 6 - size.width(), c.y() - 20 - size.height()},
                             {c.x() + 6, c.y() - 5 - size.height()}};
    // Where a neighbour's label or line takes a place, the label slides right along its
    // roof by as little as frees it, up to its own width: still at its corner, where
    // several devices' corners crowd.
    request.fixedSlideRight = size.width();
    return request;
}

bool FrameLayouter::nearerAnotherCorner(const QRectF &box, const SceneRoof &own) const
{
    const auto distance = [&](const QPointF &p) {
        return QLineF(nearestPointOnRect(box, p), p).length();
    };
    const double ownDistance = distance(pixel(own.ridge, own.peak));
    return std::any_of(m.roofs.cbegin(), m.roofs.cend(), [&](const SceneRoof &r) {
        return !r.ghost && r.device != own.device && r.ridge >= map.x0 && r.ridge <= map.x1 &&
               r.peak >= map.y0 && r.peak <= map.y1 &&
               distance(pixel(r.ridge, r.peak)) <= ownDistance;
    });
}

std::optional<QPointF> FrameLayouter::ridgeHome(const SceneRoof &roof, bool brief,
                                                LabelPlacer &lines)
{
    // Worked out once a frame for each form: the passes, and the choice of one form for
    // the figure, ask alike.
    const int key = 2 * static_cast<int>(&roof - m.roofs.data()) + (brief ? 1 : 0);
    if (const auto known = m_cache.ridgeHomes.constFind(key);
        known != m_cache.ridgeHomes.constEnd())
        return *known;
    const QSizeF size = boxed(brief ? roof.ridgeLabelBriefSize : roof.ridgeLabelSize);
    std::optional<QPointF> &home = m_cache.ridgeHomes[key];
    // Decided on the lines and corners alone, so that it does not change with the batch:
    // only a label whose usual place (or none) would stand by another device's corner gets
    // a home, and the home is the place above the slope left of its own corner, slid up off
    // the lines there (the slope of a device with more bandwidth runs just above it).
    const LabelPlacer::Mark before = lines.mark();
    const LabelPlacement usual = lines.place(ridgeRequest(roof, size));
    lines.rollback(before);
    if (usual.placed && !nearerAnotherCorner(usual.rect, roof))
        return home;
    const QPointF c = pixel(roof.ridge, roof.peak);
    LabelRequest request{QRectF(c - QPointF(4, 4), QSizeF(8, 8)), size, {}, false, {}};
    request.fixedTopLefts = {{c.x() - 6 - size.width(), c.y() - 5 - size.height()}};
    request.fixedSlideY = 2 * size.height();
    const LabelPlacement found = lines.place(request);
    lines.rollback(before);
    if (found.placed && found.rect.right() <= c.x() && !nearerAnotherCorner(found.rect, roof))
        home = found.rect.topLeft();
    return home;
}

LabelRequest FrameLayouter::homeRequest(const SceneRoof &roof, const QSizeF &size,
                                        const QPointF &home) const
{
    // Where a point or a label takes the home, next to it, up or down: not the usual
    // places, which stand by the other corner.
    LabelRequest request = ridgeRequest(roof, size);
    request.fixedTopLefts = {home};
    request.fixedSlideRight = 0;
    request.fixedSlideY = 1.5 * size.height();
    return request;
}

bool FrameLayouter::placeRidgeLabelAtHome(const SceneRoof &roof, bool brief, LabelPlacer &lines,
                                          bool *hasHome)
{
    const auto home = ridgeHome(roof, brief, lines);
    if (hasHome)
        *hasHome = home.has_value();
    if (!home)
        return false;
    const QString &text = brief ? roof.ridgeLabelBrief : roof.ridgeLabel;
    LabelRequest request =
        homeRequest(roof, boxed(brief ? roof.ridgeLabelBriefSize : roof.ridgeLabelSize), *home);
    keepPreviousPlace(&request, TextStyle::Ridge, text);
    return tryPlace(request, text, TextStyle::Ridge, m.theme.deviceColor(roof.device));
}

bool FrameLayouter::ridgeLabelsBrief(LabelPlacer &lines)
{
    // Each whole label's places as placeRidgeLabels() asks for them (its home, worked out
    // on the lines alone, else the usual places), then all of them placed in turn.
    QList<LabelRequest> requests;
    for (const SceneRoof &roof : m.roofs) {
        if (roof.ridgeLabel.isEmpty() || roof.ridge < map.x0 || roof.ridge > map.x1 ||
            roof.peak < map.y0 || roof.peak > map.y1)
            continue;
        const QSizeF size = boxed(roof.ridgeLabelSize);
        const auto home = ridgeHome(roof, false, lines);
        requests.append(home ? homeRequest(roof, size, *home) : ridgeRequest(roof, size));
    }
    const LabelPlacer::Mark before = lines.mark();
    const bool brief = std::any_of(requests.cbegin(), requests.cend(),
                                   [&](const LabelRequest &r) { return !lines.place(r).placed; });
    lines.rollback(before);
    return brief;
}

void FrameLayouter::placeRidgeLabels()
{
    // The lines and corners alone, where the homes are worked out: alike in every pass.
    if (!m_cache.lines) {
        addLineObstacles(newPlacer(m_cache.lines, map.rect, m));
    }
    LabelPlacer &lines = *m_cache.lines;
    if (!m_cache.ridgeLabelsBrief)
        m_cache.ridgeLabelsBrief = ridgeLabelsBrief(lines);
    const bool allBrief = *m_cache.ridgeLabelsBrief;
    for (const SceneRoof &roof : m.roofs) {
        if (roof.ridgeLabel.isEmpty() || roof.ridge < map.x0 || roof.ridge > map.x1 ||
            roof.peak < map.y0 || roof.peak > map.y1)
            continue;
        // Where the whole label finds no room (the corners of a small plot crowd under its
        // top), its brief form. Both forms try the home by their own corner before either
        // tries the usual places, which for a label with a home stand by another device's
        // corner (docs/labels.md).
        const QString &brief = roof.ridgeLabelBrief;
        const QSizeF fullSize = boxed(roof.ridgeLabelSize);
        const QSizeF briefSize = boxed(roof.ridgeLabelBriefSize);
        const QColor color = m.theme.deviceColor(roof.device);
        // The usual places, after the place of the frame drawn last (labelmemory.cpp).
        const auto usual = [&](const QString &text, const QSizeF &size) {
            LabelRequest request = ridgeRequest(roof, size);
            keepPreviousPlace(&request, TextStyle::Ridge, text);
            return request;
        };
        bool briefHome = false;
        const bool placed =
            (!allBrief && placeRidgeLabelAtHome(roof, false, lines)) ||
            placeRidgeLabelAtHome(roof, true, lines, &briefHome) ||
            (!allBrief && tryPlace(usual(roof.ridgeLabel, fullSize), roof.ridgeLabel,
                                   TextStyle::Ridge, color)) ||
            (!briefHome && tryPlace(usual(brief, briefSize), brief, TextStyle::Ridge, color));
        const int index = static_cast<int>(&roof - m.roofs.data());
        if (placed)
            m_ridgeLabelBoxes.append({index, f.texts.last().rect});
        else // on its device's legend line, or counted there (legendplacement.cpp)
            m_ridgeLabelMissing.append(index);
    }
}

void FrameLayouter::addRidgeLeaders()
{
    // Where every place by its own corner was taken, a ridge label may stand nearer another
    // device's corner (on a shared roof, past it): a leader line to its own corner says
    // whose it is. Only drawn, never reserved, so that no other label moves.
    for (const auto &box : std::as_const(m_ridgeLabelBoxes)) {
        // Named copies, not structured bindings: clang 14 does not capture those in a lambda.
        const auto index = box.first;
        const QRectF rect = box.second;
        const SceneRoof &own = m.roofs.at(index);
        const QPointF corner = pixel(own.ridge, own.peak);
        if (!nearerAnotherCorner(rect, own))
            continue;
        for (PlacedText &t : f.texts) {
            if (t.style != TextStyle::Ridge || t.rect != rect)
                continue;
            const QLineF line(nearestPointOnRect(rect, corner), corner);
            if (placer.leaderClear(line, rect)) {
                t.leader = true;
                t.leaderLine = line;
            }
        }
    }
}

void FrameLayouter::placeBatchMarks()
{
    // A caret just above each ridge corner points at it; the text sits above the caret.
    QList<QRectF> carets;
    for (const SceneBatchMark &mark : m.batchMarks) {
        const QPointF c = pixel(mark.x, mark.y);
        const QRectF caret(c.x() - 5, c.y() - 15, 10, 9);
        const bool inView =
            mark.x >= map.x0 && mark.x <= map.x1 && mark.y >= map.y0 && mark.y <= map.y1;
        const bool visible = inView && placer.isFree(caret);
        carets.append(visible ? caret : QRectF());
        if (visible) {
            placer.addObstacle(caret, true); // no leader line runs through it
        } else if (inView) {
            // A marker on the caret hides the mark, but its first place stays kept, so that
            // a label there does not come and go with the mark as the points pass.
            const QSizeF size = boxed(mark.size);
            placer.addObstacle(
                QRectF(QPointF(caret.center().x() - size.width() / 2, caret.top() - size.height()),
                       size)
                    .united(caret));
        }
    }
    for (qsizetype i = 0; i < m.batchMarks.size(); ++i) {
        const SceneBatchMark &mark = m.batchMarks.at(i);
        const QRectF &caret = carets.at(i);
        if (caret.isNull())
            continue;
        const QSizeF size = boxed(mark.size);
        LabelRequest request{caret, size, {}, false, {}};
        // Centred over the caret, else left or right of it; higher up in steps of 12 px
        // before changing side, so that a label something pushes off its place moves little.
        const double top = caret.top() - size.height();
        for (const double up : {0.0, 12.0, 24.0})
            request.fixedTopLefts.append({caret.center().x() - size.width() / 2, top - up});
        for (const double up : {0.0, 12.0, 24.0})
            request.fixedTopLefts.append({caret.left() - size.width(), top + 4 - up});
        for (const double up : {0.0, 12.0, 24.0})
            request.fixedTopLefts.append({caret.right(), top + 4 - up});
        keepPreviousPlace(&request, TextStyle::Batch, mark.text);
        const QColor color = m.theme.deviceColor(mark.device);
        const LabelPlacement placement = placer.place(request);
        if (!placement.placed)
            continue;
        addText(placement, mark.text, TextStyle::Batch, color);
        const PlacedText caretText{QString(), caret, TextStyle::Batch, color, false, {}, 0, {},
                                   {},        {}};
        f.texts.append(caretText);
    }
}

void FrameLayouter::placeZoneCaptions()
{
    if (m.zoneRoof < 0 || !m.options.showZones)
        return;
    const SceneRoof &roof = m.roofs.at(m.zoneRoof);
    const double ridgeX = std::clamp(map.xToPixel(roof.ridge), map.rect.left(), map.rect.right());
    const QString memory = QCoreApplication::translate("RooflineChart", "memory-bound");
    const QString compute = QCoreApplication::translate("RooflineChart", "compute-bound");
    const double bottom = map.rect.bottom() - 8;
    // `text` (or `broken`, its two-line form) in `font` in the zone from `left` to `right`:
    // on one line, else broken, else written upwards.
    const auto placeCaption = [&](const QString &text, const QString &broken, const QFont &font,
                                  double left, double right) {
        const int shrunk = font.pixelSize() < m.fonts.zone.pixelSize() ? font.pixelSize() : 0;
        for (const QString &form : {text, broken}) {
            if (form.isEmpty())
                continue;
            const QSizeF size = boxed(measured(font, form));
            if (right - left < size.width() + 16)
                continue;
            LabelRequest request{QRectF(left, bottom, right - left, 1), size, {}, false, {}};
            for (double t : {0.5, 0.3, 0.7, 0.1, 0.9})
                request.fixedTopLefts.append(
                    {left + 8 + (right - left - 16 - size.width()) * t, bottom - size.height()});
            if (tryPlace(request, form, TextStyle::Zone, m.theme.muted)) {
                f.texts.last().fontPixels = shrunk;
                return true;
            }
        }
        // Still too narrow (the 1200 x 800 figure at 225 %): written upwards, its foot at the
        // bottom of the zone, where the zone is tall enough; broken in two where the whole
        // caption on its side would cross a roof.
        for (const QString &form : {text, broken}) {
            if (form.isEmpty())
                continue;
            const QSizeF size = boxed(measured(font, form));
            const double w = size.height(), h = size.width(); // the box on its side
            if (right - left < w + 8 || map.rect.height() < h + 16)
                continue;
            LabelRequest request{
                QRectF(left, bottom, right - left, 1), QSizeF(w, h), {}, false, {}};
            for (double t : {0.5, 0.3, 0.7, 0.1, 0.9})
                request.fixedTopLefts.append({left + 4 + (right - left - 8 - w) * t, bottom - h});
            const LabelPlacement placement = placer.place(request);
            if (!placement.placed)
                continue;
            const PlacedText upwards{form,
                                     QRectF(-h / 2, -w / 2, h, w),
                                     TextStyle::Zone,
                                     m.theme.muted,
                                     false,
                                     {},
                                     -90,
                                     placement.rect.center(),
                                     {},
                                     {},
                                     shrunk};
            f.texts.append(upwards);
            return true;
        }
        return false;
    };
    const auto place = [&](const QString &text, double left, double right) {
        // On one line, else broken after its hyphen or at its first space ("compute-" over
        // "bound"), else written upwards: a zone narrower than the caption (large text, the
        // compute-bound zone right of a far ridge) still says what it is.
        const qsizetype hyphen = text.indexOf(QLatin1Char('-'));
        const qsizetype space = text.indexOf(QLatin1Char(' '));
        QString broken;
        if (hyphen > 0 && hyphen + 1 < text.size())
            broken = text.left(hyphen + 1) + QLatin1Char('\n') + text.mid(hyphen + 1);
        else if (space > 0)
            broken = text.left(space) + QLatin1Char('\n') + text.mid(space + 1);
        // Still too big at the text's size (a plot about 270 px tall in an 800 x 700 figure at
        // 225 %): a size smaller in steps of 15 %, never under the caption's size at 100 %.
        for (const double scale : {1.0, 0.85, 0.7}) {
            if (scale < 1 && scale * m.options.fontScale < 1)
                return;
            QFont font = m.fonts.zone;
            font.setPixelSize(static_cast<int>(std::round(m.fonts.zone.pixelSize() * scale)));
            if (placeCaption(text, broken, font, left, right))
                return;
        }
    };
    place(memory, map.rect.left(), ridgeX);
    place(compute, ridgeX, map.rect.right());
}

} // namespace rooflab
