#pragma once

#include "catalog.h"
#include "lesson.h"

#include <QByteArray>
#include <QJsonObject>
#include <QString>
#include <QStringList>

#include <optional>

namespace rooflab {

// Largest lesson file read: far more than any hand-written lesson needs.
inline constexpr qint64 maxLessonFileBytes = 4 * 1024 * 1024;

// Most steps a lesson may have.
inline constexpr int maxLessonSteps = 200;

// Reads and validates a lesson file (docs/lessons.md) against `catalog`: its scenarios, the
// points and devices its parts name, and every figure its texts name. On failure returns
// nullopt and appends one message per problem to `errors`, each naming `fileName`, the
// field as a path that counts steps from 1, as the window does (e.g.
// "step 4.question.answer.tolerance" for steps[3]),
// and the reason.
std::optional<Lesson> readLessonFile(const QByteArray &bytes, const QString &fileName,
                                     const Catalog &catalog, QStringList *errors);

// Reads the file at `path` (at most maxLessonFileBytes) and validates it as above.
std::optional<Lesson> loadLessonFile(const QString &path, const Catalog &catalog,
                                     QStringList *errors);

// `base` with `changes` applied: each field of `changes` replaces the one of `base`, except
// `scheme`, whose fields replace those of the base's scheme one by one, and a null
// `achievable`, which removes the base's.
QJsonObject applyScenarioChanges(QJsonObject base, const QJsonObject &changes);

} // namespace rooflab
