#pragma once

#include "analysis.h"
#include "charttheme.h"
#include "devicecompare.h"
#include "modelanalysis.h"

#include <QFont>
#include <QList>
#include <QRectF>
#include <QString>
#include <QStringList>

class QPainter;

namespace rooflab {

struct SceneModel;

// A table drawn under an exported chart: the figures of the highlighted points (the
// selected operator on every device shown, or every point when no operator is selected),
// or a model's deployment compared across the devices. The file keeps the size asked for;
// the plot above gives up the height the table takes.
class CaptionTable
{
public:
    // One line of the table: its cells in column order and the device it belongs to.
    struct Row
    {
        QStringList cells;
        int device = 0;        // index into the analysis' devices, for its colour
        bool selected = false; // the selected point itself: drawn bold
        QList<int> boldCells;  // single cells drawn bold, e.g. the best of their column
    };
    // A column left out only when every row that has text in it has the same text, which
    // is then named above the table in `form` ("%1": the text).
    struct SharedColumn
    {
        int column = -1;
        QString form;
    };
    // What the columns are and how the table gives way when the figure is narrow.
    struct Columns
    {
        QStringList titles;
        QList<bool> numeric;  // right-aligned, so digits line up
        QList<int> dropOrder; // left out in this order while the table is too wide
        // Left out in this order once the devices have their short names and the table is
        // still too wide, before any name is elided.
        QList<int> lateDropOrder;
        QList<SharedColumn> shared;
        QList<int> names; // elided when neither dropping nor the smaller font is enough
    };

    // The rows of `analysis` as `model` shows it (selection, theme, fonts). Empty when the
    // analysis has no point.
    // With `models` (the chart shows a model's operator classes) every class is listed,
    // the selected one bold, and each device ends with a row of its step's totals.
    static CaptionTable build(const Analysis &analysis, const SceneModel &model,
                              const QList<ModelAnalysis> &models = {});
    // One row per device of a model's deployment comparison (compareDevices()), the best of
    // each column bold, the columns those of compareHeaders().
    static CaptionTable buildCompare(const Analysis &analysis, const SceneModel &model,
                                     const QList<CompareRow> &rows);

    bool isEmpty() const { return m_rows.isEmpty(); }
    // The column titles of the point table.
    static QStringList header();
    const QStringList &titles() const { return m_columns.titles; }
    const QList<Row> &rows() const { return m_rows; }

    // Lays the table out for a figure `width` pixels wide, using at most `maxHeight` pixels.
    // To fit the width the font shrinks a little, then the formats, operator (named above
    // the table instead), bytes and FLOPs columns are left out in that order, then the
    // devices take their short names (the swatch ties each to its legend line), then a bound
    // every row shares is named above the table, then the font shrinks to that of 100 % text,
    // then names are elided; rows that do not fit the height are counted in a last line. Returns
    // the height used, 0 when there is nothing to list or no room for it. `maxFontPixels` > 0
    // caps the font, so that tables drawn together share one size.
    double layout(double width, double maxHeight, int maxFontPixels = 0);
    // Draws the laid-out table with its top edge at `top`, centred in the figure's width;
    // returns the height it took (that of layout()).
    double draw(QPainter *painter, double top) const;

    // Whether the last layout() gave the devices their short names (shortDeviceNames()).
    bool usesShortDeviceNames() const { return m_shortNames; }
    // After layout(): the titles of the columns drawn, the line above the table naming what
    // the left-out shared columns hold (empty: none), the rows listed and their height.
    QStringList shownTitles() const;
    const QString &sharedLine() const { return m_sharedLine; }
    // That line as drawn: wrapped onto as many lines as the table's width needs.
    const QStringList &sharedLines() const { return m_sharedLines; }
    int shownRows() const { return m_shownRows; }
    bool leavesOutRows() const { return m_shownRows < m_rows.size(); }
    double rowHeight() const { return m_rowHeight; }
    // After layout(): the least height the table is drawn in (margins, the lines above it,
    // the header, one row and, with more rows, the count of the others); given less,
    // layout() lays out no table and returns 0. linesOverLeast(): the lines drawn beyond it.
    double leastHeight() const;
    int linesOverLeast() const;
    // After layout(): the font's pixel size (the legend's, or smaller for a narrow figure).
    int fontPixels() const { return m_font.pixelSize(); }

private:
    static CaptionTable withStyle(const SceneModel &model, Columns columns);
    // The text of `row`'s cell in `column` as drawn: a device's short name after layout()
    // chose those.
    const QString &cellText(const Row &row, int column) const;
    // Whether every row with text in `column` has the same text, given in `text` (empty when
    // no row has any).
    bool sameTextInEveryRow(int column, QString *text) const;

    Columns m_columns;
    QList<Row> m_rows;
    QStringList m_deviceShortNames; // by device index, as the legend's key shortens them
    bool m_shortNames = false;
    ChartTheme m_theme;
    QFont m_font, m_boldFont;
    double m_baseFontPixels = 13;
    double m_plainFontPixels = 13; // the base at 100 % text: the least a narrow table shrinks to
    // Layout results.
    double m_figureWidth = 0;
    QList<double> m_columnWidths; // 0: the column is left out
    QString m_sharedLine;         // what the left-out shared columns hold (sharedLine())
    QStringList m_sharedLines;    // that, wrapped to the table's width as drawn
    int m_shownRows = 0;
    double m_rowHeight = 0;
    double m_fixedHeight = 0; // margins, header and the lines above the table
    double m_height = 0;
};

} // namespace rooflab
