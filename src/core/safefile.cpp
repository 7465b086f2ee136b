// Safe reading and writing of files (see safefile.h and README "Safety").
#include "safefile.h"

#include <QCoreApplication>
#include <QDir>
#include <QFileInfo>
#include <QSaveFile>

#include <cerrno>
#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

namespace rooflab {

namespace {

QString tr(const char *text)
{
    return QCoreApplication::translate("SafeFile", text);
}

QString systemReason(int code)
{
    return qt_error_string(code);
}

// The kind of a file that is not regular, for the message that refuses it.
QString kindOf(mode_t mode)
{
    if (S_ISDIR(mode))
        return tr("a folder");
    if (S_ISCHR(mode))
        return tr("a character device");
    if (S_ISBLK(mode))
        return tr("a block device");
    if (S_ISFIFO(mode))
        return tr("a FIFO (named pipe)");
    if (S_ISSOCK(mode))
        return tr("a socket");
    return tr("not a regular file");
}

// Writes all of `bytes` to `fd`, retrying short writes; errno is kept on failure.
bool writeAll(int fd, const QByteArray &bytes)
{
    const char *data = bytes.constData();
    qint64 left = bytes.size();
    while (left > 0) {
        const ssize_t written = ::write(fd, data, static_cast<size_t>(left));
        if (written < 0 && errno == EINTR)
            continue;
        if (written <= 0) {
            if (written == 0)
                errno = ENOSPC;
            return false;
        }
        data += written;
        left -= written;
    }
    return true;
}

} // namespace

QString outputPathProblem(const QString &path)
{
    if (path.isEmpty() || QFileInfo(path).fileName().isEmpty())
        return tr("no output file name given");
    struct stat info = {};
    const QByteArray native = QFile::encodeName(path);
    if (::stat(native.constData(), &info) == 0) {
        if (S_ISDIR(info.st_mode))
            return tr("%1: is a folder; give a file name").arg(path);
        if (!S_ISREG(info.st_mode))
            return tr("%1: is %2, not a regular file; RoofLab only replaces regular files")
                .arg(path, kindOf(info.st_mode));
        return {};
    }
    if (errno != ENOENT)
        return tr("%1: cannot write: %2").arg(path, systemReason(errno));
    const QFileInfo file(path);
    if (!file.absoluteDir().exists())
        return tr("%1: cannot write: folder %2 does not exist")
            .arg(path, QDir::toNativeSeparators(file.absolutePath()));
    return {};
}

bool writeFileAtomically(const QString &path, const QByteArray &bytes, QString *error)
{
    QString message;
    QString *err = error ? error : &message;
    if (const QString problem = outputPathProblem(path); !problem.isEmpty()) {
        *err = problem;
        return false;
    }
    QSaveFile file(path);
    // Unbuffered: every write reaches the system at once, so its reason is the one reported.
    if (!file.open(QIODevice::WriteOnly | QIODevice::Unbuffered)) {
        *err = tr("%1: cannot write: %2").arg(path, file.errorString());
        return false;
    }
    const int fd = file.handle();
    if (!writeAll(fd, bytes) || ::fsync(fd) != 0) {
        const int code = errno;
        file.cancelWriting();
        *err = tr("%1: cannot write: %2").arg(path, systemReason(code));
        return false;
    }
    errno = 0;
    if (!file.commit()) {
        // Qt's own reason names the step (rename, sync); "Unknown error" gives way to errno.
        const int code = errno;
        QString reason = file.errorString();
        if ((reason.isEmpty() || reason == QLatin1String("Unknown error")) && code != 0)
            reason = systemReason(code);
        *err = tr("%1: cannot write: %2").arg(path, reason);
        return false;
    }
    return true;
}

QString inputPathProblem(const QString &path, qint64 maxBytes)
{
    if (path.isEmpty())
        return tr("no file name given");
    struct stat info = {};
    if (::stat(QFile::encodeName(path).constData(), &info) != 0)
        return errno == ENOENT ? tr("%1: no such file").arg(path)
                               : tr("%1: cannot read: %2").arg(path, systemReason(errno));
    if (!S_ISREG(info.st_mode))
        return tr("%1: is %2, not a regular file").arg(path, kindOf(info.st_mode));
    if (info.st_size > maxBytes)
        return tr("%1: %2 is larger than the limit of %3")
            .arg(path, byteSizeText(info.st_size), byteSizeText(maxBytes));
    return {};
}

std::optional<QByteArray> readFileCapped(const QString &path, qint64 maxBytes, QString *error)
{
    QString message;
    QString *err = error ? error : &message;
    if (const QString problem = inputPathProblem(path, maxBytes); !problem.isEmpty()) {
        *err = problem;
        return std::nullopt;
    }
    // O_NONBLOCK: should the path turn into a FIFO after the check, open must not wait for
    // a writer; fstat then sees what was really opened.
    const int fd = ::open(QFile::encodeName(path).constData(), O_RDONLY | O_NONBLOCK | O_CLOEXEC);
    if (fd < 0) {
        *err = tr("%1: cannot read: %2").arg(path, systemReason(errno));
        return std::nullopt;
    }
    struct stat info = {};
    if (::fstat(fd, &info) != 0 || !S_ISREG(info.st_mode)) {
        *err = tr("%1: is %2, not a regular file").arg(path, kindOf(info.st_mode));
        ::close(fd);
        return std::nullopt;
    }
    QByteArray bytes;
    char chunk[65536];
    for (;;) {
        const ssize_t got = ::read(fd, chunk, sizeof chunk);
        if (got < 0 && errno == EINTR)
            continue;
        if (got < 0) {
            *err = tr("%1: cannot read: %2").arg(path, systemReason(errno));
            ::close(fd);
            return std::nullopt;
        }
        if (got == 0)
            break;
        // The file may have grown since the check: the cap holds for what is read.
        if (bytes.size() + got > maxBytes) {
            *err = tr("%1: larger than the limit of %2").arg(path, byteSizeText(maxBytes));
            ::close(fd);
            return std::nullopt;
        }
        bytes.append(chunk, got);
    }
    ::close(fd);
    return bytes;
}

QString byteSizeText(qint64 bytes)
{
    if (bytes >= 1024 * 1024 && bytes % (1024 * 1024) == 0)
        return tr("%1 MiB").arg(bytes / (1024 * 1024));
    if (bytes >= 1024 && bytes % 1024 == 0)
        return tr("%1 KiB").arg(bytes / 1024);
    return tr("%1 bytes").arg(bytes);
}

} // namespace rooflab
