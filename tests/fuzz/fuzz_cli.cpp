// libFuzzer harness: the command line. The bytes are split at line breaks into arguments
// after "rooflab" and parsed; `list` and `analyze` then run (export writes files and is left
// to the tests). Every run must end with a status and never crash or hang.
#include "commandline.h"

#include <QByteArray>
#include <QCoreApplication>
#include <QStringList>
#include <QTemporaryDir>

#include <cstddef>
#include <cstdint>

extern "C" int LLVMFuzzerInitialize(int *argc, char ***argv)
{
    // No user presets from the machine: an empty data folder.
    static QTemporaryDir home;
    qputenv("XDG_DATA_HOME", home.path().toLocal8Bit());
    static QCoreApplication app(*argc, *argv);
    return 0;
}

extern "C" int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    const QString text =
        QString::fromUtf8(reinterpret_cast<const char *>(data), static_cast<qsizetype>(size));
    QStringList arguments = text.split(QLatin1Char('\n'));
    // --presets reads folders of this machine (a "/" would walk the whole disk).
    for (const QString &argument : arguments) {
        if (argument.startsWith(QLatin1String("--p")))
            return 0;
    }
    arguments.prepend(QStringLiteral("rooflab"));
    const rooflab::app::Invocation invocation =
        rooflab::app::parseInvocation(arguments, rooflab::cli::commandSyntaxes());
    if (invocation.action != rooflab::app::Invocation::Action::Command)
        return 0;
    if (invocation.command != QLatin1String("list") &&
        invocation.command != QLatin1String("analyze"))
        return 0;
    const int status = rooflab::cli::runCommand(invocation);
    if (status != 0 && status != 1 && status != 2)
        __builtin_trap();
    return 0;
}
