#pragma once

#include <QList>

namespace rooflab::gui {

// The batch slider's log scale: 1, 2, 3, then four steps per doubling (4, 5, 6, 7, 8, 10,
// 12, 14, 16, 20, ...) up to 4096. Four slider positions are always one doubling from 4 on,
// so a page step doubles or halves the batch.
namespace batchscale {

inline constexpr int stepsPerDoubling = 4;
inline constexpr double maximumBatch = 4096;

// The batch at each slider position, ascending.
const QList<double> &batches();

// The slider's last position.
int maximumPosition();

// The batch at `position` (clamped to the scale).
double batchAt(int position);

// The position whose batch is nearest to `batch` on a log scale.
int positionOf(double batch);

} // namespace batchscale

} // namespace rooflab::gui
