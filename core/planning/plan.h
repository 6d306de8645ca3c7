#pragma once

#include "core/planning/budget.h"
#include "core/planning/inferenceplanner.h"
#include "core/planning/requests.h"
#include "core/planning/sensitivity.h"
#include "core/planning/trainingplanner.h"
#include "core/scenario/scenario.h"

#include <QDate>

namespace accelplan::planning {

/// The cheapest option against the cheapest portable one (sold by at least three providers, no
/// porting, no term): what the cheaper saves and what leaving it is expected to cost.
struct BreakEven
{
    int cheapest = -1;          ///< index into the options
    int cheapestPortable = -1;
    double savings = 0;         ///< portable plan cost − cheapest plan cost
    double expectedExitCost = 0; ///< exit_probability × the cheapest's exit cost
    std::optional<double> breakEvenExitProbability; ///< where both adjusted costs are equal
    QString summary;
};

/// An owned (purchase) offer as an hourly cost and where owning starts to pay.
struct OwnershipAnalysis
{
    pricing::PriceRecord offer;
    OwnedHourly hourly;                         ///< plan currency, per server-hour of use
    std::optional<double> rentedHourly;         ///< cheapest rented equivalent (same accelerator and count)
    QString rentedOffer;                        ///< provider / sku of it
    std::optional<double> breakEvenUtilization; ///< nullopt when renting is cheaper than power alone
};

struct Plan
{
    QString scenarioName;
    QString currency;
    QDate pricesAsOf;
    std::optional<TrainingRequest> trainingRequest;
    std::optional<TrainingPlan> training;     ///< ranked by lock-in-adjusted cost
    std::optional<InferenceRequest> inferenceRequest;
    std::optional<InferencePlan> inference;   ///< ranked by lock-in-adjusted cost
    double inferenceMonths = 0;
    LockinParameters lockin;
    std::optional<BreakEven> trainingBreakEven;
    std::optional<BreakEven> inferenceBreakEven;
    QList<OwnershipAnalysis> ownership;
    Budget budget;
    Sensitivity sensitivity;
    QString recommendation;
    QStringList defaults;
    QStringList warnings;

    const TrainingOption *recommendedTraining() const;
    const InferenceOption *recommendedInference() const;
};

/// Plans a whole scenario: training and inference options with lock-in, the budget horizon,
/// sensitivity and Monte Carlo. Pure: same inputs, same plan.
Result<Plan> planScenario(const scenario::Scenario &scenario, const catalog::AcceleratorCatalog &accelerators,
                          const catalog::PlanningCatalog &catalog, const QList<pricing::PriceRecord> &offers,
                          const pricing::FxTable &fx, QDate pricesAsOf);

} // namespace accelplan::planning
