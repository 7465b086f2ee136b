#include "lessonchart.h"

#include "lessonfigures.h"
#include "scenarioanalysis.h"

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
    if (step.presentation.hideFit && !player.isRevealed()) {
        // The title's first line says the model, phase and shape; the rest is the answer.
        options.title = modelChartTitle(result.models).section(QLatin1Char('\n'), 0, 0);
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
