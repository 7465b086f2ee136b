#include "diagnosis.h"

#include "units.h"

namespace rooflab {

namespace {

QString flopsPerByte(double intensity)
{
    return formatNumber(intensity, 3) + QStringLiteral(" FLOP/byte");
}

QString deviceName(const Analysis &analysis, const QString &deviceId)
{
    for (const DeviceRoofs &roofs : analysis.devices) {
        if (roofs.deviceId == deviceId)
            return roofs.deviceName;
    }
    return deviceId;
}

// Latency: the collectives' fixed costs outweigh their bytes; else the link's bandwidth.
QString communicationNote(const PointDiagnosis &d, const CommunicationCost &c)
{
    const QString fixed = QStringLiteral("%1 collectives and transfers × α %2")
                              .arg(formatNumber(c.count, 4), formatDuration(c.latency));
    const QString bytes = QStringLiteral("%1 per device at %2")
                              .arg(formatSi(c.bytes, QStringLiteral("B")),
                                   formatSi(c.linkBandwidth, QStringLiteral("B/s")));
    if (d.bound == Bound::Latency)
        return QStringLiteral("Latency-bound: %1 of its %2 over %3 are fixed costs (%4); the "
                              "bytes take only %5 (%6). Latency sets the time: fewer "
                              "collectives (a smaller TP, fused collectives) would help, a "
                              "faster link would not.")
            .arg(formatDuration(c.latencyTime), formatDuration(d.time), c.link, fixed,
                 formatDuration(c.bytesTime), bytes);
    return QStringLiteral("Interconnect-bound: %1 of its %2 over %3 go to moving the bytes "
                          "(%4); the fixed costs take %5 (%6). The link's bandwidth sets the "
                          "time: fewer or narrower bytes (an 8-bit activation format, a smaller "
                          "TP) or a faster link would help.")
        .arg(formatDuration(c.bytesTime), formatDuration(d.time), c.link, bytes,
             formatDuration(c.latencyTime), fixed);
}

// A measured kernel: what share of the roof above it it reached, and what that says.
QString measuredNote(const PointDiagnosis &d, const MeasuredPoint &m)
{
    const QString achieved = formatSi(d.attainableFlops, QStringLiteral("FLOP/s"));
    if (!m.roofFlops || !m.pctOfRoof)
        return QStringLiteral("Measured at %1; the device gives no roof for it.").arg(achieved);
    const QString roof =
        m.boundLevel.isEmpty()
            ? QStringLiteral("the %1 %2 peak").arg(d.math.toUpper(), unitKindName(d.unit))
            : QStringLiteral("the %1 bandwidth at its %1 intensity").arg(m.boundLevel.toUpper());
    const QString share = formatNumber(*m.pctOfRoof, 3);
    QString text =
        QStringLiteral("Measured at %1, %2 % of its roof (%3, %4).")
            .arg(achieved, share, formatSi(*m.roofFlops, QStringLiteral("FLOP/s")), roof);
    // About the best a tuned kernel reaches of a roof (docs/measured-data.md, "On the chart").
    if (*m.pctOfRoof >= 80)
        text += QStringLiteral(" It runs close to what the hardware allows: to go faster it "
                               "needs less work or fewer bytes, or faster hardware.");
    else
        text += QStringLiteral(" The code, not the hardware, is the limit: the same work "
                               "could run up to %1× faster on this device.")
                    .arg(formatNumber(100.0 / *m.pctOfRoof, 2));
    text += QStringLiteral(" It takes %1 % of the time measured on this device (%2 launches).")
                .arg(formatNumber(100.0 * m.timeShare, 3))
                .arg(m.launches);
    return text;
}

QString positionNote(const PointDiagnosis &d)
{
    if (d.measured)
        return measuredNote(d, *d.measured);
    if (d.communication)
        return communicationNote(d, *d.communication);
    const QString factor = formatNumber(d.ridgeFactor, 2);
    switch (d.bound) {
    case Bound::Memory:
        return QStringLiteral("Memory-bound: its intensity of %1 is %2× the ridge (%3), so moving "
                              "the bytes (%4) sets the time and it reaches %5% of the peak. More "
                              "FLOP/s would not help; fewer bytes or more bandwidth would.")
            .arg(flopsPerByte(d.intensity), factor, flopsPerByte(d.ridge), formatDuration(d.tMem),
                 formatNumber(d.percentOfPeak, 3));
    case Bound::Compute:
        return QStringLiteral("Compute-bound: its intensity of %1 is %2× the ridge (%3), so the "
                              "arithmetic (%4) sets the time and it runs at the roof. More "
                              "bandwidth would not help; fewer FLOPs, a lower-precision math "
                              "format with a higher roof, or more compute would.")
            .arg(flopsPerByte(d.intensity), factor, flopsPerByte(d.ridge), formatDuration(d.tMath));
    case Bound::Balanced:
    case Bound::Latency: // only on a communication point, answered above
    case Bound::Interconnect:
        break;
    }
    return QStringLiteral("Near the ridge: its intensity of %1 is %2× the ridge (%3), so the "
                          "arithmetic (%4) and the memory traffic (%5) take about as long. Either "
                          "side helps; on real hardware, measure how far the kernel is below "
                          "its roof.")
        .arg(flopsPerByte(d.intensity), factor, flopsPerByte(d.ridge), formatDuration(d.tMath),
             formatDuration(d.tMem));
}

QString batchedGemmNote(const PointDiagnosis &d)
{
    const QString weights = QStringLiteral("Its weights (%1 of the %2 it moves) are read once for "
                                           "the whole batch, so a larger batch adds FLOPs almost "
                                           "without adding bytes.")
                                .arg(formatSi(d.bytes.weights, QStringLiteral("B")),
                                     formatSi(d.bytes.total(), QStringLiteral("B")));
    if (d.ridgeBatchState == RidgeBatchState::Never)
        return weights + QStringLiteral(" Yet no batch brings it to the ridge: every extra token "
                                        "also adds activation bytes, so its intensity levels off "
                                        "below the ridge and it stays memory-bound at every "
                                        "batch.");
    // Batch facts in whole batches, as the figure states them (the first whole batch at or
    // past the ridge); the figures table beside the text gives the exact solution.
    const QString batch = formatWholeBatch(d.ridgeBatch);
    if (d.ridgeBatch < 1.0 && d.ridgeFactor >= 1.0)
        return weights + QStringLiteral(" Even one sequence takes it past the ridge: a larger "
                                        "batch adds time in proportion to the tokens.");
    if (d.ridgeFactor < 1.0)
        return weights + QStringLiteral(" The point climbs the slope as the batch grows, reaches "
                                        "the ridge from batch %1 and then rides the roof: until "
                                        "there, batching is nearly free.")
                             .arg(batch);
    return weights + QStringLiteral(" It is past its ridge batch of %1: from there on, a larger "
                                    "batch adds time in proportion to the tokens.")
                         .arg(batch);
}

QString attentionDecodeNote(const PointDiagnosis &d)
{
    return QStringLiteral("Why attention does not move with the batch: each sequence reads its "
                          "own KV cache, so a larger batch adds FLOPs and bytes in the same "
                          "proportion and the point stays where it is. Its intensity is about "
                          "2·(H/H_kv)/b_kv, here %1 with a %2 KV cache. What moves it right: "
                          "grouped-query attention (sharing each KV head among more query heads "
                          "multiplies it by the group size) and a narrower KV format (an 8-bit "
                          "cache doubles it). "
                          "A longer context adds time, not intensity.")
        .arg(flopsPerByte(d.intensity), d.kv);
}

QString kindNote(const PointDiagnosis &d)
{
    switch (d.kind) {
    case OperatorKind::DecodeGemm:
    case OperatorKind::PrefillGemm:
        return d.ridgeBatchState == RidgeBatchState::NotApplicable ? QString() : batchedGemmNote(d);
    case OperatorKind::AttentionDecode:
        return attentionDecodeNote(d);
    case OperatorKind::AttentionPrefill:
        return QStringLiteral("Prefill attention's FLOPs grow with the square of the prompt "
                              "length and its bytes only in proportion to it, so a longer prompt "
                              "moves it right. The batch does not: each sequence attends to its "
                              "own tokens only.");
    case OperatorKind::Elementwise:
    case OperatorKind::Activation:
    case OperatorKind::LayerNorm:
    case OperatorKind::RmsNorm:
    case OperatorKind::Softmax:
        return QStringLiteral("This %1 pass does a few FLOPs for each element it reads and writes, "
                              "so the operation fixes its intensity (%2) whatever the batch. What "
                              "cuts its time is cutting passes: fused with its neighbour, its "
                              "input is not written out and read back.")
            .arg(operatorKindName(d.kind), flopsPerByte(d.intensity));
    case OperatorKind::Matmul:
        return QStringLiteral("A square matmul does 2·n³ FLOPs on 3·n² elements, so its "
                              "intensity grows with n: large ones sit on the roof.");
    case OperatorKind::Gemm: // its M is its own, not the batch: nothing moves it
    case OperatorKind::Custom:
        break;
    }
    return {};
}

RidgeBatchState ridgeBatchState(const PointAnalysis &p)
{
    if (!p.batchDependent)
        return RidgeBatchState::NotApplicable;
    return p.ridgeBatch ? RidgeBatchState::At : RidgeBatchState::Never;
}

QList<DeviceComparison> compare(const Analysis &analysis, const PointAnalysis &selected)
{
    QList<DeviceComparison> rows;
    for (const DeviceRoofs &roofs : analysis.devices) {
        if (roofs.deviceId == selected.deviceId)
            continue;
        const PointAnalysis *other = analysis.point(roofs.deviceId, selected.operatorId);
        if (!other || other->time <= 0 || selected.time <= 0)
            continue;
        DeviceComparison row;
        row.deviceId = roofs.deviceId;
        row.deviceName = roofs.deviceName;
        row.time = other->time;
        // Same operator, same work: the throughput ratio is the inverse of the time ratio.
        row.timeRatio = other->time / selected.time;
        row.throughputRatio = selected.time / other->time;
        row.attainableFlops = other->attainableFlops;
        row.ridge = other->ridge;
        row.bound = other->bound;
        row.math = other->math;
        row.fellBack = other->fellBack;
        rows.append(row);
    }
    return rows;
}

} // namespace

QString timeLimiterName(TimeLimiter limiter)
{
    return limiter == TimeLimiter::Math ? QStringLiteral("math") : QStringLiteral("memory");
}

PointDiagnosis diagnose(const Analysis &analysis, const QString &deviceId,
                        const QString &operatorId)
{
    PointDiagnosis d;
    const PointAnalysis *p = analysis.point(deviceId, operatorId);
    if (!p)
        return d;
    d.valid = true;
    d.deviceId = p->deviceId;
    d.deviceName = deviceName(analysis, p->deviceId);
    d.operatorId = p->operatorId;
    d.operatorName = p->operatorName;
    d.kind = p->kind;
    d.weights = p->weights;
    d.act = p->act;
    d.kv = p->kv;
    d.math = p->math;
    d.unit = p->unit;
    d.flops = p->flops;
    d.bytes = p->bytes;
    d.intensity = p->intensity;
    d.ridge = p->ridge;
    d.ridgeFactor = p->ridge > 0 ? p->intensity / p->ridge : 0.0;
    d.bound = p->bound;
    d.tMath = p->tMath;
    d.tMem = p->tMem;
    d.time = p->time;
    // On an exact tie either time sets it; memory is named, as the slope meets the roof there.
    d.limiter = p->tMath > p->tMem ? TimeLimiter::Math : TimeLimiter::Memory;
    d.attainableFlops = p->attainableFlops;
    d.peakFlops = p->peakFlops;
    d.bandwidth = p->bandwidth;
    d.percentOfPeak = p->pctOfPeak;
    d.ridgeBatchState = ridgeBatchState(*p);
    d.ridgeBatch = p->ridgeBatch.value_or(0.0);
    d.comparisons = compare(analysis, *p);
    d.communication = p->communication;
    d.measured = p->measured;

    d.notes.append(positionNote(d));
    const QString kind = d.communication || d.measured ? QString() : kindNote(d);
    if (!kind.isEmpty())
        d.notes.append(kind);
    if (p->fellBack && !p->note.isEmpty())
        d.notes.append(p->note + QLatin1Char('.'));
    if (d.measured) {
        for (const QString &warning : d.measured->warnings)
            d.notes.append(QStringLiteral("Check the data: ") + warning + QLatin1Char('.'));
    }
    d.explanation = d.notes.join(QStringLiteral("\n\n"));
    return d;
}

} // namespace rooflab
