// The window's export path against what the command line is tested with: a device node
// or FIFO is refused with the reason, and a write past the file size limit fails with the
// system's reason and keeps the old file. The limit is lowered in this process (soft limit
// only, restored after) with SIGXFSZ ignored, as `ulimit -f` does for a shell.
#include "catalog.h"
#include "exportdialog.h"
#include "fileactions.h"
#include "mainwindow.h"
#include "windowtest.h"

#include <QDir>
#include <QFile>
#include <QTemporaryDir>
#include <QTest>

#include <csignal>
#include <memory>
#include <sys/resource.h>
#include <sys/stat.h>

using namespace rooflab;
using namespace rooflab::gui;

namespace {

QString s(const char *text)
{
    return QString::fromUtf8(text);
}

QByteArray readAll(const QString &path)
{
    QFile file(path);
    return file.open(QIODevice::ReadOnly) ? file.readAll() : QByteArray();
}

// Lowers the soft file size limit for its lifetime.
class FileSizeLimit
{
public:
    explicit FileSizeLimit(rlim_t bytes)
    {
        m_previousHandler = std::signal(SIGXFSZ, SIG_IGN);
        ::getrlimit(RLIMIT_FSIZE, &m_previous);
        const rlimit lowered{.rlim_cur = bytes, .rlim_max = m_previous.rlim_max};
        m_ok = ::setrlimit(RLIMIT_FSIZE, &lowered) == 0;
    }
    ~FileSizeLimit()
    {
        ::setrlimit(RLIMIT_FSIZE, &m_previous);
        std::signal(SIGXFSZ, m_previousHandler);
    }
    bool ok() const { return m_ok; }

private:
    rlimit m_previous = {};
    void (*m_previousHandler)(int) = nullptr;
    bool m_ok = false;
};

} // namespace

class TestSafeWindow : public QObject
{
    Q_OBJECT

    Catalog m_catalog = Catalog::builtin();
    std::unique_ptr<rooflab::test::ShownWindow> m_shown;
    QTemporaryDir m_dir;

    FileActions *files() const { return m_shown->window()->fileActions(); }

    ExportChoices choicesFor(const QString &file, const QString &format) const
    {
        ExportChoices c = files()->exportChoices();
        c.path = file;
        c.format = format;
        return c;
    }

private Q_SLOTS:
    void initTestCase()
    {
        rooflab::test::isolateSettings("rooflab-safe-window-tests");
        QVERIFY(m_dir.isValid());
        m_shown = std::make_unique<rooflab::test::ShownWindow>(
            m_catalog, rooflab::test::twoOperatorScenario(m_catalog), QSize(1200, 800));
        QVERIFY(m_shown->exposed());
    }
    void cleanupTestCase() { m_shown.reset(); }

    void refusesSpecialFiles()
    {
        QString error;
        QVERIFY(!files()->exportTo(choicesFor(s("/dev/null"), s("svg")), &error));
        QCOMPARE(error, s("/dev/null: is a character device, not a regular file; RoofLab only "
                          "replaces regular files"));
        struct stat info = {};
        QCOMPARE(::stat("/dev/null", &info), 0);
        QVERIFY(S_ISCHR(info.st_mode));

        const QString fifo = m_dir.filePath(s("pipe.png"));
        QCOMPARE(::mkfifo(QFile::encodeName(fifo).constData(), 0600), 0);
        QVERIFY(!files()->exportTo(choicesFor(fifo, s("png")), &error));
        QVERIFY2(error.contains(s("is a FIFO (named pipe), not a regular file")),
                 qPrintable(error));
    }

    void sizeLimitKeepsOldFile_data()
    {
        QTest::addColumn<QString>("format");
        for (const char *format : {"png", "svg", "pdf"})
            QTest::newRow(format) << s(format);
    }

    void sizeLimitKeepsOldFile()
    {
        QFETCH(QString, format);
        const QString folder = m_dir.filePath(s("limited-") + format);
        QVERIFY(QDir().mkpath(folder));
        const QString path = folder + s("/chart.") + format;
        {
            QFile old(path);
            QVERIFY(old.open(QIODevice::WriteOnly));
            old.write("the previous chart");
        }
        QString error;
        bool exported = true;
        {
            const FileSizeLimit limit(1024); // every chart is larger than 1 KiB
            QVERIFY(limit.ok());
            exported = files()->exportTo(choicesFor(path, format), &error);
        }
        QVERIFY(!exported);
        QCOMPARE(error, path + s(": cannot write: File too large"));
        QCOMPARE(readAll(path), QByteArray("the previous chart"));
        QCOMPARE(QDir(folder).entryList(QDir::Files | QDir::Hidden),
                 QStringList{s("chart.") + format});
        // Without the limit the same export succeeds, so the limit was the cause.
        QVERIFY2(files()->exportTo(choicesFor(path, format), &error), qPrintable(error));
        QVERIFY(QFileInfo(path).size() > 1024);
    }
};

QTEST_MAIN(TestSafeWindow)
#include "tst_safewindow.moc"
