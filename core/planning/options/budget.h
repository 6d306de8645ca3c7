#pragma once

#include "core/planning/options/inferenceplanner.h"
#include "core/planning/options/trainingplanner.h"

#include <QList>

namespace accelplan::planning {

/// One month of the budget horizon, in the plan's currency. Commitments are what 1- and 3-year
/// terms cost in that month (training or inference on a commitment is counted there, not twice).
struct BudgetMonth
{
    int month = 1;
    double training = 0;
    double inference = 0;
    double commitments = 0;
    /// Cash paid out in the month: the budget, except that owned hardware is paid for up front
    /// (its capex in the month it starts) and then costs only its colocation and power.
    double cashOut = 0;
    double capex = 0; ///< of the cash out, owned hardware bought in the month
    /// Storage, egress and support beside the accelerators (allin.h), paid as they are incurred.
    double allIn = 0;
    double total() const { return training + inference + commitments + allIn; }
};

struct Budget
{
    QList<BudgetMonth> months;
    double total = 0;
    double cashTotal = 0; ///< sum of cashOut: above total when owned hardware outlives the horizon
    QList<pricing::FxRate> fxRates; ///< every rate used by the budgeted options
};

/// The budget horizon of the recommended options: \a train (run \a runs times back to back) from
/// month index \a start, \a serve every month of \a inferenceMonths, commitment terms in
/// full. Either may be null.
Budget planBudget(const TrainingOption *train, int runs, int start, const InferenceOption *serve,
                  double inferenceMonths);

/// Whether a price model is a 1- or 3-year commitment, and its term in months (0 for none).
bool isCommitment(pricing::PriceModel model);
double termMonths(pricing::PriceModel model);
/// The months an offer is paid for at least: a commitment's term, or a vendor's quoted minimum.
double termMonths(const pricing::PriceRecord &offer);

} // namespace accelplan::planning
