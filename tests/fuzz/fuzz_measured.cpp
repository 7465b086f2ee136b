// libFuzzer harness: any bytes given to every measured-data importer must give kernels or
// problems, never a crash, a hang or a sanitizer report. Every kernel read must have finite,
// plausible figures, every problem must say where and why, and the figures of each kernel
// against a built-in device must be finite.
#include "catalog.h"
#include "fuzzchecks.h"
#include "measuredfigures.h"
#include "measuredimport.h"

#include <QByteArray>
#include <QString>

#include <cstddef>
#include <cstdint>

namespace {

void requireFinite(const std::optional<double> &value)
{
    if (value)
        rooflab::fuzz::requireFinite(*value);
}

void check(const rooflab::MeasuredImport &imported, const rooflab::Device &device)
{
    for (const rooflab::ImportProblem &p : imported.problems) {
        if (p.file.isEmpty() || p.reason.isEmpty() || p.line < 0 || p.column < 0)
            __builtin_trap(); // a problem must say where and why
    }
    for (const rooflab::MeasuredKernel &k : imported.kernels) {
        if (k.launches < 1 || !(k.timeS > 0) || !(k.flops >= 0))
            __builtin_trap();
        rooflab::fuzz::requireFinite(k.flops);
        rooflab::fuzz::requireFinite(k.timeS);
        const rooflab::KernelFigures f = rooflab::kernelFigures(k, &device);
        rooflab::fuzz::requireFinite(f.achievedFlops);
        for (const rooflab::LevelFigures &l : f.levels) {
            rooflab::fuzz::requireFinite(l.bytes);
            requireFinite(l.intensity);
            requireFinite(l.roofFlops);
        }
        requireFinite(f.roofFlops);
        requireFinite(f.pctOfRoof);
    }
    if (imported.device) {
        for (const auto &[name, value] : imported.device->bandwidths + imported.device->peaks) {
            if (!(value > 0))
                __builtin_trap();
            rooflab::fuzz::requireFinite(value);
        }
    }
}

} // namespace

extern "C" int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    static const rooflab::Catalog catalog = rooflab::Catalog::builtin();
    static const rooflab::Device device = catalog.devices().first();
    const QByteArray bytes(reinterpret_cast<const char *>(data), static_cast<qsizetype>(size));
    const QString file = QStringLiteral("fuzz.data");
    rooflab::guessMeasuredImporter(bytes);
    for (const rooflab::MeasuredImporter &importer : rooflab::measuredImporters()) {
        check(importer.read(file, bytes, {}), device);
        if (importer.id == QLatin1String("ncu"))
            check(importer.read(file, bytes, {.ncu = {.packedHalf = true}}), device);
    }
    return 0;
}
