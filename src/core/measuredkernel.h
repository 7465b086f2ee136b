#pragma once

// Kernels measured by a profiler, as RoofLab's importers read them (docs/measured-data.md).
// Plain values: the importers fill them, the figures and the command line read them.

#include <QHash>
#include <QList>
#include <QString>
#include <QStringList>

#include <optional>
#include <utility>

namespace rooflab {

// Bytes a kernel moved at each memory level; a level the file does not give is empty.
struct LevelBytes
{
    std::optional<double> dram;
    std::optional<double> l2;
    std::optional<double> l1;

    bool operator==(const LevelBytes &other) const = default;
};

// The levels of LevelBytes, outermost first, with their keys in files and JSON.
inline constexpr const char *measuredLevelKeys[] = {"dram", "l2", "l1"};

// The bytes at level `key` ("dram", "l2", "l1"), or nothing.
std::optional<double> bytesAt(const LevelBytes &bytes, const QString &key);

// One kernel: every launch of one name on one device, summed.
struct MeasuredKernel
{
    QString name;
    int launches = 0;
    double flops = 0; // all precisions together
    double timeS = 0; // seconds, every launch together
    LevelBytes bytes;
    QString device; // device id the file names; empty when it names none
    // FLOPs per math family ("fp64", "fp32", "fp16") where the file tells them apart.
    QHash<QString, double> flopsByMath;

    // The math family with the most FLOPs, or an empty string when the file has none.
    QString dominantMath() const;

    bool operator==(const MeasuredKernel &other) const = default;
};

// Ceilings measured on a machine (ERT, rocprof-compute's roofline.csv, Advisor's roofs).
struct MeasuredDevice
{
    QString name;
    QList<std::pair<QString, double>> bandwidths; // level name as given, byte/s
    QList<std::pair<QString, double>> peaks;      // ceiling name as given, FLOP/s

    bool operator==(const MeasuredDevice &other) const = default;
};

// Why part of a file could not be read, and where. `line` and `column` count from 1; 0 when
// the place is a field path (`field`) rather than a position.
struct ImportProblem
{
    QString file;
    int line = 0;
    int column = 0;
    QString field; // the column's header or the JSON path
    QString reason;

    // "FILE:LINE:COLUMN: FIELD: reason", leaving out what is not known.
    QString text() const;
};

// What an importer read from one file: the kernels (grouped by name), the measured ceilings
// of a ceiling file, what could not be read, and notes on how figures were counted.
struct MeasuredImport
{
    QList<MeasuredKernel> kernels;
    std::optional<MeasuredDevice> device;
    QList<ImportProblem> problems;
    QStringList notes;
};

// Sums launches into kernels as an importer reads them, one launch at a time; the rule of
// groupKernels().
class KernelGroups
{
public:
    void add(const MeasuredKernel &launch);
    const QList<MeasuredKernel> &kernels() const { return m_kernels; }

private:
    QList<MeasuredKernel> m_kernels;
    QHash<std::pair<QString, QString>, qsizetype> m_index; // (name, device) → kernel
};

// Sums launches of the same name and device into one kernel, in order of first appearance.
// A level's bytes stay only when every launch of the kernel gives them: a sum over some
// launches would understate the traffic.
QList<MeasuredKernel> groupKernels(const QList<MeasuredKernel> &launches);

} // namespace rooflab
