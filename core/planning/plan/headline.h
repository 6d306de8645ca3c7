#pragma once

#include "core/common/range.h"

#include <QString>
#include <QStringList>

#include <optional>

namespace accelplan::planning {

struct Plan;
struct Ownership;

/// What a plan's first line says, for every presenter (window summary, PDF first page, `plan`
/// and `compare` tables, JSON `headline`): the budget at its median and slow end, the cash it
/// needs, what owned hardware assumes, the training days against the deadline, the all-in cost
/// per token, and the risks that move it. One definition, rendered everywhere.
struct Headline
{
    QString currency;
    /// The budget as the point projection gives it (typical throughput and prices): the figure
    /// the percentiles are measured against.
    double amortised = 0;
    /// The budget at the Monte Carlo's percentiles: the point budget shifted by the sampled plan
    /// total's distance from its own base (sensitivity.h), so a skewed band moves the median.
    double p10 = 0;
    double p50 = 0;
    double p90 = 0;
    double cashTotal = 0; ///< every payment in the horizon, owned hardware paid up front
    double capex = 0;     ///< owned hardware the recommended options buy (0: none)
    double idleCost = 0;  ///< of that capex, what the plan's own use leaves idle and the plan carries
    std::optional<double> usedShare;     ///< owned: the share of the hardware's useful life the plan fills
    std::optional<double> paybackMonths; ///< owned: months of use after which buying beats renting
    bool rentedCompared = true;          ///< owned: a rented option of the same accelerator was there to compare
    int horizonMonths = 0;
    QString ownedAssumptions; ///< empty without owned hardware
    std::optional<Range> trainingDays; ///< one run's wall days: low, typical, high (the slow end)
    int trainingRuns = 1;              ///< runs back to back (a deadline applies to each)
    std::optional<double> deadlineDays;
    std::optional<double> costPerMillionOutput; ///< all-in (inferenceplanner.h)
    QStringList risks; ///< each also a plan warning
    QString basis;     ///< how the figures follow, in words

    /// "Budget 3,569,975 USD at P50 (P90 5,807,503; point projection 2,331,584); cash out …".
    QString text() const;
};

/// The headline of \a plan (its budget, sensitivity, recommended options and requests filled),
/// with \a ownership's assumptions for owned hardware.
Headline planHeadline(const Plan &plan, const Ownership &ownership);

/// Chips of spot or marketplace capacity above which the headline says no provider guarantees
/// them (a judgement, listed in the plan's defaults).
constexpr int kSpotCapacityRiskChips = 64;

/// A spot discount below on-demand deeper than this share is flagged as implausible (a judgement;
/// Google Cloud states spot discounts of up to 91 %).
constexpr double kImplausibleSpotDiscount = 0.80;
/// How an option's warning about such a discount begins: the headline lifts it into its risks.
inline constexpr char16_t kImplausibleDiscountWarning[] = u"implausible discount: ";

/// An amount with thousands separators, the same on every machine: "1,111,454".
QString groupedAmount(double value);

} // namespace accelplan::planning
