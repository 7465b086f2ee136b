#include "measuredkernel.h"

namespace rooflab {

std::optional<double> bytesAt(const LevelBytes &bytes, const QString &key)
{
    if (key == QLatin1String("dram"))
        return bytes.dram;
    if (key == QLatin1String("l2"))
        return bytes.l2;
    if (key == QLatin1String("l1"))
        return bytes.l1;
    return std::nullopt;
}

QString MeasuredKernel::dominantMath() const
{
    QString best;
    double most = 0;
    // Sorted keys, so a tie always picks the same family.
    QStringList keys = flopsByMath.keys();
    keys.sort();
    for (const QString &math : keys) {
        if (flopsByMath.value(math) > most) {
            most = flopsByMath.value(math);
            best = math;
        }
    }
    return best;
}

QString ImportProblem::text() const
{
    QString where = file;
    if (line > 0) {
        where += QLatin1Char(':') + QString::number(line);
        if (column > 0)
            where += QLatin1Char(':') + QString::number(column);
    }
    if (!field.isEmpty())
        where += QStringLiteral(": ") + field;
    return where + QStringLiteral(": ") + reason;
}

namespace {

void addLevel(std::optional<double> &sum, const std::optional<double> &more)
{
    if (sum && more)
        *sum += *more;
    else
        sum.reset();
}

} // namespace

void KernelGroups::add(const MeasuredKernel &launch)
{
    const std::pair<QString, QString> key{launch.name, launch.device};
    const auto found = m_index.constFind(key);
    if (found == m_index.constEnd()) {
        m_index.insert(key, m_kernels.size());
        m_kernels.append(launch);
        return;
    }
    MeasuredKernel &kernel = m_kernels[*found];
    kernel.launches += launch.launches;
    kernel.flops += launch.flops;
    kernel.timeS += launch.timeS;
    addLevel(kernel.bytes.dram, launch.bytes.dram);
    addLevel(kernel.bytes.l2, launch.bytes.l2);
    addLevel(kernel.bytes.l1, launch.bytes.l1);
    for (auto it = launch.flopsByMath.constBegin(); it != launch.flopsByMath.constEnd(); ++it)
        kernel.flopsByMath[it.key()] += it.value();
}

QList<MeasuredKernel> groupKernels(const QList<MeasuredKernel> &launches)
{
    KernelGroups groups;
    for (const MeasuredKernel &launch : launches)
        groups.add(launch);
    return groups.kernels();
}

} // namespace rooflab
