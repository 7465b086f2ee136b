// Scenario files (*.rooflab.json): writing, reading with validation, and the default scenario.
#include "scenariofile.h"

#include "jsonreader.h"
#include "modelworkload.h"
#include "presetparser.h"
#include "safefile.h"
#include "scenariodeployment.h"
#include "scenariomeasured.h"

#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QSet>

#include <algorithm>
#include <cmath>
#include <initializer_list>

namespace rooflab {

namespace {

QString key(const char *name)
{
    return QString::fromLatin1(name);
}

// Records every key of `obj` that is not in `allowed`: a misspelt field must not be ignored.
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

QJsonObject schemeToJson(const PrecisionScheme &scheme)
{
    QJsonObject obj{
        {key("weights"), scheme.weights}, {key("act"), scheme.act}, {key("kv"), scheme.kv}};
    if (!scheme.math.isEmpty())
        obj.insert(key("math"), scheme.math);
    return obj;
}

QJsonObject scenarioToJson(const Scenario &s)
{
    QJsonArray operators;
    for (const OperatorSpec &op : s.operators)
        operators.append(writeOperator(op));
    QJsonObject obj{{key("devices"), QJsonArray::fromStringList(s.devices)},
                    {key("scheme"), schemeToJson(s.scheme)},
                    {key("batch"), s.batch},
                    {key("seq"), s.seq},
                    {key("prompt"), s.prompt},
                    {key("roof"), roofModeName(s.roof)},
                    {key("memory_level"), s.memoryLevel},
                    {key("operators"), operators},
                    {key("phase"), phaseName(s.phase)}};
    if (!s.model.isEmpty())
        obj.insert(key("model"), s.model);
    // Left out at its defaults, so files written before deployments keep their bytes.
    if (s.deployment != Deployment{})
        obj.insert(key("deployment"), deploymentToJson(s.deployment));
    if (!s.measured.isEmpty())
        obj.insert(key("measured"), measuredToJson(s.measured));
    return obj;
}

QJsonObject viewToJson(const Presentation &v, const Selection &selection)
{
    QJsonObject obj{{key("theme"), v.theme},          {key("width"), v.width},
                    {key("height"), v.height},        {key("show_legend"), v.showLegend},
                    {key("show_zones"), v.showZones}, {key("text_scale"), v.textScale}};
    // Left out at their defaults, so files written before them keep their bytes.
    if (v.caption)
        obj.insert(key("caption"), true);
    if (v.captionLine)
        obj.insert(key("caption_line"), true);
    if (v.compareTable)
        obj.insert(key("compare_table"), true);
    if (v.scale != 1)
        obj.insert(key("scale"), v.scale);
    if (!v.highlightSelection)
        obj.insert(key("highlight_selection"), false);
    if (!v.animate)
        obj.insert(key("animate"), false);
    if (!selection.device.isEmpty())
        obj.insert(key("selected_device"), selection.device);
    if (!selection.op.isEmpty())
        obj.insert(key("selected_operator"), selection.op);
    if (v.xMin != 0 || v.xMax != 0)
        obj.insert(key("intensity_range"), QJsonArray{v.xMin, v.xMax});
    if (v.yMin != 0 || v.yMax != 0)
        obj.insert(key("performance_range"), QJsonArray{v.yMin, v.yMax});
    return obj;
}

// A format id field: absent keeps `fallback`; present must name a known format (or be empty
// when `emptyAllowed`).
QString readFormatId(const QJsonObject &obj, const char *name, const QString &path,
                     const QString &fallback, bool emptyAllowed, const Catalog &catalog,
                     JsonReader &reader)
{
    const QString id = reader.optionalString(obj, key(name), path, fallback);
    if (id.isEmpty() && emptyAllowed)
        return id;
    if (!catalog.format(id)) {
        reader.fail(JsonReader::join(path, key(name)),
                    id.isEmpty() ? QStringLiteral("must not be empty")
                                 : QStringLiteral("unknown format \"%1\"").arg(id));
        return fallback;
    }
    return id;
}

void readScheme(const QJsonObject &parent, const QString &path, const Catalog &catalog,
                JsonReader &reader, PrecisionScheme &scheme)
{
    const std::optional<QJsonObject> obj = reader.optionalObject(parent, key("scheme"), path);
    if (!obj)
        return;
    const QString where = JsonReader::join(path, key("scheme"));
    checkKnownKeys(*obj, {"weights", "act", "kv", "math"}, where, reader);
    scheme.weights = readFormatId(*obj, "weights", where, scheme.weights, false, catalog, reader);
    scheme.act = readFormatId(*obj, "act", where, scheme.act, false, catalog, reader);
    scheme.kv = readFormatId(*obj, "kv", where, scheme.kv, false, catalog, reader);
    scheme.math = readFormatId(*obj, "math", where, scheme.math, true, catalog, reader);
}

QStringList readDevices(const QJsonObject &obj, const QString &path, const Catalog &catalog,
                        JsonReader &reader)
{
    QStringList devices;
    QSet<QString> listed; // a hash: a list of a million ids is checked in one pass
    const QJsonArray array = reader.requiredArray(obj, key("devices"), path);
    for (qsizetype i = 0; i < array.size(); ++i) {
        const QString where = JsonReader::index(JsonReader::join(path, key("devices")), i);
        const QString id = array.at(i).toString();
        if (!array.at(i).isString() || id.isEmpty())
            reader.fail(where, QStringLiteral("must be a device id"));
        else if (!catalog.device(id))
            reader.fail(where, QStringLiteral("unknown device \"%1\"").arg(id));
        else if (listed.contains(id))
            reader.fail(where, QStringLiteral("device \"%1\" is listed twice").arg(id));
        else {
            listed.insert(id);
            devices.append(id);
        }
    }
    return devices;
}

QList<OperatorSpec> readOperators(const QJsonObject &obj, const QString &path,
                                  const Catalog &catalog, JsonReader &reader)
{
    const FormatLookup knownFormat = [&catalog](const QString &id) {
        return catalog.format(id) != nullptr;
    };
    QList<OperatorSpec> operators;
    QSet<QString> ids;
    const QJsonArray array = reader.requiredArray(obj, key("operators"), path);
    for (qsizetype i = 0; i < array.size(); ++i) {
        const QString where = JsonReader::index(JsonReader::join(path, key("operators")), i);
        if (!array.at(i).isObject()) {
            reader.fail(where, QStringLiteral("must be an object"));
            continue;
        }
        const std::optional<OperatorSpec> op =
            readOperator(array.at(i).toObject(), where, reader, knownFormat);
        if (!op)
            continue;
        if (ids.contains(op->id)) {
            reader.fail(JsonReader::join(where, key("id")),
                        QStringLiteral("operator id \"%1\" is used twice").arg(op->id));
            continue;
        }
        ids.insert(op->id);
        operators.append(*op);
    }
    return operators;
}

// A JSON value as a message shows it.
QString describe(const QJsonValue &value)
{
    if (value.isString())
        return QLatin1Char('"') + value.toString() + QLatin1Char('"');
    if (value.isDouble())
        return QString::number(value.toDouble());
    if (value.isBool())
        return value.toBool() ? QStringLiteral("true") : QStringLiteral("false");
    if (value.isNull())
        return QStringLiteral("null");
    return value.isArray() ? QStringLiteral("an array") : QStringLiteral("an object");
}

// A string field whose value must be one of `names`; returns the parsed value or keeps
// `fallback` when absent or wrong.
template <typename T, typename FromName>
T readChoice(const QJsonObject &obj, const char *name, const QString &path, T fallback,
             FromName fromName, const QString &expected, JsonReader &reader)
{
    const QJsonValue value = obj.value(key(name));
    if (value.isUndefined())
        return fallback;
    const std::optional<T> parsed = fromName(value.toString());
    if (!value.isString() || !parsed) {
        reader.fail(JsonReader::join(path, key(name)),
                    QStringLiteral("must be %1, found %2").arg(expected, describe(value)));
        return fallback;
    }
    return *parsed;
}

std::optional<QString> memoryLevelFromName(const QString &name)
{
    if (name == QLatin1String("main") || name == QLatin1String("l2"))
        return name;
    return std::nullopt;
}

std::optional<QString> themeFromName(const QString &name)
{
    if (const ThemeInfo *theme = themeInfo(name); theme && theme->id == name)
        return name;
    return std::nullopt;
}

Scenario readScenario(const QJsonObject &obj, const QString &path, const Catalog &catalog,
                      JsonReader &reader)
{
    checkKnownKeys(obj,
                   {"devices", "scheme", "batch", "seq", "prompt", "roof", "memory_level",
                    "operators", "model", "phase", "deployment", "measured"},
                   path, reader);
    Scenario s;
    s.devices = readDevices(obj, path, catalog, reader);
    readScheme(obj, path, catalog, reader, s.scheme);
    for (const auto &[name, member] :
         {std::pair{"batch", &Scenario::batch}, std::pair{"seq", &Scenario::seq},
          std::pair{"prompt", &Scenario::prompt}}) {
        if (const auto value = reader.optionalNumber(obj, key(name), path, NumberRule::Positive))
            s.*member = *value;
    }
    s.roof = readChoice(obj, "roof", path, s.roof, roofModeFromName,
                        QStringLiteral("\"datasheet\" or \"achievable\""), reader);
    s.memoryLevel = readChoice(obj, "memory_level", path, s.memoryLevel, memoryLevelFromName,
                               QStringLiteral("\"main\" or \"l2\""), reader);
    s.phase = readChoice(obj, "phase", path, s.phase, phaseFromName,
                         QStringLiteral("\"decode\" or \"prefill\""), reader);
    s.model = reader.optionalString(obj, key("model"), path);
    if (!s.model.isEmpty() && !catalog.model(s.model))
        reader.fail(JsonReader::join(path, key("model")),
                    QStringLiteral("unknown model \"%1\"").arg(s.model));
    s.operators = readOperators(obj, path, catalog, reader);
    s.deployment = readScenarioDeployment(obj, path, s, catalog, reader);
    s.measured = readScenarioMeasured(obj, path, reader);
    return s;
}

int readSide(const QJsonObject &obj, const char *name, const QString &path, int fallback,
             JsonReader &reader)
{
    const auto value = reader.optionalNumber(obj, key(name), path, NumberRule::WholePositive);
    if (!value)
        return fallback;
    if (*value < figurelimits::minSide) {
        reader.fail(JsonReader::join(path, key(name)),
                    QStringLiteral("must be at least %1 pixels, found %2")
                        .arg(figurelimits::minSide)
                        .arg(*value));
        return fallback;
    }
    if (*value > figurelimits::maxSide) {
        reader.fail(JsonReader::join(path, key(name)),
                    QStringLiteral("must be at most %1 pixels, found %2")
                        .arg(figurelimits::maxSide)
                        .arg(*value));
        return fallback;
    }
    return static_cast<int>(*value);
}

QStringList modelClassIds()
{
    QStringList ids;
    for (ModelOpClass opClass : allModelOpClasses())
        ids.append(modelOpClassId(opClass));
    return ids;
}

// The "view" object: the presentation, and the selection (checked against the scenario).
void readView(const QJsonObject &obj, const Scenario &scenario, JsonReader &reader,
              ScenarioDocument &doc)
{
    const QString path = key("view");
    checkKnownKeys(obj,
                   {"selected_device", "selected_operator", "intensity_range", "performance_range",
                    "theme", "width", "height", "scale", "show_legend", "show_zones",
                    "highlight_selection", "animate", "text_scale", "large_text", "caption",
                    "caption_line", "compare_table"},
                   path, reader);
    Selection &sel = doc.selection;
    sel.device = reader.optionalString(obj, key("selected_device"), path);
    if (!sel.device.isEmpty() && !scenario.devices.contains(sel.device))
        reader.fail(JsonReader::join(path, key("selected_device")),
                    QStringLiteral("\"%1\" is not one of scenario.devices").arg(sel.device));
    sel.op = reader.optionalString(obj, key("selected_operator"), path);
    // With a model, the chart's points are its operator classes.
    const bool isOperator = std::any_of(scenario.operators.cbegin(), scenario.operators.cend(),
                                        [&sel](const OperatorSpec &op) { return op.id == sel.op; });
    const bool isClass = !scenario.model.isEmpty() && modelOpClassFromId(sel.op);
    if (!sel.op.isEmpty() && !isOperator && !isClass) {
        reader.fail(
            JsonReader::join(path, key("selected_operator")),
            scenario.model.isEmpty()
                ? QStringLiteral("\"%1\" is not the id of one of scenario.operators").arg(sel.op)
                : QStringLiteral("\"%1\" is neither the id of one of scenario.operators "
                                 "nor an operator class of a model (%2)")
                      .arg(sel.op, modelClassIds().join(QStringLiteral(", "))));
    }
    Presentation &v = doc.presentation;
    readAxisRange(obj, "intensity_range", path, v.xMin, v.xMax, reader);
    readAxisRange(obj, "performance_range", path, v.yMin, v.yMax, reader);
    v.theme = readChoice(obj, "theme", path, v.theme, themeFromName, themeIdList(), reader);
    v.width = readSide(obj, "width", path, v.width, reader);
    v.height = readSide(obj, "height", path, v.height, reader);
    if (const auto scale = reader.optionalNumber(obj, key("scale"), path, NumberRule::Positive))
        v.scale = *scale;
    v.showLegend = reader.optionalBool(obj, key("show_legend"), path).value_or(v.showLegend);
    v.showZones = reader.optionalBool(obj, key("show_zones"), path).value_or(v.showZones);
    v.highlightSelection =
        reader.optionalBool(obj, key("highlight_selection"), path).value_or(v.highlightSelection);
    v.animate = reader.optionalBool(obj, key("animate"), path).value_or(v.animate);
    // Files written before text_scale said only "larger text or not".
    if (reader.optionalBool(obj, key("large_text"), path).value_or(false))
        v.textScale = largeTextScale;
    if (const auto scale =
            reader.optionalNumber(obj, key("text_scale"), path, NumberRule::Positive))
        v.textScale = *scale;
    v.caption = reader.optionalBool(obj, key("caption"), path).value_or(v.caption);
    v.captionLine = reader.optionalBool(obj, key("caption_line"), path).value_or(v.captionLine);
    v.compareTable = reader.optionalBool(obj, key("compare_table"), path).value_or(v.compareTable);
    doc.highlightNamed = obj.contains(key("highlight_selection"));
    doc.themeNamed = obj.contains(key("theme"));
    doc.textScaleNamed = obj.contains(key("text_scale")) || obj.contains(key("large_text"));
    PresentationFieldNames names;
    for (QString *name :
         {&names.theme, &names.width, &names.height, &names.scale, &names.textScale})
        *name = JsonReader::join(path, *name);
    if (reader.ok()) {
        if (const QString problem = presentationProblem(v, names); !problem.isEmpty())
            reader.fail(problem.section(QStringLiteral(": "), 0, 0),
                        problem.section(QStringLiteral(": "), 1));
    }
}

} // namespace

void readAxisRange(const QJsonObject &obj, const char *name, const QString &path, double &lo,
                   double &hi, JsonReader &reader)
{
    const QJsonValue value = obj.value(QString::fromLatin1(name));
    if (value.isUndefined())
        return;
    const QString where = JsonReader::join(path, QString::fromLatin1(name));
    const QJsonArray array = value.toArray();
    if (!value.isArray() || array.size() != 2 || !array.at(0).isDouble() ||
        !array.at(1).isDouble()) {
        reader.fail(where, QStringLiteral("must be [min, max], two numbers"));
        return;
    }
    const double a = array.at(0).toDouble();
    const double b = array.at(1).toDouble();
    if (!(a > 0) || !(a < b) || !std::isfinite(b)) {
        reader.fail(where, QStringLiteral("needs 0 < min < max, found [%1, %2]").arg(a).arg(b));
        return;
    }
    // An axis spans at most 1e-12 to 1e30 (FLOP/byte or FLOP/s), as every other figure.
    constexpr NumberLimits axisLimits{.min = 1e-12, .max = 1e30};
    for (const double end : {a, b}) {
        if (const QString problem = numberProblem(end, NumberRule::Positive, axisLimits);
            !problem.isEmpty()) {
            reader.fail(where, problem);
            return;
        }
    }
    lo = a;
    hi = b;
}

QJsonObject scenarioToJsonObject(const Scenario &scenario)
{
    return scenarioToJson(scenario);
}

Scenario readScenarioObject(const QJsonObject &obj, const QString &path, const Catalog &catalog,
                            JsonReader &reader)
{
    return readScenario(obj, path, catalog, reader);
}

Scenario defaultScenario(const Catalog &catalog)
{
    Scenario s;
    for (const char *id : {"h100-sxm5", "h200-sxm"}) {
        if (catalog.device(key(id)))
            s.devices.append(key(id));
    }
    if (s.devices.isEmpty() && !catalog.devices().isEmpty())
        s.devices.append(catalog.devices().constFirst().id);
    // From far left of the ridge to far right: a norm and an activation, decode attention,
    // two decode GEMMs (intensity about the batch), a prefill GEMM and a large matmul.
    for (const char *id : {"rmsnorm-8b", "silu-8b", "attn-decode-8b", "decode-mlp-up-8b",
                           "decode-lm-head-8b", "prefill-mlp-up-8b", "matmul-8192"}) {
        if (const OperatorSpec *op = catalog.operatorSpec(key(id)))
            s.operators.append(*op);
    }
    s.batch = 32;
    return s;
}

QByteArray writeScenarioFile(const Scenario &scenario, const Presentation &view,
                             const Selection &selection)
{
    const QJsonObject root{{key("schema"), key(scenarioSchemaName)},
                           {key("version"), scenarioSchemaVersion},
                           {key("scenario"), scenarioToJson(scenario)},
                           {key("view"), viewToJson(view, selection)}};
    return QJsonDocument(root).toJson(QJsonDocument::Indented);
}

std::optional<ScenarioDocument> readScenarioFile(const QByteArray &bytes, const QString &fileName,
                                                 const Catalog &catalog, QStringList *errors)
{
    JsonReader reader(fileName);
    ScenarioDocument doc;
    const std::optional<QJsonObject> root = reader.parseObject(bytes);
    // A newer version may mean anything: report only that, not its unfamiliar fields.
    if (root && reader.checkHeader(*root, key(scenarioSchemaName), scenarioSchemaVersion)) {
        checkKnownKeys(*root, {"schema", "version", "scenario", "view"}, QString(), reader);
        if (const auto obj = reader.optionalObject(*root, key("scenario"), QString()))
            doc.scenario = readScenario(*obj, key("scenario"), catalog, reader);
        else if (!root->contains(key("scenario")))
            reader.fail(key("scenario"), QStringLiteral("missing"));
        if (const auto obj = reader.optionalObject(*root, key("view"), QString()))
            readView(*obj, doc.scenario, reader, doc);
    }
    if (!reader.ok()) {
        if (errors)
            errors->append(reader.errors());
        return std::nullopt;
    }
    return doc;
}

std::optional<ScenarioDocument> loadScenarioFile(const QString &path, const Catalog &catalog,
                                                 QStringList *errors)
{
    QString error;
    const std::optional<QByteArray> bytes = readFileCapped(path, maxScenarioFileBytes, &error);
    if (!bytes) {
        if (errors)
            errors->append(error);
        return std::nullopt;
    }
    return readScenarioFile(*bytes, path, catalog, errors);
}

bool saveScenarioFile(const QString &path, const Scenario &scenario, const Presentation &view,
                      const Selection &selection, QString *error)
{
    return writeFileAtomically(path, writeScenarioFile(scenario, view, selection), error);
}

} // namespace rooflab
