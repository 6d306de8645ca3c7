#pragma once
// All-in lines (issue 39): what a team pays beside the accelerators — storage of its dataset and
// checkpoints while it trains, data moved out during the run and in a service's responses, and
// a provider's paid support plan — each a named addend of the option's cost with its source.
#include "core/catalog/planningcatalog.h"
#include "core/common/term.h"
#include "core/pricing/fxtable.h"
#include "core/pricing/pricetypes.h"

#include <QString>
#include <QStringList>

namespace accelplan::planning {

struct AllInInputs
{
    double storageGb = 0;          ///< dataset + checkpoints (the lock-in section's sizes)
    bool storage = true;           ///< store them at the provider's storage price
    double trainingEgressGb = 0;   ///< out of the provider during the run
    double egressKbPerRequest = 0; ///< out of the provider in each response
    QStringList supportPlans;      ///< support_plans.csv plans: a provider pays the first it sells; empty: none
};

/// The all-in lines of an offer's use for \a months (fractional) costing \a spend in \a currency
/// over them, moving \a egressGb out: storage of \a inputs.storageGb for the months, the egress at
/// the provider's tiers, the support plan's tiered share of each month's spend (its minimum at
/// least). Each an addend Term in \a currency whose rule gives its source; what cannot be priced
/// (no storage price or plan for the provider, no exchange rate) is said in \a warnings instead.
Terms allInTerms(const pricing::PriceRecord &offer, const AllInInputs &inputs, double months, double spend,
                 double egressGb, const catalog::PlanningCatalog &catalog, const pricing::FxTable &fx,
                 const QString &currency, QStringList *warnings);

/// The support plan's charge for a month's \a spend (in the tiers' currency): each tier's percent
/// of the spend inside it, and no less than the plan's monthly minimum.
double supportCharge(const QList<catalog::SupportTier> &tiers, double spend);

} // namespace accelplan::planning
