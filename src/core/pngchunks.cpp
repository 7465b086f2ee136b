// The PNG chunk walk (see pngchunks.h); the layout is that of the PNG specification.
#include "pngchunks.h"

#include <QCoreApplication>

namespace rooflab {

namespace {

QString tr(const char *text)
{
    return QCoreApplication::translate("PngChunks", text);
}

quint32 bigEndian32(const char *p)
{
    const auto *u = reinterpret_cast<const unsigned char *>(p);
    return (quint32(u[0]) << 24) | (quint32(u[1]) << 16) | (quint32(u[2]) << 8) | quint32(u[3]);
}

} // namespace

QString pngStructureProblem(const QByteArray &png)
{
    static const QByteArray signature("\x89PNG\r\n\x1a\n", 8);
    if (!png.startsWith(signature))
        return tr("not a PNG file");
    qsizetype at = signature.size();
    for (int index = 0;; ++index) {
        if (png.size() - at < 12) // length, type and CRC at least
            return tr("the PNG is cut short before its end chunk");
        const quint32 length = bigEndian32(png.constData() + at);
        const QByteArray type = png.mid(at + 4, 4);
        const qint64 room = png.size() - at - 12;
        if (length > 0x7fffffffu || qint64(length) > room)
            return tr("PNG chunk %1 (%2) claims %3 bytes, more than the file holds")
                .arg(index)
                .arg(QString::fromLatin1(type.toPercentEncoding()))
                .arg(length);
        at += 12 + qsizetype(length);
        if (type == "IEND")
            return {};
    }
}

} // namespace rooflab
