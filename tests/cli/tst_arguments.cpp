// The command line parsed once (app::parseInvocation) with the real syntaxes of every
// command: the value it gives for the window and for each command, the shared options read
// by one piece of code, and the refusals, each naming the argument.
#include "commandline.h"
#include "invocation.h"

#include <QDir>
#include <QTemporaryDir>
#include <QTest>

using rooflab::app::Invocation;

namespace {

QString s(const char *text)
{
    return QString::fromUtf8(text);
}

Invocation parse(const QStringList &arguments)
{
    return rooflab::app::parseInvocation(QStringList{s("rooflab")} + arguments,
                                         rooflab::cli::commandSyntaxes());
}

QStringList words(const char *line)
{
    return s(line).split(QLatin1Char(' '), Qt::SkipEmptyParts);
}

} // namespace

Q_DECLARE_METATYPE(Invocation::Action)

class TestArguments : public QObject
{
    Q_OBJECT

private:
    QString m_scenario; // a scenario file that exists

private Q_SLOTS:
    void initTestCase();
    void windowWithoutArguments();
    void windowWithEveryOption();
    void windowLeavesToolkitOptionsToQt();
    void listCommand();
    void analyzeCommand();
    void compareCommand();
    void exportCommand();
    void lessonCommand();
    void sharedFoldersReadOnce_data();
    void sharedFoldersReadOnce();
    void emptyFolderRefusedAlike_data();
    void emptyFolderRefusedAlike();
    void helpAndVersionForEveryCommand_data();
    void helpAndVersionForEveryCommand();
    void badArguments_data();
    void badArguments();
};

void TestArguments::initTestCase()
{
    const QString data = qEnvironmentVariable("ROOFLAB_TEST_DATA");
    QVERIFY2(!data.isEmpty(), "ROOFLAB_TEST_DATA is not set (run through ctest)");
    m_scenario = QDir(data).filePath(s("scenarios/default.rooflab.json"));
    QVERIFY(QFileInfo::exists(m_scenario));
}

void TestArguments::windowWithoutArguments()
{
    const Invocation i = parse({});
    QCOMPARE(i.action, Invocation::Action::Window);
    QVERIFY(i.command.isEmpty());
    QVERIFY(i.error.isEmpty());
    QVERIFY(i.window.file.isEmpty());
    QVERIFY(!i.window.presenter);
    QCOMPARE(i.window.screen, 0);
    QVERIFY(i.presetFolders.isEmpty());
    QVERIFY(i.lessonFolders.isEmpty());
}

void TestArguments::windowWithEveryOption()
{
    const Invocation i =
        parse(QStringList{s("--presenter"), s("--screen"), s("2"), m_scenario, s("--presets"),
                          s("p1"), s("--presets"), s("p2"), s("--lessons"), s("l1")});
    QVERIFY2(i.error.isEmpty(), qPrintable(i.error));
    QCOMPARE(i.action, Invocation::Action::Window);
    QCOMPARE(i.window.file, m_scenario);
    QVERIFY(i.window.presenter);
    QCOMPARE(i.window.screen, 2);
    QCOMPARE(i.presetFolders, (QStringList{s("p1"), s("p2")}));
    QCOMPARE(i.lessonFolders, QStringList{s("l1")});
}

void TestArguments::windowLeavesToolkitOptionsToQt()
{
    // QApplication reads -platform and -style itself; the window's syntax must not refuse
    // them nor take their values for a scenario file.
    const Invocation i =
        parse(words("-platform offscreen -style=fusion --reverse --presenter --screen 1"));
    QVERIFY2(i.error.isEmpty(), qPrintable(i.error));
    QCOMPARE(i.action, Invocation::Action::Window);
    QVERIFY(i.window.file.isEmpty());
    QVERIFY(i.window.presenter);
    QCOMPARE(i.window.screen, 1);
    // A command does not take them: QCoreApplication would not remove them.
    QCOMPARE(parse(words("list devices -platform offscreen")).action,
             Invocation::Action::UsageError);
}

void TestArguments::listCommand()
{
    const Invocation i = parse(words("list devices --json --presets extra"));
    QVERIFY2(i.error.isEmpty(), qPrintable(i.error));
    QCOMPARE(i.action, Invocation::Action::Command);
    QCOMPARE(i.command, s("list"));
    // The command's name is not one of its positional arguments.
    QCOMPARE(i.options.positionalArguments(), QStringList{s("devices")});
    QVERIFY(i.options.isSet(s("json")));
    QCOMPARE(i.presetFolders, QStringList{s("extra")});
}

void TestArguments::analyzeCommand()
{
    const Invocation i = parse(words("analyze --device h100-sxm5 --device b200 --op gemm --m 16 "
                                     "--n 64 --k 32 --batch 8"));
    QVERIFY2(i.error.isEmpty(), qPrintable(i.error));
    QCOMPARE(i.action, Invocation::Action::Command);
    QCOMPARE(i.command, s("analyze"));
    QVERIFY(i.options.positionalArguments().isEmpty());
    // --device may be repeated; every value is kept in order.
    QCOMPARE(i.options.values(s("device")), (QStringList{s("h100-sxm5"), s("b200")}));
    QCOMPARE(i.options.value(s("op")), s("gemm"));
    QCOMPARE(i.options.value(s("k")), s("32"));
    QCOMPARE(i.options.value(s("batch")), s("8"));
    // analyze's --width is the norm's width: both names answer.
    const Invocation norm = parse(words("analyze --op rmsnorm --width 4096"));
    QCOMPARE(norm.options.value(s("norm-width")), s("4096"));
    // Values are the command's to judge: help still wins over an unknown device.
    QCOMPARE(parse(words("analyze --device nosuch --help")).action, Invocation::Action::Help);
}

void TestArguments::compareCommand()
{
    const Invocation i = parse(
        words("compare --model llama-3.1-70b --device h100-sxm5 --device b200 --tp auto --md"));
    QVERIFY2(i.error.isEmpty(), qPrintable(i.error));
    QCOMPARE(i.command, s("compare"));
    QCOMPARE(i.options.value(s("model")), s("llama-3.1-70b"));
    QCOMPARE(i.options.values(s("device")).size(), qsizetype(2));
    QCOMPARE(i.options.value(s("tp")), s("auto"));
    QVERIFY(i.options.isSet(s("md")));
}

void TestArguments::exportCommand()
{
    const Invocation i =
        parse(QStringList{s("export"), m_scenario, s("-o"), s("out.svg"), s("--width"), s("1200")});
    QVERIFY2(i.error.isEmpty(), qPrintable(i.error));
    QCOMPARE(i.command, s("export"));
    QCOMPARE(i.options.positionalArguments(), QStringList{m_scenario});
    // -o and --output are one option.
    QCOMPARE(i.options.value(s("output")), s("out.svg"));
    // export's --width is the figure's width, not a norm's.
    QCOMPARE(i.options.value(s("width")), s("1200"));
    QVERIFY(!i.options.isSet(s("norm-width")));

    const Invocation deck = parse(words("export --lesson intro --lessons mine -o deck.pdf"));
    QVERIFY2(deck.error.isEmpty(), qPrintable(deck.error));
    QCOMPARE(deck.options.value(s("lesson")), s("intro"));
    QCOMPARE(deck.lessonFolders, QStringList{s("mine")});
}

void TestArguments::lessonCommand()
{
    // --lessons is repeatable for `lesson` as for the window (it once refused a second one).
    const Invocation i = parse(words("lesson list --json --lessons a --lessons b"));
    QVERIFY2(i.error.isEmpty(), qPrintable(i.error));
    QCOMPARE(i.command, s("lesson"));
    QCOMPARE(i.options.positionalArguments(), QStringList{s("list")});
    QCOMPARE(i.lessonFolders, (QStringList{s("a"), s("b")}));
    const Invocation check = parse(words("lesson check my.json"));
    QCOMPARE(check.options.positionalArguments(), (QStringList{s("check"), s("my.json")}));
}

void TestArguments::sharedFoldersReadOnce_data()
{
    QTest::addColumn<QStringList>("before"); // the command, or nothing for the window
    QTest::addColumn<bool>("takesLessons");
    QTest::newRow("window") << QStringList() << true;
    QTest::newRow("list") << words("list devices") << false;
    QTest::newRow("analyze") << words("analyze --device h100-sxm5 --op matmul --n 64") << false;
    QTest::newRow("compare") << words("compare --model llama-3.1-8b --device b200") << false;
    QTest::newRow("export") << words("export -o out.svg") << true;
    QTest::newRow("lesson") << words("lesson list") << true;
}

void TestArguments::sharedFoldersReadOnce()
{
    QFETCH(QStringList, before);
    QFETCH(bool, takesLessons);
    // The same --presets (and --lessons) on every path gives the same folders, in order.
    const QStringList presets{s("--presets"), s("one"), s("--presets"), s("two")};
    const Invocation i = parse(before + presets);
    QVERIFY2(i.error.isEmpty(), qPrintable(i.error));
    QCOMPARE(i.presetFolders, (QStringList{s("one"), s("two")}));
    const Invocation lessons = parse(before + QStringList{s("--lessons"), s("mine")});
    if (takesLessons) {
        QVERIFY2(lessons.error.isEmpty(), qPrintable(lessons.error));
        QCOMPARE(lessons.lessonFolders, QStringList{s("mine")});
    } else {
        QCOMPARE(lessons.action, Invocation::Action::UsageError);
        QVERIFY2(lessons.error.contains(s("lessons")), qPrintable(lessons.error));
    }
}

void TestArguments::emptyFolderRefusedAlike_data()
{
    QTest::addColumn<QStringList>("arguments");
    QTest::addColumn<QString>("message");
    const QString presets = s("--presets: empty folder name; give a folder");
    const QString lessons = s("--lessons: empty folder name; give a folder");
    QTest::newRow("window --presets") << QStringList{s("--presets"), QString()} << presets;
    QTest::newRow("analyze --presets")
        << words("analyze --device h100-sxm5 --op matmul --n 64") + QStringList{s("--presets"), {}}
        << presets;
    QTest::newRow("list --presets")
        << words("list devices") + QStringList{s("--presets"), {}} << presets;
    QTest::newRow("window --lessons") << QStringList{s("--lessons"), QString()} << lessons;
    QTest::newRow("lesson --lessons")
        << words("lesson list") + QStringList{s("--lessons"), {}} << lessons;
}

void TestArguments::emptyFolderRefusedAlike()
{
    QFETCH(QStringList, arguments);
    QFETCH(QString, message);
    const Invocation i = parse(arguments);
    QCOMPARE(i.action, Invocation::Action::UsageError);
    QCOMPARE(i.error, message);
}

void TestArguments::helpAndVersionForEveryCommand_data()
{
    QTest::addColumn<QStringList>("before");
    QTest::addColumn<QString>("ownOption"); // an option only this path's help lists
    QTest::newRow("window") << QStringList() << s("--presenter");
    QTest::newRow("list") << words("list") << s("--json");
    QTest::newRow("analyze") << words("analyze") << s("--launch-overhead");
    QTest::newRow("compare") << words("compare") << s("--csv");
    QTest::newRow("export") << words("export") << s("--caption-line");
    QTest::newRow("lesson") << words("lesson") << s("[ID|FILE]");
}

void TestArguments::helpAndVersionForEveryCommand()
{
    QFETCH(QStringList, before);
    QFETCH(QString, ownOption);
    for (const char *flag : {"--help", "-h", "--help-all"}) {
        const Invocation help = parse(before + QStringList{s(flag)});
        QCOMPARE(help.action, Invocation::Action::Help);
        const QString text = help.options.helpText();
        QVERIFY2(text.contains(ownOption), qPrintable(text));
        QVERIFY2(text.contains(s("--presets")), qPrintable(text));
    }
    QCOMPARE(parse(before + QStringList{s("--version")}).action, Invocation::Action::Version);
}

void TestArguments::badArguments_data()
{
    QTest::addColumn<QStringList>("arguments");
    QTest::addColumn<QString>("names"); // what the message must name
    QTest::newRow("screen 0") << words("--screen 0") << s("--screen: give a screen number from 1");
    QTest::newRow("screen word") << words("--screen two") << s("\"two\"");
    QTest::newRow("screen missing value") << words("--screen") << s("screen");
    QTest::newRow("screen twice") << words("--screen 1 --screen 2")
                                  << s("--screen: given 2 times; give it once");
    QTest::newRow("presenter twice")
        << words("--presenter --presenter") << s("--presenter: given 2 times");
    QTest::newRow("missing file") << words("--presenter nosuchfile.json")
                                  << s("nosuchfile.json: no such file");
    QTest::newRow("folder as file") << QStringList{QDir::tempPath()} << s("not a regular file");
    QTest::newRow("two files") << words("a.json b.json") << s("unexpected argument \"b.json\"");
    QTest::newRow("empty file") << QStringList{QString()} << s("empty scenario file name");
    QTest::newRow("unknown option") << words("--frobnicate") << s("frobnicate");
    QTest::newRow("unknown command") << words("frobnicate") << s("unknown command \"frobnicate\"");
    // Only first on the line is a bare word a mistyped command; after a flag, a file.
    QTest::newRow("bare word after a flag")
        << words("--presenter frobnicate") << s("frobnicate: no such file");
    QTest::newRow("window flag to a command")
        << words("list devices --presenter") << s("presenter");
    QTest::newRow("command option twice")
        << words("analyze --batch 1 --batch 2") << s("--batch: given 2 times; give it once");
    QTest::newRow("-o twice") << words("export -o a.svg -o b.svg") << s("-o: given 2 times");
    QTest::newRow("unknown command option") << words("compare --frobnicate") << s("frobnicate");
}

void TestArguments::badArguments()
{
    QFETCH(QStringList, arguments);
    QFETCH(QString, names);
    const Invocation i = parse(arguments);
    QCOMPARE(i.action, Invocation::Action::UsageError);
    QVERIFY2(i.error.contains(names), qPrintable(i.error));
    QVERIFY2(!i.error.contains(QLatin1Char('\n')), qPrintable(i.error));
}

QTEST_GUILESS_MAIN(TestArguments)
#include "tst_arguments.moc"
