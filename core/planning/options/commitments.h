#pragma once
// Which commitments to buy (issue 40): given a service's instances month by month under the
// Monte Carlo's volume uncertainty, the 1- and 3-year commitments of one offer (how many, starting
// when) plus on-demand for the rest that minimise the expected cost, with the idle share of the
// committed instance-months capped at a percentile of the scenarios. Solved exactly as a mixed
// integer program by GLPK.
#include "core/common/diagnostic.h"
#include "core/pricing/pricetypes.h"

#include <QList>
#include <QString>

namespace accelplan::planning {

/// A commitment that can be bought: its price model, its price per instance-month (plan
/// currency) and its term.
struct CommitmentProduct
{
    pricing::PriceModel model = pricing::PriceModel::Commit1y;
    double perInstanceMonth = 0;
    int termMonths = 12;
};

struct CommitmentProblem
{
    /// Instances needed in each month of the horizon, one list per Monte Carlo scenario (all of
    /// the horizon's length).
    QList<QList<int>> demand;
    double onDemandPerInstanceMonth = 0;
    QList<CommitmentProduct> products;
    /// The share of a term past the horizon that other work uses (lockin.commitment_other_use):
    /// the rest of it is paid by the plan.
    double otherUse = 0;
    /// At most this share of the committed instance-months in the horizon idle ...
    double idleCap = 0.10;
    /// ... in at least this share of the scenarios.
    double percentile = 0.9;
};

/// One purchase: \a instances of \a model starting in month \a startMonth (1: the first).
struct CommitmentPurchase
{
    pricing::PriceModel model = pricing::PriceModel::Commit1y;
    int startMonth = 1;
    int instances = 0;

    bool operator==(const CommitmentPurchase &) const = default;
};

struct CommitmentSolution
{
    QList<CommitmentPurchase> purchases; ///< those with instances, by start month then model
    double expectedCost = 0;             ///< mean over the scenarios, commitments and on demand
    double onDemandCost = 0;             ///< mean over the scenarios, all on demand
    double idleShare = 0;                ///< idle share of committed instance-months at the percentile
    bool optimal = false;                ///< false: the solver's time ran out; the best found
};

/// The months a product can start in: every term from month 1 within the horizon of \a months.
QList<int> commitmentStarts(const CommitmentProduct &product, int months);

/// The mean cost of \a purchases over the scenarios (what the solver minimises), and the idle
/// share at the problem's percentile in \a idleShare.
double portfolioCost(const CommitmentProblem &problem, const QList<CommitmentPurchase> &purchases, double *idleShare);

/// The purchases of least expected cost meeting the idle cap; none when on demand alone is
/// cheapest. An error when the problem is malformed or GLPK finds no solution.
Result<CommitmentSolution> optimiseCommitments(const CommitmentProblem &problem);

} // namespace accelplan::planning
