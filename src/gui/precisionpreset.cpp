#include "precisionpreset.h"

#include "format.h"

#include <QCoreApplication>

namespace rooflab::gui {

namespace {

PrecisionPreset preset(const char *id, const char *label, const char *weights, const char *act,
                       const char *math)
{
    return {QString::fromLatin1(id), QString::fromLatin1(label), QString::fromLatin1(weights),
            QString::fromLatin1(act), QString::fromLatin1(math)};
}

// Same storage size and math family: "fp8" and "fp8-e4m3" are the same choice here.
bool sameFormat(const Catalog &catalog, const QString &a, const QString &b)
{
    if (a == b)
        return true;
    const Format *fa = catalog.format(a);
    const Format *fb = catalog.format(b);
    return fa && fb && fa->math == fb->math && fa->bytesPerElement() == fb->bytesPerElement();
}

// The wider formats a device without the asked math runs it in, in the core's order
// (docs/roofline.md, "Which roof": BF16, then FP16, then FP32, only upwards).
const char *const widerFallbacks[] = {"bf16", "fp16", "fp32"};

bool hasCeiling(const Device &device, const QString &family)
{
    return device.ceiling(UnitKind::Matrix, family) || device.ceiling(UnitKind::Vector, family);
}

// True when `a` is a wider math family than `b` (mathFamilies() lists the widest first).
bool isWider(const QString &a, const QString &b)
{
    const QStringList &families = mathFamilies();
    const qsizetype ia = families.indexOf(a), ib = families.indexOf(b);
    return ia >= 0 && (ib < 0 || ia < ib);
}

// The wider family `device` runs a matrix operator of `family` in when it has no ceiling
// for it, searched as the core does (matrix units first); empty when it has one, or has no
// wider one either.
QString widerFamily(const Device &device, const QString &family)
{
    if (hasCeiling(device, family))
        return {};
    for (const UnitKind kind : {UnitKind::Matrix, UnitKind::Vector}) {
        for (const char *wide : widerFallbacks) {
            const QString wider = QLatin1String(wide);
            if (isWider(wider, family) && device.ceiling(kind, wider))
                return wider;
        }
    }
    return {};
}

QString tr(const char *text)
{
    return QCoreApplication::translate("rooflab::gui::PrecisionPreset", text);
}

} // namespace

const QList<PrecisionPreset> &precisionPresets()
{
    static const QList<PrecisionPreset> presets = {
        preset("fp32", "FP32", "fp32", "fp32", "fp32"),
        preset("bf16", "BF16", "bf16", "bf16", "bf16"),
        preset("w8a16", "W8A16", "fp8-e4m3", "bf16", "bf16"),
        preset("w4a16", "W4A16", "int4-g128", "bf16", "bf16"),
        preset("w8a8-fp8", "W8A8 FP8", "fp8-e4m3", "fp8-e4m3", "fp8-e4m3"),
        preset("w4a4-fp4", "W4A4 FP4", "nvfp4", "nvfp4", "nvfp4"),
    };
    return presets;
}

PrecisionScheme schemeFor(const PrecisionPreset &preset, const QString &kv)
{
    PrecisionScheme scheme;
    scheme.weights = preset.weights;
    scheme.act = preset.act;
    scheme.kv = kv;
    scheme.math = preset.math;
    return scheme;
}

std::optional<qsizetype> matchPreset(const Catalog &catalog, const PrecisionScheme &scheme)
{
    const QList<PrecisionPreset> &presets = precisionPresets();
    for (qsizetype i = 0; i < presets.size(); ++i) {
        const PrecisionPreset &p = presets.at(i);
        // An empty math format means "the wider operand", which is the preset's math for
        // every preset above (their math equals the wider of weights and activations).
        const QString math = scheme.math.isEmpty() ? p.math : scheme.math;
        if (sameFormat(catalog, scheme.weights, p.weights) &&
            sameFormat(catalog, scheme.act, p.act) && sameFormat(catalog, math, p.math))
            return i;
    }
    return std::nullopt;
}

QString presetMathFamily(const Catalog &catalog, const PrecisionPreset &preset)
{
    const Format *math = catalog.format(preset.math);
    return math ? math->math : QString();
}

QString presetUnavailableReason(const Catalog &catalog, const PrecisionPreset &preset,
                                const QStringList &deviceIds)
{
    const QString family = presetMathFamily(catalog, preset);
    if (family.isEmpty())
        return tr("The format \"%1\" is not in the catalog.").arg(preset.math);
    QStringList names;
    for (const QString &id : deviceIds) {
        const Device *device = catalog.device(id);
        if (!device)
            continue;
        // A device without the format still runs the scheme in a wider one, with a badge.
        if (hasCeiling(*device, family) || !widerFamily(*device, family).isEmpty())
            return {};
        names.append(device->name);
    }
    if (names.isEmpty())
        return tr("No device is shown.");
    return tr("No shown device has a %1 compute ceiling, nor a wider one to run it in (%2).")
        .arg(family.toUpper(), names.join(QStringLiteral(", ")));
}

QStringList presetFallbackNotes(const Catalog &catalog, const PrecisionPreset &preset,
                                const QStringList &deviceIds)
{
    const QString family = presetMathFamily(catalog, preset);
    QStringList notes;
    if (family.isEmpty())
        return notes;
    for (const QString &id : deviceIds) {
        const Device *device = catalog.device(id);
        const QString wider = device ? widerFamily(*device, family) : QString();
        if (!wider.isEmpty())
            notes.append(
                tr("%1 has no %2: runs %3").arg(device->name, family.toUpper(), wider.toUpper()));
    }
    return notes;
}

} // namespace rooflab::gui
