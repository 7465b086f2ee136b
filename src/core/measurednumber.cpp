#include "measurednumber.h"

#include <QLocale>
#include <QStringList>

#include <cmath>

namespace rooflab {

namespace {

// The part before an exponent and without a sign: where the separators are.
QString mantissa(const QString &text)
{
    QString m = text.trimmed();
    const qsizetype e = m.indexOf(QLatin1Char('e'), 0, Qt::CaseInsensitive);
    if (e >= 0)
        m.truncate(e);
    if (m.startsWith(QLatin1Char('-')) || m.startsWith(QLatin1Char('+')))
        m.remove(0, 1);
    return m;
}

bool allDigits(const QString &text)
{
    if (text.isEmpty())
        return false;
    for (const QChar c : text) {
        if (c < QLatin1Char('0') || c > QLatin1Char('9'))
            return false;
    }
    return true;
}

// "12,582,912" with `group` ',': a first group of one to three digits, then groups of three.
bool validGroups(const QString &integer, QChar group)
{
    const QStringList parts = integer.split(group);
    if (parts.size() == 1)
        return allDigits(integer);
    if (!allDigits(parts.first()) || parts.first().size() > 3)
        return false;
    for (qsizetype i = 1; i < parts.size(); ++i) {
        if (parts.at(i).size() != 3 || !allDigits(parts.at(i)))
            return false;
    }
    return true;
}

} // namespace

std::optional<NumberGrouping> groupingEvidence(const QString &text)
{
    const QString m = mantissa(text);
    const qsizetype points = m.count(QLatin1Char('.'));
    const qsizetype commas = m.count(QLatin1Char(','));
    if (points > 1)
        return NumberGrouping::PointGroups;
    if (commas > 1)
        return NumberGrouping::CommaGroups;
    if (points == 1 && commas == 1) {
        return m.lastIndexOf(QLatin1Char(',')) > m.lastIndexOf(QLatin1Char('.'))
                   ? NumberGrouping::PointGroups
                   : NumberGrouping::CommaGroups;
    }
    // One separator: followed by other than three digits it must be the decimal mark.
    if (points == 1 && m.size() - m.indexOf(QLatin1Char('.')) - 1 != 3)
        return NumberGrouping::CommaGroups;
    if (commas == 1 && m.size() - m.indexOf(QLatin1Char(',')) - 1 != 3)
        return NumberGrouping::PointGroups;
    return std::nullopt;
}

std::optional<double> parseGroupedNumber(const QString &text, NumberGrouping grouping)
{
    const bool commaGroups = grouping == NumberGrouping::CommaGroups;
    const QChar group = commaGroups ? QLatin1Char(',') : QLatin1Char('.');
    const QChar decimal = commaGroups ? QLatin1Char('.') : QLatin1Char(',');
    QString t = text.trimmed();
    QString sign;
    if (t.startsWith(QLatin1Char('-')) || t.startsWith(QLatin1Char('+'))) {
        sign = t.left(1);
        t.remove(0, 1);
    }
    QString exponent;
    if (const qsizetype e = t.indexOf(QLatin1Char('e'), 0, Qt::CaseInsensitive); e >= 0) {
        exponent = t.mid(e + 1);
        t.truncate(e);
        QString digits = exponent;
        if (digits.startsWith(QLatin1Char('-')) || digits.startsWith(QLatin1Char('+')))
            digits.remove(0, 1);
        if (!allDigits(digits))
            return std::nullopt;
    }
    QString integer = t;
    QString fraction;
    if (const qsizetype d = t.indexOf(decimal); d >= 0) {
        integer = t.left(d);
        fraction = t.mid(d + 1);
        if (!fraction.isEmpty() && !allDigits(fraction))
            return std::nullopt;
    }
    if (integer.isEmpty() && fraction.isEmpty())
        return std::nullopt;
    if (!integer.isEmpty() && !validGroups(integer, group))
        return std::nullopt;
    integer.remove(group);
    QString plain = sign + (integer.isEmpty() ? QStringLiteral("0") : integer);
    if (!fraction.isEmpty())
        plain += QLatin1Char('.') + fraction;
    if (!exponent.isEmpty())
        plain += QLatin1Char('e') + exponent;
    bool ok = false;
    const double value = QLocale::c().toDouble(plain, &ok);
    if (!ok || !std::isfinite(value))
        return std::nullopt;
    return value;
}

} // namespace rooflab
