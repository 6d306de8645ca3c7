#pragma once
// Demand that changes over time (issue 39): a service's load month by month, from a curve of
// points (ramped or held between them), and each inference option sized for every month — its
// replicas up and down with the load, a commitment only for the floor that stays (the months
// above it on demand), owned hardware bought for the peak.
#include "core/planning/options/inferenceplanner.h"
#include "core/scenario/scenario.h"

#include <QList>

#include <optional>

namespace accelplan::planning {

/// The load (requests/s) in each month 1..\a months of the horizon: before the first point its
/// load, after the last the last; between two points a linear ramp, or with \a steps the earlier
/// point's load held. Empty without points.
QList<double> demandByMonth(const QList<scenario::DemandPoint> &points, bool steps, int months);

/// Sizes \a option, planned for the curve's peak, for each month's \a load: replicas in proportion
/// to the load (whole, at least one) plus the spare of a production service, none in a month
/// without load, instances in proportion to the replicas; each month's cost of the accelerators in the plan's currency.
/// Hourly and monthly rentals follow the load; a commitment covers the fewest instances any month
/// needs and the rest is paid at \a onDemandPerHour (the same offer's on-demand price per
/// instance-hour, in the offer's currency), or covers the peak when there is none (said in its
/// warnings); owned hardware is bought for the peak. The option's monthly cost, its band and what
/// a request and a token cost become the horizon's averages; `byMonth` keeps the months.
void applyDemand(InferenceOption &option, const QList<double> &load, bool production,
                 std::optional<double> onDemandPerHour);

/// A paragraph for people: the curve's first, peak and last loads and the recommended option's
/// instances from month to month ("demand 2 → 20 requests/s over 12 months (ramp); 3 to 19 instances").
QString demandSummary(const QList<double> &load, const InferenceOption &option, bool steps);

} // namespace accelplan::planning
