#pragma once

#include <QList>
#include <QString>

#include <optional>

namespace rooflab {

// A chart theme as the user picks it (docs/architecture.md, "Presentation").
struct ThemeInfo
{
    QString id;              // stable name in files and flags: "light", "dark", ...
    QString displayName;     // how menus and dialogs offer it
    bool darkWindow = false; // the window around the chart is drawn dark too
};

// Every theme, in the order menus list them; the one list all readers and writers use.
const QList<ThemeInfo> &themes();
// The theme with this id (case-insensitive), or nullptr.
const ThemeInfo *themeInfo(const QString &id);
// "light, dark, print, colorblind": the ids for messages and help texts.
QString themeIdList();

// The limits of a figure, declared once for the window, the export dialog, the command line
// and scenario files.
namespace figurelimits {
inline constexpr int minSide = 16;         // pixels (logical)
inline constexpr int maxSide = 20000;      // pixels (logical)
inline constexpr double minScale = 0.1;    // PNG pixels per logical pixel
inline constexpr double maxScale = 8;      // PNG pixels per logical pixel
inline constexpr double maxPixels = 256e6; // PNG pixels drawn (about 1 GB while drawing)
inline constexpr double minTextScale = 0.5;
inline constexpr double maxTextScale = 3;
} // namespace figurelimits

// The text scales the window steps through; the second is "larger text".
inline constexpr double textScaleSteps[] = {1.0, 1.35, 1.75, 2.25};
inline constexpr double largeTextScale = textScaleSteps[1];

// Everything that decides how a figure looks, and nothing of what it shows: the window, the
// export dialog, `rooflab export` and a scenario file's "view" all read and write this one
// value; figure options are derived from it by one function (chartOptionsFor).
struct Presentation
{
    QString theme = QStringLiteral("light"); // an id of themes()
    double textScale = 1.0;                  // multiplies fonts, markers and line widths
    bool showLegend = true;
    bool showZones = true; // shade the memory-bound and compute-bound zones
    // Ring around the selected point. Exports leave it out unless the scenario file's view
    // or the export's own choice asks for it (docs/scenario-files.md).
    bool highlightSelection = true;
    bool animate = true; // in the window: moved points glide to their place
    // Axis ranges (intensity in FLOP/byte, performance in FLOP/s); all 0: follow the content.
    double xMin = 0, xMax = 0, yMin = 0, yMax = 0;
    int width = 1600; // figure size in logical pixels
    int height = 1000;
    double scale = 1.0;   // PNG pixels per logical pixel
    bool caption = false; // a table of the selection's figures under the plot
    // With a model: a table comparing its deployment on each device shown, under the plot.
    bool compareTable = false;
    // A line under the title with the batch, context, precision and devices, so a figure
    // placed in a document says what it shows.
    bool captionLine = false;

    bool fixedRange() const { return xMin > 0 && xMax > xMin && yMin > 0 && yMax > yMin; }
    void followContent() { xMin = xMax = yMin = yMax = 0; }

    bool operator==(const Presentation &other) const = default;
};

// Why `p` cannot be drawn (a size, scale, text scale or theme out of range), naming the
// field as `names` spells it; empty when it can.
struct PresentationFieldNames
{
    QString theme = QStringLiteral("theme");
    QString width = QStringLiteral("width");
    QString height = QStringLiteral("height");
    QString scale = QStringLiteral("scale");
    QString textScale = QStringLiteral("text_scale");
};
QString presentationProblem(const Presentation &p, const PresentationFieldNames &names = {});

// The point a figure highlights and the panels describe; empty ids: none.
struct Selection
{
    QString device;
    QString op; // an operator id, or a model's operator class id

    bool isEmpty() const { return device.isEmpty() && op.isEmpty(); }
    bool operator==(const Selection &other) const = default;
};

} // namespace rooflab
