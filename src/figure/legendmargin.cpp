#include "legendmargin.h"

#include "framelayouter.h"
#include "legendnotes.h"
#include "sceneframe.h"
#include "textcache.h"

#include <QCoreApplication>
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
    // As large as any marker can become while the batch sweeps, so that the slot does not
    // move with it.
    const double largest = model.largestMarkerScale;
    const double marker = baseMarkerSize(model.options);
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

// The scene's own lines, each as wide as it can become while only the batch changes (a
// device's fit verdict), so that the place does not move during a batch sweep; brief ones
// for a brief legend.
QList<SceneLegendEntry> ownLines(const SceneModel &model, LegendLevel level)
{
    const bool brief = level == LegendLevel::Brief || level == LegendLevel::Minimal;
    QList<SceneLegendEntry> own =
        level == LegendLevel::Key ? keyLegendLines(model.legend, model.deviceNames, nullptr)
        : brief                   ? briefLegendLines(model.legend, level != LegendLevel::Minimal)
                                  : model.legend;
    for (SceneLegendEntry &entry : own) {
        if (!entry.widest.isEmpty())
            entry.text = entry.widest;
    }
    return own;
}

// The legend at its longest: a device's line with the labels its slopes and roofs send to
// the legend when they find no room on their line.
QList<SceneLegendEntry> longestLines(const SceneModel &model)
{
    QList<SceneLegendEntry> longest = ownLines(model, LegendLevel::Full);
    for (SceneLegendEntry &entry : longest) {
        if (entry.kind != SceneLegendEntry::Kind::Device)
            continue;
        for (const SceneSlope &slope : model.slopes) {
            if (slope.device == entry.device && !slope.label.isEmpty())
                entry.text += QStringLiteral(" · ") + slope.label;
        }
        // A shared roof's label goes on the line of every device it stands for, as the
        // frame puts it there (legendplacement.cpp).
        for (const SceneRoof &roof : model.roofs) {
            if (!roof.label.isEmpty() && roofLabelGoesTo(model, roof, entry.device) &&
                !entry.text.contains(roof.label))
                entry.text += QStringLiteral(" · ") + roof.label;
        }
    }
    return longest;
}

double widestText(const QFont &font, const QList<SceneLegendEntry> &entries)
{
    double widest = 0;
    for (const SceneLegendEntry &entry : entries)
        widest = std::max(widest, std::ceil(TextCache::advance(font, entry.text)));
    return widest;
}

// The notes that count what was left out, at their longest (the window's): in a brief
// legend one for every label, in a compact one for point and line labels, else the point
// labels' only. `most` labels at most (mostLeftOut()).
QList<SceneLegendEntry> leftOutNotes(const SceneModel &model, LegendLevel level, int most)
{
    if (!model.options.leftOutNotes)
        return {}; // a file that was not asked for them: no room kept

    if (level == LegendLevel::Key)
        return {{SceneLegendEntry::Kind::Note, keyLeftOutNote(most, 99)}};
    if (level == LegendLevel::Brief || level == LegendLevel::Minimal)
        return {{SceneLegendEntry::Kind::Note, FrameLayouter::briefLeftOutNote(most)}};
    QList<SceneLegendEntry> notes = {
        {SceneLegendEntry::Kind::Note, FrameLayouter::leftOutNote(most, true)}};
    if (level != LegendLevel::Full)
        notes.append({SceneLegendEntry::Kind::Note, FrameLayouter::lineLabelsNote(most)});
    return notes;
}

// `entries` wrapped at `textWidth`, as the frame wraps them in its slot.
QList<SceneLegendEntry> wrapped(const QFont &font, QList<SceneLegendEntry> entries,
                                double textWidth, const QStringList &keepWhole, QList<int> *numbers)
{
    *numbers = QList<int>(entries.size(), 0);
    wrapLegendLines(font, entries, *numbers, textWidth, keepWhole);
    return entries;
}

} // namespace

std::optional<LegendSlot> insideSlot(const SceneModel &model, const AxisMapping &map,
                                     const QFont &font)
{
    // In the first corner (top left, top right, bottom right, bottom left) that no point can
    // ever reach, while it takes at most a fifth of the plot; numbered labels may lengthen
    // it as long as both still hold.
    const QRectF &plot = map.rect;
    const QList<SceneLegendEntry> longest = longestLines(model);
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
    const double lineHeight = LegendLayout::lineHeight(font);
    for (const QPointF &corner : corners) {
        const QRectF r(corner, box);
        if (!fitsInside(r))
            continue;
        LegendSlot slot;
        slot.rect = r;
        slot.columns = columnsOf(inside);
        slot.textWidth = widestText(font, longest);
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
    return std::nullopt;
}

std::pair<LegendMargin, LegendMargin> legendMargins(const SceneModel &model, const AxisMapping &map,
                                                    const QSize &size, const QFont &font,
                                                    LegendLevel level)
{
    const QRectF &plot = map.rect;
    const bool compact = level != LegendLevel::Full;
    const bool key = level == LegendLevel::Key;
    const bool brief = level == LegendLevel::Brief || level == LegendLevel::Minimal || key;
    const bool breakNames = level == LegendLevel::BrokenNames || brief;
    const QList<SceneLegendEntry> own = ownLines(model, level);
    const QList<SceneLegendEntry> lines = compact ? own : longestLines(model);
    const int most = mostLeftOut(model);
    // Names stay whole where they fit a line (wrapLegendText).
    const QStringList &keepWhole = model.deviceNames;
    const double lineHeight = LegendLayout::lineHeight(font);
    const double grow = std::max(1.0, model.options.fontScale);
    // The narrowest line grows with the legend's own font, which may be smaller than the
    // text scale's (chooseLegendSlot).
    const double textGrow = std::max(1.0, font.pixelSize() / 13.0);
    const double gap = legendMarginGap * grow;
    const double across = size.width() - figureInset - plot.left();
    const double frame = LegendLayout::swatch + LegendLayout::gap + 3 * LegendLayout::padding;
    const double widestOwn = widestText(font, own);
    // Beside the plot: lines as wide as the widest of the scene's own, no wider than a fifth
    // of the figure (at least minOutsideText) unless a device's name needs more, for a name
    // is what the colour stands for; only a legend short of room breaks it.
    double widestName = 0;
    for (const SceneLegendEntry &entry : own) {
        if (!breakNames && entry.kind == SceneLegendEntry::Kind::Device && entry.device >= 0 &&
            entry.device < model.deviceNames.size())
            widestName =
                std::max(widestName,
                         std::ceil(TextCache::advance(font, model.deviceNames.at(entry.device))));
    }
    // A key's lines are as narrow as the parts of its note and of its lines allow: a short
    // name ending in " ·" on one row, its fit verdict wrapped under it.
    double keyText = 0;
    QStringList keyParts = keyLeftOutParts(most, 99);
    for (const SceneLegendEntry &entry : own) {
        const QStringList parts = entry.text.split(QStringLiteral(" · "));
        for (qsizetype i = 0; i < parts.size(); ++i)
            keyParts.append(i + 1 < parts.size() ? parts.at(i) + QStringLiteral(" ·")
                                                 : parts.at(i));
    }
    for (const QString &part : std::as_const(keyParts))
        keyText = std::max(keyText, std::ceil(TextCache::advance(font, part)));
    const double narrowText =
        key ? std::max(20.0, std::min(keyText, across - frame))
            : std::max(
                  {20.0,
                   std::min({widestOwn, std::max(minOutsideText * textGrow, 0.2 * size.width()),
                             across - frame}),
                   std::min(widestName, across - frame)});
    // When the grid needs a second column: the room a legend may take beside the plot, as
    // leaves the plot 45 % of the figure's width and no narrower than the legend (whole
    // pixels, as the layout floors the plot's right edge; docs/labels.md).
    const double besideRoom = size.width() - figureInset - plot.left() - gap;
    const double legendRoom =
        std::min(besideRoom - std::ceil(0.45 * size.width()), std::floor(besideRoom / 2));
    const double longestText = std::max(narrowText, std::min(widestOwn, across - frame));
    const auto columnsWidth = [&](int columns, double textWidth) {
        return LegendLayout::padding + columns * (LegendLayout::swatch + LegendLayout::gap +
                                                  textWidth + LegendLayout::padding);
    };
    const double besideHeight = size.height() - figureInset - plot.top();
    const int rowsBeside =
        std::max(1, static_cast<int>((besideHeight - 2 * LegendLayout::padding) / lineHeight));
    QList<SceneLegendEntry> notes = leftOutNotes(model, level, most);
    if (level == LegendLevel::Full)
        notes.clear(); // a spare line instead (below)
    // The grid's columns beside the plot for lines of `textWidth`: the notes that count
    // what was left out at their longest (compact), and else a spare line for numbered
    // labels.
    const auto columnsBesideFor = [&](double textWidth) {
        QList<int> numbers;
        const qsizetype count =
            wrapped(font, lines + notes, textWidth, keepWhole, &numbers).size() + (compact ? 0 : 1);
        return std::max(1, static_cast<int>((count + rowsBeside - 1) / rowsBeside));
    };

    // What a slot at this level says, beside or under the plot.
    const auto slotAt = [&](LegendSlot::Place place) {
        LegendSlot slot;
        slot.place = place;
        slot.compact = compact;
        slot.brief = brief;
        slot.breakNames = breakNames;
        slot.markerKinds = level != LegendLevel::Minimal && !key;
        slot.key = key;
        return slot;
    };
    LegendMargin right;
    right.slot = slotAt(LegendSlot::Place::Right);
    right.plotHeight = plot.height();
    double besideText = narrowText;
    if (brief) {
        // Flowed in one column: marker kinds share rows; numbered labels are counted.
        QList<int> numbers;
        const QList<SceneLegendEntry> pieces =
            wrapped(font, lines + notes, besideText, keepWhole, &numbers);
        const double width = columnsWidth(1, besideText);
        right.valid = LegendLayout::flowRows(pieces, numbers, font, width) <= rowsBeside;
        right.slot.flowed = true;
        right.slot.columns = 1;
        right.slot.lines = 0;
    } else {
        // Fewer, wider columns where they fit that room: lines as wide as `fewer` columns of
        // them take it all, if that holds the legend in that many.
        int columns = columnsBesideFor(narrowText);
        for (int fewer = 1; fewer < columns; ++fewer) {
            const double text =
                std::min(longestText,
                         std::floor((legendRoom - LegendLayout::padding) / fewer) -
                             (LegendLayout::swatch + LegendLayout::gap + LegendLayout::padding));
            if (text <= narrowText)
                break; // more columns only narrow the lines further
            if (const int held = columnsBesideFor(text); held <= fewer) {
                besideText = text;
                columns = held;
                break;
            }
        }
        right.valid = true;
        right.slot.columns = columns;
        right.slot.lines = columns * rowsBeside;
    }
    const double besideWidth = columnsWidth(right.slot.columns, besideText);
    right.slot.textWidth = besideText;
    right.slot.rect =
        QRectF(size.width() - figureInset - besideWidth, plot.top(), besideWidth, besideHeight);
    // Whole pixels, as FigureLayout::make draws it (its right edge floored).
    right.plotWidth = std::floor(size.width() - figureInset - besideWidth - gap) - plot.left();

    // Under the plot: the lines flowed in rows by their own widths (a line wraps only when
    // it is wider than the margin), the notes that count what was left out, and, unless
    // names may break, a spare row for numbered labels.
    // (The notes on one row each when the margin is that wide.)
    const double underText = std::max(
        20.0,
        std::min(std::max(widestOwn, std::ceil(widestText(font, leftOutNotes(model, level, most)))),
                 across - 2 * LegendLayout::padding - LegendLayout::swatch - LegendLayout::gap));
    // With numbered labels (which come between the two) the notes take rows of their own;
    // without, they may share the last line's row.
    const auto rowsOf = [&](const QList<SceneLegendEntry> &entries) {
        QList<int> numbers;
        const QList<SceneLegendEntry> pieces =
            wrapped(font, entries, underText, keepWhole, &numbers);
        return LegendLayout::flowRows(pieces, numbers, font, across);
    };
    const int rowsUnder = breakNames ? rowsOf(lines + leftOutNotes(model, level, most))
                                     : rowsOf(lines) + rowsOf(leftOutNotes(model, level, most)) + 1;
    const double underHeight = 2 * LegendLayout::padding + rowsUnder * lineHeight;
    LegendMargin below;
    below.valid = true;
    below.slot = slotAt(LegendSlot::Place::Below);
    below.slot.columns = 1;
    below.slot.rows = rowsUnder;
    // The spare row holds at least this many numbered lines, each no wider than the text
    // width; with names that may break, none.
    below.slot.lines =
        breakNames ? 0
                   : std::max(1, static_cast<int>(
                                     (across - 2 * LegendLayout::padding + LegendLayout::flowGap) /
                                     (LegendLayout::swatch + LegendLayout::gap + underText +
                                      LegendLayout::flowGap)));
    below.slot.textWidth = underText;
    below.slot.rect =
        QRectF(plot.left(), size.height() - figureInset - underHeight, across, underHeight);
    below.plotWidth = plot.width();
    below.plotHeight = plot.height() - std::ceil(underHeight + gap); // as the layout draws it
    return {right, below};
}

} // namespace rooflab
