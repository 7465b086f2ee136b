#include "modeltext.h"

#include "pointtext.h"
#include "units.h"

#include <QCoreApplication>

namespace rooflab::gui::modeltext {

namespace {

QString tr(const char *text)
{
    return QCoreApplication::translate("rooflab::gui::ModelText", text);
}

QString bytes(double value)
{
    return formatBytes(value, 3);
}

// Parameter counts with a short-scale prefix: "70.55 B" rather than "7.055e+10".
QString count(double value)
{
    return formatCount(value, 4);
}

// A whole batch first, as the figure states it; the exact solution in parentheses, since
// a row of the panel's rich text has no tooltip of its own.
QString computeBoundText(const std::optional<double> &batch)
{
    if (!batch)
        return tr("at no batch up to %1").arg(formatWholeBatch(maxComputeBoundBatch));
    // Below one sequence (a long prefill prompt), batch 1 is already past the ridge.
    if (*batch < 1)
        return tr("at every batch (the ridge at batch %1)").arg(formatNumber(*batch, 4));
    return tr("from batch %1 (exactly %2)").arg(formatWholeBatch(*batch), formatExactBatch(*batch));
}

QString schemeText(const Catalog &catalog, const PrecisionScheme &scheme)
{
    return tr("weights %1, activations %2, KV %3")
        .arg(pointtext::formatName(catalog, scheme.weights),
             pointtext::formatName(catalog, scheme.act), pointtext::formatName(catalog, scheme.kv));
}

// What one device of the deployment holds and sends (docs/models.md, "Deployments").
void addDeploymentRows(const ModelAnalysis &model, QList<QStringList> &rows)
{
    const auto row = [&rows](const QString &label, const QString &value) {
        rows.append({label, value});
    };
    const ModelDeployment &d = model.deployment;
    QString degrees = d.pp > 1 ? tr("TP %1 × PP %2 = %3 devices").arg(d.tp).arg(d.pp).arg(d.devices)
                      : d.devices > 1 ? tr("TP %1: %2 devices").arg(d.tp).arg(d.devices)
                                      : tr("one device");
    if (d.tpAuto)
        degrees += tr(" (auto)");
    row(tr("Deployment"), degrees);
    row(tr("Per device: weights"), bytes(d.perDevice.weightBytes));
    row(tr("  KV cache / activations"),
        tr("%1 / %2").arg(bytes(d.perDevice.kvCacheBytes), bytes(d.perDevice.activationBytes)));
    row(tr("  footprint"), (d.fits ? tr("%1 of %2 usable (%3 % kept free): fits")
                                   : tr("%1 of %2 usable (%3 % kept free): does not fit"))
                               .arg(bytes(d.perDevice.totalBytes), bytes(d.usableBytes),
                                    formatNumber(d.headroom * 100, 3)));
    row(tr("Largest batch that fits"),
        d.maxBatchFits >= 1 ? formatNumber(d.maxBatchFits, 7) : tr("none"));
    if (d.devices > 1)
        row(tr("Communication"), tr("%1 per step: %2 all-reduces of %3, %4 all-gather of %5")
                                     .arg(formatDuration(d.commTime), formatNumber(d.allReduces, 6),
                                          bytes(d.allReduceBytes), formatNumber(d.allGathers, 3),
                                          bytes(d.allGatherBytes)));
    row(tr("Tokens/s per device"), formatNumber(d.tokensPerSecondPerDevice, 4));
    row(tr("Cost per 1M tokens"),
        d.costPerMillionTokens ? QStringLiteral("$") + formatNumber(*d.costPerMillionTokens, 4)
                               : tr("— (no price per device-hour)"));
}

} // namespace

bool fits(const ModelAnalysis &model)
{
    return model.ok() && model.deployment.devices > 1 ? model.deployment.fits
                                                      : model.footprint.fits;
}

SheetBlock fitTable(const QList<ModelAnalysis> &models)
{
    SheetBlock table = SheetBlock::table({}, -1, {tr("Device"), tr("Fit"), tr("Needs / holds")});
    for (const ModelAnalysis &m : models) {
        const ModelFootprint &f = m.footprint;
        if (f.capacityBytes <= 0)
            continue;
        const ModelDeployment &d = m.deployment;
        const bool fits = d.devices > 1 ? d.fits : f.fits;
        QString verdict = fits ? tr("fits") : tr("no");
        if (d.devices > 1)
            verdict = QCoreApplication::translate("rooflab::gui::ModelText", "%1 on %n devices",
                                                  nullptr, d.devices)
                          .arg(verdict);
        else if (!fits)
            verdict = tr("%1, %2").arg(verdict, devicesNeededText(f));
        if (!fits) // a verdict against the model stands out
            table.boldCells.append(QPoint(1, static_cast<int>(table.rows.size())));
        table.rows.append({m.deviceName, verdict,
                           tr("%1 / %2").arg(bytes(f.totalBytes), bytes(f.capacityBytes))});
    }
    return table;
}

QString fitSentence(const Catalog &catalog, const ModelAnalysis &model)
{
    const ModelFootprint &f = model.footprint;
    // Spread over several devices, the verdict is that of one device of the deployment.
    if (model.ok() && model.deployment.devices > 1) {
        const ModelDeployment &d = model.deployment;
        return (d.fits ? tr("Fits %1 devices (TP %2, PP %3): needs %4 of the %5 usable on each.")
                       : tr("Does not fit %1 devices (TP %2, PP %3): needs %4 of the %5 usable "
                            "on each."))
            .arg(d.devices)
            .arg(d.tp)
            .arg(d.pp)
            .arg(bytes(d.perDevice.totalBytes), bytes(d.usableBytes));
    }
    if (f.capacityBytes <= 0)
        return tr("Memory footprint unknown.");
    if (f.fits)
        return tr("Fits: needs %1 of the %2 on %3.")
            .arg(bytes(f.totalBytes), bytes(f.capacityBytes), model.deviceName);
    QString text =
        f.fittingTp > 0
            ? tr("Does not fit: needs %1, %3 has %2. Needs %4 devices (TP %4)")
                  .arg(bytes(f.totalBytes), bytes(f.capacityBytes), model.deviceName)
                  .arg(f.fittingTp)
            : tr("Does not fit: needs %1, %3 has %2. No tensor-parallel degree up to %4 fits")
                  .arg(bytes(f.totalBytes), bytes(f.capacityBytes), model.deviceName)
                  .arg(f.largestTp);
    if (f.fittingScheme)
        text += tr(", or fits one with %1 (%2)")
                    .arg(schemeText(catalog, *f.fittingScheme), bytes(f.fittingTotalBytes));
    return text + QLatin1Char('.');
}

QList<SheetBlock> totalsBlocks(const Catalog &catalog, const ModelAnalysis &model)
{
    const ModelTotals &t = model.totals;
    const ModelFootprint &f = model.footprint;
    QList<QStringList> rows;
    const auto row = [&rows](const QString &label, const QString &value) {
        rows.append({label, value});
    };
    if (model.phase == Phase::Decode)
        row(tr("Step"),
            tr("decode, batch %1, context %2 tokens")
                .arg(formatNumber(model.shape.batch, 6), formatNumber(model.shape.seq, 7)));
    else
        row(tr("Step"),
            tr("prefill, batch %1 × prompt %2 tokens")
                .arg(formatNumber(model.shape.batch, 6), formatNumber(model.shape.prompt, 7)));
    row(tr("Precision"), schemeText(catalog, model.scheme));
    row(tr("Parameters"),
        t.activeParams != t.params
            ? tr("%1 (%2 active per token)").arg(count(t.params), count(t.activeParams))
            : count(t.params));
    row(tr("Step time"), formatDuration(t.stepTime));
    row(tr("  math / memory"),
        tr("%1 / %2").arg(formatDuration(t.mathTime), formatDuration(t.memoryTime)));
    if (t.timePerOutputToken)
        row(tr("Time per output token"), formatDuration(*t.timePerOutputToken));
    if (t.timeToFirstToken)
        row(tr("Time to first token"), formatDuration(*t.timeToFirstToken));
    row(tr("Tokens per second"), formatNumber(t.tokensPerSecond, 4));
    row(tr("Step intensity"), formatNumber(t.intensity, 4) + QStringLiteral(" FLOP/B"));
    row(tr("Compute-bound"), computeBoundText(t.computeBoundBatch));
    row(tr("Kernels per step"),
        t.launchOverhead > 0
            ? tr("%1, %2 launch overhead each")
                  .arg(formatNumber(t.kernels, 4), formatDuration(t.launchOverhead))
            : tr("%1 (launch overhead not modelled)").arg(formatNumber(t.kernels, 4)));
    row(tr("Weights"), bytes(f.weightBytes));
    row(tr("KV cache"),
        tr("%1 (%2 per token)").arg(bytes(f.kvCacheBytes), bytes(f.kvBytesPerToken)));
    row(tr("Activations"), bytes(f.activationBytes));
    row(tr("Footprint"), tr("%1 of %2").arg(bytes(f.totalBytes), bytes(f.capacityBytes)));
    if (model.ok())
        addDeploymentRows(model, rows);
    QList<SheetBlock> blocks = {pointtext::figureTable(rows)};
    for (const QString &problem : model.problems)
        blocks.append(SheetBlock::paragraph(SheetBlock::Kind::Warning, problem));
    return blocks;
}

} // namespace rooflab::gui::modeltext
