// `rooflab export` against hostile output paths and a full disk, run as a separate process:
// a device node, FIFO, socket or folder is refused with exit status 2 and left as it was; a
// write that fails reports the system's reason, exits 1, leaves no partial file and keeps
// the old file.
#include "runrooflab.h"

#include <QDir>
#include <QFile>
#include <QFileInfo>
#include <QProcess>
#include <QStandardPaths>
#include <QTemporaryDir>
#include <QTest>

#include <sys/socket.h>
#include <sys/stat.h>
#include <sys/un.h>
#include <unistd.h>

namespace {

using rooflab::test::Run;

QString s(const char *text)
{
    return QString::fromUtf8(text);
}

QByteArray readAll(const QString &path)
{
    QFile file(path);
    return file.open(QIODevice::ReadOnly) ? file.readAll() : QByteArray();
}

bool writeAll(const QString &path, const QByteArray &bytes)
{
    QFile file(path);
    return file.open(QIODevice::WriteOnly) && file.write(bytes) == bytes.size();
}

mode_t fileType(const QString &path)
{
    struct stat info = {};
    return ::lstat(QFile::encodeName(path).constData(), &info) == 0 ? (info.st_mode & S_IFMT) : 0;
}

// A Unix domain socket bound at `path`; its descriptor, or -1.
int bindSocket(const QString &path)
{
    const int fd = ::socket(AF_UNIX, SOCK_STREAM, 0);
    sockaddr_un address = {};
    address.sun_family = AF_UNIX;
    const QByteArray native = QFile::encodeName(path);
    if (fd < 0 || native.size() >= static_cast<qsizetype>(sizeof address.sun_path))
        return -1;
    std::copy(native.cbegin(), native.cend(), address.sun_path);
    if (::bind(fd, reinterpret_cast<sockaddr *>(&address), sizeof address) != 0) {
        ::close(fd);
        return -1;
    }
    return fd;
}

} // namespace

class TestSafeOutput : public QObject
{
    Q_OBJECT

private:
    Run run(const QStringList &arguments) const;
    // Runs `script` with sh: $0 is rooflab, $1 the work folder, $2 the format; XDG and the
    // platform as for run().
    Run runShell(const QString &script, const QString &format) const;

    QTemporaryDir m_home;
    QTemporaryDir m_work;

private Q_SLOTS:
    void initTestCase();
    void refusesSpecialFiles_data();
    void refusesSpecialFiles();
    void refusesFolderAndMissingFolder();
    void fileSizeLimitKeepsOldFile_data();
    void fileSizeLimitKeepsOldFile();
    void fullDiskKeepsOldFile_data();
    void fullDiskKeepsOldFile();
};

Run TestSafeOutput::run(const QStringList &arguments) const
{
    return rooflab::test::runRooflab(s(ROOFLAB_EXE), arguments, m_home.path(), 60000);
}

Run TestSafeOutput::runShell(const QString &script, const QString &format) const
{
    return rooflab::test::runRooflab(
        s("sh"), {s("-c"), script, s(ROOFLAB_EXE), m_work.path(), format}, m_home.path(), 60000);
}

void TestSafeOutput::initTestCase()
{
    QVERIFY(m_home.isValid());
    QVERIFY(m_work.isValid());
}

void TestSafeOutput::refusesSpecialFiles_data()
{
    QTest::addColumn<QString>("kind");
    QTest::addColumn<QString>("format");
    for (const char *format : {"csv", "md", "png", "svg", "pdf"}) {
        QTest::addRow("character device, %s", format) << s("character device") << s(format);
        QTest::addRow("FIFO, %s", format) << s("FIFO") << s(format);
        QTest::addRow("socket, %s", format) << s("socket") << s(format);
    }
}

// Run as root, replacing /dev/null with a regular file would break the machine: the path
// is checked before anything is drawn, and what is there stays.
void TestSafeOutput::refusesSpecialFiles()
{
    QFETCH(QString, kind);
    QFETCH(QString, format);
    QString path;
    int socketFd = -1;
    mode_t type = 0;
    if (kind == s("character device")) {
        path = s("/dev/null");
        type = S_IFCHR;
    } else if (kind == s("FIFO")) {
        path = m_work.filePath(s("pipe.") + format);
        QFile::remove(path);
        QCOMPARE(::mkfifo(QFile::encodeName(path).constData(), 0600), 0);
        type = S_IFIFO;
    } else {
        path = m_work.filePath(s("sock.") + format);
        QFile::remove(path);
        socketFd = bindSocket(path);
        QVERIFY(socketFd >= 0);
        type = S_IFSOCK;
    }
    const Run r = run({s("export"), s("-o"), path, s("--format"), format});
    if (socketFd >= 0)
        ::close(socketFd);
    QVERIFY2(r.finished, "rooflab export did not finish");
    QCOMPARE(r.exitCode, 2);
    const QString err = QString::fromUtf8(r.err);
    QVERIFY2(err.contains(path) && err.contains(kind) && err.contains(s("not a regular file")),
             r.err.constData());
    QCOMPARE(fileType(path), type);
    if (path.startsWith(m_work.path()))
        QFile::remove(path);
}

void TestSafeOutput::refusesFolderAndMissingFolder()
{
    const QString folder = m_work.filePath(s("folder.svg"));
    QVERIFY(QDir().mkpath(folder));
    Run r = run({s("export"), s("-o"), folder});
    QCOMPARE(r.exitCode, 2);
    QVERIFY2(r.err.contains("is a folder"), r.err.constData());
    QCOMPARE(fileType(folder), static_cast<mode_t>(S_IFDIR));

    const QString missing = m_work.filePath(s("no-such-folder/out.csv"));
    r = run({s("export"), s("-o"), missing});
    QCOMPARE(r.exitCode, 2);
    QVERIFY2(r.err.contains("does not exist"), r.err.constData());
    QVERIFY(!QFileInfo::exists(missing));
}

void TestSafeOutput::fileSizeLimitKeepsOldFile_data()
{
    QTest::addColumn<QString>("format");
    for (const char *format : {"csv", "md", "png", "svg", "pdf"})
        QTest::newRow(format) << s(format);
}

// `ulimit -f 1` lets a process write at most 512 bytes (dash counts 512-byte blocks; bash
// 1024) to a file: every export below is larger, so every one must fail, as on a full disk.
void TestSafeOutput::fileSizeLimitKeepsOldFile()
{
    QFETCH(QString, format);
    const QString reference = m_work.filePath(s("reference.") + format);
    QCOMPARE(run({s("export"), s("-o"), reference}).exitCode, 0);
    QVERIFY2(QFileInfo(reference).size() > 2048,
             "the export must be larger than the limit for the test to mean anything");
    QFile::remove(reference);

    const QString folder = m_work.filePath(s("limited-") + format);
    QVERIFY(QDir().mkpath(folder));
    const QString target = folder + s("/figure.") + format;
    const QByteArray old = "the previous figure\n";
    QVERIFY(writeAll(target, old));
    const Run r =
        runShell(s("ulimit -f 1; exec \"$0\" export -o \"$1\"/limited-$2/figure.$2"), format);
    QVERIFY2(r.finished, "rooflab export did not finish");
    QCOMPARE(r.exitCode, 1);
    QVERIFY2(r.err.contains("figure." + format.toUtf8()) && r.err.contains("File too large"),
             r.err.constData());
    QCOMPARE(readAll(target), old);
    QCOMPARE(QDir(folder).entryList(QDir::Files | QDir::Hidden),
             QStringList{s("figure.") + format});
}

void TestSafeOutput::fullDiskKeepsOldFile_data()
{
    fileSizeLimitKeepsOldFile_data();
}

// A real full disk: a one-page tmpfs mounted in a private mount namespace (unshare), whose
// only page holds the old file. Skipped where namespaces are not allowed.
void TestSafeOutput::fullDiskKeepsOldFile()
{
    QFETCH(QString, format);
    if (QStandardPaths::findExecutable(s("unshare")).isEmpty())
        QSKIP("unshare is not installed");
    const QString script =
        s("exec unshare -rm sh -c '"
          "mount -t tmpfs -o size=4k tmpfs \"$1\"/disk || exit 99; "
          "printf \"the previous figure\" > \"$1\"/disk/figure.$2; "
          "\"$0\" export -o \"$1\"/disk/figure.$2; echo \"status=$?\"; "
          "cat \"$1\"/disk/figure.$2; echo; ls -A \"$1\"/disk' \"$0\" \"$1\" \"$2\"");
    QVERIFY(QDir().mkpath(m_work.filePath(s("disk"))));
    const Run r = runShell(script, format);
    QVERIFY2(r.finished, "rooflab export did not finish");
    if (r.exitCode == 99 || r.exitCode == 1)
        QSKIP("cannot mount a tmpfs here (no user or mount namespaces)");
    const QString out = QString::fromUtf8(r.out);
    QVERIFY2(out.contains(s("status=1\n")), r.out.constData());
    QVERIFY2(r.err.contains("No space left on device"), r.err.constData());
    // The old file is intact and alone: the temporary file is gone.
    QVERIFY2(out.endsWith(s("the previous figure\nfigure.") + format + QLatin1Char('\n')),
             r.out.constData());
}

QTEST_GUILESS_MAIN(TestSafeOutput)
#include "tst_safeoutput.moc"
