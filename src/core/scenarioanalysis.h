#pragma once

#include "analysis.h"
#include "catalog.h"
#include "fitverdict.h"
#include "measuredpoints.h"
#include "modelanalysis.h"
#include "scenario.h"

#include <QList>
#include <QString>

namespace rooflab {

// Everything the views show for a scenario: the chart's points and, for a model, the step.
struct ScenarioAnalysis
{
    // What the chart draws: the scenario's operators, or, when it names a model, one point
    // per operator class per device (PointAnalysis::share set, operatorId the class id).
    Analysis chart;
    // One per device of the scenario when it names a model, else empty.
    QList<ModelAnalysis> models;

    // The model analysis on `deviceId`, or nullptr.
    const ModelAnalysis *model(const QString &deviceId) const;
};

// The analysis of `scenario`: evaluate() of its operators, or analyzeModel() on each of its
// devices when `scenario.model` is set, with its measured kernels' points; `measured`, when
// given, holds those points already (measuredChartPoints() of this scenario). Pure.
ScenarioAnalysis analyzeScenario(const Catalog &catalog, const Scenario &scenario,
                                 const ModelOptions &options = {},
                                 const MeasuredChartPoints *measured = nullptr);

// The chart of model steps: each device's roofs and its class points, sized by share.
Analysis modelChartAnalysis(const QList<ModelAnalysis> &models, RoofMode roof);

// The chart title of a model scenario: the model, phase and shape, then on a second line
// whether it fits with the headroom kept free, e.g. "Llama 3.1 70B decode · batch 16 ·
// context 4096" over "NVIDIA H100 SXM5 80GB: 163 GB > 72 GB usable, does not fit (needs 3
// devices)", for a deployment "NVIDIA H100 SXM5 80GB × 4 (TP 4): 46 GB per device ≤ 72 GB
// usable, fits", or with several devices only the model's need and a count, "Needs 163 GB:
// fits 1 of the 3 devices shown" (each device's verdict: modelFitVerdicts()). Empty without
// a model analysis. `widest`: the title as wide as it can become while only the batch
// changes (figures that follow the batch at their widest, the longest verdict), so that the
// window's chart keeps its title's height during a batch sweep (ChartOptions::titleWidest).
QString modelChartTitle(const QList<ModelAnalysis> &models, bool widest = false);

// A device's memory less the headroom as the title says it, "127 GB usable" (three digits).
QString usableMemoryText(const ModelFootprint &footprint);

// The brief form of modelChartTitle(), which a small figure at large text draws instead of
// it (ChartOptions::titleBrief): with several devices, each with its verdict on its legend
// line, the model and what it needs, "Llama 3.1 70B decode · needs 163 GB", over its shape,
// "batch 16 · context 4096" (left out where `shapeInCaption`: the figure's caption line
// says it). The count of devices it fits, or a single device's verdict, is left out: the
// device's legend line says it. Empty without a model. `widest` as for modelChartTitle().
QString modelChartBriefTitle(const QList<ModelAnalysis> &models, bool shapeInCaption,
                             bool widest = false);

// One verdict per device of `models` that has a capacity, for its legend line; a single
// device's too (its whole title says it in full as well, its brief title does not). Empty
// without a model.
QList<FitVerdict> modelFitVerdicts(const QList<ModelAnalysis> &models);

// The one-line caption a figure for a document can carry under its title: the shape, the
// precision scheme and the devices, e.g. "batch 16 · context 4096 · weights FP8 E4M3,
// activations BF16, KV cache BF16 · NVIDIA H100 SXM5 80GB, NVIDIA B200". A model's
// prefill names its prompt instead of the context. Format and device names come from
// `catalog`; unknown ids are printed as they are.
QString scenarioCaptionLine(const Catalog &catalog, const Scenario &scenario);

} // namespace rooflab
