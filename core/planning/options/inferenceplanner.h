#pragma once

#include "core/common/shared.h"
#include "core/planning/cost/energy.h"
#include "core/planning/model/inference.h"
#include "core/planning/options/option.h"

namespace accelplan::catalog {
class AcceleratorCatalog;
}

namespace accelplan::planning {

struct InferenceRequest
{
    InferenceInput input;
    Constraints constraints;
    QString currency = QStringLiteral("USD");
    Ownership ownership; ///< how purchases are costed per hour of use
    double months = 12;  ///< the service's horizon: an owned server's hours of use (its idle share)
    /// A production service: spot and marketplace offers cannot run it, and it keeps one spare
    /// replica beyond the load (N+1). Offline work is never production.
    bool production = true;
    /// Hosted APIs serving the same model (catalog::PlanningCatalog::apiPricesFor), ranked beside
    /// self-hosting; empty for a model no API in the catalog serves.
    QList<catalog::ApiPrice> apis;

    bool operator==(const InferenceRequest &) const = default;
};

/// Prefill and decode on separate replicas of the same offer (DistServe, Mooncake, SGLang PD).
struct Disaggregation
{
    int prefillReplicas = 0;
    int prefillChipsPerReplica = 0;
    int decodeReplicas = 0;
    int decodeChipsPerReplica = 0;
};

/// How the per-token costs are split, for every presenter.
inline const QString kCostSplitRule = QStringLiteral(
    "all-in: the whole monthly cost over the output tokens served; split: the monthly cost divided by the time "
    "each phase takes, prefill's share over input tokens and decode's over output tokens");

/// One month of a service whose demand changes (demand.h): the load, the fleet sized for it and
/// what its accelerators cost that month.
struct DemandMonth
{
    int month = 1;
    double requestsPerSecond = 0;
    int replicas = 0;
    int instances = 0;
    int committed = 0;  ///< of the instances, those under the commitment (the rest on demand)
    double cost = 0;    ///< the accelerators' month, in the plan's currency
    double committedCost = 0; ///< of the cost, the commitment's share
};

/// One offer, sized and priced for the load.
struct InferenceOption : OptionBase
{
    Shared<InferenceProjection> projection; ///< shared by the offers of one accelerator and replica limit; disaggregated: the decode side, with the prefill side's TTFT
    std::optional<Disaggregation> disaggregation; ///< set when separate replicas are cheaper
    int replicas = 0;
    int chips = 0;
    double monthlyCost = 0;       ///< in the plan's currency
    double setupCost = 0;         ///< one-off setup fees of monthly servers, in the plan's currency
    double costPerRequest = 0;
    /// The split of the monthly cost by the time each phase takes (prefill's share to input
    /// tokens, decode's to output tokens): each is a share, not what a token costs.
    double costPerMillionInput = 0;
    double costPerMillionOutput = 0;
    /// All-in: the whole monthly cost (prefill included) over the output tokens served, the figure
    /// to hold against an API's price per 1M output tokens.
    double costPerMillionOutputAllIn = 0;
    /// The throughput band carried through: replicas, monthly cost, cost per request and per 1M
    /// output tokens at the band's high throughput (low) and its low throughput (high).
    Range replicasBand;
    Range monthlyCostBand;
    Range costPerRequestBand;
    Range costPerMillionOutputBand;
    QString costBasis() const { return costTerms.monthlyBasis(); } ///< costTerms: of the monthly cost
    Terms costTermList() const { return costTerms.monthlyTerms(); } ///< what costBasis() words
    std::optional<Energy> energyPerMonth; ///< 730 h of every chip; null without a TDP
    /// With a demand curve (demand.h): the fleet and cost month by month; the figures above are
    /// then the horizon's averages, replicas and chips the peak's.
    QList<DemandMonth> byMonth;
};

class ClusterShapes;

/// Buying the tokens from a hosted API instead of serving the model (issue 39): its price per
/// request for the load's prompt and output (the cached share of the prompt at the cached-input
/// price, the batch discount for offline work), a month of the load, and the load at which the
/// plan's cheapest self-hosted option becomes cheaper.
struct ApiOption
{
    catalog::ApiPrice price;
    double costPerRequest = 0;            ///< in the plan's currency
    double costPerMillionOutputAllIn = 0; ///< the request's whole price over its output tokens
    double monthlyCost = 0;               ///< at the load; 0 without one
    /// The load (requests/s) from which self-hosting on the plan's cheapest runnable option costs
    /// less a month; null when it never does (the API is cheaper at any load) or nothing runs.
    std::optional<double> breakEvenQps;
    QString basis;     ///< "2000 input tokens × 0.88 USD/1M + …"
    QString cannotRun; ///< no exchange rate to the plan's currency
    QList<pricing::FxRate> fxRates;

    bool runnable() const { return cannotRun.isEmpty(); }
};

struct InferencePlan
{
    QString currency;
    double requestsPerSecond = 0;
    QList<InferenceOption> options; ///< runnable ones by monthly cost, then the rest with reasons
    QList<ApiOption> apis;          ///< cheapest per request first, then those that cannot be priced
};

/// Buying tokens against serving them, in a sentence for every presenter: the cheapest API for
/// the model, what a million output tokens and a month of the load cost there, and from which
/// load self-hosting on the plan's cheapest option is cheaper; empty when no API serves the model.
QString apiSummary(const InferencePlan &plan);

/// The load (requests/s) from which \a selfHosted costs less a month than paying \a perRequest for
/// each request: its replicas (one spare beyond the load for a production service) at their
/// monthly cost and capacity at the target utilisation against the API's linear cost; null when
/// the API is cheaper at every load.
std::optional<double> breakEvenQps(const InferenceOption &selfHosted, const InferenceInput &input, bool production,
                                   double perRequest);

/// Sizes and prices the inference load on every offer that meets the constraints. Replicas run
/// at the target utilisation; monthly cost is 730 hours of hourly prices (commitments at their
/// effective rate), monthly servers by the month, purchases at their owned cost per hour of use
/// (ownership.h) with capex and break-even against the cheapest rented option of the accelerator.
/// \a shapes: as planTraining's.
InferencePlan planInference(const InferenceRequest &request, const catalog::AcceleratorCatalog &accelerators,
                            const catalog::PlanningCatalog &catalog, const QList<pricing::PriceRecord> &offers,
                            const pricing::FxTable &fx, ClusterShapes *shapes = nullptr);

/// The projection a one-workload command leads with: on \a accelerator when given, else the cheapest
/// runnable option's; none when there is nothing to project.
std::optional<InferenceProjection> inferenceHeadline(const InferenceRequest &request, const InferencePlan &plan,
                                                     const catalog::Accelerator *accelerator,
                                                     const catalog::PlanningCatalog &catalog);

} // namespace accelplan::planning
