#include "core/common/statistics.h"

#include <algorithm>
#include <cmath>

namespace accelplan {

double percentile(QList<double> values, double p)
{
    if (values.isEmpty())
        return 0;
    std::sort(values.begin(), values.end());
    const double rank = std::clamp(p, 0.0, 100.0) / 100.0 * double(values.size() - 1);
    const qsizetype below = qsizetype(std::floor(rank));
    const qsizetype above = std::min<qsizetype>(below + 1, values.size() - 1);
    return values[below] + (values[above] - values[below]) * (rank - double(below));
}

} // namespace accelplan
