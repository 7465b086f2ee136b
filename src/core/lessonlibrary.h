#pragma once

#include "catalog.h"
#include "lesson.h"

#include <QList>
#include <QString>
#include <QStringList>

namespace rooflab {

// Every lesson RoofLab can play, with the problems met while loading them.
class LessonLibrary
{
public:
    // The lessons compiled into the binary, checked against `catalog`.
    static LessonLibrary builtin(const Catalog &catalog);

    // The built-in lessons, then the user's lesson folder, then each of `extraDirs`.
    static LessonLibrary standard(const Catalog &catalog, const QStringList &extraDirs);

    // Loads every *.json below `dir` in name order. A file with problems is skipped and its
    // problems are added to problems(); so is a lesson whose id is taken already.
    void loadDirectory(const QString &dir, const Catalog &catalog);

    const QList<Lesson> &lessons() const { return m_lessons; }
    const Lesson *lesson(const QString &id) const;
    const QStringList &problems() const { return m_problems; }

    // The folder user lessons are read from: "rooflab/lessons" in the XDG data folder.
    static QString userLessonDir();

private:
    QList<Lesson> m_lessons;
    QStringList m_problems;
};

} // namespace rooflab
