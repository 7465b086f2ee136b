#include "framelayouter.h"

#include "legendnotes.h"
#include "textcache.h"
#include "units.h"

#include <QCoreApplication>
#include <QFontMetricsF>

#include <algorithm>
#include <cmath>
#include <limits>

namespace rooflab {

QStringList FrameLayouter::legendLinesOf(const QString &names) const
{
    const auto known = m_cache.legendLines.constFind(names);
    if (known != m_cache.legendLines.constEnd())
        return *known;
    // The names of a numbered label (one a line in `names`), joined by commas into lines no
    // wider than a third of the plot; a name too long alone is cut.
    const QFont &font = legendFontOf(m, f.legendSlot);
    // (A legend in a slot of the figure layout has a fixed width: lines no wider than it.)
    const double width =
        f.legendSlot.fixed() ? f.legendSlot.textWidth : std::max(160.0, map.rect.width() / 3);
    QStringList lines =
        joinedLines(font, names.split(QLatin1Char('\n')), QStringLiteral(", "), width);
    for (QString &l : lines) {
        if (TextCache::advance(font, l) > width)
            l = QFontMetricsF(font).elidedText(l, Qt::ElideRight, width);
    }
    m_cache.legendLines.insert(names, lines);
    return lines;
}

QString FrameLayouter::leftOutNote(int count, bool interactive)
{
    if (!interactive)
        return briefLeftOutNote(count);
    return countedText(
        count, QCoreApplication::translate("RooflineChart", "%1 label left out: hover a point"),
        QCoreApplication::translate("RooflineChart", "%1 labels left out: hover a point"));
}

QString FrameLayouter::lineLabelsNote(int count)
{
    return countedText(count,
                       QCoreApplication::translate(
                           "RooflineChart", "%1 line label left out: a larger chart shows it"),
                       QCoreApplication::translate(
                           "RooflineChart", "%1 line labels left out: a larger chart shows them"));
}

QString FrameLayouter::briefLeftOutNote(int count)
{
    return countedText(count, QCoreApplication::translate("RooflineChart", "%1 label left out"),
                       QCoreApplication::translate("RooflineChart", "%1 labels left out"));
}

QList<SceneLegendEntry> FrameLayouter::legendEntries(QList<int> *numbers, const QList<int> &shown,
                                                     int *fixedLines) const
{
    // The scene's own lines, the memory roofs that found no room on their slope, then the
    // numbered labels (those in `shown`, or all when it is empty) and the count of labels
    // left out.
    const bool brief = f.legendSlot.brief;
    int notesLeftOut = 0; // by a key
    QList<SceneLegendEntry> own = m.legend;
    if (!shown.isEmpty()) // the finished legend: its B* marks are placed
        dropUnneededBatchNote(&own);
    QList<SceneLegendEntry> entries = f.legendSlot.key
                                          ? keyLegendLines(own, m.deviceNames, &notesLeftOut)
                                      : brief ? briefLegendLines(own, f.legendSlot.markerKinds)
                                              : own;
    // A compact slot has no room for them: they are counted in a note instead.
    const bool compact = f.legendSlot.compact;
    const int lineLabelsLeftOut =
        compact ? static_cast<int>(m_slopeLabelMissing.size() + m_roofLabelMissing.size() +
                                   m_ridgeLabelMissing.size())
                : 0;
    for (SceneLegendEntry &entry : entries) {
        if (compact)
            break;
        if (entry.kind != SceneLegendEntry::Kind::Device ||
            !m_slopeLabelMissing.contains(entry.device))
            continue;
        for (const SceneSlope &slope : m.slopes) {
            if (slope.device == entry.device && !slope.label.isEmpty())
                entry.text += QStringLiteral(" · ") + slope.label;
        }
    }
    for (int r : m_roofLabelMissing) { // on the line of each device it stands for
        if (compact)
            break;
        const SceneRoof &roof = m.roofs.at(r);
        for (SceneLegendEntry &entry : entries) {
            if (entry.kind != SceneLegendEntry::Kind::Device)
                continue;
            if (roofLabelGoesTo(m, roof, entry.device) && !entry.text.contains(roof.label))
                entry.text += QStringLiteral(" · ") + roof.label;
        }
    }
    for (int r : m_ridgeLabelMissing) { // on its own device's line: a ridge is never lost
        if (compact)
            break;
        const SceneRoof &roof = m.roofs.at(r);
        for (SceneLegendEntry &entry : entries) {
            if (entry.kind == SceneLegendEntry::Kind::Device && entry.device == roof.device)
                entry.text += QStringLiteral(" · ") + roof.ridgeLabel;
        }
    }
    *numbers = QList<int>(entries.size(), 0);
    fitSlotWidth(entries, *numbers);
    if (fixedLines)
        *fixedLines = static_cast<int>(entries.size());
    for (qsizetype i = 0; i < f.numbered.size(); ++i) {
        const int number = static_cast<int>(i + 1);
        if (!shown.isEmpty() && !shown.contains(number))
            continue;
        const QStringList lines = legendLinesOf(f.numbered.at(i).text);
        for (qsizetype k = 0; k < lines.size(); ++k) {
            entries.append(
                {.kind = SceneLegendEntry::Kind::Note, .text = lines.at(k), .continued = k > 0});
            numbers->append(k == 0 ? number : -number);
        }
    }
    const int unlabelled = shown.isEmpty() ? m_unlabelledBefore : f.unlabelled;
    QList<SceneLegendEntry> notes;
    // A file that was not asked for them counts nothing.
    if (m.options.leftOutNotes) {
        if (f.legendSlot.key && unlabelled + lineLabelsLeftOut + notesLeftOut > 0)
            notes.append({SceneLegendEntry::Kind::Note,
                          keyLeftOutNote(unlabelled + lineLabelsLeftOut, notesLeftOut)});
        else if (brief && unlabelled + lineLabelsLeftOut > 0)
            notes.append(
                {SceneLegendEntry::Kind::Note, briefLeftOutNote(unlabelled + lineLabelsLeftOut)});
        if (!brief && unlabelled > 0)
            notes.append(
                {SceneLegendEntry::Kind::Note, leftOutNote(unlabelled, m.options.interactive)});
        if (!brief && lineLabelsLeftOut > 0)
            notes.append({SceneLegendEntry::Kind::Note, lineLabelsNote(lineLabelsLeftOut)});
    }
    QList<int> noteNumbers(notes.size(), 0);
    fitSlotWidth(notes, noteNumbers);
    entries += notes;
    *numbers += noteNumbers;
    return entries;
}

void FrameLayouter::fitSlotWidth(QList<SceneLegendEntry> &entries, QList<int> &numbers) const
{
    // In a slot: its width; searching the plot: what one column inside the plot holds.
    const double width = f.legendSlot.fixed()
                             ? f.legendSlot.textWidth
                             : std::max(20.0, map.rect.width() - 20 - LegendLayout::swatch -
                                                  LegendLayout::gap - 2 * LegendLayout::padding);
    // A legend in its slot keeps the slot's width: a line grown wider (a device with its
    // slope's or roof's label, a long note) continues on the next lines, under its text (as
    // a numbered label's further names).
    wrapLegendLines(legendFontOf(m, f.legendSlot), entries, numbers, width, m.deviceNames);
}

// The part of the plot a legend may take, grown by its clearance: it is placed grown.
namespace {

QRectF legendArea(const AxisMapping &map)
{
    return map.rect.adjusted(10 - legendClearance, 10 - legendClearance, legendClearance - 10,
                             legendClearance - 10);
}

} // namespace

QPointF FrameLayouter::legendTopLeft(const CoverageMap &coverage, const QSizeF &size,
                                     double *hidden) const
{
    // A corner that hides nothing (no line or point: it goes in before the labels); else the free
    // place nearest to a corner; else the place hiding the least (a cell of a point or label weighs
    // as much as ten cells of roof line).
    const QRectF area = legendArea(map);
    const QSizeF grown(size.width() + 2 * legendClearance, size.height() + 2 * legendClearance);
    const double right = std::max(area.left(), area.right() - grown.width());
    const double bottom = std::max(area.top(), area.bottom() - grown.height());
    const QList<QPointF> corners = {
        area.topLeft(), {right, bottom}, {right, area.top()}, {area.left(), bottom}};
    return coverage.leastCovered(grown, corners, hidden) +
           QPointF(legendClearance, legendClearance);
}

double FrameLayouter::searchHeight() const
{
    // A legend searched in the plot takes up to 70 % of its height per column; in a figure
    // too small for a margin (a compact slot) the whole height, so that one column fits
    // rather than columns that run past the plot's right edge.
    return f.legendSlot.compact ? map.rect.height() - 20 : map.rect.height() * 0.7;
}

int FrameLayouter::numberLineBudget() const
{
    // In a slot of the figure's layout: the lines it holds beside the legend's other lines
    // and the counts of labels left out.
    // Under the plot: what its spare row holds (the notes have rows of their own).
    // A brief legend has none: labels without room are counted.
    if (f.legendSlot.place == LegendSlot::Place::Below || f.legendSlot.brief)
        return f.legendSlot.lines;
    if (f.legendSlot.fixed()) {
        const auto linesOf = [this](const QString &note) {
            return static_cast<int>(wrapLegendText(legendFontOf(m, f.legendSlot), note,
                                                   f.legendSlot.textWidth, m.deviceNames)
                                        .size());
        };
        // The window's note, the longer: a file lays out as the window does.
        if (!m.options.leftOutNotes)
            return f.legendSlot.lines - m_fixedLegendLines;
        return f.legendSlot.lines - m_fixedLegendLines -
               linesOf(leftOutNote(mostLeftOut(m), true)) -
               (f.legendSlot.compact ? linesOf(lineLabelsNote(mostLeftOut(m))) : 0);
    }
    // The legend lines numbered labels may take: what two columns of 60% of the plot's
    // height hold beside the scene's own lines.
    const double lineHeight = LegendLayout::lineHeight(legendFontOf(m, f.legendSlot));
    return 2 * static_cast<int>(map.rect.height() * 0.6 / lineHeight) -
           static_cast<int>(m.legend.size());
}

void FrameLayouter::placeLegend()
{
    LegendLayout &legend = f.legend;
    legend = {};
    m_numberLines = 0;
    for (const NumberedLabel &n : std::as_const(f.numbered))
        m_numberLines += static_cast<int>(legendLinesOf(n.text).size());
    if (!m.options.showLegend)
        return;
    QList<int> numbers;
    const QList<SceneLegendEntry> entries = legendEntries(&numbers, {}, &m_fixedLegendLines);
    if (f.legendSlot.fixed()) {
        placeLegendInSlot(entries, numbers);
        return;
    }
    // In one column if that hides nothing, else in the number of columns (up to three) whose
    // best place hides the least.
    const double maxHeight = searchHeight();
    // Most charts have a free corner: tried first, without rastering the plot.
    const LegendLayout oneColumn =
        LegendLayout::make(entries, numbers, legendFontOf(m, f.legendSlot), maxHeight, {}, 1);
    if (oneColumn.rect.isEmpty())
        return;
    const QRectF area = map.rect.adjusted(10, 10, -10, -10);
    const double w = oneColumn.rect.width(), h = oneColumn.rect.height();
    const QPointF corners[] = {area.topLeft(),
                               {area.right() - w, area.bottom() - h},
                               {area.right() - w, area.top()},
                               {area.left(), area.bottom() - h}};
    for (const QPointF &corner : corners) {
        const QRectF grown =
            QRectF(corner, oneColumn.rect.size())
                .adjusted(-legendClearance, -legendClearance, legendClearance, legendClearance);
        if (area.contains(QRectF(corner, oneColumn.rect.size())) &&
            placer.coverage(grown, 1, &m_beforeLabels) == 0) {
            legend = LegendLayout::make(entries, numbers, legendFontOf(m, f.legendSlot), maxHeight,
                                        corner, 1);
            m_legendColumns = 1;
            return;
        }
    }
    double bestHidden = std::numeric_limits<double>::max();
    if (!m_cache.legendCoverage)
        m_cache.legendCoverage = placer.coverageMap(legendArea(map), 10, 10, &m_beforeLabels);
    const CoverageMap &coverage = *m_cache.legendCoverage;
    // Columns of the widest lines' width that run past the plot would be cut at its edge:
    // flowed in the plot's width instead, in the place that hides the least
    // (m_legendColumns 0: flowed).
    if (oneColumn.rect.width() > area.width()) {
        const LegendLayout probe =
            LegendLayout::flow(entries, numbers, legendFontOf(m, f.legendSlot), area.width(), {});
        double hidden = 0;
        const QPointF topLeft = legendTopLeft(coverage, probe.rect.size(), &hidden);
        legend = LegendLayout::flow(entries, numbers, legendFontOf(m, f.legendSlot), area.width(),
                                    topLeft);
        m_legendColumns = 0;
        return;
    }
    for (int columns = 1; columns <= 3 && bestHidden > 0; ++columns) {
        const LegendLayout probe = LegendLayout::make(
            entries, numbers, legendFontOf(m, f.legendSlot), maxHeight, {}, columns);
        if (probe.rect.isEmpty())
            return;
        if (columns > 1 &&
            (probe.lines.size() < 2 * columns || probe.rect.width() > map.rect.width() - 20))
            break;
        double hidden = 0;
        const QPointF topLeft = legendTopLeft(coverage, probe.rect.size(), &hidden);
        if (hidden < bestHidden) {
            bestHidden = hidden;
            legend = LegendLayout::make(entries, numbers, legendFontOf(m, f.legendSlot), maxHeight,
                                        topLeft, columns);
            m_legendColumns = columns;
        }
    }
}

void FrameLayouter::placeLegendInSlot(const QList<SceneLegendEntry> &entries,
                                      const QList<int> &numbers)
{
    // Where the figure's layout put it: its margin, or a corner no point reaches. A legend
    // in a right or bottom corner keeps that edge where it is when it is longer or wider.
    const LegendSlot &slot = f.legendSlot;
    m_legendColumns = slot.columns;
    if (slot.place == LegendSlot::Place::Below || slot.flowed) { // flowed in rows
        f.legend = LegendLayout::flow(entries, numbers, legendFontOf(m, f.legendSlot),
                                      slot.rect.width(), slot.rect.topLeft());
        return;
    }
    const double maxHeight = slot.outside() ? slot.rect.height() : map.rect.height() - 20;
    LegendLayout legend = LegendLayout::make(entries, numbers, legendFontOf(m, f.legendSlot),
                                             maxHeight, slot.rect.topLeft(), slot.columns);
    if (!slot.outside())
        legend = LegendLayout::make(entries, numbers, legendFontOf(m, f.legendSlot), maxHeight,
                                    anchoredTopLeft(slot.rect, legend.rect.size()), slot.columns);
    f.legend = legend;
}

QPointF FrameLayouter::anchoredTopLeft(const QRectF &old, const QSizeF &size) const
{
    // Keep the edges that touched the plot's right or bottom side where they were, and
    // the whole legend inside the plot.
    const QRectF area = map.rect.adjusted(10, 10, -10, -10);
    QPointF topLeft = old.topLeft();
    if (old.right() >= area.right() - 0.5)
        topLeft.rx() = old.right() - size.width();
    if (old.bottom() >= area.bottom() - 0.5)
        topLeft.ry() = old.bottom() - size.height();
    topLeft.rx() = std::max(area.left(), std::min(topLeft.x(), area.right() - size.width()));
    topLeft.ry() = std::max(area.top(), std::min(topLeft.y(), area.bottom() - size.height()));
    return topLeft;
}

QStringList FrameLayouter::lineLabelsMissing() const
{
    const auto named = [&](const QString &label, int device) {
        const QString name = m.deviceNames.value(device);
        return name.isEmpty() ? label : QStringLiteral("%1 (%2)").arg(label, name);
    };
    QStringList labels;
    for (int device : m_slopeLabelMissing) {
        for (const SceneSlope &slope : m.slopes) {
            if (slope.device == device && !slope.label.isEmpty())
                labels.append(named(slope.label, device));
        }
    }
    for (int r : m_roofLabelMissing) { // a shared roof's label: every device it stands for
        const SceneRoof &roof = m.roofs.at(r);
        QStringList devices;
        for (int d = 0; d < m.deviceNames.size(); ++d) {
            if (roofLabelGoesTo(m, roof, d))
                devices.append(m.deviceNames.at(d));
        }
        labels.append(
            QStringLiteral("%1 (%2)").arg(roof.label, devices.join(QStringLiteral(", "))));
    }
    for (int r : m_ridgeLabelMissing)
        labels.append(named(m.roofs.at(r).ridgeLabel, m.roofs.at(r).device));
    return labels;
}

void FrameLayouter::dropUnneededBatchNote(QList<SceneLegendEntry> *lines) const
{
    // The B* note explains the marks at the ridges and the B* that ends a device's line. The
    // least legend forms (the brief one without marker kinds, the key) leave the lines
    // without it; where then no mark found room either, the note would explain what the
    // figure does not show, and a key would count it among the notes left out. The legend
    // was sized with it, so it only gets shorter.
    const LegendSlot &slot = f.legendSlot;
    const bool formKeepsLineBStar = !slot.key && (!slot.brief || slot.markerKinds);
    const bool lineSaysIt =
        formKeepsLineBStar &&
        std::any_of(lines->cbegin(), lines->cend(), [](const SceneLegendEntry &e) {
            return e.kind == SceneLegendEntry::Kind::Device && !e.batchSuffix.isEmpty();
        });
    const bool markDrawn = std::any_of(f.texts.cbegin(), f.texts.cend(), [](const PlacedText &t) {
        return t.style == TextStyle::Batch && !t.text.isEmpty();
    });
    if (!lineSaysIt && !markDrawn)
        lines->removeIf([](const SceneLegendEntry &e) {
            return e.topic == SceneLegendEntry::Topic::BatchMarks;
        });
}

void FrameLayouter::finishLegend()
{
    // Only a compact legend counts them rather than putting them on their devices' lines.
    f.lineLabelsLeftOut = f.legendSlot.compact ? lineLabelsMissing() : QStringList();
    if (f.legend.rect.isEmpty())
        return;
    QList<int> shown;
    for (const PlacedText &t : std::as_const(f.texts)) {
        if (t.style == TextStyle::Badge)
            shown.append(t.text.toInt());
    }
    if (shown.isEmpty())
        shown.append(0); // no number at all (an empty list would mean every number)
    QList<int> numbers;
    const QList<SceneLegendEntry> entries = legendEntries(&numbers, shown);
    if (f.legendSlot.fixed()) {
        placeLegendInSlot(entries, numbers);
        return;
    }
    const QRectF old = f.legend.rect;
    const QFont font = legendFontOf(m, f.legendSlot);
    const double width = map.rect.width() - 20;
    if (m_legendColumns > 0) {
        const LegendLayout legend = LegendLayout::make(entries, numbers, font, searchHeight(),
                                                       old.topLeft(), m_legendColumns);
        if (legend.rect.width() <= width) {
            f.legend =
                LegendLayout::make(entries, numbers, font, searchHeight(),
                                   anchoredTopLeft(old, legend.rect.size()), m_legendColumns);
            return;
        }
        // Longer by its numbered labels, its columns would run past the plot's side: flowed
        // in the plot's width instead, never cut.
        m_legendColumns = 0;
    }
    // Flowed in the plot's width (placeLegend, or just above).
    const LegendLayout flowed = LegendLayout::flow(entries, numbers, font, width, old.topLeft());
    f.legend =
        LegendLayout::flow(entries, numbers, font, width, anchoredTopLeft(old, flowed.rect.size()));
}

} // namespace rooflab
