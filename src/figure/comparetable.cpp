#include "comparetable.h"

#include "tableexport.h"
#include "units.h"

#include <algorithm>

namespace rooflab {

namespace {

// A figure as CSV carries it: full precision.
QString csvNumber(double value)
{
    return QString::number(value, 'g', 12);
}

} // namespace

QStringList compareHeaders()
{
    return {QStringLiteral("device"),
            QStringLiteral("TP"),
            QStringLiteral("PP"),
            QStringLiteral("devices"),
            QStringLiteral("fits"),
            QStringLiteral("step time"),
            QStringLiteral("TTFT"),
            QStringLiteral("tokens/s"),
            QStringLiteral("tokens/s per device"),
            QStringLiteral("$ per 1M tokens"),
            QStringLiteral("bound")};
}

QString compareBestForDeviceNote()
{
    return QStringLiteral("the device's best of the TPs asked for: most tokens/s per device, so "
                          "the least cost per token at its price");
}

QString compareRowLabel(const CompareRow &r)
{
    return r.requestedTp > 0 ? QStringLiteral("%1, TP %2").arg(r.deviceName).arg(r.requestedTp)
                             : r.deviceName;
}

QStringList compareTextCells(const CompareRow &r)
{
    const QString none = QStringLiteral("—");
    const bool shown = r.problem.isEmpty();
    const QString tp = shown               ? QString::number(r.tp)
                       : r.requestedTp > 0 ? QString::number(r.requestedTp)
                                           : none;
    return {r.deviceName,
            tp,
            shown ? QString::number(r.pp) : none,
            shown ? QString::number(r.devices) : none,
            shown && r.fits ? QStringLiteral("yes") : QStringLiteral("no"),
            shown ? formatDuration(r.stepTime) : none,
            shown ? formatDuration(r.ttft) : none,
            shown ? formatNumber(r.tokensPerSecond) : none,
            shown ? formatNumber(r.tokensPerSecondPerDevice) : none,
            r.costPerMillionTokens ? QStringLiteral("$") + formatNumber(*r.costPerMillionTokens)
                                   : none,
            shown ? r.bound : none};
}

QByteArray writeCompareCsv(const QList<CompareRow> &rows)
{
    QString out =
        compareColumns().join(QLatin1Char(',')) + QStringLiteral(",best,problem,best_for_device\n");
    for (const CompareRow &r : rows) {
        const bool shown = r.problem.isEmpty();
        const QStringList cells{csvField(r.deviceId),
                                shown ? QString::number(r.tp) : QString(),
                                shown ? QString::number(r.pp) : QString(),
                                shown ? QString::number(r.devices) : QString(),
                                r.fits ? QStringLiteral("true") : QStringLiteral("false"),
                                shown ? csvNumber(r.stepTime) : QString(),
                                shown ? csvNumber(r.ttft) : QString(),
                                shown ? csvNumber(r.tokensPerSecond) : QString(),
                                shown ? csvNumber(r.tokensPerSecondPerDevice) : QString(),
                                r.costPerMillionTokens ? csvNumber(*r.costPerMillionTokens)
                                                       : QString(),
                                shown ? r.bound : QString(),
                                r.best.join(QLatin1Char(';')),
                                csvField(r.problem),
                                r.bestForDevice ? QStringLiteral("true") : QStringLiteral("false")};
        out += cells.join(QLatin1Char(',')) + QLatin1Char('\n');
    }
    return out.toUtf8();
}

QByteArray writeCompareMarkdown(const QList<CompareRow> &rows)
{
    const QStringList headers = compareHeaders();
    QString out =
        QStringLiteral("| ") + headers.join(QStringLiteral(" | ")) + QStringLiteral(" |\n|");
    for (qsizetype i = 0; i < headers.size(); ++i)
        out += i == 0 || i == headers.size() - 1 ? QStringLiteral("---|") : QStringLiteral("---:|");
    out += QLatin1Char('\n');
    QStringList notes;
    for (const CompareRow &r : rows) {
        QStringList cells = compareTextCells(r);
        cells[0].replace(QLatin1Char('|'), QStringLiteral("\\|"));
        for (qsizetype i = 0; i < cells.size(); ++i) {
            if (r.best.contains(compareColumns().at(i)))
                cells[i] = QStringLiteral("**") + cells[i] + QStringLiteral("**");
        }
        if (r.bestForDevice)
            cells[1] += QLatin1Char('+');
        out += QStringLiteral("| ") + cells.join(QStringLiteral(" | ")) + QStringLiteral(" |\n");
        if (!r.problem.isEmpty())
            notes.append(QStringLiteral("- %1: %2").arg(compareRowLabel(r), r.problem));
    }
    if (std::any_of(rows.cbegin(), rows.cend(),
                    [](const CompareRow &r) { return r.bestForDevice; }))
        notes.prepend(QStringLiteral("- TP+: %1").arg(compareBestForDeviceNote()));
    if (!notes.isEmpty())
        out += QLatin1Char('\n') + notes.join(QLatin1Char('\n')) + QLatin1Char('\n');
    return out.toUtf8();
}

} // namespace rooflab
