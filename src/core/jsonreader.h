#pragma once

#include <QJsonArray>
#include <QJsonObject>
#include <QString>
#include <QStringList>

#include <optional>

namespace rooflab {

// What a number read from JSON (or from a flag) must satisfy.
enum class NumberRule { Any, Positive, NonNegative, Fraction, WholePositive };

// The bounds every number also meets beyond its rule (docs/presets.md "Limits"): its size at
// most `max`, and a value other than zero at least `min` in size. With these no product or
// quotient of a few such numbers overflows a double or loses itself in denormals, and a
// whole number converts to an integer safely.
struct NumberLimits
{
    double min = 1e-12;
    double max = 1e15;
};

// A device's or model's year.
inline constexpr NumberLimits yearLimits{.min = 1900, .max = 2100};
// Elements sharing one scale in a block format: fits an int, far beyond any real format.
inline constexpr NumberLimits blockSizeLimits{.min = 1, .max = 65536};
// The FLOPs and bytes of a custom operator, which may stand for a whole program.
inline constexpr NumberLimits workLimits{.min = 1e-12, .max = 1e30};
// A model's layers, and its widths and counts (hidden, heads, FFN, vocabulary, experts...):
// far beyond any model, and small enough that no step's figure overflows or a layer count
// leaves the range of whole numbers the deployment counts stages in (docs/presets.md).
inline constexpr NumberLimits modelLayerLimits{.min = 1, .max = 1e5};
inline constexpr NumberLimits modelWidthLimits{.min = 1, .max = 1e8};

// Why `value` breaks `rule` or `limits` ("must be greater than zero, found 0"); empty when
// it meets both. The one wording for presets, scenario files and flags.
QString numberProblem(double value, NumberRule rule, const NumberLimits &limits = {});

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
    // A string shown as a name: also refused when it holds a control character or a
    // bidirectional control (nameProblem(), textsafety.h).
    QString requiredName(const QJsonObject &obj, const QString &key, const QString &path);
    QString optionalName(const QJsonObject &obj, const QString &key, const QString &path,
                         const QString &fallback = {});
    QString optionalString(const QJsonObject &obj, const QString &key, const QString &path,
                           const QString &fallback = {});
    std::optional<double> requiredNumber(const QJsonObject &obj, const QString &key,
                                         const QString &path, NumberRule rule,
                                         const NumberLimits &limits = {});
    std::optional<double> optionalNumber(const QJsonObject &obj, const QString &key,
                                         const QString &path, NumberRule rule,
                                         const NumberLimits &limits = {});
    std::optional<bool> optionalBool(const QJsonObject &obj, const QString &key,
                                     const QString &path);
    QJsonArray requiredArray(const QJsonObject &obj, const QString &key, const QString &path);
    std::optional<QJsonObject> optionalObject(const QJsonObject &obj, const QString &key,
                                              const QString &path);

    // Records "unknown field" for every key of `obj` (at `path`) not in `allowed`: a
    // misspelt field must be refused, not ignored.
    void refuseUnknownKeys(const QJsonObject &obj, const QStringList &allowed, const QString &path);

    // Records a problem at `path` (a JSON path such as "compute[2].tflops").
    void fail(const QString &path, const QString &reason);

    static QString join(const QString &path, const QString &key);
    static QString index(const QString &path, qsizetype i);

    const QString &fileName() const { return m_fileName; }
    // The first maxReportedErrors problems, then "FILE: ... and N more problems".
    QStringList errors() const;
    // Every problem recorded, shown or not.
    qsizetype errorCount() const { return m_errorCount; }
    bool ok() const { return m_errorCount == 0; }

    // A file with thousands of bad entries reports a few and counts the rest.
    static constexpr qsizetype maxReportedErrors = 8;

private:
    std::optional<double> checkNumber(const QJsonValue &value, const QString &path, NumberRule rule,
                                      const NumberLimits &limits);

    QString m_fileName;
    QStringList m_errors;
    qsizetype m_errorCount = 0;
};

} // namespace rooflab
