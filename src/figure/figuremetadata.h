#pragma once

#include <QByteArray>
#include <QString>

namespace rooflab {

// The PNG text key and the PDF attachment name that carry a figure's scenario.
inline constexpr char pngScenarioKey[] = "rooflab-scenario";
inline constexpr char pdfScenarioName[] = "scenario.rooflab.json";
// Marks PNG scenario text stored as base64 (JSON never starts with it).
inline constexpr char pngBase64Prefix[] = "base64:";

// The scenario JSON embedded in an exported PNG (text chunk), SVG (<metadata>) or PDF
// (attached file). Empty with `error` set when the file cannot be read or carries none.
QByteArray readEmbeddedMetadata(const QString &path, QString *error);

} // namespace rooflab
