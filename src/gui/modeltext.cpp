#include "modeltext.h"

#include "units.h"

#include <QCoreApplication>

namespace rooflab::gui::modeltext {

namespace {

QString tr(const char *text)
{
    return QCoreApplication::translate("rooflab::gui::ModelText", text);
}

QString formatName(const Catalog &catalog, const QString &id)
{
    const Format *format = catalog.format(id);
    return format ? format->name : id;
}

QString bytes(double value)
{
    return formatSi(value, QStringLiteral("B"), 3);
}

QString row(const QString &label, const QString &value)
{
    return QStringLiteral("<tr><td style='padding-right:10px'>%1</td><td><b>%2</b></td></tr>")
        .arg(label.toHtmlEscaped(), value.toHtmlEscaped());
}

QString schemeText(const Catalog &catalog, const PrecisionScheme &scheme)
{
    return tr("weights %1, activations %2, KV %3")
        .arg(formatName(catalog, scheme.weights), formatName(catalog, scheme.act),
             formatName(catalog, scheme.kv));
}

} // namespace

QString fitSentence(const Catalog &catalog, const ModelAnalysis &model)
{
    const ModelFootprint &f = model.footprint;
    if (f.capacityBytes <= 0)
        return tr("Memory footprint unknown.");
    if (f.fits)
        return tr("Fits: needs %1 of the %2 on %3.")
            .arg(bytes(f.totalBytes), bytes(f.capacityBytes), model.deviceName);
    QString text = tr("Does not fit: needs %1, %3 has %2. Needs %4 devices")
                       .arg(bytes(f.totalBytes), bytes(f.capacityBytes), model.deviceName)
                       .arg(f.devicesNeeded);
    if (f.fittingScheme)
        text += tr(", or fits one with %1 (%2)")
                    .arg(schemeText(catalog, *f.fittingScheme), bytes(f.fittingTotalBytes));
    return text + QLatin1Char('.');
}

QString totalsHtml(const Catalog &catalog, const ModelAnalysis &model)
{
    const ModelTotals &t = model.totals;
    const ModelFootprint &f = model.footprint;
    QString html = QStringLiteral("<table cellspacing='0' cellpadding='2'>");
    if (model.phase == Phase::Decode)
        html += row(tr("Step"),
                    tr("decode, batch %1, context %2 tokens")
                        .arg(formatNumber(model.shape.batch, 6), formatNumber(model.shape.seq, 7)));
    else
        html += row(tr("Step"), tr("prefill, batch %1 × prompt %2 tokens")
                                    .arg(formatNumber(model.shape.batch, 6),
                                         formatNumber(model.shape.prompt, 7)));
    html += row(tr("Precision"), schemeText(catalog, model.scheme));
    html += row(tr("Parameters"),
                t.activeParams != t.params
                    ? tr("%1 (%2 active per token)")
                          .arg(formatNumber(t.params, 4), formatNumber(t.activeParams, 4))
                    : formatNumber(t.params, 4));
    html += row(tr("Step time"), formatDuration(t.stepTime));
    html += row(tr("  math / memory"),
                tr("%1 / %2").arg(formatDuration(t.mathTime), formatDuration(t.memoryTime)));
    if (t.timePerOutputToken)
        html += row(tr("Time per output token"), formatDuration(*t.timePerOutputToken));
    if (t.timeToFirstToken)
        html += row(tr("Time to first token"), formatDuration(*t.timeToFirstToken));
    html += row(tr("Tokens per second"), formatNumber(t.tokensPerSecond, 4));
    html += row(tr("Step intensity"), formatNumber(t.intensity, 4) + QStringLiteral(" FLOP/B"));
    html += row(tr("Compute-bound from batch"),
                t.computeBoundBatch ? formatNumber(*t.computeBoundBatch, 4)
                                    : tr("none up to %1").arg(formatNumber(maxComputeBoundBatch)));
    html += row(tr("Kernels per step"),
                t.launchOverhead > 0
                    ? tr("%1, %2 launch overhead each")
                          .arg(formatNumber(t.kernels, 4), formatDuration(t.launchOverhead))
                    : tr("%1 (launch overhead not modelled)").arg(formatNumber(t.kernels, 4)));
    html += row(tr("Weights"), bytes(f.weightBytes));
    html += row(tr("KV cache"),
                tr("%1 (%2 per token)").arg(bytes(f.kvCacheBytes), bytes(f.kvBytesPerToken)));
    html += row(tr("Activations"), bytes(f.activationBytes));
    html += row(tr("Footprint"), tr("%1 of %2").arg(bytes(f.totalBytes), bytes(f.capacityBytes)));
    html += QStringLiteral("</table>");
    for (const QString &problem : model.problems)
        html += QStringLiteral("<p style='color:#c0392b'>%1</p>").arg(problem.toHtmlEscaped());
    return html;
}

} // namespace rooflab::gui::modeltext
