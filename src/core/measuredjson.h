#pragma once

// Measured kernels and devices as JSON, in SI base units (docs/measured-data.md, "JSON").

#include "measuredfigures.h"
#include "measuredkernel.h"

#include <QJsonObject>

namespace rooflab {

// name, launches, flops, time_s, achieved_flops, bytes_by_level, intensity_by_level,
// roof_flops, pct_of_roof, bound, warnings (the roof fields null without a device).
QJsonObject measuredKernelToJson(const MeasuredKernel &kernel, const KernelFigures &figures);

// name, bandwidth_by_level (byte/s) and peaks (FLOP/s), each as given in the file.
QJsonObject measuredDeviceToJson(const MeasuredDevice &device);

} // namespace rooflab
