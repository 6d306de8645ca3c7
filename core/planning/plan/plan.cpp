#include "core/planning/plan/plan.h"

#include "core/catalog/acceleratorcatalog.h"
#include "core/common/stablesort.h"
#include "core/common/tr.h"
#include "core/planning/cost/allin.h"
#include "core/planning/model/cluster.h"
#include "core/planning/options/demand.h"
#include "core/planning/plan/headline.h"

#include <QHash>
#include <QLocale>

#include <algorithm>
#include <cmath>
#include <numeric>

using namespace Qt::StringLiterals;

namespace accelplan::planning {

namespace {

/// \a extra more a month: the monthly cost and its band, and what a request and a token cost in
/// the same proportion.
void addMonthly(InferenceOption &o, double extra)
{
    if (extra <= 0 || o.monthlyCost <= 0)
        return;
    const double factor = (o.monthlyCost + extra) / o.monthlyCost;
    o.monthlyCost += extra;
    o.monthlyCostBand = {o.monthlyCostBand.low + extra, o.monthlyCostBand.typical + extra, o.monthlyCostBand.high + extra};
    for (double *value : {&o.costPerRequest, &o.costPerMillionInput, &o.costPerMillionOutput, &o.costPerMillionOutputAllIn})
        *value *= factor;
    o.costPerRequestBand = o.costPerRequestBand.scaled(factor);
    o.costPerMillionOutputBand = o.costPerMillionOutputBand.scaled(factor);
}

/// An inference option's cost over the horizon: its monthly cost for every month, and for a
/// commitment (or a quote's minimum term) longer than the horizon the rest of the term, less other
/// work's share; for owned hardware the capex the horizon leaves idle.
double inferencePlanCost(const InferenceOption &o, double months, double otherUse)
{
    double cost = o.monthlyCost * months + o.setupCost + (o.owned ? o.owned->idleCost : 0.0);
    const double term = termMonths(o.offer);
    // Past the horizon the term is paid: with a demand curve, the committed floor's month.
    if (term > months)
        cost += (o.byMonth.isEmpty() ? o.monthlyCost : o.byMonth.last().committedCost) * (term - months) * (1.0 - otherUse);
    return cost;
}

template<typename Option>
void fillLockin(Option &o, double planCost, int instances, const LockinParameters &parameters, const Market &market,
                const catalog::AcceleratorCatalog &accelerators, const catalog::PlanningCatalog &catalog,
                const pricing::FxTable &fx, const QString &currency, ExitCostMemo &memo)
{
    const catalog::Accelerator *accelerator = accelerators.find(o.offer.accelerator);
    if (!accelerator)
        return;
    OptionLockin &l = o.lockin;
    l.computed = true;
    l.planCost = planCost;
    l.providers = market.providerCount.value(accelerator);
    l.exit = exitCost(o.offer, *accelerator, std::max(1, instances), parameters, market, catalog, fx, currency, &o.warnings,
                      &memo);
    l.score = lockinScore(l.providers, l.exit.portingWeeks, o.offer.key.priceModel, l.exit.total(), planCost);
    l.adjustedCost = lockinAdjustedCost(planCost, parameters.exitProbability, l.exit.total());
}

/// On-demand prices by provider, SKU, region and currency: what a spot price is held against.
using OnDemandPrices = QHash<QString, double>;
QString onDemandKey(const pricing::PriceRecord &o)
{
    return o.key.provider + u'\x1f' + o.key.sku + u'\x1f' + o.key.region + u'\x1f' + o.currency;
}
OnDemandPrices onDemandPrices(const QList<pricing::PriceRecord> &offers)
{
    OnDemandPrices prices;
    for (const pricing::PriceRecord &o : offers)
        if (o.key.priceModel == pricing::PriceModel::OnDemand && o.price.toDouble() > 0)
            prices.insert(onDemandKey(o), o.price.toDouble());
    return prices;
}

/// A spot price deeper below on-demand than providers' usual range is flagged on the option.
template<typename Option>
void flagImplausibleDiscounts(QList<Option> &options, const OnDemandPrices &onDemand)
{
    for (Option &o : options) {
        if (!o.runnable() || o.offer.key.priceModel != pricing::PriceModel::Spot)
            continue;
        const auto found = onDemand.constFind(onDemandKey(o.offer));
        if (found == onDemand.cend())
            continue;
        const double share = o.offer.price.toDouble() / *found;
        if (share < 1.0 - kImplausibleSpotDiscount)
            o.warnings.append(QString::fromUtf16(kImplausibleDiscountWarning)
                              + Tr::tr("spot at %1% of on-demand (%2 against %3 %4/h), more than %5% below it, deeper "
                                       "than providers' usual spot discounts; check the price before relying on it")
                                  .arg(share * 100, 0, 'f', 0)
                                  .arg(o.offer.price.toString())
                                  .arg(*found)
                                  .arg(o.offer.currency)
                                  .arg(kImplausibleSpotDiscount * 100, 0, 'f', 0));
    }
}

template<typename Option>
void rankByAdjustedCost(QList<Option> &options)
{
    stableSortByIndex(options, [](const Option &a, const Option &b) {
        if (a.runnable() != b.runnable())
            return a.runnable();
        if (!a.runnable())
            return false;
        return a.lockin.adjustedCost < b.lockin.adjustedCost;
    });
}

template<typename Option>
std::optional<BreakEven> breakEven(const QList<Option> &options, double exitProbability, const QString &currency)
{
    BreakEven b;
    for (int i = 0; i < options.size(); ++i) {
        const Option &o = options[i];
        if (!o.runnable())
            continue;
        if (b.cheapest < 0 || o.lockin.planCost < options[b.cheapest].lockin.planCost)
            b.cheapest = i;
        const bool portable = o.lockin.providers >= 3 && o.lockin.exit.portingWeeks == 0
                              && !isCommitment(o.offer.key.priceModel) && o.offer.key.priceModel != pricing::PriceModel::Purchase;
        if (portable && (b.cheapestPortable < 0 || o.lockin.planCost < options[b.cheapestPortable].lockin.planCost))
            b.cheapestPortable = i;
    }
    if (b.cheapest < 0)
        return std::nullopt;
    const OptionLockin &cheap = options[b.cheapest].lockin;
    b.expectedExitCost = exitProbability * cheap.exit.total();
    if (b.cheapestPortable < 0) {
        b.summary = Tr::tr("no portable option (sold by three or more providers, no porting, no term) meets the constraints");
        return b;
    }
    const OptionLockin &portable = options[b.cheapestPortable].lockin;
    b.savings = portable.planCost - cheap.planCost;
    const double exitGap = cheap.exit.total() - portable.exit.total();
    if (exitGap > 0)
        b.breakEvenExitProbability = b.savings / exitGap;
    auto name = [&](int i) -> QString { return options[i].offer.key.provider + u' ' + options[i].offer.key.sku; };
    if (b.cheapest == b.cheapestPortable) {
        b.summary = Tr::tr("the cheapest option, %1, is also portable: no lock-in trade-off").arg(name(b.cheapest));
    } else {
        b.summary = Tr::tr("%1 saves %2 %3 against the cheapest portable option (%4); leaving it would cost %5 %3, "
                           "%6 %3 expected at the scenario's exit probability%7")
                        .arg(name(b.cheapest), groupedAmount(b.savings), currency, name(b.cheapestPortable),
                             groupedAmount(cheap.exit.total()), groupedAmount(b.expectedExitCost),
                             !b.breakEvenExitProbability ? QString()
                             // Savings above the whole exit gap: cheaper however likely leaving is.
                             : *b.breakEvenExitProbability > 1
                                 ? Tr::tr("; it stays cheaper even if leaving is certain")
                                 : Tr::tr("; it stays cheaper while the chance of leaving is below %1%")
                                       .arg(*b.breakEvenExitProbability * 100, 0, 'f', 0));
    }
    return b;
}

/// One side's plan: the memo's where it answers the same request, else \a make's, kept in the memo.
template <class Request, class SidePlan, class Make>
SidePlan remembered(PlanMemo *memo, std::optional<Request> PlanMemo::*request, std::optional<SidePlan> PlanMemo::*plan,
                    const Request &wanted, Make make)
{
    if (memo && (memo->*plan) && (memo->*request) == wanted) {
        ++memo->reused;
        return *(memo->*plan);
    }
    SidePlan made = make();
    if (memo) {
        memo->*request = wanted;
        memo->*plan = made;
    }
    return made;
}

/// Owned hardware against the cheapest rented server of the same accelerator and count.
QList<OwnershipAnalysis> ownershipAnalyses(const Constraints &constraints, const QList<pricing::PriceRecord> &offers,
                                           const catalog::AcceleratorCatalog &accelerators, const pricing::FxTable &fx,
                                           const QString &currency, const Ownership &ownership)
{
    // The cheapest rented (not spot) hour of each accelerator, plan currency, found in one pass
    // over the offers rather than once per purchase.
    struct Rented
    {
        double perAcceleratorHour;
        QString offer; ///< "provider sku (price model)"
    };
    QHash<QString, Rented> cheapest;
    const bool anyPurchase = std::any_of(offers.cbegin(), offers.cend(), [](const pricing::PriceRecord &o) {
        return o.key.priceModel == pricing::PriceModel::Purchase;
    });
    if (anyPurchase) {
        for (const pricing::PriceRecord &rented : offers) {
            if (rented.key.priceModel == pricing::PriceModel::Purchase || rented.key.priceModel == pricing::PriceModel::Spot
                || rented.acceleratorCount <= 0)
                continue;
            const auto r = fx.convert(1.0, rented.currency, currency);
            if (!r)
                continue;
            const double perHour = rented.price.toDouble() * r->amount
                                   / (rented.key.priceModel == pricing::PriceModel::Monthly ? kHoursPerMonth : 1.0);
            const double perAccelerator = perHour / rented.acceleratorCount;
            const auto found = cheapest.constFind(rented.accelerator);
            if (found == cheapest.cend() || perAccelerator < found->perAcceleratorHour)
                cheapest.insert(rented.accelerator,
                                {perAccelerator, rented.key.provider + u' ' + rented.key.sku + u" ("_s
                                                     + pricing::toString(rented.key.priceModel) + u')'});
        }
    }
    QList<OwnershipAnalysis> analyses;
    for (const pricing::PriceRecord &offer : offers) {
        if (offer.key.priceModel != pricing::PriceModel::Purchase || !allows(constraints, offer))
            continue;
        const catalog::Accelerator *accelerator = accelerators.find(offer.accelerator);
        const auto rate = fx.convert(1.0, offer.currency, currency);
        if (!accelerator || !rate)
            continue;
        OwnershipAnalysis a;
        a.offer = offer;
        const int count = std::max(1, offer.acceleratorCount);
        const double price = offer.price.toDouble() * rate->amount;
        a.hourly = ownedHourly(price, count, *accelerator, ownership);
        if (const auto rented = cheapest.constFind(offer.accelerator); rented != cheapest.cend()) {
            a.rentedHourly = rented->perAcceleratorHour * count;
            a.rentedOffer = rented->offer;
        }
        if (a.rentedHourly)
            a.breakEvenUtilization = breakEvenUtilization(price, count, *accelerator, ownership, *a.rentedHourly);
        analyses.append(a);
    }

    return analyses;
}

/// What leaving an option costs, as the scenario's lock-in section and training framework say.
LockinParameters lockinParameters(const scenario::Scenario &s)
{
    LockinParameters lockin;
    lockin.dataGb = s.lockin.datasetGb.value_or(0) + s.lockin.checkpointGb.value_or(0);
    lockin.engineerWeekCost = s.lockin.engineerWeekCost;
    lockin.exitProbability = s.lockin.exitProbability;
    lockin.exitAtFraction = s.lockin.exitAtFraction;
    lockin.commitmentOtherUse = s.lockin.commitmentOtherUse;
    lockin.customCudaKernels = s.lockin.customCudaKernels;
    lockin.framework = s.training ? s.training->framework : u"pytorch"_s;
    return lockin;
}

/// The judgements every plan rests on, listed with its defaults.
QStringList planningJudgements()
{
    QStringList judgements;
    judgements.append(Tr::tr("price uncertainty by the price row's confidence: exact ±5%, derived or approximate "
                                "±10%, remembered ±25% (judgement)"));
    judgements.append(Tr::tr("spot or marketplace training above %1 chips carries a capacity risk: no provider "
                                "guarantees it (judgement)")
                             .arg(kSpotCapacityRiskChips));
    judgements.append(Tr::tr("a spot price more than %1% below on-demand is flagged as implausible (Google Cloud "
                                "states spot discounts of up to 91%; judgement)")
                             .arg(kImplausibleSpotDiscount * 100, 0, 'f', 0));
    return judgements;
}

} // namespace

const TrainingOption *Plan::recommendedTraining() const
{
    return training && !training->options.isEmpty() && training->options.first().runnable() ? &training->options.first()
                                                                                             : nullptr;
}

const InferenceOption *Plan::recommendedInference() const
{
    return inference && !inference->options.isEmpty() && inference->options.first().runnable() ? &inference->options.first()
                                                                                               : nullptr;
}

namespace {

/// The plan's recommendation in one sentence: where to train and where to serve, and for what.
QString recommendation(const Plan &plan)
{
    const TrainingOption *train = plan.recommendedTraining();
    const InferenceOption *serve = plan.recommendedInference();
    QStringList parts;
    auto offerName = [](const pricing::PriceRecord &o) -> QString {
        return o.key.provider + u' ' + o.key.sku + u" ("_s + pricing::toString(o.key.priceModel) + u')';
    };
    if (train)
        parts.append(Tr::tr("train on %1 × %2 at %3 in %7: %4 %5 over %6 days")
                         .arg(QString::number(train->projection->chips), train->offer.accelerator, offerName(train->offer),
                              groupedAmount(train->cost.typical), plan.currency,
                              QString::number(train->projection->wallHours.typical * plan.trainingRequest->runs / 24, 'f', 1),
                              train->offer.key.region));
    else if (plan.training)
        parts.append(Tr::tr("no training option meets the constraints"));
    auto replicas = [](int count, int chips) -> QString {
        return (count == 1 ? Tr::tr("1 replica") : Tr::tr("%1 replicas").arg(count)) + u" × "_s
               + (chips == 1 ? Tr::tr("1 chip") : Tr::tr("%1 chips").arg(chips));
    };
    if (serve) {
        const QString layout = serve->disaggregation
                                   ? Tr::tr("prefill %1, decode %2")
                                         .arg(replicas(serve->disaggregation->prefillReplicas,
                                                       serve->disaggregation->prefillChipsPerReplica),
                                              replicas(serve->disaggregation->decodeReplicas,
                                                       serve->disaggregation->decodeChipsPerReplica))
                                   : replicas(serve->replicas, serve->projection->chipsPerReplica);
        parts.append(Tr::tr("serve on %1 × %2 at %3 in %8 (%4): %5 %6 a month, %7 %6 per 1M output tokens all-in")
                         .arg(QString::number(serve->chips), serve->offer.accelerator, offerName(serve->offer), layout,
                              groupedAmount(serve->monthlyCost), plan.currency,
                              QString::number(serve->costPerMillionOutputAllIn, 'f', 3), serve->offer.key.region));
    }
    else if (plan.inference)
        parts.append(Tr::tr("no inference option meets the constraints"));
    QString text = parts.join(u"; "_s);
    if (!parts.isEmpty())
        text[0] = text[0].toUpper();
    return text;
}

} // namespace

Result<Plan> planScenario(const scenario::Scenario &s, const catalog::AcceleratorCatalog &accelerators,
                          const catalog::PlanningCatalog &catalog, const QList<pricing::PriceRecord> &offers,
                          const pricing::FxTable &fx, QDate pricesAsOf, PlanMemo *memo)
{
    // A memo of another snapshot says nothing about this one.
    if (memo && (memo->offers != &offers || memo->catalog != &catalog || memo->accelerators != &accelerators)) {
        *memo = PlanMemo();
        memo->offers = &offers;
        memo->catalog = &catalog;
        memo->accelerators = &accelerators;
    }
    Plan plan;
    plan.scenarioName = s.name;
    plan.currency = s.currency;
    plan.pricesAsOf = pricesAsOf;
    plan.defaults = s.defaults;
    for (const Diagnostic &d : s.warnings)
        plan.warnings.append(d.toString());

    const Ownership ownership{s.ownership.powerPriceKwh, s.ownership.pue,
                              s.ownership.lifetimeMonths, s.ownership.utilization,
                              s.ownership.coloPerServerMonth, s.ownership.networkingPerServer,
                              s.ownership.installationPerServer, s.ownership.otherUse};
    plan.lockin = lockinParameters(s);
    LockinParameters &lockin = plan.lockin;
    const Market market = marketOf(offers, accelerators);
    ExitCostMemo exitMemo;
    ClusterShapes shapes(catalog);

    if (s.training) {
        auto request = trainingRequest(s, catalog);
        if (!request)
            return request.error();
        request->ownership = ownership;
        if (!s.lockin.checkpointGb)
            lockin.dataGb += request->input.modelParams * kAdamBytesPerParam / 1e9;
        plan.trainingRequest = *request;
        plan.training = remembered(memo, &PlanMemo::trainingRequest, &PlanMemo::training, *request,
                                   [&] { return planTraining(*request, accelerators, catalog, offers, fx, &shapes); });
    }
    if (s.inference) {
        auto request = inferenceRequest(s, catalog);
        if (!request)
            return request.error();
        request->ownership = ownership;
        // A service carries its weights out at the precision it serves, not a training checkpoint.
        if (!s.lockin.checkpointGb && !s.training)
            lockin.dataGb += request->input.modelParams * bytesPerWeight(request->input.precision) / 1e9;
        plan.inferenceRequest = *request;
        plan.inference = remembered(memo, &PlanMemo::inferenceRequest, &PlanMemo::inference, *request,
                                    [&] { return planInference(*request, accelerators, catalog, offers, fx, &shapes); });
        plan.inferenceMonths = s.inference->months;
        plan.demand = demandByMonth(s.inference->demand, s.inference->demandSteps, int(std::ceil(s.inference->months - 1e-9)));
        plan.demandSteps = s.inference->demandSteps;
    }

    const OnDemandPrices onDemand = onDemandPrices(offers);
    // The all-in lines: the dataset and checkpoints stored while training, the egress of the run
    // and of the service's responses, the support plan (allin.h).
    const AllInInputs allIn{lockin.dataGb, s.allIn.storage, s.allIn.trainingEgressGb, s.allIn.egressKbPerRequest,
                            s.allIn.supportPlans};
    if (plan.training) {
        flagImplausibleDiscounts(plan.training->options, onDemand);
        const int runs = plan.trainingRequest->runs;
        for (TrainingOption &o : plan.training->options) {
            if (!o.runnable())
                continue;
            const double months = o.projection->wallHours.typical * runs / kHoursPerMonth;
            o.costTerms.allIn = allInTerms(o.offer, allIn, months, o.cost.typical, allIn.trainingEgressGb, catalog, fx,
                                           plan.currency, &o.warnings);
            const double extra = termSum(o.costTerms.allIn);
            o.cost = {o.cost.low + extra, o.cost.typical + extra, o.cost.high + extra};
        }
        for (TrainingOption &o : plan.training->options) {
            if (o.runnable())
                fillLockin(o, o.cost.typical, o.instances, lockin, market, accelerators, catalog, fx, plan.currency, exitMemo);
        }
        rankByAdjustedCost(plan.training->options);
        plan.trainingBreakEven = breakEven(plan.training->options, lockin.exitProbability, plan.currency);
    }
    if (plan.inference) {
        flagImplausibleDiscounts(plan.inference->options, onDemand);
        // A demand curve: each option sized month by month, a commitment for its floor.
        double meanLoad = plan.inference->requestsPerSecond;
        if (!plan.demand.isEmpty()) {
            meanLoad = std::accumulate(plan.demand.cbegin(), plan.demand.cend(), 0.0) / plan.demand.size();
            for (InferenceOption &o : plan.inference->options) {
                const auto price = onDemand.constFind(onDemandKey(o.offer)); // the same offer on demand
                applyDemand(o, plan.demand, plan.inferenceRequest->production,
                            price != onDemand.cend() ? std::optional<double>(*price) : std::nullopt);
            }
        }
        const double responsesGbPerMonth = meanLoad * kHoursPerMonth * 3600.0 * allIn.egressKbPerRequest / 1e6;
        AllInInputs serving = allIn;
        serving.storage = false; // a service's weights; the dataset and checkpoints are training's
        for (InferenceOption &o : plan.inference->options) {
            if (!o.runnable())
                continue;
            o.costTerms.allIn = allInTerms(o.offer, serving, 1.0, o.monthlyCost, responsesGbPerMonth, catalog, fx,
                                           plan.currency, &o.warnings);
            addMonthly(o, termSum(o.costTerms.allIn));
        }
        for (InferenceOption &o : plan.inference->options) {
            if (o.runnable())
                fillLockin(o, inferencePlanCost(o, plan.inferenceMonths, lockin.commitmentOtherUse), o.instances, lockin,
                           market, accelerators, catalog, fx, plan.currency, exitMemo);
        }
        rankByAdjustedCost(plan.inference->options);
        plan.inferenceBreakEven = breakEven(plan.inference->options, lockin.exitProbability, plan.currency);
    }

    plan.ownership = ownershipAnalyses(s.constraints, offers, accelerators, fx, plan.currency, ownership);

    const TrainingOption *train = plan.recommendedTraining();
    const InferenceOption *serve = plan.recommendedInference();
    plan.trainingStartMonth = s.training ? s.training->startMonth - 1 : 0;
    plan.budget = planBudget(train, plan.trainingRequest ? plan.trainingRequest->runs : 1, plan.trainingStartMonth,
                             serve, plan.inferenceMonths);
    plan.sensitivity = planSensitivity(train, serve, plan.inferenceRequest ? plan.inferenceRequest->input.targetUtilisation : 1.0,
                                       s.sensitivity, plan.currency);
    plan.defaults.append(planningJudgements());

    plan.recommendation = recommendation(plan);
    plan.headline = planHeadline(plan, ownership);
    for (const QString &risk : std::as_const(plan.headline.risks))
        if (!plan.warnings.contains(risk))
            plan.warnings.append(risk);
    return plan;
}

} // namespace accelplan::planning
