#include "core/planning/cost/offercost.h"
#include "core/planning/cost/ownership.h"

#include "core/common/tr.h"

#include <algorithm>
#include <cmath>

using namespace Qt::StringLiterals;

namespace accelplan::planning {

using pricing::OfferKind;
using pricing::PriceModel;

namespace {

bool isTpu(const pricing::PriceRecord &offer, const catalog::Accelerator &accelerator)
{
    return offer.offerKind == OfferKind::Tpu || accelerator.id.startsWith(u"tpu"_s);
}

int smallestTpuSlice(const catalog::Accelerator &accelerator)
{
    // v4 and v5p slices start at 4 chips (v5p-8 counts TensorCores); v5e and v6e at 1.
    return accelerator.id == u"tpu-v4"_s || accelerator.id == u"tpu-v5p"_s ? 4 : 1;
}

} // namespace

QList<int> validChipCounts(const pricing::PriceRecord &offer, const catalog::Accelerator &accelerator, int maxChips)
{
    QList<int> counts;
    if (isTpu(offer, accelerator)) {
        const int pod = std::max(1, accelerator.maxDomainChips.value_or(256));
        for (int chips = smallestTpuSlice(accelerator); chips <= std::min(pod, maxChips); chips *= 2)
            counts.append(chips);
        if (counts.isEmpty() || counts.last() != pod) {
            // Pods that are not a power of two (v5p: 8960) are still sold whole.
            if (pod <= maxChips && (counts.isEmpty() || counts.last() < pod))
                counts.append(pod);
        }
        for (int pods = 2; pods * pod <= maxChips; ++pods)
            counts.append(pods * pod); // multislice
        return counts;
    }
    const int perInstance = std::max(1, offer.acceleratorCount);
    counts.reserve(std::max(0, maxChips / perInstance));
    for (int chips = perInstance; chips <= maxChips; chips += perInstance)
        counts.append(chips);
    return counts;
}

bool isValidChipCount(const pricing::PriceRecord &offer, const catalog::Accelerator &accelerator, int chips)
{
    if (isTpu(offer, accelerator)) {
        const QList<int> counts = validChipCounts(offer, accelerator, chips);
        return counts.contains(chips);
    }
    return chips > 0 && chips % std::max(1, offer.acceleratorCount) == 0;
}

double commitmentTermHours(PriceModel model)
{
    return model == PriceModel::Commit1y ? kHoursPerYear : model == PriceModel::Commit3y ? 3 * kHoursPerYear : 0;
}

CapacityBlockTerm capacityBlockTerm(double hours, const QList<catalog::CapacityBlockRule> &rules)
{
    CapacityBlockTerm t;
    const int days = std::max(1, int(std::ceil(hours / 24.0 - 1e-9)));
    if (rules.isEmpty()) {
        t.paidHours = days * 24.0;
        t.basis = Tr::tr("%1 whole day(s); no block durations shipped for this provider").arg(days);
        return t;
    }
    const int longest = rules.last().toDays;
    t.blocks = (days + longest - 1) / longest;
    // Full blocks of the longest duration, the last rounded up to the next duration sold.
    const int last = days - (t.blocks - 1) * longest;
    int lastPaid = longest;
    for (const catalog::CapacityBlockRule &r : rules) {
        if (last <= r.toDays) {
            const int steps = int(std::ceil(double(std::max(0, last - r.fromDays)) / r.incrementDays));
            lastPaid = std::min(r.toDays, std::max(r.fromDays, r.fromDays + steps * r.incrementDays));
            break;
        }
    }
    const int paidDays = (t.blocks - 1) * longest + lastPaid;
    t.paidHours = paidDays * 24.0;
    t.basis = t.blocks == 1 ? Tr::tr("one %1-day block for %2 day(s) of use").arg(paidDays).arg(days)
                            : Tr::tr("%1 consecutive blocks (%2 days) for %3 day(s) of use, %4 days at most each")
                                  .arg(t.blocks)
                                  .arg(paidDays)
                                  .arg(days)
                                  .arg(longest);
    return t;
}

CostTerms costTerms(const pricing::PriceRecord &offer, int instances)
{
    CostTerms t;
    t.costed = true;
    t.model = offer.key.priceModel;
    t.instances = instances;
    t.price = offer.price;
    t.listPrice = offer.listPrice;
    t.currency = offer.currency;
    t.setupFee = offer.setupFee;
    return t;
}

OfferCost offerCost(const pricing::PriceRecord &offer, int instances, const Range &wallHours, double commitmentOtherUse,
                    const OwnedHourly *owned, const QList<catalog::CapacityBlockRule> &blocks)
{
    const double price = offer.price.toDouble();
    const double n = instances;
    OfferCost c;
    c.terms = costTerms(offer, instances);
    c.terms.wallHours = wallHours.typical;
    // A vendor's quote is paid for at least its minimum term (quote.h).
    const int minimumMonths = offer.quote ? offer.quote->minimumTermMonths : 0;
    c.terms.minimumMonths = minimumMonths;
    switch (offer.key.priceModel) {
    case PriceModel::OnDemand:
    case PriceModel::Spot: {
        const double minimumHours = minimumMonths * kHoursPerMonth;
        auto paid = [&](double hours) { return n * price * std::max(hours, minimumHours); };
        c.amount = {paid(wallHours.low), paid(wallHours.typical), paid(wallHours.high)};
        c.terms.paidHours = std::max(wallHours.typical, minimumHours);
        break;
    }
    case PriceModel::Commit1y:
    case PriceModel::Commit3y: {
        const double termHours = commitmentTermHours(offer.key.priceModel);
        const double otherUse = std::clamp(commitmentOtherUse, 0.0, 1.0);
        auto committed = [&](double hours) {
            const double terms = std::max(1.0, std::ceil(hours / termHours));
            return n * price * std::max(hours, terms * termHours * (1.0 - otherUse));
        };
        c.amount = {committed(wallHours.low), committed(wallHours.typical), committed(wallHours.high)};
        c.terms.otherUse = otherUse;
        c.terms.paidHours = c.amount.typical / (n * price);
        break;
    }
    case PriceModel::CapacityBlock: {
        auto paid = [&](double hours) { return n * price * capacityBlockTerm(hours, blocks).paidHours; };
        c.amount = {paid(wallHours.low), paid(wallHours.typical), paid(wallHours.high)};
        const CapacityBlockTerm typical = capacityBlockTerm(wallHours.typical, blocks);
        c.terms.blockBasis = typical.basis;
        c.terms.paidHours = typical.paidHours;
        break;
    }
    case PriceModel::Monthly: {
        const double setup = offer.setupFee ? offer.setupFee->toDouble() : 0.0;
        auto months = [&](double hours) {
            return n * (price * std::max({1.0, double(minimumMonths), std::ceil(hours / kHoursPerMonth)}) + setup);
        };
        c.amount = {months(wallHours.low), months(wallHours.typical), months(wallHours.high)};
        break;
    }
    case PriceModel::Purchase:
        // The planners pass the owned costing for every purchase (ownership.h): one costing.
        Q_ASSERT(owned);
        if (!owned)
            break;
        // Used hours at the owned hourly cost, and the capex those hours leave idle (ownership.h).
        auto ownedCost = [&](double hours) { return n * (owned->total() * hours + ownedIdleCost(*owned, hours)); };
        c.amount = {ownedCost(wallHours.low), ownedCost(wallHours.typical), ownedCost(wallHours.high)};
        c.terms.ownedIdle = n * ownedIdleCost(*owned, wallHours.typical);
        c.terms.owned = std::make_shared<const OwnedHourly>(*owned);
        break;
    }
    return c;
}

namespace {

Term costTerm(const char *id, const QString &label, double value, const QString &unit, const QString &text,
              bool addend = false)
{
    Term t{QString::fromLatin1(id), label, value, unit, {}, text, {}, {}};
    t.addend = addend;
    return t;
}

Term instancesTerm(const CostTerms &c)
{
    return costTerm("instances", Tr::tr("instances"), c.instances, {}, Tr::tr("%1 instance(s)").arg(c.instances));
}

Term serversTerm(const CostTerms &c)
{
    return costTerm("instances", Tr::tr("servers"), c.instances, {}, Tr::tr("%1 server(s)").arg(c.instances));
}

Term priceTerm(const CostTerms &c, const QString &per, const QString &label = Tr::tr("price"), const QString &after = {})
{
    const QString unit = c.currency + per;
    // The price paid; under the team's discount, the list price beside it.
    const QString discounted = c.listPrice ? Tr::tr(" (list %1, the team's discount)").arg(c.listPrice->toString()) : QString();
    return costTerm("price", label, c.price.toDouble(), unit,
                    Tr::tr("%1 %2%3%4").arg(c.price.toString(), unit, discounted, after));
}

/// Owned hardware's cost for \a hours of use (× \a runs) in its named lines (ownership.h): host,
/// network, installation, colocation, power, each an amount and how it is reached.
Terms ownedTerms(const CostTerms &c, double hours, int runs)
{
    Terms t;
    if (!c.owned)
        return t;
    const QString runsText = runs > 1 ? Tr::tr(" × %1 runs").arg(runs) : QString();
    for (const OwnedHourly::Line &line : c.owned->lines) {
        const double value = c.instances * line.perHour * hours * runs;
        const QByteArray id = line.id.toLatin1();
        t.append(costTerm(id.constData(), line.label, value, c.currency,
                          value > 0 ? Tr::tr("%1 %2 %3: %4 server(s) × %5 %3/h × %6 h%7 (%8)")
                                          .arg(line.label)
                                          .arg(value, 0, 'f', 2)
                                          .arg(c.currency)
                                          .arg(c.instances)
                                          .arg(line.perHour, 0, 'f', 4)
                                          .arg(hours, 0, 'f', 0)
                                          .arg(runsText, line.how)
                                    : Tr::tr("%1 %2").arg(line.label, line.how),
                          true));
    }
    return t;
}

} // namespace

Terms CostTerms::runTerms() const
{
    if (!costed)
        return {};
    auto hours = [](const QString &label, double value, const QString &text) {
        return costTerm("hours", label, value, u"h"_s, text);
    };
    Terms t;
    switch (model) {
    case PriceModel::OnDemand:
    case PriceModel::Spot:
        t = {instancesTerm(*this), priceTerm(*this, u"/h"_s),
             paidHours > wallHours
                 ? hours(Tr::tr("paid hours"), paidHours,
                         Tr::tr("the quote's minimum term of %1 month(s), paid whole (the run takes %2 h)")
                             .arg(minimumMonths)
                             .arg(wallHours, 0, 'f', 0))
                 : hours(Tr::tr("wall hours"), wallHours, Tr::tr("wall hours"))};
        break;
    case PriceModel::Commit1y:
    case PriceModel::Commit3y:
        t = {instancesTerm(*this), priceTerm(*this, u"/h"_s),
             hours(Tr::tr("committed hours"), paidHours,
                   Tr::tr("the whole %1-hour term, less %2% used by other work").arg(commitmentTermHours(model)).arg(otherUse * 100))};
        break;
    case PriceModel::CapacityBlock:
        t = {instancesTerm(*this), priceTerm(*this, u"/h"_s),
             hours(Tr::tr("block hours"), paidHours, Tr::tr("the reserved block, paid whole: %1").arg(blockBasis))};
        break;
    case PriceModel::Monthly:
        t = {serversTerm(*this), priceTerm(*this, u"/month"_s),
             minimumMonths > std::ceil(wallHours / kHoursPerMonth)
                 ? costTerm("months", Tr::tr("whole months"), minimumMonths, {},
                            Tr::tr("the quote's minimum term of %1 month(s)").arg(minimumMonths))
                 : costTerm("months", Tr::tr("whole months"), std::max(1.0, std::ceil(wallHours / kHoursPerMonth)), {},
                            Tr::tr("whole months"))};
        if (setupFee && setupFee->toDouble() > 0)
            t.append(costTerm("setup", Tr::tr("setup fees"), instances * setupFee->toDouble(), currency,
                              Tr::tr("setup %1 each").arg(setupFee->toString()), true));
        break;
    case PriceModel::Purchase:
        t = ownedTerms(*this, wallHours, runs); // each line an addend, for all the runs
        if (ownedIdle > 0)
            t.append(costTerm("idle_capex", Tr::tr("idle capex"), ownedIdle, currency,
                              Tr::tr("%1 %2 of capex the run leaves idle (the hardware is not filled by this work)")
                                  .arg(ownedIdle, 0, 'f', 0)
                                  .arg(currency),
                              true));
        break;
    }
    // Several runs multiply the run's factors; addends (setup, idle capex) come last, once.
    if (runs > 1 && model != PriceModel::Purchase) {
        const auto firstAddend = std::find_if(t.begin(), t.end(), [](const Term &term) { return term.addend; });
        t.insert(firstAddend, costTerm("runs", Tr::tr("runs"), runs, {}, Tr::tr("%1 runs").arg(runs)));
    }
    return t + allIn;
}

Terms CostTerms::monthlyTerms() const
{
    if (!costed)
        return {};
    const QString month = QString::number(kHoursPerMonth, 'f', 0);
    auto hours = [&](const QString &text) { return costTerm("hours", Tr::tr("hours a month"), kHoursPerMonth, u"h"_s, text); };
    Terms t{instancesTerm(*this)};
    switch (model) {
    case PriceModel::OnDemand:
    case PriceModel::Spot: t << priceTerm(*this, u"/h"_s) << hours(Tr::tr("%1 h").arg(month)); break;
    case PriceModel::Commit1y:
    case PriceModel::Commit3y:
        t << priceTerm(*this, u"/h"_s, Tr::tr("effective commitment rate"), Tr::tr(" effective commitment rate"))
          << hours(Tr::tr("%1 h (the whole term is payable)").arg(month));
        break;
    case PriceModel::CapacityBlock:
        t << priceTerm(*this, u"/h"_s)
          << hours(Tr::tr("%1 h in capacity blocks booked back to back (each block paid whole; a next block is not "
                          "guaranteed)")
                       .arg(month));
        break;
    case PriceModel::Monthly:
        t << priceTerm(*this, u"/month"_s);
        if (setupFee)
            t << costTerm("setup", Tr::tr("setup fees, once"), instances * setupFee->toDouble(), currency,
                          Tr::tr("setup %1 %2 per server, once").arg(setupFee->toString(), currency), true);
        break;
    case PriceModel::Purchase: t = ownedTerms(*this, kHoursPerMonth, 1); break;
    }
    if (demandFactor)
        t << costTerm("demand", Tr::tr("demand curve"), *demandFactor, {},
                      Tr::tr("%1 (the peak's fleet above; the demand curve's months average this share of it, by_month)")
                          .arg(*demandFactor, 0, 'f', 3));
    return t + allIn;
}

} // namespace accelplan::planning
