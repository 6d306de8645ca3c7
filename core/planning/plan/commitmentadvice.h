#pragma once
// `plan --optimise-commitments` (issue 40): which 1- and 3-year commitments to buy for the plan's
// service. For the best-ranked rented offers that sell both on demand and a commitment, the
// service's instances month by month (its demand curve, else its constant fleet) under the Monte
// Carlo's volume band, solved by optimiseCommitments(); the offer whose portfolio costs least.
#include "core/planning/options/commitments.h"
#include "core/planning/plan/plan.h"
#include "core/pricing/fxtable.h"
#include "core/scenario/scenario.h"

#include <QJsonObject>

namespace accelplan::planning {

struct CommitmentGoal
{
    double idleCap = 0.10;   ///< at most this share of committed instance-months idle ...
    double percentile = 0.9; ///< ... in this share of the scenarios
    int scenarios = 40;      ///< Monte Carlo draws of the volume band
    int candidates = 20;     ///< offers (provider, SKU, region) tried, best-ranked first
};

struct CommitmentAdvice
{
    pricing::PriceRecord offer;     ///< the on-demand offer of the SKU committed to
    CommitmentSolution solution;
    QList<CommitmentProduct> products;
    double onDemandPerInstanceMonth = 0;
    int offersTried = 0;
    double percentile = 0.9;
    /// The recommended option's expected cost at its own price over the same scenarios (when it
    /// is rented without a commitment): the portfolio has to beat it.
    std::optional<double> recommendedCost;
    QString recommended; ///< "Lambda 1x NVIDIA GH200 on_demand"
    QString reason;                 ///< why there is nothing to advise; empty when there is
    /// For people: what to buy, the saving, the idle share (amounts in \a currency, the plan's).
    QString summary(const QString &currency) const;
};

CommitmentAdvice adviseCommitments(const Plan &plan, const QList<pricing::PriceRecord> &offers, const pricing::FxTable &fx,
                                   const scenario::SensitivitySection &sensitivity, double otherUse,
                                   const CommitmentGoal &goal);

/// The JSON `commitment_advice` of `plan --optimise-commitments`.
QJsonObject commitmentAdviceJson(const CommitmentAdvice &advice, const CommitmentGoal &goal, const QString &currency);

} // namespace accelplan::planning
