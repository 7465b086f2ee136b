#pragma once

#include "catalog.h"
#include "scenario.h"

#include <QList>
#include <QString>
#include <QStringList>

#include <optional>

namespace rooflab::gui {

// A named precision scheme the window offers: weight, activation and math formats. The KV
// cache format is chosen separately.
struct PrecisionPreset
{
    QString id;                 // stable key, e.g. "w8a16"
    QString label;              // short name on the selector, e.g. "W8A16"
    QString weights, act, math; // format ids
};

// The schemes of the stepped selector, from widest to narrowest.
const QList<PrecisionPreset> &precisionPresets();

// The scheme `preset` describes, with `kv` as KV-cache format.
PrecisionScheme schemeFor(const PrecisionPreset &preset, const QString &kv);

// Index of the preset `scheme` matches (same bytes per element and math family for weights,
// activations and math), or nullopt for a scheme the selector does not name.
std::optional<qsizetype> matchPreset(const Catalog &catalog, const PrecisionScheme &scheme);

// The math family a preset's arithmetic runs in, e.g. "fp8".
QString presetMathFamily(const Catalog &catalog, const PrecisionPreset &preset);

// Empty when some device in `deviceIds` can run the preset's math, on its own ceiling or on
// a wider one (docs/roofline.md, "Which roof"); otherwise why the preset cannot be used.
QString presetUnavailableReason(const Catalog &catalog, const PrecisionPreset &preset,
                                const QStringList &deviceIds);

// One line per device in `deviceIds` that lacks the preset's math and runs it in a wider
// format, e.g. "NVIDIA H100 SXM5 80GB has no FP4: runs BF16"; empty when every device has it.
QStringList presetFallbackNotes(const Catalog &catalog, const PrecisionPreset &preset,
                                const QStringList &deviceIds);

} // namespace rooflab::gui
