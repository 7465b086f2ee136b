// Readers of a lesson step's presentation, controls, annotations and question, and the
// check that every figure a step names has a value (docs/lessons.md).
#include "lessonparts.h"

#include "format.h"
#include "lessonfigures.h"
#include "modelworkload.h"
#include "scenariofile.h"

#include <QJsonArray>

#include <cmath>

namespace rooflab::lessonparts {

namespace {

QString key(const char *name)
{
    return QString::fromLatin1(name);
}

// An array of distinct strings, each checked by `valid` (which returns the reason or empty).
template <typename Check>
QStringList readNames(const QJsonValue &value, const QString &where, Check valid,
                      JsonReader &reader)
{
    QStringList names;
    if (!value.isArray()) {
        reader.fail(where, QStringLiteral("must be an array of strings"));
        return names;
    }
    const QJsonArray array = value.toArray();
    for (qsizetype i = 0; i < array.size(); ++i) {
        const QString at = JsonReader::index(where, i);
        const QString name = array.at(i).toString();
        if (!array.at(i).isString() || name.isEmpty()) {
            reader.fail(at, QStringLiteral("must be a non-empty string"));
        } else if (names.contains(name)) {
            reader.fail(at, QStringLiteral("\"%1\" is listed twice").arg(name));
        } else if (const QString reason = valid(name); !reason.isEmpty()) {
            reader.fail(at, reason);
        } else {
            names.append(name);
        }
    }
    return names;
}

// A point named by "operator" (required) and "device" (optional) in `obj`.
void readPointRef(const QJsonObject &obj, const QString &path, const Scenario &scenario,
                  QString &deviceId, QString &operatorId, JsonReader &reader)
{
    operatorId = reader.requiredString(obj, key("operator"), path);
    if (!operatorId.isEmpty() && !pointIds(scenario).contains(operatorId))
        reader.fail(JsonReader::join(path, key("operator")),
                    QStringLiteral("\"%1\" is not a point of the step's scenario (%2)")
                        .arg(operatorId, pointIds(scenario).join(QStringLiteral(", "))));
    deviceId = reader.optionalString(obj, key("device"), path);
    if (!deviceId.isEmpty() && !scenario.devices.contains(deviceId))
        reader.fail(JsonReader::join(path, key("device")),
                    QStringLiteral("\"%1\" is not one of the step's devices").arg(deviceId));
}

// A bound: a positive number, or a figure reference (checked later, with the figures).
LessonBound readBound(const QJsonValue &value, const QString &where, JsonReader &reader)
{
    if (value.isString() && !value.toString().isEmpty())
        return LessonBound{.value = 0, .figure = value.toString()};
    if (value.isDouble() && value.toDouble() > 0 && std::isfinite(value.toDouble()))
        return LessonBound{.value = value.toDouble(), .figure = {}};
    reader.fail(where, QStringLiteral("must be a positive number or a figure such as \"ridge\""));
    return {};
}

// An intensity range [from, to] of two bounds.
void readBoundPair(const QJsonObject &obj, const char *name, const QString &path, LessonBound &from,
                   LessonBound &to, JsonReader &reader)
{
    const QString where = JsonReader::join(path, key(name));
    const QJsonValue value = obj.value(key(name));
    if (value.isUndefined()) {
        reader.fail(where, QStringLiteral("missing"));
        return;
    }
    const QJsonArray array = value.toArray();
    if (!value.isArray() || array.size() != 2) {
        reader.fail(where, QStringLiteral("must be [from, to]"));
        return;
    }
    from = readBound(array.at(0), JsonReader::index(where, 0), reader);
    to = readBound(array.at(1), JsonReader::index(where, 1), reader);
    if (from.figure.isEmpty() && to.figure.isEmpty() && from.value > 0 && !(from.value < to.value))
        reader.fail(
            where, QStringLiteral("needs from < to, found [%1, %2]").arg(from.value).arg(to.value));
}

LessonAnnotation readAnnotation(const QJsonObject &obj, const QString &path,
                                const Scenario &scenario, JsonReader &reader)
{
    LessonAnnotation a;
    const QString kind = reader.requiredString(obj, key("kind"), path);
    if (kind == QLatin1String("callout")) {
        checkKnownKeys(obj, {"kind", "text", "operator", "device", "at"}, path, reader);
        a.kind = AnnotationKind::Callout;
        a.text = reader.requiredString(obj, key("text"), path);
        const bool hasAt = obj.contains(key("at"));
        if (hasAt == obj.contains(key("operator"))) {
            reader.fail(path, QStringLiteral("a callout points at either \"operator\" or "
                                             "\"at\": [intensity, FLOP/s]"));
        } else if (hasAt) {
            const QJsonArray at = obj.value(key("at")).toArray();
            if (at.size() != 2 || !(at.at(0).toDouble() > 0) || !(at.at(1).toDouble() > 0) ||
                !std::isfinite(at.at(0).toDouble()) || !std::isfinite(at.at(1).toDouble()))
                reader.fail(JsonReader::join(path, key("at")),
                            QStringLiteral("must be [intensity, FLOP/s], two positive numbers"));
            else {
                a.atIntensity = at.at(0).toDouble();
                a.atPerformance = at.at(1).toDouble();
            }
        } else {
            readPointRef(obj, path, scenario, a.deviceId, a.operatorId, reader);
        }
    } else if (kind == QLatin1String("band")) {
        checkKnownKeys(obj, {"kind", "axis", "range", "label"}, path, reader);
        a.kind = AnnotationKind::Band;
        a.axis = reader.optionalString(obj, key("axis"), path, QStringLiteral("intensity"));
        if (a.axis != QLatin1String("intensity") && a.axis != QLatin1String("performance"))
            reader.fail(JsonReader::join(path, key("axis")),
                        QStringLiteral("must be \"intensity\" or \"performance\", found \"%1\"")
                            .arg(a.axis));
        readBoundPair(obj, "range", path, a.from, a.to, reader);
        a.text = reader.optionalString(obj, key("label"), path);
    } else if (kind == QLatin1String("highlight")) {
        checkKnownKeys(obj, {"kind", "operator", "device"}, path, reader);
        a.kind = AnnotationKind::Highlight;
        readPointRef(obj, path, scenario, a.deviceId, a.operatorId, reader);
    } else if (!kind.isEmpty()) {
        reader.fail(JsonReader::join(path, key("kind")),
                    QStringLiteral("must be \"callout\", \"band\" or \"highlight\", found \"%1\"")
                        .arg(kind));
    }
    return a;
}

void readAnswer(const QJsonObject &obj, const QString &path, const Scenario &scenario,
                LessonQuestion &q, JsonReader &reader)
{
    const QString kind = reader.requiredString(obj, key("kind"), path);
    if (kind == QLatin1String("number")) {
        checkKnownKeys(obj, {"kind", "expect", "tolerance"}, path, reader);
        q.answer = AnswerKind::Number;
        q.expect = reader.requiredString(obj, key("expect"), path);
        if (const auto t =
                reader.requiredNumber(obj, key("tolerance"), path, NumberRule::Fraction)) {
            if (*t >= 1)
                reader.fail(JsonReader::join(path, key("tolerance")),
                            QStringLiteral("must be below 1 (a share of the answer, e.g. 0.1 "
                                           "for ±10%), found %1")
                                .arg(*t));
            q.tolerance = *t;
        }
    } else if (kind == QLatin1String("choice")) {
        checkKnownKeys(obj, {"kind", "choices", "correct"}, path, reader);
        q.answer = AnswerKind::Choice;
        const QString where = JsonReader::join(path, key("choices"));
        q.choices = readNames(
            obj.value(key("choices")), where, [](const QString &) { return QString(); }, reader);
        if (q.choices.size() < 2 && obj.value(key("choices")).isArray())
            reader.fail(where, QStringLiteral("needs at least two choices"));
        const QString correct = reader.requiredString(obj, key("correct"), path);
        q.correctChoice = static_cast<int>(q.choices.indexOf(correct));
        if (!correct.isEmpty() && q.correctChoice < 0 && q.choices.size() >= 2)
            reader.fail(JsonReader::join(path, key("correct")),
                        QStringLiteral("\"%1\" is not one of the choices").arg(correct));
    } else if (kind == QLatin1String("point")) {
        checkKnownKeys(obj, {"kind", "operator", "device"}, path, reader);
        q.answer = AnswerKind::Point;
        readPointRef(obj, path, scenario, q.deviceId, q.operatorId, reader);
    } else if (kind == QLatin1String("region")) {
        checkKnownKeys(obj, {"kind", "intensity"}, path, reader);
        q.answer = AnswerKind::Region;
        readBoundPair(obj, "intensity", path, q.regionFrom, q.regionTo, reader);
    } else if (!kind.isEmpty()) {
        reader.fail(JsonReader::join(path, key("kind")),
                    QStringLiteral("must be \"number\", \"choice\", \"point\" or \"region\", "
                                   "found \"%1\"")
                        .arg(kind));
    }
}

// Reports each problem of filling `text` at `where`.
void checkText(const LessonFigures &figures, const QString &text, const QString &where,
               JsonReader &reader)
{
    QStringList problems;
    figures.fill(text, &problems);
    for (const QString &problem : problems)
        reader.fail(where, problem);
}

void checkFigure(const LessonFigures &figures, const QString &ref, const QString &where,
                 JsonReader &reader)
{
    QString problem;
    if (!ref.isEmpty() && !figures.figure(ref, &problem))
        reader.fail(where, problem);
}

// A range with a figure at either end: both ends must have values, in increasing order.
void checkRange(const LessonFigures &figures, const LessonBound &from, const LessonBound &to,
                const QString &where, JsonReader &reader)
{
    if (from.figure.isEmpty() && to.figure.isEmpty())
        return; // two numbers: checked when read
    checkFigure(figures, from.figure, JsonReader::index(where, 0), reader);
    checkFigure(figures, to.figure, JsonReader::index(where, 1), reader);
    QString problem;
    const auto value = [&](const LessonBound &b) -> std::optional<double> {
        if (b.figure.isEmpty())
            return b.value;
        const std::optional<FigureValue> v = figures.figure(b.figure, &problem);
        return v ? std::optional<double>(v->value) : std::nullopt;
    };
    const std::optional<double> lo = value(from);
    const std::optional<double> hi = value(to);
    if (lo && hi && !(*lo < *hi))
        reader.fail(where,
                    QStringLiteral("needs from < to, but it is [%1, %2] here").arg(*lo).arg(*hi));
}

} // namespace

void checkKnownKeys(const QJsonObject &obj, std::initializer_list<const char *> allowed,
                    const QString &path, JsonReader &reader)
{
    for (auto it = obj.constBegin(); it != obj.constEnd(); ++it) {
        bool known = false;
        for (const char *name : allowed)
            known = known || it.key() == QLatin1String(name);
        if (!known)
            reader.fail(JsonReader::join(path, it.key()), QStringLiteral("unknown field"));
    }
}

QStringList pointIds(const Scenario &scenario)
{
    QStringList ids;
    for (const OperatorSpec &op : scenario.operators)
        ids.append(op.id);
    if (!scenario.model.isEmpty()) {
        for (ModelOpClass opClass : allModelOpClasses())
            ids.append(modelOpClassId(opClass));
    }
    return ids;
}

LessonPresentation readPresentation(const QJsonObject &obj, const QString &path,
                                    const Scenario &scenario, JsonReader &reader)
{
    checkKnownKeys(obj,
                   {"intensity_range", "performance_range", "text_scale", "roofs", "points",
                    "show_legend", "hide_ridge_labels", "hide_fit"},
                   path, reader);
    LessonPresentation p;
    readAxisRange(obj, "intensity_range", path, p.xMin, p.xMax, reader);
    readAxisRange(obj, "performance_range", path, p.yMin, p.yMax, reader);
    if (const auto scale =
            reader.optionalNumber(obj, key("text_scale"), path, NumberRule::Positive)) {
        if (*scale < 0.5 || *scale > 4)
            reader.fail(JsonReader::join(path, key("text_scale")),
                        QStringLiteral("must be from 0.5 to 4, found %1").arg(*scale));
        else
            p.textScale = *scale;
    }
    if (obj.contains(key("roofs")))
        p.roofs = readNames(
            obj.value(key("roofs")), JsonReader::join(path, key("roofs")),
            [](const QString &family) {
                return isMathFamily(family)
                           ? QString()
                           : QStringLiteral("\"%1\" is not a math family (%2)")
                                 .arg(family, mathFamilies().join(QStringLiteral(", ")));
            },
            reader);
    if (obj.contains(key("points"))) {
        const QStringList ids = pointIds(scenario);
        p.points = readNames(
            obj.value(key("points")), JsonReader::join(path, key("points")),
            [&ids](const QString &id) {
                return ids.contains(id)
                           ? QString()
                           : QStringLiteral("\"%1\" is not a point of the step's scenario").arg(id);
            },
            reader);
    }
    p.showLegend = reader.optionalBool(obj, key("show_legend"), path).value_or(true);
    p.hideRidgeLabels = reader.optionalBool(obj, key("hide_ridge_labels"), path).value_or(false);
    p.hideFit = reader.optionalBool(obj, key("hide_fit"), path).value_or(false);
    return p;
}

QStringList readControls(const QJsonValue &value, const QString &path, const Scenario &scenario,
                         JsonReader &reader)
{
    return readNames(
        value, path,
        [&scenario](const QString &name) {
            if (!lessonControlNames().contains(name))
                return QStringLiteral("unknown control \"%1\" (known: %2)")
                    .arg(name, lessonControlNames().join(QStringLiteral(", ")));
            if ((name == QLatin1String("phase") || name == QLatin1String("tp")) &&
                scenario.model.isEmpty())
                return QStringLiteral("\"%1\" belongs to a model, and the step's scenario has "
                                      "none")
                    .arg(name);
            return QString();
        },
        reader);
}

QList<LessonAnnotation> readAnnotations(const QJsonValue &value, const QString &path,
                                        const Scenario &scenario, JsonReader &reader)
{
    QList<LessonAnnotation> annotations;
    if (!value.isArray()) {
        reader.fail(path, QStringLiteral("must be an array of objects"));
        return annotations;
    }
    const QJsonArray array = value.toArray();
    for (qsizetype i = 0; i < array.size(); ++i) {
        const QString where = JsonReader::index(path, i);
        if (!array.at(i).isObject())
            reader.fail(where, QStringLiteral("must be an object"));
        else
            annotations.append(readAnnotation(array.at(i).toObject(), where, scenario, reader));
    }
    return annotations;
}

LessonQuestion readQuestion(const QJsonObject &obj, const QString &path, const Scenario &scenario,
                            JsonReader &reader)
{
    checkKnownKeys(obj, {"text", "answer", "right", "wrong"}, path, reader);
    LessonQuestion q;
    q.text = reader.requiredString(obj, key("text"), path);
    if (const auto answer = reader.optionalObject(obj, key("answer"), path))
        readAnswer(*answer, JsonReader::join(path, key("answer")), scenario, q, reader);
    q.rightFeedback = reader.optionalString(obj, key("right"), path);
    q.wrongFeedback = reader.optionalString(obj, key("wrong"), path);
    return q;
}

void checkFigures(const LessonStep &step, const LessonStep *previous, const QString &path,
                  const Catalog &catalog, JsonReader &reader)
{
    LessonFigures asked(catalog, step.scenario, step.focusDevice, step.focusOperator);
    LessonFigures revealed(catalog, step.reveal.scenario, step.focusDevice, step.focusOperator);
    revealed.setScope(QStringLiteral("question"), step.scenario);
    asked.setScope(QStringLiteral("reveal"), step.reveal.scenario);
    if (previous) {
        asked.setScope(QStringLiteral("previous"), previous->scenario);
        revealed.setScope(QStringLiteral("previous"), previous->scenario);
    }
    const QString question = JsonReader::join(path, key("question"));
    checkText(asked, step.question.text, JsonReader::join(question, key("text")), reader);
    checkText(asked, step.question.rightFeedback, JsonReader::join(question, key("right")), reader);
    checkText(asked, step.question.wrongFeedback, JsonReader::join(question, key("wrong")), reader);
    const QString answer = JsonReader::join(question, key("answer"));
    checkFigure(asked, step.question.expect, JsonReader::join(answer, key("expect")), reader);
    for (qsizetype i = 0; i < step.question.choices.size(); ++i)
        checkText(asked, step.question.choices.at(i),
                  JsonReader::index(JsonReader::join(answer, key("choices")), i), reader);
    if (step.question.answer == AnswerKind::Region)
        checkRange(asked, step.question.regionFrom, step.question.regionTo,
                   JsonReader::join(answer, key("intensity")), reader);
    for (qsizetype i = 0; i < step.annotations.size(); ++i) {
        const LessonAnnotation &a = step.annotations.at(i);
        const QString where = JsonReader::index(JsonReader::join(path, key("annotations")), i);
        const bool isBand = a.kind == AnnotationKind::Band;
        checkText(asked, a.text, JsonReader::join(where, key(isBand ? "label" : "text")), reader);
        if (isBand)
            checkRange(asked, a.from, a.to, JsonReader::join(where, key("range")), reader);
    }
    checkText(revealed, step.reveal.text,
              JsonReader::join(JsonReader::join(path, key("reveal")), key("text")), reader);
}

} // namespace rooflab::lessonparts
