#pragma once

// Reading and writing files without losing data, hanging or running out of memory
// (README "Safety"): only regular files are read or replaced, reads are capped, and a write
// either replaces the file completely or leaves the old one untouched.

#include <QByteArray>
#include <QString>

#include <optional>

namespace rooflab {

// Why `path` cannot be an output file, or an empty string when it can: it must be absent
// or a regular file (a link is followed). A folder, device node, FIFO or socket is refused,
// and so is a path whose folder does not exist.
QString outputPathProblem(const QString &path);

// Writes `bytes` to `path` through a temporary file that replaces `path` only once every
// byte is written, flushed and synced. On failure returns false, sets `error` to
// "PATH: cannot write: REASON" with the system's reason (e.g. "No space left on device"),
// leaves no temporary file and the old file untouched.
bool writeFileAtomically(const QString &path, const QByteArray &bytes, QString *error);

// Why `path` cannot be an input file, or an empty string when it can: it must be a regular
// file (a link is followed) of at most `maxBytes` bytes.
QString inputPathProblem(const QString &path, qint64 maxBytes);

// The contents of the regular file `path`, at most `maxBytes` long. Never blocks on a FIFO
// and never reads a device. On failure returns nothing and sets `error` to "PATH: REASON".
std::optional<QByteArray> readFileCapped(const QString &path, qint64 maxBytes, QString *error);

// A figure of bytes for messages: "16 MiB", "512 KiB", "300 bytes".
QString byteSizeText(qint64 bytes);

} // namespace rooflab
