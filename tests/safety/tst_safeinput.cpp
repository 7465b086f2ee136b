// Hostile input files given to `rooflab`, run as a separate process: FIFOs and devices as
// scenarios or presets, a PDF whose attachment inflates without end, an oversized image, a
// preset with 20,000 repeated entries, and figures past what an int or a double holds. Each
// must give exit status 2 (or a warning) naming the file and field, quickly.
#include "hostilefiles.h"
#include "runrooflab.h"

#include <QDir>
#include <QElapsedTimer>
#include <QFile>
#include <QFileInfo>
#include <QJsonArray>
#include <QTemporaryDir>
#include <QTest>

#include <cmath>
#include <sys/stat.h>

namespace {

using rooflab::test::Run;

QString s(const char *text)
{
    return QString::fromUtf8(text);
}

bool writeAll(const QString &path, const QByteArray &bytes)
{
    QFile file(path);
    return file.open(QIODevice::WriteOnly) && file.write(bytes) == bytes.size();
}

} // namespace

class TestSafeInput : public QObject
{
    Q_OBJECT

private:
    Run run(const QStringList &arguments, const QString &home = {}) const;
    // A folder under the work folder holding one preset file `name` with `bytes`.
    QString presetFolder(const QString &folder, const QString &name, const QByteArray &bytes);

    QTemporaryDir m_home;
    QTemporaryDir m_work;

private Q_SLOTS:
    void initTestCase();
    void fifoScenarioDoesNotHang_data();
    void fifoScenarioDoesNotHang();
    void deviceAsScenario();
    void presetLinkToDevice();
    void userPresetLinkToDevice();
    void pdfAttachmentInflateCapped();
    void oversizedImage();
    void pngChunkLongerThanFile();
    void pngReadingPrintsNoLibraryWarnings();
    void repeatedCeilingsReportedBriefly();
    void presetFolderCapped();
    void yearAndBlockSizeRangeChecked();
    void tinyAndHugeFiguresRefused_data();
    void tinyAndHugeFiguresRefused();
    void devicesNeededPastInt();
};

Run TestSafeInput::run(const QStringList &arguments, const QString &home) const
{
    return rooflab::test::runRooflab(s(ROOFLAB_EXE), arguments,
                                     home.isEmpty() ? m_home.path() : home, 30000);
}

QString TestSafeInput::presetFolder(const QString &folder, const QString &name,
                                    const QByteArray &bytes)
{
    const QString dir = m_work.filePath(folder);
    QDir().mkpath(dir);
    if (!writeAll(dir + QLatin1Char('/') + name, bytes))
        return {};
    return dir;
}

void TestSafeInput::initTestCase()
{
    QVERIFY(m_home.isValid());
    QVERIFY(m_work.isValid());
}

void TestSafeInput::fifoScenarioDoesNotHang_data()
{
    QTest::addColumn<QString>("name");
    for (const char *name : {"pipe.rooflab.json", "pipe.svg", "pipe.png", "pipe.pdf"})
        QTest::newRow(name) << s(name);
}

// Opening a FIFO for reading waits for a writer that never comes: it must be refused first.
void TestSafeInput::fifoScenarioDoesNotHang()
{
    QFETCH(QString, name);
    const QString fifo = m_work.filePath(name);
    QCOMPARE(::mkfifo(QFile::encodeName(fifo).constData(), 0600), 0);
    const QString out = m_work.filePath(s("from-fifo.svg"));
    QElapsedTimer timer;
    timer.start();
    const Run r = run({s("export"), fifo, s("-o"), out});
    QVERIFY2(r.finished, "rooflab export hung on a FIFO");
    QVERIFY(timer.elapsed() < 20000);
    QCOMPARE(r.exitCode, 2);
    QVERIFY2(r.err.contains(fifo.toUtf8() + ": is a FIFO (named pipe), not a regular file"),
             r.err.constData());
    QVERIFY(!QFileInfo::exists(out));
    QFile::remove(fifo);
}

void TestSafeInput::deviceAsScenario()
{
    const QString out = m_work.filePath(s("from-zero.svg"));
    for (const char *device : {"/dev/zero", "/dev/urandom"}) {
        const Run r = run({s("export"), s(device), s("-o"), out});
        QVERIFY2(r.finished, device);
        QCOMPARE(r.exitCode, 2);
        QVERIFY2(r.err.contains(QByteArray(device) + ": is a character device, not a regular file"),
                 r.err.constData());
        QVERIFY(!QFileInfo::exists(out));
    }
}

// A *.json link to /dev/zero among presets: a warning, and everything else still loads.
void TestSafeInput::presetLinkToDevice()
{
    const QString dir = presetFolder(
        s("zero-link"), s("good.json"),
        rooflab::test::json(rooflab::test::devicePreset(s("good-npu"), s("Good NPU"))));
    QVERIFY(QFile::link(s("/dev/zero"), dir + s("/zero.json")));
    const Run r = run({s("list"), s("devices"), s("--presets"), dir});
    QVERIFY(r.finished);
    QCOMPARE(r.exitCode, 0);
    QVERIFY2(r.err.contains("zero.json: is a character device, not a regular file, not read"),
             r.err.constData());
    QVERIFY2(r.out.contains("good-npu"), r.out.constData());
}

// The same link in the user's preset folder, read by every command and the window.
void TestSafeInput::userPresetLinkToDevice()
{
    QTemporaryDir home;
    QVERIFY(QDir().mkpath(home.filePath(s("rooflab/presets"))));
    QVERIFY(QFile::link(s("/dev/zero"), home.filePath(s("rooflab/presets/zero.json"))));
    const Run r = run({s("list"), s("devices")}, home.path());
    QVERIFY(r.finished);
    QCOMPARE(r.exitCode, 0);
    QVERIFY2(r.err.contains("zero.json: is a character device, not a regular file, not read"),
             r.err.constData());
    QVERIFY2(r.out.contains("h100-sxm5"), r.out.constData());
}

// 64 MiB of spaces compress to about 64 KiB: the PDF is small, its attachment is not.
void TestSafeInput::pdfAttachmentInflateCapped()
{
    const QByteArray zlib = qCompress(QByteArray(64 * 1024 * 1024, ' ')).mid(4);
    QVERIFY(zlib.size() < 1024 * 1024);
    const QString pdf = m_work.filePath(s("bomb.pdf"));
    QVERIFY(writeAll(pdf, rooflab::test::pdfWithAttachment(zlib)));
    const Run r = run({s("export"), pdf, s("-o"), m_work.filePath(s("bomb.svg"))});
    QVERIFY(r.finished);
    QCOMPARE(r.exitCode, 2);
    QVERIFY2(
        r.err.contains("bomb.pdf: the PDF's scenario attachment: inflates to more than 16 MiB"),
        r.err.constData());
}

// A sparse 300 MiB "PNG": refused by its size before a byte is read.
void TestSafeInput::oversizedImage()
{
    const QString png = m_work.filePath(s("huge.png"));
    QFile file(png);
    QVERIFY(file.open(QIODevice::WriteOnly));
    file.write("\x89PNG\r\n\x1a\n");
    QVERIFY(file.resize(300LL * 1024 * 1024));
    file.close();
    const Run r = run({s("export"), png, s("-o"), m_work.filePath(s("huge.svg"))});
    QVERIFY(r.finished);
    QCOMPARE(r.exitCode, 2);
    QVERIFY2(r.err.contains("huge.png: 300 MiB is larger than the limit of 256 MiB"),
             r.err.constData());
}

// Found by fuzz_metadata: a 3 KB PNG whose zTXt chunk claims 2,080,375,260 bytes made
// libpng reserve 2 GB. The chunk walk refuses it before libpng sees it.
void TestSafeInput::pngChunkLongerThanFile()
{
    QByteArray png("\x89PNG\r\n\x1a\n", 8);
    const auto chunk = [&png](const QByteArray &type, quint32 length, const QByteArray &data) {
        for (int shift = 24; shift >= 0; shift -= 8)
            png.append(char((length >> shift) & 0xff));
        png.append(type);
        png.append(data);
        png.append(QByteArray(4, '\0')); // CRC, not checked by the walk
    };
    chunk("IHDR", 13, QByteArray("\0\0\0\x10\0\0\0\x10\x08\x06\0\0\0", 13));
    chunk("zTXt", 2080375260u, QByteArray(64, 'x'));
    const QString path = m_work.filePath(s("lying.png"));
    QVERIFY(writeAll(path, png));
    const Run r = run({s("export"), path, s("-o"), m_work.filePath(s("lying.svg"))});
    QVERIFY(r.finished);
    QCOMPARE(r.exitCode, 2);
    QVERIFY2(r.err.contains(path.toUtf8() + ": PNG chunk 1 (zTXt) claims 2080375260 bytes, more "
                                            "than the file holds"),
             r.err.constData());
}

// A PNG whose title chunk has a broken checksum still carries its scenario: it reopens, and
// stderr stays empty instead of repeating libpng's "tEXt: CRC error".
void TestSafeInput::pngReadingPrintsNoLibraryWarnings()
{
    const QString good = m_work.filePath(s("good.png"));
    Run r = run({s("export"), s("-o"), good, s("--width"), s("320"), s("--height"), s("200")});
    QVERIFY2(r.finished && r.exitCode == 0, r.err.constData());
    QFile file(good);
    QVERIFY(file.open(QIODevice::ReadOnly));
    QByteArray png = file.readAll();
    // A chunk is length (4 bytes), type (4), data (length), CRC (4): the last CRC byte of the
    // first tEXt chunk sits at type + 4 + length + 3.
    const qsizetype type = png.indexOf("tEXt");
    QVERIFY(type > 4);
    const auto byte = [&png](qsizetype at) { return quint32(quint8(png.at(at))); };
    const quint32 length =
        byte(type - 4) << 24 | byte(type - 3) << 16 | byte(type - 2) << 8 | byte(type - 1);
    const qsizetype crc = type + 4 + qsizetype(length) + 3;
    png[crc] = char(png.at(crc) ^ 0x5a);
    const QString broken = m_work.filePath(s("broken-crc.png"));
    QVERIFY(writeAll(broken, png));
    r = run({s("export"), broken, s("-o"), m_work.filePath(s("from-broken.svg"))});
    QVERIFY(r.finished);
    QCOMPARE(r.exitCode, 0);
    QVERIFY2(r.err.isEmpty(), r.err.constData());
}

// 20,000 copies of one ceiling: 19,999 repeats, 8 reported and the rest counted, in one pass.
void TestSafeInput::repeatedCeilingsReportedBriefly()
{
    QJsonObject device = rooflab::test::devicePreset(s("many-npu"), s("Many NPU"));
    QJsonArray compute;
    for (int i = 0; i < 20000; ++i)
        compute.append(rooflab::test::ceiling("matrix", "bf16", 100));
    device.insert(s("compute"), compute);
    const QString dir = presetFolder(s("repeats"), s("many.json"), rooflab::test::json(device));
    QElapsedTimer timer;
    timer.start();
    const Run r = run({s("list"), s("devices"), s("--presets"), dir});
    QVERIFY(r.finished);
    QVERIFY2(timer.elapsed() < 15000, "duplicate detection is not linear");
    QCOMPARE(r.exitCode, 0);
    QCOMPARE(r.err.count('\n'), 9); // 8 problems and the count of the rest
    QVERIFY2(r.err.contains("compute[1]: repeats unit matrix and math bf16 of compute[0]"),
             r.err.constData());
    QVERIFY2(r.err.contains("many.json: ... and 19,991 more problems"), r.err.constData());
}

// 17 valid presets of 4 MiB each (padded with spaces): 16 make 64 MiB, the 17th is left.
void TestSafeInput::presetFolderCapped()
{
    const QString dir = m_work.filePath(s("big-folder"));
    QVERIFY(QDir().mkpath(dir));
    for (int i = 0; i < 17; ++i) {
        const QString id = QStringLiteral("big-%1").arg(i, 2, 10, QLatin1Char('0'));
        QByteArray bytes = rooflab::test::json(rooflab::test::devicePreset(id, id));
        bytes.append(QByteArray(4 * 1024 * 1024 - bytes.size(), ' '));
        QVERIFY(writeAll(dir + QLatin1Char('/') + id + s(".json"), bytes));
    }
    const Run r = run({s("list"), s("devices"), s("--presets"), dir});
    QVERIFY(r.finished);
    QCOMPARE(r.exitCode, 0);
    QVERIFY2(r.err.contains(dir.toUtf8() + ": stopped reading at 64 MiB of presets; 1 files left "
                                           "unread"),
             r.err.constData());
    QVERIFY(r.out.contains("big-15"));
    QVERIFY(!r.out.contains("big-16"));
}

void TestSafeInput::yearAndBlockSizeRangeChecked()
{
    QJsonObject device = rooflab::test::devicePreset(s("future-npu"), s("Future NPU"));
    device.insert(s("year"), 1e15);
    QString dir = presetFolder(s("year"), s("year.json"), rooflab::test::json(device));
    Run r = run({s("list"), s("devices"), s("--presets"), dir});
    QCOMPARE(r.exitCode, 0);
    QVERIFY2(r.err.contains("year.json: year: must be at most 2100, found 1e+15"),
             r.err.constData());
    QVERIFY(!r.out.contains("future-npu"));

    const QJsonObject formats{{s("schema"), s("rooflab-formats")},
                              {s("version"), 1},
                              {s("formats"), QJsonArray{QJsonObject{{s("id"), s("huge-block")},
                                                                    {s("name"), s("Huge block")},
                                                                    {s("bits"), 4},
                                                                    {s("math"), s("fp8")},
                                                                    {s("block_size"), 1e15},
                                                                    {s("scale_bits"), 8}}}}};
    dir = presetFolder(s("block"), s("block.json"), rooflab::test::json(formats));
    r = run({s("list"), s("formats"), s("--presets"), dir});
    QCOMPARE(r.exitCode, 0);
    QVERIFY2(
        r.err.contains("block.json: formats[0].block_size: must be at most 65536, found 1e+15"),
        r.err.constData());
    QVERIFY(!r.out.contains("huge-block"));
}

void TestSafeInput::tinyAndHugeFiguresRefused_data()
{
    QTest::addColumn<QStringList>("arguments");
    QTest::addColumn<QString>("message");
    const QStringList gemm{s("analyze"), s("--device"), s("h100-sxm5"), s("--op"), s("gemm")};
    QTest::newRow("--m 1e308") << gemm + QStringList{s("--m"), s("1e308"), s("--n"),
                                                     s("1"),   s("--k"),   s("1")}
                               << s("--m: must be at most 1e+15, found 1e+308");
    QTest::newRow("--k 1e-320")
        << gemm + QStringList{s("--m"), s("1"), s("--n"), s("1"), s("--k"), s("1e-320")}
        << s("--k: must be a whole number of at least 1, found 9.99989e-321");
    const QStringList custom{s("analyze"), s("--device"), s("h100-sxm5"), s("--op"), s("custom")};
    QTest::newRow("--bytes 1e-320")
        << custom + QStringList{s("--flops"), s("1"), s("--bytes"), s("1e-320")}
        << s("--bytes: must be at least 1e-12, found 9.99989e-321");
    QTest::newRow("--flops 1e308")
        << custom + QStringList{s("--flops"), s("1e308"), s("--bytes"), s("1")}
        << s("--flops: must be at most 1e+30, found 1e+308");
    QTest::newRow("--batch 1e300") << gemm + QStringList{s("--m"), s("1"), s("--n"),     s("1"),
                                                         s("--k"), s("1"), s("--batch"), s("1e300")}
                                   << s("--batch: must be at most 1e+15, found 1e+300");
}

// Figures near the ends of a double printed "inf" and "nan" with exit status 0.
void TestSafeInput::tinyAndHugeFiguresRefused()
{
    QFETCH(QStringList, arguments);
    QFETCH(QString, message);
    const Run r = run(arguments);
    QVERIFY(r.finished);
    QCOMPARE(r.exitCode, 2);
    QVERIFY2(QString::fromUtf8(r.err).contains(message), r.err.constData());
    QVERIFY(!r.out.contains("inf") && !r.out.contains("nan"));
}

// A device of 1e-9 GB (1 byte) holds nothing: llama-3.1-8b needs billions of them, more
// than an int counts. The count is ceil(total bytes / 1 byte) = the total bytes themselves.
void TestSafeInput::devicesNeededPastInt()
{
    QJsonObject device = rooflab::test::devicePreset(s("byte-npu"), s("Byte NPU"));
    device.insert(s("memory_capacity_gb"), 1e-9);
    const QString dir = presetFolder(s("tiny"), s("tiny.json"), rooflab::test::json(device));
    const Run r = run({s("analyze"), s("--presets"), dir, s("--model"), s("llama-3.1-8b"),
                       s("--device"), s("byte-npu"), s("--json")});
    QVERIFY(r.finished);
    QCOMPARE(r.exitCode, 0);
    const QJsonObject result =
        QJsonDocument::fromJson(r.out).object().value(s("totals")).toObject();
    const double total = result.value(s("footprint_bytes")).toDouble();
    QVERIFY2(total > 2147483648.0, r.out.left(400).constData()); // 8e9 parameters at 2 bytes
    // 1e-9 GB is 1 byte, as the preset loader converts; 10 % of it is kept free (the default
    // headroom), so 0.9 byte is usable per device.
    const double usable = 1e-9 * 1e9 * 0.9;
    QCOMPARE(result.value(s("devices_needed")).toDouble(), std::ceil(total / usable));
}

QTEST_GUILESS_MAIN(TestSafeInput)
#include "tst_safeinput.moc"
