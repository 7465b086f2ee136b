#include "autotplimits.h"

#include "deployment.h"

#include <algorithm>

namespace rooflab {

QList<TensorParallelLimit> autoTensorParallelLimits(const ModelSpec &model, const Device &device,
                                                    Phase phase, const ShapeContext &shape,
                                                    const OperandSizes &sizes,
                                                    const Deployment &deployment)
{
    QList<TensorParallelLimit> limits;
    const int pp = std::max(1, deployment.pp);
    // The same candidates as autoTensorParallel(): powers of two within the domain.
    const qint64 domain = device.interconnect ? device.interconnect->domainSize : 1;
    const double usable = usableBytes(device, deployment.headroom);
    for (int t = 1; qint64(t) * pp <= domain; t *= 2) {
        if (deploymentProblems(model, device, t, pp).isEmpty())
            limits.append(
                {.tp = t, .maxBatch = maxBatchThatFits(model, phase, shape, sizes, t, pp, usable)});
    }
    return limits;
}

} // namespace rooflab
