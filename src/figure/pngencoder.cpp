// The PNG encoder (see pngencoder.h); the chunk layout is that of the PNG specification, the
// text chunk rules those of Qt's PNG writer on top of libpng.
#include "pngencoder.h"

#include "adler32.h"

#include <QImage>
#include <QList>
#include <QtEndian>

#include <zlib.h>

#include <algorithm>
#include <cstring>
#include <vector>

namespace rooflab {

namespace {

constexpr int pixelDeflateLevel = 1; // level 6: a figure 13 % smaller, in twice the time
constexpr int textDeflateLevel = Z_DEFAULT_COMPRESSION; // libpng's level for text chunks
constexpr int upFilter = 2;                             // each byte minus the one above it
constexpr qsizetype idatChunkBytes = 1 << 16;
constexpr int rowsPerStrip = 32; // rows filtered, then deflated, at a time
// zlib's memory level 6 rather than 8: a hash table of 8 K entries instead of 32 K, which zlib
// shifts each time its 32 kB window slides: a sixth fewer instructions, the same file size.
constexpr int pixelMemoryLevel = 6;

void appendBigEndian32(QByteArray &out, quint32 value)
{
    const char bytes[4] = {char(value >> 24), char(value >> 16), char(value >> 8), char(value)};
    out.append(bytes, 4);
}

// A chunk: length, type, data, and the CRC of the type and the data.
void appendChunk(QByteArray &png, const char type[4], const char *data, qsizetype size)
{
    appendBigEndian32(png, quint32(size));
    const qsizetype start = png.size();
    png.append(type, 4);
    png.append(data, size);
    const auto *crcBytes = reinterpret_cast<const Bytef *>(png.constData() + start);
    appendBigEndian32(png, quint32(crc32(0, crcBytes, uInt(size + 4))));
}

void appendChunk(QByteArray &png, const char type[4], const QByteArray &data)
{
    appendChunk(png, type, data.constData(), data.size());
}

// Text deflated as libpng deflates a text chunk: the default level, and a window shrunk to
// the smallest power of two that holds the text and a match (its "optimize CMF" rule).
QByteArray textDeflated(const QByteArray &text)
{
    int windowBits = 15;
    if (text.size() <= 16384) {
        unsigned halfWindow = 1u << (windowBits - 1);
        while (unsigned(text.size()) + 262 <= halfWindow) {
            halfWindow >>= 1;
            --windowBits;
        }
    }
    windowBits = std::max(windowBits, 9);
    z_stream stream{};
    deflateInit2(&stream, textDeflateLevel, Z_DEFLATED, windowBits, 8, Z_DEFAULT_STRATEGY);
    QByteArray out(qsizetype(deflateBound(&stream, uLong(text.size()))), Qt::Uninitialized);
    stream.next_in = reinterpret_cast<Bytef *>(const_cast<char *>(text.constData()));
    stream.avail_in = uInt(text.size());
    stream.next_out = reinterpret_cast<Bytef *>(out.data());
    stream.avail_out = uInt(out.size());
    deflate(&stream, Z_FINISH);
    out.truncate(qsizetype(stream.total_out));
    deflateEnd(&stream);
    // libpng then writes into the zlib header the smallest window that covers the text
    // (down to 256 bytes, which zlib itself does not offer), and mends the header's check bits.
    if (text.size() <= 16384 && out.size() >= 2) {
        int windowLog = (uchar(out[0]) >> 4) + 8; // CINFO is log2(window) - 8
        while (windowLog > 8 && text.size() <= (qsizetype(1) << (windowLog - 1)))
            --windowLog;
        const int cmf = (uchar(out[0]) & 0x0f) | ((windowLog - 8) << 4);
        const int level = uchar(out[1]) & 0xe0;
        out[0] = char(cmf);
        out[1] = char(level + 31 - (cmf * 256 + level) % 31);
    }
    return out;
}

// Qt writes a text as iTXt (UTF-8) when it holds a character Latin-1 tEXt cannot carry:
// one past Latin-1, a control character other than a line feed, or one of 0x7f to 0x9f.
bool needsInternationalText(const QString &text)
{
    return std::any_of(text.cbegin(), text.cend(), [](QChar c) {
        const ushort u = c.unicode();
        return u > 0xff || (u < 0x20 && u != '\n') || (u > 0x7e && u < 0xa0);
    });
}

// One text chunk as Qt's writer makes it: uncompressed under 40 characters, else deflated.
void appendTextChunk(QByteArray &png, const QString &key, const QString &value)
{
    const QByteArray keyword = key.left(79).toLatin1();
    const bool compress = value.size() >= 40;
    QByteArray data = keyword;
    data.append('\0');
    if (needsInternationalText(value)) {
        // keyword, compression flag and method, language tag, translated keyword, text
        data.append(compress ? '\1' : '\0');
        data.append('\0');
        data.append("UTF-8");
        data.append('\0');
        data.append(key.toUtf8());
        data.append('\0');
        data.append(compress ? textDeflated(value.toUtf8()) : value.toUtf8());
        appendChunk(png, "iTXt", data);
    } else if (compress) {
        data.append('\0'); // compression method: deflate
        data.append(textDeflated(value.toLatin1()));
        appendChunk(png, "zTXt", data);
    } else {
        data.append(value.toLatin1());
        appendChunk(png, "tEXt", data);
    }
}

// Each byte of `row` minus the one above it, modulo 256: a loop the compiler vectorises.
void subtractRow(const uchar *row, const uchar *above, qsizetype bytes, uchar *difference)
{
    for (qsizetype i = 0; i < bytes; ++i)
        difference[i] = static_cast<uchar>(row[i] - above[i]);
}

// The samples of one pixel's differences `d` (a QRgb: 0xAARRGGBB) in file order: R, G, B and,
// with `alpha`, A, as the bytes of a word stored little-endian (the fourth byte of an RGB
// pixel is written over by the next pixel, or is slack after the row).
template <bool alpha> quint32 fileOrder(quint32 d)
{
    const quint32 reversed = qbswap(d); // B, G, R, A from the high byte down
    return alpha ? (reversed >> 8) | (reversed << 24) : reversed >> 8;
}

// A row's filter byte and its Up-filtered samples at `o`; returns the end. Writes up to one
// byte past the end (`o` needs that slack).
template <bool alpha>
uchar *appendFilteredRow(const QRgb *row, const QRgb *above, int width, quint32 *difference,
                         uchar *o)
{
    constexpr int channels = alpha ? 4 : 3;
    *o++ = upFilter;
    subtractRow(reinterpret_cast<const uchar *>(row), reinterpret_cast<const uchar *>(above),
                qsizetype(width) * 4, reinterpret_cast<uchar *>(difference));
    if constexpr (Q_BYTE_ORDER == Q_LITTLE_ENDIAN) {
        for (int x = 0; x < width; ++x, o += channels) {
            const quint32 samples = fileOrder<alpha>(difference[x]);
            std::memcpy(o, &samples, 4);
        }
    } else {
        for (int x = 0; x < width; ++x, o += channels) {
            const QRgb d = difference[x];
            o[0] = uchar(qRed(d));
            o[1] = uchar(qGreen(d));
            o[2] = uchar(qBlue(d));
            if (alpha)
                o[3] = uchar(qAlpha(d));
        }
    }
    return o;
}

// The rows of `image` (RGB32 or ARGB32), each a filter byte and the Up-filtered samples,
// as a zlib stream in IDAT chunks. zlib deflates them raw and the stream's header and
// Adler-32 checksum are written here (adler32.h): the same bytes zlib would write around them.
void appendPixels(QByteArray &png, const QImage &image, bool alpha)
{
    const int width = image.width();
    const int channels = alpha ? 4 : 3;
    const qsizetype rowBytes = 1 + qsizetype(width) * channels;
    std::vector<uchar> strip(size_t(rowBytes) * rowsPerStrip + 1); // + the last row's slack
    std::vector<quint32> difference(static_cast<size_t>(width));
    std::vector<uchar> out(static_cast<size_t>(idatChunkBytes));
    z_stream stream{};
    deflateInit2(&stream, pixelDeflateLevel, Z_DEFLATED, -15, pixelMemoryLevel, Z_DEFAULT_STRATEGY);
    stream.next_out = out.data();
    stream.avail_out = uInt(out.size());
    const auto flushFull = [&] {
        if (stream.avail_out == 0) {
            appendChunk(png, "IDAT", reinterpret_cast<const char *>(out.data()), idatChunkBytes);
            stream.next_out = out.data();
            stream.avail_out = uInt(out.size());
        }
    };
    const auto put = [&](uchar byte) {
        *stream.next_out++ = byte;
        --stream.avail_out;
        flushFull();
    };
    // The zlib header: deflate with a 32 kB window (0x78), zlib's flags for its fastest levels,
    // and the check bits that make the pair a multiple of 31.
    static_assert(pixelDeflateLevel < 2, "zlib marks levels 0 and 1 as the fastest");
    put(0x78);
    put(0x01);
    quint32 adler = 1;
    const QList<QRgb> zeroRow(width, 0);
    for (int first = 0; first < image.height(); first += rowsPerStrip) {
        const int last = std::min(image.height(), first + rowsPerStrip);
        uchar *o = strip.data();
        for (int y = first; y < last; ++y) {
            const auto *row = reinterpret_cast<const QRgb *>(image.constScanLine(y));
            const QRgb *above =
                y > 0 ? reinterpret_cast<const QRgb *>(image.constScanLine(y - 1)) : zeroRow.data();
            o = alpha ? appendFilteredRow<true>(row, above, width, difference.data(), o)
                      : appendFilteredRow<false>(row, above, width, difference.data(), o);
        }
        adler = adler32Update(adler, strip.data(), size_t(o - strip.data()));
        stream.next_in = strip.data();
        stream.avail_in = uInt(o - strip.data());
        const int flush = last == image.height() ? Z_FINISH : Z_NO_FLUSH;
        int status = Z_OK;
        do {
            status = deflate(&stream, flush);
            flushFull();
        } while (stream.avail_in > 0 || (flush == Z_FINISH && status != Z_STREAM_END));
    }
    for (const int shift : {24, 16, 8, 0}) // the checksum, big-endian
        put(uchar(adler >> shift));
    const qsizetype rest = idatChunkBytes - qsizetype(stream.avail_out);
    if (rest > 0)
        appendChunk(png, "IDAT", reinterpret_cast<const char *>(out.data()), rest);
    deflateEnd(&stream);
}

} // namespace

QByteArray encodePng(const QImage &image)
{
    const bool alpha = image.hasAlphaChannel();
    const QImage::Format wanted = alpha ? QImage::Format_ARGB32 : QImage::Format_RGB32;
    const QImage pixels = image.format() == wanted ? image : image.convertToFormat(wanted);
    if (pixels.isNull())
        return {};

    QByteArray png("\x89PNG\r\n\x1a\n", 8);
    QByteArray header;
    appendBigEndian32(header, quint32(pixels.width()));
    appendBigEndian32(header, quint32(pixels.height()));
    // bit depth 8, colour type RGB (2) or RGBA (6), deflate, adaptive filters, no interlace
    const char format[5] = {8, char(alpha ? 6 : 2), 0, 0, 0};
    header.append(format, 5);
    appendChunk(png, "IHDR", header);
    if (pixels.dotsPerMeterX() > 0 || pixels.dotsPerMeterY() > 0) {
        QByteArray physical;
        appendBigEndian32(physical, quint32(pixels.dotsPerMeterX()));
        appendBigEndian32(physical, quint32(pixels.dotsPerMeterY()));
        physical.append('\1'); // the unit is the metre
        appendChunk(png, "pHYs", physical);
    }
    for (const QString &key : image.textKeys()) { // sorted, as Qt writes them
        if (!key.isEmpty())
            appendTextChunk(png, key, image.text(key));
    }
    appendPixels(png, pixels, alpha);
    appendChunk(png, "IEND", nullptr, 0);
    return png;
}

} // namespace rooflab
