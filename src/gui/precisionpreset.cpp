#include "precisionpreset.h"

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
        return QCoreApplication::translate("rooflab::gui::PrecisionPreset",
                                           "The format \"%1\" is not in the catalog.")
            .arg(preset.math);
    QStringList names;
    for (const QString &id : deviceIds) {
        const Device *device = catalog.device(id);
        if (!device)
            continue;
        if (device->ceiling(UnitKind::Matrix, family) || device->ceiling(UnitKind::Vector, family))
            return {};
        names.append(device->name);
    }
    if (names.isEmpty())
        return QCoreApplication::translate("rooflab::gui::PrecisionPreset", "No device is shown.");
    return QCoreApplication::translate("rooflab::gui::PrecisionPreset",
                                       "No shown device has a %1 compute ceiling (%2).")
        .arg(family.toUpper(), names.join(QStringLiteral(", ")));
}

} // namespace rooflab::gui
