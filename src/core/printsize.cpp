#include "printsize.h"

#include <QRegularExpression>

#include <cmath>

namespace rooflab {

namespace {

// Figure pixels in one of `unit`, or 0 for an unknown unit.
double pixelsPer(const QString &unit)
{
    if (unit == QLatin1String("in"))
        return pixelsPerInch;
    if (unit == QLatin1String("cm"))
        return pixelsPerInch / 2.54;
    if (unit == QLatin1String("mm"))
        return pixelsPerInch / 25.4;
    if (unit == QLatin1String("px"))
        return 1;
    return 0;
}

} // namespace

bool parsePrintSize(const QString &text, double aspect, PrintSize *size, QString *error)
{
    static const QRegularExpression pattern(
        QStringLiteral(
            R"(^\s*(\d+(?:\.\d+)?)\s*([a-z]*)\s*(?:[x×]\s*(\d+(?:\.\d+)?)\s*([a-z]*))?\s*$)"),
        QRegularExpression::CaseInsensitiveOption);
    const QRegularExpressionMatch match = pattern.match(text);
    if (!match.hasMatch()) {
        *error = QStringLiteral("\"%1\" is not a size; give WIDTH[UNIT][xHEIGHT[UNIT]], e.g. "
                                "3.5in, 7inx4.5in, 8.9x6.6cm or 1200x800")
                     .arg(text);
        return false;
    }
    QString widthUnit = match.captured(2).toLower(), heightUnit = match.captured(4).toLower();
    if (widthUnit.isEmpty())
        widthUnit = heightUnit;
    if (heightUnit.isEmpty())
        heightUnit = widthUnit;
    if (widthUnit.isEmpty())
        widthUnit = heightUnit = QStringLiteral("px");
    for (const QString &unit : {widthUnit, heightUnit}) {
        if (pixelsPer(unit) == 0) {
            *error = QStringLiteral("unknown unit \"%1\" in \"%2\"; use in, cm, mm or px")
                         .arg(unit, text);
            return false;
        }
    }
    const double width = match.captured(1).toDouble() * pixelsPer(widthUnit);
    const bool hasHeight = match.hasCaptured(3) && !match.captured(3).isEmpty();
    const double height = hasHeight ? match.captured(3).toDouble() * pixelsPer(heightUnit)
                                    : (aspect > 0 ? width / aspect : 0);
    // Whole figure pixels: 3.5 in is 336 px exactly; 2.6 in (249.6 px) is laid out on 250.
    // Sizes far past any figure's limit stay finite here and are refused by the caller.
    const auto whole = [](double pixels) {
        return static_cast<int>(std::lround(std::min(pixels, 1e9)));
    };
    size->width = whole(width);
    size->height = whole(height);
    size->physical = widthUnit != QLatin1String("px") || heightUnit != QLatin1String("px");
    return true;
}

} // namespace rooflab
