// The core's safe file helpers alone: refusals of special files, a write past the file size
// limit (in a child process with RLIMIT_FSIZE), capped reads and inflation, and the text
// helpers that keep names from breaking XML, CSV and tables.
#include "catalog.h"
#include "inflate.h"
#include "safefile.h"
#include "scenariofile.h"
#include "textsafety.h"

#include <QDir>
#include <QElapsedTimer>
#include <QFile>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QTemporaryDir>
#include <QTest>
#include <QXmlStreamReader>

#include <csignal>
#include <functional>
#include <sys/resource.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>

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

bool writeAll(const QString &path, const QByteArray &bytes)
{
    QFile file(path);
    return file.open(QIODevice::WriteOnly) && file.write(bytes) == bytes.size();
}

// Runs `write` in a child process limited to `limitBytes` per file, as `ulimit -f` does;
// returns the error message the child reported, or "ok" when the write succeeded.
QString errorUnderFileSizeLimit(rlim_t limitBytes, const std::function<QString()> &write)
{
    int channel[2];
    if (::pipe(channel) != 0)
        return s("pipe failed");
    const pid_t child = ::fork();
    if (child == 0) {
        ::close(channel[0]);
        std::signal(SIGXFSZ, SIG_IGN);
        const rlimit limit{.rlim_cur = limitBytes, .rlim_max = limitBytes};
        ::setrlimit(RLIMIT_FSIZE, &limit);
        const QByteArray message = write().toUtf8();
        const bool sent = ::write(channel[1], message.constData(), message.size()) >= 0;
        ::_exit(sent ? 0 : 1);
    }
    ::close(channel[1]);
    QByteArray message;
    char chunk[4096];
    for (ssize_t got; (got = ::read(channel[0], chunk, sizeof chunk)) > 0;)
        message.append(chunk, got);
    ::close(channel[0]);
    int status = 0;
    ::waitpid(child, &status, 0);
    return QString::fromUtf8(message);
}

} // namespace

class TestSafeFile : public QObject
{
    Q_OBJECT

private:
    QTemporaryDir m_dir;

private Q_SLOTS:
    void initTestCase() { QVERIFY(m_dir.isValid()); }
    void writeReplacesRegularFile();
    void writeRefusesSpecialFiles();
    void writePastSizeLimitKeepsOldFile();
    void scenarioSavePastSizeLimitKeepsOldFile();
    void readRefusesSpecialFiles();
    void readFollowsLinksAndCaps();
    void inflateStopsAtCap();
    void scenarioAxisRangeChecked();
    void xmlSafe();
    void formulaCells_data();
    void formulaCells();
    void bidiControlsEscaped();
};

void TestSafeFile::writeReplacesRegularFile()
{
    const QString path = m_dir.filePath(s("replace.txt"));
    QVERIFY(writeAll(path, "old"));
    QString error;
    QVERIFY2(rooflab::writeFileAtomically(path, "new contents", &error), qPrintable(error));
    QCOMPARE(readAll(path), QByteArray("new contents"));
    // Through a link, the file it points to is replaced and the link stays a link.
    const QString link = m_dir.filePath(s("link.txt"));
    QVERIFY(QFile::link(path, link));
    QVERIFY2(rooflab::writeFileAtomically(link, "via link", &error), qPrintable(error));
    QCOMPARE(readAll(path), QByteArray("via link"));
    QVERIFY(QFileInfo(link).isSymLink());
}

void TestSafeFile::writeRefusesSpecialFiles()
{
    QString error;
    QVERIFY(!rooflab::writeFileAtomically(s("/dev/null"), "x", &error));
    QCOMPARE(error, s("/dev/null: is a character device, not a regular file; RoofLab only "
                      "replaces regular files"));
    struct stat info = {};
    QCOMPARE(::stat("/dev/null", &info), 0);
    QVERIFY(S_ISCHR(info.st_mode));

    const QString fifo = m_dir.filePath(s("fifo"));
    QCOMPARE(::mkfifo(QFile::encodeName(fifo).constData(), 0600), 0);
    QVERIFY(!rooflab::writeFileAtomically(fifo, "x", &error));
    QVERIFY2(error.contains(s("is a FIFO (named pipe), not a regular file")), qPrintable(error));
    QVERIFY(!rooflab::writeFileAtomically(m_dir.path(), "x", &error));
    QVERIFY2(error.endsWith(s("is a folder; give a file name")), qPrintable(error));
    QVERIFY(!rooflab::writeFileAtomically(QString(), "x", &error));
    QCOMPARE(error, s("no output file name given"));
}

void TestSafeFile::writePastSizeLimitKeepsOldFile()
{
    const QString path = m_dir.filePath(s("limited.bin"));
    QVERIFY(writeAll(path, "old"));
    const QString error = errorUnderFileSizeLimit(4096, [&] {
        QString message;
        return rooflab::writeFileAtomically(path, QByteArray(65536, 'x'), &message) ? s("ok")
                                                                                    : message;
    });
    QCOMPARE(error, path + s(": cannot write: File too large"));
    QCOMPARE(readAll(path), QByteArray("old"));
    QCOMPARE(QDir(m_dir.path()).entryList({s("limited*")}, QDir::Files | QDir::Hidden),
             QStringList{s("limited.bin")});
}

void TestSafeFile::scenarioSavePastSizeLimitKeepsOldFile()
{
    const QString path = m_dir.filePath(s("old.rooflab.json"));
    QVERIFY(writeAll(path, "{}"));
    const rooflab::Catalog catalog = rooflab::Catalog::builtin();
    const rooflab::Scenario scenario = rooflab::defaultScenario(catalog);
    QVERIFY(rooflab::writeScenarioFile(scenario, {}).size() > 512);
    const QString error = errorUnderFileSizeLimit(512, [&] {
        QString message;
        return rooflab::saveScenarioFile(path, scenario, {}, {}, &message) ? s("ok") : message;
    });
    QCOMPARE(error, path + s(": cannot write: File too large"));
    QCOMPARE(readAll(path), QByteArray("{}"));
}

void TestSafeFile::readRefusesSpecialFiles()
{
    QString error;
    QVERIFY(!rooflab::readFileCapped(s("/dev/zero"), 1024, &error));
    QCOMPARE(error, s("/dev/zero: is a character device, not a regular file"));
    const QString fifo = m_dir.filePath(s("input-fifo"));
    QCOMPARE(::mkfifo(QFile::encodeName(fifo).constData(), 0600), 0);
    QElapsedTimer timer;
    timer.start();
    QVERIFY(!rooflab::readFileCapped(fifo, 1024, &error)); // nobody writes: must not wait
    QVERIFY(timer.elapsed() < 5000);
    QCOMPARE(error, fifo + s(": is a FIFO (named pipe), not a regular file"));
    QVERIFY(!rooflab::readFileCapped(m_dir.path(), 1024, &error));
    QCOMPARE(error, m_dir.path() + s(": is a folder, not a regular file"));
    QVERIFY(!rooflab::readFileCapped(m_dir.filePath(s("absent")), 1024, &error));
    QCOMPARE(error, m_dir.filePath(s("absent")) + s(": no such file"));
}

void TestSafeFile::readFollowsLinksAndCaps()
{
    const QString path = m_dir.filePath(s("four-kib"));
    QVERIFY(writeAll(path, QByteArray(4096, 'a')));
    const QString link = m_dir.filePath(s("to-four-kib"));
    QVERIFY(QFile::link(path, link));
    QString error;
    const auto bytes = rooflab::readFileCapped(link, 4096, &error); // exactly the cap: read
    QVERIFY2(bytes.has_value(), qPrintable(error));
    QCOMPARE(bytes->size(), 4096);
    QVERIFY(!rooflab::readFileCapped(link, 4095, &error));
    QCOMPARE(error, link + s(": 4 KiB is larger than the limit of 4095 bytes"));
    const QString zeroLink = m_dir.filePath(s("zero.json"));
    QVERIFY(QFile::link(s("/dev/zero"), zeroLink));
    QVERIFY(!rooflab::readFileCapped(zeroLink, 1024, &error));
    QCOMPARE(error, zeroLink + s(": is a character device, not a regular file"));
}

void TestSafeFile::inflateStopsAtCap()
{
    // qCompress puts a 4-byte big-endian length before the zlib stream.
    const QByteArray original(1024 * 1024, ' ');
    const QByteArray zlib = qCompress(original).mid(4);
    QVERIFY(zlib.size() < 8192); // a small input that claims a megabyte
    QString error;
    const auto whole = rooflab::inflateCapped(zlib, 1024 * 1024, &error);
    QVERIFY2(whole.has_value(), qPrintable(error));
    QCOMPARE(*whole, original);
    QVERIFY(!rooflab::inflateCapped(zlib, 64 * 1024, &error));
    QCOMPARE(error, s("inflates to more than 64 KiB"));
    QVERIFY(!rooflab::inflateCapped(zlib.left(zlib.size() / 2), 1024 * 1024, &error));
    QVERIFY2(error.startsWith(s("not valid zlib data")), qPrintable(error));
    QVERIFY(!rooflab::inflateCapped("not zlib at all", 1024, &error));
    QVERIFY2(error.startsWith(s("not valid zlib data")), qPrintable(error));
}

void TestSafeFile::scenarioAxisRangeChecked()
{
    const rooflab::Catalog catalog = rooflab::Catalog::builtin();
    QJsonObject root =
        QJsonDocument::fromJson(
            rooflab::writeScenarioFile(rooflab::defaultScenario(catalog), rooflab::Presentation()))
            .object();
    QJsonObject view = root.value(s("view")).toObject();
    view.insert(s("intensity_range"), QJsonArray{1e-320, 10});
    root.insert(s("view"), view);
    QStringList errors;
    QVERIFY(!rooflab::readScenarioFile(QJsonDocument(root).toJson(), s("axis.rooflab.json"),
                                       catalog, &errors));
    QCOMPARE(errors, QStringList{s("axis.rooflab.json: view.intensity_range: must be at least "
                                   "1e-12, found 9.99989e-321")});
}

void TestSafeFile::xmlSafe()
{
    const QString name = s("GPU") + QChar(0x01) + QChar(0x0B) + QChar(0x0C) + s("x\ty");
    const QString safe = rooflab::xmlSafeText(name);
    QCOMPARE(safe, s("GPU\uFFFD\uFFFD\uFFFDx\ty"));
    const QByteArray document = "<svg><text>a\x01"
                                "b&#x1;c&#11;d&#65;</text></svg>";
    const QByteArray fixed = rooflab::xmlSafeDocument(document);
    QXmlStreamReader xml(fixed);
    QString text;
    while (!xml.atEnd()) {
        if (xml.readNext() == QXmlStreamReader::StartElement && xml.name() == s("text"))
            text = xml.readElementText();
    }
    QVERIFY2(!xml.hasError(), qPrintable(xml.errorString()));
    QCOMPARE(text, s("a\uFFFDb\uFFFDc\uFFFDdA")); // &#65; is "A", allowed
}

void TestSafeFile::formulaCells_data()
{
    QTest::addColumn<QString>("cell");
    QTest::addColumn<bool>("formula");
    QTest::newRow("equals") << s("=HYPERLINK(\"x\")") << true;
    QTest::newRow("plus") << s("+cmd") << true;
    QTest::newRow("minus") << s("-2+3") << true;
    QTest::newRow("at") << s("@SUM(A1)") << true;
    QTest::newRow("tab") << s("\tx") << true;
    QTest::newRow("carriage return") << s("\rx") << true;
    QTest::newRow("negative number") << s("-0.5") << false;
    QTest::newRow("exponent") << s("+3e-2") << false;
    QTest::newRow("plain name") << s("H100 SXM5") << false;
    QTest::newRow("empty") << QString() << false;
}

void TestSafeFile::formulaCells()
{
    QFETCH(QString, cell);
    QFETCH(bool, formula);
    QCOMPARE(rooflab::looksLikeFormula(cell), formula);
}

void TestSafeFile::bidiControlsEscaped()
{
    const QString name = s("abc") + QChar(0x202E) + s("fed") + QChar(0x2066) + QChar(0x200F);
    QCOMPARE(rooflab::bidiEscaped(name), s("abc<U+202E>fed<U+2066><U+200F>"));
    QCOMPARE(rooflab::bidiEscaped(s("plain")), s("plain"));
}

QTEST_GUILESS_MAIN(TestSafeFile)
#include "tst_safefile.moc"
