#include "catalog.h"

#include "jsonreader.h"
#include "modelparser.h"
#include "presetparser.h"
#include "safefile.h"

#include <QDir>
#include <QDirIterator>
#include <QFile>
#include <QStandardPaths>

namespace rooflab {

namespace {

QString schemaOf(const QByteArray &bytes)
{
    // A cheap look at the schema so formats load before the files that use them.
    if (bytes.contains("\"rooflab-formats\""))
        return QStringLiteral("formats");
    return {};
}

} // namespace

Catalog Catalog::builtin()
{
    Catalog catalog;
    catalog.loadDirectory(QStringLiteral(":/presets"));
    return catalog;
}

QString Catalog::userPresetDir()
{
    const QString base = QStandardPaths::writableLocation(QStandardPaths::GenericDataLocation);
    return base.isEmpty() ? QString() : base + QStringLiteral("/rooflab/presets");
}

Catalog Catalog::standard(const QStringList &extraDirs)
{
    Catalog catalog = builtin();
    const QString user = userPresetDir();
    if (!user.isEmpty() && QDir(user).exists())
        catalog.loadDirectory(user);
    for (const QString &dir : extraDirs) {
        if (!QDir(dir).exists()) {
            catalog.m_problems.append(QStringLiteral("%1: preset folder does not exist").arg(dir));
            continue;
        }
        catalog.loadDirectory(dir);
    }
    return catalog;
}

void Catalog::loadDirectory(const QString &dir)
{
    QStringList files;
    QDirIterator it(dir, {QStringLiteral("*.json")}, QDir::Files | QDir::System,
                    QDirIterator::Subdirectories);
    while (it.hasNext())
        files.append(it.next());
    files.sort();

    QList<std::pair<QString, QByteArray>> contents;
    qint64 total = 0;
    qsizetype skipped = 0;
    for (const QString &path : files) {
        if (path.startsWith(QLatin1Char(':'))) {
            // A preset compiled in (Qt resource): known files, read as they are.
            QFile file(path);
            if (file.open(QIODevice::ReadOnly))
                contents.append({path, file.readAll()});
            continue;
        }
        // Every file is held until all are read (formats load first): the folder is capped.
        if (total >= maxPresetFolderBytes) {
            ++skipped;
            continue;
        }
        // A user's file: a link to a device or a FIFO must neither hang nor fill memory.
        QString error;
        if (const std::optional<QByteArray> bytes =
                readFileCapped(path, maxPresetFileBytes, &error)) {
            total += bytes->size();
            contents.append({path, *bytes});
        } else {
            m_problems.append(error + QStringLiteral(", not read"));
        }
    }
    if (skipped > 0)
        m_problems.append(
            QStringLiteral("%1: stopped reading at %2 of presets; %3 files left unread")
                .arg(dir, byteSizeText(maxPresetFolderBytes))
                .arg(skipped));
    std::stable_sort(contents.begin(), contents.end(), [](const auto &a, const auto &b) {
        return !schemaOf(a.second).isEmpty() && schemaOf(b.second).isEmpty();
    });
    for (const auto &[path, bytes] : contents)
        loadBytes(bytes, path);
}

bool Catalog::claimId(const QString &kind, const QString &id, const QString &fileName,
                      QStringList &errors)
{
    const QString key = kind + QLatin1Char(':') + id;
    const auto it = m_origin.constFind(key);
    if (it != m_origin.constEnd()) {
        errors.append(QStringLiteral("%1: id: duplicate %2 id \"%3\", already loaded from %4")
                          .arg(fileName, kind, id, it.value()));
        return false;
    }
    return true;
}

bool Catalog::addDevice(const Device &device, const QString &origin)
{
    const QString key = QStringLiteral("device:") + device.id;
    if (m_origin.contains(key))
        return false;
    m_origin.insert(key, origin);
    m_devices.append(device);
    return true;
}

bool Catalog::loadBytes(const QByteArray &bytes, const QString &fileName)
{
    JsonReader reader(fileName);
    const std::optional<QJsonObject> root = reader.parseObject(bytes);
    if (!root) {
        m_problems.append(reader.errors());
        return false;
    }
    const QString schema = root->value(QStringLiteral("schema")).toString();
    QStringList errors;
    if (schema == QLatin1String("rooflab-device")) {
        if (const std::optional<Device> device = parseDevice(*root, reader)) {
            if (claimId(QStringLiteral("device"), device->id, fileName, errors)) {
                m_origin.insert(QStringLiteral("device:") + device->id, fileName);
                m_devices.append(*device);
            }
        }
    } else if (schema == QLatin1String("rooflab-formats")) {
        if (const auto formats = parseFormats(*root, reader)) {
            for (const Format &format : *formats)
                claimId(QStringLiteral("format"), format.id, fileName, errors);
            if (errors.isEmpty()) {
                for (const Format &format : *formats)
                    m_origin.insert(QStringLiteral("format:") + format.id, fileName);
                m_formats.append(*formats);
            }
        }
    } else if (schema == QLatin1String("rooflab-operators")) {
        const FormatLookup known = [this](const QString &id) { return format(id) != nullptr; };
        if (const auto ops = parseOperators(*root, reader, known)) {
            for (const OperatorSpec &op : *ops)
                claimId(QStringLiteral("operator"), op.id, fileName, errors);
            if (errors.isEmpty()) {
                for (const OperatorSpec &op : *ops)
                    m_origin.insert(QStringLiteral("operator:") + op.id, fileName);
                m_operators.append(*ops);
            }
        }
    } else if (schema == QLatin1String("rooflab-model")) {
        if (const std::optional<ModelSpec> model = parseModel(*root, reader)) {
            if (claimId(QStringLiteral("model"), model->id, fileName, errors)) {
                m_origin.insert(QStringLiteral("model:") + model->id, fileName);
                m_models.append(*model);
            }
        }
    } else {
        reader.fail(QStringLiteral("schema"),
                    QStringLiteral("unknown schema \"%1\" (expected rooflab-device, "
                                   "rooflab-formats, rooflab-operators or rooflab-model)")
                        .arg(schema));
    }
    errors = reader.errors() + errors;
    m_problems.append(errors);
    return errors.isEmpty();
}

const Format *Catalog::format(const QString &id) const
{
    for (const Format &f : m_formats) {
        if (f.id == id)
            return &f;
    }
    return nullptr;
}

const Device *Catalog::device(const QString &id) const
{
    for (const Device &d : m_devices) {
        if (d.id == id)
            return &d;
    }
    return nullptr;
}

bool Catalog::setAchievable(const QString &id, const AchievableFractions &fractions)
{
    for (Device &d : m_devices) {
        if (d.id == id) {
            d.achievable = fractions;
            return true;
        }
    }
    return false;
}

const OperatorSpec *Catalog::operatorSpec(const QString &id) const
{
    for (const OperatorSpec &op : m_operators) {
        if (op.id == id)
            return &op;
    }
    return nullptr;
}

const ModelSpec *Catalog::model(const QString &id) const
{
    for (const ModelSpec &m : m_models) {
        if (m.id == id)
            return &m;
    }
    return nullptr;
}

} // namespace rooflab
