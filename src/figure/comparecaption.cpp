#include "captiontable.h"

#include "comparetable.h"
#include "scenemodel.h"

namespace rooflab {

namespace {

// compareHeaders()' columns: device, TP, PP, devices, fits, step time, TTFT, tokens/s,
// tokens/s per device, cost, bound.
constexpr int ppColumn = 2, devicesColumn = 3, ttftColumn = 6, perDeviceColumn = 8,
              boundColumn = 10;

// The titles as a figure's table heads its columns: each starting with a capital, as the
// caption table's do ("Device", "Step time"); "TP" and "$ per 1M tokens" stay as they are.
QStringList capitalized(QStringList titles)
{
    for (QString &title : titles) {
        if (!title.isEmpty())
            title[0] = title.at(0).toUpper();
    }
    return titles;
}

} // namespace

CaptionTable CaptionTable::buildCompare(const Analysis &analysis, const SceneModel &model,
                                        const QList<CompareRow> &rows)
{
    // A narrow figure keeps the step time, the rate and the cost longest: a reader comparing
    // devices asks those first.
    CaptionTable table = withStyle(
        model, {.titles = capitalized(compareHeaders()),
                .numeric = {false, true, true, true, false, true, true, true, true, true, false},
                .dropOrder = {ppColumn, devicesColumn, boundColumn, perDeviceColumn, ttftColumn},
                .lateDropOrder = {},
                .shared = {},
                .names = {0}});
    const QStringList &keys = compareColumns();
    for (const CompareRow &r : rows) {
        Row row;
        row.cells = compareTextCells(r);
        for (qsizetype d = 0; d < analysis.devices.size(); ++d) {
            if (analysis.devices.at(d).deviceId == r.deviceId)
                row.device = static_cast<int>(d);
        }
        for (qsizetype c = 0; c < keys.size(); ++c) {
            if (r.best.contains(keys.at(c)))
                row.boldCells.append(static_cast<int>(c));
        }
        table.m_rows.append(row);
    }
    return table;
}

} // namespace rooflab
