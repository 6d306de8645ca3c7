#pragma once

#include "core/planning/plan/plan.h"

#include <QDate>

#include <memory>

namespace accelplan::pricing {
class PriceDatabase;
}

namespace accelplan::planning {

struct Accuracy;

/// Everything a plan is computed from besides the scenario, as one snapshot that never changes
/// under a running computation: the accelerator catalog, the planning catalog with the user's own
/// throughput profiles over the shipped ones, the current prices, the exchange rates and the date of
/// the prices. The window and the command line both build it with loadPlanInputs(), so a profile
/// added with `catalog add-profile` changes both programs' plans alike.
struct PlanInputs
{
    const catalog::AcceleratorCatalog *accelerators = nullptr; ///< outlives the snapshot
    std::shared_ptr<const catalog::PlanningCatalog> planning;
    std::shared_ptr<const QList<pricing::PriceRecord>> offers;
    pricing::FxTable fx;
    QDate pricesAsOf;
    QStringList notes; ///< what every plan of the snapshot says about its inputs (quotes expired)

    bool complete() const { return accelerators && planning && offers; }
};

/// The shipped planning catalog with the enabled profile files stored in \a database added as user
/// profiles (which take precedence over shipped ones for the same accelerator and workload), each
/// knowing the id of its file; fitted to the published measurements and the user's own measured
/// points (fitMeasurements(); \a accuracy: how each of them scored).
Result<catalog::PlanningCatalog> loadPlanningCatalog(const pricing::PriceDatabase &database,
                                                     const catalog::AcceleratorCatalog &accelerators,
                                                     Accuracy *accuracy = nullptr);

/// The snapshot of \a database: loadPlanningCatalog(), the current prices, the FX table and the
/// prices' date. An error when any of them cannot be read: a plan on part of its inputs would
/// look complete and be wrong. With \a asOf, the prices in force on that date instead (from the
/// stored history), dated \a asOf. \a withNotes: read each price's notes too (the window's price
/// browser shows them; a plan never does).
Result<PlanInputs> loadPlanInputs(const pricing::PriceDatabase &database,
                                  const catalog::AcceleratorCatalog &accelerators, QDate asOf = {},
                                  bool withNotes = true);

/// planScenario() on a snapshot (which must be complete()). A \a memo is tied to the snapshot by
/// address: the caller keeps the snapshot alive as long as the memo (as PlanRunner does).
Result<Plan> planScenario(const scenario::Scenario &scenario, const PlanInputs &inputs, PlanMemo *memo = nullptr);

} // namespace accelplan::planning
