#include "batchscale.h"

#include <algorithm>
#include <cmath>

namespace rooflab::gui::batchscale {

const QList<double> &batches()
{
    static const QList<double> values = [] {
        QList<double> list = {1, 2, 3};
        for (double base = 4; base < maximumBatch; base *= 2) {
            for (int step = 0; step < stepsPerDoubling; ++step)
                list.append(base * (stepsPerDoubling + step) / stepsPerDoubling);
        }
        list.append(maximumBatch);
        return list;
    }();
    return values;
}

int maximumPosition()
{
    return static_cast<int>(batches().size()) - 1;
}

double batchAt(int position)
{
    return batches().at(std::clamp(position, 0, maximumPosition()));
}

int positionOf(double batch)
{
    const QList<double> &values = batches();
    int best = 0;
    double bestDistance = INFINITY;
    for (int i = 0; i < values.size(); ++i) {
        const double distance = std::abs(std::log(values.at(i)) - std::log(std::max(batch, 1.0)));
        if (distance < bestDistance) {
            best = i;
            bestDistance = distance;
        }
    }
    return best;
}

} // namespace rooflab::gui::batchscale
