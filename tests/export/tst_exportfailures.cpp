// `rooflab export` refusals and failures: exit status 2 and one line naming the argument,
// nothing on stdout, and no file left behind or replaced.
#include "exportrunner.h"

#include <QDir>
#include <QTemporaryDir>
#include <QTest>

#include <memory>

using namespace rooflab::test;

namespace {

QString s(const char *text)
{
    return QString::fromUtf8(text);
}

} // namespace

class TestExportFailures : public QObject
{
    Q_OBJECT

    QTemporaryDir m_home;
    std::unique_ptr<QTemporaryDir> m_dir;

    Run rooflab(const QStringList &arguments)
    {
        return runExport(arguments, m_dir->path(), m_home.filePath(s("data")));
    }
    QString path(const char *name) const { return m_dir->filePath(s(name)); }
    // The names of the files in the work folder.
    QStringList files() const
    {
        return QDir(m_dir->path()).entryList(QDir::NoDotAndDotDot | QDir::AllEntries, QDir::Name);
    }

private Q_SLOTS:
    void init()
    {
        m_dir = std::make_unique<QTemporaryDir>();
        QVERIFY(m_dir->isValid());
    }

    void failuresLeaveNoFile_data()
    {
        QTest::addColumn<QStringList>("arguments");
        QTest::addColumn<int>("exitCode");
        QTest::addColumn<QString>("message");
        QTest::newRow("missing folder")
            << QStringList{s("-o"), s("no-such-folder/chart.svg")} << 2 << s("does not exist");
        QTest::newRow("missing folder, png")
            << QStringList{s("-o"), s("no-such-folder/chart.png")} << 2 << s("does not exist");
        QTest::newRow("missing folder, csv")
            << QStringList{s("-o"), s("no-such-folder/t.csv")} << 2 << s("does not exist");
        QTest::newRow("target is a folder")
            << QStringList{s("-o"), s("folder")} << 2 << s("is a folder");
        QTest::newRow("target is a folder, forced svg")
            << QStringList{s("-o"), s("folder"), s("--format"), s("svg")} << 2 << s("is a folder");
        QTest::newRow("unknown extension")
            << QStringList{s("-o"), s("chart.gif")} << 2 << s("cannot tell the format");
        QTest::newRow("unknown format")
            << QStringList{s("-o"), s("chart.svg"), s("--format"), s("tiff")} << 2
            << s("--format: unknown format \"tiff\"");
        QTest::newRow("format disagrees with the extension")
            << QStringList{s("-o"), s("x.png"), s("--format"), s("svg")} << 2
            << s("--format: \"svg\" disagrees with the extension of -o \"x.png\" (png)");
        QTest::newRow("table format disagrees with the extension")
            << QStringList{s("-o"), s("x.csv"), s("--format"), s("markdown")} << 2
            << s("--format: \"markdown\" disagrees with the extension of -o \"x.csv\" (csv)");
        QTest::newRow("no output") << QStringList{} << 2 << s("-o: missing");
        QTest::newRow("unknown device")
            << QStringList{s("-o"), s("c.svg"), s("--device"), s("h900")} << 2
            << s("unknown device \"h900\"");
        QTest::newRow("bad theme")
            << QStringList{s("-o"), s("c.svg"), s("--theme"), s("neon")} << 2 << s("--theme");
        QTest::newRow("bad width")
            << QStringList{s("-o"), s("c.png"), s("--width"), s("12.5")} << 2 << s("--width");
        QTest::newRow("huge scale")
            << QStringList{s("-o"), s("c.png"), s("--scale"), s("100")} << 2 << s("--scale");
        QTest::newRow("missing scenario")
            << QStringList{s("none.rooflab.json"), s("-o"), s("c.svg")} << 2 << s("no such file");
        QTest::newRow("malformed scenario")
            << QStringList{s("bad.rooflab.json"), s("-o"), s("c.svg")} << 2
            << s("bad.rooflab.json: scenario.batch: must be greater than zero");
        QTest::newRow("newer scenario") << QStringList{s("new.rooflab.json"), s("-o"), s("c.svg")}
                                        << 2 << s("new.rooflab.json: version: version 7 is newer");
        QTest::newRow("caption on a table")
            << QStringList{s("-o"), s("t.csv"), s("--caption")} << 2
            << s("--caption: applies to png, svg and pdf, not to a csv table");
        QTest::newRow("no legend on a table")
            << QStringList{s("-o"), s("t.md"), s("--no-legend")} << 2
            << s("--no-legend: applies to png, svg and pdf, not to a md table");
        QTest::newRow("unknown flag")
            << QStringList{s("-o"), s("c.svg"), s("--colour"), s("red")} << 2 << s("colour");
    }

    void failuresLeaveNoFile()
    {
        QFETCH(QStringList, arguments);
        QFETCH(int, exitCode);
        QFETCH(QString, message);
        QVERIFY(QDir(m_dir->path()).mkdir(s("folder")));
        QVERIFY(writeAll(path("bad.rooflab.json"),
                         R"({"schema": "rooflab-scenario", "version": 1,
                             "scenario": {"devices": ["l4"], "operators": [], "batch": 0}})"));
        QVERIFY(writeAll(path("new.rooflab.json"),
                         R"({"schema": "rooflab-scenario", "version": 7, "anything": []})"));
        const QStringList before = files();

        const Run run = rooflab(QStringList{s("export")} + arguments);
        QCOMPARE(run.exitCode, exitCode);
        // One clear line on stderr, nothing on stdout, and no file left anywhere.
        QVERIFY2(run.err.startsWith(s("rooflab: ")) && run.err.count(QLatin1Char('\n')) == 1,
                 qPrintable(run.err));
        QVERIFY2(run.err.contains(message), qPrintable(run.err));
        QVERIFY(run.out.isEmpty());
        QCOMPARE(files(), before);
        QVERIFY(QDir(path("folder")).isEmpty());
    }

    void replacingFailsKeepsOldFile()
    {
        // A failed export over an existing file keeps that file whole.
        QVERIFY(writeAll(path("keep.svg"), "old"));
        const Run run = rooflab({s("export"), s("-o"), s("keep.svg"), s("--device"), s("h900")});
        QCOMPARE(run.exitCode, 2);
        QCOMPARE(readAll(path("keep.svg")), QByteArray("old"));
    }
};

QTEST_GUILESS_MAIN(TestExportFailures)
#include "tst_exportfailures.moc"
