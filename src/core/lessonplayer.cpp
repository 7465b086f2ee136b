#include "lessonplayer.h"

#include "lessonfigures.h"
#include "units.h"

#include <QCoreApplication>

#include <cmath>

namespace rooflab {

namespace {

QString tr(const char *text)
{
    return QCoreApplication::translate("LessonPlayer", text);
}

} // namespace

LessonPlayer::LessonPlayer(Lesson lesson, Catalog catalog)
    : m_lesson(std::move(lesson)), m_catalog(std::move(catalog))
{
    // readLessonFile() never gives an empty lesson; a hand-made one still must not crash.
    if (m_lesson.steps.isEmpty()) {
        LessonStep empty;
        empty.title = tr("No steps");
        empty.question.text = tr("This lesson has no steps.");
        m_lesson.steps.append(empty);
    }
}

void LessonPlayer::enterStep(int index)
{
    m_index = index;
    m_revealed = false;
    m_feedback.reset();
}

bool LessonPlayer::next()
{
    if (!canGoNext())
        return false;
    enterStep(m_index + 1);
    return true;
}

bool LessonPlayer::previous()
{
    if (!canGoPrevious())
        return false;
    enterStep(m_index - 1);
    return true;
}

bool LessonPlayer::goTo(int index)
{
    if (index < 0 || index >= stepCount())
        return false;
    enterStep(index);
    return true;
}

void LessonPlayer::restart()
{
    enterStep(0);
}

bool LessonPlayer::reveal()
{
    if (m_revealed)
        return false;
    m_revealed = true;
    return true;
}

QString LessonPlayer::progressText() const
{
    return tr("Step %1 of %2").arg(m_index + 1).arg(stepCount());
}

const LessonScenario &LessonPlayer::scenario() const
{
    return m_revealed ? step().reveal.scenario : step().scenario;
}

QString LessonPlayer::filled(const QString &text, bool revealedText) const
{
    const LessonStep &s = step();
    LessonFigures figures(m_catalog, revealedText ? s.reveal.scenario : s.scenario, s.focusDevice,
                          s.focusOperator);
    figures.setScope(QStringLiteral("question"), s.scenario);
    figures.setScope(QStringLiteral("reveal"), s.reveal.scenario);
    if (m_index > 0)
        figures.setScope(QStringLiteral("previous"), m_lesson.steps.at(m_index - 1).scenario);
    return figures.fill(text, nullptr);
}

QString LessonPlayer::questionText() const
{
    return filled(step().question.text, false);
}

QString LessonPlayer::revealText() const
{
    return m_revealed ? filled(step().reveal.text, true) : QString();
}

QStringList LessonPlayer::choices() const
{
    QStringList filledChoices;
    for (const QString &choice : step().question.choices)
        filledChoices.append(filled(choice, false));
    return filledChoices;
}

std::optional<double> LessonPlayer::boundValue(const LessonBound &bound) const
{
    if (bound.figure.isEmpty())
        return bound.value;
    const LessonStep &s = step();
    LessonFigures figures(m_catalog, s.scenario, s.focusDevice, s.focusOperator);
    figures.setScope(QStringLiteral("reveal"), s.reveal.scenario);
    if (m_index > 0)
        figures.setScope(QStringLiteral("previous"), m_lesson.steps.at(m_index - 1).scenario);
    QString problem;
    const std::optional<FigureValue> value = figures.figure(bound.figure, &problem);
    return value ? std::optional<double>(value->value) : std::nullopt;
}

QList<PlacedAnnotation> LessonPlayer::annotations() const
{
    const LessonStep &s = step();
    const ScenarioAnalysis analysis = analyzeLessonScenario(m_catalog, scenario());
    QList<PlacedAnnotation> placed;
    for (const LessonAnnotation &a : s.annotations) {
        PlacedAnnotation p{.kind = a.kind,
                           .text = filled(a.text, false),
                           .deviceId = a.deviceId.isEmpty() ? s.focusDevice : a.deviceId,
                           .operatorId = a.operatorId,
                           .axis = a.axis};
        if (a.kind == AnnotationKind::Band) {
            const std::optional<double> from = boundValue(a.from);
            const std::optional<double> to = boundValue(a.to);
            if (!from || !to)
                continue;
            p.from = *from;
            p.to = *to;
            p.deviceId.clear();
        } else if (a.atIntensity) {
            p.intensity = *a.atIntensity;
            p.performance = a.atPerformance.value_or(0);
            p.deviceId.clear();
        } else {
            const PointAnalysis *point = analysis.chart.point(p.deviceId, p.operatorId);
            if (!point)
                continue; // the reveal may have taken the point away
            p.intensity = point->intensity;
            p.performance = point->attainableFlops;
        }
        placed.append(p);
    }
    return placed;
}

std::optional<double> LessonPlayer::expectedNumber() const
{
    if (step().question.answer != AnswerKind::Number)
        return std::nullopt;
    return boundValue(LessonBound{.value = 0, .figure = step().question.expect});
}

AnswerFeedback LessonPlayer::judge(bool correct, const QString &detail)
{
    const LessonQuestion &q = step().question;
    const QString own = filled(correct ? q.rightFeedback : q.wrongFeedback, false);
    QString text = detail;
    if (!own.isEmpty())
        text += QLatin1Char(' ') + own;
    m_feedback = AnswerFeedback{.correct = correct, .text = text};
    return *m_feedback;
}

AnswerFeedback LessonPlayer::wrongKind()
{
    const AnswerKind kind = step().question.answer;
    const QString asked = kind == AnswerKind::Number   ? tr("a number")
                          : kind == AnswerKind::Choice ? tr("one of the choices")
                          : kind == AnswerKind::Point  ? tr("a click on a point")
                          : kind == AnswerKind::Region ? tr("a click in a region of the chart")
                                                       : tr("no answer");
    m_feedback = AnswerFeedback{.correct = false, .text = tr("This step asks for %1.").arg(asked)};
    return *m_feedback;
}

AnswerFeedback LessonPlayer::answerNumber(double value)
{
    const std::optional<double> expected = expectedNumber();
    if (!expected)
        return wrongKind();
    if (!std::isfinite(value))
        return judge(false, tr("That is not a number."));
    const double tolerance = step().question.tolerance;
    const QString said = formatNumber(value, 4);
    if (std::abs(value - *expected) <= tolerance * std::abs(*expected))
        return judge(true,
                     tr("Right: %1 is within %2 % of %3.")
                         .arg(said, formatNumber(100 * tolerance, 3), formatNumber(*expected, 4)));
    return judge(false, (value > *expected ? tr("Not quite: %1 is too high.")
                                           : tr("Not quite: %1 is too low."))
                            .arg(said));
}

AnswerFeedback LessonPlayer::answerChoice(int index)
{
    const LessonQuestion &q = step().question;
    if (q.answer != AnswerKind::Choice)
        return wrongKind();
    if (index < 0 || index >= q.choices.size())
        return judge(false, tr("Pick one of the %1 choices.").arg(q.choices.size()));
    if (index == q.correctChoice)
        return judge(true, tr("Right: %1.").arg(choices().at(index)));
    return judge(false, tr("Not quite: it is not %1.").arg(choices().at(index)));
}

AnswerFeedback LessonPlayer::answerPoint(const QString &deviceId, const QString &operatorId)
{
    const LessonQuestion &q = step().question;
    if (q.answer != AnswerKind::Point)
        return wrongKind();
    const QString device = q.deviceId.isEmpty() ? step().focusDevice : q.deviceId;
    if (deviceId == device && operatorId == q.operatorId)
        return judge(true, tr("Right: that is the point."));
    return judge(false, tr("Not quite: look for another point."));
}

AnswerFeedback LessonPlayer::answerRegion(double intensity)
{
    const LessonQuestion &q = step().question;
    if (q.answer != AnswerKind::Region)
        return wrongKind();
    const std::optional<double> from = boundValue(q.regionFrom);
    const std::optional<double> to = boundValue(q.regionTo);
    if (!from || !to || !std::isfinite(intensity))
        return judge(false, tr("That click cannot be judged here."));
    if (intensity >= *from && intensity <= *to)
        return judge(true,
                     tr("Right: %1 FLOP/byte is in the region.").arg(formatNumber(intensity, 3)));
    return judge(false, (intensity < *from ? tr("Not quite: further right than %1 FLOP/byte.")
                                           : tr("Not quite: further left than %1 FLOP/byte."))
                            .arg(formatNumber(intensity, 3)));
}

} // namespace rooflab
