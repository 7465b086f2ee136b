#pragma once

#include "device.h"
#include "scenario.h"

#include <QJsonObject>
#include <QList>
#include <QString>
#include <QStringList>

#include <optional>

namespace rooflab {

// The schema name and newest version of lesson files (docs/lessons.md).
inline constexpr char lessonSchemaName[] = "rooflab-lesson";
inline constexpr int lessonSchemaVersion = 1;

// A step's numbers: a scenario, plus the achievable fractions a lesson may set for the
// scenario's devices (scenario files cannot: the fractions belong to the device preset).
struct LessonScenario
{
    Scenario scenario;
    std::optional<AchievableFractions> achievable;

    bool operator==(const LessonScenario &other) const = default;
};

// A number typed in the lesson (a position, not a result) or a figure the core computes,
// written as in the texts without braces, e.g. "ridge" or "ridge_batch:decode-mlp-up-8b".
struct LessonBound
{
    double value = 0;
    QString figure; // when not empty, the bound is this figure

    bool operator==(const LessonBound &other) const = default;
};

enum class AnnotationKind { Callout, Band, Highlight };

// One mark drawn over the chart.
struct LessonAnnotation
{
    AnnotationKind kind = AnnotationKind::Callout;
    QString text; // callout text or band label; may hold figures
    // Callout target and highlight: a point of the chart. Empty device: the focus device.
    QString deviceId;
    QString operatorId;
    // Callout target given in data coordinates instead of a point.
    std::optional<double> atIntensity;
    std::optional<double> atPerformance;
    // Band: which axis ("intensity" or "performance") and the range it shades.
    QString axis;
    LessonBound from;
    LessonBound to;

    bool operator==(const LessonAnnotation &other) const = default;
};

enum class AnswerKind { None, Number, Choice, Point, Region };

// What the learner is asked, and how an answer is judged.
struct LessonQuestion
{
    QString text;
    AnswerKind answer = AnswerKind::None;
    QString expect;       // Number: the figure that is the answer
    double tolerance = 0; // Number: relative, e.g. 0.1 accepts within ±10%
    QStringList choices;  // Choice
    int correctChoice = -1;
    QString deviceId; // Point: the point to click; empty device: the focus device
    QString operatorId;
    LessonBound regionFrom; // Region: the intensity range to click in
    LessonBound regionTo;
    QString rightFeedback; // optional; may hold figures
    QString wrongFeedback;

    bool operator==(const LessonQuestion &other) const = default;
};

// What the presenter shows after the question: text and the scenario it leaves.
struct LessonReveal
{
    QString text;
    QJsonObject changes;     // as written, applied to the step's scenario
    QString batchToRidgeOf;  // operator whose exact ridge batch the reveal moves to
    LessonScenario scenario; // the step's scenario with the changes applied

    bool operator==(const LessonReveal &other) const = default;
};

// How the step's chart is framed. Zero ranges follow the content; empty lists show all.
struct LessonPresentation
{
    double xMin = 0, xMax = 0;
    double yMin = 0, yMax = 0;
    double textScale = 1;
    QStringList roofs;  // math families of the compute roofs drawn
    QStringList points; // operator (or model class) ids drawn
    bool showLegend = true;
    // While the question is shown, leave out the ridge labels and ridge-batch marks that
    // would give its answer away; the reveal shows them again.
    bool hideRidgeLabels = false;
    // While the question is shown, leave out what the chart's title and legend say of a
    // model's footprint and fit ("does not fit (needs 2 devices)", "× 4 (TP 4)"): a question
    // that asks whether it fits, or on how many devices, would otherwise show its answer.
    bool hideFit = false;

    bool operator==(const LessonPresentation &other) const = default;
};

// One predict-then-reveal step.
struct LessonStep
{
    QString title;
    QJsonObject scenarioJson; // the resolved scenario as JSON, the base of the next step
    LessonScenario scenario;  // what the question is asked about
    QString focusDevice;      // default device and operator of the step's figures
    QString focusOperator;
    LessonPresentation presentation;
    QStringList controls; // the controls the learner may move (lessonControlNames())
    QList<LessonAnnotation> annotations;
    LessonQuestion question;
    LessonReveal reveal;
    QString notes; // for the presenter only

    bool operator==(const LessonStep &other) const = default;
};

struct Lesson
{
    QString id;
    QString title;
    QString audience;
    QString summary;
    QList<LessonStep> steps;
    QString origin; // the file it came from, for messages

    bool operator==(const Lesson &other) const = default;
};

// The control names a step may unlock, in the order a dock lists them.
const QStringList &lessonControlNames();

} // namespace rooflab
