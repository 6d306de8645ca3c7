#include "core/planning/ownership.h"

#include "core/common/tr.h"
#include "core/planning/offercost.h"

using namespace Qt::StringLiterals;

namespace accelplan::planning {

namespace {

double powerPerHour(int accelerators, const catalog::Accelerator &accelerator, const Ownership &o)
{
    return accelerators * accelerator.tdpWatts.value_or(0) / 1000.0 * o.pue * o.powerPriceKwh;
}

} // namespace

OwnedHourly ownedHourly(double purchasePrice, int acceleratorsPerServer, const catalog::Accelerator &accelerator,
                        const Ownership &o)
{
    OwnedHourly h;
    const double usedHours = o.lifetimeMonths * kHoursPerMonth * o.utilization;
    h.capital = purchasePrice / usedHours;
    h.colocation = o.coloPerServerMonth * o.lifetimeMonths / usedHours;
    h.power = powerPerHour(acceleratorsPerServer, accelerator, o);
    h.powerKnown = accelerator.tdpWatts.has_value();
    h.basis = Tr::tr("owned: price %1 over %2 months × 730 h × %3 utilisation = %4/h; colocation %5/server-month = %6/h; "
                     "power %7 × %8 W × PUE %9 × %10/kWh = %11/h")
                  .arg(purchasePrice, 0, 'f', 0)
                  .arg(o.lifetimeMonths)
                  .arg(o.utilization)
                  .arg(h.capital, 0, 'f', 2)
                  .arg(o.coloPerServerMonth)
                  .arg(h.colocation, 0, 'f', 2)
                  .arg(acceleratorsPerServer)
                  .arg(accelerator.tdpWatts ? QString::number(*accelerator.tdpWatts) : u"?"_s)
                  .arg(o.pue)
                  .arg(o.powerPriceKwh)
                  .arg(h.power, 0, 'f', 2);
    if (!h.powerKnown)
        h.basis += Tr::tr(" (no TDP in the catalog: power not counted)");
    return h;
}

std::optional<OwnedHourly> ownedHourlyForOffer(const pricing::PriceRecord &offer, const catalog::Accelerator &accelerator,
                                               const std::optional<Ownership> &ownership, double rateToPlan)
{
    if (offer.key.priceModel != pricing::PriceModel::Purchase || !ownership || rateToPlan <= 0)
        return std::nullopt;
    OwnedHourly h = ownedHourly(offer.price.toDouble() * rateToPlan, std::max(1, offer.acceleratorCount), accelerator, *ownership);
    h.capital /= rateToPlan;
    h.colocation /= rateToPlan;
    h.power /= rateToPlan;
    return h;
}

std::optional<double> breakEvenUtilization(double purchasePrice, int acceleratorsPerServer,
                                           const catalog::Accelerator &accelerator, const Ownership &o,
                                           double rentedHourly)
{
    // (price + colo × lifetime) / (lifetime × 730 × u) + power = rented  →  solve for u.
    const double margin = rentedHourly - powerPerHour(acceleratorsPerServer, accelerator, o);
    if (margin <= 0)
        return std::nullopt;
    return (purchasePrice + o.coloPerServerMonth * o.lifetimeMonths) / (o.lifetimeMonths * kHoursPerMonth * margin);
}

} // namespace accelplan::planning
