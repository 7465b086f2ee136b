// RoofLab's entry point: the command line is parsed once (app::parseInvocation), then a
// command runs headless or the window's program takes over (docs/architecture.md "Where
// arguments are parsed", "Two programs").
#include "commandline.h"
#include "commands.h"
#include "invocation.h"
#include "presetfolders.h"
#include "version.h"

#include <QCoreApplication>
#include <QTextStream>

#include <cerrno>
#include <csignal>
#include <cstring>

#include <unistd.h>

using rooflab::app::Invocation;

namespace {

// The window's program: beside this one in a build, else where it is installed.
QByteArray windowProgram()
{
    char self[4096];
    const ssize_t length = readlink("/proc/self/exe", self, sizeof self - 1);
    const QByteArray path = length > 0 ? QByteArray(self, length) : QByteArray();
    const qsizetype slash = path.lastIndexOf('/');
    const QByteArray folder = slash >= 0 ? path.left(slash) : QByteArray(".");
    const QByteArray beside = folder + "/rooflab-window";
    if (access(beside.constData(), X_OK) == 0)
        return beside;
    return folder + "/" ROOFLAB_WINDOW_FROM_BINDIR "/rooflab-window";
}

// Replaces this process by the window's program with the same arguments; returns only when
// that program cannot start.
int runWindowProgram(char *argv[])
{
    const QByteArray program = windowProgram();
    execv(program.constData(), argv);
    rooflab::app::printError(
        QStringLiteral("cannot open the window: %1: %2")
            .arg(QString::fromLocal8Bit(program), QString::fromLocal8Bit(std::strerror(errno))));
    return 1;
}

// `bytes` with every byte outside printable ASCII written as \xNN, for a message.
QString escapedBytes(const char *bytes)
{
    QString text;
    for (const char *c = bytes; *c; ++c) {
        const auto byte = static_cast<unsigned char>(*c);
        text += byte >= 0x20 && byte < 0x7f
                    ? QString(QLatin1Char(*c))
                    : QStringLiteral("\\x%1").arg(byte, 2, 16, QLatin1Char('0'));
    }
    return text;
}

} // namespace

int main(int argc, char *argv[])
{
    // Past a file size limit (ulimit -f) a write fails with "File too large" and the export
    // reports it, instead of the process being killed half-way through a file.
    std::signal(SIGXFSZ, SIG_IGN);
    QStringList arguments;
    for (int i = 0; i < argc; ++i) {
        arguments.append(QString::fromLocal8Bit(argv[i]));
        // Bytes the system's encoding cannot decode would become U+FFFD: a file written or
        // read under another name than the one typed. Refused instead.
        if (i > 0 && arguments.last().toLocal8Bit() != QByteArray(argv[i])) {
            rooflab::app::printError(
                QStringLiteral("argument %1 (\"%2\") is not valid text in this system's "
                               "encoding; give file names as text, e.g. in UTF-8")
                    .arg(i)
                    .arg(escapedBytes(argv[i])));
            return 2;
        }
    }

    const Invocation invocation =
        rooflab::app::parseInvocation(arguments, rooflab::cli::commandSyntaxes());
    switch (invocation.action) {
    case Invocation::Action::UsageError:
        rooflab::app::printError(invocation.error);
        return 2;
    case Invocation::Action::Window:
        // The window needs Qt Widgets, Qt Charts and QCustomPlot; the commands do not, and
        // a program that does not load them starts a few milliseconds faster.
        return runWindowProgram(argv);
    case Invocation::Action::Command:
        if (invocation.command == QLatin1String("export"))
            return rooflab::cli::runExport(argc, argv, invocation);
        break;
    case Invocation::Action::Help:
    case Invocation::Action::Version:
        break;
    }
    // The help text names the program from the application's arguments.
    QCoreApplication app(argc, argv);
    QCoreApplication::setApplicationName(QStringLiteral("rooflab"));
    QCoreApplication::setApplicationVersion(QStringLiteral(ROOFLAB_VERSION));
    QTextStream out(stdout);
    if (invocation.action == Invocation::Action::Help) {
        out << invocation.options.helpText();
        return 0;
    }
    if (invocation.action == Invocation::Action::Version) {
        out << "rooflab " << ROOFLAB_VERSION << Qt::endl;
        return 0;
    }
    return rooflab::cli::runCommand(invocation);
}
