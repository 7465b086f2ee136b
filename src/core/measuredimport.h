#pragma once

// The one table of measured-data importers (docs/measured-data.md): each format's id, how
// to recognise its files and its reader.

#include "measuredkernel.h"
#include "ncuimport.h"
#include "rocprofimport.h"

#include <QByteArray>
#include <QList>
#include <QString>
#include <QStringList>

namespace rooflab {

// Choices that change how an importer counts.
struct ImportOptions
{
    NcuOptions ncu;
    RocprofOptions rocprof;
};

// One file format RoofLab reads measured data from.
struct MeasuredImporter
{
    QString id;          // the --format value: "csv", "ncu", "rocprof", "ert"
    QString description; // for --help
    bool (*looksLike)(const QByteArray &bytes) = nullptr;
    MeasuredImport (*read)(const QString &fileName, const QByteArray &bytes,
                           const ImportOptions &options) = nullptr;
};

// Every importer, in the order a file's format is guessed.
const QList<MeasuredImporter> &measuredImporters();

// The importer with `id`, or null.
const MeasuredImporter *measuredImporter(const QString &id);

// The first importer whose files look like `bytes`, or null.
const MeasuredImporter *guessMeasuredImporter(const QByteArray &bytes);

// The largest measured-data file read, in bytes.
inline constexpr qint64 maxMeasuredFileBytes = 256LL * 1024 * 1024;

// The kernels of a measured-data file to draw, or why there are none.
struct MeasuredKernelsFile
{
    QList<MeasuredKernel> kernels;
    QStringList problems; // each naming the file (and line and column where there is one)
};

// Reads the kernels of `path`, its format guessed from its bytes. A file with any problem
// gives no kernels, so that no figure is drawn from part of a profile; so does a file of
// measured ceilings (ERT, rocprof-compute's roofline.csv, Advisor), which holds none.
MeasuredKernelsFile readMeasuredKernels(const QString &path);

} // namespace rooflab
