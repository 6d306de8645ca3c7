#pragma once

#include "core/catalog/accelerator.h"
#include "core/catalog/planningcatalog.h"

#include <QString>

#include <optional>

namespace accelplan::planning {

/// The electricity an option draws and the CO2e it emits: accelerators at their TDP × PUE × hours,
/// and the region's grid average where one is known (data/catalog/grid_intensity.csv). Host CPUs,
/// memory and networking are not counted, and TDP is an upper bound of the draw: a floor and a
/// ceiling that differ by a few tens of percent, not a measurement.
struct Energy
{
    double kwh = 0;
    std::optional<double> co2eKg;          ///< null where the grid of the region is unknown
    std::optional<double> gramsCo2ePerKwh; ///< the grid average used
    /// How it was computed, with the grid's source: written when asked (a plan holds thousands
    /// of options and shows a few explanations).
    QString basis() const;

    // What basis() tells.
    int chips = 0;
    int gridYear = 0;
    double tdpWatts = 0;
    double pue = 1;
    double hours = 0;
    QString gridProvider; ///< empty where the grid is unknown
    QString gridRegion;
    QString gridSource;
};

/// Null when the catalog has no TDP for the accelerator.
std::optional<Energy> energyOf(int chips, const catalog::Accelerator &accelerator, double hours, double pue,
                               const catalog::GridIntensity *grid);

} // namespace accelplan::planning
