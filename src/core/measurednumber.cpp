#include "measurednumber.h"

#include <QStringView>

#include <charconv>
#include <cmath>

namespace rooflab {

namespace {

// The part before an exponent and without a sign or surrounding space: where the
// separators are.
QStringView mantissa(QStringView text)
{
    QStringView m = text.trimmed();
    if (const qsizetype e = m.indexOf(u'e', 0, Qt::CaseInsensitive); e >= 0)
        m.truncate(e);
    if (m.startsWith(u'-') || m.startsWith(u'+'))
        m = m.sliced(1);
    return m;
}

bool isDigit(QChar c)
{
    return c >= u'0' && c <= u'9';
}

} // namespace

std::optional<NumberGrouping> groupingEvidence(const QString &text)
{
    const QStringView m = mantissa(text);
    const qsizetype points = m.count(u'.');
    const qsizetype commas = m.count(u',');
    if (points > 1)
        return NumberGrouping::PointGroups;
    if (commas > 1)
        return NumberGrouping::CommaGroups;
    if (points == 1 && commas == 1) {
        return m.lastIndexOf(u',') > m.lastIndexOf(u'.') ? NumberGrouping::PointGroups
                                                         : NumberGrouping::CommaGroups;
    }
    // One separator: followed by other than three digits it must be the decimal mark.
    if (points == 1 && m.size() - m.indexOf(u'.') - 1 != 3)
        return NumberGrouping::CommaGroups;
    if (commas == 1 && m.size() - m.indexOf(u',') - 1 != 3)
        return NumberGrouping::PointGroups;
    return std::nullopt;
}

std::optional<double> parseGroupedNumber(const QString &text, NumberGrouping grouping)
{
    // One pass: the digits, without their group marks, into a plain C number for
    // std::from_chars (locale-free). Thousands come in groups of three after a first group
    // of one to three digits.
    const bool commaGroups = grouping == NumberGrouping::CommaGroups;
    const QChar group = commaGroups ? u',' : u'.';
    const QChar decimal = commaGroups ? u'.' : u',';
    const QStringView t = text.trimmed();
    char plain[128];
    qsizetype n = 0;
    qsizetype i = 0;
    const auto put = [&](char c) {
        if (n + 1 >= qsizetype(sizeof plain))
            return false;
        plain[n++] = c;
        return true;
    };
    if (i < t.size() && (t[i] == u'-' || t[i] == u'+')) {
        if (t[i] == u'-' && !put('-'))
            return std::nullopt;
        ++i;
    }
    qsizetype digits = 0, inGroup = 0, groups = 0;
    for (; i < t.size() && (isDigit(t[i]) || t[i] == group); ++i) {
        if (t[i] == group) {
            // The group before this mark: the first one to three digits, the others three.
            if (inGroup == 0 || inGroup > 3 || (groups > 0 && inGroup != 3))
                return std::nullopt;
            ++groups;
            inGroup = 0;
            continue;
        }
        if (!put(char(t[i].unicode())))
            return std::nullopt;
        ++digits;
        ++inGroup;
    }
    if (groups > 0 && inGroup != 3)
        return std::nullopt;
    qsizetype fraction = 0;
    if (i < t.size() && t[i] == decimal) {
        if (!put('.'))
            return std::nullopt;
        for (++i; i < t.size() && isDigit(t[i]); ++i, ++fraction) {
            if (!put(char(t[i].unicode())))
                return std::nullopt;
        }
    }
    if (digits == 0 && fraction == 0)
        return std::nullopt;
    if (i < t.size() && (t[i] == u'e' || t[i] == u'E')) {
        if (!put('e'))
            return std::nullopt;
        ++i;
        if (i < t.size() && (t[i] == u'-' || t[i] == u'+')) {
            if (!put(char(t[i].unicode())))
                return std::nullopt;
            ++i;
        }
        qsizetype exponent = 0;
        for (; i < t.size() && isDigit(t[i]); ++i, ++exponent) {
            if (!put(char(t[i].unicode())))
                return std::nullopt;
        }
        if (exponent == 0)
            return std::nullopt;
    }
    if (i != t.size())
        return std::nullopt;
    double value = 0;
    const auto [end, error] = std::from_chars(plain, plain + n, value);
    if (error != std::errc() || end != plain + n || !std::isfinite(value))
        return std::nullopt;
    return value;
}

} // namespace rooflab
