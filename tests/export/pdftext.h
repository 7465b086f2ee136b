#pragma once

// Reads back the text of each page of a PDF that Qt's PDF writer made: just enough of PDF
// for the tests (objects, page order, Flate streams, Type0 fonts with a ToUnicode map, and
// the Tf/Tj operators Qt writes), so a test can see that text was drawn as text.

#include <QByteArray>
#include <QHash>
#include <QList>
#include <QRegularExpression>
#include <QString>

namespace rooflab::test {

namespace pdftext {

inline QHash<int, QByteArray> objects(const QByteArray &pdf)
{
    QHash<int, QByteArray> result;
    static const QRegularExpression start(QStringLiteral("(\\d+) 0 obj"));
    const QString text = QString::fromLatin1(pdf);
    auto it = start.globalMatch(text);
    while (it.hasNext()) {
        const QRegularExpressionMatch m = it.next();
        const qsizetype end = pdf.indexOf("endobj", m.capturedEnd());
        if (end > 0)
            result.insert(m.captured(1).toInt(), pdf.mid(m.capturedEnd(), end - m.capturedEnd()));
    }
    return result;
}

// A stream object's data, inflated when it is Flate-compressed.
inline QByteArray streamData(const QByteArray &object)
{
    qsizetype begin = object.indexOf("stream");
    if (begin < 0)
        return {};
    begin += 6;
    if (object.mid(begin, 2) == "\r\n")
        begin += 2;
    else if (object.mid(begin, 1) == "\n")
        begin += 1;
    const qsizetype end = object.lastIndexOf("endstream");
    const QByteArray data = object.mid(begin, end - begin);
    if (!data.startsWith('\x78'))
        return data;
    const QByteArray inflated = qUncompress(QByteArray("\0\0\x10\0", 4) + data);
    return inflated.isEmpty() ? data : inflated;
}

// The numbers of the objects "KEY N 0 R" names in `object`, in order.
inline QList<int> references(const QByteArray &object, const char *key)
{
    QList<int> refs;
    const qsizetype at = object.indexOf(key);
    if (at < 0)
        return refs;
    QByteArray rest = object.mid(at + qstrlen(key));
    if (rest.trimmed().startsWith('['))
        rest = rest.left(rest.indexOf(']'));
    else
        rest = rest.left(rest.indexOf('R') + 1);
    static const QRegularExpression ref(QStringLiteral("(\\d+) 0 R"));
    auto it = ref.globalMatch(QString::fromLatin1(rest));
    while (it.hasNext())
        refs.append(it.next().captured(1).toInt());
    return refs;
}

// Glyph code to text, from a ToUnicode CMap's bfchar and bfrange entries.
inline QHash<int, QString> toUnicode(const QByteArray &cmap)
{
    QHash<int, QString> map;
    auto codes = [](const QString &s) {
        QString out;
        for (qsizetype i = 0; i + 4 <= s.size(); i += 4)
            out += QChar(static_cast<char16_t>(s.mid(i, 4).toUInt(nullptr, 16)));
        return out;
    };
    const QString text = QString::fromLatin1(cmap);
    // "<code> <text>" in bfchar blocks.
    static const QRegularExpression block(QStringLiteral("beginbf(char|range)(.*?)endbf\\1"),
                                          QRegularExpression::DotMatchesEverythingOption);
    static const QRegularExpression single(QStringLiteral("<([0-9A-Fa-f]+)>\\s*<([0-9A-Fa-f]+)>"));
    // "<first> <last> <text>" (incrementing) or "<first> <last> [<text> ...]" in bfrange.
    static const QRegularExpression range(
        QStringLiteral("<([0-9A-Fa-f]+)>\\s*<([0-9A-Fa-f]+)>\\s*(\\[[^\\]]*\\]|<[0-9A-Fa-f]+>)"));
    static const QRegularExpression hex(QStringLiteral("<([0-9A-Fa-f]+)>"));
    auto blocks = block.globalMatch(text);
    while (blocks.hasNext()) {
        const QRegularExpressionMatch b = blocks.next();
        if (b.captured(1) == QLatin1String("char")) {
            auto it = single.globalMatch(b.captured(2));
            while (it.hasNext()) {
                const QRegularExpressionMatch m = it.next();
                map.insert(m.captured(1).toInt(nullptr, 16), codes(m.captured(2)));
            }
            continue;
        }
        auto it = range.globalMatch(b.captured(2));
        while (it.hasNext()) {
            const QRegularExpressionMatch m = it.next();
            const int first = m.captured(1).toInt(nullptr, 16);
            const int last = m.captured(2).toInt(nullptr, 16);
            if (m.captured(3).startsWith(QLatin1Char('['))) {
                auto values = hex.globalMatch(m.captured(3));
                for (int code = first; code <= last && values.hasNext(); ++code)
                    map.insert(code, codes(values.next().captured(1)));
            } else {
                const QString base = codes(m.captured(3).mid(1, m.captured(3).size() - 2));
                for (int code = first; code <= last && !base.isEmpty(); ++code)
                    map.insert(code, QString(base.chopped(1)) +
                                         QChar(static_cast<char16_t>(base.back().unicode() +
                                                                     (code - first))));
            }
        }
    }
    return map;
}

} // namespace pdftext

// The text each page shows, in page order, with ligature glyphs spelled out.
inline QList<QString> pdfPageTexts(const QByteArray &pdf)
{
    using namespace pdftext;
    const QHash<int, QByteArray> objs = objects(pdf);
    int pagesObject = -1;
    for (auto it = objs.constBegin(); it != objs.constEnd(); ++it) {
        if (it.value().contains("/Type /Pages"))
            pagesObject = it.key();
    }
    QHash<QString, QHash<int, QString>> fonts; // "/F7" -> its map
    for (auto it = objs.constBegin(); it != objs.constEnd(); ++it) {
        const QList<int> cmap = references(it.value(), "/ToUnicode");
        if (it.value().contains("/Type /Font") && !cmap.isEmpty())
            fonts.insert(QStringLiteral("/F%1").arg(it.key()),
                         toUnicode(streamData(objs.value(cmap.first()))));
    }
    static const QRegularExpression op(QStringLiteral("(/F\\d+) [\\d.]+ Tf|<([0-9A-Fa-f]+)> Tj"));
    QList<QString> pages;
    for (int page : references(objs.value(pagesObject), "/Kids")) {
        QString text;
        for (int content : references(objs.value(page), "/Contents")) {
            const QHash<int, QString> *font = nullptr;
            auto it = op.globalMatch(QString::fromLatin1(streamData(objs.value(content))));
            while (it.hasNext()) {
                const QRegularExpressionMatch m = it.next();
                if (!m.captured(1).isEmpty()) {
                    const auto found = fonts.constFind(m.captured(1));
                    font = found == fonts.constEnd() ? nullptr : &*found;
                    continue;
                }
                const QString glyphs = m.captured(2);
                for (qsizetype i = 0; font && i + 4 <= glyphs.size(); i += 4)
                    text += font->value(glyphs.mid(i, 4).toInt(nullptr, 16));
            }
        }
        text.replace(QChar(0xFB01), QStringLiteral("fi"));
        text.replace(QChar(0xFB02), QStringLiteral("fl"));
        pages.append(text);
    }
    return pages;
}

// `text` without any white space, so a wrapped line still matches the text it came from.
inline QString squeezed(QString text)
{
    text.remove(QRegularExpression(QStringLiteral("\\s")));
    text.replace(QChar(0xFB01), QStringLiteral("fi"));
    text.replace(QChar(0xFB02), QStringLiteral("fl"));
    return text;
}

} // namespace rooflab::test
