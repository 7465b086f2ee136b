// The window's flags and the help of every path, run as a separate process: a bad window
// flag exits with status 2 and one line naming it, before any window shows; --help and
// --version answer on every path.
#include "runrooflab.h"

#include <QFile>
#include <QRegularExpression>
#include <QTemporaryDir>
#include <QTest>

using rooflab::test::Run;

namespace {

QString s(const char *text)
{
    return QString::fromUtf8(text);
}

QStringList words(const char *line)
{
    return s(line).split(QLatin1Char(' '), Qt::SkipEmptyParts);
}

} // namespace

class TestWindowFlags : public QObject
{
    Q_OBJECT

private:
    Run run(const QStringList &arguments) const
    {
        return rooflab::test::runRooflab(s(ROOFLAB_EXE), arguments, m_home.path(), 30000);
    }

    QTemporaryDir m_home;    // an empty user data folder
    QTemporaryDir m_runtime; // a runtime folder, as a desktop session has, so Qt stays quiet

private Q_SLOTS:
    void initTestCase();
    void badWindowFlags_data();
    void badWindowFlags();
    void helpOnEveryPath_data();
    void helpOnEveryPath();
    void versionOnEveryPath_data();
    void versionOnEveryPath();
};

void TestWindowFlags::initTestCase()
{
    QVERIFY(m_home.isValid() && m_runtime.isValid());
    // The window's application object reads it; the child process inherits it.
    qputenv("XDG_RUNTIME_DIR", QFile::encodeName(m_runtime.path()));
}

void TestWindowFlags::badWindowFlags_data()
{
    QTest::addColumn<QStringList>("arguments");
    QTest::addColumn<QString>("names"); // what the one line on stderr must name
    // The offscreen platform the tests run on has one screen.
    QTest::newRow("screen 9") << words("--screen 9")
                              << s("--screen: give a screen number from 1 to 1, not \"9\"");
    QTest::newRow("screen 9 presenter")
        << words("--presenter --screen 9") << s("--screen: give a screen number from 1 to 1");
    QTest::newRow("screen 0") << words("--screen 0") << s("--screen");
    QTest::newRow("screen word") << words("--screen left") << s("\"left\"");
    QTest::newRow("missing file") << words("--presenter nosuchfile.json")
                                  << s("nosuchfile.json: no such file");
    QTest::newRow("unknown option") << words("--frobnicate") << s("frobnicate");
    QTest::newRow("two files") << words("a.rooflab.json b.rooflab.json") << s("\"b.rooflab.json\"");
    QTest::newRow("empty presets")
        << QStringList{s("--presets"), QString()} << s("--presets: empty folder name");
    QTest::newRow("empty lessons")
        << QStringList{s("--lessons"), QString()} << s("--lessons: empty folder name");
    QTest::newRow("screen twice") << words("--screen 1 --screen 1") << s("--screen: given 2 times");
}

void TestWindowFlags::badWindowFlags()
{
    QFETCH(QStringList, arguments);
    QFETCH(QString, names);
    const Run r = run(arguments);
    QVERIFY2(r.finished, "did not exit (a window opened?)");
    QCOMPARE(r.exitCode, 2);
    QVERIFY2(r.out.isEmpty(), r.out.constData());
    const QString err = QString::fromUtf8(r.err);
    QVERIFY2(err.endsWith(QLatin1Char('\n')) && err.count(QLatin1Char('\n')) == 1, qPrintable(err));
    QVERIFY2(err.startsWith(s("rooflab: ")), qPrintable(err));
    QVERIFY2(err.contains(names), qPrintable(err));
}

void TestWindowFlags::helpOnEveryPath_data()
{
    QTest::addColumn<QStringList>("arguments");
    QTest::addColumn<QStringList>("mentions");
    // The window's help lists its own flags and every command.
    QTest::newRow("window") << words("--help")
                            << words("--presenter --screen --presets --lessons list analyze "
                                     "compare export lesson");
    // A window flag before --help used to be refused as unknown.
    QTest::newRow("window flag, then help")
        << words("--presenter --help") << words("--presenter --screen");
    QTest::newRow("list") << words("list --help") << words("--json --presets");
    QTest::newRow("analyze") << words("analyze -h") << words("--device --roof --presets");
    QTest::newRow("compare") << words("compare --help") << words("--model --csv --presets");
    QTest::newRow("export") << words("export --help") << words("--output --lesson --lessons");
    QTest::newRow("lesson") << words("lesson --help") << words("--json --lessons --presets");
}

void TestWindowFlags::helpOnEveryPath()
{
    QFETCH(QStringList, arguments);
    QFETCH(QStringList, mentions);
    const Run r = run(arguments);
    QVERIFY(r.finished);
    QCOMPARE(r.exitCode, 0);
    QVERIFY2(r.err.isEmpty(), r.err.constData());
    const QString out = QString::fromUtf8(r.out);
    for (const QString &word : std::as_const(mentions))
        QVERIFY2(out.contains(word), qPrintable(word + s(" missing from:\n") + out));
}

void TestWindowFlags::versionOnEveryPath_data()
{
    QTest::addColumn<QStringList>("arguments");
    QTest::newRow("window") << words("--version");
    QTest::newRow("window with file flag") << words("--presenter --version");
    for (const char *command : {"list", "analyze", "compare", "export", "lesson"})
        QTest::newRow(command) << QStringList{s(command), s("--version")};
}

void TestWindowFlags::versionOnEveryPath()
{
    QFETCH(QStringList, arguments);
    const Run r = run(arguments);
    QVERIFY(r.finished);
    QCOMPARE(r.exitCode, 0);
    QVERIFY2(r.err.isEmpty(), r.err.constData());
    static const QRegularExpression line(s("^rooflab \\d+\\.\\d+\\.\\d+\\n$"));
    QVERIFY2(line.match(QString::fromUtf8(r.out)).hasMatch(), r.out.constData());
}

QTEST_GUILESS_MAIN(TestWindowFlags)
#include "tst_windowflags.moc"
