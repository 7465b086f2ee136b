#pragma once

#include "catalog.h"
#include "lesson.h"
#include "scenarioanalysis.h"

#include <QHash>
#include <QString>
#include <QStringList>

#include <optional>

namespace rooflab {

// The catalog a lesson scenario is evaluated with: `base`, with the lesson's achievable
// fractions (if any) given to each of the scenario's devices.
Catalog lessonCatalog(const Catalog &base, const LessonScenario &scenario);

// analyzeScenario() of a lesson scenario under lessonCatalog().
ScenarioAnalysis analyzeLessonScenario(const Catalog &base, const LessonScenario &scenario);

// One figure a lesson text names: `[scope.]name[:operator][@device]` (docs/lessons.md).
struct FigureRef
{
    QString scope; // empty (the text's own scenario), "question", "reveal" or "previous"
    QString name;
    QString operatorId; // empty: the step's focus operator
    QString deviceId;   // empty: the step's focus device
};

// Parses a figure reference; on a malformed one sets `problem` and returns nullopt.
std::optional<FigureRef> parseFigureRef(const QString &text, QString *problem);

// The figure names, in the order docs/lessons.md lists them.
const QStringList &figureNames();

// A figure's value and the text shown for it.
struct FigureValue
{
    double value = 0;
    QString text;
};

// Computes the figures of lesson texts from the scenarios they may name. Each scenario is
// analysed once, on first use.
class LessonFigures
{
public:
    LessonFigures(const Catalog &catalog, const LessonScenario &current, QString focusDevice,
                  QString focusOperator);

    // The scenarios of the "question.", "reveal." and "previous." scopes; without one, naming it
    // fails.
    void setScope(const QString &scope, const LessonScenario &scenario);

    // The figure `ref` (a reference as parseFigureRef reads it); nullopt with `problem` set
    // when it is malformed, names something absent, or has no value here.
    std::optional<FigureValue> figure(const QString &ref, QString *problem) const;

    // `text` with each {figure} replaced by its value ("{{" and "}}" stand for braces).
    // Each figure that cannot be filled is left as written and its problem appended.
    QString fill(const QString &text, QStringList *problems) const;

private:
    const ScenarioAnalysis &analysisOf(const QString &scope, const LessonScenario &scenario) const;

    const Catalog &m_catalog;
    QHash<QString, LessonScenario> m_scenarios; // by scope; "" is the text's own
    QString m_focusDevice;
    QString m_focusOperator;
    mutable QHash<QString, ScenarioAnalysis> m_analyses;
};

} // namespace rooflab
