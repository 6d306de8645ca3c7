#pragma once

#include "core/catalog/planningcatalog.h"
#include "core/common/term.h"
#include "core/common/units.h"
#include "core/planning/cost/ownership.h"
#include "core/pricing/fxtable.h"
#include "core/pricing/pricetypes.h"

#include <QList>

#include <memory>

namespace accelplan::planning {

/// The length of a 1- or 3-year commitment in hours; 0 for every other price model.
double commitmentTermHours(pricing::PriceModel model);

/// The hours a capacity block reservation covering \a hours of use is paid for: whole days,
/// rounded up to a duration the provider sells, in as many consecutive blocks as the longest
/// allows. Without rules: whole days (reported in the basis).
struct CapacityBlockTerm
{
    double paidHours = 0;
    int blocks = 1;
    QString basis;
};
CapacityBlockTerm capacityBlockTerm(double hours, const QList<catalog::CapacityBlockRule> &rules);

/// Chip counts an offer can be bought in, ascending, up to \a maxChips: whole instances for
/// VMs and servers (an 8-GPU instance comes in eights), slice shapes for TPUs (powers of two up
/// to the pod, then whole pods).
QList<int> validChipCounts(const pricing::PriceRecord &offer, const catalog::Accelerator &accelerator, int maxChips);
bool isValidChipCount(const pricing::PriceRecord &offer, const catalog::Accelerator &accelerator, int chips);

/// What an option's cost follows from, for its explanation: written when asked (a plan holds
/// thousands of options and shows a few explanations).
struct CostTerms
{
    bool costed = false; ///< false: the option was never costed, and its basis is empty
    pricing::PriceModel model = pricing::PriceModel::OnDemand;
    int instances = 0;
    Decimal price;
    std::optional<Decimal> listPrice; ///< under the team's discount: the provider's list price
    QString currency;
    double otherUse = 0;             ///< commitments: the share other work uses
    std::optional<Decimal> setupFee; ///< monthly servers
    QString blockBasis;              ///< capacity blocks: how the blocks were counted
    /// Purchases: the owned cost per hour of use, in its lines. Shared, and null for every rented
    /// option: a plan holds hundreds of thousands of options, a few of them owned.
    std::shared_ptr<const OwnedHourly> owned;
    double ownedIdle = 0;            ///< purchases: the idle capex charged (typical hours, all servers)
    int runs = 1;
    double wallHours = 0; ///< the run's typical wall hours
    double paidHours = 0; ///< the hours the typical cost pays for (commitments, blocks, a quote's minimum term)
    int minimumMonths = 0; ///< a vendor's quote: its minimum term
    /// What the team pays beside the accelerators (allin.h): storage, egress, support, each an
    /// addend in the plan's currency with its source; last in runTerms() and monthlyTerms().
    Terms allIn;
    /// A service with a demand curve (demand.h): its average month as a share of the peak's.
    std::optional<double> demandFactor;

    /// The terms a training run's cost follows from, in order, each worded in its rule
    /// ("2 instance(s)", "98.32 USD/h", "wall hours"): the JSON's cost_terms, and runBasis().
    Terms runTerms() const;
    /// The terms of a service's monthly cost ("2 instance(s)", "98.32 USD/h", "730 h").
    Terms monthlyTerms() const;
    /// The terms as one formula: "2 instance(s) × 98.32 USD/h × wall hours".
    QString runBasis() const { return formulaText(runTerms()); }
    QString monthlyBasis() const { return formulaText(monthlyTerms()); }
};
CostTerms costTerms(const pricing::PriceRecord &offer, int instances);

/// What running `instances` of an offer for `wallHours` costs, in the offer's currency:
/// hourly models by the hour; a 1- or 3-year commitment for its whole term (times as many terms
/// as the run needs), less the share other work uses (`commitmentOtherUse`, 0..1) but never
/// less than the run's own hours; monthly servers by whole months plus setup fees; a purchase at
/// its full price.
struct OfferCost
{
    Range amount;
    CostTerms terms;
    QString basis() const { return terms.runBasis(); } ///< how it was computed, for the detail pane and the report
};
/// With \a owned (an owned server's cost per hour of use, in the offer's currency) a purchase is
/// costed by the hour instead of at its full price.
struct OwnedHourly;
OfferCost offerCost(const pricing::PriceRecord &offer, int instances, const Range &wallHours,
                    double commitmentOtherUse = 0.0, const OwnedHourly *owned = nullptr,
                    const QList<catalog::CapacityBlockRule> &blocks = {});

} // namespace accelplan::planning
