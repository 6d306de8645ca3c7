#pragma once

#include "core/catalog/accelerator.h"
#include "core/pricing/pricetypes.h"

#include <QString>

#include <optional>

namespace accelplan::planning {

/// What owning hardware costs besides its price. Amounts in the plan's currency.
struct Ownership
{
    double powerPriceKwh = 0.12;
    double pue = 1.3;
    double lifetimeMonths = 48;
    double utilization = 0.7; ///< share of its lifetime the hardware does useful work
    double coloPerServerMonth = 1500;
};

/// A purchased server as an hourly cost per hour of use: its price spread over the hours it is
/// used in its lifetime (lifetime × 730 h × utilisation), colocation likewise, plus the power it
/// draws while used (accelerators × TDP × PUE × price per kWh; host CPUs, memory and networking
/// are not counted). All in the plan's currency.
struct OwnedHourly
{
    double capital = 0;
    double colocation = 0;
    double power = 0;
    double total() const { return capital + colocation + power; }
    QString basis;
    bool powerKnown = true; ///< false when the catalog has no TDP for the accelerator
};

OwnedHourly ownedHourly(double purchasePrice, int acceleratorsPerServer, const catalog::Accelerator &accelerator,
                        const Ownership &ownership);

/// For a purchase offer with ownership parameters: ownedHourly() in the offer's currency
/// (\a rateToPlan converts one unit of it to the plan's); nullopt for other offers.
std::optional<OwnedHourly> ownedHourlyForOffer(const pricing::PriceRecord &offer, const catalog::Accelerator &accelerator,
                                               const std::optional<Ownership> &ownership, double rateToPlan);

/// The utilisation at which owning costs as much per used hour as renting at \a rentedHourly
/// (per server-equivalent, plan currency); nullopt when renting is cheaper than power alone.
std::optional<double> breakEvenUtilization(double purchasePrice, int acceleratorsPerServer,
                                           const catalog::Accelerator &accelerator, const Ownership &ownership,
                                           double rentedHourly);

} // namespace accelplan::planning
