#pragma once

#include "device.h"
#include "format.h"
#include "jsonreader.h"
#include "operatorspec.h"

#include <QByteArray>
#include <QJsonObject>
#include <QList>
#include <QString>

#include <functional>
#include <optional>

namespace rooflab {

// The newest preset schema version this build reads.
inline constexpr int presetSchemaVersion = 1;

// Tells whether a format id is known, so operator overrides can be checked.
using FormatLookup = std::function<bool(const QString &id)>;

// Reads one device file (docs/presets.md); errors go to `reader`.
std::optional<Device> parseDevice(const QJsonObject &root, JsonReader &reader);

// Reads a formats file.
std::optional<QList<Format>> parseFormats(const QJsonObject &root, JsonReader &reader);

// Reads an operators file; format overrides must satisfy `knownFormat`.
std::optional<QList<OperatorSpec>> parseOperators(const QJsonObject &root, JsonReader &reader,
                                                  const FormatLookup &knownFormat);

// Reads one operator object at `path`; shared by operator presets and scenario files.
std::optional<OperatorSpec> readOperator(const QJsonObject &obj, const QString &path,
                                         JsonReader &reader, const FormatLookup &knownFormat);

// Writes one operator with only the fields its kind uses, the inverse of readOperator.
QJsonObject writeOperator(const OperatorSpec &op);

// The rule and limits of one number field of an operator ("heads", "flops_per_element"), as
// readOperator checks it; nothing for a key that is no operator number. The command line
// checks its shape flags with it, so a flag and a preset field refuse alike.
struct NumberField
{
    NumberRule rule = NumberRule::Positive;
    NumberLimits limits = {};
};
std::optional<NumberField> operatorNumberField(const QString &key);

// True when `id` is a valid preset id: lower-case letters, digits, '.', '_' and '-'.
bool isValidId(const QString &id);

// Why `kvHeads` key/value heads cannot serve `heads` query heads ("must divide heads (32)
// evenly, found 5"); empty when they can. Models, operators and flags share it.
QString kvHeadsProblem(double heads, double kvHeads);

} // namespace rooflab
