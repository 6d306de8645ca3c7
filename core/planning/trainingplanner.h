#pragma once

#include "core/planning/lockin.h"
#include "core/planning/offercost.h"
#include "core/planning/energy.h"
#include "core/planning/ownership.h"
#include "core/planning/training.h"
#include "core/scenario/constraints.h"

#include <QList>
#include <QStringList>

namespace accelplan::catalog {
class AcceleratorCatalog;
}

namespace accelplan::planning {

using scenario::Constraints;

/// Whether an offer is one the constraints allow (everything but chips, budget and fabric).
bool allows(const Constraints &constraints, const pricing::PriceRecord &offer);
struct ClusterShape;
/// Whether the cluster an offer forms meets the constraints' fabric rules (minimum Gb/s per node,
/// required fabric).
bool fabricAllowed(const Constraints &constraints, const ClusterShape &shape);

struct TrainingRequest
{
    TrainingInput input;
    Constraints constraints;
    std::optional<int> chips; ///< honoured as given
    std::optional<double> deadlineDays;
    QString currency = QStringLiteral("USD");
    double commitmentOtherUse = 0; ///< share of a commitment other work uses, 0..1
    Ownership ownership; ///< how purchases are costed per hour of use
    int runs = 1; ///< runs back to back; the cost covers all of them (a deadline applies to one)

    bool operator==(const TrainingRequest &) const = default;
};

/// Lock-in figures of an option, filled by the scenario planner (plan.h).
struct OptionLockin
{
    bool computed = false;
    ExitCost exit;
    LockinScore score;
    int providers = 0;       ///< providers in the database selling the accelerator
    double planCost = 0;     ///< the option's cost over the whole plan (all runs / all months)
    double adjustedCost = 0; ///< planCost + exit_probability × exit cost
};

/// One offer, priced for the workload.
struct TrainingOption
{
    pricing::PriceRecord offer;
    TrainingProjection projection;
    int instances = 0;
    Range cost;      ///< in the plan's currency
    CostTerms costTerms;
    QString costBasis() const { return costTerms.runBasis(); }
    QList<pricing::FxRate> fxRates; ///< used to convert the offer's currency
    bool pareto = false;            ///< no other option is both cheaper and faster
    OptionLockin lockin;
    std::optional<OwnedFigures> owned; ///< for a purchase: capex and break-even against renting
    std::optional<Energy> energy;      ///< of the whole plan (all runs); null without a TDP
    QString cannotRun;              ///< why it is listed but not ranked; empty when it can run
    QStringList warnings;

    bool runnable() const { return cannotRun.isEmpty(); }
};

struct TrainingPlan
{
    QString currency;
    QList<TrainingOption> options; ///< runnable ones cheapest first, then the rest with reasons
};

class ClusterShapes;

/// Prices the training workload on every offer that meets the constraints. Pure: it reads only
/// its arguments. \a shapes, when given, keeps the clusters offers form between plans of the
/// same offers (planScenario shares them between training and inference).
TrainingPlan planTraining(const TrainingRequest &request, const catalog::AcceleratorCatalog &accelerators,
                          const catalog::PlanningCatalog &catalog, const QList<pricing::PriceRecord> &offers,
                          const pricing::FxTable &fx, ClusterShapes *shapes = nullptr);

/// The projection a one-workload command leads with: on \a accelerator at the request's chips when
/// both are given, else the cheapest runnable option's, else on \a accelerator at the fewest chips
/// that hold the model; none when there is nothing to project.
std::optional<TrainingProjection> trainingHeadline(const TrainingRequest &request, const TrainingPlan &plan,
                                                   const catalog::Accelerator *accelerator,
                                                   const catalog::PlanningCatalog &catalog);

/// Marks options that are on the cost/time Pareto front (by typical cost and wall time).
void markPareto(QList<TrainingOption> &options);

} // namespace accelplan::planning
