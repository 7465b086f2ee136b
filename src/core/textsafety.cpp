// Text that cannot break XML, run as a spreadsheet formula or reorder a table (textsafety.h).
#include "textsafety.h"

#include <QRegularExpression>

#include <algorithm>

namespace rooflab {

namespace {

bool isBidiControl(char32_t code)
{
    return code == 0x061C || code == 0x200E || code == 0x200F ||
           (code >= 0x202A && code <= 0x202E) || (code >= 0x2066 && code <= 0x2069);
}

const QByteArray replacementUtf8 = QByteArrayLiteral("\xEF\xBF\xBD");

} // namespace

bool isXmlForbidden(char32_t code)
{
    if (code < 0x20)
        return code != 0x09 && code != 0x0A && code != 0x0D;
    return (code >= 0xD800 && code <= 0xDFFF) || code == 0xFFFE || code == 0xFFFF ||
           code > 0x10FFFF;
}

QString xmlSafeText(const QString &text)
{
    // Most names have nothing to replace: hand the same string back, uncopied (a chart of
    // thousands of points passes every name through here on each batch tick).
    const auto needsReplacing = [&text] {
        for (qsizetype i = 0; i < text.size(); ++i) {
            const QChar c = text.at(i);
            if (c.isHighSurrogate() && i + 1 < text.size() && text.at(i + 1).isLowSurrogate())
                ++i;
            else if (isXmlForbidden(c.unicode()))
                return true;
        }
        return false;
    };
    if (!needsReplacing())
        return text;
    QString out;
    out.reserve(text.size());
    for (qsizetype i = 0; i < text.size(); ++i) {
        const QChar c = text.at(i);
        if (c.isHighSurrogate() && i + 1 < text.size() && text.at(i + 1).isLowSurrogate()) {
            out += c;
            out += text.at(++i);
            continue;
        }
        out += isXmlForbidden(c.unicode()) ? QChar(QChar::ReplacementCharacter) : c;
    }
    return out;
}

QByteArray xmlSafeDocument(const QByteArray &xml)
{
    // A document usually has no forbidden byte: then it is handed back uncopied (an SVG of
    // 60 kB copied a byte at a time cost a cold export about 5 % of its instructions).
    const auto forbidden = [](char c) {
        const auto u = static_cast<unsigned char>(c);
        return u < 0x20 && isXmlForbidden(u);
    };
    const auto firstForbidden = std::find_if(xml.cbegin(), xml.cend(), forbidden);
    QByteArray out;
    if (firstForbidden == xml.cend()) {
        out = xml;
    } else {
        out.reserve(xml.size() + 2 * replacementUtf8.size());
        out.append(xml.constData(), firstForbidden - xml.cbegin());
        for (auto it = firstForbidden; it != xml.cend(); ++it) {
            if (forbidden(*it))
                out += replacementUtf8;
            else
                out += *it;
        }
    }
    // Character references to forbidden code points are as fatal as the raw bytes.
    static const QRegularExpression reference(QStringLiteral("&#(x[0-9A-Fa-f]+|[0-9]+);"));
    if (!out.contains("&#"))
        return out;
    QString text = QString::fromUtf8(out);
    QString result;
    qsizetype last = 0;
    auto it = reference.globalMatch(text);
    while (it.hasNext()) {
        const QRegularExpressionMatch match = it.next();
        const QString digits = match.captured(1);
        bool ok = false;
        const qulonglong code = digits.startsWith(QLatin1Char('x'))
                                    ? digits.mid(1).toULongLong(&ok, 16)
                                    : digits.toULongLong(&ok, 10);
        if (ok && code <= 0x10FFFF && !isXmlForbidden(static_cast<char32_t>(code)))
            continue;
        result += QStringView(text).mid(last, match.capturedStart() - last);
        result += QChar(QChar::ReplacementCharacter);
        last = match.capturedEnd();
    }
    if (last == 0)
        return out;
    result += QStringView(text).mid(last);
    return result.toUtf8();
}

bool looksLikeFormula(const QString &cell)
{
    if (cell.isEmpty())
        return false;
    const QChar first = cell.front();
    if (first != QLatin1Char('=') && first != QLatin1Char('+') && first != QLatin1Char('-') &&
        first != QLatin1Char('@') && first != QLatin1Char('\t') && first != QLatin1Char('\r'))
        return false;
    // A number such as -0.5 or +3e2 is data, whichever program reads it.
    static const QRegularExpression plainNumber(
        QStringLiteral(R"(^[+-]?([0-9]+\.?[0-9]*|\.[0-9]+)([eE][+-]?[0-9]+)?$)"));
    return !plainNumber.match(cell).hasMatch();
}

QString bidiEscaped(const QString &text)
{
    QString out;
    out.reserve(text.size());
    for (const QChar c : text) {
        if (isBidiControl(c.unicode()))
            out += QStringLiteral("<U+") +
                   QString::number(c.unicode(), 16).toUpper().rightJustified(4, QLatin1Char('0')) +
                   QLatin1Char('>');
        else
            out += c;
    }
    return out;
}

QString terminalLine(const QString &text)
{
    QString line = text;
    for (QChar &c : line) {
        if (c.category() == QChar::Other_Control)
            c = u'?';
    }
    return bidiEscaped(line);
}

QString nameProblem(const QString &name)
{
    for (const QChar c : name) {
        const char16_t code = c.unicode();
        const bool control = code < 0x20 || (code >= 0x7F && code <= 0x9F);
        if (!control && !isBidiControl(code))
            continue;
        const QString hex = QString::number(static_cast<uint>(code), 16).toUpper();
        return QStringLiteral("holds the %1 U+%2; a name is one line of plain text")
            .arg(control ? QStringLiteral("control character")
                         : QStringLiteral("bidirectional control"),
                 hex.rightJustified(4, QLatin1Char('0')));
    }
    return {};
}

} // namespace rooflab
