// libFuzzer harness: any bytes given to the lesson parser must give either a lesson or
// problems naming the file, never a crash, a hang or a sanitizer report.
#include "catalog.h"
#include "lessonparser.h"

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
    const auto lesson =
        rooflab::readLessonFile(bytes, QStringLiteral("fuzz.json"), catalog, &errors);
    if (!lesson && errors.isEmpty())
        __builtin_trap(); // a rejected file must say why
    if (lesson && lesson->steps.isEmpty())
        __builtin_trap(); // a lesson always has a step
    return 0;
}
