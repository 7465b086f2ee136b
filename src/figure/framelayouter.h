#pragma once

// The label layout of one frame, pass by pass (sceneframe.cpp runs the passes): what goes
// in first and what avoids what (docs/labels.md). Split by subject: the passes and point
// labels in framelayouter.cpp, the legend in legendplacement.cpp, the labels of lines in
// linelabels.cpp.

#include "coveragemap.h"
#include "labelplacer.h"
#include "labelunits.h"
#include "sceneframe.h"

#include <QHash>
#include <QStringList>

#include <optional>

namespace rooflab {

// Space kept between the legend and anything it must not cover.
inline constexpr double legendClearance = 4;

// Space between two labels' boxes beyond their padding (LabelPlacer::setLabelGap): their
// texts keep 0.4 em apart, so that neighbours at large text read as two labels; at 100 %
// the padding alone gives that.
inline double labelGap(const QFont &labelFont)
{
    return std::max(0.0, 0.4 * labelFont.pixelSize() - 2 * textPadX);
}

// A text's size with its padding (textPadX, textPadY).
inline QSizeF boxed(const QSizeF &size)
{
    return {size.width() + 2 * textPadX, size.height() + 2 * textPadY};
}

// What every pass of one frame's layout works out alike, kept from the first pass: the
// label units (same points, same pixels) and the raster the legend is placed on (the legend
// goes in first, on the same lines and markers every pass).
struct PassCache
{
    std::optional<QList<LabelUnit>> units;
    int skipped = 0;
    std::optional<CoverageMap> legendCoverage;
    QHash<QString, QStringList> legendLines; // FrameLayouter::legendLinesOf() per text
    // The placer with the lines and markers in it, alike in every pass: a pass takes back
    // what the one before it added (LabelPlacer::rollback) rather than adding them again.
    std::optional<LabelPlacer> placer;
    std::optional<LabelPlacer::Mark> obstacles;
    // The lines and ridge corners only, where ridge labels' homes are worked out (each
    // search rolls back what it placed).
    std::optional<LabelPlacer> lines;
    // Every ridge label in its brief form ("ridge 295"): some whole one finds no room by
    // its corner on the lines alone (FrameLayouter::ridgeLabelsBrief()).
    std::optional<bool> ridgeLabelsBrief;
    // Each ridge label's home (FrameLayouter::ridgeHome()), by 2 x roof index + 1 for the
    // brief form; nullopt: none.
    QHash<int, std::optional<QPointF>> ridgeHomes;
    // The selected point's label found no room once the lines' labels took theirs: the
    // passes after that place it first (FrameLayouter::placeSelectedEarly()).
    bool selectedFirst = false;
};

// Lays out one pass of a frame: obstacles, the legend, the labels of lines, then the point
// labels, each taking the first free place of its own list (docs/labels.md).
class FrameLayouter
{
public:
    // The legend's notes of what was left out: point labels, and (in a compact legend
    // slot) the roof, slope and ridge labels that found no room.
    // `interactive`: in the window, which says where the names are (ChartOptions::interactive).
    static QString leftOutNote(int count, bool interactive);
    static QString lineLabelsNote(int count);
    // A brief legend's one note for every label left out (LegendSlot::brief).
    static QString briefLeftOutNote(int count);
    // `unlabelledBefore`: labels left out in the previous pass (the legend says how many);
    // `slideRings`: point labels on the leader rings slide (LabelRequest::slideRings);
    // `previous`: the frame drawn last, for the same map, whose places labels try first.
    FrameLayouter(const SceneModel &model, SceneFrame &frame, int unlabelledBefore,
                  PassCache &cache, bool slideRings, const SceneFrame *previous = nullptr)
        : m(model), f(frame), map(frame.map),
          placer(cache.placer ? *cache.placer : newPlacer(cache.placer, frame.map.rect, model)),
          m_unlabelledBefore(unlabelledBefore), m_cache(cache), m_slideRings(slideRings),
          m_previous(previous)
    {
    }

    // Lays everything out. Labels that find no room get a number badge and a legend line;
    // returns true when the legend this pass assumed is not the one it needs (new numbers,
    // or other line labels that found no room and go to the legend): lay out again.
    bool run();

    // The legend of the last pass with only the numbers that found room for their badge
    // and the final count of labels left out, kept in its corner.
    void finishLegend();
    // The labels of lines that found no room, each with its device's name in brackets.
    QStringList lineLabelsMissing() const;

private:
    // A placer over the plot (2 px in from its edges) keeping the labels' gap, made once per
    // pass cache: the point labels' and the line labels' alike.
    static LabelPlacer &newPlacer(std::optional<LabelPlacer> &slot, const QRectF &plot,
                                  const SceneModel &model)
    {
        LabelPlacer &placer = slot.emplace(plot.adjusted(2, 2, -2, -2));
        placer.setLabelGap(labelGap(model.fonts.pointLabel));
        return placer;
    }

    QPointF pixel(double x, double y) const { return map.toPixel(x, y); }

    // The slopes, roofs, ridge corners and the zones' ridge line, into `into`.
    void addLineObstacles(LabelPlacer &into) const;
    void addMarkerObstacles();

    void addText(const LabelPlacement &placement, const QString &text, TextStyle style,
                 const QColor &color, const QList<int> &groups = {});
    bool tryPlace(const LabelRequest &request, const QString &text, TextStyle style,
                  const QColor &color, const QList<int> &groups = {});

    // The previous frame's text of this kind, text and groups (of several, the one nearest
    // `near`), or null (labelmemory.cpp). A badge is known by its groups: its number may
    // change when others come or go.
    const PlacedText *previousText(TextStyle style, const QString &text, const QList<int> &groups,
                                   bool alongSlope, const QPointF &near) const;
    // Sets `request`'s previous place: the previous frame's box of the same label, moved with
    // its markers (request->anchor) for a point label or badge (labelmemory.cpp).
    void keepPreviousPlace(LabelRequest *request, TextStyle style, const QString &text,
                           const QList<int> &groups = {}) const;

    // The number a unit already has (from an earlier pass), or 0.
    int numberOf(const LabelUnit &unit) const;

    // The legend of this pass, where it hides no line and no point (legendplacement.cpp).
    void placeLegend();
    QStringList legendLinesOf(const QString &names) const;
    // `fixedLines`: set to the lines before the numbered labels' and the left-out count.
    // `shown` not empty: the finished legend (finishLegend()), without a B* note that
    // explains nothing drawn (dropUnneededBatchNote()).
    QList<SceneLegendEntry> legendEntries(QList<int> *numbers, const QList<int> &shown,
                                          int *fixedLines = nullptr) const;
    // Takes the B* note out of the scene's legend `lines` where it would explain nothing
    // drawn: no B* mark found room and the legend's form keeps no device line's B*.
    void dropUnneededBatchNote(QList<SceneLegendEntry> *lines) const;
    QPointF legendTopLeft(const CoverageMap &coverage, const QSizeF &size, double *hidden) const;
    int numberLineBudget() const;
    double searchHeight() const;
    // The legend where the figure layout put it (SceneFrame::legendSlot).
    void placeLegendInSlot(const QList<SceneLegendEntry> &entries, const QList<int> &numbers);
    QPointF anchoredTopLeft(const QRectF &old, const QSizeF &size) const;
    void fitSlotWidth(QList<SceneLegendEntry> &entries, QList<int> &numbers) const;

    // The labels of lines, ridges, batch marks and zones (linelabels.cpp), in this order.
    void placeLineLabels();
    void placeRoofLabels();
    void placeSlopeLabels();
    void placeRidgeLabels();
    void placeBatchMarks();
    void placeZoneCaptions();
    // A ridge label that stands nearer another device's corner than its own gets a leader
    // line to its own corner (linelabels.cpp), once every label is placed.
    void addRidgeLeaders();
    // True when `box` is nearer another device's ridge corner in view than `own`'s.
    bool nearerAnotherCorner(const QRectF &box, const SceneRoof &own) const;
    // A ridge label's usual places (under the roof right of the corner, ...), of `size`.
    LabelRequest ridgeRequest(const SceneRoof &roof, const QSizeF &size) const;
    // Where a ridge label of `size` whose usual places stand by another device's corner (a
    // roof two devices share) goes instead: above the slope left of its own corner, worked
    // out on `lines` (lines and corners only, none of what moves with the batch).
    // `brief`: of the label's brief form. Kept in PassCache::ridgeHomes.
    std::optional<QPointF> ridgeHome(const SceneRoof &roof, bool brief, LabelPlacer &lines);
    // The places of a ridge label of `size` at its `home`.
    LabelRequest homeRequest(const SceneRoof &roof, const QSizeF &size, const QPointF &home) const;
    // True when some ridge label in view finds no room whole by its own corner on `lines`
    // (the lines and corners, and the ridge labels placed before it): then every ridge label
    // of the figure takes its brief form, so that one figure never mixes the two.
    bool ridgeLabelsBrief(LabelPlacer &lines);
    // Places a ridge label (`brief`: its brief form) at its home, if it has one; `hasHome`,
    // when given, says whether it has.
    bool placeRidgeLabelAtHome(const SceneRoof &roof, bool brief, LabelPlacer &lines,
                               bool *hasHome = nullptr);

    // Point labels, else number badges (framelayouter.cpp).
    void addRamp(double x, double y, const QPointF &top);
    void addRamps();
    void placePointLabels();
    // The places a point label of `unit` (one of `unitCount`) asks for.
    LabelRequest pointRequest(const LabelUnit &unit, qsizetype unitCount) const;
    // Places the selected point's label before the lines' labels; true when it found room.
    bool placeSelectedEarly();
    bool placeBadge(const LabelUnit &unit);
    // Leader lines for the labels `unled` (text index, markers) that stand far from them.
    void addFarLeaders(const QList<std::pair<qsizetype, QRectF>> &unled);

    const SceneModel &m;
    SceneFrame &f;
    const AxisMapping &map;
    LabelPlacer &placer; // PassCache::placer
    int m_unlabelledBefore = 0;
    PassCache &m_cache;
    bool m_slideRings = false;
    const SceneFrame *m_previous = nullptr;
    LabelPlacer::Mark m_beforeLabels; // lines and markers only: what the legend avoids
    QList<int> m_slopeLabelMissing;   // devices whose memory slope found no room for its label
    bool m_newNumbers = false;
    bool m_selectedPlacedEarly = false; // this pass placed it before the lines' labels
    bool m_retrySelected = false;       // it found no room: lay out again, it first
    int m_numberLines = 0;              // legend lines the numbered labels take
    int m_legendColumns = 1;
    int m_fixedLegendLines = 0; // legend lines beside the numbered labels' and the left-out count
    QList<std::pair<int, QRectF>> m_ridgeLabelBoxes; // roof (index), its ridge label's box
    QList<int> m_roofLabelMissing;  // roofs (indices) whose label found no room on the line
    QList<int> m_ridgeLabelMissing; // roofs (indices) whose ridge label found no room by its corner
};

} // namespace rooflab
