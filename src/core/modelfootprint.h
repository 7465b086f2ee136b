#pragma once

#include "catalog.h"
#include "modelspec.h"
#include "operatorcost.h"
#include "scenario.h"

#include <optional>

namespace rooflab {

// The memory a model needs on the device at one batch and context, against its capacity
// (docs/models.md, "Memory footprint").
struct ModelFootprint
{
    double weightBytes = 0;     // every parameter in the weight format
    double kvCacheBytes = 0;    // B sequences x context tokens x kvBytesPerToken
    double kvBytesPerToken = 0; // 2 * layers * H_kv * d * b_kv
    double contextTokens = 0;   // tokens cached per sequence: S in decode, T in prefill
    double activationBytes = 0; // what one layer keeps live at once, plus the logits
    double totalBytes = 0;      // weights + KV cache + activations
    double capacityBytes = 0;   // the device's memory
    double usableBytes = 0;     // capacity less the headroom kept free
    bool fits = false;          // totalBytes <= usableBytes
    // ceil(total / usable), if shared evenly with no overhead; a double, as it may pass 2^31
    double devicesNeeded = 1;
    // The smallest tensor-parallel degree that fits on this device (smallestFittingTp()),
    // set by analyzeModel(): 1 when it fits, 0 when no degree the model can run fits.
    int fittingTp = 1;
    int largestTp = 1; // the largest degree tried: the scale-up domain, at most the heads

    // The first narrower scheme, in the order docs/models.md gives, that fits one device.
    std::optional<PrecisionScheme> fittingScheme;
    double fittingTotalBytes = 0; // footprint under fittingScheme
};

// The footprint of `model` in `phase` at the shape's batch and context with the operand
// sizes of a scheme, against `capacityBytes` of which `headroom` (a fraction) stays free.
// Leaves fittingScheme empty.
ModelFootprint modelFootprint(const ModelSpec &model, Phase phase, const ShapeContext &shape,
                              const OperandSizes &sizes, double capacityBytes, double headroom = 0);

// The footprint under `scheme` with formats from `catalog`, and, when it does not fit, the
// narrower scheme that would. nullopt when a format id of `scheme` is unknown.
std::optional<ModelFootprint> modelFootprint(const Catalog &catalog, const ModelSpec &model,
                                             Phase phase, const ShapeContext &shape,
                                             const PrecisionScheme &scheme, double capacityBytes,
                                             double headroom = 0);

// The operand sizes of `scheme`'s formats; nullopt when a format id is unknown.
// How many devices a model that does not fit one needs, counted in the degrees it can run
// (docs/models.md, "How many devices"): "needs ×4" (TP 4 fits), or "needs >8" when no
// degree up to the scale-up domain of 8 does. `devices` spells it out: "needs 4 devices",
// "needs over 8 devices".
QString devicesNeededText(const ModelFootprint &footprint, bool devices = false);

std::optional<OperandSizes> operandSizes(const Catalog &catalog, const PrecisionScheme &scheme);

} // namespace rooflab
