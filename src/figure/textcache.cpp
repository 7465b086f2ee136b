#include "textcache.h"

#include <QFontMetricsF>
#include <QHash>

#include <cmath>

namespace rooflab {

namespace {

// Forget everything past this many entries (thousands of distinct operator names).
constexpr qsizetype maxEntries = 20000;

// A font and a text. Compared and hashed through QFont's own operator== and qHash: far
// cheaper than QFont::key(), which formats every attribute into a string on each look-up.
struct Key
{
    QFont font;
    QString text;
    bool operator==(const Key &other) const { return text == other.text && font == other.font; }
};

size_t qHash(const Key &key, size_t seed = 0)
{
    return qHashMulti(seed, key.font, key.text);
}

Key keyOf(const QFont &font, const QString &text)
{
    return {font, text};
}

template <typename Cache> void bound(Cache &cache)
{
    if (cache.size() > maxEntries)
        cache.clear();
}

} // namespace

QSizeF TextCache::size(const QFont &font, const QString &text)
{
    static thread_local QHash<Key, QSizeF> cache;
    const Key key = keyOf(font, text);
    const auto it = cache.constFind(key);
    if (it != cache.constEnd())
        return *it;
    bound(cache);
    const QRectF box = QFontMetricsF(font).boundingRect(QRectF(0, 0, 10000, 10000),
                                                        Qt::AlignLeft | Qt::AlignTop, text);
    return *cache.insert(key, QSizeF(std::ceil(box.width()), std::ceil(box.height())));
}

double TextCache::advance(const QFont &font, const QString &line)
{
    static thread_local QHash<Key, double> cache;
    const Key key = keyOf(font, line);
    const auto it = cache.constFind(key);
    if (it != cache.constEnd())
        return *it;
    bound(cache);
    return *cache.insert(key, QFontMetricsF(font).horizontalAdvance(line));
}

const QStaticText &TextCache::line(const QFont &font, const QString &line)
{
    static thread_local QHash<Key, QStaticText> cache;
    const Key key = keyOf(font, line);
    auto it = cache.find(key);
    if (it != cache.end())
        return *it;
    bound(cache);
    QStaticText text(line);
    text.setTextFormat(Qt::PlainText);
    text.setPerformanceHint(QStaticText::AggressiveCaching);
    text.prepare(QTransform(), font);
    return *cache.insert(key, text);
}

} // namespace rooflab
