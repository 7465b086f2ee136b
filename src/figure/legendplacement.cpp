#include "framelayouter.h"

#include "textcache.h"

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
    const QFont &font = m.fonts.legend;
    const double width = std::max(160.0, map.rect.width() / 3);
    QStringList lines;
    QString line;
    for (const QString &name : names.split(QLatin1Char('\n'))) {
        const QString joined = line.isEmpty() ? name : line + QStringLiteral(", ") + name;
        if (line.isEmpty() || TextCache::advance(font, joined) <= width) {
            line = joined;
            continue;
        }
        lines.append(line);
        line = name;
    }
    lines.append(line);
    for (QString &l : lines) {
        if (TextCache::advance(font, l) > width)
            l = QFontMetricsF(font).elidedText(l, Qt::ElideRight, width);
    }
    m_cache.legendLines.insert(names, lines);
    return lines;
}

QList<SceneLegendEntry> FrameLayouter::legendEntries(QList<int> *numbers,
                                                     const QList<int> &shown) const
{
    // The scene's own lines, the memory roofs that found no room on their slope, then the
    // numbered labels (those in `shown`, or all when it is empty) and the count of labels
    // left out.
    QList<SceneLegendEntry> entries = m.legend;
    for (SceneLegendEntry &entry : entries) {
        if (entry.kind != SceneLegendEntry::Kind::Device ||
            !m_slopeLabelMissing.contains(entry.device))
            continue;
        for (const SceneSlope &slope : m.slopes) {
            if (slope.device == entry.device && !slope.label.isEmpty())
                entry.text += QStringLiteral(" · ") + slope.label;
        }
    }
    for (int r : m_roofLabelMissing) { // on the line of each device it stands for
        const SceneRoof &roof = m.roofs.at(r);
        for (SceneLegendEntry &entry : entries) {
            if (entry.kind != SceneLegendEntry::Kind::Device)
                continue;
            const bool same =
                std::any_of(m.roofs.cbegin(), m.roofs.cend(), [&](const SceneRoof &o) {
                    return o.device == entry.device && o.ghost == roof.ghost && o.peak == roof.peak;
                });
            if ((entry.device == roof.device || (roof.labelShared && same)) &&
                !entry.text.contains(roof.label))
                entry.text += QStringLiteral(" · ") + roof.label;
        }
    }
    *numbers = QList<int>(entries.size(), 0);
    for (qsizetype i = 0; i < f.numbered.size(); ++i) {
        const int number = static_cast<int>(i + 1);
        if (!shown.isEmpty() && !shown.contains(number))
            continue;
        const QStringList lines = legendLinesOf(f.numbered.at(i).text);
        for (qsizetype k = 0; k < lines.size(); ++k) {
            entries.append({SceneLegendEntry::Kind::Note, lines.at(k)});
            numbers->append(k == 0 ? number : -number);
        }
    }
    const int unlabelled = shown.isEmpty() ? m_unlabelledBefore : f.unlabelled;
    if (unlabelled > 0) {
        entries.append(
            {SceneLegendEntry::Kind::Note,
             QCoreApplication::translate("RooflineChart", "%n label(s) left out: hover a point",
                                         nullptr, unlabelled)});
        numbers->append(0);
    }
    return entries;
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

int FrameLayouter::numberLineBudget() const
{
    // The legend lines numbered labels may take: what two columns of 60% of the plot's
    // height hold beside the scene's own lines.
    const double lineHeight = std::ceil(QFontMetricsF(m.fonts.legend).height()) + 4;
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
    const QList<SceneLegendEntry> entries = legendEntries(&numbers, {});
    // In one column if that hides nothing, else in the number of columns (up to three) whose
    // best place hides the least.
    const double maxHeight = map.rect.height() * 0.7;
    // Most charts have a free corner: tried first, without rastering the plot.
    const LegendLayout oneColumn =
        LegendLayout::make(entries, numbers, m.fonts.legend, maxHeight, {}, 1);
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
            legend = LegendLayout::make(entries, numbers, m.fonts.legend, maxHeight, corner, 1);
            m_legendColumns = 1;
            return;
        }
    }
    double bestHidden = std::numeric_limits<double>::max();
    if (!m_cache.legendCoverage)
        m_cache.legendCoverage = placer.coverageMap(legendArea(map), 10, 10, &m_beforeLabels);
    const CoverageMap &coverage = *m_cache.legendCoverage;
    for (int columns = 1; columns <= 3 && bestHidden > 0; ++columns) {
        const LegendLayout probe =
            LegendLayout::make(entries, numbers, m.fonts.legend, maxHeight, {}, columns);
        if (probe.rect.isEmpty())
            return;
        if (columns > 1 &&
            (probe.lines.size() < 2 * columns || probe.rect.width() > map.rect.width() - 20))
            break;
        double hidden = 0;
        const QPointF topLeft = legendTopLeft(coverage, probe.rect.size(), &hidden);
        if (hidden < bestHidden) {
            bestHidden = hidden;
            legend =
                LegendLayout::make(entries, numbers, m.fonts.legend, maxHeight, topLeft, columns);
            m_legendColumns = columns;
        }
    }
}

void FrameLayouter::finishLegend()
{
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
    const QRectF old = f.legend.rect;
    const LegendLayout legend = LegendLayout::make(
        entries, numbers, m.fonts.legend, map.rect.height() * 0.7, old.topLeft(), m_legendColumns);
    // Keep the edges that touched the plot's right or bottom side where they were.
    const QRectF area = map.rect.adjusted(10, 10, -10, -10);
    QPointF topLeft = old.topLeft();
    if (old.right() >= area.right() - 0.5)
        topLeft.rx() = old.right() - legend.rect.width();
    if (old.bottom() >= area.bottom() - 0.5)
        topLeft.ry() = old.bottom() - legend.rect.height();
    // A legend that grew stays inside the plot.
    topLeft.rx() = std::max(area.left(), std::min(topLeft.x(), area.right() - legend.rect.width()));
    topLeft.ry() =
        std::max(area.top(), std::min(topLeft.y(), area.bottom() - legend.rect.height()));
    f.legend = LegendLayout::make(entries, numbers, m.fonts.legend, map.rect.height() * 0.7,
                                  topLeft, m_legendColumns);
}

} // namespace rooflab
