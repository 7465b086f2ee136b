#include "pointtext.h"

#include "units.h"

#include <QCoreApplication>

namespace rooflab::gui::pointtext {

namespace {

QString tr(const char *text)
{
    return QCoreApplication::translate("rooflab::gui::PointText", text);
}

QString intensity(double value)
{
    return formatNumber(value, 4) + QStringLiteral(" FLOP/B");
}

QString positionText(const PointDiagnosis &d)
{
    if (d.ridgeFactor <= 0)
        return tr("n/a");
    if (d.ridgeFactor < 1)
        return tr("%1× below the ridge").arg(formatNumber(1 / d.ridgeFactor, 3));
    return tr("%1× above the ridge").arg(formatNumber(d.ridgeFactor, 3));
}

QString ridgeBatchText(const PointDiagnosis &d)
{
    switch (d.ridgeBatchState) {
    case RidgeBatchState::At:
        // The whole batch first, as the figure states it; the exact solution beside it,
        // since a row of the panel's rich text has no tooltip of its own.
        return tr("from batch %1 (exactly %2)")
            .arg(formatWholeBatch(d.ridgeBatch), formatNumber(d.ridgeBatch, 4));
    case RidgeBatchState::Never:
        return tr("never (memory-bound at every batch)");
    case RidgeBatchState::NotApplicable:
        break;
    }
    return tr("does not follow the batch");
}

QString comparisonHtml(const PointDiagnosis &d)
{
    if (d.comparisons.isEmpty())
        return {};
    QString html = QStringLiteral("<p style='margin-top:8px'><b>%1</b></p>"
                                  "<table cellspacing='0' cellpadding='3'><tr><th align='left'>%2"
                                  "</th><th align='right'>%3</th><th align='right'>%4</th>"
                                  "<th align='left'>%5</th></tr>")
                       .arg(tr("On the other devices").toHtmlEscaped(), tr("Device"), tr("Time"),
                            tr("Speed"), tr("Bound"));
    for (const DeviceComparison &c : d.comparisons) {
        const QString speed = tr("%1×").arg(formatNumber(c.throughputRatio, 3));
        html += QStringLiteral("<tr><td>%1</td><td align='right'>%2</td><td align='right'>%3</td>"
                               "<td>%4</td></tr>")
                    .arg(c.deviceName.toHtmlEscaped(), formatDuration(c.time), speed,
                         boundText(c.bound) + (c.fellBack ? tr(" (fallback roof)") : QString()));
    }
    html += QStringLiteral("</table><p><small>%1</small></p>")
                .arg(tr("Speed: throughput there ÷ throughput on %1 (above 1: faster).")
                         .arg(d.deviceName)
                         .toHtmlEscaped());
    return html;
}

} // namespace

QString formatName(const Catalog &catalog, const QString &id)
{
    const Format *format = catalog.format(id);
    return format ? format->name : id;
}

QString htmlRow(const QString &label, const QString &value)
{
    return QStringLiteral("<tr><td style='padding-right:10px'>%1</td><td><b>%2</b></td></tr>")
        .arg(label.toHtmlEscaped(), value.toHtmlEscaped());
}

QString deviceName(const Analysis &analysis, const QString &deviceId)
{
    for (const DeviceRoofs &roofs : analysis.devices) {
        if (roofs.deviceId == deviceId)
            return roofs.deviceName;
    }
    return deviceId;
}

QString boundText(Bound bound)
{
    switch (bound) {
    case Bound::Memory:
        return tr("memory-bound");
    case Bound::Balanced:
        return tr("balanced");
    case Bound::Compute:
        return tr("compute-bound");
    }
    return {};
}

QString summary(const Analysis &analysis, const PointAnalysis &p)
{
    return tr("%1 on %2: intensity %3 (ridge %4), %5, %6, %7% of the %8 peak")
        .arg(p.operatorName, deviceName(analysis, p.deviceId), intensity(p.intensity),
             intensity(p.ridge), boundText(p.bound), formatDuration(p.time),
             formatNumber(p.pctOfPeak, 3), p.math.toUpper());
}

QString diagnosisHtml(const Catalog &catalog, const PointDiagnosis &d)
{
    if (!d.valid)
        return tr("<p>No point is selected. Click a point on the chart, or press N.</p>");
    const bool mathSets = d.limiter == TimeLimiter::Math;
    QString html = QStringLiteral("<table cellspacing='0' cellpadding='1'>");
    html += htmlRow(tr("Work"), formatSi(d.flops, QStringLiteral("FLOP")));
    html += htmlRow(tr("Bytes moved"), formatBytes(d.bytes.total()));
    html += htmlRow(tr("Weights · activations · KV"),
                    QStringLiteral("%1 · %2 · %3")
                        .arg(formatBytes(d.bytes.weights, 3), formatBytes(d.bytes.act, 3),
                             formatBytes(d.bytes.kv, 3)));
    html += htmlRow(tr("Intensity"), intensity(d.intensity));
    html += htmlRow(tr("Ridge (%1 %2 roof)").arg(d.math.toUpper(), unitKindName(d.unit)),
                    intensity(d.ridge));
    html += htmlRow(tr("Position"), positionText(d));
    html += htmlRow(tr("Bound"), boundText(d.bound));
    html += htmlRow(tr("T_math"),
                    formatDuration(d.tMath) + (mathSets ? tr("  ← sets the time") : QString()));
    html += htmlRow(tr("T_mem"),
                    formatDuration(d.tMem) + (mathSets ? QString() : tr("  ← sets the time")));
    html +=
        htmlRow(tr("Attainable"), tr("%1 of %2 peak")
                                      .arg(formatSi(d.attainableFlops, QStringLiteral("FLOP/s")),
                                           formatSi(d.peakFlops, QStringLiteral("FLOP/s"))));
    html += htmlRow(tr("Share of peak"), tr("%1%").arg(formatNumber(d.percentOfPeak, 3)));
    html += htmlRow(tr("Reaches the ridge"), ridgeBatchText(d));
    html += htmlRow(tr("Formats (W · A · KV)"),
                    QStringLiteral("%1 · %2 · %3")
                        .arg(formatName(catalog, d.weights), formatName(catalog, d.act),
                             formatName(catalog, d.kv)));
    html += QStringLiteral("</table>");
    return html + comparisonHtml(d);
}

} // namespace rooflab::gui::pointtext
