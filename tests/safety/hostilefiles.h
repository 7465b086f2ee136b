#pragma once

// Small hostile inputs built by the safety tests: presets, PDFs and a PNG shell.

#include <QByteArray>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QString>

namespace rooflab::test {

// One compute ceiling of a device preset.
inline QJsonObject ceiling(const char *unit, const char *math, double tflops)
{
    return {{QStringLiteral("unit"), QString::fromLatin1(unit)},
            {QStringLiteral("math"), QString::fromLatin1(math)},
            {QStringLiteral("tflops"), tflops}};
}

// A valid device preset: 1 TB/s, 100 TFLOPS bf16 on matrix units, 80 GB; fields to change
// are overwritten by the caller.
inline QJsonObject devicePreset(const QString &id, const QString &name)
{
    return {{QStringLiteral("schema"), QStringLiteral("rooflab-device")},
            {QStringLiteral("version"), 1},
            {QStringLiteral("id"), id},
            {QStringLiteral("name"), name},
            {QStringLiteral("vendor"), QStringLiteral("Test")},
            {QStringLiteral("year"), 2024},
            {QStringLiteral("memory_capacity_gb"), 80},
            {QStringLiteral("source"), QStringLiteral("made up for a test")},
            {QStringLiteral("memory"),
             QJsonArray{QJsonObject{{QStringLiteral("level"), QStringLiteral("main")},
                                    {QStringLiteral("name"), QStringLiteral("HBM")},
                                    {QStringLiteral("bandwidth_tbps"), 1}}}},
            {QStringLiteral("compute"), QJsonArray{ceiling("matrix", "bf16", 100)}}};
}

inline QByteArray json(const QJsonObject &obj)
{
    return QJsonDocument(obj).toJson();
}

// A PDF shaped as RoofLab writes one, whose scenario attachment is `zlib` (FlateDecode).
inline QByteArray pdfWithAttachment(const QByteArray &zlib)
{
    return "%PDF-1.4\n1 0 obj\n<< /Type /Filespec /F (scenario.rooflab.json) "
           "/UF (scenario.rooflab.json) /EF << /F 5 0 R >> >>\nendobj\n"
           "5 0 obj\n<< /Type /EmbeddedFile /Filter /FlateDecode /Length " +
           QByteArray::number(zlib.size()) + " >>\nstream\n" + zlib +
           "\nendstream\nendobj\n%%EOF\n";
}

} // namespace rooflab::test
