#include "legendnotes.h"

#include "batchmarks.h"
#include "units.h"

#include <QCoreApplication>
#include <QFontMetricsF>
#include <QHash>

#include <algorithm>

namespace rooflab {

namespace {

QString tr(const char *text)
{
    return QCoreApplication::translate("RooflineChart", text);
}

// The B* note where a mark spans several GEMMs ("B*=255–262"). No wider than the note without
// a range, nor its brief form, so that the legend keeps its size (docs/labels.md).
QString rangeNote()
{
    return tr("B* = each GEMM's ridge batch, lowest–highest");
}

// Points that run in another format than the scheme's, and points not drawn at all, are
// named in the legend (docs/roofline.md): nothing leaves the chart silently.
void addSubstitutionNotes(SceneModel &model, const Analysis &analysis)
{
    QStringList badges;
    QHash<QString, QStringList> devicesOf;
    for (const ScenePoint &point : std::as_const(model.points)) {
        const PointAnalysis &p = analysis.points.at(point.analysisIndex);
        if (p.badge.isEmpty())
            continue;
        if (!badges.contains(p.badge))
            badges.append(p.badge);
        QStringList &names = devicesOf[p.badge];
        const QString &name = model.deviceNames.at(point.device);
        if (!names.contains(name))
            names.append(name);
    }
    for (const QString &badge : std::as_const(badges)) {
        model.legend.append({SceneLegendEntry::Kind::Note,
                             tr("%1 (%2)").arg(badge, devicesOf.value(badge).join(tr(", "))),
                             0,
                             {},
                             true});
    }
    if (!analysis.problems.isEmpty()) {
        const QString first = analysis.problems.first();
        model.legend.append(
            {SceneLegendEntry::Kind::Note,
             analysis.problems.size() == 1
                 ? tr("Not drawn: %1").arg(first)
                 : tr("Not drawn: %1 (and %2 more)").arg(first).arg(analysis.problems.size() - 1),
             0,
             {},
             true});
    }
}

namespace {

// The widest of `forms` in `font` (the first of those as wide).
QString widestIn(const QFont &font, const QStringList &forms)
{
    const QFontMetricsF metrics(font);
    QString widest;
    for (const QString &form : forms) {
        if (widest.isEmpty() || metrics.horizontalAdvance(form) > metrics.horizontalAdvance(widest))
            widest = form;
    }
    return widest;
}

} // namespace

void addFitVerdicts(SceneModel &model, const Analysis &analysis)
{
    // A model's devices: each device's line says whether it fits (the title keeps only what
    // the model needs, or for one device says it too), sized for the widest the verdict can
    // become. With the
    // legend off the verdicts go under the title instead, which wraps rather than cuts.
    QStringList underTitle, underTitleWidest;
    for (const FitVerdict &verdict : std::as_const(model.options.fitVerdicts)) {
        for (SceneLegendEntry &entry : model.legend) {
            if (entry.kind != SceneLegendEntry::Kind::Device ||
                entry.device >= analysis.devices.size() ||
                analysis.devices.at(entry.device).deviceId != verdict.deviceId)
                continue;
            // Each in the font it is drawn in: the legend's, or under the title the title's.
            const QString widest = widestIn(model.fonts.legend, verdict.widest);
            underTitle.append(tr("%1: %2").arg(entry.text, verdict.text));
            underTitleWidest.append(
                tr("%1: %2").arg(entry.text, widestIn(model.fonts.title, verdict.widest)));
            entry.widest = entry.text + tr(" · ") + widest;
            entry.text += tr(" · ") + verdict.text;
        }
    }
    if (model.options.showLegend || underTitle.isEmpty())
        return;
    // Each form of the title gets them, its widest form at their widest, so that the title
    // keeps its height during a batch sweep with the legend off too. The brief form leaves
    // them out only because the legend says them.
    const QString verdicts = QLatin1Char('\n') + underTitle.join(tr("; "));
    const QString widest = QLatin1Char('\n') + underTitleWidest.join(tr("; "));
    ChartOptions &o = model.options;
    // A single device's whole title says its verdict in full already.
    if (model.options.fitVerdicts.size() > 1) {
        o.title += verdicts;
        if (!o.titleWidest.isEmpty())
            o.titleWidest += widest;
    }
    if (!o.titleBrief.isEmpty()) {
        o.titleBrief += verdicts;
        if (!o.titleBriefWidest.isEmpty())
            o.titleBriefWidest += widest;
    }
}

// Each device's line ends with its GEMMs' B*: a mark at a ridge corner is often hidden by
// the points or the roof labels there, and the legend always has room for it.
void addDeviceBatchTexts(SceneModel &model, bool *range)
{
    for (SceneLegendEntry &entry : model.legend) {
        if (entry.kind != SceneLegendEntry::Kind::Device)
            continue;
        bool spans = false;
        const QString batch = deviceBatchText(model, entry.device, &spans);
        if (batch.isEmpty())
            continue;
        *range = *range || spans;
        entry.batchSuffix = tr(" · ") + batch;
        if (!entry.widest.isEmpty())
            entry.widest += entry.batchSuffix;
        entry.text += entry.batchSuffix;
    }
}

// A device's line without its B* (the least legend forms leave it to the marks and the
// points' tooltips).
void dropBatchSuffix(SceneLegendEntry &entry)
{
    if (entry.batchSuffix.isEmpty())
        return;
    // The last copy only: the brief form may have put " · shaded zones" after it.
    for (QString *text : {&entry.text, &entry.widest}) {
        const qsizetype at = text->lastIndexOf(entry.batchSuffix);
        if (at >= 0)
            text->remove(at, entry.batchSuffix.size());
    }
    entry.batchSuffix.clear();
}

} // namespace

void addLegendNotes(SceneModel &model, const Analysis &analysis)
{
    addFitVerdicts(model, analysis);
    // The window and every file alike: what B* means, and whose ridge the zones shade.
    // A mark that spans several GEMMs ("B*=255–262") says what its two ends are.
    bool range = std::any_of(model.batchMarks.cbegin(), model.batchMarks.cend(),
                             [](const SceneBatchMark &mark) { return mark.range; });
    addDeviceBatchTexts(model, &range);
    if (!model.batchMarks.isEmpty()) {
        model.legend.append(
            {.kind = SceneLegendEntry::Kind::Note,
             .text = range ? rangeNote() : tr("B* = batch at which a GEMM reaches the ridge"),
             .topic = SceneLegendEntry::Topic::BatchMarks});
    }
    // With several devices the shading belongs to one of them: a note names it (a line of
    // its own, so that the device lines stay short enough to sit side by side).
    if (model.options.showZones && model.zoneRoof >= 0 && model.deviceNames.size() > 1) {
        const int device = model.roofs.at(model.zoneRoof).device;
        model.legend.append({.kind = SceneLegendEntry::Kind::Note,
                             .text = tr("Shaded zones: %1").arg(model.deviceNames.at(device)),
                             .device = device,
                             .topic = SceneLegendEntry::Topic::Zones});
    }
    addSubstitutionNotes(model, analysis);
}

QList<SceneLegendEntry> briefLegendLines(const QList<SceneLegendEntry> &lines, bool markerKinds)
{
    // The zones' device is said on its own line ("· shaded zones") instead of a note that
    // repeats its name; B* keeps a short explanation. Every other line stays as it is.
    QList<SceneLegendEntry> brief;
    int zonesDevice = -1;
    for (const SceneLegendEntry &entry : lines) {
        if (entry.topic == SceneLegendEntry::Topic::Zones)
            zonesDevice = entry.device;
    }
    for (SceneLegendEntry entry : lines) {
        if (entry.topic == SceneLegendEntry::Topic::Zones ||
            (!markerKinds && entry.kind == SceneLegendEntry::Kind::Marker))
            continue;
        if (entry.topic == SceneLegendEntry::Topic::BatchMarks)
            entry.text = entry.text == rangeNote() ? tr("B* = ridge batch, lo–hi")
                                                   : tr("B* = GEMM ridge batch");
        if (!markerKinds)
            dropBatchSuffix(entry);
        if (entry.kind == SceneLegendEntry::Kind::Device && entry.device == zonesDevice) {
            if (!entry.widest.isEmpty())
                entry.widest += tr(" · shaded zones");
            entry.text += tr(" · shaded zones");
        }
        brief.append(entry);
    }
    return brief;
}

QList<SceneLegendEntry> keyLegendLines(const QList<SceneLegendEntry> &lines,
                                       const QStringList &deviceNames, int *notesLeftOut)
{
    const QStringList shortNames = shortDeviceNames(deviceNames);
    QList<SceneLegendEntry> key;
    int dropped = 0;
    for (SceneLegendEntry entry : lines) {
        if (entry.kind == SceneLegendEntry::Kind::Marker)
            continue;
        if (entry.kind != SceneLegendEntry::Kind::Device || entry.device < 0 ||
            entry.device >= deviceNames.size()) {
            ++dropped;
            continue;
        }
        // A device's line keeps what it says after the name (its fit verdict: the brief
        // title leaves that to the legend); a line that says something else is counted.
        const QString &name = deviceNames.at(entry.device);
        const QString &shortName = shortNames.at(entry.device);
        dropBatchSuffix(entry);
        if (!entry.text.startsWith(name)) {
            ++dropped;
            entry.text = shortName;
            entry.widest.clear();
        } else {
            entry.text = shortName + entry.text.mid(name.size());
            if (entry.widest.startsWith(name))
                entry.widest = shortName + entry.widest.mid(name.size());
        }
        key.append(entry);
    }
    if (notesLeftOut)
        *notesLeftOut = dropped;
    return key;
}

namespace {

// The words of a device's name, without the brackets and commas around them.
QStringList nameWords(const QString &name)
{
    QStringList words;
    for (QString word : name.split(QLatin1Char(' '), Qt::SkipEmptyParts)) {
        while (!word.isEmpty() && QStringLiteral("(),").contains(word.back()))
            word.chop(1);
        while (!word.isEmpty() && word.front() == QLatin1Char('('))
            word.remove(0, 1);
        if (!word.isEmpty())
            words.append(word);
    }
    return words;
}

// Where a name's short form starts and how many words it takes: its first word with a
// digit, or that and the word before it when it is a bare number ("Gaudi 3", "RTX 4090") or
// a version ("TPU v4"); {-1, 0}: no word with a digit.
std::pair<qsizetype, qsizetype> shortStart(const QStringList &words)
{
    for (qsizetype i = 0; i < words.size(); ++i) {
        const QString &w = words.at(i);
        if (std::none_of(w.cbegin(), w.cend(), [](QChar c) { return c.isDigit(); }))
            continue;
        const bool bare = !w.front().isUpper() ||
                          std::none_of(w.cbegin(), w.cend(), [](QChar c) { return c.isLetter(); });
        return bare && i > 0 ? std::pair{i - 1, qsizetype(2)} : std::pair{i, qsizetype(1)};
    }
    return {-1, 0};
}

} // namespace

QStringList shortDeviceNames(const QStringList &names)
{
    QList<QStringList> words;
    QList<qsizetype> start;
    QList<qsizetype> length;
    for (const QString &name : names) {
        words.append(nameWords(name));
        const auto [first, count] = shortStart(words.last());
        start.append(first);
        length.append(count);
    }
    const auto shortOf = [&](qsizetype i) {
        return start.at(i) < 0 ? names.at(i)
                               : words.at(i).mid(start.at(i), length.at(i)).join(QLatin1Char(' '));
    };
    // Names that read the same all grow by a word until they differ; one that runs out of
    // words is said whole.
    for (bool grew = true; grew;) {
        grew = false;
        QList<qsizetype> same;
        for (qsizetype i = 0; i < names.size(); ++i) {
            for (qsizetype j = 0; j < names.size(); ++j) {
                if (i != j && start.at(i) >= 0 && shortOf(i) == shortOf(j)) {
                    same.append(i);
                    break;
                }
            }
        }
        for (const qsizetype i : std::as_const(same)) {
            if (start.at(i) + length.at(i) < words.at(i).size())
                ++length[i];
            else
                start[i] = -1;
            grew = true;
        }
    }
    QStringList result;
    for (qsizetype i = 0; i < names.size(); ++i)
        result.append(shortOf(i));
    return result;
}

QStringList keyLeftOutParts(int labels, int notes)
{
    QStringList parts;
    if (labels > 0)
        parts.append(countedText(labels, QCoreApplication::translate("RooflineChart", "%1 label"),
                                 QCoreApplication::translate("RooflineChart", "%1 labels")));
    if (notes > 0)
        parts.append(countedText(notes, QCoreApplication::translate("RooflineChart", "%1 note"),
                                 QCoreApplication::translate("RooflineChart", "%1 notes")));
    if (!parts.isEmpty())
        parts.prepend(tr("Left out:"));
    return parts;
}

QString keyLeftOutNote(int labels, int notes)
{
    QStringList parts = keyLeftOutParts(labels, notes);
    if (parts.isEmpty())
        return {};
    const QString head = parts.takeFirst();
    return head + QLatin1Char(' ') + parts.join(tr(" · "));
}

int mostLeftOut(const SceneModel &model)
{
    const qsizetype labels = model.points.size() + 2 * model.roofs.size() + model.slopes.size() +
                             model.batchMarks.size();
    return static_cast<int>(std::clamp<qsizetype>(labels, 99, 1'000'000'000));
}

QString lineLabelsLeftOutText(const QStringList &labels)
{
    QStringList lines{tr("Left out of the chart for want of room:")};
    for (const QString &label : labels)
        lines.append(QStringLiteral("  ") + label);
    return lines.join(QLatin1Char('\n'));
}

bool roofLabelGoesTo(const SceneModel &model, const SceneRoof &roof, int device)
{
    if (roof.device == device)
        return true;
    return roof.labelShared &&
           std::any_of(model.roofs.cbegin(), model.roofs.cend(), [&](const SceneRoof &o) {
               return o.device == device && o.ghost == roof.ghost && o.peak == roof.peak;
           });
}

} // namespace rooflab
