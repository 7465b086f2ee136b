#pragma once

#include "analysis.h"
#include "catalog.h"
#include "chartoptions.h"
#include "figureannotation.h"
#include "lessonplayer.h"

#include <QList>
#include <QStringList>

namespace rooflab {

// What a lesson step's chart shows: the analysis of the scenario on screen, trimmed to the
// roofs and points the step's presentation names, and the options it is drawn with (its
// framing, its annotations, the ridge labels hidden while the question asks for the ridge).
// One function, so the window and the deck show a step alike (docs/lessons.md).
struct LessonChart
{
    Analysis analysis;
    ChartOptions options;
    QStringList problems; // the scenario could not be analysed; nothing to draw
};

// `catalog`: the presets the lesson was checked against. `moved`: the scenario on screen
// after the learner moved a control the step unlocks (a callout on a point follows it);
// nullptr: the player's.
LessonChart lessonChart(const LessonPlayer &player, const Catalog &catalog, Theme theme,
                        bool showLegend, const LessonScenario *moved = nullptr);

// The player's placed annotations as the marks a figure draws.
QList<FigureAnnotation> figureAnnotations(const QList<PlacedAnnotation> &placed);

} // namespace rooflab
