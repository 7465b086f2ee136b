// libFuzzer harness: any bytes read as a scenario file give a scenario or problems naming
// the file; a scenario that loads is analysed and every figure must be finite.
#include "catalog.h"
#include "fuzzchecks.h"
#include "scenarioanalysis.h"
#include "scenariofile.h"

#include <QByteArray>
#include <QString>
#include <QStringList>

#include <cstddef>
#include <cstdint>

extern "C" int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    static const rooflab::Catalog catalog = rooflab::Catalog::builtin();
    const QByteArray bytes(reinterpret_cast<const char *>(data), static_cast<qsizetype>(size));
    QStringList errors;
    const auto doc =
        rooflab::readScenarioFile(bytes, QStringLiteral("fuzz.rooflab.json"), catalog, &errors);
    if (!doc) {
        if (errors.isEmpty())
            __builtin_trap(); // a rejected file must say why
        return 0;
    }
    rooflab::fuzz::requireFinite(rooflab::analyzeScenario(catalog, doc->scenario));
    // What was read writes back and reads again to the same scenario.
    const auto again = rooflab::readScenarioFile(
        rooflab::writeScenarioFile(doc->scenario, doc->presentation, doc->selection),
        QStringLiteral("again"), catalog, &errors);
    if (!again || !(again->scenario == doc->scenario))
        __builtin_trap();
    return 0;
}
