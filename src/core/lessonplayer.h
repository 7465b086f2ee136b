#pragma once

#include "catalog.h"
#include "lesson.h"

#include <QList>
#include <QString>

#include <optional>

namespace rooflab {

// The verdict on one answer, with the text the learner is shown.
struct AnswerFeedback
{
    bool correct = false;
    QString text;
};

// An annotation ready to draw: its text filled and its place in data coordinates.
struct PlacedAnnotation
{
    AnnotationKind kind = AnnotationKind::Callout;
    QString text;
    QString deviceId; // callout target or highlight, when a point
    QString operatorId;
    double intensity = 0;   // callout target / highlighted point, FLOP/byte
    double performance = 0; // FLOP/s
    QString axis;           // band
    double from = 0;
    double to = 0;
};

// Plays a lesson: which step is shown, whether its reveal is, and how answers are judged.
// A plain value with no widgets, so the window's dock, the presenter view and the deck all
// drive the same logic. It holds its own scenarios and never touches the user's document.
class LessonPlayer
{
public:
    LessonPlayer(Lesson lesson, Catalog catalog);

    const Lesson &lesson() const { return m_lesson; }
    int stepIndex() const { return m_index; }
    int stepCount() const { return static_cast<int>(m_lesson.steps.size()); }
    const LessonStep &step() const { return m_lesson.steps.at(m_index); }
    bool isRevealed() const { return m_revealed; }

    bool canGoNext() const { return m_index + 1 < stepCount(); }
    bool canGoPrevious() const { return m_index > 0; }
    // Each returns false and changes nothing at the end it would pass.
    bool next();
    bool previous();
    bool goTo(int index);
    void restart();
    // Shows the reveal; false when it is shown already.
    bool reveal();

    // "Step 3 of 10".
    QString progressText() const;

    // The scenario on screen: the step's, or after the reveal the revealed one.
    const LessonScenario &scenario() const;

    // The step's texts with their figures filled from the scenarios they belong to.
    QString questionText() const;
    QString revealText() const;  // empty until revealed
    QStringList choices() const; // a Choice question's choices, figures filled
    QString notes() const { return step().notes; }

    // The step's annotations placed in data coordinates on the scenario shown.
    QList<PlacedAnnotation> annotations() const;

    // The answer of a Number question, judged against its figure and tolerance.
    std::optional<double> expectedNumber() const;

    // Judges an answer; each also becomes lastFeedback(). An answer of the wrong kind for the
    // step's question is judged wrong with a text that says what is asked.
    AnswerFeedback answerNumber(double value);
    AnswerFeedback answerChoice(int index);
    AnswerFeedback answerPoint(const QString &deviceId, const QString &operatorId);
    AnswerFeedback answerRegion(double intensity);

    // The verdict on the latest answer to this step; empty after moving to another step.
    const std::optional<AnswerFeedback> &lastFeedback() const { return m_feedback; }

private:
    std::optional<double> boundValue(const LessonBound &bound) const;
    QString filled(const QString &text, bool revealedText) const;
    AnswerFeedback judge(bool correct, const QString &detail);
    AnswerFeedback wrongKind();
    void enterStep(int index);

    Lesson m_lesson;
    Catalog m_catalog;
    int m_index = 0;
    bool m_revealed = false;
    std::optional<AnswerFeedback> m_feedback;
};

} // namespace rooflab
