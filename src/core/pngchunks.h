#pragma once

// A walk over a PNG's chunks before an image library sees it: a chunk that claims more
// bytes than the file holds makes libpng reserve that much memory (a 3 KB file asking for
// 2 GB), so such a file is refused first (README "Safety").

#include <QByteArray>
#include <QString>

namespace rooflab {

// Why `png` is not a well-formed chunk sequence (signature, then chunks of length, type,
// data and CRC up to IEND, none longer than the file), or an empty string when it is.
QString pngStructureProblem(const QByteArray &png);

} // namespace rooflab
