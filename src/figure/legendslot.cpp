#include "legendslot.h"

#include "framelayouter.h"
#include "sceneframe.h"
#include "textcache.h"

#include <QFontMetricsF>
#include <QHash>

#include <algorithm>
#include <cmath>

namespace rooflab {

namespace {

// Gaps kept around the legend: between it and the plot's edge, and to the figure's edge.
constexpr double plotInset = 10, figureInset = 12;
// The narrowest text a line of a legend outside may have, at text scale 1: room for the
// names of a numbered label.
constexpr double minOutsideText = 140;

// The highest FLOP/s a point can reach at intensity `x`: no point sits above the roofline of
// its own device, so none sits above the highest of them (datasheet roofs included).
double envelopeAt(const SceneModel &model, double x)
{
    QHash<int, double> peak, bandwidth;
    for (const SceneRoof &roof : model.roofs)
        peak[roof.device] = std::max(peak.value(roof.device), roof.peak);
    for (const SceneSlope &slope : model.slopes)
        bandwidth[slope.device] = std::max(bandwidth.value(slope.device), slope.bandwidth);
    double highest = 0;
    for (int device = 0; device < model.deviceNames.size(); ++device) {
        const bool hasRoof = peak.contains(device), hasSlope = bandwidth.contains(device);
        if (!hasRoof && !hasSlope)
            continue;
        const double roofline = !hasSlope ? peak.value(device)
                                : !hasRoof
                                    ? bandwidth.value(device) * x
                                    : std::min(peak.value(device), bandwidth.value(device) * x);
        highest = std::max(highest, roofline);
    }
    return highest;
}

// True when `box` stays clear of every place a point can take:
// its lower right corner (the envelope rises to the right) is above the highest roofline,
// by the largest marker's half and the legend's clearance.
bool clearOfPoints(const SceneModel &model, const AxisMapping &map, const QRectF &box)
{
    if (model.points.isEmpty())
        return true;
    if (model.roofs.isEmpty() && model.slopes.isEmpty())
        return false;
    // The largest marker any point may get, not this frame's largest: a class's share of
    // the time changes with the batch, and the legend's slot must not (docs/labels.md).
    const bool sized = std::any_of(model.points.cbegin(), model.points.cend(),
                                   [](const ScenePoint &p) { return p.markerScale > 1; });
    const double largest = sized ? markerScaleForShare(1) : 1;
    // The marker size SceneFrame::layout draws with.
    const double marker = std::round(11 * std::sqrt(std::max(0.5, model.options.fontScale)));
    const double reach = marker * largest / 2 + 1 + 4;
    const double top = envelopeAt(model, map.pixelToX(box.right() + reach));
    return box.bottom() + reach < map.yToPixel(top);
}

// The columns a laid-out legend has: the lines on its first row.
int columnsOf(const LegendLayout &legend)
{
    return static_cast<int>(
        std::count_if(legend.lines.cbegin(), legend.lines.cend(), [&](const LegendLayout::Line &l) {
            return l.rect.top() == legend.lines.first().rect.top();
        }));
}

// The rows a legend under the plot takes in `width`: `entries` wrapped at `textWidth` and
// flowed, then on rows of their own the notes that count what was left out, at their
// longest (in a compact legend both, else the point labels' only).
int flowRowsUnder(const QFont &font, const QList<SceneLegendEntry> &entries, bool compact,
                  double textWidth, double width)
{
    const auto widthsOf = [&](const QList<SceneLegendEntry> &list) {
        QList<double> widths;
        for (const SceneLegendEntry &entry : list) {
            const QStringList pieces = wrapLegendText(font, entry.text, textWidth);
            const bool plainNote = entry.kind == SceneLegendEntry::Kind::Note;
            for (qsizetype k = 0; k < pieces.size(); ++k) {
                SceneLegendEntry piece = entry;
                piece.text = pieces.at(k);
                widths.append(LegendLayout::itemWidth(font, piece, k > 0 && !plainNote ? -1 : 0));
            }
        }
        return widths;
    };
    QList<SceneLegendEntry> notes = {
        {SceneLegendEntry::Kind::Note, FrameLayouter::leftOutNote(99)}};
    if (compact)
        notes.append({SceneLegendEntry::Kind::Note, FrameLayouter::lineLabelsNote(99)});
    return LegendLayout::flowRows(widthsOf(entries), width) +
           LegendLayout::flowRows(widthsOf(notes), width);
}

} // namespace

QStringList joinedLines(const QFont &font, const QStringList &parts, const QString &separator,
                        double width)
{
    QStringList lines;
    QString line;
    for (const QString &part : parts) {
        const QString joined = line.isEmpty() ? part : line + separator + part;
        if (line.isEmpty() || TextCache::advance(font, joined) <= width) {
            line = joined;
            continue;
        }
        lines.append(line);
        line = part;
    }
    lines.append(line);
    return lines;
}

QStringList wrapLegendText(const QFont &font, const QString &text, double width)
{
    if (TextCache::advance(font, text) <= width)
        return {text};
    QStringList lines;
    for (const QString &line :
         joinedLines(font, text.split(QStringLiteral(" · ")), QStringLiteral(" · "), width)) {
        if (TextCache::advance(font, line) <= width) {
            lines.append(line);
            continue;
        }
        for (const QString &words :
             joinedLines(font, line.split(QLatin1Char(' ')), QStringLiteral(" "), width))
            lines.append(QFontMetricsF(font).elidedText(words, Qt::ElideRight, width));
    }
    return lines;
}

LegendSlot chooseLegendSlot(const SceneModel &model, const AxisMapping &map, const QSize &size)
{
    LegendSlot slot;
    if (!model.options.showLegend || model.legend.isEmpty())
        return slot;
    const QFont &font = model.fonts.legend;
    const QRectF &plot = map.rect;
    const double lineHeight = LegendLayout::lineHeight(font);
    // The scene's own lines, each as wide as it can become while only the batch changes (a
    // device's fit verdict), so that the place does not move during a batch sweep.
    QList<SceneLegendEntry> own = model.legend;
    for (SceneLegendEntry &entry : own) {
        if (!entry.widest.isEmpty())
            entry.text = entry.widest;
    }
    // The legend at its longest: a device's line with the labels its slopes and roofs send
    // to the legend when they find no room on their line.
    QList<SceneLegendEntry> longest = own;
    for (SceneLegendEntry &entry : longest) {
        if (entry.kind != SceneLegendEntry::Kind::Device)
            continue;
        for (const SceneSlope &slope : model.slopes) {
            if (slope.device == entry.device && !slope.label.isEmpty())
                entry.text += QStringLiteral(" · ") + slope.label;
        }
        for (const SceneRoof &roof : model.roofs) {
            if (roof.device == entry.device && !roof.label.isEmpty())
                entry.text += QStringLiteral(" · ") + roof.label;
        }
    }
    double widest = 0;
    for (const SceneLegendEntry &entry : std::as_const(longest))
        widest = std::max(widest, std::ceil(TextCache::advance(font, entry.text)));

    // Inside: in the first corner (top left, top right, bottom right, bottom left) that no
    // point can ever reach, while it takes at most a fifth of the plot; numbered labels
    // may lengthen it as long as both still hold.
    const QList<int> numbers(longest.size(), 0);
    const LegendLayout inside =
        LegendLayout::make(longest, numbers, font, plot.height() * 0.7, {}, 1);
    const QSizeF box = inside.rect.size();
    const QRectF area = plot.adjusted(plotInset, plotInset, -plotInset, -plotInset);
    const double fifth = plot.width() * plot.height() / 5;
    const auto fitsInside = [&](const QRectF &r) {
        return r.width() * r.height() <= fifth && area.contains(r) && clearOfPoints(model, map, r);
    };
    const QPointF corners[] = {area.topLeft(),
                               {area.right() - box.width(), area.top()},
                               {area.right() - box.width(), area.bottom() - box.height()},
                               {area.left(), area.bottom() - box.height()}};
    for (const QPointF &corner : corners) {
        const QRectF r(corner, box);
        if (!fitsInside(r))
            continue;
        slot.rect = r;
        slot.columns = columnsOf(inside);
        slot.textWidth = widest;
        const bool bottom = corner.y() > area.top();
        int rows = static_cast<int>((longest.size() + slot.columns - 1) / slot.columns);
        QRectF longer = r;
        while (rows < 200) {
            longer.setHeight(longer.height() + lineHeight);
            if (bottom)
                longer.moveBottom(r.bottom());
            if (!fitsInside(longer))
                break;
            ++rows;
        }
        slot.lines = rows * slot.columns;
        return slot;
    }

    // Outside: one width for every line, that of the widest of the scene's own up to a
    // fifth of the figure's width (longer lines wrap), and at least minOutsideText.
    const double grow = std::max(1.0, model.options.fontScale);
    const double gap = legendMarginGap * grow;
    const double across = size.width() - figureInset - plot.left();
    const double frame = LegendLayout::swatch + LegendLayout::gap + 3 * LegendLayout::padding;
    double widestOwn = 0;
    for (const SceneLegendEntry &entry : std::as_const(own))
        widestOwn = std::max(widestOwn, std::ceil(TextCache::advance(font, entry.text)));
    // Beside the plot: lines no wider than a fifth of the figure (at least minOutsideText);
    // when the legend then needs a second column, as wide as keeps the plot at 45 % of the
    // figure's width, if that holds it in one.
    const double frameWidth = 2 * LegendLayout::padding + LegendLayout::swatch + LegendLayout::gap;
    const double narrowText = std::max(
        20.0,
        std::min({widestOwn, std::max(minOutsideText * grow, 0.2 * size.width()), across - frame}));
    const double wideText = std::clamp(
        size.width() - figureInset - plot.left() - gap - 0.45 * size.width() - frameWidth,
        narrowText, std::max(narrowText, std::min(widestOwn, across - frame)));
    const auto columnsWidth = [&](int columns, double textWidth) {
        return LegendLayout::padding + columns * (LegendLayout::swatch + LegendLayout::gap +
                                                  textWidth + LegendLayout::padding);
    };
    const double besideHeight = size.height() - figureInset - plot.top();
    const int rowsBeside =
        std::max(1, static_cast<int>((besideHeight - 2 * LegendLayout::padding) / lineHeight));
    // The columns beside the plot for lines of `textWidth`: the notes that count what was
    // left out at their longest (compact), and else a spare line for numbered labels.
    const auto columnsBesideFor = [&](bool compact, double textWidth) {
        int count = compact ? 0 : 1;
        if (compact) {
            for (const QString &note :
                 {FrameLayouter::leftOutNote(99), FrameLayouter::lineLabelsNote(99)})
                count += static_cast<int>(wrapLegendText(font, note, textWidth).size());
        }
        for (const SceneLegendEntry &entry : compact ? own : longest)
            count += static_cast<int>(wrapLegendText(font, entry.text, textWidth).size());
        return std::max(1, (count + rowsBeside - 1) / rowsBeside);
    };
    // Under the plot a line may be as wide as the legend: only a longer one wraps.
    const double underText =
        std::max(20.0, std::min(widestOwn, across - 2 * LegendLayout::padding -
                                               LegendLayout::swatch - LegendLayout::gap));
    // The margin is sized for the legend at its longest first; when that leaves too small a
    // plot, for the scene's own lines and two notes (compact): a line label with no room on
    // its line is then counted in a note, which beats a legend over the points.
    for (const bool compact : {false, true}) {
        // Right of the plot, from its top down to the figure's bottom (nothing is drawn
        // under the plot's right end), in as many columns as that height needs.
        double besideText = narrowText;
        int columnsBeside = columnsBesideFor(compact, narrowText);
        if (columnsBeside > 1 && wideText > narrowText &&
            columnsBesideFor(compact, wideText) < columnsBeside) {
            besideText = wideText;
            columnsBeside = columnsBesideFor(compact, wideText);
        }
        const double besideWidth = columnsWidth(columnsBeside, besideText);
        const double plotWidthBeside = size.width() - figureInset - besideWidth - gap - plot.left();
        // Under the plot: the lines flowed in rows by their own widths, the notes that count
        // what was left out, and a spare row for numbered labels.
        const int rowsUnder =
            flowRowsUnder(font, compact ? own : longest, compact, underText, across) + 1;
        const double underHeight = 2 * LegendLayout::padding + rowsUnder * lineHeight;
        const double plotHeightUnder = plot.height() - underHeight - gap;

        // A wide figure puts it on the right, a narrow or tall one below; the other side
        // when that leaves the plot too small, and when both do, the side that leaves more.
        bool right = size.width() >= 1.2 * size.height();
        const bool besideFits = plotWidthBeside >= 0.45 * size.width();
        const bool underFits = plotHeightUnder >= 0.4 * size.height();
        if (besideFits != underFits)
            right = besideFits;
        else if (!besideFits)
            right = plotWidthBeside * plot.height() >= plot.width() * plotHeightUnder;
        // The longest legend would squeeze the plot: try the compact one (a plot under
        // 45 % of the width or 40 % of the height), then, under a quarter, keep it inside.
        const double share =
            right ? plotWidthBeside / size.width() : plotHeightUnder / size.height();
        if (share < 0.25 || (!compact && !(right ? besideFits : underFits)))
            continue;
        slot.compact = compact;
        if (right) {
            slot.place = LegendSlot::Place::Right;
            slot.columns = columnsBeside;
            slot.lines = columnsBeside * rowsBeside;
            slot.textWidth = besideText;
            slot.rect = QRectF(size.width() - figureInset - besideWidth, plot.top(), besideWidth,
                               besideHeight);
        } else {
            slot.place = LegendSlot::Place::Below;
            slot.columns = 1;
            slot.rows = rowsUnder;
            // The spare row holds at least this many numbered lines, each no wider than the
            // text width.
            slot.lines = std::max(
                1, static_cast<int>((across - 2 * LegendLayout::padding + LegendLayout::flowGap) /
                                    (LegendLayout::swatch + LegendLayout::gap + underText +
                                     LegendLayout::flowGap)));
            slot.textWidth = underText;
            slot.rect =
                QRectF(plot.left(), size.height() - figureInset - underHeight, across, underHeight);
        }
        return slot;
    }
    // A figure too small for a margin keeps the legend inside, where it hides the least,
    // and short: roof and slope labels without room on their line are only counted.
    LegendSlot searched;
    searched.compact = true;
    return searched;
}

} // namespace rooflab
