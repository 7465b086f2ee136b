#pragma once

#include "figureannotation.h"
#include "fitverdict.h"
#include "presentation.h"

#include <QList>
#include <QString>

#include <optional>

namespace rooflab {

struct ModelAnalysis;

// The colour scheme of a chart: screen light/dark, greyscale-safe print, colour-blind safe.
enum class Theme { Light, Dark, Print, ColorBlind };

// The stable name of a theme: "light", "dark", "print", "colorblind".
QString themeName(Theme theme);

// The theme with this name (case-insensitive), or nullopt for an unknown name.
std::optional<Theme> themeFromName(const QString &name);

// How an analysis is drawn: everything the chart shows beside the numbers.
struct ChartOptions
{
    Theme theme = Theme::Light;
    double fontScale = 1.0; // multiplies every font size (projector: 1.3 to 1.6)
    bool showLegend = true;
    bool showZones = true;                    // shade the memory-bound and compute-bound zones
    QString selectedDevice, selectedOperator; // the selected point; empty: none
    bool highlight = true;                    // ring the selected point and bold its label
    bool animate = true; // in the window: points that move glide there in about 150 ms
    // The window's chart, which has tooltips: a note may say to hover a point. Never in a
    // file (Figure clears it), where such a note would ask the reader for the impossible.
    bool interactive = false;
    // The legend counts the labels and notes it had no room for ("3 labels left out"). The
    // window's chart does; a file only when asked (FigureRequest::leftOutNotes), since a
    // reader cannot make a printed figure larger.
    bool leftOutNotes = true;
    double xMin = 0, xMax = 0, yMin = 0, yMax = 0; // fixed view; all 0: follow the content
    QString title;                                 // drawn above the plot when not empty
    QList<FigureAnnotation> annotations;           // a lesson step's marks (annotationpainter.h)
    bool hideRidgeLabels = false;                  // no ridge labels or ridge-batch marks
    QString subtitle; // the scenario's caption line, under the title (wrapped); empty: none
    // With a model on several devices: whether it fits each, said on the device's legend
    // line (or, with the legend off, under the title); the title keeps only the model's need.
    QList<FitVerdict> fitVerdicts = {};
    // The title as wide as it can become while only the batch changes (the window's, whose
    // title follows the slider): the title's font and height are sized for it, so the plot
    // does not move during a batch sweep. Empty: the title itself.
    QString titleWidest = {};
    // The title's brief form (modelChartBriefTitle()) and that at its widest: drawn instead
    // of the title where the title, sized for its widest, would take more than two lines
    // and the brief form fewer (a small figure at large text; docs/labels.md, "The title").
    // Decided on the widest forms, so on the figure's size and text scale, never the batch.
    // Empty: the title is always drawn whole.
    QString titleBrief = {};
    QString titleBriefWidest = {};

    bool operator==(const ChartOptions &) const = default;
};

// A chart's title in its forms: as it is, at its widest, brief and brief at its widest
// (ChartOptions::title, titleWidest, titleBrief, titleBriefWidest). Empty forms are not drawn.
struct ChartTitles
{
    QString title = {};
    QString widest = {};
    QString brief = {};
    QString briefWidest = {};
};

// The title forms of a model scenario's chart (modelChartTitle(), modelChartBriefTitle()):
// the window's and every export's, so that one state at one size draws one title, decided on
// the widest forms. `shapeInCaption`: the figure's caption line says the batch and context.
ChartTitles modelChartTitles(const QList<ModelAnalysis> &models, bool shapeInCaption);

// The one mapping from how a figure should look to how it is drawn: the window, the export
// dialog and `rooflab export` all draw through it.
// `captionLine` is drawn under the title when the presentation asks for it.
ChartOptions chartOptionsFor(const Presentation &presentation, const Selection &selection,
                             const ChartTitles &titles = {},
                             const QString &captionLine = QString());

// The axis ranges a chart shows: intensity in FLOP/byte and performance in FLOP/s.
struct ViewRange
{
    double xMin = 0, xMax = 0;
    double yMin = 0, yMax = 0;

    bool operator==(const ViewRange &) const = default;
};

} // namespace rooflab
