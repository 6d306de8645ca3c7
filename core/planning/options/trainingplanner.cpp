#include "core/planning/options/trainingplanner.h"

#include "core/catalog/acceleratorcatalog.h"
#include "core/common/stablesort.h"
#include "core/common/tr.h"
#include "core/planning/model/cluster.h"

#include <QHash>

#include <algorithm>
#include <cmath>
#include <limits>
#include <vector>

using namespace Qt::StringLiterals;

namespace accelplan::planning {

namespace {

/// Projections depend on the accelerator, the cluster and the chip count, not on the offer: many
/// offers share them.
class ProjectionCache
{
public:
    ProjectionCache(const TrainingInput &input, const catalog::PlanningCatalog &catalog, ClusterShapes &shapes)
        : m_input(input), m_catalog(catalog), m_shapes(shapes)
    {}

    /// Offers of one accelerator on the same kind of cluster (and both spot or not) share it.
    /// The numbers only, for comparing counts: most counts a search tries are never listed, and
    /// writing their explanations cost more than their arithmetic.
    const TrainingProjection &get(const catalog::Accelerator &accelerator, const ClusterShape &shape,
                                  const catalog::SpotRate *spot, int chips)
    {
        return *entry(accelerator, shape, spot, chips, false).projection;
    }

    /// The same projection with its explanations (the layout's summary, scaling and goodput sources).
    Shared<TrainingProjection> described(const catalog::Accelerator &accelerator, const ClusterShape &shape,
                                         const catalog::SpotRate *spot, int chips)
    {
        return entry(accelerator, shape, spot, chips, true).projection;
    }

    /// The cluster an offer forms, shared by the offers of one SKU (its regions and price models).
    const ClusterShape &shape(const pricing::PriceRecord &offer, const catalog::Accelerator &accelerator)
    {
        return m_shapes.of(offer, accelerator);
    }

private:
    struct Key
    {
        const catalog::Accelerator *accelerator;
        const catalog::FabricRule *rule;
        int perNode;
        const catalog::SpotRate *spot; ///< null: not spot
        int chips;
        bool operator==(const Key &other) const
        {
            return accelerator == other.accelerator && rule == other.rule && perNode == other.perNode
                   && spot == other.spot && chips == other.chips;
        }
    };
    friend size_t qHash(const Key &key, size_t seed = 0)
    {
        return qHashMulti(seed, key.accelerator, key.rule, key.perNode, key.spot, key.chips);
    }

    struct Entry
    {
        Shared<TrainingProjection> projection;
        bool described = false;
    };

    Entry &entry(const catalog::Accelerator &accelerator, const ClusterShape &shape, const catalog::SpotRate *spot,
                 int chips, bool describe)
    {
        const Key key{&accelerator, shape.rule, shape.acceleratorsPerNode, spot, chips};
        auto it = m_cache.find(key);
        if (it == m_cache.end() || (describe && !it->described)) {
            auto found = m_efficiencies.find(&accelerator);
            if (found == m_efficiencies.end())
                found = m_efficiencies.insert(&accelerator, findEfficiency(m_input, accelerator, m_catalog));
            it = m_cache.insert(key, {projectTraining(m_input, accelerator, chips, m_catalog, &shape, spot, &*found, describe),
                                      describe});
        }
        return *it;
    }

    const TrainingInput &m_input;
    const catalog::PlanningCatalog &m_catalog;
    QHash<Key, Entry> m_cache;
    QHash<const catalog::Accelerator *, EfficiencyFinding> m_efficiencies; ///< by accelerator
    ClusterShapes &m_shapes;
};

/// The cluster one job can get: one node without a fabric, the stated limit otherwise.
std::optional<int> clusterChipLimit(const ClusterShape &shape)
{
    return shape.fabric == u"none"_s ? std::optional<int>(shape.acceleratorsPerNode) : shape.maxChips();
}

/// The chip count for an offer: at least what memory needs; with a deadline, the smallest
/// count whose typical wall time meets it.
std::optional<int> chooseChips(QList<int> counts, const catalog::Accelerator &accelerator, const ClusterShape &shape,
                               const catalog::SpotRate *spot, const TrainingRequest &request, ProjectionCache &cache,
                               QString *why)
{
    if (counts.isEmpty()) {
        *why = Tr::tr("no shape of this offer fits within max_chips %1").arg(request.constraints.maxChips);
        return std::nullopt;
    }
    const std::optional<int> clusterChips = clusterChipLimit(shape);
    const int limit = clusterChips.value_or(std::numeric_limits<int>::max());
    auto get = [&](int chips) -> const TrainingProjection & { return cache.get(accelerator, shape, spot, chips); };
    const int minimum = get(counts.first()).minimumChipsForMemory;
    counts.removeIf([&](int chips) {
        return chips > limit || (request.constraints.wholeNodes && chips % shape.acceleratorsPerNode != 0);
    });
    // The first count with a layout that holds the model (divisibility makes this not monotonic:
    // each count is checked, by the memory rule alone).
    const auto first = std::find_if(std::lower_bound(counts.cbegin(), counts.cend(), std::max(1, minimum)), counts.cend(),
                                    [&](int chips) { return layoutFits(request.input, accelerator, shape, chips); });
    if (minimum == 0 || first == counts.cend()) {
        if (minimum == 0)
            *why = Tr::tr("the model's activations do not fit in %1 GB").arg(accelerator.memoryGb);
        else if (clusterChips && (counts.isEmpty() || counts.last() < request.constraints.maxChips))
            *why = Tr::tr("needs at least %1 chips to hold the model, but one job here gets at most %2 (%3)")
                       .arg(minimum)
                       .arg(*clusterChips)
                       .arg(shape.fabric == u"none"_s ? Tr::tr("one node: no cluster network")
                                                      : Tr::tr("%1 nodes of %2").arg(*shape.maxNodes).arg(shape.acceleratorsPerNode));
        else
            *why = Tr::tr("needs at least %1 chips to hold the model; max_chips is %2")
                       .arg(minimum)
                       .arg(request.constraints.maxChips);
        return std::nullopt;
    }
    if (!request.deadlineDays)
        return *first;
    const double deadlineHours = *request.deadlineDays * 24.0;
    // Wall time mostly falls as chips grow (communication only dents it): binary search the counts.
    auto meets = [&](int chips) {
        const TrainingProjection &p = get(chips);
        return p.runnable() && p.wallHours.typical <= deadlineHours;
    };
    qsizetype lo = first - counts.cbegin();
    qsizetype hi = counts.size() - 1;
    if (!meets(counts[hi])) {
        *why = Tr::tr("cannot finish within %1 days on up to %2 chips (%3)")
                   .arg(*request.deadlineDays)
                   .arg(counts[hi])
                   .arg(cache.described(accelerator, shape, spot, counts[hi])->layoutSummary);
        return std::nullopt;
    }
    while (lo < hi) {
        const qsizetype mid = (lo + hi) / 2;
        if (meets(counts[mid]))
            hi = mid;
        else
            lo = mid + 1;
    }
    return counts[hi];
}

/// What the chip count of an offer depends on (chooseChips and validChipCounts' arguments).
struct ChoiceKey
{
    const catalog::Accelerator *accelerator;
    const catalog::FabricRule *rule;
    int perNode;
    const catalog::SpotRate *spot;
    int perInstance;
    int maxChips;
    pricing::OfferKind kind;
    bool operator==(const ChoiceKey &) const = default;
};

size_t qHash(const ChoiceKey &key, size_t seed = 0)
{
    return qHashMulti(seed, key.accelerator, key.rule, key.perNode, key.spot, key.perInstance, key.maxChips, int(key.kind));
}

struct Choice
{
    std::optional<int> chips;
    QString why; ///< when there is none
};

} // namespace

void markPareto(QList<TrainingOption> &options)
{
    // An option is dominated when another is no dearer and no slower, and better in one. Sorted
    // by cost, then time, one sweep decides it (n log n, not every pair): an option is dominated
    // when an option of lower cost takes no longer than it, or one of the same cost is faster.
    // A figure that is not a number compares false with everything, as in the pairwise test: such
    // an option is never dominated and dominates nothing.
    auto cost = [&](qsizetype i) { return options[i].cost.typical; };
    auto time = [&](qsizetype i) { return options[i].projection->wallHours.typical; };
    std::vector<qsizetype> order;
    order.reserve(std::size_t(options.size()));
    for (qsizetype i = 0; i < options.size(); ++i) {
        if (!options[i].runnable())
            continue;
        if (std::isnan(cost(i)) || std::isnan(time(i)))
            options[i].pareto = true;
        else
            order.push_back(i);
    }
    std::sort(order.begin(), order.end(), [&](qsizetype a, qsizetype b) {
        return cost(a) != cost(b) ? cost(a) < cost(b) : time(a) < time(b);
    });
    double fastestCheaper = std::numeric_limits<double>::quiet_NaN(); // among lower costs; NaN: none yet
    for (std::size_t first = 0; first < order.size();) {
        std::size_t end = first;
        while (end < order.size() && cost(order[end]) == cost(order[first]))
            ++end;
        const double fastestHere = time(order[first]); // the group is sorted by time
        for (std::size_t k = first; k < end; ++k) {
            const double t = time(order[k]);
            options[order[k]].pareto = !(fastestCheaper <= t) && !(fastestHere < t);
        }
        fastestCheaper = std::isnan(fastestCheaper) ? fastestHere : std::min(fastestCheaper, fastestHere);
        first = end;
    }
}

TrainingPlan planTraining(const TrainingRequest &request, const catalog::AcceleratorCatalog &accelerators,
                          const catalog::PlanningCatalog &catalog, const QList<pricing::PriceRecord> &offers,
                          const pricing::FxTable &fx, ClusterShapes *shapes)
{
    TrainingPlan plan;
    plan.currency = request.currency;
    ClusterShapes ownShapes(catalog);
    ProjectionCache cache(request.input, catalog, shapes ? *shapes : ownShapes);
    QHash<ChoiceKey, Choice> choices;
    plan.options.reserve(offers.size());
    for (const pricing::PriceRecord &offer : offers) {
        if (!allows(request.constraints, offer))
            continue;
        const catalog::Accelerator *accelerator = accelerators.find(offer.accelerator);
        if (!accelerator)
            continue;
        TrainingOption option;
        option.offer = offer;
        const int perInstance = std::max(1, offer.acceleratorCount);
        const ClusterShape &shape = cache.shape(offer, *accelerator);
        // Spot: the interruption rate published for this instance type and region, else the default.
        const catalog::SpotRate *spot = offer.key.priceModel == pricing::PriceModel::Spot
                                            ? &catalog.spotRate(offer.key.provider, offer.key.sku, offer.key.region)
                                            : nullptr;
        if (!fabricAllowed(request.constraints, shape))
            continue;
        if (accelerator->inferenceOnly) {
            option.cannotRun = Tr::tr("%1 is built for inference only (accelerators.csv); it is not offered for training")
                                   .arg(accelerator->name);
            option.projection = cache.described(*accelerator, shape, spot, perInstance);
            plan.options.append(std::move(option));
            continue;
        }
        // Capacity blocks are sold up to a number of instances per block.
        const bool block = offer.key.priceModel == pricing::PriceModel::CapacityBlock;
        const QList<catalog::CapacityBlockRule> blockRules = block ? catalog.capacityBlockRules(offer.key.provider)
                                                                   : QList<catalog::CapacityBlockRule>();
        std::optional<int> blockInstances;
        for (const catalog::CapacityBlockRule &r : blockRules)
            if (r.maxInstances)
                blockInstances = std::max(blockInstances.value_or(0), *r.maxInstances);
        const int offerMaxChips = blockInstances ? std::min(request.constraints.maxChips, *blockInstances * perInstance)
                                                 : request.constraints.maxChips;
        int chips = 0;
        if (request.chips) {
            chips = *request.chips;
            if (!isValidChipCount(offer, *accelerator, chips))
                option.warnings.append(Tr::tr("%1 chips is not a shape this offer sells; priced as %2 whole instance(s)")
                                           .arg(chips)
                                           .arg((chips + perInstance - 1) / perInstance));
        } else {
            // Offers of one accelerator, cluster, instance size and kind share the choice.
            const ChoiceKey key{accelerator, shape.rule, shape.acceleratorsPerNode, spot, perInstance, offerMaxChips,
                                offer.offerKind};
            auto known = choices.constFind(key);
            if (known == choices.cend()) {
                Choice choice;
                // Counts past the largest cluster are never chosen: not listed (a single-GPU host
                // would otherwise list every count up to max_chips), unless none is left to say why.
                const int reachable = std::min(offerMaxChips, clusterChipLimit(shape).value_or(offerMaxChips));
                QList<int> counts = validChipCounts(offer, *accelerator, reachable);
                if (counts.isEmpty())
                    counts = validChipCounts(offer, *accelerator, offerMaxChips);
                choice.chips = chooseChips(std::move(counts), *accelerator, shape, spot, request, cache, &choice.why);
                known = choices.insert(key, choice);
            }
            const std::optional<int> chosen = known->chips;
            if (!chosen) {
                option.cannotRun = known->why;
                option.projection = cache.described(*accelerator, shape, spot, perInstance);
                plan.options.append(std::move(option));
                continue;
            }
            chips = *chosen;
        }
        option.projection = cache.described(*accelerator, shape, spot, chips);
        option.instances = offer.offerKind == pricing::OfferKind::Tpu ? chips : (chips + perInstance - 1) / perInstance;
        option.payQuotedMinimum();
        option.cannotRun = option.projection->cannotRun;
        if (option.cannotRun.isEmpty() && blockInstances && option.instances > *blockInstances)
            option.cannotRun = Tr::tr("needs %1 instances; %2 sells capacity blocks of at most %3")
                                   .arg(option.instances)
                                   .arg(offer.key.provider)
                                   .arg(*blockInstances);

        const auto rate = fx.convert(1.0, offer.currency, request.currency);
        if (!rate) {
            if (option.cannotRun.isEmpty())
                option.cannotRun = Tr::tr("no exchange rate from %1 to %2").arg(offer.currency, request.currency);
        } else {
            const auto owned = ownedHourlyForOffer(offer, *accelerator, request.ownership, rate->amount);
            const OfferCost cost = offerCost(offer, option.instances, option.projection->wallHours.scaled(request.runs),
                                             request.commitmentOtherUse, owned ? &*owned : nullptr, blockRules);
            option.costTerms = cost.terms;
            option.costTerms.runs = request.runs;
            option.cost = cost.amount.scaled(rate->amount);
            option.fxRates = rate->ratesUsed;
        }
        if (option.runnable() && request.constraints.budget && option.cost.typical > *request.constraints.budget) {
            option.cannotRun = Tr::tr("over budget: %1 %3 > %2 %3")
                                   .arg(option.cost.typical, 0, 'f', 0)
                                   .arg(*request.constraints.budget, 0, 'f', 0)
                                   .arg(request.currency);
        }
        plan.options.append(std::move(option));
    }
    for (TrainingOption &o : plan.options)
        if (const catalog::Accelerator *a = accelerators.find(o.offer.accelerator); a && o.runnable())
            o.energy = energyOf(o.projection->chips, *a, o.projection->wallHours.typical * request.runs,
                                request.ownership.pue, catalog.findGridIntensity(o.offer.key.provider, o.offer.key.region));
    markPareto(plan.options);
    fillOwnedFigures(
        plan.options, accelerators, request.ownership,
        [&](const TrainingOption &r) -> std::optional<double> {
            const double acceleratorHours = r.projection->chips * r.projection->wallHours.typical * request.runs;
            return acceleratorHours > 0 ? std::optional<double>(r.cost.typical / acceleratorHours) : std::nullopt;
        },
        [&](const pricing::PriceRecord &offer) -> std::optional<double> {
            const auto rate = fx.convert(1.0, offer.currency, request.currency);
            return rate ? std::optional<double>(rate->amount) : std::nullopt;
        },
        [&](const TrainingOption &o) { return o.projection->wallHours.typical * request.runs; });
    stableSortByIndex(plan.options, [](const TrainingOption &a, const TrainingOption &b) {
        if (a.runnable() != b.runnable())
            return a.runnable();
        if (!a.runnable())
            return false;
        if (a.cost.typical != b.cost.typical)
            return a.cost.typical < b.cost.typical;
        return a.projection->wallHours.typical < b.projection->wallHours.typical;
    });
    return plan;
}

std::optional<TrainingProjection> trainingHeadline(const TrainingRequest &request, const TrainingPlan &plan,
                                                   const catalog::Accelerator *accelerator,
                                                   const catalog::PlanningCatalog &catalog)
{
    if (accelerator && request.chips)
        return projectTraining(request.input, *accelerator, *request.chips, catalog);
    const auto best = std::find_if(plan.options.cbegin(), plan.options.cend(),
                                   [](const TrainingOption &o) { return o.runnable(); });
    if (best != plan.options.cend())
        return *best->projection;
    if (accelerator)
        return projectTraining(request.input, *accelerator, trainingMemory(request.input, *accelerator).minimumChips(),
                               catalog);
    return std::nullopt;
}

} // namespace accelplan::planning
