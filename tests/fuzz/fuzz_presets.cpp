// libFuzzer harness: any bytes given to the preset loader must give either a loaded preset
// or problems naming the file, never a crash, a hang or a sanitizer report; what loads is
// then analysed (every device against a GEMM, every operator on a device, every model) and
// every figure must be finite.
#include "catalog.h"
#include "evaluate.h"
#include "fuzzchecks.h"
#include "scenarioanalysis.h"

#include <QByteArray>
#include <QString>

#include <cstddef>
#include <cstdint>

namespace {

rooflab::Scenario scenarioOf(const rooflab::Catalog &catalog)
{
    rooflab::Scenario scenario;
    for (const rooflab::Device &d : catalog.devices())
        scenario.devices.append(d.id);
    scenario.operators = catalog.operators();
    return scenario;
}

} // namespace

extern "C" int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    static const rooflab::Catalog builtin = rooflab::Catalog::builtin();
    rooflab::Catalog catalog = builtin;
    const QByteArray bytes(reinterpret_cast<const char *>(data), static_cast<qsizetype>(size));
    const bool loaded = catalog.loadBytes(bytes, QStringLiteral("fuzz.json"));
    if (!loaded && catalog.problems().size() == builtin.problems().size())
        __builtin_trap(); // a rejected file must say why
    if (!loaded)
        return 0;
    // Only what the file added is worth analysing: the built-in presets are tested elsewhere.
    rooflab::Scenario scenario;
    if (catalog.devices().size() > builtin.devices().size()) {
        scenario.devices = {catalog.devices().last().id};
        scenario.operators = {builtin.operators().first()};
    } else if (catalog.operators().size() > builtin.operators().size()) {
        scenario.devices = {builtin.devices().first().id};
        scenario.operators = catalog.operators().mid(builtin.operators().size());
    } else if (catalog.models().size() > builtin.models().size()) {
        scenario.devices = {builtin.devices().first().id};
        scenario.model = catalog.models().last().id;
    } else {
        // New formats: every built-in device and operator with the last one as weights.
        scenario = scenarioOf(builtin);
        scenario.scheme.weights = catalog.formats().last().id;
    }
    rooflab::fuzz::requireFinite(rooflab::analyzeScenario(catalog, scenario));
    return 0;
}
