#include "core/catalog/standin.h"

#include "core/common/statistics.h"

#include <algorithm>

namespace accelplan::catalog {

Range standInEfficiency(const QList<const Profile *> &standIns, const std::function<double(const Profile &)> &scale)
{
    if (standIns.isEmpty())
        return {};
    QList<double> typicals;
    Range band{1.0, 0.0, 0.0};
    for (const Profile *p : standIns) {
        const double factor = scale ? scale(*p) : 1.0;
        typicals.append(p->efficiency.typical * factor);
        band.low = std::min(band.low, p->efficiency.low * factor);
        band.high = std::max(band.high, p->efficiency.high * factor);
    }
    band.typical = percentile(typicals, 50);
    return band;
}

} // namespace accelplan::catalog
