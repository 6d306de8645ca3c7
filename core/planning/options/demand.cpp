#include "core/planning/options/demand.h"

#include "core/common/tr.h"
#include "core/planning/options/budget.h"

#include <algorithm>
#include <cmath>
#include <numeric>

using namespace Qt::StringLiterals;

namespace accelplan::planning {

QList<double> demandByMonth(const QList<scenario::DemandPoint> &points, bool steps, int months)
{
    QList<double> load;
    if (points.isEmpty())
        return load;
    for (int month = 1; month <= months; ++month) {
        // The last point at or before the month, and the next one.
        qsizetype at = 0;
        while (at + 1 < points.size() && points[at + 1].month <= month)
            ++at;
        const scenario::DemandPoint &from = points[at];
        if (month <= from.month || at + 1 == points.size() || steps) {
            load.append(from.requestsPerSecond);
            continue;
        }
        const scenario::DemandPoint &to = points[at + 1];
        const double share = double(month - from.month) / (to.month - from.month);
        load.append(from.requestsPerSecond + share * (to.requestsPerSecond - from.requestsPerSecond));
    }
    return load;
}

void applyDemand(InferenceOption &option, const QList<double> &load, bool production,
                 std::optional<double> onDemandPerHour)
{
    if (!option.runnable() || load.isEmpty() || option.instances <= 0 || option.replicas <= 0 || option.monthlyCost <= 0)
        return;
    const double peak = *std::max_element(load.cbegin(), load.cend());
    if (peak <= 0)
        return;
    const pricing::PriceRecord &offer = option.offer;
    const pricing::PriceModel model = offer.key.priceModel;
    const int spare = production ? 1 : 0;
    const int loadReplicas = std::max(1, option.replicas - spare); // sized for the peak
    const int minimum = offer.quote ? offer.quote->minimumInstances : 0;
    const double perInstance = option.monthlyCost / option.instances; // the accelerators' month
    option.byMonth.clear();
    for (qsizetype m = 0; m < load.size(); ++m) {
        DemandMonth month;
        month.month = int(m) + 1;
        month.requestsPerSecond = load[m];
        // No load, no service that month (a quote's minimum is paid still).
        month.replicas = load[m] > 0 ? std::max(1, int(std::ceil(loadReplicas * load[m] / peak - 1e-9))) + spare : 0;
        month.instances = std::max(minimum, int(std::ceil(double(option.instances) * month.replicas / option.replicas - 1e-9)));
        if (model == pricing::PriceModel::Purchase)
            month.instances = option.instances; // bought once, for the peak
        option.byMonth.append(month);
    }
    // A commitment: the floor that every month needs, the rest on demand at the same offer's price.
    int committed = 0;
    double burstPerInstance = perInstance;
    if (isCommitment(model)) {
        committed = std::min_element(option.byMonth.cbegin(), option.byMonth.cend(), [](const DemandMonth &a, const DemandMonth &b) {
                        return a.instances < b.instances;
                    })->instances;
        const double paid = option.costTerms.price.toDouble();
        if (onDemandPerHour && paid > 0) {
            burstPerInstance = perInstance * *onDemandPerHour / paid;
        } else {
            committed = option.instances;
            option.warnings.append(Tr::tr("demand: no on-demand price of %1 to pay for the months above the floor; "
                                          "the commitment covers the peak")
                                       .arg(offer.key.sku));
        }
    }
    double total = 0;
    for (DemandMonth &month : option.byMonth) {
        month.committed = std::min(committed, month.instances);
        month.committedCost = committed * perInstance; // the term is paid whether used or not
        month.cost = month.committedCost + (month.instances - month.committed) * (committed > 0 ? burstPerInstance : perInstance);
        total += month.cost;
    }
    if (committed > 0 && committed < option.instances)
        option.warnings.append(Tr::tr("demand: %1 instance(s) committed (the floor every month needs), up to %2 more on "
                                      "demand in the months above it")
                                   .arg(committed)
                                   .arg(option.instances - committed));
    if (model == pricing::PriceModel::Purchase)
        option.warnings.append(Tr::tr("demand: owned servers are bought for the peak of %1 instance(s)").arg(option.instances));
    // The averages over the horizon: the month's cost, and what a request and a token cost over
    // the requests the horizon serves.
    const double meanLoad = std::accumulate(load.cbegin(), load.cend(), 0.0) / load.size();
    const double costFactor = total / load.size() / option.monthlyCost;
    const double unitFactor = meanLoad > 0 ? costFactor * peak / meanLoad : costFactor;
    option.monthlyCost *= costFactor;
    option.costTerms.demandFactor = costFactor;
    option.monthlyCostBand = option.monthlyCostBand.scaled(costFactor);
    option.costPerRequest *= unitFactor;
    option.costPerMillionInput *= unitFactor;
    option.costPerMillionOutput *= unitFactor;
    option.costPerMillionOutputAllIn *= unitFactor;
    option.costPerRequestBand = option.costPerRequestBand.scaled(unitFactor);
    option.costPerMillionOutputBand = option.costPerMillionOutputBand.scaled(unitFactor);
    if (option.energyPerMonth) {
        double instances = 0;
        for (const DemandMonth &month : std::as_const(option.byMonth))
            instances += month.instances;
        const double share = instances / option.byMonth.size() / option.instances;
        option.energyPerMonth->kwh *= share;
        if (option.energyPerMonth->co2eKg)
            *option.energyPerMonth->co2eKg *= share;
    }
}

QString demandSummary(const QList<double> &load, const InferenceOption &option, bool steps)
{
    if (load.isEmpty() || option.byMonth.isEmpty())
        return {};
    const auto [fewest, most] = std::minmax_element(option.byMonth.cbegin(), option.byMonth.cend(),
                                                    [](const DemandMonth &a, const DemandMonth &b) { return a.instances < b.instances; });
    const auto figure = [](double qps) { return QString::number(qps, 'f', qps >= 100 ? 0 : qps >= 10 ? 1 : 2); };
    return Tr::tr("Demand %1 → %2 requests/s over %3 months (%4, peak %5): %6 to %7 instance(s) of %8")
        .arg(figure(load.first()), figure(load.last()))
        .arg(load.size())
        .arg(steps ? Tr::tr("steps") : Tr::tr("ramp"))
        .arg(figure(*std::max_element(load.cbegin(), load.cend())))
        .arg(fewest->instances)
        .arg(most->instances)
        .arg(option.offer.key.sku);
}

} // namespace accelplan::planning
