#include "legendslot.h"

#include "legendmargin.h"
#include "textcache.h"

#include <QFontMetricsF>

#include <algorithm>
#include <cmath>
#include <optional>

namespace rooflab {

QFont legendFontOf(const SceneModel &model, const LegendSlot &slot)
{
    QFont font = model.fonts.legend;
    if (slot.fontPixels > 0)
        font.setPixelSize(slot.fontPixels);
    return font;
}

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

namespace {

// `text` split at its spaces into words, except the spaces inside a name of `keepWhole` and
// those after a number ("1000 W", "3.35 TB/s"), which stays with what it counts.
QStringList wordsOf(const QString &text, const QStringList &keepWhole)
{
    QList<bool> kept(text.size(), false);
    for (const QString &name : keepWhole) {
        if (name.isEmpty())
            continue;
        for (qsizetype at = text.indexOf(name); at >= 0; at = text.indexOf(name, at + 1)) {
            for (qsizetype k = at; k < at + name.size(); ++k)
                kept[k] = true;
        }
    }
    // A word of digits, points and commas only: a number.
    const auto isNumber = [](const QString &w) {
        return !w.isEmpty() && std::all_of(w.cbegin(), w.cend(), [](QChar c) {
            return c.isDigit() || c == QLatin1Char('.') || c == QLatin1Char(',');
        });
    };
    QStringList words;
    QString word, last; // `last`: the word since the last space
    for (qsizetype k = 0; k < text.size(); ++k) {
        if (text.at(k) == QLatin1Char(' ') && !kept.at(k) && !isNumber(last)) {
            words.append(word);
            word.clear();
            last.clear();
        } else {
            word += text.at(k);
            last = text.at(k) == QLatin1Char(' ') ? QString() : last + text.at(k);
        }
    }
    words.append(word);
    words.removeAll(QString());
    return words;
}

// `part` in lines no wider than `width`, broken between words and never inside a name of
// `keepWhole` that fits a line; a word too long alone is cut.
QStringList wordLines(const QFont &font, const QString &part, double width,
                      const QStringList &keepWhole)
{
    QStringList lines;
    for (const QString &line :
         joinedLines(font, wordsOf(part, keepWhole), QStringLiteral(" "), width)) {
        if (TextCache::advance(font, line) <= width) {
            lines.append(line);
            continue;
        }
        for (const QString &words :
             joinedLines(font, wordsOf(line, {}), QStringLiteral(" "), width))
            lines.append(QFontMetricsF(font).elidedText(words, Qt::ElideRight, width));
    }
    return lines;
}

} // namespace

QStringList wrapLegendText(const QFont &font, const QString &text, double width,
                           const QStringList &keepWhole)
{
    if (TextCache::advance(font, text) <= width)
        return {text};
    // Broken at its " · " first; a part too long for a line starts a line of its own and
    // breaks between words, and the next part may follow its last piece ("1000 W) · fits").
    const auto fits = [&](const QString &line) { return TextCache::advance(font, line) <= width; };
    QStringList lines;
    QString line;
    for (const QString &part : text.split(QStringLiteral(" · "))) {
        const QString joined = line.isEmpty() ? part : line + QStringLiteral(" · ") + part;
        if (fits(joined)) {
            line = joined;
            continue;
        }
        if (!line.isEmpty())
            lines.append(line);
        if (fits(part)) {
            line = part;
            continue;
        }
        QStringList pieces = wordLines(font, part, width, keepWhole);
        line = pieces.takeLast();
        lines += pieces;
    }
    lines.append(line);
    return lines;
}

void wrapLegendLines(const QFont &font, QList<SceneLegendEntry> &entries, QList<int> &numbers,
                     double width, const QStringList &keepWhole)
{
    for (qsizetype i = 0; i < entries.size(); ++i) {
        const QStringList lines = wrapLegendText(font, entries.at(i).text, width, keepWhole);
        entries[i].text = lines.first();
        const bool note = entries.at(i).kind == SceneLegendEntry::Kind::Note && numbers.at(i) == 0;
        for (qsizetype k = 1; k < lines.size(); ++k) {
            entries.insert(
                i + k,
                {.kind = SceneLegendEntry::Kind::Note, .text = lines.at(k), .continued = true});
            numbers.insert(i + k, numbers.at(i) > 0 ? -numbers.at(i) : note ? 0 : -1);
        }
        i += lines.size() - 1;
    }
}

LegendSlot chooseLegendSlot(const SceneModel &model, const AxisMapping &map, const QSize &size,
                            const AxisMapping *judged)
{
    const AxisMapping &judging = judged ? *judged : map;
    if (!model.options.showLegend || model.legend.isEmpty())
        return {};
    // The candidates in the order they are preferred: at the legend's own font and then
    // 2 px smaller at a time, down to the size of 135 % text (13 px at 100 %), first a corner
    // of the plot no point reaches, then margins for the legend at its longest and compact;
    // after those, margins with device names that may break and brief notes. At each, the
    // side the figure's shape prefers (beside when it is 1.2 times as wide as tall) first.
    const int own = model.fonts.legend.pixelSize();
    const int floor = std::min(own, static_cast<int>(std::lround(13 * 1.35)));
    QList<int> sizes;
    for (int pixels = own; pixels > floor; pixels -= 2)
        sizes.append(pixels);
    sizes.append(floor);
    const bool besideFirst = size.width() >= 1.2 * size.height();
    struct Candidate
    {
        LegendSlot slot;
        double width = 1, height = 1; // the plot's share of the figure's width and height
        bool narrower = true;         // beside the plot: no wider than the plot
        bool longest = false;         // a margin for the legend at its longest
        LegendLevel level = LegendLevel::Full;
        int pixels = 0; // the legend's font size
    };
    QList<Candidate> candidates;
    const QRectF figure(QPointF(0, 0), QSizeF(size));
    // Its lines fit the margin, the margin the figure, and the plot keeps some room.
    const auto usable = [&](const LegendMargin &margin) {
        return margin.valid && figure.contains(margin.slot.rect) && margin.plotWidth >= 1 &&
               margin.plotHeight >= 1;
    };
    const auto add = [&](const LegendMargin &margin, int pixels, LegendLevel level) {
        if (!usable(margin))
            return;
        Candidate c{margin.slot, margin.plotWidth / size.width(),
                    margin.plotHeight / size.height()};
        c.slot.fontPixels = pixels == own ? 0 : pixels;
        c.narrower =
            c.slot.place != LegendSlot::Place::Right || c.slot.rect.width() <= margin.plotWidth;
        c.longest = !c.slot.compact;
        c.level = level;
        c.pixels = pixels;
        candidates.append(c);
    };
    // A candidate judged on `judging`, laid out for the figure's own plot: the same form,
    // font and side. Where it does not fit there, or there it is wider than the plot beside
    // it or leaves the plot less than `share` of the figure (a shorter plot, a legend of
    // more columns), it stays as judged, and the title takes its floor font.
    const auto laidOut = [&](const Candidate &c, QSizeF share = {0, 0}) {
        if (!c.slot.outside() || judging.rect == map.rect)
            return c.slot;
        QFont font = model.fonts.legend;
        font.setPixelSize(c.pixels);
        const auto [right, below] = legendMargins(model, map, size, font, c.level);
        const LegendMargin &margin = c.slot.place == LegendSlot::Place::Right ? right : below;
        const bool besidePlot = c.slot.place == LegendSlot::Place::Right;
        if (!usable(margin) ||
            (besidePlot && c.narrower && margin.slot.rect.width() > margin.plotWidth) ||
            margin.plotWidth < share.width() * size.width() ||
            margin.plotHeight < share.height() * size.height()) {
            LegendSlot kept = c.slot;
            kept.onJudgedPlot = true;
            return kept;
        }
        LegendSlot slot = margin.slot;
        slot.fontPixels = c.slot.fontPixels;
        return slot;
    };
    const QList<QList<LegendLevel>> groups = {
        {LegendLevel::Full, LegendLevel::Compact},
        {LegendLevel::BrokenNames, LegendLevel::Brief, LegendLevel::Minimal}};
    for (const QList<LegendLevel> &levels : groups) {
        for (const int pixels : std::as_const(sizes)) {
            QFont font = model.fonts.legend;
            font.setPixelSize(pixels);
            if (levels.first() == LegendLevel::Full) {
                if (std::optional<LegendSlot> inside = insideSlot(model, map, font)) {
                    inside->fontPixels = pixels == own ? 0 : pixels;
                    candidates.append({*inside, 1, 1});
                }
            }
            for (const LegendLevel level : levels) {
                const auto [right, below] = legendMargins(model, judging, size, font, level);
                add(besideFirst ? right : below, pixels, level);
                add(besideFirst ? below : right, pixels, level);
            }
        }
    }
    // The first, in that order, that is no wider than the plot beside it and leaves the
    // plot its share: most of the figure (60 % of the width, half the height) for a margin
    // for the legend at its longest, whose extra lines are the roof and slope labels that
    // a compact legend counts instead; 45 % and 40 % for every other form. One test per
    // candidate, each passed by a wider figure once passed by a narrower one, so that a
    // wider figure never takes a form later in the order (docs/labels.md). (Two rounds, 60 %
    // for every candidate first, had a figure of 670 px take a legend at 18 px where one of
    // 650 px kept 23 px.)
    for (const Candidate &c : std::as_const(candidates)) {
        const double width = c.longest ? 0.6 : 0.45, height = c.longest ? 0.5 : 0.4;
        if (!c.narrower || c.width < width || c.height < height)
            continue;
        return laidOut(c, {width, height});
    }
    // A figure too small for its text scale: a key of the devices' short names, beside or
    // under the plot, at the fonts above, if one leaves the plot 45 % and 40 %.
    const qsizetype ordinary = candidates.size();
    for (const int pixels : std::as_const(sizes)) {
        QFont font = model.fonts.legend;
        font.setPixelSize(pixels);
        const auto [right, below] = legendMargins(model, judging, size, font, LegendLevel::Key);
        add(besideFirst ? right : below, pixels, LegendLevel::Key);
        add(besideFirst ? below : right, pixels, LegendLevel::Key);
    }
    for (qsizetype k = ordinary; k < candidates.size(); ++k) {
        const Candidate &c = candidates.at(k);
        if (!c.narrower || c.width < 0.45 || c.height < 0.4)
            continue;
        return laidOut(c, {0.45, 0.4});
    }
    // Else the one, key or not, that leaves the plot the most. (Beside the plot and wider
    // than it only when every other choice leaves the plot under a fifth of one side.)
    const auto score = [](const Candidate &c) { return std::min(c.width, c.height); };
    const Candidate *best = nullptr;
    for (const bool narrower : {true, false}) {
        for (const Candidate &c : std::as_const(candidates)) {
            if ((!narrower || c.narrower) && (!best || score(c) > score(*best)))
                best = &c;
        }
        if (best && score(*best) >= 0.2)
            break;
    }
    if (best) {
        LegendSlot slot = laidOut(*best);
        slot.shareKept = false;
        return slot;
    }
    // No margin fits the figure at all, not even for a key: the frame searches the plot for
    // the key at its smallest font, the least that still says every device and its verdict.
    LegendSlot searched;
    searched.compact = searched.brief = searched.breakNames = searched.key = true;
    searched.markerKinds = false;
    searched.shareKept = false;
    searched.fontPixels = sizes.isEmpty() ? 0 : sizes.last();
    return searched;
}

LegendSlotCache::Key LegendSlotCache::keyOf(const SceneModel &model, const AxisMapping &map,
                                            const QSize &size, const AxisMapping &judged)
{
    return {.options = model.options,
            .legendFont = model.fonts.legend,
            .legend = model.legend,
            .deviceNames = model.deviceNames,
            .roofs = model.roofs,
            .slopes = model.slopes,
            .points = model.points.size(),
            .batchMarks = model.batchMarks.size(),
            .largestMarkerScale = model.largestMarkerScale,
            .left = map.rect.left(),
            .top = map.rect.top(),
            .width = map.rect.width(),
            .height = map.rect.height(),
            .judgedTop = judged.rect.top(),
            .x0 = map.x0,
            .x1 = map.x1,
            .y0 = map.y0,
            .y1 = map.y1,
            .size = size};
}

LegendSlot LegendSlotCache::choose(const SceneModel &model, const AxisMapping &map,
                                   const QSize &size, const AxisMapping &judged)
{
    Key key = keyOf(model, map, size, judged);
    if (m_key && *m_key == key) {
        ++m_hits;
        return m_slot;
    }
    m_slot = chooseLegendSlot(model, map, size, &judged);
    m_key = std::move(key);
    return m_slot;
}

} // namespace rooflab
