#pragma once

#include <QSettings>
#include <QString>
#include <QVariant>

namespace rooflab::app {

// One persistent preference: its key and default are declared together, once, so every
// reader and writer agrees on both.
template <typename T> class Setting
{
public:
    Setting(const char *key, T defaultValue)
        : m_key(QString::fromLatin1(key)), m_default(std::move(defaultValue))
    {
    }

    // The stored value, or the default when nothing (or something unreadable) is stored.
    T get() const
    {
        const QVariant value = QSettings().value(m_key);
        if (!value.isValid() || !value.canConvert<T>())
            return m_default;
        return value.value<T>();
    }

    // Stores `value`; storing the default removes the key so later defaults can change.
    void set(const T &value) const
    {
        QSettings settings;
        if (value == m_default)
            settings.remove(m_key);
        else
            settings.setValue(m_key, QVariant::fromValue(value));
    }

    const QString &key() const { return m_key; }
    const T &defaultValue() const { return m_default; }

private:
    QString m_key;
    T m_default;
};

} // namespace rooflab::app
