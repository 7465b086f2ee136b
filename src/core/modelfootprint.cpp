#include "modelfootprint.h"

#include <QList>

#include <algorithm>
#include <cmath>

namespace rooflab {

namespace {

// Narrower schemes tried, in order, when a model does not fit: weights first (the bulk of
// the bytes), then the KV cache as well. Each only narrows; the math format is kept.
struct Candidate
{
    const char *weights;
    const char *kv; // nullptr: keep the scheme's KV format
};

constexpr Candidate candidates[] = {
    {"fp8-e4m3", nullptr},
    {"fp8-e4m3", "fp8-e4m3"},
    {"int4-g128", nullptr},
    {"int4-g128", "fp8-e4m3"},
};

// The narrower of the current format and a candidate's, by bytes per element.
QString narrower(const Catalog &catalog, const QString &current, const char *candidate)
{
    if (!candidate)
        return current;
    const Format *now = catalog.format(current);
    const Format *next = catalog.format(QString::fromLatin1(candidate));
    if (!now || !next)
        return current;
    return next->bytesPerElement() < now->bytesPerElement() ? next->id : current;
}

} // namespace

QString devicesNeededText(const ModelFootprint &f, bool devices)
{
    if (f.fittingTp > 0)
        return devices ? QStringLiteral("needs %1 devices").arg(f.fittingTp)
                       : QStringLiteral("needs ×%1").arg(f.fittingTp);
    // "over" keeps every glyph of the counted form, so the widest form is this one.
    if (devices)
        return f.largestTp <= 1 ? QStringLiteral("needs over 1 device")
                                : QStringLiteral("needs over %1 devices").arg(f.largestTp);
    return QStringLiteral("needs >%1").arg(f.largestTp);
}

std::optional<OperandSizes> operandSizes(const Catalog &catalog, const PrecisionScheme &scheme)
{
    const Format *w = catalog.format(scheme.weights);
    const Format *a = catalog.format(scheme.act);
    const Format *kv = catalog.format(scheme.kv);
    if (!w || !a || !kv)
        return std::nullopt;
    return OperandSizes{w->bytesPerElement(), a->bytesPerElement(), kv->bytesPerElement()};
}

ModelFootprint modelFootprint(const ModelSpec &m, Phase phase, const ShapeContext &shape,
                              const OperandSizes &sizes, double capacityBytes, double headroom)
{
    ModelFootprint f;
    const double b = shape.batch;
    const double tokensPerSequence = phase == Phase::Decode ? 1.0 : shape.prompt;
    f.weightBytes = m.parameterCount() * sizes.weights;
    f.contextTokens = phase == Phase::Decode ? shape.seq : shape.prompt;
    f.kvBytesPerToken = m.kvBytesPerToken(sizes.kv);
    f.kvCacheBytes = b * f.contextTokens * f.kvBytesPerToken;
    // Live at once inside a layer: the residual stream and the widest intermediate (the QKV
    // output or the MLP's up/gate output, k of them per token for experts); then the
    // logits of the last position of each sequence. Fused attention keeps no T x T scores.
    const double widest = std::max(m.attentionIntermediateWidth(), m.mlpIntermediateWidth());
    f.activationBytes = (b * tokensPerSequence * (m.hidden + widest) + b * m.vocab) * sizes.act;
    f.totalBytes = f.weightBytes + f.kvCacheBytes + f.activationBytes;
    f.capacityBytes = capacityBytes;
    f.usableBytes = capacityBytes * (1.0 - headroom);
    f.fits = f.usableBytes > 0 && f.totalBytes <= f.usableBytes;
    f.devicesNeeded =
        f.usableBytes > 0 ? std::max(1.0, std::ceil(f.totalBytes / f.usableBytes)) : 0;
    return f;
}

std::optional<ModelFootprint> modelFootprint(const Catalog &catalog, const ModelSpec &m,
                                             Phase phase, const ShapeContext &shape,
                                             const PrecisionScheme &scheme, double capacityBytes,
                                             double headroom)
{
    const std::optional<OperandSizes> sizes = operandSizes(catalog, scheme);
    if (!sizes)
        return std::nullopt;
    ModelFootprint f = modelFootprint(m, phase, shape, *sizes, capacityBytes, headroom);
    if (f.fits || capacityBytes <= 0)
        return f;
    QList<PrecisionScheme> tried{scheme};
    for (const Candidate &c : candidates) {
        PrecisionScheme next = scheme;
        next.weights = narrower(catalog, scheme.weights, c.weights);
        next.kv = narrower(catalog, scheme.kv, c.kv);
        if (tried.contains(next))
            continue;
        tried.append(next);
        const ModelFootprint g =
            modelFootprint(m, phase, shape, *operandSizes(catalog, next), capacityBytes, headroom);
        if (g.fits) {
            f.fittingScheme = next;
            f.fittingTotalBytes = g.totalBytes;
            break;
        }
    }
    return f;
}

} // namespace rooflab
