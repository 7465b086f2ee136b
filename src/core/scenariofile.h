#pragma once

#include "catalog.h"
#include "jsonreader.h"
#include "presentation.h"
#include "scenario.h"

#include <QByteArray>
#include <QJsonObject>
#include <QString>
#include <QStringList>

#include <optional>

namespace rooflab {

// The schema name and newest version of scenario files (docs/scenario-files.md).
inline constexpr char scenarioSchemaName[] = "rooflab-scenario";
inline constexpr int scenarioSchemaVersion = 1;

// The usual file name suffix of a scenario file.
inline constexpr char scenarioFileSuffix[] = ".rooflab.json";

// Largest scenario file read: far more than any hand-made or saved scenario needs.
inline constexpr qint64 maxScenarioFileBytes = 16 * 1024 * 1024;

// Largest PNG, SVG or PDF read for the scenario it carries (docs/scenario-files.md); the
// scenario inside, once decompressed, must still fit in maxScenarioFileBytes.
inline constexpr qint64 maxScenarioImageBytes = 256 * 1024 * 1024;

// What a scenario file holds: the numbers and how they are shown.
struct ScenarioDocument
{
    Scenario scenario;
    Presentation presentation;
    Selection selection;
    // The file's view named highlight_selection: exports keep its choice rather than
    // leaving the highlight out. Not part of the value (two documents that show the same
    // are equal).
    bool highlightNamed = false;
    // The file's view named its theme, its text size ("text_scale" or "large_text"): where
    // it does not, the window keeps the user's own rather than the defaults.
    bool themeNamed = false;
    bool textScaleNamed = false;

    bool operator==(const ScenarioDocument &other) const
    {
        return scenario == other.scenario && presentation == other.presentation &&
               selection == other.selection;
    }
};

// The scenario shown at start-up and exported when no scenario is given: two current
// datacenter GPUs and LLM operators from memory-bound to compute-bound (see the docs).
// Devices and operators missing from `catalog` are left out.
Scenario defaultScenario(const Catalog &catalog);

// The file's bytes: indented JSON with sorted keys, so equal inputs give equal bytes.
QByteArray writeScenarioFile(const Scenario &scenario, const Presentation &view,
                             const Selection &selection = {});

// The "scenario" object of a scenario file, as writeScenarioFile() writes it.
QJsonObject scenarioToJsonObject(const Scenario &scenario);

// An optional axis range field [min, max] at `path`: 0 < min < max, each end within the
// limits of every figure; `lo` and `hi` are left alone when absent or wrong. Lessons use it.
void readAxisRange(const QJsonObject &obj, const char *name, const QString &path, double &lo,
                   double &hi, JsonReader &reader);

// Reads and validates a "scenario" object found at `path` (a JSON path such as
// "step 3.scenario"); problems go to `reader`. Lessons reuse it for their steps.
Scenario readScenarioObject(const QJsonObject &obj, const QString &path, const Catalog &catalog,
                            JsonReader &reader);

// Reads and validates a scenario file against `catalog` (device, format ids). On failure
// returns nullopt and appends one message per problem, each naming `fileName`, the field
// and the reason, to `errors`.
std::optional<ScenarioDocument> readScenarioFile(const QByteArray &bytes, const QString &fileName,
                                                 const Catalog &catalog, QStringList *errors);

// Reads the file at `path` (at most maxScenarioFileBytes) and validates it as above.
std::optional<ScenarioDocument> loadScenarioFile(const QString &path, const Catalog &catalog,
                                                 QStringList *errors);

// Writes a scenario file atomically: the old file stays whole if anything fails.
bool saveScenarioFile(const QString &path, const Scenario &scenario, const Presentation &view,
                      const Selection &selection, QString *error);

} // namespace rooflab
