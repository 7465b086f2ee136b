#pragma once

// What every fuzz harness asserts about an analysis: no figure shown is infinite or NaN.
// A breach traps, so libFuzzer keeps the input that caused it.

#include "analysis.h"
#include "scenarioanalysis.h"

#include <cmath>

namespace rooflab::fuzz {

inline void requireFinite(double value)
{
    if (!std::isfinite(value))
        __builtin_trap();
}

inline void requireFinite(const Analysis &analysis)
{
    for (const PointAnalysis &p : analysis.points) {
        for (double value : {p.flops, p.bytes.total(), p.intensity, p.attainableFlops, p.tMath,
                             p.tMem, p.time, p.ridge})
            requireFinite(value);
    }
}

inline void requireFinite(const ScenarioAnalysis &result)
{
    requireFinite(result.chart);
    for (const ModelAnalysis &m : result.models) {
        if (!m.ok())
            continue;
        requireFinite(m.totals.flops);
        requireFinite(m.totals.stepTime);
        requireFinite(m.footprint.totalBytes);
        requireFinite(m.footprint.devicesNeeded);
    }
}

} // namespace rooflab::fuzz
