#include "deployment.h"

#include "units.h"

#include <algorithm>
#include <cmath>

namespace rooflab {

namespace {

bool divides(double divisor, double value)
{
    return divisor > 0 && std::fmod(value, divisor) == 0;
}

double normParameters(const ModelSpec &m)
{
    return (m.norm == QLatin1String("layernorm") ? 2.0 : 1.0) * m.hidden;
}

int domainOf(const Device &device)
{
    return device.interconnect ? device.interconnect->domainSize : 1;
}

} // namespace

QString deploymentFieldName(DeploymentField field)
{
    switch (field) {
    case DeploymentField::Tp:
        return QStringLiteral("tp");
    case DeploymentField::Pp:
        return QStringLiteral("pp");
    case DeploymentField::Headroom:
        return QStringLiteral("headroom");
    case DeploymentField::Price:
        return QStringLiteral("price_per_device_hour");
    case DeploymentField::Ep:
        return QStringLiteral("ep");
    }
    return {};
}

QList<DeploymentProblem> deploymentValueProblems(const Deployment &d)
{
    QList<DeploymentProblem> problems;
    if (!d.tpAuto && d.tp < 1)
        problems.append(
            {DeploymentField::Tp,
             QStringLiteral("must be a whole number of at least 1 or auto, got %1").arg(d.tp)});
    if (d.pp < 1)
        problems.append({DeploymentField::Pp,
                         QStringLiteral("must be a whole number of at least 1, got %1").arg(d.pp)});
    if (!(d.headroom >= 0 && d.headroom <= maxHeadroom))
        problems.append(
            {DeploymentField::Headroom, QStringLiteral("must be a fraction from 0 to %1, got %2")
                                            .arg(maxHeadroom)
                                            .arg(d.headroom)});
    if (d.pricePerDeviceHour &&
        !(std::isfinite(*d.pricePerDeviceHour) && *d.pricePerDeviceHour >= 0))
        problems.append({DeploymentField::Price,
                         QStringLiteral("must be zero or more US dollars per device-hour, got %1")
                             .arg(*d.pricePerDeviceHour)});
    for (auto it = d.prices.constBegin(); it != d.prices.constEnd(); ++it) {
        if (!(std::isfinite(it.value()) && it.value() >= 0))
            problems.append(
                {DeploymentField::Price,
                 QStringLiteral("%1: must be zero or more US dollars per device-hour, got %2")
                     .arg(it.key())
                     .arg(it.value())});
    }
    return problems;
}

std::optional<double> priceOnDevice(const Deployment &d, const QString &deviceId)
{
    const auto own = d.prices.constFind(deviceId);
    return own != d.prices.constEnd() ? std::optional<double>(*own) : d.pricePerDeviceHour;
}

QList<DeploymentProblem> deploymentProblems(const ModelSpec &m, const Device &device, int tp,
                                            int pp, bool expertParallel)
{
    QList<DeploymentProblem> problems;
    if (tp < 1 || pp < 1) {
        Deployment d;
        d.tp = tp;
        d.pp = pp;
        return deploymentValueProblems(d);
    }
    if (tp > 1 && !divides(tp, m.heads))
        problems.append(
            {DeploymentField::Tp, QStringLiteral("%1 does not divide the %2 query heads of %3")
                                      .arg(tp)
                                      .arg(m.heads)
                                      .arg(m.name)});
    else if (tp > 1 && tp <= m.kvHeads && !divides(tp, m.kvHeads))
        problems.append(
            {DeploymentField::Tp, QStringLiteral("%1 does not divide the %2 KV heads of %3")
                                      .arg(tp)
                                      .arg(m.kvHeads)
                                      .arg(m.name)});
    else if (tp > m.kvHeads && !divides(m.kvHeads, tp))
        problems.append({DeploymentField::Tp,
                         QStringLiteral("%1 is not a multiple of the %2 KV heads of %3, so they "
                                        "cannot be replicated evenly")
                             .arg(tp)
                             .arg(m.kvHeads)
                             .arg(m.name)});
    if (expertParallel && !m.isMoe())
        problems.append({DeploymentField::Ep,
                         QStringLiteral("%1 has no routed experts to spread").arg(m.name)});
    else if (expertParallel && tp > 1 && !divides(tp, m.experts))
        problems.append({DeploymentField::Ep,
                         QStringLiteral("TP %1 does not divide the %2 experts of %3, so they "
                                        "cannot be spread whole")
                             .arg(tp)
                             .arg(m.experts)
                             .arg(m.name)});
    if (pp > m.layers)
        problems.append({DeploymentField::Pp, QStringLiteral("%1 stages exceed the %2 layers of %3")
                                                  .arg(pp)
                                                  .arg(m.layers)
                                                  .arg(m.name)});
    const int domain = domainOf(device);
    const qint64 devices = qint64(tp) * qint64(pp); // both may be large: no int overflow
    if (devices > domain) {
        const DeploymentField field = tp > 1 ? DeploymentField::Tp : DeploymentField::Pp;
        problems.append(
            {field, device.interconnect
                        ? QStringLiteral("TP %1 x PP %2 = %3 devices exceed the scale-up domain "
                                         "of %4 devices of %5 (%6)")
                              .arg(tp)
                              .arg(pp)
                              .arg(devices)
                              .arg(domain)
                              .arg(device.name, device.interconnect->name)
                        : QStringLiteral("%1 has no interconnect in its preset, so it runs "
                                         "alone (TP 1, PP 1)")
                              .arg(device.name)});
    }
    return problems;
}

ModelSpec shardedModel(const ModelSpec &m, int tp, bool expertParallel)
{
    ModelSpec s = m;
    if (tp <= 1)
        return s;
    s.heads = m.heads / tp;
    s.kvHeads = std::max(1.0, m.kvHeads / tp);
    s.vocab = m.vocab / tp;
    s.denseFfn = m.denseFfn / tp;
    s.sharedFfn = m.sharedFfn / tp;
    if (expertParallel && m.isMoe()) {
        // Whole experts, E/t on each device; under uniform routing each device runs k/t of
        // every token's experts (docs/models.md, "Expert parallelism").
        s.experts = m.experts / tp;
        s.expertsPerToken = m.expertsPerToken / tp;
    } else {
        s.ffn = m.ffn / tp;
    }
    return s;
}

double allReduceTime(const Interconnect &link, int devices, double bytes)
{
    if (devices <= 1)
        return 0;
    const double t = devices;
    return link.latency + 2.0 * (t - 1.0) / t * bytes / link.groupBandwidth(devices);
}

double allGatherTime(const Interconnect &link, int devices, double bytes)
{
    if (devices <= 1)
        return 0;
    const double t = devices;
    return link.latency + (t - 1.0) / t * bytes / link.groupBandwidth(devices);
}

double allToAllTime(const Interconnect &link, int devices, double bytes)
{
    if (devices <= 1)
        return 0;
    return link.latency + bytes / link.groupBandwidth(devices);
}

double transferTime(const Interconnect &link, double bytes)
{
    const double beta = link.peerBandwidth > 0 ? link.peerBandwidth : link.bandwidthPerDirection;
    return link.latency + bytes / beta;
}

int largestTensorParallel(const ModelSpec &model, const Device &device)
{
    const int domain = device.interconnect ? std::max(1, device.interconnect->domainSize) : 1;
    return static_cast<int>(std::min<double>(domain, std::max(1.0, model.heads)));
}

int smallestFittingTp(const ModelSpec &model, const Device &device, Phase phase,
                      const ShapeContext &shape, const OperandSizes &sizes, double headroom)
{
    const int last = largestTensorParallel(model, device);
    const double usable = usableBytes(device, headroom);
    for (int tp = 1; tp <= last; ++tp) {
        if (!divides(tp, model.heads) || !deploymentProblems(model, device, tp, 1).isEmpty())
            continue;
        if (deviceFootprint(model, phase, shape, sizes, tp, 1).totalBytes <= usable)
            return tp;
    }
    return 0;
}

DeviceFootprint deviceFootprint(const ModelSpec &m, Phase phase, const ShapeContext &shape,
                                const OperandSizes &sizes, int tp, int pp)
{
    const ModelSpec s = shardedModel(m, tp);
    const double stageLayers = std::ceil(m.layers / std::max(1, pp));
    DeviceFootprint f;
    // With stages, the first holds the embedding table and the last the LM head and final
    // norm: each stage keeps one vocabulary table at most.
    const double params =
        pp <= 1 ? s.parameterCount()
                : stageLayers * s.layerParameters() + s.vocab * s.hidden + normParameters(s);
    f.weightBytes = params * sizes.weights;
    const double context = phase == Phase::Decode ? shape.seq : shape.prompt;
    // A latent cache is not split by heads: every device keeps the whole latent.
    const double kvPerLayerToken = s.kvElementsPerLayerToken() * sizes.kv;
    // p micro-batches of B sequences are in flight, one per stage, and each stage caches
    // its layers for all of them.
    f.kvCacheBytes = std::max(1, pp) * shape.batch * context * stageLayers * kvPerLayerToken;
    const double tokensPerSequence = phase == Phase::Decode ? 1.0 : shape.prompt;
    const double widest = std::max(s.attentionIntermediateWidth(), s.mlpIntermediateWidth());
    // The logits are gathered whole on every device of the group.
    f.activationBytes =
        (shape.batch * tokensPerSequence * (s.hidden + widest) + shape.batch * m.vocab) * sizes.act;
    f.totalBytes = f.weightBytes + f.kvCacheBytes + f.activationBytes;
    return f;
}

double usableBytes(const Device &device, double headroom)
{
    return device.capacityBytes * (1.0 - headroom);
}

double maxBatchThatFits(const ModelSpec &m, Phase phase, const ShapeContext &shape,
                        const OperandSizes &sizes, int tp, int pp, double usable)
{
    ShapeContext one = shape;
    one.batch = 1;
    ShapeContext two = shape;
    two.batch = 2;
    const double atOne = deviceFootprint(m, phase, one, sizes, tp, pp).totalBytes;
    const double perSequence = deviceFootprint(m, phase, two, sizes, tp, pp).totalBytes - atOne;
    if (atOne > usable || perSequence <= 0)
        return 0;
    // Relative slack so that a batch landing exactly on the capacity is not lost to rounding.
    return std::floor((usable - atOne) / perSequence * (1.0 + 1e-12)) + 1.0;
}

std::optional<int> autoTensorParallel(const ModelSpec &m, const Device &device, Phase phase,
                                      const ShapeContext &shape, const OperandSizes &sizes,
                                      const Deployment &deployment, QString *why)
{
    const int pp = std::max(1, deployment.pp);
    const int domain = domainOf(device);
    const double usable = usableBytes(device, deployment.headroom);
    int largest = 0;
    double largestNeeds = 0;
    for (int t = 1; qint64(t) * pp <= domain; t *= 2) {
        if (!deploymentProblems(m, device, t, pp, deployment.expertParallel).isEmpty())
            continue;
        const double needs = deviceFootprint(m, phase, shape, sizes, t, pp).totalBytes;
        if (needs <= usable)
            return t;
        largest = t;
        largestNeeds = needs;
    }
    if (why) {
        const QString usableText = formatSi(usable, QStringLiteral("B"), 3);
        *why = largest == 0
                   ? QStringLiteral("auto: no power-of-two TP is possible for %1 on %2 with PP %3")
                         .arg(m.name, device.name)
                         .arg(pp)
                   : QStringLiteral("auto: %1 does not fit %2 at any power-of-two TP up to %3 "
                                    "(PP %4): it needs %5 per device there, %6 usable with %7% "
                                    "headroom")
                         .arg(m.name, device.name)
                         .arg(largest)
                         .arg(pp)
                         .arg(formatSi(largestNeeds, QStringLiteral("B"), 3), usableText)
                         .arg(formatNumber(100.0 * deployment.headroom, 3));
    }
    return std::nullopt;
}

} // namespace rooflab
