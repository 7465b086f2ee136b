#pragma once

#include "analysis.h"
#include "figureannotation.h"
#include "lessonplayer.h"

#include <QList>
#include <QString>

namespace rooflab::gui {

// A lesson in the presenter view (docs/lessons.md, "In the presenter view"): the step's
// question, and after the reveal its reveal text, as notes drawn on the chart, each kept off
// the point the step is about (its focus point in `shown`, the analysis on screen). The
// question note lists a choice question's choices with the keys that answer them, says how
// to answer, and carries the verdict on the latest answer; `typed` is the number being typed.
QList<FigureAnnotation> presenterNotes(const LessonPlayer &player, const Analysis &shown,
                                       const QString &typed);

// The chart's title in the presenter view: "Step 3 of 10 · The ridge".
QString presenterLessonTitle(const LessonPlayer &player);

// Whether `text` may be typed as a number answer (digits, one sign, a decimal point or
// comma, an exponent): the presenter view takes these keys for the answer.
bool isNumberKeyText(const QString &text);

} // namespace rooflab::gui
