#pragma once

#include <QList>

namespace accelplan {

/// P-th percentile (0..100) of \a values by linear interpolation between order statistics; 0 for none.
double percentile(QList<double> values, double p);

} // namespace accelplan
