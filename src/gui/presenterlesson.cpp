#include "presenterlesson.h"

#include <QCoreApplication>

namespace rooflab::gui {

namespace {

QString tr(const char *text)
{
    return QCoreApplication::translate("rooflab::gui::PresenterLesson", text);
}

// How the question is answered from the presenter's keyboard or with a click.
QString answerHint(const LessonPlayer &player, const QString &typed)
{
    switch (player.step().question.answer) {
    case AnswerKind::Number:
        return typed.isEmpty() ? tr("Type a number, then Enter.")
                               : tr("Answer: %1▏  (Enter checks)").arg(typed);
    case AnswerKind::Choice:
        return tr("Press the number of a choice.");
    case AnswerKind::Point:
        return tr("Click the point on the chart.");
    case AnswerKind::Region:
        return tr("Click the chart where it is.");
    case AnswerKind::None:
        break;
    }
    return {};
}

} // namespace

QList<FigureAnnotation> presenterNotes(const LessonPlayer &player, const Analysis &shown,
                                       const QString &typed)
{
    const LessonStep &step = player.step();
    double x = 0, y = 0;
    if (const PointAnalysis *focus = shown.point(step.focusDevice, step.focusOperator)) {
        x = focus->intensity;
        y = focus->attainableFlops;
    }
    QStringList lines = {player.questionText()};
    if (!player.isRevealed()) {
        const QStringList choices = player.choices();
        for (qsizetype i = 0; i < choices.size(); ++i)
            lines << tr("%1 — %2").arg(i + 1).arg(choices.at(i));
        if (const std::optional<AnswerFeedback> &verdict = player.lastFeedback())
            lines << (verdict->correct ? QStringLiteral("✔ ") : QStringLiteral("✘ ")) +
                         verdict->text;
        const QString hint = answerHint(player, typed);
        if (!hint.isEmpty())
            lines << hint;
    }
    QList<FigureAnnotation> notes = {{.kind = FigureAnnotation::Kind::Note,
                                      .text = lines.join(QLatin1Char('\n')),
                                      .x = x,
                                      .y = y,
                                      .heading = tr("Question")}};
    if (player.isRevealed())
        notes.append({.kind = FigureAnnotation::Kind::Note,
                      .text = player.revealText(),
                      .x = x,
                      .y = y,
                      .heading = tr("Reveal"),
                      .emphasis = true});
    return notes;
}

QString presenterLessonTitle(const LessonPlayer &player)
{
    return tr("%1  ·  %2").arg(player.progressText(), player.step().title);
}

bool isNumberKeyText(const QString &text)
{
    if (text.size() != 1)
        return false;
    const QChar c = text.front();
    return c.isDigit() || c == QLatin1Char('.') || c == QLatin1Char(',') || c == QLatin1Char('-') ||
           c == QLatin1Char('e') || c == QLatin1Char('E');
}

} // namespace rooflab::gui
