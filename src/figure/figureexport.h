#pragma once

#include "analysis.h"
#include "chartoptions.h"
#include "devicecompare.h"
#include "modelanalysis.h"
#include "presentation.h"

#include <QByteArray>
#include <QList>
#include <QString>
#include <QStringList>

class QIODevice;

namespace rooflab {

class Figure;

// What one exported file shows and where it goes. Size, PNG scale, theme, legend and
// caption come from the presentation.
struct FigureRequest
{
    QString path;
    QString format; // an id of figureFormats(); empty: from the path's extension
    Presentation presentation;
    Selection selection;
    // Drawn above the plot when not empty: the title, else its brief form where the whole
    // would take over two lines, decided on both at their widest, as the window decides.
    ChartTitles titles;
    QString captionLine;         // drawn under the title when the presentation's captionLine is on
    QList<ModelAnalysis> models; // with a model: its step per device, for the tables' totals
    QList<CompareRow> compareRows; // with a model: its deployment per device (compareDevices())
    QByteArray metadata;           // scenario JSON embedded in the file; empty: none
    // The legend's counts of what it left out ("3 labels left out"): screen notes, in a
    // file only when asked (`rooflab export --notes`).
    bool leftOutNotes = false;
};

// One file format RoofLab writes: its id (also the file extension), the name dialogs show,
// and its writer. Tables (CSV, Markdown) write the analysis' figures; images draw the figure.
struct FigureFormat
{
    QString id;
    QString displayName;
    bool table = false;
    // Writes `analysis` to `device` as the request says; false with `error` set. What the
    // file leaves out of what was asked (a table with no room) is added to `notes`.
    bool (*write)(const Analysis &analysis, const FigureRequest &request, QIODevice *device,
                  QString *error, QStringList *notes) = nullptr;
};

// Every format, images first: the one list the window, the export dialog and the command
// line offer.
const QList<FigureFormat> &figureFormats();
// The format with this id or extension (case-insensitive; "markdown" is md), or nullptr.
const FigureFormat *figureFormat(const QString &id);
// The ids of the image (or table) formats, e.g. "png, svg, pdf", for messages.
QString figureFormatIds(bool tables);
// The format a request writes: its own, else the one its path's extension names.
const FigureFormat *formatOfRequest(const FigureRequest &request);

// Writes the file of `request` atomically: on failure it returns false, sets `error` (the
// path and the reason) and leaves any earlier file as it was. Images need a
// QGuiApplication (the offscreen platform will do), tables nothing. A file written without
// something asked for (a table the figure is too short for) says so in `notes`, a sentence
// each, for the caller to show.
bool exportFigure(const Analysis &analysis, const FigureRequest &request, QString *error,
                  QStringList *notes = nullptr);

} // namespace rooflab
