#pragma once

namespace accelplan {

/// A quantity with its band: low, typical, high. For an efficiency (a fraction 0..1) low is the
/// pessimistic end; for a time or a cost the planner's low is the optimistic end (computed with the
/// high efficiencies). One type for both, so a band from the catalog flows into a projection as is.
struct Range
{
    double low = 0;
    double typical = 0;
    double high = 0;

    constexpr Range scaled(double factor) const { return {low * factor, typical * factor, high * factor}; }
};

} // namespace accelplan
