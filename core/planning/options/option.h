#pragma once

#include "core/planning/cost/lockin.h"
#include "core/planning/cost/offercost.h"
#include "core/planning/cost/ownership.h"
#include "core/pricing/fxtable.h"
#include "core/pricing/pricetypes.h"
#include "core/scenario/constraints.h"

#include <QList>
#include <QString>
#include <QStringList>

#include <optional>

// What a training option and a serving option have in common, and the offer rules both planners apply.
namespace accelplan::planning {

using scenario::Constraints;

/// Whether an offer is one the constraints allow (everything but chips, budget and fabric).
bool allows(const Constraints &constraints, const pricing::PriceRecord &offer);
struct ClusterShape;
/// Whether the cluster an offer forms meets the constraints' fabric rules (minimum Gb/s per node,
/// required fabric).
bool fabricAllowed(const Constraints &constraints, const ClusterShape &shape);

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

/// One offer, priced for a workload: what every option has, whatever it runs.
struct OptionBase
{
    pricing::PriceRecord offer;
    int instances = 0;
    CostTerms costTerms;            ///< the terms of the option's cost (a run's, or a month's)
    QList<pricing::FxRate> fxRates; ///< used to convert the offer's currency
    OptionLockin lockin;
    std::optional<OwnedFigures> owned; ///< for a purchase: capex and break-even against renting
    QString cannotRun;                 ///< why it is listed but not ranked; empty when it can run
    QStringList warnings;

    bool runnable() const { return cannotRun.isEmpty(); }
    /// A vendor's quote sells at least its minimum number of instances: the option pays for them
    /// (and says so) when it needs fewer.
    void payQuotedMinimum();
};

} // namespace accelplan::planning
