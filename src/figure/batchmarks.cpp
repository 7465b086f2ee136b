#include "batchmarks.h"

#include "sameid.h"
#include "units.h"

#include <algorithm>
#include <cmath>
#include <limits>

namespace rooflab {

namespace {

// The model's points of each device (indices into model.points, in order).
QList<QList<int>> pointsByDevice(const SceneModel &model)
{
    QList<QList<int>> result(model.deviceNames.size());
    for (qsizetype i = 0; i < model.points.size(); ++i) {
        const int device = model.points.at(i).device;
        if (device >= 0 && device < result.size())
            result[device].append(static_cast<int>(i));
    }
    return result;
}

// "B*=310", or "B*=298–345" where the ends are different whole batches.
QString rangeText(double low, double high, bool *range)
{
    const QString lowText = formatWholeBatch(low), highText = formatWholeBatch(high);
    if (range)
        *range = lowText != highText;
    return lowText == highText ? QStringLiteral("B*=%1").arg(lowText)
                               : QStringLiteral("B*=%1–%2").arg(lowText, highText);
}

} // namespace

void addBatchMarks(SceneModel &model, const Analysis &analysis)
{
    const QList<QList<int>> devicePoints = pointsByDevice(model);
    for (const SceneRoof &roof : std::as_const(model.roofs)) {
        if (roof.ghost || roof.device < 0 || roof.device >= devicePoints.size())
            continue;
        double low = std::numeric_limits<double>::max(), high = 0;
        SceneBatchMark mark{roof.device, roof.ridge, roof.peak, {}, {}, false};
        double selectedBatch = 0;
        for (int index : devicePoints.at(roof.device)) {
            const ScenePoint &point = model.points.at(index);
            const PointAnalysis &p = analysis.points.at(point.analysisIndex);
            // Decode GEMMs tell the batching story; any other kind only when selected.
            const bool decodeGemm = p.kind == OperatorKind::DecodeGemm;
            if (!p.ridgeBatch || !sameValue(p.peakFlops, roof.peak) ||
                (!decodeGemm && !point.selected))
                continue;
            low = std::min(low, *p.ridgeBatch);
            high = std::max(high, *p.ridgeBatch);
            if (decodeGemm) {
                mark.gemmLow =
                    mark.gemmLow > 0 ? std::min(mark.gemmLow, *p.ridgeBatch) : *p.ridgeBatch;
                mark.gemmHigh = std::max(mark.gemmHigh, *p.ridgeBatch);
            }
            if (point.selected) {
                mark.selected = true;
                selectedBatch = *p.ridgeBatch;
            }
        }
        if (high == 0)
            continue;
        // Whole batches on the figure (the first whole batch past the ridge); the exact
        // value is in the point's tooltip.
        mark.text = mark.selected ? QStringLiteral("B*=%1").arg(formatWholeBatch(selectedBatch))
                                  : rangeText(low, high, &mark.range);
        model.batchMarks.append(mark);
    }
}

QString deviceBatchText(const SceneModel &model, int device, bool *range)
{
    double low = 0, high = 0;
    for (const SceneBatchMark &mark : model.batchMarks) {
        if (mark.device != device || mark.gemmHigh <= 0)
            continue;
        low = low > 0 ? std::min(low, mark.gemmLow) : mark.gemmLow;
        high = std::max(high, mark.gemmHigh);
    }
    if (range)
        *range = false;
    return high > 0 ? rangeText(low, high, range) : QString();
}

} // namespace rooflab
