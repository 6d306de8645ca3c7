#include "core/planning/cost/lockin.h"

#include "core/catalog/acceleratorcatalog.h"
#include "core/common/tr.h"
#include "core/planning/cost/offercost.h"

#include <algorithm>
#include <cmath>
#include <limits>

using namespace Qt::StringLiterals;

namespace accelplan::planning {

Market marketOf(const QList<pricing::PriceRecord> &offers, const catalog::AcceleratorCatalog &accelerators)
{
    Market m;
    // Offers come by provider, so each provider's accelerators are added once (another order only
    // repeats work).
    const QString *provider = nullptr;
    QString lower;
    QSet<const catalog::Accelerator *> added;
    for (const pricing::PriceRecord &offer : offers) {
        if (!provider || *provider != offer.key.provider) {
            provider = &offer.key.provider;
            lower = provider->toLower();
            added.clear();
        }
        const catalog::Accelerator *accelerator = accelerators.find(offer.accelerator);
        if (!accelerator || added.contains(accelerator))
            continue;
        added.insert(accelerator);
        m.providersByAccelerator[accelerator->id].insert(lower);
        m.providersByVendor[accelerator->vendor].insert(lower);
        m.providerCount[accelerator] = int(m.providersByAccelerator[accelerator->id].size());
    }
    return m;
}

std::optional<EgressQuote> egressCost(const QList<catalog::EgressTier> &tiers, double gb)
{
    if (tiers.isEmpty())
        return std::nullopt;
    EgressQuote q;
    q.currency = tiers.first().currency;
    const double free = tiers.first().freeGbPerMonth;
    const double billable = std::max(0.0, gb - free);
    QStringList parts;
    for (const catalog::EgressTier &t : tiers) {
        const double end = t.toGb.value_or(std::numeric_limits<double>::infinity());
        const double inTier = std::clamp(billable - t.fromGb, 0.0, end - t.fromGb);
        if (inTier <= 0)
            continue;
        q.amount += inTier * t.pricePerGb;
        parts.append(Tr::tr("%1 GB × %2").arg(inTier, 0, 'f', 0).arg(t.pricePerGb));
    }
    q.basis = Tr::tr("%1 GB out of %2 (%3 GB free): %4 %5/GB (%6, %7)")
                  .arg(gb, 0, 'f', 0)
                  .arg(tiers.first().provider)
                  .arg(free, 0, 'f', 0)
                  .arg(parts.isEmpty() ? u"0"_s : parts.join(u" + "_s), q.currency, tiers.first().source.url,
                       tiers.first().source.asOf.toString(Qt::ISODate));
    return q;
}

Porting exitPorting(const pricing::PriceRecord &offer, const catalog::Accelerator &accelerator,
                    const LockinParameters &parameters, const Market &market, const catalog::PlanningCatalog &catalog)
{
    const QString provider = offer.key.provider.toLower();
    const QSet<QString> sellers = market.providersByAccelerator.value(accelerator.id);
    if (sellers.size() > 1 || (sellers.size() == 1 && !sellers.contains(provider)))
        return {0, Tr::tr("%1 is sold by %2 provider(s) besides %3: the workload moves as it is")
                       .arg(accelerator.id)
                       .arg(sellers.size() - (sellers.contains(provider) ? 1 : 0))
                       .arg(offer.key.provider)};
    // Weeks to bring the workload to a vendor other providers sell; unsupported is no destination.
    auto weeksOn = [&](const QString &vendor) -> std::optional<double> {
        const catalog::FrameworkFit *fit = catalog.findFramework(parameters.framework, vendor);
        if (!fit || fit->support == catalog::FrameworkFit::Support::Unsupported || !fit->portingWeeks)
            return std::nullopt;
        double weeks = *fit->portingWeeks;
        if (parameters.customCudaKernels) {
            const catalog::FrameworkFit *kernels = catalog.findFramework(u"custom_cuda"_s, vendor);
            if (!kernels || kernels->support == catalog::FrameworkFit::Support::Unsupported || !kernels->portingWeeks)
                return std::nullopt;
            weeks = std::max(weeks, *kernels->portingWeeks);
        }
        return weeks;
    };
    std::optional<double> best;
    QString bestVendor;
    for (auto it = market.providersByVendor.cbegin(); it != market.providersByVendor.cend(); ++it) {
        QSet<QString> others = it.value();
        others.remove(provider);
        if (others.isEmpty())
            continue;
        const auto weeks = it.key() == accelerator.vendor ? std::optional<double>(0.0) : weeksOn(it.key());
        if (weeks && (!best || *weeks < *best || (*weeks == *best && it.key() < bestVendor))) {
            best = weeks;
            bestVendor = it.key();
        }
    }
    if (!best) {
        // Nowhere else to go in the database: the largest porting effort in the table, said so.
        double worst = kRewriteWeeks;
        for (const catalog::FrameworkFit &f : catalog.frameworks())
            worst = std::max(worst, f.portingWeeks.value_or(0));
        return {worst, Tr::tr("no other provider sells an accelerator this workload runs on: the largest porting effort "
                              "in frameworks.csv (%1 weeks) is assumed")
                           .arg(worst)};
    }
    return {*best, Tr::tr("only %1 sells %2; moving %3%4 to %5 accelerators: %6 engineer-weeks (frameworks.csv)")
                       .arg(offer.key.provider, accelerator.id, parameters.framework,
                            parameters.customCudaKernels ? Tr::tr(" with custom CUDA kernels") : QString(), bestVendor)
                       .arg(*best)};
}

CommitmentLeft commitmentRemaining(const pricing::PriceRecord &offer, int instances, const LockinParameters &p)
{
    CommitmentLeft left;
    left.model = offer.key.priceModel;
    left.termHours = commitmentTermHours(left.model);
    if (left.termHours <= 0)
        return left;
    left.instances = instances;
    left.hourlyPrice = offer.price;
    left.currency = offer.currency;
    left.exitAtFraction = p.exitAtFraction;
    left.otherUse = p.commitmentOtherUse;
    left.amount = instances * offer.price.toDouble() * left.termHours * (1.0 - p.exitAtFraction) * (1.0 - p.commitmentOtherUse);
    return left;
}

QString CommitmentLeft::basis() const
{
    if (termHours <= 0) {
        return model == pricing::PriceModel::Purchase ? Tr::tr("owned: no commitment to a provider (resale value not counted)")
                                                      : Tr::tr("%1: nothing payable after leaving").arg(pricing::toString(model));
    }
    return Tr::tr("%1 instance(s) × %2 %3/h × %4 h left of the term (leaving at %5%), less %6% used by other work")
        .arg(instances)
        .arg(hourlyPrice.toString(), currency)
        .arg(termHours * (1.0 - exitAtFraction), 0, 'f', 0)
        .arg(exitAtFraction * 100)
        .arg(otherUse * 100);
}

namespace {

ExitCostMemo::Egress egressPart(const pricing::PriceRecord &offer, const LockinParameters &p,
                                const catalog::PlanningCatalog &catalog, const pricing::FxTable &fx, const QString &currency)
{
    ExitCostMemo::Egress e;
    if (const auto egress = egressCost(catalog.egressTiers(offer.key.provider), p.dataGb)) {
        if (const auto converted = fx.convert(egress->amount, egress->currency, currency)) {
            e.amount = converted->amount;
            e.basis = egress->basis;
        } else {
            e.warning = Tr::tr("no exchange rate from %1 to %2 for egress: not counted").arg(egress->currency, currency);
            e.basis = Tr::tr("not counted: no exchange rate from %1").arg(egress->currency);
        }
    } else {
        e.warning = Tr::tr("no egress prices for %1 in data/catalog/egress.csv: egress not counted").arg(offer.key.provider);
        e.basis = Tr::tr("not counted: no egress prices for %1").arg(offer.key.provider);
    }
    return e;
}

ExitCostMemo::Ported portingPart(const pricing::PriceRecord &offer, const catalog::Accelerator &accelerator,
                                 const LockinParameters &p, const Market &market, const catalog::PlanningCatalog &catalog,
                                 const QString &currency)
{
    const Porting porting = exitPorting(offer, accelerator, p, market, catalog);
    return {porting.weeks, porting.weeks * p.engineerWeekCost,
            Tr::tr("%1 × %2 %3 per engineer-week").arg(porting.basis).arg(p.engineerWeekCost).arg(currency)};
}

} // namespace

ExitCost exitCost(const pricing::PriceRecord &offer, const catalog::Accelerator &accelerator, int instances,
                  const LockinParameters &p, const Market &market, const catalog::PlanningCatalog &catalog,
                  const pricing::FxTable &fx, const QString &currency, QStringList *warnings, ExitCostMemo *memo)
{
    ExitCost e;
    ExitCostMemo::Egress egress;
    ExitCostMemo::Ported ported;
    if (memo) {
        auto known = memo->egress.constFind(TextKey{offer.key.provider});
        if (known == memo->egress.cend())
            known = memo->egress.insert(TextKey{offer.key.provider}, egressPart(offer, p, catalog, fx, currency));
        egress = *known;
        const ExitCostMemo::PortingKey key{offer.key.provider, &accelerator};
        auto portingKnown = memo->porting.constFind(key);
        if (portingKnown == memo->porting.cend())
            portingKnown = memo->porting.insert(key, portingPart(offer, accelerator, p, market, catalog, currency));
        ported = *portingKnown;
    } else {
        egress = egressPart(offer, p, catalog, fx, currency);
        ported = portingPart(offer, accelerator, p, market, catalog, currency);
    }
    e.egress = egress.amount;
    e.egressBasis = egress.basis;
    if (!egress.warning.isEmpty())
        warnings->append(egress.warning);
    e.portingWeeks = ported.weeks;
    e.porting = ported.cost;
    e.portingBasis = ported.basis;
    e.commitmentLeft = commitmentRemaining(offer, instances, p);
    if (e.commitmentLeft.amount > 0) {
        if (const auto converted = fx.convert(e.commitmentLeft.amount, offer.currency, currency))
            e.commitment = converted->amount;
        else
            warnings->append(Tr::tr("no exchange rate from %1 to %2 for the commitment: not counted").arg(offer.currency, currency));
    }
    return e;
}

LockinScore lockinScore(int providersOfAccelerator, double portingWeeks, pricing::PriceModel priceModel, double exit,
                        double planCost)
{
    LockinScore s;
    s.availability = 100.0 * std::clamp(1.0 - (providersOfAccelerator - 1) / 4.0, 0.0, 1.0);
    s.framework = 100.0 * std::clamp(portingWeeks / kRewriteWeeks, 0.0, 1.0);
    switch (priceModel) {
    case pricing::PriceModel::OnDemand:
    case pricing::PriceModel::Spot: s.commitment = 0; break;
    case pricing::PriceModel::Monthly: s.commitment = 10; break;
    case pricing::PriceModel::CapacityBlock: s.commitment = 20; break; // prepaid, for the run's length only
    case pricing::PriceModel::Purchase: s.commitment = 40; break;
    case pricing::PriceModel::Commit1y: s.commitment = 50; break;
    case pricing::PriceModel::Commit3y: s.commitment = 100; break;
    }
    s.exitShare = planCost > 0 ? 100.0 * std::clamp(exit / planCost, 0.0, 1.0) : (exit > 0 ? 100.0 : 0.0);
    s.score = weightedSum(s.factors());
    return s;
}

Terms LockinScore::factors() const
{
    return {
        {u"availability"_s, Tr::tr("availability"), availability, QString(), kAvailabilityWeight,
         Tr::tr("100 when one provider sells the accelerator, 0 from five")},
        {u"framework"_s, Tr::tr("framework"), framework, QString(), kFrameworkWeight,
         Tr::tr("porting weeks against a %1-week rewrite").arg(kRewriteWeeks, 0, 'f', 0)},
        {u"commitment"_s, Tr::tr("commitment"), commitment, QString(), kCommitmentWeight,
         Tr::tr("on demand or spot 0, monthly 10, capacity block 20, purchase 40, 1 year 50, 3 years 100")},
        {u"exit_share"_s, Tr::tr("exit share"), exitShare, QString(), kExitShareWeight,
         Tr::tr("the exit cost against the option's cost, capped at 100%")},
    };
}

} // namespace accelplan::planning
