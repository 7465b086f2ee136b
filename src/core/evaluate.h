#pragma once

#include "analysis.h"
#include "catalog.h"
#include "scenario.h"

namespace rooflab {

// The roofline analysis of every operator of `scenario` on every device it names. Pure:
// the same catalog and scenario always give the same analysis.
Analysis evaluate(const Catalog &catalog, const Scenario &scenario);

// The formats an operator runs with under a scheme, after its own overrides.
struct ResolvedFormats
{
    const Format *weights = nullptr;
    const Format *act = nullptr;
    const Format *kv = nullptr;
    const Format *math = nullptr; // the requested or implied math format
    bool mathImplied = true;
};

// Resolves formats; on an unknown id, returns nullopt and sets `problem`.
std::optional<ResolvedFormats> resolveFormats(const Catalog &catalog, const PrecisionScheme &scheme,
                                              const OperatorSpec &op, QString *problem);

} // namespace rooflab
