#pragma once

namespace accelplan {

/// Hours in a year (365 × 24): how providers amortise reservations and upfront fees.
inline constexpr double kHoursPerYear = 8760.0;
/// Hours in a month: a twelfth of the year (730), as providers price monthly servers by the hour.
inline constexpr double kHoursPerMonth = kHoursPerYear / 12;

} // namespace accelplan
