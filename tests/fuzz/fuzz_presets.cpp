// libFuzzer harness: any bytes given to the preset loader must give either a loaded preset
// or problems naming the file, never a crash, a hang or a sanitizer report.
#include "catalog.h"

#include <QByteArray>
#include <QString>

#include <cstddef>
#include <cstdint>

extern "C" int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    static const rooflab::Catalog builtin = rooflab::Catalog::builtin();
    rooflab::Catalog catalog = builtin;
    const QByteArray bytes(reinterpret_cast<const char *>(data), static_cast<qsizetype>(size));
    const bool loaded = catalog.loadBytes(bytes, QStringLiteral("fuzz.json"));
    if (!loaded && catalog.problems().size() == builtin.problems().size())
        __builtin_trap(); // a rejected file must say why
    return 0;
}
