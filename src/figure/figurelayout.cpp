#include "figurelayout.h"

#include "axisticks.h"

#include <QCoreApplication>
#include <QFontMetricsF>
#include <QStringList>

#include <algorithm>
#include <cmath>
#include <iterator>
#include <optional>

namespace rooflab {

namespace {

// Gaps around the plot, in pixels at text scale 1 (they grow with the text).
constexpr double tickLength = 6, labelGap = 4, titleGap = 8, outerGap = 12, rightGap = 24;
// The least a long title shrinks to at large text: its size at this text scale.
constexpr double largeTitleFloor = 1.35;

QString tr(const char *text)
{
    return QCoreApplication::translate("RooflineChart", text);
}

// `full`, or `unit` alone when `full` is wider than `width` (elided only if even that is).
QString axisTitleFor(const QFontMetricsF &metrics, const QString &full, const QString &unit,
                     double width)
{
    if (metrics.horizontalAdvance(full) + 4 <= width)
        return full;
    return metrics.elidedText(unit, Qt::ElideRight, width);
}

// The axis titles of `layout`, in `font`: each keeps the font of the text scale and says only
// its unit when its room is short of the whole title. On a projector "FLOP/s" in large type
// reads better than the whole title in small type (docs/labels.md, "Axis titles").
void placeAxisTitles(FigureLayout &layout, const QFont &font, double grow)
{
    const QFontMetricsF am(font);
    const QRectF &r = layout.map.rect;
    // They keep off a legend beside or under the plot.
    const double bottom = layout.legend.place == LegendSlot::Place::Below
                              ? layout.legend.rect.top() - legendMarginGap * grow
                              : layout.size.height() - 12.0;
    const double right = layout.legend.place == LegendSlot::Place::Right
                             ? layout.legend.rect.left() - legendMarginGap * grow
                             : layout.size.width() - 12.0;
    // The horizontal title is centred under the plot; wider than the plot (large text, a
    // narrow plot), it moves to stay in the figure.
    layout.xTitle =
        axisTitleFor(am, tr("Arithmetic intensity (FLOP/byte)"), tr("FLOP/byte"), right - 12);
    const double xWidth = std::max(r.width(), am.horizontalAdvance(layout.xTitle) + 4);
    const double xLeft = std::max(12.0, std::min(r.center().x() - xWidth / 2, right - xWidth));
    layout.xTitleRect = QRectF(xLeft, bottom - am.height(), xWidth, am.height());
    // The vertical title is centred on the plot, moved to stay between the chart's title and
    // the bottom, so that it never runs over the title.
    const double top =
        layout.titleHeight > 0 ? std::min(r.top(), 12 + layout.titleHeight + 4) : 12.0;
    const double room = std::max(1.0, bottom - top);
    layout.yTitle = axisTitleFor(am, tr("Attainable performance (FLOP/s)"), tr("FLOP/s"), room);
    const double span =
        std::min(room, std::max(r.height(), am.horizontalAdvance(layout.yTitle) + 4));
    const double centre = std::clamp(r.center().y(), top + span / 2, bottom - span / 2);
    layout.yTitleRect = QRectF(12, centre - span / 2, am.height(), span);
}

// `line` in lines no wider than `room`, so that no fact of a title is lost: broken at its
// "; " first, then at " · ", ", " and spaces (a "; " or ", " keeps its mark at the end of
// the line it ends; a number keeps its unit); only a single word too long for the room is
// elided.
QStringList wrapTitle(const QFontMetricsF &metrics, const QString &line, double room, int level = 0)
{
    static const QString separators[] = {QStringLiteral("; "), QStringLiteral(" · "),
                                         QStringLiteral(", "), QStringLiteral(" ")};
    constexpr int levels = static_cast<int>(std::size(separators));
    if (metrics.horizontalAdvance(line) <= room)
        return {line};
    if (level >= levels)
        return {metrics.elidedText(line, Qt::ElideRight, room)};
    const QString &separator = separators[level];
    const QString mark =
        separator.trimmed() == QStringLiteral("·") ? QString() : separator.trimmed();
    QStringList parts = line.split(separator);
    if (level == levels - 1) {
        // Between words, but a number stays with what it counts ("72 GB", "3 devices").
        QStringList words;
        bool afterNumber = false;
        for (const QString &part : std::as_const(parts)) {
            if (afterNumber)
                words.last() += separator + part;
            else
                words.append(part);
            afterNumber = !part.isEmpty() && std::all_of(part.cbegin(), part.cend(), [](QChar c) {
                return c.isDigit() || c == QLatin1Char('.');
            });
        }
        parts = words;
    }
    QStringList joined;
    QString current;
    for (qsizetype i = 0; i < parts.size(); ++i) {
        const QString &part = parts.at(i);
        const QString longer = current.isEmpty() ? part : current + separator + part;
        const QString ending = i + 1 < parts.size() ? mark : QString();
        if (current.isEmpty() || metrics.horizontalAdvance(longer + ending) <= room) {
            current = longer;
            continue;
        }
        joined.append(current + mark);
        current = part;
    }
    joined.append(current);
    QStringList lines;
    for (const QString &piece : std::as_const(joined))
        lines += wrapTitle(metrics, piece, room, level + 1);
    return lines;
}

// A title laid out in its room: the lines as drawn, their font, and the rows it keeps.
struct FittedTitle
{
    QStringList lines;
    QFont font;
    qsizetype rows = 0;
};

// `title` wrapped to `room` in `font` as it is: rows counted at its widest (`widest`,
// ChartOptions::titleWidest, where it has as many lines), so that they hold while only the
// batch changes.
FittedTitle wrapTitleIn(const QString &title, const QString &widest, const QFont &font, double room)
{
    const QStringList lines = title.split(QLatin1Char('\n'));
    QStringList sized = widest.split(QLatin1Char('\n'));
    if (widest.isEmpty() || sized.size() != lines.size())
        sized = lines;
    const QFontMetricsF metrics(font);
    FittedTitle fitted{.lines = {}, .font = font, .rows = 0};
    for (qsizetype i = 0; i < lines.size(); ++i) {
        const QStringList wrapped = wrapTitle(metrics, lines.at(i), room);
        fitted.lines += wrapped;
        fitted.rows += std::max(wrapped.size(), wrapTitle(metrics, sized.at(i), room).size());
    }
    return fitted;
}

// `title` fitted to `room`: a long title shrinks, down to 70 % of `font` (or to its size at
// 135 % text where that is smaller), and lines still too long wrap (wrapTitleIn()). The font
// is that of the title at its widest, so that it holds while only the batch changes.
FittedTitle fitTitle(const QString &title, const QString &widest, QFont font, double room,
                     double grow)
{
    QStringList sized = widest.split(QLatin1Char('\n'));
    if (widest.isEmpty() || sized.size() != title.count(QLatin1Char('\n')) + 1)
        sized = title.split(QLatin1Char('\n'));
    double longest = 0;
    for (const QString &line : title.split(QLatin1Char('\n')) + sized)
        longest = std::max(longest, QFontMetricsF(font).horizontalAdvance(line));
    // Where its size at 135 % text is under 70 % of its own (text above about 193 %), it may
    // shrink to that: at 225 % a title wrapped over four lines left the plot a strip
    // (docs/labels.md).
    const double least = std::min(0.7, largeTitleFloor / grow);
    if (longest > room)
        font.setPixelSize(
            std::max(6, static_cast<int>(font.pixelSize() * std::max(least, room / longest))));
    return wrapTitleIn(title, widest, font, room);
}

} // namespace

QString tickLabelBase(const LogTick &tick)
{
    return tick.mantissa == 1 ? QStringLiteral("10") : QStringLiteral("%1×10").arg(tick.mantissa);
}

QList<LogTick> logTicks(double lo, double hi)
{
    QList<LogTick> ticks;
    if (!(lo > 0) || !(hi > lo) || !std::isfinite(hi))
        return ticks;
    const int first = static_cast<int>(std::floor(std::log10(lo) + 1e-9));
    const int last = static_cast<int>(std::ceil(std::log10(hi) - 1e-9));
    for (int n = first; n <= last && n - first < 400; ++n) {
        const double decade = std::pow(10.0, n);
        for (int k = 1; k <= 9; ++k) {
            const double value = k * decade;
            // A tolerance of a millionth keeps a decade exactly at the range's end.
            if (value < lo * (1 - 1e-6) || value > hi * (1 + 1e-6))
                continue;
            ticks.append({.value = value,
                          .major = k == 1,
                          .exponent = n,
                          .mantissa = k,
                          .labelled = k == 1});
        }
    }
    // Fewer than three decades inside the range: the 2x and 5x ticks are labelled too.
    const auto decades =
        std::count_if(ticks.cbegin(), ticks.cend(), [](const LogTick &t) { return t.major; });
    if (decades < 3) {
        for (LogTick &t : ticks)
            t.labelled = t.labelled || t.mantissa == 2 || t.mantissa == 5;
    }
    return ticks;
}

ViewRange FigureLayout::rangeOf(const SceneModel &model)
{
    const ChartOptions &o = model.options;
    if (o.xMin > 0 && o.xMax > o.xMin && o.yMin > 0 && o.yMax > o.yMin)
        return {o.xMin, o.xMax, o.yMin, o.yMax};
    return model.content;
}

FigureLayout FigureLayout::make(const SceneModel &model, const QSize &size, const ViewRange &range,
                                LegendSlotCache *slotCache)
{
    FigureLayout layout;
    layout.size = size;
    const SceneFonts &fonts = model.fonts;
    const double grow = std::max(1.0, model.options.fontScale);

    const QString &title = model.options.title;
    // The title's height as the legend's choice judges it: at the title's floor font. A
    // title that shrinks to fit grows again as the figure widens, and its plot's top comes
    // down; at the floor font the height only falls as the figure widens, so that a wider
    // figure never judges its plot shorter (chooseLegendSlot).
    double judgedTitleHeight = 0;
    std::optional<FittedTitle> titleAtFloor; // where that is shorter than the title's own
    if (!title.isEmpty()) {
        const double room = std::max(60, size.width() - 24);
        FittedTitle fitted = fitTitle(title, model.options.titleWidest, fonts.title, room, grow);
        const QString *form = &title, *formWidest = &model.options.titleWidest;
        // A title that would take more than two lines gives way to its brief form where that
        // takes fewer; both counted at their widest, so the choice does not follow the batch.
        if (fitted.rows > 2 && !model.options.titleBrief.isEmpty()) {
            const FittedTitle brief = fitTitle(
                model.options.titleBrief, model.options.titleBriefWidest, fonts.title, room, grow);
            if (brief.rows < fitted.rows) {
                fitted = brief;
                form = &model.options.titleBrief;
                formWidest = &model.options.titleBriefWidest;
            }
        }
        layout.title = fitted.lines.join(QLatin1Char('\n'));
        layout.titleFont = fitted.font;
        layout.titleHeight = QFontMetricsF(fitted.font).height() * static_cast<double>(fitted.rows);
        QFont floor = fonts.title;
        floor.setPixelSize(std::max(
            6, static_cast<int>(fonts.title.pixelSize() * std::min(0.7, largeTitleFloor / grow))));
        const FittedTitle atFloor = wrapTitleIn(*form, *formWidest, floor, room);
        const double floorHeight =
            QFontMetricsF(floor).height() * static_cast<double>(atFloor.rows);
        if (floorHeight < layout.titleHeight) {
            titleAtFloor = atFloor;
            judgedTitleHeight = floorHeight;
        } else {
            judgedTitleHeight = layout.titleHeight;
        }
    }

    if (!model.options.subtitle.isEmpty()) {
        const double room = std::max(60, size.width() - 24);
        layout.subtitleFont = fonts.legend;
        const QFontMetricsF metrics(layout.subtitleFont);
        // Wrapped as the title is, never cut: it is where a figure for a document says its
        // batch, context, precision and devices (and, under a brief title, its shape).
        const QStringList lines = wrapTitle(metrics, model.options.subtitle, room);
        layout.subtitle = lines.join(QLatin1Char('\n'));
        layout.subtitleHeight = metrics.height() * static_cast<double>(lines.size());
        layout.titleHeight += layout.subtitleHeight + (layout.title.isEmpty() ? 0 : 4);
        judgedTitleHeight += layout.subtitleHeight + (layout.title.isEmpty() ? 0 : 4);
    }

    double labelWidth = 0;
    for (const LogTick &tick : logTicks(range.yMin, range.yMax)) {
        if (tick.labelled)
            labelWidth = std::max(labelWidth, tickLabelWidth(fonts, tick));
    }
    const double tickHeight = QFontMetricsF(fonts.tick).height() * 1.25; // with superscript
    const double axisTitle = QFontMetricsF(fonts.axisTitle).height();
    const double left = outerGap + axisTitle + labelGap * grow + labelWidth + tickLength * grow;
    const double bottom = outerGap + axisTitle + labelGap * grow + tickHeight + tickLength * grow;
    const double top =
        outerGap + (layout.titleHeight > 0 ? layout.titleHeight + titleGap * grow : 0);
    const double right = rightGap;
    const double width = std::max(1.0, size.width() - left - right);
    const double height = std::max(1.0, size.height() - top - bottom);
    // Whole pixels, so the grid's one-pixel lines are crisp.
    layout.map.rect =
        QRectF(std::round(left), std::round(top), std::round(width), std::round(height));
    layout.map.x0 = range.xMin;
    layout.map.x1 = range.xMax;
    layout.map.y0 = range.yMin;
    layout.map.y1 = range.yMax;
    // A legend that would hide points, or much of the plot, takes a margin of its own; its
    // form judged on the plot under the title at its floor font (above).
    AxisMapping judged = layout.map;
    judged.rect.setTop(
        std::round(outerGap + (judgedTitleHeight > 0 ? judgedTitleHeight + titleGap * grow : 0)));
    layout.legend = slotCache ? slotCache->choose(model, layout.map, size, judged)
                              : chooseLegendSlot(model, layout.map, size, &judged);
    // A legend that fits only beside or under the plot it was judged on: the title takes
    // the floor font that plot was judged under.
    if (layout.legend.onJudgedPlot && titleAtFloor) {
        layout.title = titleAtFloor->lines.join(QLatin1Char('\n'));
        layout.titleFont = titleAtFloor->font;
        layout.titleHeight = judgedTitleHeight;
        layout.map.rect.setTop(judged.rect.top());
    }
    const double legendGap = legendMarginGap * grow;
    QRectF &plot = layout.map.rect;
    if (layout.legend.place == LegendSlot::Place::Right)
        plot.setRight(std::max(plot.left() + 1, std::floor(layout.legend.rect.left() - legendGap)));
    else if (layout.legend.place == LegendSlot::Place::Below)
        plot.setBottom(std::max(
            plot.top() + 1, plot.bottom() - std::ceil(layout.legend.rect.height() + legendGap)));
    placeAxisTitles(layout, fonts.axisTitle, grow);
    return layout;
}

FigureLayout FigureLayout::withLegendBelowLowered(const SceneModel &model, double pixels) const
{
    FigureLayout lowered = *this;
    if (legend.place != LegendSlot::Place::Below || pixels <= 0 || pixels >= legend.rect.height())
        return lowered;
    lowered.legend.rect.setTop(legend.rect.top() + pixels);
    lowered.map.rect.setBottom(map.rect.bottom() + pixels);
    placeAxisTitles(lowered, model.fonts.axisTitle, std::max(1.0, model.options.fontScale));
    return lowered;
}

} // namespace rooflab
