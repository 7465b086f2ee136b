#include "ertimport.h"

#include "jsonreader.h"

#include <QCoreApplication>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>

#include <algorithm>

namespace rooflab {

namespace {

QString tr(const char *text)
{
    return QCoreApplication::translate("rooflab::ErtImport", text);
}

// A problem at a JSON path, where the file's line is not known.
ImportProblem fieldProblem(const QString &fileName, const QString &field, const QString &reason)
{
    return {.file = fileName, .line = 0, .column = 0, .field = field, .reason = reason};
}

// The line and column (from 1) of byte `offset` in `bytes`.
std::pair<int, int> position(const QByteArray &bytes, qsizetype offset)
{
    int line = 1;
    qsizetype lineStart = 0;
    for (qsizetype i = 0; i < std::min(offset, bytes.size()); ++i) {
        if (bytes.at(i) == '\n') {
            ++line;
            lineStart = i + 1;
        }
    }
    return {line, static_cast<int>(offset - lineStart + 1)};
}

// Reads the [name, value] pairs of `section`.data, in giga per second, as per second.
QList<std::pair<QString, double>> readPairs(const QString &fileName, const QJsonObject &empirical,
                                            const char *section, MeasuredImport &result)
{
    QList<std::pair<QString, double>> pairs;
    const QString path = QStringLiteral("empirical.%1.data").arg(QLatin1String(section));
    const QJsonValue data = empirical.value(QLatin1String(section)).toObject().value(u"data");
    if (!data.isArray()) {
        result.problems.append(fieldProblem(fileName, path, tr("missing list")));
        return pairs;
    }
    const QJsonArray array = data.toArray();
    for (qsizetype i = 0; i < array.size(); ++i) {
        const QString where = JsonReader::index(path, i);
        const QJsonArray pair = array.at(i).toArray();
        if (pair.size() != 2 || !pair.at(0).isString() || !pair.at(1).isDouble()) {
            result.problems.append(fieldProblem(fileName, where, tr("must be [name, number]")));
            continue;
        }
        const double value = pair.at(1).toDouble();
        if (const QString why = numberProblem(value, NumberRule::Positive); !why.isEmpty()) {
            result.problems.append(fieldProblem(fileName, JsonReader::index(where, 1), why));
            continue;
        }
        pairs.append({pair.at(0).toString(), value * 1e9});
    }
    return pairs;
}

} // namespace

MeasuredImport importErtJson(const QString &fileName, const QByteArray &bytes)
{
    MeasuredImport result;
    QJsonParseError error;
    const QJsonDocument doc = QJsonDocument::fromJson(bytes, &error);
    if (error.error != QJsonParseError::NoError) {
        const auto [line, column] = position(bytes, error.offset);
        result.problems.append({.file = fileName,
                                .line = line,
                                .column = column,
                                .field = QString(),
                                .reason = error.errorString()});
        return result;
    }
    const QJsonValue empirical = doc.object().value(u"empirical");
    if (!doc.isObject() || !empirical.isObject()) {
        result.problems.append(
            fieldProblem(fileName, QStringLiteral("empirical"),
                         tr("not an ERT roofline.json: no \"empirical\" object")));
        return result;
    }
    MeasuredDevice device;
    const QJsonValue host = empirical.toObject().value(u"metadata").toObject().value(u"HOSTNAME");
    device.name = host.isString() && !host.toString().trimmed().isEmpty()
                      ? host.toString().trimmed().left(200)
                      : tr("ERT measurement");
    device.bandwidths = readPairs(fileName, empirical.toObject(), "gbytes", result);
    device.peaks = readPairs(fileName, empirical.toObject(), "gflops", result);
    result.device = device;
    return result;
}

bool looksLikeErtJson(const QByteArray &bytes)
{
    return bytes.trimmed().startsWith('{') && bytes.contains("\"empirical\"");
}

} // namespace rooflab
