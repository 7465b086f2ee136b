// LessonPlayer: stepping, the reveal, answers judged against hand-derived figures, and
// annotations placed on the chart (docs/lessons.md, "Playing a lesson").
#include "catalog.h"
#include "lessonparser.h"
#include "lessonplayer.h"
#include "testhelpers.h"

#include <QTest>

#include <limits>

using namespace rooflab;

namespace {

// H100 SXM5 (presets/devices/h100-sxm5.json): 989.5 TFLOP/s BF16 matrix, 3.35 TB/s.
constexpr double h100Peak = 989.5e12;
constexpr double h100Bandwidth = 3.35e12;
constexpr double h100Bf16Ridge = h100Peak / h100Bandwidth; // 295.3731343 FLOP/B

} // namespace

class TestLessonPlayer : public QObject
{
    Q_OBJECT

private:
    LessonPlayer makePlayer() const;

    Catalog m_catalog;
    Lesson m_lesson;

private Q_SLOTS:
    void initTestCase();
    void stepping();
    void revealChangesTheScenario();
    void numberAnswer();
    void choiceAnswer();
    void regionAnswer();
    void pointAnswer();
    void wrongKindOfAnswer();
    void textsAreFilled();
    void annotationsArePlaced();
    void lessonWithoutSteps();
};

void TestLessonPlayer::initTestCase()
{
    m_catalog = Catalog::builtin();
    QStringList errors;
    const auto lesson = loadLessonFile(qEnvironmentVariable("ROOFLAB_TEST_DATA") +
                                           QStringLiteral("/lessons-good/four-steps.json"),
                                       m_catalog, &errors);
    QVERIFY2(lesson, qPrintable(errors.join(u'\n')));
    m_lesson = *lesson;
}

LessonPlayer TestLessonPlayer::makePlayer() const
{
    return LessonPlayer(m_lesson, m_catalog);
}

void TestLessonPlayer::stepping()
{
    LessonPlayer player = makePlayer();
    QCOMPARE(player.stepCount(), 4);
    QCOMPARE(player.stepIndex(), 0);
    QCOMPARE(player.progressText(), QStringLiteral("Step 1 of 4"));
    QVERIFY(!player.canGoPrevious());
    QVERIFY(!player.previous());
    QCOMPARE(player.stepIndex(), 0);
    QVERIFY(player.next());
    QVERIFY(player.next());
    QCOMPARE(player.progressText(), QStringLiteral("Step 3 of 4"));
    QCOMPARE(player.step().title, QStringLiteral("A region"));
    QVERIFY(player.next());
    QVERIFY(!player.canGoNext());
    QVERIFY(!player.next());
    QCOMPARE(player.stepIndex(), 3);
    QVERIFY(player.previous());
    QCOMPARE(player.stepIndex(), 2);
    QVERIFY(!player.goTo(4));
    QVERIFY(!player.goTo(-1));
    QCOMPARE(player.stepIndex(), 2);
    QVERIFY(player.goTo(1));
    player.reveal();
    player.answerChoice(0);
    player.restart();
    QCOMPARE(player.stepIndex(), 0);
    QVERIFY(!player.isRevealed());
    QVERIFY(!player.lastFeedback());
}

void TestLessonPlayer::revealChangesTheScenario()
{
    LessonPlayer player = makePlayer();
    QCOMPARE(player.scenario().scenario.batch, 16.0);
    QVERIFY(player.revealText().isEmpty());
    QVERIFY(player.reveal());
    QVERIFY(player.isRevealed());
    QVERIFY(!player.reveal()); // once only
    // Batch moved to the ridge batch of [4096 x 14336] in BF16:
    // 295.373 * 58720256 * 2 / (117440512 - 295.373 * 18432 * 2) = 3.46889e10 / 1.06552e8.
    const double ridgeBatch =
        h100Bf16Ridge * 4096.0 * 14336 * 2 / (2.0 * 4096 * 14336 - h100Bf16Ridge * 18432 * 2);
    ROOFLAB_COMPARE_NEAR(player.scenario().scenario.batch, ridgeBatch, 1e-9);
    // Moving on shows the next step's question, not a revealed state.
    QVERIFY(player.next());
    QVERIFY(!player.isRevealed());
    QCOMPARE(player.scenario().scenario.batch, 32.0);
    QVERIFY(player.previous());
    QCOMPARE(player.scenario().scenario.batch, 16.0);
}

void TestLessonPlayer::numberAnswer()
{
    LessonPlayer player = makePlayer();
    // The answer is the BF16 ridge, 989.5 / 3.35 = 295.37, accepted within 10%: 265.8 to 324.9.
    QVERIFY(player.expectedNumber());
    ROOFLAB_COMPARE_NEAR(*player.expectedNumber(), h100Bf16Ridge, 1e-12);
    AnswerFeedback f = player.answerNumber(300);
    QVERIFY(f.correct);
    QVERIFY2(f.text.contains(QStringLiteral("Peak over bandwidth.")), qPrintable(f.text));
    QVERIFY(player.answerNumber(270).correct);   // 25.4 below, inside 29.5
    QVERIFY(player.answerNumber(324.5).correct); // 29.1 above
    f = player.answerNumber(264);                // 31.4 below
    QVERIFY(!f.correct);
    QVERIFY2(f.text.contains(QStringLiteral("too low")), qPrintable(f.text));
    QVERIFY(f.text.contains(QStringLiteral("Divide the peak by the bandwidth.")));
    f = player.answerNumber(330); // 34.6 above
    QVERIFY(!f.correct);
    QVERIFY(f.text.contains(QStringLiteral("too high")));
    QVERIFY(!player.answerNumber(std::numeric_limits<double>::quiet_NaN()).correct);
    QVERIFY(!player.answerNumber(std::numeric_limits<double>::infinity()).correct);
    QVERIFY(player.lastFeedback());
    QVERIFY(!player.lastFeedback()->correct);
    player.next();
    QVERIFY(!player.lastFeedback()); // feedback belongs to its step
}

void TestLessonPlayer::choiceAnswer()
{
    LessonPlayer player = makePlayer();
    player.next();
    QVERIFY(player.answerChoice(1).correct);
    const AnswerFeedback wrong = player.answerChoice(0);
    QVERIFY(!wrong.correct);
    QVERIFY(wrong.text.contains(QStringLiteral("not a")));
    QVERIFY(!player.answerChoice(2).correct);
    QVERIFY(!player.answerChoice(-1).correct);
}

void TestLessonPlayer::regionAnswer()
{
    LessonPlayer player = makePlayer();
    player.goTo(2);
    // Lesson fractions 0.5 of compute, 0.25 of bandwidth, on the achievable roofs:
    // ridge = 0.5 * 989.5e12 / (0.25 * 3.35e12) = 590.75; the region is [1, 590.75].
    QVERIFY(player.answerRegion(1).correct);
    QVERIFY(player.answerRegion(590).correct);
    const AnswerFeedback right = player.answerRegion(592);
    QVERIFY(!right.correct);
    QVERIFY(right.text.contains(QStringLiteral("further left")));
    const AnswerFeedback left = player.answerRegion(0.5);
    QVERIFY(!left.correct);
    QVERIFY(left.text.contains(QStringLiteral("further right")));
    QVERIFY(!player.answerRegion(std::numeric_limits<double>::quiet_NaN()).correct);
}

void TestLessonPlayer::pointAnswer()
{
    LessonPlayer player = makePlayer();
    player.goTo(3);
    QVERIFY(player.answerPoint(QStringLiteral("h100-sxm5"), QStringLiteral("rmsnorm-8b")).correct);
    QVERIFY(!player.answerPoint(QStringLiteral("h100-sxm5"), QStringLiteral("decode-mlp-up-8b"))
                 .correct);
    QVERIFY(!player.answerPoint(QStringLiteral("h200-sxm"), QStringLiteral("rmsnorm-8b")).correct);
}

void TestLessonPlayer::wrongKindOfAnswer()
{
    LessonPlayer player = makePlayer();
    player.goTo(3);
    const AnswerFeedback f = player.answerNumber(3);
    QVERIFY(!f.correct);
    QCOMPARE(f.text, QStringLiteral("This step asks for a click on a point."));
    QVERIFY(!player.expectedNumber());
    player.goTo(0);
    QCOMPARE(player.answerChoice(0).text, QStringLiteral("This step asks for a number."));
}

void TestLessonPlayer::textsAreFilled()
{
    LessonPlayer player = makePlayer();
    player.reveal();
    // 295.37 with three significant digits; the ridge batch 325.56 with four.
    QCOMPARE(player.revealText(), QStringLiteral("At 295; batch 325.6 reaches it."));
    player.next();
    QCOMPARE(player.questionText(), QStringLiteral("Batch 32, was 16. Which?"));
    player.reveal();
    // Revealed: 80% of the BF16 peak at full bandwidth, 0.8 * 295.37 = 236.30; the question's
    // scenario is on datasheet roofs, 295.37.
    QCOMPARE(player.revealText(), QStringLiteral("Ridge 236, asked at 295."));
    player.goTo(2);
    player.reveal();
    // The device's own fractions (presets/devices/h100-sxm5.json): 0.75 / 0.85 * 295.37.
    QCOMPARE(player.revealText(), QStringLiteral("The device's own fractions: ridge 261."));
    player.goTo(3);
    player.reveal();
    // RMSNorm of width 4096 at batch 32: N = 32 * 4096 = 131072, 5 * N = 655360 FLOPs over
    // 2 * N * 2 + 4096 * 2 = 532480 bytes, 1.2308; the decode GEMM at batch 32 with the FP8
    // weights step 2 set: 2*32*D*F / (D*F*1 + 32*(D+F)*2) = 3758096384 / 59899904 = 62.74.
    QCOMPARE(player.revealText(), QStringLiteral("It sits at 1.23, the GEMM at 62.7."));
    QCOMPARE(player.notes(), QString());
    player.goTo(0);
    QCOMPARE(player.notes(), QStringLiteral("Presenter only."));
}

void TestLessonPlayer::annotationsArePlaced()
{
    LessonPlayer player = makePlayer();
    const QList<PlacedAnnotation> placed = player.annotations();
    QCOMPARE(placed.size(), 3);
    // Callout at the decode GEMM at batch 16: intensity 2*16*D*F / (2*D*F + 16*(D+F)*2)
    // = 1879048192 / 118030336 = 15.920; memory-bound, so at 15.920 * 3.35e12 FLOP/s.
    const double intensity = 2.0 * 16 * 4096 * 14336 / (2.0 * 4096 * 14336 + 16.0 * 18432 * 2);
    QCOMPARE(placed.at(0).kind, AnnotationKind::Callout);
    QCOMPARE(placed.at(0).text, QStringLiteral("Intensity 15.9"));
    ROOFLAB_COMPARE_NEAR(placed.at(0).intensity, intensity, 1e-12);
    ROOFLAB_COMPARE_NEAR(placed.at(0).performance, intensity * h100Bandwidth, 1e-12);
    QCOMPARE(placed.at(1).kind, AnnotationKind::Band);
    QCOMPARE(placed.at(1).from, 1.0);
    ROOFLAB_COMPARE_NEAR(placed.at(1).to, h100Bf16Ridge, 1e-12);
    QCOMPARE(placed.at(1).text, QStringLiteral("left of 295"));
    QCOMPARE(placed.at(2).kind, AnnotationKind::Highlight);
    QCOMPARE(placed.at(2).deviceId, QStringLiteral("h100-sxm5"));
    // After the reveal the callout follows the point to the ridge batch, where the intensity
    // is the ridge itself.
    player.reveal();
    ROOFLAB_COMPARE_NEAR(player.annotations().at(0).intensity, h100Bf16Ridge, 1e-9);
}

void TestLessonPlayer::lessonWithoutSteps()
{
    LessonPlayer player(Lesson{}, m_catalog);
    QCOMPARE(player.stepCount(), 1);
    QVERIFY(!player.next());
    QVERIFY(!player.answerNumber(1).correct);
    QVERIFY(player.annotations().isEmpty());
}

QTEST_GUILESS_MAIN(TestLessonPlayer)
#include "tst_lessonplayer.moc"
