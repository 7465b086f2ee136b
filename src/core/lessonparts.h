#pragma once

// Internal to the lesson parser: readers of a step's parts (docs/lessons.md).

#include "catalog.h"
#include "jsonreader.h"
#include "lesson.h"

#include <QJsonObject>
#include <QString>
#include <QStringList>

#include <initializer_list>

namespace rooflab::lessonparts {

// Records every key of `obj` not in `allowed` as an unknown field.
void checkKnownKeys(const QJsonObject &obj, std::initializer_list<const char *> allowed,
                    const QString &path, JsonReader &reader);

// The ids a step's points may be named by: its operators, or a model's operator classes.
QStringList pointIds(const Scenario &scenario);

// Readers of the parts that need no evaluation; `scenario` is the step's, for id checks.
LessonPresentation readPresentation(const QJsonObject &obj, const QString &path,
                                    const Scenario &scenario, JsonReader &reader);
// The phase and the tensor-parallel degree belong to a model: a step without one cannot
// unlock them.
QStringList readControls(const QJsonValue &value, const QString &path, const Scenario &scenario,
                         JsonReader &reader);
QList<LessonAnnotation> readAnnotations(const QJsonValue &value, const QString &path,
                                        const Scenario &scenario, JsonReader &reader);
LessonQuestion readQuestion(const QJsonObject &obj, const QString &path, const Scenario &scenario,
                            JsonReader &reader);

// Checks that every figure the step's texts, answer and bounds name has a value, each
// problem reported at the field that names it. `previous` is null on the first step.
void checkFigures(const LessonStep &step, const LessonStep *previous, const QString &path,
                  const Catalog &catalog, JsonReader &reader);

} // namespace rooflab::lessonparts
