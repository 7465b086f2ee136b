// The chart's fonts (SceneFonts, scenemodel.h).
#include "scenemodel.h"

#include "printsize.h"

#include <algorithm>
#include <cmath>

namespace rooflab {

namespace {

QFont font(int pixels, double scale, bool bold = false, bool italic = false)
{
    QFont f(QStringLiteral("DejaVu Sans"));
    f.setPixelSize(std::max(6, static_cast<int>(std::lround(pixels * scale))));
    f.setBold(bold);
    f.setItalic(italic);
    f.setHintingPreference(QFont::PreferNoHinting);
    return f;
}

} // namespace

SceneFonts SceneFonts::make(double scale)
{
    SceneFonts f;
    f.tick = font(14, scale);
    f.axisTitle = font(16, scale);
    f.title = font(20, scale, true);
    f.roofLabel = font(13, scale);
    f.pointLabel = font(13, scale);
    f.selectedLabel = font(13, scale, true);
    f.legend = font(13, scale);
    f.badge = font(12, scale);
    f.zone = font(13, scale, false, true);
    return f;
}

int SceneFonts::smallestPixels(double scale)
{
    const SceneFonts f = make(scale);
    int smallest = f.tick.pixelSize();
    for (const QFont *font : {&f.axisTitle, &f.title, &f.roofLabel, &f.pointLabel, &f.selectedLabel,
                              &f.legend, &f.badge, &f.zone})
        smallest = std::min(smallest, font->pixelSize());
    return smallest;
}

double smallestTextPoints(double textScale)
{
    return SceneFonts::smallestPixels(textScale) * pointsPerInch / pixelsPerInch;
}

double leastPrintTextScale()
{
    // 6 pt = 8 px; the smallest font is smallestPixels(1) px at text scale 1.
    const double pixels = leastPrintPoints * pixelsPerInch / pointsPerInch;
    return std::ceil(pixels / SceneFonts::smallestPixels(1) * 100) / 100;
}

} // namespace rooflab
