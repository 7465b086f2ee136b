#pragma once

#include <QJsonArray>
#include <QJsonObject>
#include <QString>
#include <QStringList>

#include <optional>

namespace rooflab {

// What a number read from JSON must satisfy.
enum class NumberRule { Any, Positive, NonNegative, Fraction, WholePositive };

// Reads typed fields from JSON and records, for each problem, the file, the field's path
// and the reason, so a loader can report every problem of a file at once.
class JsonReader
{
public:
    explicit JsonReader(QString fileName);

    // Parses `bytes` as one JSON object; on failure records the line, column and reason.
    std::optional<QJsonObject> parseObject(const QByteArray &bytes);

    // Checks `schema` and `version` (at most `maxVersion`).
    bool checkHeader(const QJsonObject &root, const QString &schema, int maxVersion);

    QString requiredString(const QJsonObject &obj, const QString &key, const QString &path);
    QString optionalString(const QJsonObject &obj, const QString &key, const QString &path,
                           const QString &fallback = {});
    std::optional<double> requiredNumber(const QJsonObject &obj, const QString &key,
                                         const QString &path, NumberRule rule);
    std::optional<double> optionalNumber(const QJsonObject &obj, const QString &key,
                                         const QString &path, NumberRule rule);
    std::optional<bool> optionalBool(const QJsonObject &obj, const QString &key,
                                     const QString &path);
    QJsonArray requiredArray(const QJsonObject &obj, const QString &key, const QString &path);
    std::optional<QJsonObject> optionalObject(const QJsonObject &obj, const QString &key,
                                              const QString &path);

    // Records a problem at `path` (a JSON path such as "compute[2].tflops").
    void fail(const QString &path, const QString &reason);

    static QString join(const QString &path, const QString &key);
    static QString index(const QString &path, qsizetype i);

    const QString &fileName() const { return m_fileName; }
    const QStringList &errors() const { return m_errors; }
    bool ok() const { return m_errors.isEmpty(); }

private:
    std::optional<double> checkNumber(const QJsonValue &value, const QString &path,
                                      NumberRule rule);

    QString m_fileName;
    QStringList m_errors;
};

} // namespace rooflab
