// `rooflab export --lesson ID`: a deck of two pages per step (question, then reveal), the
// step's text drawn as text, run as a user would run it (no display).
#include "catalog.h"
#include "lessonlibrary.h"
#include "lessonplayer.h"
#include "pdftext.h"
#include "runrooflab.h"

#include <QDir>
#include <QFile>
#include <QImage>
#include <QImageReader>
#include <QTemporaryDir>
#include <QTest>

#include <cmath>

using rooflab::test::Run;
using namespace rooflab;

class TestLessonDeck : public QObject
{
    Q_OBJECT

private:
    Run exportDeck(const QStringList &arguments) const
    {
        return rooflab::test::runRooflab(QString::fromUtf8(ROOFLAB_EXE),
                                         QStringList{QStringLiteral("export")} + arguments,
                                         m_home.path(), 120000);
    }
    QString path(const QString &name) const { return m_out.filePath(name); }

    QTemporaryDir m_home;
    QTemporaryDir m_out;
    Catalog m_catalog;
    LessonLibrary m_library;

private Q_SLOTS:
    void initTestCase();
    void pdfHasTwoPagesPerStepWithTheirText_data();
    void pdfHasTwoPagesPerStepWithTheirText();
    void svgPagesInAFolder();
    void calloutsAreDrawnOnTheChart();
    void pngPagesHaveThePageSize();
    void badArguments_data();
    void badArguments();
    void missingFolderWritesNothing();
};

void TestLessonDeck::initTestCase()
{
    QVERIFY(m_home.isValid() && m_out.isValid());
    m_catalog = Catalog::builtin();
    m_library = LessonLibrary::builtin(m_catalog);
    QVERIFY(m_library.problems().isEmpty());
}

void TestLessonDeck::pdfHasTwoPagesPerStepWithTheirText_data()
{
    QTest::addColumn<QString>("id");
    QTest::newRow("ten steps") << QStringLiteral("roofline-in-ten-steps");
    QTest::newRow("llm") << QStringLiteral("llm-inference");
}

void TestLessonDeck::pdfHasTwoPagesPerStepWithTheirText()
{
    QFETCH(QString, id);
    const QString file = path(id + QStringLiteral(".pdf"));
    const Run r = exportDeck({QStringLiteral("--lesson"), id, QStringLiteral("-o"), file});
    QVERIFY(r.finished);
    QVERIFY2(r.exitCode == 0 && r.err.isEmpty(), r.err.constData());
    QFile pdf(file);
    QVERIFY(pdf.open(QIODevice::ReadOnly));
    const QByteArray bytes = pdf.readAll();
    QVERIFY(bytes.startsWith("%PDF-"));

    const Lesson *lesson = m_library.lesson(id);
    QVERIFY(lesson);
    // 2 x steps pages: 20 for ten steps, 14 for seven.
    QCOMPARE(bytes.count("/Type /Page\n") + bytes.count("/Type /Page "), 2 * lesson->steps.size());
    const QList<QString> pages = rooflab::test::pdfPageTexts(bytes);
    QCOMPARE(pages.size(), 2 * lesson->steps.size());

    LessonPlayer player(*lesson, m_catalog);
    using rooflab::test::squeezed;
    for (int step = 0; step < player.stepCount(); ++step) {
        player.goTo(step);
        const QString question = squeezed(pages.at(2 * step));
        const QString reveal = squeezed(pages.at(2 * step + 1));
        QVERIFY2(question.contains(squeezed(player.step().title)), qPrintable(question));
        QVERIFY2(question.contains(squeezed(player.questionText())), qPrintable(question));
        QVERIFY(question.contains(squeezed(player.progressText())));
        QVERIFY(question.contains(QStringLiteral("Question")));
        player.reveal();
        QVERIFY2(reveal.contains(squeezed(player.revealText())), qPrintable(reveal));
        QVERIFY(reveal.contains(QStringLiteral("Reveal")));
        QVERIFY(!question.contains(squeezed(player.revealText())));
    }
    if (id == QLatin1String("roofline-in-ten-steps")) {
        // The bytes time of step 1, 2 * 2^24 * 2 bytes / 3.35e12 B/s = 20.03 us, on page 2.
        QVERIFY(squeezed(pages.at(1)).contains(QStringLiteral("20.03µs")));
        // Step 1's choices are listed on its question page.
        QVERIFY(squeezed(pages.at(0)).contains(QStringLiteral("B.movingthebytes")));
    }
}

void TestLessonDeck::svgPagesInAFolder()
{
    const QString dir = path(QStringLiteral("svg"));
    QVERIFY(QDir().mkpath(dir));
    const Run r = exportDeck({QStringLiteral("--lesson"), QStringLiteral("llm-inference"),
                              QStringLiteral("-o"), dir + QLatin1Char('/'),
                              QStringLiteral("--format"), QStringLiteral("svg")});
    QVERIFY2(r.exitCode == 0 && r.err.isEmpty(), r.err.constData());
    const QStringList files =
        QDir(dir).entryList({QStringLiteral("*.svg")}, QDir::Files, QDir::Name);
    QCOMPARE(files.size(), 14); // 7 steps x 2
    QCOMPARE(files.first(), QStringLiteral("llm-inference-01-question.svg"));
    QCOMPARE(files.at(1), QStringLiteral("llm-inference-01-reveal.svg"));
    QFile first(QDir(dir).filePath(files.first()));
    QVERIFY(first.open(QIODevice::ReadOnly));
    const QByteArray svg = first.readAll();
    QVERIFY(svg.contains("<svg"));
    QVERIFY(svg.contains("Does it fit?"));
}

void TestLessonDeck::calloutsAreDrawnOnTheChart()
{
    // Step 4 of "The roofline in ten steps" has a callout on the decode GEMM; step 3 has no
    // annotation. A callout's box is outlined in the theme's halo colour darkened by 20 %
    // (light theme: #ffc400 -> #d4a300, annotationpainter.cpp), which nothing else on a
    // page uses, so its pixels show the callout was drawn on the chart.
    const QString dir = path(QStringLiteral("callouts"));
    QVERIFY(QDir().mkpath(dir));
    const Run r = exportDeck({QStringLiteral("--lesson"), QStringLiteral("roofline-in-ten-steps"),
                              QStringLiteral("-o"), dir + QLatin1Char('/'),
                              QStringLiteral("--format"), QStringLiteral("png")});
    QVERIFY2(r.exitCode == 0 && r.err.isEmpty(), r.err.constData());
    const auto outlinePixels = [&](const QString &name) {
        const QImage page(QDir(dir).filePath(name));
        int count = 0;
        for (int y = 0; y < page.height(); ++y)
            for (int x = 0; x < page.width(); ++x) {
                const QColor c = page.pixelColor(x, y);
                if (std::abs(c.red() - 0xd4) + std::abs(c.green() - 0xa3) + std::abs(c.blue()) < 40)
                    ++count;
            }
        return count;
    };
    QVERIFY(outlinePixels(QStringLiteral("roofline-in-ten-steps-04-question.png")) > 100);
    QCOMPARE(outlinePixels(QStringLiteral("roofline-in-ten-steps-03-question.png")), 0);
}

void TestLessonDeck::pngPagesHaveThePageSize()
{
    const QString dir = path(QStringLiteral("png"));
    QVERIFY(QDir().mkpath(dir));
    const Run r =
        exportDeck({QStringLiteral("--lesson"), QStringLiteral("llm-inference"),
                    QStringLiteral("-o"), dir, QStringLiteral("--format"), QStringLiteral("png"),
                    QStringLiteral("--width"), QStringLiteral("800"), QStringLiteral("--height"),
                    QStringLiteral("450"), QStringLiteral("--scale"), QStringLiteral("2")});
    QVERIFY2(r.exitCode == 0 && r.err.isEmpty(), r.err.constData());
    const QStringList files = QDir(dir).entryList({QStringLiteral("*.png")}, QDir::Files);
    QCOMPARE(files.size(), 14);
    QCOMPARE(QImageReader(QDir(dir).filePath(files.first())).size(), QSize(1600, 900));
}

void TestLessonDeck::badArguments_data()
{
    QTest::addColumn<QStringList>("arguments");
    QTest::addColumn<QString>("message");
    const QString lesson = QStringLiteral("llm-inference");
    QTest::newRow("unknown lesson")
        << QStringList{QStringLiteral("--lesson"), QStringLiteral("nope"), QStringLiteral("-o"),
                       QStringLiteral("d.pdf")}
        << QStringLiteral("--lesson: no lesson \"nope\"");
    QTest::newRow("svg file") << QStringList{QStringLiteral("--lesson"), lesson,
                                             QStringLiteral("-o"), QStringLiteral("d.svg")}
                              << QStringLiteral("a deck in one file is a PDF");
    QTest::newRow("folder without format")
        << QStringList{QStringLiteral("--lesson"), lesson, QStringLiteral("-o"),
                       QStringLiteral("pages/")}
        << QStringLiteral("add --format svg or --format png");
    QTest::newRow("scenario option")
        << QStringList{QStringLiteral("--lesson"), lesson,
                       QStringLiteral("-o"),       QStringLiteral("d.pdf"),
                       QStringLiteral("--device"), QStringLiteral("l4")}
        << QStringLiteral("--device: does not apply to a lesson deck");
    QTest::newRow("scenario file")
        << QStringList{QStringLiteral("s.rooflab.json"), QStringLiteral("--lesson"), lesson,
                       QStringLiteral("-o"), QStringLiteral("d.pdf")}
        << QStringLiteral("takes no scenario");
    QTest::newRow("lessons alone") << QStringList{QStringLiteral("--lessons"), QStringLiteral("."),
                                                  QStringLiteral("-o"), QStringLiteral("d.pdf")}
                                   << QStringLiteral("--lessons: applies only with --lesson ID");
    QTest::newRow("no output") << QStringList{QStringLiteral("--lesson"), lesson}
                               << QStringLiteral("-o: missing");
    QTest::newRow("bad width") << QStringList{QStringLiteral("--lesson"), lesson,
                                              QStringLiteral("-o"),       QStringLiteral("d.pdf"),
                                              QStringLiteral("--width"),  QStringLiteral("0.5")}
                               << QStringLiteral("--width");
}

void TestLessonDeck::badArguments()
{
    QFETCH(QStringList, arguments);
    QFETCH(QString, message);
    const Run r = exportDeck(arguments);
    QVERIFY(r.finished);
    QCOMPARE(r.exitCode, 2);
    QVERIFY2(QString::fromUtf8(r.err).contains(message), r.err.constData());
    QVERIFY(!QFile::exists(QStringLiteral("d.pdf")));
}

void TestLessonDeck::missingFolderWritesNothing()
{
    const QString file = path(QStringLiteral("absent/deck.pdf"));
    const Run r = exportDeck(
        {QStringLiteral("--lesson"), QStringLiteral("llm-inference"), QStringLiteral("-o"), file});
    QCOMPARE(r.exitCode, 1);
    QVERIFY2(r.err.contains("does not exist"), r.err.constData());
    QVERIFY(!QFile::exists(file));
}

QTEST_GUILESS_MAIN(TestLessonDeck)
#include "tst_lessondeck.moc"
