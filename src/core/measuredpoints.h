#pragma once

// The measured kernels of a scenario as chart points (docs/measured-data.md, "On the chart").

#include "analysis.h"
#include "catalog.h"
#include "scenario.h"

#include <QString>

namespace rooflab {

// How many of a device's measured kernels are labelled on the chart: the slowest by time
// (and the selected one); the rest are counted with the labels left out.
inline constexpr int labelledMeasuredKernels = 8;

// The most characters of a kernel's short name.
inline constexpr int shortKernelNameLength = 40;

// How much of a kernel's template arguments its short name keeps.
enum class TemplateDetail {
    Collapsed, // every argument list "<…>"
    Outer,     // the outermost list kept, the lists inside it collapsed
};

// A kernel's name as a label: the return type and the parameter list dropped, template
// arguments collapsed ("void gemm<float, 128>(float*, int)" reads "gemm<…>"), at most
// shortKernelNameLength characters: a longer one keeps its start and its end, where tile
// sizes and variants are named ("sm90_xmma_gemm_…128x64_warpgroupsize1x1x1").
QString shortKernelName(const QString &name, TemplateDetail detail = TemplateDetail::Collapsed);

// The chart's measured points: one for each memory level of each kernel.
struct MeasuredChartPoints
{
    QList<PointAnalysis> points;
    QStringList warnings;
};

// The points of `scenario.measured`, each kernel on the device it ran on, or on the first
// device shown when the file names none. Kernels of a device the scenario does not show are
// left out, with a warning that counts them. They depend on the devices and the kernels
// only, not on the batch: a caller that keeps them spares the work on every batch tick.
MeasuredChartPoints measuredChartPoints(const Catalog &catalog, const Scenario &scenario);

// Appends `measuredChartPoints(catalog, scenario)` to `analysis`.
void appendMeasuredPoints(Analysis &analysis, const Catalog &catalog, const Scenario &scenario);

} // namespace rooflab
