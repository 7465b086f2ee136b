#pragma once

// RoofLab's own PNG writer for exported figures. Qt's writer hands the pixels to libpng, which
// tries every row filter on every row and spends most of a cold `rooflab export` doing so; a chart
// is flat colour, for which one fixed filter and a fast deflate level give a file of the same size
// in a fraction of the time.

#include <QByteArray>

class QImage;

namespace rooflab {

// `image` as a PNG file: 8-bit RGB rows (RGBA when it has an alpha channel, not
// premultiplied), each with the Up filter, deflated at zlib level 1. Its resolution goes in
// a pHYs chunk and each of its texts (QImage::text) in a tEXt, zTXt or iTXt chunk chosen and
// compressed by the rules of Qt's own PNG writer, so the chunks a reader looks at (the
// embedded scenario among them) are byte for byte those Qt would write. No gamma, colour
// space or offset chunk: figures carry none.
QByteArray encodePng(const QImage &image);

} // namespace rooflab
