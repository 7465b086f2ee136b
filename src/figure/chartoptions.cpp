#include "chartoptions.h"

#include "scenarioanalysis.h"

namespace rooflab {

// Theme's enumerators follow the order of themes(), the one list of themes.
QString themeName(Theme theme)
{
    const qsizetype index = static_cast<qsizetype>(theme);
    return index < themes().size() ? themes().at(index).id : QString();
}

std::optional<Theme> themeFromName(const QString &name)
{
    const ThemeInfo *info = themeInfo(name);
    if (!info)
        return std::nullopt;
    return static_cast<Theme>(info - themes().data());
}

ChartTitles modelChartTitles(const QList<ModelAnalysis> &models, bool shapeInCaption)
{
    return {
        .title = modelChartTitle(models),
        .widest = modelChartTitle(models, true),
        .brief = modelChartBriefTitle(models, shapeInCaption),
        .briefWidest = modelChartBriefTitle(models, shapeInCaption, true),
    };
}

ChartOptions chartOptionsFor(const Presentation &p, const Selection &selection,
                             const ChartTitles &titles, const QString &captionLine)
{
    return {
        .theme = themeFromName(p.theme).value_or(Theme::Light),
        .fontScale = p.textScale,
        .showLegend = p.showLegend,
        .showZones = p.showZones,
        .selectedDevice = selection.device,
        .selectedOperator = selection.op,
        .highlight = p.highlightSelection,
        .animate = p.animate,
        .xMin = p.xMin,
        .xMax = p.xMax,
        .yMin = p.yMin,
        .yMax = p.yMax,
        .title = titles.title,
        .annotations = {},
        .hideRidgeLabels = false,
        .subtitle = p.captionLine ? captionLine : QString(),
        .fitVerdicts = {},
        // Laid out for the widest forms, in the window and in every file alike: the brief
        // title is chosen from them, never from the batch of the moment.
        .titleWidest = titles.widest,
        .titleBrief = titles.brief,
        .titleBriefWidest = titles.briefWidest,
    };
}

} // namespace rooflab
