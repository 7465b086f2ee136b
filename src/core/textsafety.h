#pragma once

// Names from presets and scenario files end up in XML, CSV and tables read by people and
// spreadsheets. These helpers keep such text from breaking the file or misleading its
// reader (README "Safety").

#include <QByteArray>
#include <QString>

namespace rooflab {

// True for a code point XML 1.0 forbids: controls other than tab, line feed and carriage
// return, U+FFFE, U+FFFF and lone surrogates.
bool isXmlForbidden(char32_t code);

// `text` with every character XML 1.0 forbids replaced by U+FFFD.
QString xmlSafeText(const QString &text);

// The UTF-8 XML document `xml` with forbidden characters, raw or as character references
// (&#1; &#x1;), replaced by U+FFFD, so any XML parser accepts it.
QByteArray xmlSafeDocument(const QByteArray &xml);

// True when a spreadsheet would run `cell` as a formula: it starts with =, +, -, @, a tab
// or a carriage return and is not a plain number.
bool looksLikeFormula(const QString &cell);

// `text` with each bidirectional control (U+061C, U+200E, U+200F, U+202A to U+202E,
// U+2066 to U+2069) shown as <U+202E>, so it cannot reorder what a table shows.
QString bidiEscaped(const QString &text);

// Why `name` cannot be a name RoofLab shows (a device's, model's, format's or operator's):
// it holds a control character (C0, DEL or C1: ESC and BEL reach a terminal, a line feed
// breaks a table) or a bidirectional control (U+202E reverses the text after it); empty
// when it holds neither.
QString nameProblem(const QString &name);

// `text` on one line for a terminal: control characters shown as '?', bidirectional
// controls escaped, so a kernel name from a file cannot break or reorder what is printed.
QString terminalLine(const QString &text);

} // namespace rooflab
