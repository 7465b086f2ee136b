#pragma once

// Where a measured kernel sits on a device's roofline: its achieved FLOP/s, its intensity
// at each memory level, the roof above it and how close it comes (docs/measured-data.md,
// "Figures").

#include "analysis.h"
#include "device.h"
#include "measuredkernel.h"

#include <QList>
#include <QString>
#include <QStringList>

#include <optional>

namespace rooflab {

// One memory level of a kernel.
struct LevelFigures
{
    QString level; // "dram", "l2", "l1"
    double bytes = 0;
    std::optional<double> intensity; // flops / bytes; none when no bytes moved
    std::optional<double> bandwidth; // the device's, byte/s; none without a device level
    std::optional<double> roofFlops; // min(peak, bandwidth × intensity)
};

// A kernel's figures; the roof fields are empty without a device.
struct KernelFigures
{
    double achievedFlops = 0;
    QList<LevelFigures> levels;      // the levels the kernel has bytes for, outermost first
    std::optional<double> peakFlops; // the compute ceiling the kernel answers to
    QString peakName;                // that ceiling, e.g. "vector fp32"
    std::optional<double> roofFlops; // the lowest roof over every level: the one above it
    std::optional<double> pctOfRoof; // 100 × achieved / roof
    std::optional<Bound> bound;      // Memory or Compute; none when no level has a roof
    QString boundLevel;              // the level of a memory bound
    QStringList warnings;
};

// The figures of `kernel`, against `device` when it is not null.
KernelFigures kernelFigures(const MeasuredKernel &kernel, const Device *device);

} // namespace rooflab
