#include "lessonlibrary.h"

#include "lessonparser.h"

#include <QDir>
#include <QDirIterator>
#include <QStandardPaths>

namespace rooflab {

LessonLibrary LessonLibrary::builtin(const Catalog &catalog)
{
    LessonLibrary library;
    library.loadDirectory(QStringLiteral(":/lessons"), catalog);
    return library;
}

LessonLibrary LessonLibrary::standard(const Catalog &catalog, const QStringList &extraDirs)
{
    LessonLibrary library = builtin(catalog);
    const QString user = userLessonDir();
    if (!user.isEmpty() && QDir(user).exists())
        library.loadDirectory(user, catalog);
    for (const QString &dir : extraDirs) {
        if (!QDir(dir).exists()) {
            library.m_problems.append(QStringLiteral("%1: lesson folder does not exist").arg(dir));
            continue;
        }
        library.loadDirectory(dir, catalog);
    }
    return library;
}

QString LessonLibrary::userLessonDir()
{
    const QString base = QStandardPaths::writableLocation(QStandardPaths::GenericDataLocation);
    return base.isEmpty() ? QString() : base + QStringLiteral("/rooflab/lessons");
}

void LessonLibrary::loadDirectory(const QString &dir, const Catalog &catalog)
{
    QStringList files;
    QDirIterator it(dir, {QStringLiteral("*.json")}, QDir::Files, QDirIterator::Subdirectories);
    while (it.hasNext())
        files.append(it.next());
    files.sort();
    for (const QString &path : files) {
        std::optional<Lesson> loaded = loadLessonFile(path, catalog, &m_problems);
        if (!loaded)
            continue;
        if (const Lesson *existing = lesson(loaded->id)) {
            m_problems.append(QStringLiteral("%1: id: lesson \"%2\" is defined already by %3")
                                  .arg(path, loaded->id, existing->origin));
            continue;
        }
        m_lessons.append(std::move(*loaded));
    }
}

const Lesson *LessonLibrary::lesson(const QString &id) const
{
    for (const Lesson &l : m_lessons) {
        if (l.id == id)
            return &l;
    }
    return nullptr;
}

} // namespace rooflab
