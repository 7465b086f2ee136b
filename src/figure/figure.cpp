#include "figure.h"

#include "annotationpainter.h"
#include "axispainter.h"
#include "scenepainter.h"

#include <QCoreApplication>
#include <QHash>
#include <QPainter>

#include <algorithm>
#include <cmath>
#include <limits>
#include <numeric>

namespace rooflab {

void drawScene(QPainter *painter, const SceneModel &model, const FigureLayout &layout,
               const SceneFrame &frame)
{
    // A concrete family from the first state on: an SVG's first group names it too.
    painter->setFont(model.fonts.tick);
    painter->save();
    painter->setRenderHint(QPainter::Antialiasing);
    painter->setFont(model.fonts.tick); // a concrete family even where no text is drawn
    AxisPainter axes(model, layout, painter);
    axes.drawBackground();
    ScenePainter scene(model, frame, painter);
    painter->save();
    painter->setClipRect(layout.map.rect);
    scene.drawZones();
    AnnotationPainter marks(model, frame, painter);
    marks.drawBands();
    axes.drawGrid();
    scene.drawRoofs();
    painter->restore();
    axes.drawOver();
    painter->setClipRect(layout.map.rect);
    scene.drawPoints();
    scene.drawLabels();
    marks.drawMarks();
    if (frame.legendSlot.outside()) // in its margin beside or under the plot
        painter->setClipping(false);
    scene.drawLegend();
    painter->restore();
}

Figure::Figure(const Analysis &analysis, const ChartOptions &options, const QSize &size,
               const FigureTables &tables, Purpose purpose)
    : m_size(size), m_plotHeight(size.height())
{
    ChartOptions still = options;
    still.animate = false;
    still.interactive = false;
    m_model = SceneModel::build(analysis, still);
    if (tables.points) {
        m_tables.append(CaptionTable::build(analysis, m_model, tables.models));
        m_tableNames.append(QCoreApplication::translate("Figure", "the caption table"));
    }
    if (!tables.compareRows.isEmpty()) {
        m_tables.append(CaptionTable::buildCompare(analysis, m_model, tables.compareRows));
        m_tableNames.append(QCoreApplication::translate("Figure", "the comparison table"));
    }
    layOutTables(size);
    // The legend's font as the layout sized it (smaller for large text in a small figure).
    m_model.fonts.legend = legendFontOf(m_model, m_layout.legend);
    m_frame = SceneFrame::layout(m_model, m_layout.map, {}, m_layout.legend);
    if (purpose == Purpose::File)
        lowerLegendBelow();
}

namespace {

// The tables take at most this share of the figure's height, and give up rows while the
// plot's own area (inside the axes) is under minPlotShare of it.
constexpr double maxTableShare = 0.5, minPlotShare = 1.0 / 3;

} // namespace

double Figure::layOutTables(double budget)
{
    // Two tables asked for are two tables drawn: the ones above a table leave it room for
    // its whole height up to an even share of the budget. Where the budget is short, a
    // table keeps its least (one row and the count of the rest) and the ones below it fall
    // back to theirs.
    // Tables drawn together share one font, the smallest a narrow figure gave any of them
    // (the font follows the width alone).
    constexpr double unbounded = std::numeric_limits<double>::max();
    int font = 0;
    for (CaptionTable &table : m_tables) {
        if (table.layout(m_size.width(), unbounded) > 0)
            font = font > 0 ? std::min(font, table.fontPixels()) : table.fontPixels();
    }
    QList<double> least, reserved;
    const double share = budget / static_cast<double>(std::max<qsizetype>(1, m_tables.size()));
    for (CaptionTable &table : m_tables) {
        const double whole = table.layout(m_size.width(), unbounded, font);
        least.append(table.isEmpty() ? 0 : table.leastHeight());
        reserved.append(std::max(least.last(), std::min(whole, share)));
    }
    double used = 0;
    for (qsizetype i = 0; i < m_tables.size(); ++i) {
        const auto sumBelow = [i](const QList<double> &heights) {
            return std::accumulate(heights.cbegin() + i + 1, heights.cend(), 0.0);
        };
        double room = budget - used - sumBelow(reserved);
        if (room < least.at(i))
            room = std::min(least.at(i), budget - used - sumBelow(least));
        used += m_tables[i].layout(m_size.width(), room, font);
    }
    m_plotHeight = m_size.height() - static_cast<int>(std::ceil(used));
    m_layout = FigureLayout::make(m_model, QSize(m_size.width(), m_plotHeight),
                                  FigureLayout::rangeOf(m_model));
    return used;
}

QStringList Figure::tablesLeftOut() const
{
    QStringList names;
    for (qsizetype i = 0; i < m_tables.size(); ++i) {
        if (!m_tables.at(i).isEmpty() && m_tables.at(i).shownRows() == 0)
            names.append(m_tableNames.at(i));
    }
    return names;
}

void Figure::layOutTables(const QSize &size)
{
    // Rows beyond the tables' share are counted in their last line. At large text the title,
    // axes and legend take much of the rest, so the tables then give up rows, down to one
    // each, until the plot keeps a third of the height (docs/labels.md, "Caption tables").
    double used = layOutTables(size.height() * maxTableShare);
    const double wanted = size.height() * minPlotShare;
    for (int round = 0; round < 64 && m_layout.map.rect.height() < wanted; ++round) {
        // The lines the tables drawn can give and the height of the shortest: the budget
        // shrinks by lines, never under the tables' least heights.
        int spare = 0;
        double line = 0, floor = 0;
        for (const CaptionTable &table : std::as_const(m_tables)) {
            if (table.shownRows() == 0)
                continue;
            spare += table.linesOverLeast();
            floor += table.leastHeight();
            line = line > 0 ? std::min(line, table.rowHeight()) : table.rowHeight();
        }
        if (spare <= 0)
            return;
        const double lacking = wanted - m_layout.map.rect.height();
        const double lines = std::clamp(std::ceil(lacking / line), 1.0, double(spare));
        const double budget = std::max(floor, used - lines * line);
        if (budget >= used)
            return;
        used = layOutTables(budget);
    }
}

namespace {

// True when every label `before` placed on the plot `after` places too, in count per kind
// (a roof or slope label without room goes onto its device's legend line), and `after`
// numbers and leaves out no more.
bool labelsFareNoWorse(const SceneFrame &after, const SceneFrame &before)
{
    QHash<int, int> placed; // per TextStyle: after's count minus before's
    for (const PlacedText &text : after.texts)
        ++placed[static_cast<int>(text.style)];
    for (const PlacedText &text : before.texts)
        --placed[static_cast<int>(text.style)];
    for (const int difference : std::as_const(placed)) {
        if (difference < 0)
            return false;
    }
    return after.unlabelled <= before.unlabelled &&
           after.numbered.size() <= before.numbered.size() &&
           after.lineLabelsLeftOut.size() <= before.lineLabelsLeftOut.size();
}

} // namespace

void Figure::lowerLegendBelow()
{
    // A legend under the plot has a margin sized for what a batch sweep in the window can add
    // to it (every label left out, a row of numbered ones). A file's batch is fixed: the rows
    // it leaves empty go back to the plot, as long as the taller plot's labels then fare no
    // worse and the legend still fits (docs/labels.md, "Where the legend goes", Below). A
    // taller plot may free labels and shorten the legend again, hence a few rounds.
    for (int round = 0; round < 3; ++round) {
        if (m_layout.legend.place != LegendSlot::Place::Below || m_frame.legend.rect.isEmpty())
            return;
        const double spare =
            std::floor(m_layout.legend.rect.bottom() - m_frame.legend.rect.bottom());
        if (spare < 1)
            return;
        const FigureLayout lowered = m_layout.withLegendBelowLowered(m_model, spare);
        const SceneFrame frame = SceneFrame::layout(m_model, lowered.map, {}, lowered.legend);
        if (frame.legend.rect.bottom() > lowered.legend.rect.bottom() + 0.5 ||
            !labelsFareNoWorse(frame, m_frame))
            return;
        m_layout = lowered;
        m_frame = frame;
    }
}

void Figure::draw(QPainter *painter) const
{
    drawScene(painter, m_model, m_layout, m_frame);
    if (m_plotHeight >= m_size.height())
        return;
    painter->save();
    painter->setRenderHint(QPainter::Antialiasing);
    painter->fillRect(QRectF(0, m_plotHeight, m_size.width(), m_size.height() - m_plotHeight),
                      m_model.theme.background);
    double top = m_plotHeight;
    for (const CaptionTable &table : m_tables)
        top += table.draw(painter, top);
    painter->restore();
}

QImage figureImage(const QSize &size, double scale, const QColor &background,
                   const std::function<void(QPainter *)> &draw)
{
    const QSize pixels(std::max(1, static_cast<int>(std::lround(size.width() * scale))),
                       std::max(1, static_cast<int>(std::lround(size.height() * scale))));
    // An opaque figure needs no alpha channel: the same pixels, and a PNG of three bytes a
    // pixel instead of four, a quarter less to filter and compress.
    QImage image(pixels, background.alpha() == 255 ? QImage::Format_RGB32
                                                   : QImage::Format_ARGB32_Premultiplied);
    image.fill(background);
    const int dotsPerMeter = static_cast<int>(std::lround(96 / 0.0254 * scale));
    image.setDotsPerMeterX(dotsPerMeter);
    image.setDotsPerMeterY(dotsPerMeter);
    QPainter painter(&image);
    painter.scale(double(pixels.width()) / size.width(), double(pixels.height()) / size.height());
    draw(&painter);
    painter.end();
    return image;
}

QImage Figure::image(double scale) const
{
    return figureImage(m_size, scale, m_model.theme.background,
                       [this](QPainter *painter) { draw(painter); });
}

} // namespace rooflab
