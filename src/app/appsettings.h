#pragma once

#include "setting.h"

#include <QByteArray>
#include <QStringList>

// Every preference the window keeps between runs, each key and default declared once here.
namespace rooflab::app::settings {

inline const Setting<QByteArray> windowGeometry{"window/geometry", {}};
inline const Setting<QByteArray> windowState{"window/state", {}};
// The scenario open at exit, as scenario-file bytes; empty: start with the default one.
inline const Setting<QByteArray> lastScenario{"session/scenario", {}};
inline const Setting<QStringList> recentFiles{"session/recentFiles", {}};
inline const Setting<QString> lastDirectory{"session/lastDirectory", {}};
inline const Setting<QString> theme{"view/theme", QStringLiteral("light")};
inline const Setting<double> textScale{"view/textScale", 1.0};
inline const Setting<bool> highlightSelection{"view/highlightSelection", true};
inline const Setting<bool> showLegend{"view/showLegend", true};
inline const Setting<bool> showZones{"view/showZones", true};
inline const Setting<bool> animate{"view/animate", true};
// File › Export's last choices. A size of 0 and an empty theme follow the window's chart;
// the legend always starts as the window shows it.
inline const Setting<QString> exportPath{"export/path", {}};
inline const Setting<QString> exportFormat{"export/format", QStringLiteral("png")};
inline const Setting<int> exportWidth{"export/width", 0};
inline const Setting<int> exportHeight{"export/height", 0};
inline const Setting<double> exportScale{"export/scale", 1.0};
inline const Setting<QString> exportTheme{"export/theme", {}};
inline const Setting<bool> exportCaption{"export/caption", false};
inline const Setting<bool> exportCompareTable{"export/compareTable", false};

// How many files File › Open recent lists.
inline constexpr int maxRecentFiles = 8;

} // namespace rooflab::app::settings
