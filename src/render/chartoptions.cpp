#include "chartoptions.h"

namespace rooflab {

QString themeName(Theme theme)
{
    switch (theme) {
    case Theme::Light:
        return QStringLiteral("light");
    case Theme::Dark:
        return QStringLiteral("dark");
    case Theme::Print:
        return QStringLiteral("print");
    case Theme::ColorBlind:
        return QStringLiteral("colorblind");
    }
    return {};
}

std::optional<Theme> themeFromName(const QString &name)
{
    for (Theme theme : {Theme::Light, Theme::Dark, Theme::Print, Theme::ColorBlind}) {
        if (name.compare(themeName(theme), Qt::CaseInsensitive) == 0)
            return theme;
    }
    return std::nullopt;
}

} // namespace rooflab
