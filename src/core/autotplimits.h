#pragma once

#include "device.h"
#include "modelspec.h"
#include "operatorcost.h"
#include "scenario.h"

#include <QList>

namespace rooflab {

// One tensor-parallel degree `auto` may choose, and the largest batch that fits at it.
struct TensorParallelLimit
{
    int tp = 1;
    double maxBatch = 0; // as maxBatchThatFits(): 0 when not even one sequence fits

    bool operator==(const TensorParallelLimit &other) const = default;
};

// Every power of two t that `auto` considers (t x p within the scale-up domain, no deployment
// problem), smallest first, with the largest batch that fits at it at this context: `auto`
// moves to the next t past each limit, and past the largest one no t fits, so that is where
// the memory runs out (docs/models.md, "Deployments").
QList<TensorParallelLimit> autoTensorParallelLimits(const ModelSpec &model, const Device &device,
                                                    Phase phase, const ShapeContext &shape,
                                                    const OperandSizes &sizes,
                                                    const Deployment &deployment);

} // namespace rooflab
