#include "core/planning/plan/headline.h"

#include "core/common/tr.h"
#include "core/planning/plan/plan.h"

#include <QLocale>

#include <algorithm>

using namespace Qt::StringLiterals;

namespace accelplan::planning {

QString groupedAmount(double value)
{
    QLocale locale = QLocale::c();
    locale.setNumberOptions(QLocale::DefaultNumberOptions);
    return locale.toString(value, 'f', 0);
}

namespace {

QString days(double value)
{
    return QString::number(value, 'f', 1);
}

/// The cheapest runnable on-demand option of the same accelerator: what a spot run falls back to.
const TrainingOption *onDemandFallback(const QList<TrainingOption> &options, const TrainingOption &spot)
{
    const TrainingOption *best = nullptr;
    for (const TrainingOption &o : options)
        if (o.runnable() && o.offer.accelerator == spot.offer.accelerator
            && o.offer.key.priceModel == pricing::PriceModel::OnDemand
            && o.offer.offerKind != pricing::OfferKind::Marketplace && (!best || o.cost.typical < best->cost.typical))
            best = &o;
    return best;
}

} // namespace

Headline planHeadline(const Plan &plan, const Ownership &ownership)
{
    Headline h;
    h.currency = plan.currency;
    h.amortised = plan.budget.total;
    h.cashTotal = plan.budget.cashTotal;
    h.horizonMonths = int(plan.budget.months.size());
    const Sensitivity &x = plan.sensitivity;
    const bool sampled = x.samples > 0 && (plan.recommendedTraining() || plan.recommendedInference());
    h.p10 = sampled ? std::max(0.0, h.amortised + x.p10 - x.base) : h.amortised;
    h.p50 = sampled ? std::max(0.0, h.amortised + x.p50 - x.base) : h.amortised;
    h.p90 = sampled ? std::max(0.0, h.amortised + x.p90 - x.base) : h.amortised;
    h.basis = Tr::tr("budget at P50/P90: the point budget moved by the Monte Carlo's P50/P90 of the plan total "
                     "(%1 samples of throughput, prices, utilisation, volume and exchange rates) less its base; "
                     "cash out: every payment in the horizon, owned hardware paid in full when bought")
                  .arg(x.samples);

    const TrainingOption *train = plan.recommendedTraining();
    const InferenceOption *serve = plan.recommendedInference();
    auto addOwned = [&](const std::optional<OwnedFigures> &owned) {
        if (!owned)
            return;
        h.capex += owned->capex;
        h.idleCost += owned->idleCost;
        h.usedShare = h.usedShare ? std::min(*h.usedShare, owned->usedShare) : owned->usedShare;
        h.rentedCompared = h.rentedCompared && !owned->rentedOffer.isEmpty();
        if (owned->breakEvenMonths)
            h.paybackMonths = h.paybackMonths ? std::max(*h.paybackMonths, *owned->breakEvenMonths) : *owned->breakEvenMonths;
        h.ownedAssumptions = ownershipAssumptions(ownership);
    };
    if (train)
        addOwned(train->owned);
    if (serve)
        addOwned(serve->owned);
    if (serve)
        h.costPerMillionOutput = serve->costPerMillionOutputAllIn;

    if (train && plan.trainingRequest) {
        h.trainingDays = train->projection->wallHours.scaled(1.0 / 24);
        h.deadlineDays = plan.trainingRequest->deadlineDays;
        h.trainingRuns = plan.trainingRequest->runs;
        if (h.deadlineDays && h.trainingDays->high > *h.deadlineDays)
            h.risks.append(Tr::tr("deadline: the slow end of the training band, %1 days, misses the %2-day deadline "
                                  "(typical %3 days)")
                               .arg(days(h.trainingDays->high), days(*h.deadlineDays), days(h.trainingDays->typical)));
        if (const auto budget = plan.trainingRequest->constraints.budget; budget && train->cost.high > *budget)
            h.risks.append(Tr::tr("budget: the slow end of the training cost, %1 %2, is over the budget of %3 %2")
                               .arg(groupedAmount(train->cost.high), h.currency, groupedAmount(*budget)));
        const pricing::PriceModel model = train->offer.key.priceModel;
        const bool reclaimable = model == pricing::PriceModel::Spot || train->offer.offerKind == pricing::OfferKind::Marketplace;
        if (reclaimable && train->projection->chips > kSpotCapacityRiskChips) {
            const TrainingOption *fallback = onDemandFallback(plan.training->options, *train);
            h.risks.append(
                Tr::tr("capacity: no capacity guarantee for %1 %2 chips (%3); %4")
                    .arg(train->projection->chips)
                    .arg(model == pricing::PriceModel::Spot ? Tr::tr("spot") : Tr::tr("marketplace"), train->offer.accelerator,
                         fallback ? Tr::tr("the on-demand fallback, %1 %2, costs %3 %4 over %5 days")
                                        .arg(fallback->offer.key.provider, fallback->offer.key.sku,
                                             groupedAmount(fallback->cost.typical), h.currency,
                                             days(fallback->projection->wallHours.typical / 24))
                                  : Tr::tr("no on-demand option of the same accelerator to fall back on")));
        }
    }
    if (h.usedShare && *h.usedShare < 1.0)
        h.risks.append(Tr::tr("idle hardware: the plan fills %1% of the purchased hardware's useful life (%2); "
                              "%3 %4 of capex it leaves idle is charged to the plan (ownership.other_use gives the "
                              "share other work fills)")
                           .arg(*h.usedShare * 100, 0, 'f', 1)
                           .arg(h.ownedAssumptions, groupedAmount(h.idleCost), h.currency));
    auto staleRisk = [&](const pricing::PriceRecord &offer) {
        if (plan.pricesAsOf.isValid() && offer.stale(plan.pricesAsOf))
            h.risks.append(Tr::tr("stale price: %1 %2 is priced as of %3, %4 days before the prices' date")
                               .arg(offer.key.provider, offer.key.sku, offer.asOf.toString(Qt::ISODate))
                               .arg(offer.ageDays(plan.pricesAsOf)));
    };
    if (train)
        staleRisk(train->offer);
    if (serve)
        staleRisk(serve->offer);
    for (const QStringList &warnings : {train ? train->warnings : QStringList(), serve ? serve->warnings : QStringList()})
        for (const QString &w : warnings)
            if (w.startsWith(QStringView(kImplausibleDiscountWarning)))
                h.risks.append(w);
    return h;
}

QString Headline::text() const
{
    QString t = Tr::tr("Budget %1 %2 at P50 (P90 %3; point projection %4)")
                    .arg(groupedAmount(p50), currency, groupedAmount(p90), groupedAmount(amortised));
    t += Tr::tr("; cash out %1 %2 over %3 months").arg(groupedAmount(cashTotal), currency).arg(horizonMonths);
    if (capex > 0) {
        t += Tr::tr(", of which capex %1 %2").arg(groupedAmount(capex), currency);
        t += paybackMonths    ? Tr::tr(" (buying pays back after %1 months of use against a %2-month horizon; %3)")
                                    .arg(*paybackMonths, 0, 'f', 0)
                                    .arg(horizonMonths)
                                    .arg(ownedAssumptions)
             : rentedCompared ? Tr::tr(" (buying never pays back against renting; %1)").arg(ownedAssumptions)
                              : Tr::tr(" (no rented option of the same accelerator in the plan to compare with; %1)")
                                    .arg(ownedAssumptions);
    }
    if (trainingDays)
        t += Tr::tr("; training %1 days (%2–%3)%4%5")
                 .arg(days(trainingDays->typical), days(trainingDays->low), days(trainingDays->high),
                      trainingRuns > 1 ? Tr::tr(" a run, %1 runs").arg(trainingRuns) : QString(),
                      deadlineDays ? Tr::tr(" against a %1-day deadline").arg(days(*deadlineDays)) : QString());
    if (costPerMillionOutput)
        t += Tr::tr("; %1 %2 per 1M output tokens all-in").arg(*costPerMillionOutput, 0, 'f', 3).arg(currency);
    return t + u'.';
}

} // namespace accelplan::planning
