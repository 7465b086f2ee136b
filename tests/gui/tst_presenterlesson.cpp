// A lesson in the presenter view: the question and the reveal drawn as notes on the chart,
// kept off the point the step is about; PageDown, PageUp and Space step and reveal; the
// number keys answer; the keys that would edit the document do nothing; Esc leaves the
// view, and leaving the lesson gives back the user's document exactly. Figures by hand.
#include "annotationpainter.h"
#include "catalog.h"
#include "document.h"
#include "figure.h"
#include "lessondock.h"
#include "mainwindow.h"
#include "presenterview.h"
#include "rooflinechart.h"
#include "testhelpers.h"
#include "windowtest.h"

#include <QLabel>
#include <QTest>
#include <QUndoStack>

#include <memory>

using namespace rooflab;
using namespace rooflab::gui;

namespace {

const QString h100 = QStringLiteral("h100-sxm5");
const QString gemm = QStringLiteral("decode-mlp-up-8b");
const QString fourSteps = QStringLiteral("test-four-steps");

// tests/data/lessons-good/four-steps.json, step 1: the 8B MLP up GEMM (D = 4096, F = 14336)
// at batch 16 on an H100 SXM5, asked "Where is the ridge?". BF16 989.5 TFLOP/s over
// 3.35 TB/s puts the ridge at 295.373 FLOP/byte.
constexpr double h100Ridge = 989.5 / 3.35;

// The notes of `options` with this heading.
QList<FigureAnnotation> notes(const ChartOptions &options, const QString &heading)
{
    QList<FigureAnnotation> found;
    for (const FigureAnnotation &a : options.annotations)
        if (a.kind == FigureAnnotation::Kind::Note && a.heading == heading)
            found.append(a);
    return found;
}

} // namespace

class TestPresenterLesson : public QObject
{
    Q_OBJECT

    Catalog m_catalog = Catalog::builtin();
    std::unique_ptr<rooflab::test::ShownWindow> m_shown;
    Document *m_doc = nullptr;
    MainWindow *m_window = nullptr;
    LessonDock *m_dock = nullptr;

    const ChartOptions &options() const { return m_dock->chart().options; }
    QString questionNote() const
    {
        const QList<FigureAnnotation> q = notes(options(), QStringLiteral("Question"));
        return q.size() == 1 ? q.constFirst().text : QString();
    }
    void key(Qt::Key k, const QString &text = {})
    {
        // Sent to the chart, where the presenter view puts the focus.
        QTest::sendKeyEvent(QTest::Press, m_window->chart(), k, text, Qt::NoModifier);
        QTest::sendKeyEvent(QTest::Release, m_window->chart(), k, text, Qt::NoModifier);
    }

private Q_SLOTS:
    void initTestCase() { rooflab::test::isolateSettings("rooflab-presenter-lesson-tests"); }

    void init()
    {
        m_shown = std::make_unique<rooflab::test::ShownWindow>(
            m_catalog, rooflab::test::twoOperatorScenario(m_catalog), QSize(1600, 1000));
        QVERIFY(m_shown->exposed());
        m_doc = m_shown->document();
        m_window = m_shown->window();
        rooflab::test::useTestLessons(m_window);
        m_dock = m_window->lessonDock();
    }

    void cleanup() { m_shown.reset(); }

    // A model's step has a brief title (the model, what it needs, the shape); in the
    // presenter view the title is the step's, and no brief form of another title stands in
    // for it on a small chart.
    void thePresenterTitleHasNoBriefFormOfTheModels()
    {
        QVERIFY(m_window->startLesson(QStringLiteral("llm-inference")));
        m_dock->next(); // step 2: the model at batch 1, fit not hidden
        QVERIFY2(!options().titleBrief.isEmpty(), "the premise: the window's form has one");
        QTest::keyClick(m_window, Qt::Key_F11);
        QVERIFY(m_dock->isPresenting());
        QVERIFY2(options().title.startsWith(QStringLiteral("Step 2 of 7")),
                 qPrintable(options().title));
        QVERIFY2(options().titleBrief.isEmpty(), qPrintable(options().titleBrief));
    }

    void questionIsANoteOnTheChart()
    {
        QVERIFY(m_window->startLesson(fourSteps));
        QVERIFY(notes(options(), QStringLiteral("Question")).isEmpty()); // the dock asks
        // F11 stays on while the lesson locks the View menu's other entries.
        QTest::keyClick(m_window, Qt::Key_F11);
        QVERIFY(m_window->presenter()->isActive());
        QVERIFY(m_dock->isPresenting());
        const QList<FigureAnnotation> q = notes(options(), QStringLiteral("Question"));
        QCOMPARE(q.size(), 1);
        QVERIFY2(q.constFirst().text.startsWith(QStringLiteral("Where is the ridge?")),
                 qPrintable(q.constFirst().text));
        QVERIFY(q.constFirst().text.contains(QStringLiteral("Type a number")));
        QVERIFY(notes(options(), QStringLiteral("Reveal")).isEmpty());
        // Projector-sized text, and a title that says which step this is.
        QVERIFY(options().fontScale >= presenterTextScale);
        QCOMPARE(options().title, QStringLiteral("Step 1 of 4  ·  The ridge"));
        // The note is about the focus point, the GEMM at batch 16, and is drawn off it.
        // I(16) = 2·16·D·F / (2·D·F + 2·16·(D+F)) = 1,879,048,192 / 118,030,336 = 15.92 FLOP/byte.
        ROOFLAB_COMPARE_NEAR(q.constFirst().x, 1879048192.0 / 118030336.0, 1e-9);
        const Figure figure(m_dock->chart().analysis, options(), m_window->chart()->size(), {},
                            Figure::Purpose::Window);
        const QList<NotePlacement> placed = placeNotes(
            figure.model(), figure.frame(), placeCallouts(figure.model(), figure.frame()));
        QCOMPARE(placed.size(), 1);
        QVERIFY(figure.frame().map.rect.contains(placed.constFirst().box));
        const QPointF point = figure.frame().map.toPixel(q.constFirst().x, q.constFirst().y);
        QVERIFY2(!placed.constFirst().box.contains(point), "the note hides the GEMM");
    }

    void keysAnswerRevealAndStep()
    {
        QVERIFY(m_window->startLesson(fourSteps));
        m_window->presenter()->enter();
        const double batch = m_doc->scenario().batch;
        // Up would double the document's batch outside a lesson; here it does nothing.
        key(Qt::Key_Up);
        QCOMPARE(m_doc->scenario().batch, batch);
        QCOMPARE(m_doc->undoStack()->count(), 0);
        // A number typed on the keyboard, then Enter: 300 is within ±10 % of 295.373.
        key(Qt::Key_3, QStringLiteral("3"));
        key(Qt::Key_0, QStringLiteral("0"));
        QVERIFY2(questionNote().contains(QStringLiteral("Answer: 30")), qPrintable(questionNote()));
        key(Qt::Key_0, QStringLiteral("0"));
        key(Qt::Key_Return);
        QVERIFY2(questionNote().contains(QStringLiteral("✔ Right")), qPrintable(questionNote()));
        QVERIFY(m_dock->feedbackLabel()->text().startsWith(QStringLiteral("✔ Right")));
        // 330 is above 324.91, the top of the tolerance.
        for (const char c : {'3', '3', '0'})
            key(Qt::Key(Qt::Key_0 + (c - '0')), QString(QLatin1Char(c)));
        key(Qt::Key_Return);
        QVERIFY2(questionNote().contains(QStringLiteral("too high")), qPrintable(questionNote()));

        // Space reveals: a second note with the reveal text, the batch at the ridge batch
        // B = R·D·F / (D·F − R·(D+F)) = 295.373 · 58,720,256 / (58,720,256 − 295.373 · 18,432)
        // = 325.558.
        QTest::keyClick(m_window->chart(), Qt::Key_Space);
        QVERIFY(m_dock->player()->isRevealed());
        const QList<FigureAnnotation> reveal = notes(options(), QStringLiteral("Reveal"));
        QCOMPARE(reveal.size(), 1);
        QVERIFY2(reveal.constFirst().text.startsWith(QStringLiteral("At 295")),
                 qPrintable(reveal.constFirst().text));
        const double ridgeBatch = h100Ridge * 58720256.0 / (58720256.0 - h100Ridge * 18432.0);
        ROOFLAB_COMPARE_NEAR(m_dock->player()->scenario().scenario.batch, ridgeBatch, 1e-9);
        const Figure figure(m_dock->chart().analysis, options(), m_window->chart()->size(), {},
                            Figure::Purpose::Window);
        const QList<NotePlacement> placed = placeNotes(
            figure.model(), figure.frame(), placeCallouts(figure.model(), figure.frame()));
        QCOMPARE(placed.size(), 2);
        QVERIFY(!placed.at(0).box.intersects(placed.at(1).box));

        // PageDown: step 2, a choice answered by its number.
        QTest::keyClick(m_window->chart(), Qt::Key_PageDown);
        QCOMPARE(m_dock->player()->stepIndex(), 1);
        // The strip says the step the title says, and hides none of its notes.
        const QLabel *strip = m_window->presenter()->strip();
        QVERIFY2(strip->text().startsWith(QStringLiteral("Step 2 of 4")),
                 qPrintable(strip->text()));
        const Figure step(m_dock->chart().analysis, options(), m_window->chart()->size(), {},
                          Figure::Purpose::Window);
        const QList<NotePlacement> stepNotes =
            placeNotes(step.model(), step.frame(), placeCallouts(step.model(), step.frame()));
        QVERIFY(!stepNotes.isEmpty());
        for (const NotePlacement &note : stepNotes)
            QVERIFY2(!note.box.intersects(strip->geometry()), "the strip hides a note");
        QVERIFY(notes(options(), QStringLiteral("Reveal")).isEmpty());
        QVERIFY2(questionNote().contains(QStringLiteral("1 — a")), qPrintable(questionNote()));
        QVERIFY(questionNote().contains(QStringLiteral("2 — b")));
        key(Qt::Key_1, QStringLiteral("1"));
        QVERIFY2(questionNote().contains(QStringLiteral("✘")), qPrintable(questionNote()));
        key(Qt::Key_2, QStringLiteral("2"));
        QVERIFY2(questionNote().contains(QStringLiteral("✔ Right: b")), qPrintable(questionNote()));
        QTest::keyClick(m_window->chart(), Qt::Key_PageUp);
        QCOMPARE(m_dock->player()->stepIndex(), 0);
    }

    void escLeavesTheViewAndTheLessonGivesTheDocumentBack()
    {
        m_doc->setBatch(128);
        const Scenario scenario = m_doc->scenario();
        const Presentation presentation = m_doc->presentation();
        const int undoCount = m_doc->undoStack()->count();
        QVERIFY(m_window->startLesson(fourSteps));
        m_window->presenter()->enter();
        QTest::keyClick(m_window->chart(), Qt::Key_Space);
        QTest::keyClick(m_window->chart(), Qt::Key_PageDown);
        key(Qt::Key_Escape);
        QVERIFY(!m_window->presenter()->isActive());
        QVERIFY(m_window->inLesson()); // the lesson goes on in the window
        QVERIFY(!m_dock->isPresenting());
        QVERIFY(notes(options(), QStringLiteral("Question")).isEmpty());
        // Back in the view, Ctrl+L leaves the lesson and the view together.
        m_window->presenter()->enter();
        QTest::keyClick(m_window, Qt::Key_L, Qt::ControlModifier);
        QVERIFY(!m_window->inLesson());
        QVERIFY(!m_window->presenter()->isActive());
        QCOMPARE(m_doc->scenario(), scenario);
        QCOMPARE(m_doc->presentation(), presentation);
        QCOMPARE(m_doc->undoStack()->count(), undoCount);
        m_window->chart()->replotNow();
        QVERIFY(m_window->chart()->pointPosition(QStringLiteral("h200-sxm"), gemm).x() >= 0);
    }
};

QTEST_MAIN(TestPresenterLesson)
#include "tst_presenterlesson.moc"
