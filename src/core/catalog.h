#pragma once

#include "device.h"
#include "format.h"
#include "modelspec.h"
#include "operatorspec.h"

#include <QHash>
#include <QList>
#include <QString>
#include <QStringList>

namespace rooflab {

// The largest preset file read (docs/presets.md "Limits"): anything larger is not a
// hand-written preset.
inline constexpr qint64 maxPresetFileBytes = 4 * 1024 * 1024;
// The most read from one preset folder: files past it are counted, not read.
inline constexpr qint64 maxPresetFolderBytes = 64 * 1024 * 1024;

// Every device, format, operator and model RoofLab knows, with the problems met while loading.
class Catalog
{
public:
    // The presets compiled into the binary.
    static Catalog builtin();

    // The built-in presets, then the user's data folder, then each of `extraDirs`.
    static Catalog standard(const QStringList &extraDirs);

    // Loads every *.json below `dir` (formats first, then devices and operators). A file
    // with problems is skipped whole and its problems are added to problems().
    void loadDirectory(const QString &dir);

    // Loads one file's bytes; `fileName` is only for messages. Returns false on problems.
    bool loadBytes(const QByteArray &bytes, const QString &fileName);

    const QList<Format> &formats() const { return m_formats; }
    const QList<Device> &devices() const { return m_devices; }
    const QList<OperatorSpec> &operators() const { return m_operators; }
    // Transformer models from "rooflab-model" files (docs/presets.md).
    const QList<ModelSpec> &models() const { return m_models; }

    const Format *format(const QString &id) const;
    const Device *device(const QString &id) const;
    const OperatorSpec *operatorSpec(const QString &id) const;
    const ModelSpec *model(const QString &id) const;

    // File a preset was loaded from; `kind` is device, format, operator or model.
    QString origin(const QString &kind, const QString &id) const
    {
        return m_origin.value(kind + QLatin1Char(':') + id);
    }

    // Replaces the achievable fractions of device `id` (docs/roofline.md, "Achievable roofs": the
    // user may change them); a lesson uses it on its own copy of the catalog. False when there is
    // no such device.
    bool setAchievable(const QString &id, const AchievableFractions &fractions);

    // Adds a device made in this run (a what-if copy, docs/presets.md "What-if devices"),
    // `origin` saying where it came from. False, and nothing added, when its id is taken.
    bool addDevice(const Device &device, const QString &origin);

    const QStringList &problems() const { return m_problems; }

    // The folder user presets are read from.
    static QString userPresetDir();

private:
    bool claimId(const QString &kind, const QString &id, const QString &fileName,
                 QStringList &errors);

    QList<Format> m_formats;
    QList<Device> m_devices;
    QList<OperatorSpec> m_operators;
    QList<ModelSpec> m_models;
    QHash<QString, QString> m_origin; // "kind:id" -> file
    QStringList m_problems;
};

} // namespace rooflab
