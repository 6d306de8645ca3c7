#pragma once

#include "core/planning/options/budget.h"
#include "core/planning/plan/headline.h"
#include "core/planning/options/inferenceplanner.h"
#include "core/planning/options/requests.h"
#include "core/planning/options/sensitivity.h"
#include "core/planning/options/trainingplanner.h"
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
    /// The service's load month by month when the scenario gives a demand curve (demand.h); empty
    /// for a constant load. Every option is sized for each month (InferenceOption::byMonth).
    QList<double> demand;
    bool demandSteps = false;
    int trainingStartMonth = 0; ///< the budget month index training starts in (0: the first)
    LockinParameters lockin;
    std::optional<BreakEven> trainingBreakEven;
    std::optional<BreakEven> inferenceBreakEven;
    QList<OwnershipAnalysis> ownership;
    Budget budget;
    Sensitivity sensitivity;
    Headline headline; ///< what every presenter leads with (headline.h)
    QString recommendation;
    QStringList defaults;
    QStringList warnings;

    const TrainingOption *recommendedTraining() const;
    const InferenceOption *recommendedInference() const;
};

/// What the window keeps between the plans of one inputs snapshot: the last training and inference
/// plans (before lock-in and ranking) and the requests they answer. An edit on one side leaves the
/// other's request equal, and its plan is taken again instead of being planned anew. Used by one
/// thread at a time.
struct PlanMemo
{
    const void *offers = nullptr;  ///< the snapshot the plans were made from: its offers and catalogs
    const void *catalog = nullptr;
    const void *accelerators = nullptr;
    std::optional<TrainingRequest> trainingRequest;
    std::optional<TrainingPlan> training;
    std::optional<InferenceRequest> inferenceRequest;
    std::optional<InferencePlan> inference;
    int reused = 0; ///< plans taken again
};

/// Plans a whole scenario: training and inference options with lock-in, the budget horizon,
/// sensitivity and Monte Carlo. Pure: same inputs, same plan. With \a memo, a side whose request
/// equals the last one made on the same offers and catalogs takes that plan again (same result).
Result<Plan> planScenario(const scenario::Scenario &scenario, const catalog::AcceleratorCatalog &accelerators,
                          const catalog::PlanningCatalog &catalog, const QList<pricing::PriceRecord> &offers,
                          const pricing::FxTable &fx, QDate pricesAsOf, PlanMemo *memo = nullptr);

} // namespace accelplan::planning
