#pragma once

#include "core/catalog/accelerator.h"
#include "core/catalog/acceleratorcatalog.h"
#include "core/pricing/pricetypes.h"
#include "core/scenario/scenario.h"

#include <QHash>
#include <QList>
#include <QString>

#include <algorithm>
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
    double networkingPerServer = scenario::kNetworkingPerServer; ///< cluster network bought with each server (NICs' share of switches, cables)
    double installationPerServer = 0; ///< racking and commissioning, once per server (0: not given)
    /// Share of the hardware's useful life (lifetime × utilisation), beyond the plan's own work,
    /// that other work fills. The rest of the capex the plan does not use is charged to the plan.
    double otherUse = 0;

    /// What one server costs up front: its price, its network and its installation.
    double capexPerServer(double purchasePrice) const { return purchasePrice + networkingPerServer + installationPerServer; }

    bool operator==(const Ownership &) const = default;
};

/// A purchased server as an hourly cost per hour of use: its price and its share of the network
/// spread over the hours it is used in its lifetime (lifetime × 730 h × utilisation), colocation
/// likewise, plus the power it draws while used (accelerators × TDP × PUE × price per kWh; host
/// CPUs and memory are not counted). All in the plan's currency. The one costing of owned
/// hardware: `train`, `serve`, `plan`, the window and the report all use it.
struct OwnedHourly
{
    double capital = 0;
    double colocation = 0;
    double power = 0;
    double capexPerServer = 0; ///< Ownership::capexPerServer(): price, network, installation
    double otherUse = 0;       ///< Ownership::otherUse
    double total() const { return capital + colocation + power; }
    QString basis;
    /// The hourly cost in its named lines — host (the server's price), network, installation,
    /// colocation, power — each per server-hour of use with how it is reached; they sum to total().
    struct Line
    {
        QString id;
        QString label;
        double perHour = 0;
        QString how;
    };
    QList<Line> lines;
    bool powerKnown = true; ///< false when the catalog has no TDP for the accelerator
};

OwnedHourly ownedHourly(double purchasePrice, int acceleratorsPerServer, const catalog::Accelerator &accelerator,
                        const Ownership &ownership);

/// For a purchase offer: ownedHourly() in the offer's currency (\a rateToPlan converts one unit
/// of it to the plan's); nullopt for other offers.
std::optional<OwnedHourly> ownedHourlyForOffer(const pricing::PriceRecord &offer, const catalog::Accelerator &accelerator,
                                               const Ownership &ownership, double rateToPlan);

/// What buying an owned option means beside its hourly cost, in the plan's currency.
struct OwnedFigures
{
    double capex = 0; ///< cash out: servers × (price + networking)
    /// The utilisation at which owning costs as much per used hour as the cheapest rented option
    /// of the same accelerator; nullopt when there is none, or renting is cheaper than power alone.
    std::optional<double> breakEvenUtilization;
    /// Months of use at the ownership's utilisation after which buying has cost less than renting
    /// the same capacity at that option; nullopt when it never does.
    std::optional<double> breakEvenMonths;
    QString rentedOffer; ///< the rented option compared with: "provider sku (price model)"
    /// Share of the owned cost per hour of use that is paid as it is used (colocation and power);
    /// the rest amortises the capex, which is paid up front.
    double runningShare = 0;
    /// Share of the hardware's assumed useful life (lifetime × 730 h × utilisation) the plan's own
    /// work fills; below 1 the hardware is idle for the rest unless other work fills it.
    double usedShare = 0;
    /// The capex the plan's hours do not amortise and other work does not fill (ownedIdleCost),
    /// charged to the plan: all servers, plan currency.
    double idleCost = 0;
};

/// What owning one server costs beyond the hours a plan uses it: the capex its \a hoursUsed do not
/// amortise, less the share of it that other work fills (Ownership::otherUse). 0 once the plan
/// fills the hardware's useful life. In \a hourly's currency.
double ownedIdleCost(const OwnedHourly &hourly, double hoursUsed);

/// The share of the useful life (lifetime × 730 h × utilisation) that \a hoursUsed fill.
double ownedUsedShare(const Ownership &ownership, double hoursUsed);

/// For people: what the amortisation assumes, "48-month life, 70 % utilisation, no residual value,
/// other use 0 %".
QString ownershipAssumptions(const Ownership &ownership);

/// For people: "Capex 7,142,640 USD (28 servers with their network); owning costs less than renting
/// at AWS p6-b200.48xlarge (spot) above 65% utilisation; at the scenario's utilisation buying has
/// paid for itself after 44 months."
QString ownedSummary(const OwnedFigures &figures, int servers, const QString &currency);

/// Fills Option::owned for every runnable purchase among \a options: capex, and break-even against
/// the cheapest runnable rented option of the same accelerator, whose cost per accelerator-hour
/// \a rentedPerAcceleratorHour gives (nullopt where it has none). Options hold `offer`, `owned`,
/// `runnable()`; \a rateToPlan gives an offer's currency rate to the plan's; \a hoursUsed the hours
/// each server works for the plan (its idle share follows from them).
template<typename Option, typename RentedRate, typename RateToPlan, typename HoursUsed>
void fillOwnedFigures(QList<Option> &options, const catalog::AcceleratorCatalog &accelerators,
                      const Ownership &ownership, RentedRate rentedPerAcceleratorHour, RateToPlan rateToPlan,
                      HoursUsed hoursUsed);

/// The figures of \a servers purchased servers (price and count per server in the plan's currency)
/// against renting at \a rentedHourly per server-hour (nullopt when nothing comparable is rented).
OwnedFigures ownedFigures(double purchasePrice, int acceleratorsPerServer, int servers,
                          const catalog::Accelerator &accelerator, const Ownership &ownership,
                          std::optional<double> rentedHourly, const QString &rentedOffer);

/// The utilisation at which owning costs as much per used hour as renting at \a rentedHourly
/// (per server-equivalent, plan currency); nullopt when renting is cheaper than power alone.
std::optional<double> breakEvenUtilization(double purchasePrice, int acceleratorsPerServer,
                                           const catalog::Accelerator &accelerator, const Ownership &ownership,
                                           double rentedHourly);

template<typename Option, typename RentedRate, typename RateToPlan, typename HoursUsed>
void fillOwnedFigures(QList<Option> &options, const catalog::AcceleratorCatalog &accelerators,
                      const Ownership &ownership, RentedRate rentedPerAcceleratorHour, RateToPlan rateToPlan,
                      HoursUsed hoursUsed)
{
    // The cheapest runnable rented option of each accelerator (the first of equals), found in one
    // pass over the options rather than once per purchase.
    struct Cheapest
    {
        double perHour;
        qsizetype index; ///< in options
    };
    QHash<QString, Cheapest> cheapestRented;
    const bool anyPurchase = std::any_of(options.cbegin(), options.cend(), [](const Option &o) {
        return o.offer.key.priceModel == pricing::PriceModel::Purchase;
    });
    if (anyPurchase) {
        for (qsizetype i = 0; i < options.size(); ++i) {
            const Option &r = options.at(i);
            if (r.offer.key.priceModel == pricing::PriceModel::Purchase || !r.runnable())
                continue;
            const std::optional<double> perHour = rentedPerAcceleratorHour(r);
            if (!perHour)
                continue;
            const auto found = cheapestRented.find(r.offer.accelerator);
            if (found == cheapestRented.end())
                cheapestRented.insert(r.offer.accelerator, {*perHour, i});
            else if (*perHour < found->perHour)
                *found = {*perHour, i};
        }
    }
    for (Option &o : options) {
        if (o.offer.key.priceModel != pricing::PriceModel::Purchase || !o.runnable())
            continue;
        const catalog::Accelerator *accelerator = accelerators.find(o.offer.accelerator);
        const std::optional<double> rate = rateToPlan(o.offer);
        if (!accelerator || !rate)
            continue;
        std::optional<double> cheapest;
        QString rentedName;
        if (const auto found = cheapestRented.constFind(o.offer.accelerator); found != cheapestRented.cend()) {
            const pricing::OfferKey &key = options.at(found->index).offer.key;
            cheapest = found->perHour;
            rentedName = QStringLiteral("%1 %2 (%3)").arg(key.provider, key.sku, pricing::toString(key.priceModel));
        }
        const int perServer = std::max(1, o.offer.acceleratorCount);
        const double price = o.offer.price.toDouble() * *rate;
        o.owned = ownedFigures(price, perServer, o.instances, *accelerator, ownership,
                               cheapest ? std::optional<double>(*cheapest * perServer) : std::nullopt, rentedName);
        const OwnedHourly hourly = ownedHourly(price, perServer, *accelerator, ownership);
        o.owned->runningShare = hourly.total() > 0 ? (hourly.colocation + hourly.power) / hourly.total() : 0;
        const double hours = hoursUsed(o);
        o.owned->usedShare = ownedUsedShare(ownership, hours);
        o.owned->idleCost = o.instances * ownedIdleCost(hourly, hours);
    }
}

} // namespace accelplan::planning
