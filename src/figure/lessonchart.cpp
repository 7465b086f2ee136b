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

// A model's title while a question asks whether it fits (LessonPresentation::hideFit): its
// first line (model, phase, shape), then what each device has usable, the figure the
// learner compares the footprint with, and not the footprint or the verdict. The second
// line keeps the title at two lines, as it is after the reveal.
QString titleWithoutFit(const QList<ModelAnalysis> &models)
{
    const QString title = modelChartTitle(models).section(QLatin1Char('\n'), 0, 0);
    QStringList usable;
    for (const ModelAnalysis &m : models) {
        if (m.footprint.capacityBytes > 0)
            usable.append(
                QStringLiteral("%1: %2").arg(m.deviceName, usableMemoryText(m.footprint)));
    }
    return usable.isEmpty() ? title : title + QLatin1Char('\n') + usable.join(QStringLiteral("; "));
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
        options.title = titleWithoutFit(result.models);
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
