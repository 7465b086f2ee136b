#include "lesson.h"

namespace rooflab {

const QStringList &lessonControlNames()
{
    // The scenario fields a learner can move in the lesson dock (src/gui/lessoncontrols.h).
    static const QStringList names = {
        QStringLiteral("devices"),   QStringLiteral("batch"),   QStringLiteral("seq"),
        QStringLiteral("prompt"),    QStringLiteral("phase"),   QStringLiteral("tp"),
        QStringLiteral("precision"), QStringLiteral("weights"), QStringLiteral("act"),
        QStringLiteral("kv"),        QStringLiteral("math"),    QStringLiteral("roof")};
    return names;
}

} // namespace rooflab
