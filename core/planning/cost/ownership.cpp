#include "core/planning/cost/ownership.h"

#include "core/common/tr.h"
#include "core/planning/cost/offercost.h"

#include <QLocale>

#include <algorithm>

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
    h.capexPerServer = o.capexPerServer(purchasePrice);
    h.capital = h.capexPerServer / usedHours;
    h.otherUse = o.otherUse;
    h.colocation = o.coloPerServerMonth * o.lifetimeMonths / usedHours;
    h.power = powerPerHour(acceleratorsPerServer, accelerator, o);
    h.powerKnown = accelerator.tdpWatts.has_value();
    h.basis = Tr::tr("owned: price %1 over %2 months × 730 h × %3 utilisation = %4/h; colocation %5/server-month = %6/h; "
                     "power %7 × %8 W × PUE %9 × %10/kWh = %11/h")
                  .arg(QString::number(purchasePrice, 'f', 0)
                       + (o.networkingPerServer > 0 ? Tr::tr(" + network %1").arg(o.networkingPerServer, 0, 'f', 0) : QString())
                       + (o.installationPerServer > 0 ? Tr::tr(" + installation %1").arg(o.installationPerServer, 0, 'f', 0)
                                                      : QString()))
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
    // The same hour in its named lines.
    const QString overLife = Tr::tr("over %1 months × 730 h × %2 utilisation").arg(o.lifetimeMonths).arg(o.utilization);
    h.lines = {
        {u"host"_s, Tr::tr("host"), purchasePrice / usedHours,
         Tr::tr("the server's price %1 %2").arg(purchasePrice, 0, 'f', 0).arg(overLife)},
        {u"network"_s, Tr::tr("network"), o.networkingPerServer / usedHours,
         Tr::tr("%1 per server (ownership.networking_per_server; a 400G InfiniBand fabric's share, H100 cost sheet of "
                "Aug 2024) %2")
             .arg(o.networkingPerServer, 0, 'f', 0)
             .arg(overLife)},
        {u"installation"_s, Tr::tr("installation"), o.installationPerServer / usedHours,
         o.installationPerServer > 0
             ? Tr::tr("%1 per server (ownership.installation_per_server) %2").arg(o.installationPerServer, 0, 'f', 0).arg(overLife)
             : Tr::tr("not counted: ownership.installation_per_server is not given")},
        {u"colocation"_s, Tr::tr("colocation"), h.colocation,
         Tr::tr("%1 per server-month (ownership.colo_per_server_month) for %2 months, over the hours used")
             .arg(o.coloPerServerMonth, 0, 'f', 0)
             .arg(o.lifetimeMonths)},
        {u"power"_s, Tr::tr("power"), h.power,
         h.powerKnown ? Tr::tr("%1 × %2 W × PUE %3 × %4/kWh while used")
                            .arg(acceleratorsPerServer)
                            .arg(*accelerator.tdpWatts)
                            .arg(o.pue)
                            .arg(o.powerPriceKwh)
                      : Tr::tr("not counted: no TDP in the catalog")},
    };
    return h;
}

std::optional<OwnedHourly> ownedHourlyForOffer(const pricing::PriceRecord &offer, const catalog::Accelerator &accelerator,
                                               const Ownership &ownership, double rateToPlan)
{
    if (offer.key.priceModel != pricing::PriceModel::Purchase || rateToPlan <= 0)
        return std::nullopt;
    OwnedHourly h = ownedHourly(offer.price.toDouble() * rateToPlan, std::max(1, offer.acceleratorCount), accelerator, ownership);
    h.capital /= rateToPlan;
    h.colocation /= rateToPlan;
    h.power /= rateToPlan;
    h.capexPerServer /= rateToPlan;
    for (OwnedHourly::Line &line : h.lines)
        line.perHour /= rateToPlan;
    return h;
}

double ownedIdleCost(const OwnedHourly &hourly, double hoursUsed)
{
    // Like a commitment's term: the capex is paid whole; the plan's hours amortise their part of
    // it, other work fills its share, and the plan carries what is left.
    return std::max(0.0, hourly.capexPerServer * (1.0 - std::clamp(hourly.otherUse, 0.0, 1.0)) - hourly.capital * hoursUsed);
}

double ownedUsedShare(const Ownership &o, double hoursUsed)
{
    const double life = o.lifetimeMonths * kHoursPerMonth * o.utilization;
    return life > 0 ? std::min(1.0, hoursUsed / life) : 1.0;
}

QString ownershipAssumptions(const Ownership &o)
{
    return Tr::tr("%1-month life, %2% utilisation, no residual value, other use %3%")
        .arg(o.lifetimeMonths, 0, 'f', 0)
        .arg(o.utilization * 100, 0, 'f', 0)
        .arg(o.otherUse * 100, 0, 'f', 0);
}

std::optional<double> breakEvenUtilization(double purchasePrice, int acceleratorsPerServer,
                                           const catalog::Accelerator &accelerator, const Ownership &o,
                                           double rentedHourly)
{
    // (price + colo × lifetime) / (lifetime × 730 × u) + power = rented  →  solve for u.
    const double margin = rentedHourly - powerPerHour(acceleratorsPerServer, accelerator, o);
    if (margin <= 0)
        return std::nullopt;
    return (o.capexPerServer(purchasePrice) + o.coloPerServerMonth * o.lifetimeMonths)
           / (o.lifetimeMonths * kHoursPerMonth * margin);
}

QString ownedSummary(const OwnedFigures &f, int servers, const QString &currency)
{
    const QLocale locale(QLocale::English, QLocale::UnitedStates); // grouped thousands, as the report writes amounts
    QString text = Tr::tr("Capex %1 %2 (%3 server(s) with their network and installation)")
                       .arg(locale.toString(f.capex, 'f', 0), currency)
                       .arg(servers);
    if (f.rentedOffer.isEmpty())
        return text + Tr::tr("; no rented option of the same accelerator to compare with.");
    if (!f.breakEvenUtilization)
        return text + Tr::tr("; renting at %1 costs less than the power alone: owning never pays.").arg(f.rentedOffer);
    text += *f.breakEvenUtilization > 1
                ? Tr::tr("; owning would need more than full use (%1%) to cost less than renting at %2")
                      .arg(*f.breakEvenUtilization * 100, 0, 'f', 0)
                      .arg(f.rentedOffer)
                : Tr::tr("; owning costs less than renting at %1 above %2% utilisation")
                      .arg(f.rentedOffer)
                      .arg(*f.breakEvenUtilization * 100, 0, 'f', 0);
    text += f.breakEvenMonths
                ? Tr::tr("; at the scenario's utilisation buying has paid for itself after %1 months.")
                      .arg(*f.breakEvenMonths, 0, 'f', 0)
                : Tr::tr("; at the scenario's utilisation buying never pays for itself.");
    return text;
}

OwnedFigures ownedFigures(double purchasePrice, int acceleratorsPerServer, int servers,
                          const catalog::Accelerator &accelerator, const Ownership &o,
                          std::optional<double> rentedHourly, const QString &rentedOffer)
{
    OwnedFigures f;
    f.capex = servers * o.capexPerServer(purchasePrice);
    if (!rentedHourly)
        return f;
    f.rentedOffer = rentedOffer;
    f.breakEvenUtilization = breakEvenUtilization(purchasePrice, acceleratorsPerServer, accelerator, o, *rentedHourly);
    // Each month of use saves the rent of the hours used, less the power they draw and the colocation.
    const double savedPerServerMonth = (*rentedHourly - powerPerHour(acceleratorsPerServer, accelerator, o))
                                           * kHoursPerMonth * o.utilization
                                       - o.coloPerServerMonth;
    if (savedPerServerMonth > 0)
        f.breakEvenMonths = o.capexPerServer(purchasePrice) / savedPerServerMonth;
    return f;
}

} // namespace accelplan::planning
