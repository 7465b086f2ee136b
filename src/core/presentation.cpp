#include "presentation.h"

#include <QCoreApplication>
#include <QStringList>

#include <cmath>

namespace rooflab {

namespace {

QString tr(const char *text)
{
    return QCoreApplication::translate("rooflab::Presentation", text);
}

} // namespace

const QList<ThemeInfo> &themes()
{
    static const QList<ThemeInfo> list = {
        {.id = QStringLiteral("light"), .displayName = tr("Light"), .darkWindow = false},
        {.id = QStringLiteral("dark"), .displayName = tr("Dark"), .darkWindow = true},
        {.id = QStringLiteral("print"),
         .displayName = tr("Print (greyscale-safe)"),
         .darkWindow = false},
        {.id = QStringLiteral("colorblind"),
         .displayName = tr("Colour-blind safe"),
         .darkWindow = false},
    };
    return list;
}

const ThemeInfo *themeInfo(const QString &id)
{
    for (const ThemeInfo &theme : themes()) {
        if (theme.id.compare(id, Qt::CaseInsensitive) == 0)
            return &theme;
    }
    return nullptr;
}

QString themeIdList()
{
    QStringList ids;
    for (const ThemeInfo &theme : themes())
        ids.append(theme.id);
    return ids.join(QStringLiteral(", "));
}

QString presentationProblem(const Presentation &p, const PresentationFieldNames &names)
{
    using namespace figurelimits;
    if (!themeInfo(p.theme))
        return QStringLiteral("%1: must be one of %2, got \"%3\"")
            .arg(names.theme, themeIdList(), p.theme);
    for (const auto &[side, name] : {std::pair{p.width, names.width}, {p.height, names.height}}) {
        if (side < minSide || side > maxSide)
            return QStringLiteral("%1: must be a whole number of pixels from %2 to %3, got %4")
                .arg(name)
                .arg(minSide)
                .arg(maxSide)
                .arg(side);
    }
    if (!(p.scale >= minScale && p.scale <= maxScale))
        return QStringLiteral("%1: must be from %2 to %3, got %4")
            .arg(names.scale)
            .arg(minScale)
            .arg(maxScale)
            .arg(p.scale);
    const double pixels = p.width * p.scale * p.height * p.scale;
    if (pixels > maxPixels)
        return QStringLiteral("%1: %2 x %3 at scale %4 is %5 million pixels, more than %6 million")
            .arg(p.scale == 1 ? names.width + QStringLiteral("/") + names.height : names.scale)
            .arg(p.width)
            .arg(p.height)
            .arg(p.scale)
            .arg(std::round(pixels / 1e6))
            .arg(maxPixels / 1e6);
    if (!(p.textScale >= minTextScale && p.textScale <= maxTextScale))
        return QStringLiteral("%1: must be from %2 to %3, got %4")
            .arg(names.textScale)
            .arg(minTextScale)
            .arg(maxTextScale)
            .arg(p.textScale);
    return {};
}

} // namespace rooflab
