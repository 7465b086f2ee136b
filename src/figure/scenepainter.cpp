#include "scenepainter.h"

#include "textcache.h"

#include <QFontMetricsF>
#include <QHash>
#include <QImage>
#include <QPaintEngine>
#include <QPainter>
#include <QSet>
#include <QVarLengthArray>

#include <algorithm>
#include <cmath>
#include <map>
#include <tuple>

namespace rooflab {

namespace {

// Above this many points, markers that would land on the same pixels are drawn once.
constexpr int thinningThreshold = 2000;

// std::lround (halfway cases away from zero) without the library call, for the pixel
// coordinates of markers (far inside the range where a double's fraction is exact).
qint64 roundedPixel(double v)
{
    const auto whole = static_cast<qint64>(v); // towards zero
    const double fraction = v - double(whole);
    return fraction >= 0.5 ? whole + 1 : fraction <= -0.5 ? whole - 1 : whole;
}

QColor withAlpha(QColor color, int alpha)
{
    color.setAlpha(alpha);
    return color;
}

// `color` blended over `background` as an opaque colour: the zones lie on the plain
// background, and opaque fills are much cheaper than translucent ones.
QColor over(const QColor &color, const QColor &background)
{
    const double a = color.alphaF();
    return QColor::fromRgbF(float(color.redF() * a + background.redF() * (1 - a)),
                            float(color.greenF() * a + background.greenF() * (1 - a)),
                            float(color.blueF() * a + background.blueF() * (1 - a)));
}

} // namespace

ScenePainter::ScenePainter(const SceneModel &model, const SceneFrame &frame, QPainter *painter)
    : m(model), f(frame), p(painter)
{
}

void ScenePainter::strokeLine(const QPointF &a, const QPointF &b, const QPen &pen)
{
    // The raster engine dashes long antialiased lines slowly; on screen and in images the
    // dashes are cut here and drawn as plain segments. Vector files keep real dash patterns.
    const bool raster = p->paintEngine() && p->paintEngine()->type() == QPaintEngine::Raster;
    if (pen.style() == Qt::SolidLine || pen.style() == Qt::NoPen || !raster) {
        p->setPen(pen);
        p->drawLine(a, b);
        return;
    }
    const QList<qreal> pattern = pen.dashPattern();
    const double width = std::max(1.0, pen.widthF()), length = QLineF(a, b).length();
    double period = 0;
    for (qreal v : pattern)
        period += v * width;
    if (pattern.size() < 2 || period <= 0 || length <= 0) {
        p->setPen(pen);
        p->drawLine(a, b);
        return;
    }
    const QPointF dir = (b - a) / length;
    QVarLengthArray<QLineF, 256> dashes;
    double at = -std::fmod(pen.dashOffset() * width, period);
    for (qsizetype i = 0; at < length; i = (i + 1) % pattern.size()) {
        const double step = pattern.at(i) * width;
        if (i % 2 == 0 && at + step > 0)
            dashes.append(
                QLineF(a + dir * std::max(0.0, at), a + dir * std::min(length, at + step)));
        at += step;
    }
    QPen solid = pen;
    solid.setStyle(Qt::SolidLine);
    solid.setCapStyle(Qt::FlatCap);
    p->setPen(solid);
    p->drawLines(dashes.constData(), static_cast<int>(dashes.size()));
}

void ScenePainter::drawLine(const QPointF &a, const QPointF &b, const QColor &color, double width,
                            Qt::PenStyle style)
{
    // Flat caps: Qt's raster engine strokes antialiased round caps many times slower.
    strokeLine(a, b, QPen(color, width, style, Qt::FlatCap, Qt::MiterJoin));
}

void ScenePainter::drawStripe(const QPointF &a, const QPointF &b, const QColor &color, double width,
                              int index, int count)
{
    // Coinciding lines of several devices: each draws dashes in turn, so all colours show.
    const double dash = 7 / width;
    QPen pen(color, width, Qt::CustomDashLine, Qt::FlatCap, Qt::MiterJoin);
    pen.setDashPattern({dash, dash * (count - 1)});
    pen.setDashOffset(dash * index);
    strokeLine(a, b, pen);
}

void ScenePainter::drawZones()
{
    if (!m.options.showZones || m.zoneRoof < 0)
        return;
    const SceneRoof &roof = m.roofs.at(m.zoneRoof);
    const AxisMapping &map = f.map;
    const QRectF &r = map.rect;
    const QPointF corner = map.toPixel(roof.ridge, roof.peak);
    const double bandwidth = roof.peak / roof.ridge;
    const QPointF leftEnd(r.left(), map.yToPixel(bandwidth * map.x0));
    p->setPen(Qt::NoPen);
    p->setBrush(over(m.theme.memoryZone, m.theme.background));
    p->drawPolygon(QPolygonF(
        {QPointF(r.left(), r.bottom()), leftEnd, corner, QPointF(corner.x(), r.bottom())}));
    p->setBrush(over(m.theme.computeZone, m.theme.background));
    p->drawPolygon(QPolygonF({corner, QPointF(r.right(), corner.y()), r.bottomRight(),
                              QPointF(corner.x(), r.bottom())}));
    p->setBrush(Qt::NoBrush);
    drawLine(corner, QPointF(corner.x(), r.bottom()),
             withAlpha(m.theme.deviceColor(roof.device), 110), 1, Qt::SolidLine);
}

void ScenePainter::drawRoofs(Roofs which)
{
    const AxisMapping &map = f.map;
    const auto wanted = [which](const SceneSlope &slope) {
        return which == Roofs::All || slope.link == (which == Roofs::LinksOnly);
    };
    const bool flatRoofs = which != Roofs::LinksOnly;
    const double width = 2.4;
    const auto px = [&](const DataSegment &s, QPointF *a, QPointF *b) {
        *a = map.toPixel(s.xa, s.ya);
        *b = map.toPixel(s.xb, s.yb);
    };
    QPointF a, b;
    for (bool ghost : {true, false}) {
        for (const SceneSlope &slope : m.slopes) {
            const auto seg = visibleSlope(slope, map);
            if (slope.ghost != ghost || !seg || !wanted(slope))
                continue;
            px(*seg, &a, &b);
            const QColor color = m.theme.deviceColor(slope.device);
            if (ghost)
                drawLine(a, b, withAlpha(color, 120), 1.4, Qt::DashLine);
            else if (slope.link)
                drawLine(a, b, color, 2.0, Qt::DotLine);
            else
                drawLine(a, b, color, width, m.theme.deviceLineStyle(slope.device));
        }
        for (const SceneRoof &roof : m.roofs) {
            const auto seg = visibleRoof(roof, map);
            if (roof.ghost != ghost || !seg || !flatRoofs)
                continue;
            px(*seg, &a, &b);
            const QColor color = m.theme.deviceColor(roof.device);
            if (ghost)
                drawLine(a, b, withAlpha(color, 120), 1.4, Qt::DashLine);
            else
                drawLine(a, b, color, width, m.theme.deviceLineStyle(roof.device));
        }
    }
    if (!m.theme.greyscale) {
        for (const SceneSlope &slope : m.slopes) {
            auto seg = visibleSlope(slope, map);
            if (slope.ghost || slope.sharedCount < 2 || !seg || seg->xa >= slope.sharedToX ||
                !wanted(slope))
                continue;
            seg->xb = std::min(seg->xb, slope.sharedToX);
            seg->yb = slope.bandwidth * seg->xb;
            px(*seg, &a, &b);
            drawStripe(a, b, m.theme.deviceColor(slope.device), width, slope.sharedIndex,
                       slope.sharedCount);
        }
        for (const SceneRoof &roof : m.roofs) {
            auto seg = visibleRoof(roof, map);
            if (roof.ghost || roof.sharedCount < 2 || !seg || roof.sharedFromX >= seg->xb ||
                !flatRoofs)
                continue;
            seg->xa = std::max(seg->xa, roof.sharedFromX);
            px(*seg, &a, &b);
            drawStripe(a, b, m.theme.deviceColor(roof.device), width, roof.sharedIndex,
                       roof.sharedCount);
        }
    }
    p->setBrush(Qt::NoBrush);
    for (const SceneRoof &roof : m.roofs) {
        if (roof.ghost || !flatRoofs || !map.rect.contains(map.toPixel(roof.ridge, roof.peak)))
            continue;
        p->setPen(QPen(m.theme.background, 1.5));
        p->setBrush(m.theme.deviceColor(roof.device));
        p->drawEllipse(map.toPixel(roof.ridge, roof.peak), 4.5, 4.5);
    }
    p->setBrush(Qt::NoBrush);
}

void ScenePainter::drawTrails(const QList<QPolygonF> &trails)
{
    // A faint band along the recent places, fading with age, and a dot at each.
    for (qsizetype i = 0; i < trails.size() && i < m.points.size(); ++i) {
        const QPolygonF &trail = trails.at(i);
        const QColor color = m.theme.deviceColor(m.points.at(i).device);
        for (qsizetype k = 0; k < trail.size(); ++k) {
            const double age = double(trail.size() - k) / double(trail.size()); // 1: oldest
            const int alpha = static_cast<int>(90 - 60 * age);
            const QPointF here = f.map.toPixel(trail.at(k).x(), trail.at(k).y());
            const QPointF next = k + 1 < trail.size()
                                     ? f.map.toPixel(trail.at(k + 1).x(), trail.at(k + 1).y())
                                     : f.pointPixels.at(i);
            drawLine(here, next, withAlpha(color, alpha / 2), f.markerSize * 0.6, Qt::SolidLine);
            p->setPen(Qt::NoPen);
            p->setBrush(withAlpha(color, alpha));
            p->drawEllipse(here, f.markerSize * 0.35, f.markerSize * 0.35);
            p->setBrush(Qt::NoBrush);
        }
    }
}

void ScenePainter::drawMarker(const QPointF &centre, MarkerShape shape, bool filled,
                              const QColor &color, double size)
{
    static thread_local QHash<int, QPainterPath> cache;
    const int key = static_cast<int>(shape) * 100000 + static_cast<int>(size * 10);
    auto it = cache.find(key);
    if (it == cache.end())
        it = cache.insert(key, markerPath(shape, size));
    p->save();
    p->translate(centre);
    if (filled) {
        p->setPen(QPen(m.theme.background, 1));
        p->setBrush(color);
    } else {
        p->setPen(QPen(color, 1.8));
        p->setBrush(m.theme.background);
    }
    p->drawPath(*it);
    p->restore();
}

bool ScenePainter::canStamp() const
{
    // Markers can be stamped from prerendered images when pixels are pixels: a raster
    // device with no scaling. Vector files and scaled exports draw real shapes.
    return p->paintEngine() && p->paintEngine()->type() == QPaintEngine::Raster &&
           p->transform().type() <= QTransform::TxTranslate;
}

const QImage &ScenePainter::markerSprite(MarkerShape shape, bool filled, const QColor &color)
{
    // Kept per thread for the process: a handful of shapes x colours x sizes.
    using Key = std::tuple<int, bool, QRgb, QRgb, int>;
    static thread_local std::map<Key, QImage> sprites;
    const Key key{int(shape), filled, color.rgba(), m.theme.background.rgba(),
                  static_cast<int>(f.markerSize * 16)};
    const auto it = sprites.find(key);
    if (it != sprites.end())
        return it->second;
    const int side = static_cast<int>(std::ceil(f.markerSize * 1.6)) + 4;
    QImage image(side, side, QImage::Format_ARGB32_Premultiplied);
    image.fill(Qt::transparent);
    QPainter sprite(&image);
    sprite.setRenderHint(QPainter::Antialiasing);
    sprite.translate(side / 2.0, side / 2.0);
    if (filled) {
        sprite.setPen(QPen(m.theme.background, 1));
        sprite.setBrush(color);
    } else {
        sprite.setPen(QPen(color, 1.8));
        sprite.setBrush(m.theme.background);
    }
    sprite.drawPath(markerPath(shape, f.markerSize));
    sprite.end();
    return sprites.emplace(key, image).first->second;
}

void ScenePainter::drawPoints()
{
    // Raster: stamp prerendered markers. Otherwise the markers of one device, shape and fill
    // go into one path drawn at once (one element per style in an SVG). The enlarged markers
    // of model operator classes go first, largest first, so smaller ones stay visible on top.
    const bool thin = m.points.size() > thinningThreshold;
    const bool stamp = canStamp();
    QSet<quint64> drawn;
    std::map<int, QPainterPath> paths; // key: device, shape, fill
    const QRectF visible =
        f.map.rect.adjusted(-f.markerSize, -f.markerSize, f.markerSize, f.markerSize);
    QList<qsizetype> enlarged;
    for (qsizetype i = 0; i < m.points.size(); ++i) {
        const ScenePoint &point = m.points.at(i);
        if (point.markerScale > 1 && !point.selected && visible.contains(f.pointPixels.at(i)))
            enlarged.append(i);
    }
    std::stable_sort(enlarged.begin(), enlarged.end(), [this](qsizetype a, qsizetype b) {
        return m.points.at(a).markerScale > m.points.at(b).markerScale;
    });
    for (qsizetype i : std::as_const(enlarged)) {
        const ScenePoint &point = m.points.at(i);
        drawMarker(f.pointPixels.at(i), point.shape, point.filled,
                   m.theme.deviceColor(point.device), f.pointSize(point));
    }
    QHash<int, QPainterPath> shapes;
    for (qsizetype i = 0; i < m.points.size(); ++i) {
        const ScenePoint &point = m.points.at(i);
        const QPointF c = f.pointPixels.at(i);
        if (point.selected || point.markerScale > 1 || !visible.contains(c))
            continue;
        if (thin) {
            const quint64 key = (quint64(quint32(roundedPixel(c.x()))) << 40) ^
                                (quint64(quint32(roundedPixel(c.y()))) << 16) ^
                                quint64(point.device * 16 + static_cast<int>(point.shape));
            if (drawn.contains(key))
                continue;
            drawn.insert(key);
        }
        if (stamp) {
            const QImage &sprite =
                markerSprite(point.shape, point.filled, m.theme.deviceColor(point.device));
            p->drawImage(QPointF(std::round(c.x() - sprite.width() / 2.0),
                                 std::round(c.y() - sprite.height() / 2.0)),
                         sprite);
            continue;
        }
        const int shape = static_cast<int>(point.shape);
        auto cached = shapes.find(shape);
        if (cached == shapes.end())
            cached = shapes.insert(shape, markerPath(point.shape, f.markerSize));
        QPainterPath &path = paths[point.device * 64 + shape * 2 + (point.filled ? 1 : 0)];
        path.setFillRule(Qt::WindingFill);
        path.addPath(cached->translated(c));
    }
    for (const auto &[key, path] : paths) {
        const QColor color = m.theme.deviceColor(key / 64);
        if (key % 2 == 1) {
            p->setPen(QPen(m.theme.background, 1));
            p->setBrush(color);
        } else {
            p->setPen(QPen(color, 1.8));
            p->setBrush(m.theme.background);
        }
        p->drawPath(path);
    }
    p->setBrush(Qt::NoBrush);
    for (qsizetype i = 0; i < m.points.size(); ++i) {
        const ScenePoint &point = m.points.at(i);
        if (!point.selected || !visible.contains(f.pointPixels.at(i)))
            continue;
        // The ring's outer edge at drawnHalf() (scenemodel.h), which labels keep out of.
        const double size = f.pointSize(point) * 1.35;
        p->setPen(QPen(m.theme.halo, 3));
        p->setBrush(Qt::NoBrush);
        p->drawEllipse(f.pointPixels.at(i), size * 0.85, size * 0.85);
        drawMarker(f.pointPixels.at(i), point.shape, point.filled,
                   m.theme.deviceColor(point.device), size);
    }
}

void ScenePainter::drawTextLines(const QRectF &box, const QString &text, Qt::Alignment align)
{
    // Line by line at computed baselines, centred vertically in `box`: much cheaper than
    // QPainter's rectangle layout, and one <text> element per line in an SVG.
    // On raster devices each line is laid out once and kept (TextCache).
    const QFont font = p->font();
    const QFontMetricsF metrics(font);
    const bool raster = canStamp();
    const QStringList lines = text.split(QLatin1Char('\n'));
    const double height = metrics.lineSpacing() * double(lines.size() - 1) + metrics.height();
    double baseline = box.center().y() - height / 2 + metrics.ascent();
    for (const QString &line : lines) {
        const double x = align & Qt::AlignRight ? box.right() - TextCache::advance(font, line)
                         : align & Qt::AlignHCenter
                             ? box.center().x() - TextCache::advance(font, line) / 2
                             : box.left();
        if (raster)
            p->drawStaticText(QPointF(x, baseline - metrics.ascent()), TextCache::line(font, line));
        else
            p->drawText(QPointF(x, baseline), line);
        baseline += metrics.lineSpacing();
    }
}

const QFont &ScenePainter::fontFor(TextStyle style) const
{
    switch (style) {
    case TextStyle::Roof:
        return m.fonts.roofLabel;
    case TextStyle::Ridge:
    case TextStyle::Batch:
    case TextStyle::Badge:
        return m.fonts.badge;
    case TextStyle::Point:
        return m.fonts.pointLabel;
    case TextStyle::SelectedPoint:
        return m.fonts.selectedLabel;
    case TextStyle::Zone:
        return m.fonts.zone;
    }
    return m.fonts.pointLabel;
}

void ScenePainter::drawLabels()
{
    const QColor backdrop = withAlpha(m.theme.background, 210);
    for (const PlacedText &t : f.texts) {
        // A ridge label's leader in its device's colour: it says which corner is its own
        // where another device's corner is nearer (docs/labels.md).
        if (t.leader)
            drawLine(t.leaderLine.p1(), t.leaderLine.p2(),
                     t.style == TextStyle::Ridge ? t.color : m.theme.muted, 1, Qt::SolidLine);
        if (t.style == TextStyle::Batch && t.text.isEmpty()) {
            const QRectF &r = t.rect; // the caret pointing down at the ridge
            p->setPen(Qt::NoPen);
            p->setBrush(t.color);
            p->drawPolygon(
                QPolygonF({r.topLeft(), r.topRight(), QPointF(r.center().x(), r.bottom())}));
            p->setBrush(Qt::NoBrush);
            continue;
        }
        if (t.angle != 0) {
            p->save();
            p->translate(t.origin);
            p->rotate(t.angle);
        }
        if (t.style == TextStyle::Badge) {
            p->setPen(QPen(m.theme.muted, 1));
            p->setBrush(backdrop);
            p->drawRoundedRect(t.rect, 3, 3);
            p->setBrush(Qt::NoBrush);
        } else if (t.style != TextStyle::Zone) {
            p->fillRect(t.rect, backdrop); // plain: a rounded one costs an antialiased path
        }
        QFont font = fontFor(t.style);
        if (t.fontPixels > 0)
            font.setPixelSize(t.fontPixels);
        p->setFont(font);
        p->setPen(t.color);
        // A zone caption broken over two lines ("compute-" over "bound") is centred.
        drawTextLines(t.rect.adjusted(textPadX, textPadY, -textPadX, -textPadY), t.text,
                      t.style == TextStyle::Zone ? Qt::AlignHCenter : Qt::AlignLeft);
        if (t.angle != 0)
            p->restore();
    }
}

void ScenePainter::drawLegend()
{
    const LegendLayout &legend = f.legend;
    if (legend.rect.isEmpty())
        return;
    p->setPen(QPen(m.theme.legendBorder, 1));
    p->setBrush(m.theme.legendFill);
    p->drawRoundedRect(legend.rect, 4, 4);
    p->setBrush(Qt::NoBrush);
    p->setFont(legendFontOf(m, f.legendSlot));
    const double swatch = LegendLayout::swatch, gap = LegendLayout::gap;
    for (const LegendLayout::Line &line : legend.lines) {
        const QRectF &r = line.rect;
        const double cy = r.center().y();
        const SceneLegendEntry &e = line.entry;
        QRectF textRect(r.left() + swatch + gap, r.top(), r.width() - swatch - gap, r.height());
        QColor textColor = m.theme.foreground;
        if (e.kind == SceneLegendEntry::Kind::Device) {
            drawLine({r.left() + 2, cy}, {r.left() + swatch - 2, cy}, m.theme.deviceColor(e.device),
                     2.6, m.theme.deviceLineStyle(e.device));
        } else if (e.kind == SceneLegendEntry::Kind::Marker) {
            drawMarker({r.left() + swatch / 2, cy}, e.shape, e.filled, m.theme.muted, f.markerSize);
        } else if (line.number > 0) {
            p->setPen(m.theme.foreground);
            p->setFont(m.fonts.badge);
            drawTextLines(QRectF(r.left(), r.top(), swatch, r.height()),
                          QString::number(line.number), Qt::AlignRight);
            p->setFont(legendFontOf(m, f.legendSlot));
        } else if (line.number < 0) {
            // More names of the numbered entry above: written under its first line.
        } else {
            textRect = r;
            textColor = m.theme.muted;
        }
        p->setPen(textColor);
        drawTextLines(textRect, e.text, Qt::AlignLeft);
    }
}

} // namespace rooflab
