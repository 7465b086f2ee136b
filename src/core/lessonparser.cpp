// Lesson files (docs/lessons.md): the header, the steps, and the chain of scenarios from
// one step to the next. The parts of a step are read in lessonparts.cpp.
#include "lessonparser.h"

#include "jsonreader.h"
#include "lessonfigures.h"
#include "lessonparts.h"
#include "presetparser.h"
#include "scenariofile.h"

#include <QFile>
#include <QFileInfo>
#include <QJsonArray>

namespace rooflab {

namespace {

using lessonparts::checkKnownKeys;

QString key(const char *name)
{
    return QString::fromLatin1(name);
}

// A scenario object with the lesson-only `achievable` field taken out and read.
LessonScenario readLessonScenario(QJsonObject obj, const QString &path, const Catalog &catalog,
                                  JsonReader &reader)
{
    LessonScenario result;
    const QJsonValue achievable = obj.take(key("achievable"));
    if (achievable.isObject()) {
        const QJsonObject fractions = achievable.toObject();
        const QString where = JsonReader::join(path, key("achievable"));
        checkKnownKeys(fractions, {"compute", "bandwidth"}, where, reader);
        const auto compute =
            reader.requiredNumber(fractions, key("compute"), where, NumberRule::Fraction);
        const auto bandwidth =
            reader.requiredNumber(fractions, key("bandwidth"), where, NumberRule::Fraction);
        if (compute && bandwidth)
            result.achievable = AchievableFractions{.compute = *compute,
                                                    .bandwidth = *bandwidth,
                                                    .source = QStringLiteral("set by the lesson")};
    } else if (!achievable.isUndefined() && !achievable.isNull()) {
        reader.fail(JsonReader::join(path, key("achievable")),
                    QStringLiteral("must be an object {\"compute\": share, \"bandwidth\": share}"));
    }
    result.scenario = readScenarioObject(obj, path, catalog, reader);
    return result;
}

// The focus point: named by the step, or its first device and first point.
void readFocus(const QJsonObject &step, const QString &path, LessonStep &s, JsonReader &reader)
{
    const QStringList ids = lessonparts::pointIds(s.scenario.scenario);
    s.focusDevice = s.scenario.scenario.devices.value(0);
    s.focusOperator = s.scenario.scenario.model.isEmpty() ? ids.value(0) : QStringLiteral("mlp");
    const auto focus = reader.optionalObject(step, key("focus"), path);
    if (!focus)
        return;
    const QString where = JsonReader::join(path, key("focus"));
    checkKnownKeys(*focus, {"device", "operator"}, where, reader);
    const QString device = reader.optionalString(*focus, key("device"), where, s.focusDevice);
    if (!s.scenario.scenario.devices.contains(device))
        reader.fail(JsonReader::join(where, key("device")),
                    QStringLiteral("\"%1\" is not one of the step's devices").arg(device));
    const QString op = reader.optionalString(*focus, key("operator"), where, s.focusOperator);
    if (!ids.contains(op))
        reader.fail(JsonReader::join(where, key("operator")),
                    QStringLiteral("\"%1\" is not a point of the step's scenario").arg(op));
    s.focusDevice = device;
    s.focusOperator = op;
}

// The reveal: its text, and the step's scenario with its changes and, when asked, the batch
// moved to the exact ridge batch of an operator on the focus device.
void readReveal(const QJsonObject &obj, const QString &path, LessonStep &s, const Catalog &catalog,
                JsonReader &reader)
{
    checkKnownKeys(obj, {"text", "changes", "batch_to_ridge"}, path, reader);
    s.reveal.text = reader.requiredString(obj, key("text"), path);
    s.reveal.changes = reader.optionalObject(obj, key("changes"), path).value_or(QJsonObject());
    s.reveal.batchToRidgeOf = reader.optionalString(obj, key("batch_to_ridge"), path);
    s.reveal.scenario = s.scenario;
    const qsizetype before = reader.errors().size();
    if (!s.reveal.changes.isEmpty())
        s.reveal.scenario =
            readLessonScenario(applyScenarioChanges(s.scenarioJson, s.reveal.changes),
                               JsonReader::join(path, key("changes")), catalog, reader);
    if (s.reveal.batchToRidgeOf.isEmpty() || reader.errors().size() != before)
        return;
    const ScenarioAnalysis analysis = analyzeLessonScenario(catalog, s.reveal.scenario);
    const PointAnalysis *point = analysis.chart.point(s.focusDevice, s.reveal.batchToRidgeOf);
    const QString where = JsonReader::join(path, key("batch_to_ridge"));
    if (!point)
        reader.fail(where, QStringLiteral("\"%1\" is not a point on \"%2\" in the revealed "
                                          "scenario")
                               .arg(s.reveal.batchToRidgeOf, s.focusDevice));
    else if (!point->ridgeBatch)
        reader.fail(where, QStringLiteral("\"%1\" reaches the ridge at no batch on \"%2\"")
                               .arg(s.reveal.batchToRidgeOf, s.focusDevice));
    else
        s.reveal.scenario.scenario.batch = *point->ridgeBatch;
}

// A step's place in messages, counted from 1 as the window counts its steps ("step 2"), not
// from 0 as the JSON array is.
QString stepPath(qsizetype index)
{
    return QStringLiteral("step %1").arg(index + 1);
}

// Reads step `index`; `previous` is the step before it (null for the first). Returns false
// when its scenario could not be read, so later steps do not repeat the problem.
bool readStep(const QJsonObject &obj, qsizetype index, const LessonStep *previous, bool previousOk,
              const Catalog &catalog, JsonReader &reader, LessonStep &s)
{
    const QString path = stepPath(index);
    checkKnownKeys(obj,
                   {"title", "scenario", "changes", "focus", "presentation", "controls",
                    "annotations", "question", "reveal", "notes"},
                   path, reader);
    s.title = reader.requiredString(obj, key("title"), path);
    s.notes = reader.optionalString(obj, key("notes"), path);

    const auto whole = reader.optionalObject(obj, key("scenario"), path);
    const auto changes = reader.optionalObject(obj, key("changes"), path);
    const qsizetype before = reader.errors().size();
    bool scenarioOk = true;
    if (whole && changes) {
        reader.fail(path, QStringLiteral("give either \"scenario\" or \"changes\", not both"));
        scenarioOk = false;
    } else if (whole) {
        s.scenarioJson = *whole;
        s.scenario =
            readLessonScenario(*whole, JsonReader::join(path, key("scenario")), catalog, reader);
    } else if (!previous) {
        reader.fail(JsonReader::join(path, key("scenario")),
                    obj.contains(key("changes"))
                        ? QStringLiteral("missing: the first step has no scenario to change, so "
                                         "it gives a whole one")
                        : QStringLiteral("missing"));
        scenarioOk = false;
    } else if (!previousOk) {
        scenarioOk = false; // its base is broken: the problem was reported there
    } else {
        s.scenarioJson =
            applyScenarioChanges(previous->scenarioJson, changes.value_or(QJsonObject()));
        s.scenario = readLessonScenario(s.scenarioJson, JsonReader::join(path, key("changes")),
                                        catalog, reader);
    }
    if (!scenarioOk || reader.errors().size() != before) {
        // The parts are checked against the scenario, which has failed: only what needs no
        // scenario is said too, so that one check reports every problem of the step.
        for (const char *part : {"question", "reveal"}) {
            if (!obj.contains(key(part)))
                reader.fail(JsonReader::join(path, key(part)), QStringLiteral("missing"));
            else if (!obj.value(key(part)).isObject())
                reader.fail(JsonReader::join(path, key(part)), QStringLiteral("must be an object"));
        }
        return false;
    }

    readFocus(obj, path, s, reader);
    const Scenario &scenario = s.scenario.scenario;
    if (const auto presentation = reader.optionalObject(obj, key("presentation"), path))
        s.presentation = lessonparts::readPresentation(
            *presentation, JsonReader::join(path, key("presentation")), scenario, reader);
    if (obj.contains(key("controls")))
        s.controls = lessonparts::readControls(
            obj.value(key("controls")), JsonReader::join(path, key("controls")), scenario, reader);
    if (obj.contains(key("annotations")))
        s.annotations = lessonparts::readAnnotations(obj.value(key("annotations")),
                                                     JsonReader::join(path, key("annotations")),
                                                     scenario, reader);
    if (const auto question = reader.optionalObject(obj, key("question"), path))
        s.question = lessonparts::readQuestion(*question, JsonReader::join(path, key("question")),
                                               scenario, reader);
    else if (!obj.contains(key("question")))
        reader.fail(JsonReader::join(path, key("question")), QStringLiteral("missing"));
    if (const auto reveal = reader.optionalObject(obj, key("reveal"), path))
        readReveal(*reveal, JsonReader::join(path, key("reveal")), s, catalog, reader);
    else if (!obj.contains(key("reveal")))
        reader.fail(JsonReader::join(path, key("reveal")), QStringLiteral("missing"));
    // Figures are checked only on a step whose own parts are sound.
    if (reader.errors().size() == before)
        lessonparts::checkFigures(s, previousOk ? previous : nullptr, path, catalog, reader);
    return true;
}

} // namespace

QJsonObject applyScenarioChanges(QJsonObject base, const QJsonObject &changes)
{
    for (auto it = changes.constBegin(); it != changes.constEnd(); ++it) {
        if (it.key() == QLatin1String("scheme") && it.value().isObject() &&
            base.value(it.key()).isObject()) {
            QJsonObject scheme = base.value(it.key()).toObject();
            const QJsonObject patch = it.value().toObject();
            for (auto field = patch.constBegin(); field != patch.constEnd(); ++field)
                scheme.insert(field.key(), field.value());
            base.insert(it.key(), scheme);
        } else if (it.key() == QLatin1String("achievable") && it.value().isNull()) {
            base.remove(it.key());
        } else {
            base.insert(it.key(), it.value());
        }
    }
    return base;
}

std::optional<Lesson> readLessonFile(const QByteArray &bytes, const QString &fileName,
                                     const Catalog &catalog, QStringList *errors)
{
    JsonReader reader(fileName);
    Lesson lesson;
    lesson.origin = fileName;
    const std::optional<QJsonObject> root = reader.parseObject(bytes);
    if (root && reader.checkHeader(*root, key(lessonSchemaName), lessonSchemaVersion)) {
        checkKnownKeys(*root, {"schema", "version", "id", "title", "audience", "summary", "steps"},
                       QString(), reader);
        lesson.id = reader.requiredString(*root, key("id"), QString());
        if (!lesson.id.isEmpty() && !isValidId(lesson.id))
            reader.fail(key("id"), QStringLiteral("\"%1\" is not a valid id (lower-case letters, "
                                                  "digits, '.', '_', '-')")
                                       .arg(lesson.id));
        lesson.title = reader.requiredString(*root, key("title"), QString());
        lesson.audience = reader.requiredString(*root, key("audience"), QString());
        lesson.summary = reader.optionalString(*root, key("summary"), QString());
        const QJsonArray steps = reader.requiredArray(*root, key("steps"), QString());
        if (root->value(key("steps")).isArray() && steps.isEmpty())
            reader.fail(key("steps"), QStringLiteral("a lesson needs at least one step"));
        if (steps.size() > maxLessonSteps)
            reader.fail(
                key("steps"),
                QStringLiteral("has %1 steps, more than %2").arg(steps.size()).arg(maxLessonSteps));
        bool previousOk = true;
        for (qsizetype i = 0; i < steps.size() && steps.size() <= maxLessonSteps; ++i) {
            LessonStep step;
            if (!steps.at(i).isObject()) {
                reader.fail(stepPath(i), QStringLiteral("must be an object"));
                previousOk = false;
            } else {
                const LessonStep *previous = i > 0 ? &lesson.steps.constLast() : nullptr;
                previousOk = readStep(steps.at(i).toObject(), i, previous, previousOk, catalog,
                                      reader, step);
            }
            lesson.steps.append(step);
        }
    }
    if (!reader.ok()) {
        if (errors)
            errors->append(reader.errors());
        return std::nullopt;
    }
    return lesson;
}

std::optional<Lesson> loadLessonFile(const QString &path, const Catalog &catalog,
                                     QStringList *errors)
{
    auto fail = [&](const QString &reason) -> std::optional<Lesson> {
        if (errors)
            errors->append(QStringLiteral("%1: %2").arg(path, reason));
        return std::nullopt;
    };
    const QFileInfo info(path);
    if (!info.exists())
        return fail(QStringLiteral("no such file"));
    if (info.isDir())
        return fail(QStringLiteral("is a folder, not a lesson file"));
    if (info.size() > maxLessonFileBytes)
        return fail(
            QStringLiteral("larger than %1 bytes, not a lesson file").arg(maxLessonFileBytes));
    QFile file(path);
    if (!file.open(QIODevice::ReadOnly))
        return fail(QStringLiteral("cannot read: %1").arg(file.errorString()));
    return readLessonFile(file.readAll(), path, catalog, errors);
}

} // namespace rooflab
