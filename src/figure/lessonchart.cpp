#include "lessonchart.h"

#include "lessonfigures.h"
#include "scenarioanalysis.h"
#include "scenemodel.h"

#include <algorithm>

namespace rooflab {

namespace {

// Only the roofs and points the step's presentation shows.
Analysis shownAnalysis(Analysis analysis, const LessonPresentation &presentation)
{
    if (!presentation.roofs.isEmpty()) {
        for (DeviceRoofs &device : analysis.devices)
            device.compute.removeIf(
                [&](const ComputeRoof &roof) { return !presentation.roofs.contains(roof.math); });
    }
    if (!presentation.points.isEmpty())
        analysis.points.removeIf([&](const PointAnalysis &point) {
            return !presentation.points.contains(point.operatorId);
        });
    return analysis;
}

// How many devices of `models` have a memory to fit in (a title's "of the 3 devices shown").
int devicesWithMemory(const QList<ModelAnalysis> &models)
{
    return static_cast<int>(std::count_if(models.cbegin(), models.cend(), [](const auto &m) {
        return m.footprint.capacityBytes > 0;
    }));
}

// A model's title while a question asks whether it fits (LessonPresentation::hideFit): its
// first line (model, phase, shape), then a second line in the revealed title's place that
// says neither the footprint nor the verdict: for one device what it has usable, the figure
// the learner compares the footprint with; for several, the revealed line with its figures
// asked ("Needs ? GB: fits ? of the 3 devices shown"), each device's usable memory being on
// its legend line (verdictsAroundReveal()).
QString titleWithoutFit(const QList<ModelAnalysis> &models)
{
    const QString title = modelChartTitle(models).section(QLatin1Char('\n'), 0, 0);
    const int shown = devicesWithMemory(models);
    if (shown == 0)
        return title;
    if (shown > 1)
        return title + QStringLiteral("\nNeeds ? GB: fits ? of the %1 devices shown").arg(shown);
    for (const ModelAnalysis &m : models) {
        if (m.footprint.capacityBytes > 0)
            return title + QLatin1Char('\n') +
                   QStringLiteral("%1: %2").arg(m.deviceName, usableMemoryText(m.footprint));
    }
    return title;
}

// The brief title's form while the fit is hidden: what the model needs asked, not said.
QString briefTitleWithoutFit(const QList<ModelAnalysis> &models)
{
    QStringList lines = modelChartBriefTitle(models, false).split(QLatin1Char('\n'));
    const qsizetype need = lines.first().lastIndexOf(QStringLiteral(" · needs "));
    if (need < 0)
        return QString();
    lines.first() = lines.first().left(need) + QStringLiteral(" · needs ? GB");
    return lines.join(QLatin1Char('\n'));
}

// Each device's legend verdict for a step that hides the fit, before the reveal (`hidden`:
// what the device has usable, "127 GB usable") and after it (the verdict). Both are sized
// for the widest of the two's forms (FitVerdict::widest), so that the legend keeps its size
// and place at the reveal.
QList<FitVerdict> verdictsAroundReveal(const QList<ModelAnalysis> &models, bool hidden)
{
    QList<FitVerdict> verdicts = modelFitVerdicts(models);
    for (FitVerdict &v : verdicts) {
        for (const ModelAnalysis &m : models) {
            if (m.deviceId != v.deviceId)
                continue;
            const QString usable = usableMemoryText(m.footprint);
            v.widest.append(usable);
            if (hidden)
                v.text = usable;
        }
    }
    return verdicts;
}

} // namespace

QList<FigureAnnotation> figureAnnotations(const QList<PlacedAnnotation> &placed)
{
    QList<FigureAnnotation> marks;
    for (const PlacedAnnotation &a : placed) {
        switch (a.kind) {
        case AnnotationKind::Callout:
            marks.append({.kind = FigureAnnotation::Kind::Callout,
                          .text = a.text,
                          .x = a.intensity,
                          .y = a.performance});
            break;
        case AnnotationKind::Highlight:
            marks.append({.kind = FigureAnnotation::Kind::Highlight,
                          .text = a.text,
                          .x = a.intensity,
                          .y = a.performance});
            break;
        case AnnotationKind::Band:
            marks.append({.kind = FigureAnnotation::Kind::Band,
                          .text = a.text,
                          .axis = a.axis == QLatin1String("performance")
                                      ? FigureAnnotation::Axis::Performance
                                      : FigureAnnotation::Axis::Intensity,
                          .from = a.from,
                          .to = a.to});
            break;
        }
    }
    return marks;
}

LessonChart lessonChart(const LessonPlayer &player, const Catalog &catalog, Theme theme,
                        bool showLegend, const LessonScenario *moved)
{
    const LessonStep &step = player.step();
    const ScenarioAnalysis result =
        analyzeLessonScenario(catalog, moved ? *moved : player.scenario());
    LessonChart chart;
    chart.problems = result.chart.problems;
    chart.analysis = shownAnalysis(result.chart, step.presentation);

    ChartOptions &options = chart.options;
    options.theme = theme;
    options.fontScale = step.presentation.textScale;
    options.showLegend = showLegend && step.presentation.showLegend;
    options.animate = false;
    options.xMin = step.presentation.xMin;
    options.xMax = step.presentation.xMax;
    options.yMin = step.presentation.yMin;
    options.yMax = step.presentation.yMax;
    if (step.presentation.hideFit) {
        // The title and legend keep one size across the reveal: both forms laid out for the
        // revealed title at its widest, the verdicts for the widest of their forms.
        const bool hidden = !player.isRevealed();
        options.title = hidden ? titleWithoutFit(result.models) : modelChartTitle(result.models);
        options.titleWidest = modelChartTitle(result.models, true);
        options.titleBrief = hidden ? briefTitleWithoutFit(result.models)
                                    : modelChartBriefTitle(result.models, false);
        options.titleBriefWidest = modelChartBriefTitle(result.models, false, true);
        options.fitVerdicts = verdictsAroundReveal(result.models, hidden);
    } else {
        options.title = modelChartTitle(result.models);
        options.titleBrief = modelChartBriefTitle(result.models, false);
        options.fitVerdicts = modelFitVerdicts(result.models);
    }
    options.hideRidgeLabels = step.presentation.hideRidgeLabels && !player.isRevealed();
    // The first highlighted point is also the chart's selected one (its label in bold).
    for (const LessonAnnotation &a : step.annotations) {
        if (a.kind == AnnotationKind::Highlight && options.selectedOperator.isEmpty()) {
            options.selectedDevice = a.deviceId.isEmpty() ? step.focusDevice : a.deviceId;
            options.selectedOperator = a.operatorId;
        }
    }
    QList<PlacedAnnotation> placed = player.annotations();
    if (moved) {
        // A mark on a point goes where the learner's change moved the point, and goes away
        // with a device the learner took off the chart.
        QList<PlacedAnnotation> kept;
        for (PlacedAnnotation a : std::as_const(placed)) {
            if (!a.operatorId.isEmpty() && a.kind != AnnotationKind::Band) {
                const PointAnalysis *point = result.chart.point(a.deviceId, a.operatorId);
                if (!point)
                    continue;
                a.intensity = point->intensity;
                a.performance = point->attainableFlops;
            }
            kept.append(a);
        }
        placed = kept;
    }
    options.annotations = figureAnnotations(placed);
    return chart;
}

} // namespace rooflab
