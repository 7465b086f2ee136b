#pragma once

// Inflating zlib data with a ceiling on the result, so a small file cannot claim gigabytes
// of memory (a "zip bomb"; README "Safety").

#include <QByteArray>
#include <QString>

#include <optional>

namespace rooflab {

// The zlib stream `compressed` inflated, at most `maxBytes` long. Inflates in chunks and
// stops as soon as the result would pass the cap. On failure returns nothing and sets
// `error` to the reason ("inflates to more than 16 MiB", "not valid zlib data").
std::optional<QByteArray> inflateCapped(const QByteArray &compressed, qint64 maxBytes,
                                        QString *error);

} // namespace rooflab
