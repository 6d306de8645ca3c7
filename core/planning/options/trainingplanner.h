#pragma once

#include "core/common/shared.h"
#include "core/planning/cost/energy.h"
#include "core/planning/options/option.h"
#include "core/planning/model/training.h"

#include <QList>
#include <QStringList>

namespace accelplan::catalog {
class AcceleratorCatalog;
}

namespace accelplan::planning {

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

/// One offer, priced for the training workload.
struct TrainingOption : OptionBase
{
    Shared<TrainingProjection> projection; ///< shared with the options of the same accelerator, cluster and chips
    Range cost; ///< in the plan's currency, over every run
    QString costBasis() const { return costTerms.runBasis(); }
    Terms costTermList() const { return costTerms.runTerms(); } ///< what costBasis() words
    bool pareto = false;          ///< no other option is both cheaper and faster
    std::optional<Energy> energy; ///< of the whole plan (all runs); null without a TDP
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
