// `rooflab lesson list|show|check`, run as a separate process: exit statuses, the listing
// and every problem of a bad lesson named by file, step and field.
#include "runrooflab.h"

#include <QDir>
#include <QFile>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QTemporaryDir>
#include <QTest>

using rooflab::test::Run;

class TestLessonCli : public QObject
{
    Q_OBJECT

private:
    Run run(const QStringList &arguments) const
    {
        return rooflab::test::runRooflab(QString::fromUtf8(ROOFLAB_EXE), arguments, m_home.path(),
                                         30000);
    }

    QTemporaryDir m_home; // an empty user data folder, so no user lesson interferes
    QString m_data;

private Q_SLOTS:
    void initTestCase();
    void listText();
    void listJsonWithExtraFolder();
    void userFolder();
    void show();
    void checkGood();
    void checkReportsEveryProblemOfAStep();
    void checkBad_data();
    void checkBad();
    void badArguments_data();
    void badArguments();
};

void TestLessonCli::initTestCase()
{
    QVERIFY(m_home.isValid());
    m_data = qEnvironmentVariable("ROOFLAB_TEST_DATA");
    QVERIFY2(!m_data.isEmpty(), "ROOFLAB_TEST_DATA is not set (run through ctest)");
}

void TestLessonCli::listText()
{
    const Run r = run({QStringLiteral("lesson"), QStringLiteral("list")});
    QVERIFY(r.finished);
    QCOMPARE(r.exitCode, 0);
    QVERIFY2(r.err.isEmpty(), r.err.constData());
    QVERIFY(r.out.contains("roofline-in-ten-steps"));
    QVERIFY(r.out.contains("The roofline in ten steps (10 steps)"));
    QVERIFY(r.out.contains("LLM inference on the roofline (7 steps)"));
}

void TestLessonCli::listJsonWithExtraFolder()
{
    const Run r = run({QStringLiteral("lesson"), QStringLiteral("list"), QStringLiteral("--json"),
                       QStringLiteral("--lessons"), m_data + QStringLiteral("/lessons-good")});
    QCOMPARE(r.exitCode, 0);
    const QJsonArray lessons = QJsonDocument::fromJson(r.out).array();
    QCOMPARE(lessons.size(), 4); // three built in, one from the folder
    QJsonObject test;
    for (const QJsonValue &v : lessons) {
        if (v[QStringLiteral("id")] == QStringLiteral("test-four-steps"))
            test = v.toObject();
    }
    QCOMPARE(test.value(QStringLiteral("title")).toString(), QStringLiteral("Four steps"));
    QCOMPARE(test.value(QStringLiteral("steps")).toInt(), 4);
    QCOMPARE(test.value(QStringLiteral("audience")).toString(), QStringLiteral("The test suite"));
}

void TestLessonCli::userFolder()
{
    // A broken lesson in the user's folder is a warning, not a failure of the listing.
    const QString dir = m_home.path() + QStringLiteral("/rooflab/lessons");
    QVERIFY(QDir().mkpath(dir));
    QVERIFY(QFile::copy(m_data + QStringLiteral("/lessons-bad/unknown-control.json"),
                        dir + QStringLiteral("/broken.json")));
    const Run r = run({QStringLiteral("lesson"), QStringLiteral("list")});
    QVERIFY(QFile::remove(dir + QStringLiteral("/broken.json")));
    QCOMPARE(r.exitCode, 0);
    QVERIFY2(r.err.contains("broken.json: step 1.controls[1]: unknown control \"zoom\""),
             r.err.constData());
    QVERIFY(r.out.contains("llm-inference"));
}

void TestLessonCli::show()
{
    const Run r = run({QStringLiteral("lesson"), QStringLiteral("show"),
                       QStringLiteral("roofline-in-ten-steps")});
    QCOMPARE(r.exitCode, 0);
    const QString out = QString::fromUtf8(r.out);
    QVERIFY(out.contains(QStringLiteral("Step 1 of 10: The max rule")));
    // Bytes time of step 1: 2 * 2^24 elements * 2 bytes / 3.35e12 B/s = 20.03 us.
    QVERIFY2(out.contains(QStringLiteral("needs 20.03 µs")), qPrintable(out));
    QVERIFY(out.contains(QStringLiteral("Step 10 of 10")));
    QVERIFY(!out.contains(u'{'));
}

void TestLessonCli::checkGood()
{
    const Run r = run({QStringLiteral("lesson"), QStringLiteral("check"),
                       m_data + QStringLiteral("/lessons-good/four-steps.json")});
    QCOMPARE(r.exitCode, 0);
    QVERIFY(r.out.contains("lesson \"test-four-steps\" is valid (4 steps)"));
    QVERIFY(r.err.isEmpty());
}

void TestLessonCli::checkReportsEveryProblemOfAStep()
{
    // Step 2 misspells "notes", sets batch -4 and has no question: three problems, each
    // named with the step counted from 1, as the window counts it. The broken batch used
    // to hide the other two.
    const QString path = m_data + QStringLiteral("/lessons-bad/three-errors-one-step.json");
    const Run r = run({QStringLiteral("lesson"), QStringLiteral("check"), path});
    QVERIFY(r.finished);
    QCOMPARE(r.exitCode, 2);
    const QString err = QString::fromUtf8(r.err);
    for (const char *problem :
         {"step 2.notez: unknown field", "step 2.changes.batch: must be greater than zero",
          "step 2.question: missing"})
        QVERIFY2(err.contains(path + QStringLiteral(": ") + QString::fromUtf8(problem)),
                 qPrintable(err));
    QVERIFY2(!err.contains(QStringLiteral("steps[")), qPrintable(err));
}

void TestLessonCli::checkBad_data()
{
    QTest::addColumn<QString>("file");
    QTest::addColumn<QString>("message");
    QTest::newRow("tolerance") << QStringLiteral("tolerance-too-large")
                               << QStringLiteral(
                                      "step 1.question.answer.tolerance: must be below 1");
    QTest::newRow("device") << QStringLiteral("unknown-device")
                            << QStringLiteral("step 2.changes.devices[0]: unknown device \"h900\"");
    QTest::newRow("figure") << QStringLiteral("unknown-figure")
                            << QStringLiteral("step 1.question.text: unknown figure \"ridgee\"");
}

void TestLessonCli::checkBad()
{
    QFETCH(QString, file);
    QFETCH(QString, message);
    const QString path = m_data + QStringLiteral("/lessons-bad/") + file + QStringLiteral(".json");
    const Run r = run({QStringLiteral("lesson"), QStringLiteral("check"), path});
    QVERIFY(r.finished);
    QCOMPARE(r.exitCode, 2);
    QVERIFY(r.out.isEmpty());
    const QString err = QString::fromUtf8(r.err);
    QVERIFY2(err.startsWith(QStringLiteral("rooflab: ") + path + QStringLiteral(": ") + message),
             qPrintable(err));
}

void TestLessonCli::badArguments_data()
{
    QTest::addColumn<QStringList>("arguments");
    QTest::addColumn<QString>("message");
    QTest::newRow("no action") << QStringList{}
                               << QStringLiteral("lesson: say list, show or check");
    QTest::newRow("unknown action")
        << QStringList{QStringLiteral("play")} << QStringLiteral("unknown action \"play\"");
    QTest::newRow("check without file")
        << QStringList{QStringLiteral("check")} << QStringLiteral("name one lesson file");
    QTest::newRow("check missing file")
        << QStringList{QStringLiteral("check"), QStringLiteral("/nonexistent/x.json")}
        << QStringLiteral("/nonexistent/x.json: no such file");
    QTest::newRow("list with file") << QStringList{QStringLiteral("list"), QStringLiteral("x")}
                                    << QStringLiteral("takes no file");
    QTest::newRow("show unknown") << QStringList{QStringLiteral("show"), QStringLiteral("nope")}
                                  << QStringLiteral("no lesson \"nope\"");
    QTest::newRow("unknown flag") << QStringList{QStringLiteral("list"), QStringLiteral("--nope")}
                                  << QStringLiteral("nope");
}

void TestLessonCli::badArguments()
{
    QFETCH(QStringList, arguments);
    QFETCH(QString, message);
    const Run r = run(QStringList{QStringLiteral("lesson")} + arguments);
    QVERIFY(r.finished);
    QCOMPARE(r.exitCode, 2);
    QVERIFY2(QString::fromUtf8(r.err).contains(message), r.err.constData());
}

QTEST_GUILESS_MAIN(TestLessonCli)
#include "tst_lessoncli.moc"
