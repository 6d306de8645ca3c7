#include "core/planning/options/budget.h"

#include <algorithm>
#include <cmath>

namespace accelplan::planning {

namespace {

BudgetMonth &monthAt(QList<BudgetMonth> &months, int index)
{
    while (months.size() <= index)
        months.append(BudgetMonth{int(months.size()) + 1});
    return months[index];
}

/// Adds \a cost evenly over \a count months from month index \a first.
void addEvenly(QList<BudgetMonth> &months, int first, int count, double cost, double BudgetMonth::*category)
{
    for (int m = 0; m < count && cost > 0; ++m)
        monthAt(months, first + m).*category += cost / count;
}

/// Adds \a cost by the share of \a hours that falls in each month from month index \a first.
void addByHours(QList<BudgetMonth> &months, int first, double hours, double cost, double BudgetMonth::*category)
{
    const int count = std::max(1, int(std::ceil(hours / kHoursPerMonth - 1e-9)));
    for (int m = 0; m < count && cost > 0; ++m)
        monthAt(months, first + m).*category += hours > 0 ? cost * std::min(kHoursPerMonth, hours - m * kHoursPerMonth) / hours : cost;
}

int wholeMonths(double months)
{
    return std::max(1, int(std::ceil(months - 1e-9)));
}

} // namespace

bool isCommitment(pricing::PriceModel m)
{
    return commitmentTermHours(m) > 0;
}

double termMonths(pricing::PriceModel m)
{
    return commitmentTermHours(m) / kHoursPerMonth;
}

double termMonths(const pricing::PriceRecord &offer)
{
    return std::max(termMonths(offer.key.priceModel), offer.quote ? double(offer.quote->minimumTermMonths) : 0.0);
}

Budget planBudget(const TrainingOption *train, int runs, int start, const InferenceOption *serve,
                  double inferenceMonths)
{
    // Training from its start month, inference every month of the horizon, terms in full.
    Budget budget;
    QList<BudgetMonth> &months = budget.months;
    // Cash: rented capacity is paid as budgeted; owned hardware is bought in its first month.
    auto addCash = [&](const std::optional<OwnedFigures> &owned, int first, const auto &spread) {
        if (!owned)
            return;
        monthAt(months, first).cashOut += owned->capex;
        monthAt(months, first).capex += owned->capex;
        spread(owned->runningShare);
    };
    if (train) {
        const double hours = train->projection->wallHours.typical * runs;
        const pricing::PriceModel model = train->offer.key.priceModel;
        // The all-in lines apart, spread as the run's hours are and paid as incurred.
        const double allIn = termSum(train->costTerms.allIn);
        addByHours(months, start, hours, allIn, &BudgetMonth::allIn);
        addByHours(months, start, hours, allIn, &BudgetMonth::cashOut);
        const double trainingTotal = train->cost.typical - allIn;
        if (isCommitment(model)) {
            const double term = termMonths(model);
            addEvenly(months, start, int(std::max(1.0, std::ceil(hours / (term * kHoursPerMonth))) * term), trainingTotal,
                      &BudgetMonth::commitments);
        } else if (model == pricing::PriceModel::Monthly) {
            addEvenly(months, start, wholeMonths(hours / kHoursPerMonth), trainingTotal, &BudgetMonth::training);
        } else {
            addByHours(months, start, hours, trainingTotal, &BudgetMonth::training);
        }
        if (train->owned)
            addCash(train->owned, start, [&](double share) {
                // What the hours run costs as it is used; the idle capex is in the capex already.
                addByHours(months, start, hours, (trainingTotal - train->owned->idleCost) * share, &BudgetMonth::cashOut);
            });
        else if (isCommitment(model))
            addEvenly(months, start, int(std::max(1.0, std::ceil(hours / (termMonths(model) * kHoursPerMonth))) * termMonths(model)),
                      trainingTotal, &BudgetMonth::cashOut);
        else if (model == pricing::PriceModel::Monthly)
            addEvenly(months, start, wholeMonths(hours / kHoursPerMonth), trainingTotal, &BudgetMonth::cashOut);
        else
            addByHours(months, start, hours, trainingTotal, &BudgetMonth::cashOut);
        budget.fxRates += train->fxRates;
    }
    if (serve) {
        const pricing::PriceModel model = serve->offer.key.priceModel;
        const int horizon = wholeMonths(inferenceMonths);
        // The all-in lines apart, every month of the horizon.
        const double allIn = termSum(serve->costTerms.allIn) * inferenceMonths;
        addEvenly(months, 0, horizon, allIn, &BudgetMonth::allIn);
        addEvenly(months, 0, horizon, allIn, &BudgetMonth::cashOut);
        const double inferenceTotal = serve->lockin.planCost - allIn;
        const double inHorizon = serve->monthlyCost * inferenceMonths + serve->setupCost - allIn;
        auto category = isCommitment(model) ? &BudgetMonth::commitments : &BudgetMonth::inference;
        // The service's spend in each month of the horizon, setup fees apart, and of it what is
        // under a commitment: even; or with a demand curve each month's own fleet, a commitment
        // for its floor and the months above it on demand (demand.h).
        const double running = inHorizon - serve->setupCost;
        QList<double> spend(horizon, running / horizon);
        QList<double> committed(horizon, isCommitment(model) ? running / horizon : 0.0);
        if (!serve->byMonth.isEmpty()) {
            double curve = 0;
            for (const DemandMonth &d : serve->byMonth)
                curve += d.cost;
            const double scale = curve > 0 ? running / curve : 0.0; // a horizon ending in a part month
            for (qsizetype m = 0; m < std::min<qsizetype>(horizon, serve->byMonth.size()); ++m) {
                spend[m] = serve->byMonth[m].cost * scale;
                committed[m] = serve->byMonth[m].committedCost * scale;
            }
        }
        for (int m = 0; m < horizon; ++m) {
            monthAt(months, m).commitments += committed[m];
            monthAt(months, m).inference += spend[m] - committed[m];
        }
        addEvenly(months, 0, 1, serve->setupCost, category); // setup fees in the first month
        // A term longer than the horizon: its remaining months, less other work's share.
        const int rest = int(termMonths(serve->offer)) - horizon;
        const double leftover = inferenceTotal - inHorizon;
        if (leftover > 0)
            addEvenly(months, rest > 0 ? horizon : horizon - 1, std::max(1, rest), leftover, category);
        if (serve->owned) {
            addCash(serve->owned, 0, [&](double share) {
                addEvenly(months, 0, horizon, running * share, &BudgetMonth::cashOut);
            });
        } else {
            for (int m = 0; m < horizon; ++m)
                monthAt(months, m).cashOut += spend[m];
            addEvenly(months, 0, 1, serve->setupCost, &BudgetMonth::cashOut);
            if (leftover > 0)
                addEvenly(months, rest > 0 ? horizon : horizon - 1, std::max(1, rest), leftover, &BudgetMonth::cashOut);
        }
        budget.fxRates += serve->fxRates;
    }
    for (const BudgetMonth &m : std::as_const(months)) {
        budget.total += m.total();
        budget.cashTotal += m.cashOut;
    }
    return budget;
}

} // namespace accelplan::planning
