#pragma once

#include "analysis.h"
#include "chartoptions.h"

#include <QByteArray>
#include <QString>

namespace rooflab {

// One image file to write. The figure is laid out at width x height logical pixels; a PNG
// has width*scale x height*scale pixels, SVG and PDF are vector at 96 dpi.
struct ImageExport
{
    QString path;
    QString format; // png, svg, pdf
    int width = 1600;
    int height = 1000;
    double scale = 1.0;
    QByteArray metadata; // scenario JSON embedded in the file; empty: none
    // A table of the selected points' figures under the plot (CaptionTable). The file keeps
    // width x height; the plot gives up the table's height, at most half of it.
    bool caption = false;
};

// Writes the chart of `analysis` to `request.path`, drawn by the window's scene code, and
// atomically: on failure it returns false, sets `error` and leaves no file behind. Needs a
// QApplication (the offscreen platform is enough).
bool exportChart(const Analysis &analysis, const ChartOptions &options, const ImageExport &request,
                 QString *error);

// The scenario JSON embedded in an exported PNG (text chunk), SVG (<metadata>) or PDF (XMP
// packet). Empty with `error` set when the file cannot be read or carries none.
QByteArray readEmbeddedMetadata(const QString &path, QString *error);

} // namespace rooflab
