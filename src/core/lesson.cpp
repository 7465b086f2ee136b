#include "lesson.h"

namespace rooflab {

const QStringList &lessonControlNames()
{
    // The scenario fields a learner can move in the window's controls panel.
    static const QStringList names = {
        QStringLiteral("devices"), QStringLiteral("operators"),    QStringLiteral("batch"),
        QStringLiteral("seq"),     QStringLiteral("prompt"),       QStringLiteral("weights"),
        QStringLiteral("act"),     QStringLiteral("kv"),           QStringLiteral("math"),
        QStringLiteral("roof"),    QStringLiteral("memory_level"), QStringLiteral("phase")};
    return names;
}

} // namespace rooflab
