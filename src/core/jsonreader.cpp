#include "jsonreader.h"

#include "textsafety.h"

#include <QJsonDocument>
#include <QJsonParseError>
#include <QLocale>
#include <QRegularExpression>

#include <cmath>

namespace rooflab {

namespace {

// The key whose value a parse error stopped in, e.g. "tflops" for `"tflops": 1e999`, taken
// from the end of the error's line; empty when the error is not inside a value.
QString keyBefore(const QByteArray &line)
{
    static const QRegularExpression pattern(QStringLiteral("\"([^\"]+)\"\\s*:\\s*[^\"{}]*$"));
    const QRegularExpressionMatch match = pattern.match(QString::fromUtf8(line.right(200)));
    return match.hasMatch() ? match.captured(1) : QString();
}

} // namespace

QString numberProblem(double x, NumberRule rule, const NumberLimits &limits)
{
    if (!std::isfinite(x))
        return QStringLiteral("must be a finite number");
    switch (rule) {
    case NumberRule::Any:
        break;
    case NumberRule::Positive:
        if (x <= 0)
            return QStringLiteral("must be greater than zero, found %1").arg(x);
        break;
    case NumberRule::NonNegative:
        if (x < 0)
            return QStringLiteral("must not be negative, found %1").arg(x);
        break;
    case NumberRule::Fraction:
        if (x <= 0 || x > 1)
            return QStringLiteral("must be in (0, 1], found %1").arg(x);
        break;
    case NumberRule::WholePositive:
        if (x < 1 || x != std::floor(x))
            return QStringLiteral("must be a whole number of at least 1, found %1").arg(x);
        break;
    }
    if (std::abs(x) > limits.max)
        return QStringLiteral("must be at most %1, found %2").arg(limits.max).arg(x);
    if (x != 0 && std::abs(x) < limits.min)
        return QStringLiteral("must be at least %1, found %2").arg(limits.min).arg(x);
    return {};
}

JsonReader::JsonReader(QString fileName) : m_fileName(std::move(fileName)) {}

std::optional<QJsonObject> JsonReader::parseObject(const QByteArray &bytes)
{
    QJsonParseError error;
    const QJsonDocument doc = QJsonDocument::fromJson(bytes, &error);
    if (error.error != QJsonParseError::NoError) {
        const QByteArray before = bytes.left(error.offset);
        const qsizetype line = before.count('\n') + 1;
        const qsizetype column = error.offset - (before.lastIndexOf('\n') + 1) + 1;
        const QString key = keyBefore(before.mid(before.lastIndexOf('\n') + 1));
        const QString field = key.isEmpty() ? QString() : QStringLiteral(", field \"%1\"").arg(key);
        ++m_errorCount;
        m_errors.append(QStringLiteral("%1: line %2, column %3%4: not valid JSON: %5")
                            .arg(m_fileName, QString::number(line), QString::number(column), field,
                                 error.errorString()));
        return std::nullopt;
    }
    if (!doc.isObject()) {
        ++m_errorCount;
        m_errors.append(QStringLiteral("%1: the top level must be a JSON object").arg(m_fileName));
        return std::nullopt;
    }
    return doc.object();
}

bool JsonReader::checkHeader(const QJsonObject &root, const QString &schema, int maxVersion)
{
    const QString found = requiredString(root, QStringLiteral("schema"), QString());
    if (!found.isEmpty() && found != schema) {
        fail(QStringLiteral("schema"),
             QStringLiteral("expected \"%1\", found \"%2\"").arg(schema, found));
        return false;
    }
    const std::optional<double> version =
        requiredNumber(root, QStringLiteral("version"), QString(), NumberRule::WholePositive);
    if (version && *version > maxVersion) {
        fail(QStringLiteral("version"),
             QStringLiteral("version %1 is newer than this RoofLab reads (%2); update RoofLab")
                 .arg(*version)
                 .arg(maxVersion));
        return false;
    }
    return ok();
}

QString JsonReader::requiredString(const QJsonObject &obj, const QString &key, const QString &path)
{
    const QString where = join(path, key);
    const QJsonValue value = obj.value(key);
    if (value.isUndefined()) {
        fail(where, QStringLiteral("missing"));
        return {};
    }
    if (!value.isString()) {
        fail(where, QStringLiteral("must be a string"));
        return {};
    }
    if (value.toString().trimmed().isEmpty()) {
        fail(where, QStringLiteral("must not be empty"));
        return {};
    }
    return value.toString();
}

QString JsonReader::requiredName(const QJsonObject &obj, const QString &key, const QString &path)
{
    const QString name = requiredString(obj, key, path);
    if (const QString problem = nameProblem(name); !problem.isEmpty()) {
        fail(join(path, key), problem);
        return {};
    }
    return name;
}

QString JsonReader::optionalName(const QJsonObject &obj, const QString &key, const QString &path,
                                 const QString &fallback)
{
    const QString name = optionalString(obj, key, path, fallback);
    if (const QString problem = nameProblem(name); !problem.isEmpty()) {
        fail(join(path, key), problem);
        return fallback;
    }
    return name;
}

QString JsonReader::optionalString(const QJsonObject &obj, const QString &key, const QString &path,
                                   const QString &fallback)
{
    const QJsonValue value = obj.value(key);
    if (value.isUndefined())
        return fallback;
    if (!value.isString()) {
        fail(join(path, key), QStringLiteral("must be a string"));
        return fallback;
    }
    return value.toString();
}

std::optional<double> JsonReader::checkNumber(const QJsonValue &value, const QString &path,
                                              NumberRule rule, const NumberLimits &limits)
{
    if (!value.isDouble()) {
        fail(path, QStringLiteral("must be a number"));
        return std::nullopt;
    }
    const double x = value.toDouble();
    if (const QString problem = numberProblem(x, rule, limits); !problem.isEmpty()) {
        fail(path, problem);
        return std::nullopt;
    }
    return x;
}

std::optional<double> JsonReader::requiredNumber(const QJsonObject &obj, const QString &key,
                                                 const QString &path, NumberRule rule,
                                                 const NumberLimits &limits)
{
    const QJsonValue value = obj.value(key);
    if (value.isUndefined()) {
        fail(join(path, key), QStringLiteral("missing"));
        return std::nullopt;
    }
    return checkNumber(value, join(path, key), rule, limits);
}

std::optional<double> JsonReader::optionalNumber(const QJsonObject &obj, const QString &key,
                                                 const QString &path, NumberRule rule,
                                                 const NumberLimits &limits)
{
    const QJsonValue value = obj.value(key);
    if (value.isUndefined())
        return std::nullopt;
    return checkNumber(value, join(path, key), rule, limits);
}

std::optional<bool> JsonReader::optionalBool(const QJsonObject &obj, const QString &key,
                                             const QString &path)
{
    const QJsonValue value = obj.value(key);
    if (value.isUndefined())
        return std::nullopt;
    if (!value.isBool()) {
        fail(join(path, key), QStringLiteral("must be true or false"));
        return std::nullopt;
    }
    return value.toBool();
}

QJsonArray JsonReader::requiredArray(const QJsonObject &obj, const QString &key,
                                     const QString &path)
{
    const QJsonValue value = obj.value(key);
    if (value.isUndefined()) {
        fail(join(path, key), QStringLiteral("missing"));
        return {};
    }
    if (!value.isArray()) {
        fail(join(path, key), QStringLiteral("must be an array"));
        return {};
    }
    return value.toArray();
}

std::optional<QJsonObject> JsonReader::optionalObject(const QJsonObject &obj, const QString &key,
                                                      const QString &path)
{
    const QJsonValue value = obj.value(key);
    if (value.isUndefined())
        return std::nullopt;
    if (!value.isObject()) {
        fail(join(path, key), QStringLiteral("must be an object"));
        return std::nullopt;
    }
    return value.toObject();
}

QStringList JsonReader::errors() const
{
    QStringList shown = m_errors;
    if (m_errorCount > m_errors.size())
        shown.append(QStringLiteral("%1: ... and %2 more problems")
                         .arg(m_fileName,
                              QLocale(QLocale::English).toString(m_errorCount - m_errors.size())));
    return shown;
}

void JsonReader::refuseUnknownKeys(const QJsonObject &obj, const QStringList &allowed,
                                   const QString &path)
{
    for (auto it = obj.constBegin(); it != obj.constEnd(); ++it) {
        if (!allowed.contains(it.key()))
            fail(join(path, it.key()), QStringLiteral("unknown field"));
    }
}

void JsonReader::fail(const QString &path, const QString &reason)
{
    if (++m_errorCount > maxReportedErrors)
        return;
    m_errors.append(
        QStringLiteral("%1: %2: %3")
            .arg(m_fileName, path.isEmpty() ? QStringLiteral("(top level)") : path, reason));
}

QString JsonReader::join(const QString &path, const QString &key)
{
    return path.isEmpty() ? key : path + QLatin1Char('.') + key;
}

QString JsonReader::index(const QString &path, qsizetype i)
{
    return QStringLiteral("%1[%2]").arg(path).arg(i);
}

} // namespace rooflab
