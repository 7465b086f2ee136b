#pragma once

#include "axismapping.h"
#include "scenemodel.h"

#include <QFont>
#include <QRectF>
#include <QSize>
#include <QStringList>

#include <optional>

namespace rooflab {

// Where a figure's legend goes, decided once per figure layout from inputs that do not move
// with the batch (docs/labels.md): inside the plot in a corner no point can reach, or in a
// margin to the right of or below the plot.
struct LegendSlot
{
    enum class Place { Inside, Right, Below };
    Place place = Place::Inside;
    // Inside: the corner's box for the scene's own legend lines (empty: search the plot, as a
    // frame laid out on its own does). Outside: the margin the legend is drawn in.
    QRectF rect;
    int columns = 1;
    // When fixed(): the legend lines it holds (numbered labels take what the scene's own
    // lines leave) and the widest text a line may have there. Below the plot the lines are
    // flowed in `rows` rows by their own widths (LegendLayout::flow), and `lines` is what
    // the spare row holds for numbered labels.
    int lines = 0;
    int rows = 0;
    double textWidth = 0;
    // In a margin sized for the scene's own lines only: a roof or slope label that finds no
    // room on its line is counted in a note rather than added to the legend.
    bool compact = false;
    // Device names may break between words (their rest indented under them): the lines
    // are narrower than the longest name, and no line is kept for numbered labels.
    bool breakNames = false;
    // A figure short of room even for that (compact, names that may break): the notes brief
    // (briefLegendLines()), one note for every label left out.
    bool brief = false;
    // False in a figure shorter still: a brief legend without the marker kinds' lines (the
    // point labels name the operator classes) or the devices' B* (the marks say it).
    bool markerKinds = true;
    // A figure too small for any of those (large text in a small figure): a key, each
    // device's colour and short name, and one note counting what it leaves out
    // (keyLegendLines(), docs/labels.md "A key"). Also brief, without marker kinds.
    bool key = false;
    // Beside the plot: the lines flowed in the margin's width (LegendLayout::flow) rather
    // than a grid, so that marker kinds share a row.
    bool flowed = false;
    // The legend's font size in pixels when the layout made it smaller than the scene's to
    // find it a margin outside the plot (large text in a small figure); 0: the scene's own.
    int fontPixels = 0;
    // Laid out for the plot the form was judged on, under the title at its floor font:
    // under the title at its own font the plot is shorter, and the legend beside it would
    // take more columns (wider than the plot) or leave the plot less than its share. The
    // figure then draws its title at that floor font (FigureLayout).
    bool onJudgedPlot = false;
    // False where no margin left the plot its share (45 % of the width and 40 % of the
    // height, more for the longest legend) and the one that leaves it the most was taken.
    bool shareKept = true;

    bool outside() const { return place != Place::Inside; }
    // Decided by the figure's layout (else the frame searches the plot for a place).
    bool fixed() const { return outside() || !rect.isEmpty(); }
    bool operator==(const LegendSlot &) const = default;
};

// The font the legend is drawn in `slot` with: the scene's legend font, at the slot's size.
QFont legendFontOf(const SceneModel &model, const LegendSlot &slot);

// `text` in lines no wider than `width` for a legend outside the plot: broken at its " · "
// first, then between words, never inside a name of `keepWhole` (a device's) while that
// name fits a line; only a word too long alone is cut.
QStringList wrapLegendText(const QFont &font, const QString &text, double width,
                           const QStringList &keepWhole = {});
// `entries` (numbers[i] as LegendLayout::Line::number) with each line wider than `width`
// wrapped (wrapLegendText) onto further lines marked `continued`: the rest of a numbered
// line has its number negated, a device's or marker's rest -1 (under its text), a note's 0.
void wrapLegendLines(const QFont &font, QList<SceneLegendEntry> &entries, QList<int> &numbers,
                     double width, const QStringList &keepWhole);

// Joins `parts` with `separator` into lines no wider than `width`; a part too wide alone
// stays alone (the caller breaks it further).
QStringList joinedLines(const QFont &font, const QStringList &parts, const QString &separator,
                        double width);

// The room between the plot and the legend beside or under it, pixels at text scale 1.
inline constexpr double legendMarginGap = 14;

// The legend's place for `model` in a figure of `size` whose plot, legend inside, would be
// `map`. The candidates' shares of the figure are judged on `judged` (null: `map`), a plot
// whose top does not come down as the figure narrows (FigureLayout: the title at its floor
// font), so that a wider figure never takes a form later in the order; the slot taken is
// then laid out for `map`, or kept as judged (LegendSlot::onJudgedPlot) where on `map` it
// would break the rules it was chosen by.
// Inside only in a corner no point can reach, taking at most a fifth of the plot; else in
// a margin beside or under the plot that leaves the plot most of the figure, with the
// legend compact, in a smaller font (down to its size at 135 % text) or brief where it
// must be (docs/labels.md, "Where the legend goes"). Where no margin fits the figure at all,
// a compact slot to search inside the plot, the one case that may cover points.
LegendSlot chooseLegendSlot(const SceneModel &model, const AxisMapping &map, const QSize &size,
                            const AxisMapping *judged = nullptr);

// chooseLegendSlot() with its last answer kept: the slot depends only on what a batch tick
// leaves alone (the devices' lines, the legend at its widest, the fonts, the plot and the
// figure's size), so the window's chart asks again on every tick and, while all of that
// is as before, gets the same slot without the search.
class LegendSlotCache
{
public:
    LegendSlot choose(const SceneModel &model, const AxisMapping &map, const QSize &size,
                      const AxisMapping &judged);
    // How many answers came from the kept slot, without the search.
    int hits() const { return m_hits; }

private:
    // Everything of the scene chooseLegendSlot() reads (the counts: mostLeftOut()).
    struct Key
    {
        ChartOptions options;
        QFont legendFont;
        QList<SceneLegendEntry> legend;
        QStringList deviceNames;
        QList<SceneRoof> roofs;
        QList<SceneSlope> slopes;
        qsizetype points = 0, batchMarks = 0;
        double largestMarkerScale = 1;
        double left = 0, top = 0, width = 0, height = 0; // the plot, exactly
        double judgedTop = 0; // the top of the plot the legend's form is judged on
        double x0 = 0, x1 = 0, y0 = 0, y1 = 0;
        QSize size;
        bool operator==(const Key &) const = default;
    };
    static Key keyOf(const SceneModel &model, const AxisMapping &map, const QSize &size,
                     const AxisMapping &judged);
    std::optional<Key> m_key;
    LegendSlot m_slot;
    int m_hits = 0;
};

} // namespace rooflab
