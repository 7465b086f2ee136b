#include "measuredimport.h"

#include "advisorroofs.h"
#include "ertimport.h"
#include "plaincsvimport.h"
#include "rocprofroofline.h"
#include "safefile.h"

namespace rooflab {

const QList<MeasuredImporter> &measuredImporters()
{
    static const QList<MeasuredImporter> importers = {
        {.id = QStringLiteral("ncu"),
         .description = QStringLiteral("Nsight Compute raw CSV (ncu --page raw --csv)"),
         .looksLike = looksLikeNcuCsv,
         .read =
             [](const QString &file, const QByteArray &bytes, const ImportOptions &options) {
                 return importNcuCsv(file, bytes, options.ncu);
             }},
        {.id = QStringLiteral("rocprof"),
         .description = QStringLiteral("rocprof-compute pmc_perf.csv or roofline.csv"),
         .looksLike =
             [](const QByteArray &bytes) {
                 return looksLikeRocprofPmc(bytes) || looksLikeRocprofRoofline(bytes);
             },
         .read =
             [](const QString &file, const QByteArray &bytes, const ImportOptions &options) {
                 return looksLikeRocprofRoofline(bytes)
                            ? importRocprofRoofline(file, bytes)
                            : importRocprofPmc(file, bytes, options.rocprof);
             }},
        {.id = QStringLiteral("ert"),
         .description = QStringLiteral("Empirical Roofline Toolkit roofline.json"),
         .looksLike = looksLikeErtJson,
         .read = [](const QString &file, const QByteArray &bytes,
                    const ImportOptions &) { return importErtJson(file, bytes); }},
        {.id = QStringLiteral("advisor"),
         .description = QStringLiteral("Intel Advisor roofs report (--report=roofs --format=csv)"),
         .looksLike = looksLikeAdvisorRoofs,
         .read = [](const QString &file, const QByteArray &bytes,
                    const ImportOptions &) { return importAdvisorRoofs(file, bytes); }},
        {.id = QStringLiteral("csv"),
         .description = QStringLiteral(
             "RoofLab CSV: name,flops,time_s,bytes_dram[,bytes_l2,bytes_l1][,device]"),
         .looksLike = looksLikePlainCsv,
         .read = [](const QString &file, const QByteArray &bytes,
                    const ImportOptions &) { return importPlainCsv(file, bytes); }},
    };
    return importers;
}

const MeasuredImporter *measuredImporter(const QString &id)
{
    for (const MeasuredImporter &importer : measuredImporters()) {
        if (importer.id == id)
            return &importer;
    }
    return nullptr;
}

const MeasuredImporter *guessMeasuredImporter(const QByteArray &bytes)
{
    for (const MeasuredImporter &importer : measuredImporters()) {
        if (importer.looksLike(bytes))
            return &importer;
    }
    return nullptr;
}

MeasuredKernelsFile readMeasuredKernels(const QString &path)
{
    MeasuredKernelsFile file;
    QString error;
    const std::optional<QByteArray> bytes = readFileCapped(path, maxMeasuredFileBytes, &error);
    if (!bytes) {
        file.problems.append(error);
        return file;
    }
    const MeasuredImporter *importer = guessMeasuredImporter(*bytes);
    if (!importer) {
        file.problems.append(QStringLiteral("%1: not a file format RoofLab reads measured data "
                                            "from (RoofLab CSV, Nsight Compute raw CSV, "
                                            "rocprof-compute pmc_perf.csv)")
                                 .arg(path));
        return file;
    }
    const MeasuredImport imported = importer->read(path, *bytes, ImportOptions{});
    for (const ImportProblem &problem : imported.problems)
        file.problems.append(problem.text());
    if (imported.device)
        file.problems.append(QStringLiteral("%1: holds measured ceilings, not kernels").arg(path));
    else if (imported.kernels.isEmpty() && imported.problems.isEmpty())
        file.problems.append(QStringLiteral("%1: holds no kernels").arg(path));
    if (file.problems.isEmpty())
        file.kernels = imported.kernels;
    return file;
}

} // namespace rooflab
