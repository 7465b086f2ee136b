#pragma once

#include "analysis.h"
#include "captiontable.h"
#include "chartoptions.h"
#include "figurelayout.h"
#include "sceneframe.h"
#include "scenemodel.h"

#include <QImage>
#include <QSize>
#include <QStringList>

#include <functional>

class QPainter;

namespace rooflab {

// The tables under the plot; together they take at most half of the figure's height, and
// fewer rows where the plot would keep less than a third of it.
struct FigureTables
{
    bool points = false; // the selection's figures (CaptionTable::build)
    // With a model's step per device the point table lists every operator class and
    // each device's step totals.
    QList<ModelAnalysis> models;
    QList<CompareRow> compareRows; // not empty: the deployment compared per device
};

// One still figure: the scene of an analysis laid out at a size, with the caption table
// under the plot when asked. Draws with any QPainter onto an image, an SVG generator or a
// PDF writer; needs a QGuiApplication for fonts, and no widget.
class Figure
{
public:
    // A file gives the rows a legend under the plot leaves empty to the plot; the window's
    // chart keeps them for a batch sweep (tests stand in for that chart with Purpose::Window).
    enum class Purpose { File, Window };

    Figure(const Analysis &analysis, const ChartOptions &options, const QSize &size,
           const FigureTables &tables = {}, Purpose purpose = Purpose::File);

    const SceneModel &model() const { return m_model; }
    const FigureLayout &layout() const { return m_layout; }
    const SceneFrame &frame() const { return m_frame; }
    const QList<CaptionTable> &tables() const { return m_tables; }
    // The tables asked for that have rows but no room (too short a figure): "the caption
    // table", "the comparison table"; a file's writer says so rather than leave one out
    // silently.
    QStringList tablesLeftOut() const;

    // The whole figure in logical pixels, with the painter's origin at its top-left corner.
    void draw(QPainter *painter) const;
    // The whole figure as an image of size * scale device pixels at 96 dpi * scale.
    QImage image(double scale) const;

private:
    // Lays out the tables in at most `budget` pixels of height and the plot above them;
    // returns the height the tables take.
    double layOutTables(double budget);
    // Lays out the tables and the plot of a figure of `size`, the plot keeping a third of it.
    void layOutTables(const QSize &size);
    void lowerLegendBelow();

    SceneModel m_model;
    QSize m_size;
    FigureLayout m_layout;
    SceneFrame m_frame;
    QList<CaptionTable> m_tables; // top to bottom
    QStringList m_tableNames;     // each table's, as tablesLeftOut() says it
    int m_plotHeight = 0;
};

// An image of `size` logical pixels at `scale` device pixels each (96 dpi * scale), filled
// with `background`, with `draw` painting in logical pixels: how every raster figure is made.
QImage figureImage(const QSize &size, double scale, const QColor &background,
                   const std::function<void(QPainter *)> &draw);

// Draws a laid-out scene: background and grid, zones, roofs, axes, points, labels, legend.
// The window's chart calls the same pieces layer by layer (src/chart).
void drawScene(QPainter *painter, const SceneModel &model, const FigureLayout &layout,
               const SceneFrame &frame);

} // namespace rooflab
