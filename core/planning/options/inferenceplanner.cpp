#include "core/planning/options/inferenceplanner.h"

#include "core/catalog/acceleratorcatalog.h"
#include "core/common/stablesort.h"
#include "core/common/tr.h"
#include "core/planning/model/cluster.h"

#include <map>
#include <tuple>

#include <algorithm>
#include <cmath>

using namespace Qt::StringLiterals;

namespace accelplan::planning {

namespace {

/// What one instance costs per month, in the offer's currency.
double monthlyPerInstance(const pricing::PriceRecord &offer, const std::optional<OwnedHourly> &owned)
{
    switch (offer.key.priceModel) {
    case pricing::PriceModel::OnDemand:
    case pricing::PriceModel::Spot:
    case pricing::PriceModel::Commit1y: // the effective commitment rate: the whole term is payable
    case pricing::PriceModel::Commit3y:
    case pricing::PriceModel::CapacityBlock: return offer.price.toDouble() * kHoursPerMonth;
    case pricing::PriceModel::Monthly: return offer.price.toDouble();
    case pricing::PriceModel::Purchase:
        // The planner passes the owned costing for every purchase it can convert (ownership.h).
        Q_ASSERT(owned);
        return owned ? owned->total() * kHoursPerMonth : 0;
    }
    return 0;
}

/// The replicas an option needs at the edges of its throughput band, and what they cost: a chip
/// that serves less needs more replicas (whole ones), in whole instances of \a chipsPerInstance.
void carryThroughputBand(InferenceOption &option, int chipsPerInstance, bool loaded)
{
    const InferenceProjection &p = *option.projection;
    const Range &band = p.tokensPerSecondPerChipBand;
    auto replicasAt = [&](double throughput) {
        if (throughput <= 0 || p.tokensPerSecondPerChip <= 0)
            return double(option.replicas);
        // The typical replica count scaled to this edge's throughput, in whole replicas.
        return std::max(1.0, std::ceil(option.replicas * p.tokensPerSecondPerChip / throughput - 1e-9));
    };
    option.replicasBand = {replicasAt(band.high), double(option.replicas), replicasAt(band.low)};
    const double chipsPerReplica = option.replicas > 0 ? double(option.chips) / option.replicas : 0.0;
    auto monthlyAt = [&](double replicas) {
        if (option.instances <= 0)
            return option.monthlyCost;
        const double instances = std::ceil(replicas * chipsPerReplica / chipsPerInstance - 1e-9);
        return option.monthlyCost * instances / option.instances;
    };
    option.monthlyCostBand = {monthlyAt(option.replicasBand.low), option.monthlyCost, monthlyAt(option.replicasBand.high)};
    // With a load, per-request and per-token costs follow the capacity bought for the same
    // requests; without one, the tokens one replica serves.
    auto scaled = [&](double value, double monthly, double throughput) {
        if (loaded)
            return option.monthlyCost > 0 && monthly != option.monthlyCost ? value * monthly / option.monthlyCost : value;
        return throughput > 0 ? value * p.tokensPerSecondPerChip / throughput : value;
    };
    option.costPerRequestBand = {scaled(option.costPerRequest, option.monthlyCostBand.low, band.high), option.costPerRequest,
                                 scaled(option.costPerRequest, option.monthlyCostBand.high, band.low)};
    option.costPerMillionOutputBand = {scaled(option.costPerMillionOutput, option.monthlyCostBand.low, band.high),
                                       option.costPerMillionOutput,
                                       scaled(option.costPerMillionOutput, option.monthlyCostBand.high, band.low)};
}

/// One projection per accelerator, replica limit and phase, shared by every offer of the plan.
class ReplicaProjections
{
public:
    ReplicaProjections(const InferenceInput &input, const catalog::PlanningCatalog &catalog)
        : m_input(input), m_catalog(catalog)
    {
    }

    /// The best replica of \a accelerator for \a phase within \a limit chips (0: none).
    Shared<InferenceProjection> of(const catalog::Accelerator &accelerator, int limit, ServePhase phase)
    {
        const auto key = std::tuple(accelerator.id, limit, phase);
        if (auto it = m_projections.find(key); it != m_projections.end())
            return it->second;
        // The best replica over more chips is the best over fewer where it fits in them:
        // a projection under a larger limit (0: none) whose replica fits this one is reused.
        for (auto other = m_projections.lower_bound(std::tuple(accelerator.id, 0, ServePhase::Both));
             other != m_projections.end() && std::get<0>(other->first) == accelerator.id; ++other) {
            const auto &[id, otherLimit, otherPhase] = other->first;
            const InferenceProjection &q = *other->second;
            if (otherPhase == phase && (otherLimit == 0 || (limit > 0 && otherLimit >= limit)) && q.runnable()
                && (limit == 0 || q.chipsPerReplica <= limit))
                return m_projections.emplace(key, other->second).first->second;
        }
        InferenceInput input = m_input;
        input.phase = phase;
        if (limit > 0)
            input.maxChipsPerReplica = limit;
        return m_projections.emplace(key, projectInference(input, accelerator, m_catalog)).first->second;
    }

private:
    const InferenceInput &m_input;
    const catalog::PlanningCatalog &m_catalog;
    std::map<std::tuple<QString, int, ServePhase>, Shared<InferenceProjection>> m_projections;
};

/// Replicas of the colocated projection for the load, at the target utilisation.
void sizeReplicas(InferenceOption &option, const InferenceInput &input, double requestsPerSecond)
{
    const InferenceProjection &p = *option.projection;
    const double tokensPerRequest = input.phase == ServePhase::Prefill ? input.inputTokens : input.outputTokens;
    const double needed = requestsPerSecond * tokensPerRequest; // tokens/s of the phase
    option.replicas = needed > 0 ? std::max(1, int(std::ceil(needed / (p.tokensPerSecondPerReplica * input.targetUtilisation))))
                                 : 1;
    option.chips = option.replicas * p.chipsPerReplica;
}

/// Prefill replicas sized by input tokens, decode replicas by generated tokens; taken when they
/// need fewer chips than replicas doing both, or when only they meet the targets.
void disaggregateIfFewer(InferenceOption &option, const InferenceProjection &prefill, const InferenceProjection &decode,
                         const InferenceInput &input, double requestsPerSecond)
{
    if (!prefill.runnable() || !decode.runnable())
        return;
    const double u = input.targetUtilisation;
    Disaggregation d;
    d.prefillReplicas = std::max(1, int(std::ceil(requestsPerSecond * input.inputTokens / (prefill.tokensPerSecondPerReplica * u))));
    d.prefillChipsPerReplica = prefill.chipsPerReplica;
    d.decodeReplicas = std::max(1, int(std::ceil(requestsPerSecond * input.outputTokens / (decode.tokensPerSecondPerReplica * u))));
    d.decodeChipsPerReplica = decode.chipsPerReplica;
    const int prefillChips = d.prefillReplicas * d.prefillChipsPerReplica;
    const int chips = prefillChips + d.decodeReplicas * d.decodeChipsPerReplica;
    if (option.runnable() && chips >= option.chips)
        return;
    option.disaggregation = d;
    option.cannotRun.clear();
    option.replicas = d.prefillReplicas + d.decodeReplicas;
    option.chips = chips;
    InferenceProjection p = decode;
    p.phase = ServePhase::Both;
    p.ttftMs = prefill.ttftMs + decode.tpotMs; // the first token comes from a decode step
    p.ttftP90Ms = prefill.ttftP90Ms + decode.tpotP90Ms;
    p.prefillTimeShare = double(prefillChips) / chips;
    p.tokensPerSecondPerChip = decode.tokensPerSecondPerReplica * d.decodeReplicas / chips;
    p.tokensPerSecondPerChipBand =
        decode.tokensPerSecondPerChipBand.scaled(p.tokensPerSecondPerChip / std::max(1e-9, decode.tokensPerSecondPerChip));
    p.warnings.append(Tr::tr("disaggregated: %1 prefill replica(s) of %2 chip(s) and %3 decode replica(s) "
                             "of %4 chip(s); the KV cache moves between them")
                          .arg(d.prefillReplicas)
                          .arg(d.prefillChipsPerReplica)
                          .arg(d.decodeReplicas)
                          .arg(d.decodeChipsPerReplica));
    option.projection = std::move(p);
}

/// A production service: one spare replica (N+1), and no capacity the provider can reclaim.
void applyProduction(InferenceOption &option, double requestsPerSecond)
{
    if (option.runnable() && requestsPerSecond > 0) {
        // N+1: one spare replica (of the decode side when disaggregated) so that a failure or a
        // rollout does not drop the load below the targets.
        const int spare = option.disaggregation ? option.disaggregation->decodeChipsPerReplica
                                                : option.projection->chipsPerReplica;
        if (option.disaggregation)
            ++option.disaggregation->decodeReplicas;
        ++option.replicas;
        option.chips += spare;
        option.warnings.append(Tr::tr("production: one spare replica beyond the load (N+1)"));
    }
    const pricing::PriceRecord &offer = option.offer;
    if (option.runnable()
        && (offer.key.priceModel == pricing::PriceModel::Spot || offer.offerKind == pricing::OfferKind::Marketplace))
        option.cannotRun = Tr::tr("a production service does not run on %1 capacity, which the provider can reclaim "
                                  "(set inference.production to false for a trial)")
                               .arg(offer.key.priceModel == pricing::PriceModel::Spot ? Tr::tr("spot") : Tr::tr("marketplace"));
}

/// The monthly cost at \a rate (offer currency → plan currency) and what a request and a million
/// tokens cost: over the load given, else over what a replica serves at the target utilisation.
void priceOption(InferenceOption &option, const catalog::Accelerator &accelerator, const InferenceRequest &request,
                 double requestsPerSecond, double rate)
{
    const pricing::PriceRecord &offer = option.offer;
    const auto owned = ownedHourlyForOffer(offer, accelerator, request.ownership, rate);
    option.monthlyCost = monthlyPerInstance(offer, owned) * option.instances * rate;
    option.costTerms = costTerms(offer, option.instances);
    option.costTerms.owned = owned ? std::make_shared<const OwnedHourly>(*owned) : nullptr;
    if (offer.key.priceModel == pricing::PriceModel::Monthly && offer.setupFee)
        option.setupCost = offer.setupFee->toDouble() * option.instances * rate;
    const InferenceProjection &p = *option.projection;
    const InferenceInput &input = request.input;
    const double monthSeconds = kHoursPerMonth * 3600.0;
    if (requestsPerSecond > 0) {
        const double requests = requestsPerSecond * monthSeconds;
        option.costPerRequest = option.monthlyCost / requests;
        option.costPerMillionOutputAllIn = option.monthlyCost / (requests * input.outputTokens) * 1e6;
        option.costPerMillionOutput = option.costPerMillionOutputAllIn * (1 - p.prefillTimeShare);
        option.costPerMillionInput =
            input.inputTokens > 0 ? option.monthlyCost * p.prefillTimeShare / (requests * input.inputTokens) * 1e6 : 0;
    } else {
        // No load given: per-token costs of the capacity at the target utilisation.
        const double perReplicaMonth = option.monthlyCost / option.replicas;
        const double outputTokens = p.tokensPerSecondPerReplica * input.targetUtilisation * monthSeconds;
        const double inputTokens = p.inputTokensPerSecondPerReplica * input.targetUtilisation * monthSeconds;
        option.costPerMillionOutputAllIn = perReplicaMonth / outputTokens * 1e6;
        option.costPerMillionOutput = option.costPerMillionOutputAllIn * (1 - p.prefillTimeShare);
        option.costPerMillionInput = inputTokens > 0 ? perReplicaMonth * p.prefillTimeShare / inputTokens * 1e6 : 0;
        option.costPerRequest = input.outputTokens > 0 ? perReplicaMonth / (outputTokens / input.outputTokens) : 0;
    }
}

/// The request's price on each API of \a request, against the plan's cheapest runnable option.
QList<ApiOption> priceApis(const InferenceRequest &request, const InferencePlan &plan, const pricing::FxTable &fx)
{
    const InferenceInput &in = request.input;
    const double hit = std::clamp(in.prefixCacheHit, 0.0, 0.99);
    const auto cheapest = std::find_if(plan.options.cbegin(), plan.options.cend(),
                                       [](const InferenceOption &o) { return o.runnable(); });
    QList<ApiOption> apis;
    for (const catalog::ApiPrice &price : request.apis) {
        ApiOption api;
        api.price = price;
        const double cached = price.cachedInputPer1M.value_or(price.inputPer1M);
        const double batch = in.offline && price.batchDiscountPct ? 1.0 - *price.batchDiscountPct / 100.0 : 1.0;
        const double perRequest =
            (in.inputTokens * (1 - hit) * price.inputPer1M + in.inputTokens * hit * cached + in.outputTokens * price.outputPer1M)
            / 1e6 * batch;
        const QString unit = price.currency + u"/1M"_s;
        api.basis = Tr::tr("%1 input tokens × %2 %3").arg(in.inputTokens * (1 - hit), 0, 'f', 0).arg(price.inputPer1M).arg(unit);
        if (hit > 0)
            api.basis += Tr::tr(" + %1 cached input tokens × %2 %3%4")
                             .arg(in.inputTokens * hit, 0, 'f', 0)
                             .arg(cached)
                             .arg(unit, price.cachedInputPer1M ? QString() : Tr::tr(" (no cached price given: the input price)"));
        api.basis += Tr::tr(" + %1 output tokens × %2 %3").arg(in.outputTokens, 0, 'f', 0).arg(price.outputPer1M).arg(unit);
        if (batch < 1)
            api.basis += Tr::tr(", less the %1 % batch discount").arg(*price.batchDiscountPct);
        const auto rate = fx.convert(1.0, price.currency, request.currency);
        if (!rate) {
            api.cannotRun = Tr::tr("no exchange rate from %1 to %2").arg(price.currency, request.currency);
            apis.append(api);
            continue;
        }
        api.fxRates = rate->ratesUsed;
        api.costPerRequest = perRequest * rate->amount;
        api.costPerMillionOutputAllIn = in.outputTokens > 0 ? api.costPerRequest / in.outputTokens * 1e6 : 0;
        api.monthlyCost = plan.requestsPerSecond * kHoursPerMonth * 3600.0 * api.costPerRequest;
        if (cheapest != plan.options.cend())
            api.breakEvenQps = breakEvenQps(*cheapest, in, request.production, api.costPerRequest);
        apis.append(api);
    }
    std::stable_sort(apis.begin(), apis.end(), [](const ApiOption &a, const ApiOption &b) {
        if (a.runnable() != b.runnable())
            return a.runnable();
        return a.costPerRequest < b.costPerRequest;
    });
    return apis;
}

} // namespace

InferencePlan planInference(const InferenceRequest &request, const catalog::AcceleratorCatalog &accelerators,
                            const catalog::PlanningCatalog &catalog, const QList<pricing::PriceRecord> &offers,
                            const pricing::FxTable &fx, ClusterShapes *shapes)
{
    InferencePlan plan;
    plan.currency = request.currency;
    plan.requestsPerSecond = request.input.requestsPerSecond.value_or(0);
    const double rps = plan.requestsPerSecond;
    ReplicaProjections projections(request.input, catalog);
    const bool considerDisaggregation = request.input.phase == ServePhase::Both && !request.input.offline && rps > 0;
    plan.options.reserve(offers.size());
    ClusterShapes ownShapes(catalog);
    ClusterShapes &clusters = shapes ? *shapes : ownShapes;
    for (const pricing::PriceRecord &offer : offers) {
        if (!allows(request.constraints, offer))
            continue;
        const catalog::Accelerator *accelerator = accelerators.find(offer.accelerator);
        if (!accelerator)
            continue;
        // An offer without a scale-out fabric keeps a replica inside one node.
        const ClusterShape &cluster = clusters.of(offer, *accelerator);
        const int limit = cluster.fabric == u"none"_s ? std::max(cluster.acceleratorsPerNode, 1)
                                                       : cluster.maxChips().value_or(0);
        InferenceOption option;
        option.offer = offer;
        option.projection = projections.of(*accelerator, limit, request.input.phase);
        option.cannotRun = option.projection->cannotRun;
        const int perInstance = std::max(1, offer.acceleratorCount);
        const bool tpu = offer.offerKind == pricing::OfferKind::Tpu;
        if (option.runnable() && !tpu && option.projection->chipsPerReplica > perInstance
            && option.projection->chipsPerReplica % perInstance != 0) {
            option.warnings.append(Tr::tr("a replica spans %1 chips across %2-chip instances")
                                       .arg(option.projection->chipsPerReplica)
                                       .arg(perInstance));
        }
        if (option.runnable())
            sizeReplicas(option, request.input, rps);
        if (considerDisaggregation)
            disaggregateIfFewer(option, *projections.of(*accelerator, limit, ServePhase::Prefill),
                                *projections.of(*accelerator, limit, ServePhase::Decode), request.input, rps);
        if (request.production)
            applyProduction(option, rps);
        if (option.runnable()) {
            if (option.chips > request.constraints.maxChips)
                option.cannotRun = Tr::tr("needs %1 chips; max_chips is %2").arg(option.chips).arg(request.constraints.maxChips);
            option.instances = tpu ? option.chips : (option.chips + perInstance - 1) / perInstance;
            option.payQuotedMinimum();
        }
        const auto rate = fx.convert(1.0, offer.currency, request.currency);
        if (!rate && option.runnable())
            option.cannotRun = Tr::tr("no exchange rate from %1 to %2").arg(offer.currency, request.currency);
        if (option.runnable()) {
            option.fxRates = rate->ratesUsed;
            priceOption(option, *accelerator, request, rps, rate->amount);
            carryThroughputBand(option, tpu ? 1 : perInstance, rps > 0);
            if (request.constraints.budget && option.monthlyCost > *request.constraints.budget)
                option.cannotRun = Tr::tr("over budget: %1 %3/month > %2 %3")
                                       .arg(option.monthlyCost, 0, 'f', 0)
                                       .arg(*request.constraints.budget, 0, 'f', 0)
                                       .arg(request.currency);
        }
        plan.options.append(std::move(option));
    }
    for (InferenceOption &o : plan.options)
        if (const catalog::Accelerator *a = accelerators.find(o.offer.accelerator); a && o.runnable())
            o.energyPerMonth = energyOf(o.chips, *a, kHoursPerMonth, request.ownership.pue,
                                        catalog.findGridIntensity(o.offer.key.provider, o.offer.key.region));
    fillOwnedFigures(
        plan.options, accelerators, request.ownership,
        [](const InferenceOption &r) -> std::optional<double> {
            return r.chips > 0 ? std::optional<double>(r.monthlyCost / (r.chips * kHoursPerMonth)) : std::nullopt;
        },
        [&](const pricing::PriceRecord &offer) -> std::optional<double> {
            const auto rate = fx.convert(1.0, offer.currency, request.currency);
            return rate ? std::optional<double>(rate->amount) : std::nullopt;
        },
        [&](const InferenceOption &) { return request.months * kHoursPerMonth; });
    stableSortByIndex(plan.options, [](const InferenceOption &a, const InferenceOption &b) {
        if (a.runnable() != b.runnable())
            return a.runnable();
        if (!a.runnable())
            return false;
        if (a.monthlyCost != b.monthlyCost)
            return a.monthlyCost < b.monthlyCost;
        return a.costPerMillionOutput < b.costPerMillionOutput;
    });
    plan.apis = priceApis(request, plan, fx);
    return plan;
}

QString apiSummary(const InferencePlan &plan)
{
    if (plan.apis.isEmpty())
        return {};
    const ApiOption &a = plan.apis.first();
    if (!a.runnable())
        return Tr::tr("Hosted APIs for this model cannot be priced in %1: %2").arg(plan.currency, a.cannotRun);
    QString text = Tr::tr("Buying tokens: the cheapest of %1 hosted API price(s) for this model is %2 %3 at %4 %5 "
                          "per 1M output tokens all-in")
                       .arg(plan.apis.size())
                       .arg(a.price.provider, a.price.apiModel)
                       .arg(a.costPerMillionOutputAllIn, 0, 'f', 3)
                       .arg(plan.currency);
    if (plan.requestsPerSecond > 0)
        text += Tr::tr(", %1 %2 a month at the load").arg(a.monthlyCost, 0, 'f', 0).arg(plan.currency);
    // Three significant figures, never in exponent form ("1350", "2.62").
    const auto loadText = [](double qps) { return QString::number(qps, 'f', qps >= 100 ? 0 : qps >= 10 ? 1 : 2); };
    text += a.breakEvenQps ? Tr::tr("; self-hosting is cheaper from %1 requests/s").arg(loadText(*a.breakEvenQps))
                           : Tr::tr("; self-hosting is not cheaper at any load");
    return text + Tr::tr(" (price as of %1).").arg(a.price.source.asOf.toString(Qt::ISODate));
}

std::optional<double> breakEvenQps(const InferenceOption &selfHosted, const InferenceInput &input, bool production,
                                   double perRequest)
{
    const InferenceProjection &p = *selfHosted.projection;
    if (!selfHosted.runnable() || selfHosted.chips <= 0 || p.chipsPerReplica <= 0 || perRequest <= 0
        || input.outputTokens <= 0)
        return std::nullopt;
    // One replica's month and the requests it serves at the target utilisation.
    const double replicaMonth = selfHosted.monthlyCost * p.chipsPerReplica / selfHosted.chips;
    const double capacity = p.tokensPerSecondPerChip * p.chipsPerReplica * input.targetUtilisation / input.outputTokens;
    const double apiMonthPerQps = perRequest * kHoursPerMonth * 3600.0;
    if (capacity <= 0 || apiMonthPerQps * capacity <= replicaMonth)
        return std::nullopt; // a full replica costs more than its requests bought from the API
    // k replicas serve loads in ((k-1)·capacity, k·capacity]; self-hosting wins from the first
    // load there at which (k + spare) replicas cost no more than the API.
    const int spare = production ? 1 : 0;
    for (int k = 1; k <= 1'000'000; ++k) {
        const double from = std::max((k + spare) * replicaMonth / apiMonthPerQps, (k - 1) * capacity);
        if (from <= k * capacity)
            return from;
    }
    return std::nullopt;
}

std::optional<InferenceProjection> inferenceHeadline(const InferenceRequest &request, const InferencePlan &plan,
                                                     const catalog::Accelerator *accelerator,
                                                     const catalog::PlanningCatalog &catalog)
{
    if (accelerator)
        return projectInference(request.input, *accelerator, catalog);
    const auto best = std::find_if(plan.options.cbegin(), plan.options.cend(),
                                   [](const InferenceOption &o) { return o.runnable(); });
    if (best != plan.options.cend())
        return *best->projection;
    return std::nullopt;
}

} // namespace accelplan::planning
