#pragma once

#include <QString>

namespace rooflab {

// A figure's size as a writer gives it: "3.5in", "3.5inx2.6in", "8.9x6.6cm", "1200x800" (px).
// A figure is laid out on whole pixels at 96 to the inch, as on screen and in the SVG and
// PDF files; a physical size is what the printed figure measures (docs/scenario-files.md).
struct PrintSize
{
    int width = 0, height = 0; // figure pixels, 96 to the inch
    bool physical = false;     // given in in, cm or mm (not px)
};

inline constexpr double pixelsPerInch = 96;
inline constexpr double pointsPerInch = 72;
// The DPI of a PNG exported at a physical size when none is asked for: print resolution.
inline constexpr double defaultPrintDpi = 300;

// Parses `text` as WIDTH[UNIT][xHEIGHT[UNIT]] with UNIT one of in, cm, mm, px (a number
// without a unit takes the other's; none at all is px). Without a height, the height keeps
// `aspect` (width / height). On failure returns false with `error` saying why.
bool parsePrintSize(const QString &text, double aspect, PrintSize *size, QString *error);

} // namespace rooflab
