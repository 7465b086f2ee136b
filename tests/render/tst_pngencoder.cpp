// RoofLab's PNG encoder against Qt's reader and writer: every pixel decodes as it was drawn,
// the text and resolution chunks are those Qt's own writer makes, and an exported figure
// stays about as small as Qt's file.
#include "adler32.h"
#include "figure.h"
#include "figureexport.h"
#include "pngchunks.h"
#include "pngencoder.h"
#include "renderfixtures.h"

#include <QBuffer>
#include <QImage>
#include <QImageReader>
#include <QImageWriter>
#include <QLinearGradient>
#include <QPainter>
#include <QRandomGenerator>
#include <QTest>

#include <zlib.h>

using namespace rooflab;
using namespace rooflab::test;

namespace {

struct Chunk
{
    QByteArray type;
    QByteArray data; // with the CRC, so a wrong CRC shows as a difference
    bool operator==(const Chunk &) const = default;
};

// The chunks of `png` in file order, IDAT left out (its deflate stream differs on purpose).
QList<Chunk> chunksBesidesPixels(const QByteArray &png)
{
    QList<Chunk> chunks;
    qsizetype at = 8;
    while (at + 12 <= png.size()) {
        const auto *u = reinterpret_cast<const unsigned char *>(png.constData() + at);
        const qsizetype length = (qsizetype(u[0]) << 24) | (u[1] << 16) | (u[2] << 8) | u[3];
        const QByteArray type = png.mid(at + 4, 4);
        if (type != "IDAT")
            chunks.append({.type = type, .data = png.mid(at + 8, length + 4)});
        at += 12 + length;
    }
    return chunks;
}

QByteArray qtPng(const QImage &image, int quality = -1)
{
    QBuffer buffer;
    buffer.open(QIODevice::WriteOnly);
    QImageWriter writer(&buffer, "png");
    writer.setQuality(quality);
    return writer.write(image) ? buffer.data() : QByteArray();
}

QImage drawnImage(QSize size, QImage::Format format)
{
    QImage image(size, format);
    image.fill(format == QImage::Format_RGB32 ? QColor(Qt::white) : QColor(0, 0, 0, 0));
    QPainter painter(&image);
    painter.setRenderHint(QPainter::Antialiasing);
    QLinearGradient gradient(0, 0, size.width(), size.height());
    gradient.setColorAt(0, QColor(255, 0, 0, 40));
    gradient.setColorAt(1, QColor(0, 0, 255, 255));
    painter.fillRect(QRect(QPoint(0, 0), size / 2), gradient);
    painter.setPen(QPen(QColor(20, 120, 60, 200), 2.5));
    painter.drawEllipse(QRectF(QPointF(0, 0), QSizeF(size)).adjusted(3, 3, -3, -3));
    painter.drawText(QRectF(QPointF(0, 0), QSizeF(size)), Qt::AlignCenter,
                     QStringLiteral("1.5 TFLOP/s"));
    painter.end();
    // Noise in the bottom rows: neighbouring bytes far apart, so the filter's byte
    // differences wrap around 0 and 255 both ways.
    QRandomGenerator random(7);
    for (int y = size.height() * 3 / 4; y < size.height(); ++y) {
        for (int x = 0; x < size.width(); ++x) {
            const quint32 value = random.generate();
            const QColor colour(int(value & 0xff), int((value >> 8) & 0xff),
                                int((value >> 16) & 0xff),
                                format == QImage::Format_RGB32 ? 255 : int(value >> 24));
            image.setPixelColor(x, y, colour);
        }
    }
    return image;
}

} // namespace

class TestPngEncoder : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void everyPixelDecodesAsDrawn_data();
    void everyPixelDecodesAsDrawn();
    void textChunksAreThoseOfQtsWriter_data();
    void textChunksAreThoseOfQtsWriter();
    void exportedFigureIsAboutAsSmallAsQts();
    void adlerChecksumOfAKnownWord();
    void adlerChecksumIsZlibs_data();
    void adlerChecksumIsZlibs();
    void zlibStreamIsZlibsOwn();
};

void TestPngEncoder::everyPixelDecodesAsDrawn_data()
{
    QTest::addColumn<QSize>("size");
    QTest::addColumn<int>("format");
    QTest::newRow("opaque figure") << QSize(320, 200) << int(QImage::Format_RGB32);
    QTest::newRow("one pixel") << QSize(1, 1) << int(QImage::Format_RGB32);
    QTest::newRow("odd width, more rows than a strip")
        << QSize(7, 101) << int(QImage::Format_RGB32);
    // Premultiplied pixels go in unpremultiplied, as PNG stores them.
    QTest::newRow("translucent") << QSize(150, 90) << int(QImage::Format_ARGB32_Premultiplied);
    QTest::newRow("translucent, straight alpha") << QSize(64, 40) << int(QImage::Format_ARGB32);
    QTest::newRow("another format, converted") << QSize(33, 17) << int(QImage::Format_RGB888);
}

void TestPngEncoder::everyPixelDecodesAsDrawn()
{
    QFETCH(QSize, size);
    QFETCH(int, format);
    const QImage image = drawnImage(size, QImage::Format(format));
    const QByteArray png = encodePng(image);
    QCOMPARE(pngStructureProblem(png), QString());
    QImage decoded;
    QVERIFY(decoded.loadFromData(png, "png"));
    QCOMPARE(decoded.size(), size);
    QCOMPARE(decoded.hasAlphaChannel(), image.hasAlphaChannel());
    const QImage expected = image.convertToFormat(image.hasAlphaChannel() ? QImage::Format_ARGB32
                                                                          : QImage::Format_RGB32);
    decoded = decoded.convertToFormat(expected.format());
    int differing = 0;
    for (int y = 0; y < size.height(); ++y) {
        for (int x = 0; x < size.width(); ++x) {
            if (decoded.pixel(x, y) != expected.pixel(x, y) && differing++ == 0)
                qWarning("first difference at (%d, %d): %08x decoded, %08x drawn", x, y,
                         decoded.pixel(x, y), expected.pixel(x, y));
        }
    }
    QCOMPARE(differing, 0);
}

void TestPngEncoder::textChunksAreThoseOfQtsWriter_data()
{
    QTest::addColumn<QString>("key");
    QTest::addColumn<QString>("value");
    // 39 characters stay uncompressed, 40 are deflated (Qt's threshold).
    QTest::newRow("short Latin-1: tEXt")
        << QStringLiteral("Title") << QString(39, QLatin1Char('x'));
    QTest::newRow("long Latin-1: zTXt") << QStringLiteral("Title") << QString(40, QLatin1Char('x'));
    QTest::newRow("accents are Latin-1") << QStringLiteral("Title") << QStringLiteral("Gerät µ");
    QTest::newRow("short non-Latin-1: iTXt")
        << QStringLiteral("Title") << QStringLiteral("Llama → 8B");
    QTest::newRow("long non-Latin-1: compressed iTXt")
        << QStringLiteral("rooflab-scenario")
        << QStringLiteral("{\"name\": \"Модель ") + QString(60, u'z') + QStringLiteral("\"}");
    QTest::newRow("a tab needs iTXt") << QStringLiteral("Title") << QStringLiteral("a\tb");
    // Past 16 kB libpng no longer shrinks the deflate window.
    QTest::newRow("long scenario") << QStringLiteral("rooflab-scenario")
                                   << QStringLiteral("base64:") + QString(20000, QLatin1Char('Q'));
}

void TestPngEncoder::textChunksAreThoseOfQtsWriter()
{
    QFETCH(QString, key);
    QFETCH(QString, value);
    QImage image = drawnImage(QSize(40, 30), QImage::Format_RGB32);
    image.setDotsPerMeterX(3780); // 96 dpi
    image.setDotsPerMeterY(7559); // 192 dpi
    image.setText(key, value);
    image.setText(QStringLiteral("Software"), QStringLiteral("RoofLab test"));
    const QByteArray ours = encodePng(image);
    const QList<Chunk> expected = chunksBesidesPixels(qtPng(image));
    QVERIFY(expected.size() >= 4); // IHDR, pHYs, a text or two, IEND
    QCOMPARE(chunksBesidesPixels(ours), expected);

    QBuffer buffer;
    buffer.setData(ours);
    buffer.open(QIODevice::ReadOnly);
    QImageReader reader(&buffer, "png");
    // Qt's reader folds runs of white space (which is why exports store such text as base64).
    QCOMPARE(reader.text(key), value.simplified());
}

void TestPngEncoder::exportedFigureIsAboutAsSmallAsQts()
{
    const Catalog catalog = Catalog::builtin();
    const Analysis analysis = evaluate(
        catalog, llmScenario(catalog, {QStringLiteral("h100-sxm5"), QStringLiteral("mi300x")}, 1));
    Presentation presentation;
    const QImage image =
        Figure(analysis, chartOptionsFor(presentation, {}, {}, {}), QSize(1600, 1000), {}).image(1);
    const QByteArray ours = encodePng(image);
    QImage decoded;
    QVERIFY(decoded.loadFromData(ours, "png"));
    QCOMPARE(decoded.convertToFormat(QImage::Format_RGB32), image);
    // Qt's writer at zlib level 6, its default, trying every filter on every row: RoofLab's
    // file may be at most 15 % larger.
    const QByteArray qt = qtPng(image);
    QVERIFY(!qt.isEmpty());
    QVERIFY2(
        ours.size() <= qt.size() * 115 / 100,
        qPrintable(QStringLiteral("%1 bytes against Qt's %2").arg(ours.size()).arg(qt.size())));
}

void TestPngEncoder::adlerChecksumOfAKnownWord()
{
    // "Wikipedia": W i k i p e d i a = 87 105 107 105 112 101 100 105 97, sum 919, so
    // a = 1 + 919 = 920; b adds a after each byte: 88 + 193 + 300 + 405 + 517 + 618 + 718 +
    // 823 + 920 = 4582; the checksum is 4582 * 65536 + 920 = 0x11E60398.
    const QByteArray word("Wikipedia");
    QCOMPARE(adler32Update(1, reinterpret_cast<const uchar *>(word.constData()), 9),
             quint32(0x11E60398));
}

void TestPngEncoder::adlerChecksumIsZlibs_data()
{
    QTest::addColumn<QByteArray>("data");
    QTest::addColumn<int>("split"); // the bytes passed in a first call, the rest in a second
    QRandomGenerator random(11);
    const auto noise = [&](qsizetype size) {
        QByteArray bytes(size, Qt::Uninitialized);
        for (char &c : bytes)
            c = char(random.generate() & 0xff);
        return bytes;
    };
    for (const qsizetype size : {0, 1, 15, 16, 17, 255, 4095, 4096, 4097, 5552, 70001}) {
        QTest::addRow("noise, %lld bytes", qlonglong(size)) << noise(size) << int(size / 3);
    }
    // All bytes 255: the largest sums, where a lane or a reduction would overflow first.
    QTest::addRow("255s, 1 MB") << QByteArray(1 << 20, char(0xff)) << 4099;
    QTest::addRow("255s, 65537 bytes, in one call") << QByteArray(65537, char(0xff)) << 0;
}

void TestPngEncoder::adlerChecksumIsZlibs()
{
    QFETCH(QByteArray, data);
    QFETCH(int, split);
    const auto *bytes = reinterpret_cast<const uchar *>(data.constData());
    const quint32 ours = adler32Update(adler32Update(1, bytes, size_t(split)), bytes + split,
                                       size_t(data.size() - split));
    const auto zlibs = quint32(adler32(adler32(0, nullptr, 0), bytes, uInt(data.size())));
    QCOMPARE(ours, zlibs);
}

void TestPngEncoder::zlibStreamIsZlibsOwn()
{
    // The IDAT chunks joined are a zlib stream: its header, the deflated rows and the
    // checksum, which zlib itself must take back to the filtered rows.
    const QImage image = drawnImage(QSize(300, 200), QImage::Format_RGB32);
    const QByteArray png = encodePng(image);
    QByteArray stream;
    qsizetype at = 8;
    while (at + 12 <= png.size()) {
        const auto *u = reinterpret_cast<const uchar *>(png.constData() + at);
        const qsizetype length = (qsizetype(u[0]) << 24) | (u[1] << 16) | (u[2] << 8) | u[3];
        if (png.mid(at + 4, 4) == "IDAT")
            stream += png.mid(at + 8, length);
        at += 12 + length;
    }
    QVERIFY(stream.size() > 6);
    QCOMPARE(QByteArray::number(uchar(stream[0]), 16), QByteArray("78"));
    QCOMPARE((uchar(stream[0]) * 256 + uchar(stream[1])) % 31, 0);
    // 200 rows of 1 filter byte and 300 * 3 samples.
    const qsizetype rawSize = 200 * (1 + 300 * 3);
    QByteArray raw(rawSize, Qt::Uninitialized);
    uLongf rawLength = uLongf(raw.size());
    QCOMPARE(uncompress(reinterpret_cast<Bytef *>(raw.data()), &rawLength,
                        reinterpret_cast<const Bytef *>(stream.constData()), uLong(stream.size())),
             Z_OK);
    QCOMPARE(qsizetype(rawLength), rawSize);
}

QTEST_MAIN(TestPngEncoder)
#include "tst_pngencoder.moc"
