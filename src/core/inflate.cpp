// Capped zlib inflation (see inflate.h).
#include "inflate.h"

#include "safefile.h"

#include <QCoreApplication>

#include <zlib.h>

namespace rooflab {

std::optional<QByteArray> inflateCapped(const QByteArray &compressed, qint64 maxBytes,
                                        QString *error)
{
    QString message;
    QString *err = error ? error : &message;
    z_stream stream = {};
    if (inflateInit(&stream) != Z_OK) {
        *err = QCoreApplication::translate("Inflate", "cannot start zlib");
        return std::nullopt;
    }
    stream.next_in = reinterpret_cast<Bytef *>(const_cast<char *>(compressed.constData()));
    stream.avail_in = static_cast<uInt>(compressed.size());
    QByteArray result;
    char chunk[65536];
    int status = Z_OK;
    while (status == Z_OK) {
        stream.next_out = reinterpret_cast<Bytef *>(chunk);
        stream.avail_out = sizeof chunk;
        status = inflate(&stream, Z_NO_FLUSH);
        if (status != Z_OK && status != Z_STREAM_END)
            break;
        const qint64 produced = static_cast<qint64>(sizeof chunk - stream.avail_out);
        if (result.size() + produced > maxBytes) {
            inflateEnd(&stream);
            *err = QCoreApplication::translate("Inflate", "inflates to more than %1")
                       .arg(byteSizeText(maxBytes));
            return std::nullopt;
        }
        result.append(chunk, produced);
        if (status == Z_OK && produced == 0 && stream.avail_in == 0) {
            status = Z_BUF_ERROR; // input ended before the stream did
            break;
        }
    }
    inflateEnd(&stream);
    if (status != Z_STREAM_END) {
        *err = QCoreApplication::translate("Inflate", "not valid zlib data (%1)")
                   .arg(QString::fromLatin1(stream.msg ? stream.msg : "cut short"));
        return std::nullopt;
    }
    return result;
}

} // namespace rooflab
