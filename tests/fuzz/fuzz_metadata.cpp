// libFuzzer harness: any bytes as a PNG, SVG or PDF file given to the reader of embedded
// scenarios give a scenario's bytes (at most the scenario file limit) or a reason, never a
// crash, a hang or unbounded memory (a PDF attachment that inflates without end).
#include "figuremetadata.h"
#include "scenariofile.h"

#include <QByteArray>
#include <QDir>
#include <QFile>
#include <QGuiApplication>
#include <QString>

#include <cstddef>
#include <cstdint>
#include <cstdlib>

namespace {

QString inputPath()
{
    static const QString path = QDir::temp().filePath(
        QStringLiteral("rooflab-fuzz-metadata-%1").arg(QCoreApplication::applicationPid()));
    return path;
}

} // namespace

extern "C" int LLVMFuzzerInitialize(int *argc, char ***argv)
{
    qputenv("QT_QPA_PLATFORM", "offscreen");
    static QGuiApplication app(*argc, *argv); // QImageReader's PNG handler lives in QtGui
    return 0;
}

extern "C" int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    // The reader takes a path: the bytes go to one file, rewritten for every input.
    {
        QFile file(inputPath());
        if (!file.open(QIODevice::WriteOnly | QIODevice::Truncate))
            std::abort();
        file.write(reinterpret_cast<const char *>(data), static_cast<qint64>(size));
    }
    QString error;
    const QByteArray scenario = rooflab::readEmbeddedMetadata(inputPath(), &error);
    if (scenario.isEmpty() && error.isEmpty())
        __builtin_trap(); // nothing found must say why
    if (scenario.size() > rooflab::maxScenarioFileBytes)
        __builtin_trap();
    return 0;
}
