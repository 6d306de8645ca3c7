#pragma once
// Plan against actual (issue 40): a bill's charges (pricing::ActualCharge) set against the plan's
// forecast (forecastLines) month by month and SKU by SKU, the difference split into price (the rate
// paid against the rate planned), volume (hours used against hours planned) and, where the team
// says what work was done, throughput (hours the work took against what the projection said it needs).
// The accelerators only: a bill's import keeps its accelerator charges, so the plan's all-in lines
// (storage, egress, support) are left out of the comparison.
#include "core/planning/plan/focus.h"
#include "core/pricing/actuals.h"

#include <QDate>
#include <QList>
#include <optional>

namespace accelplan::planning {

/// The work a month did, as the team reports it (a CSV: month,tokens_trained,requests_served).
struct WorkDone
{
    QDate month; ///< its first day
    std::optional<double> tokensTrained;
    std::optional<double> requestsServed;
};

struct VarianceLine
{
    QDate month;
    QString provider;
    QString sku;
    QString workload;                  ///< training, inference, or "unplanned"
    double planned = 0;                ///< the forecast's EffectiveCost
    double actual = 0;                 ///< the bill's
    std::optional<double> plannedHours;
    std::optional<double> actualHours;
    std::optional<double> workHours;   ///< what the projection says the work done needs
    double price = 0;                  ///< (actual rate − planned rate) × actual hours
    double volume = 0;                 ///< (hours for the work done, else actual hours − planned hours) × planned rate
    std::optional<double> throughput;  ///< (actual hours − hours the work needs) × planned rate
    QString note;                      ///< why a split could not be made
    double variance() const { return actual - planned; }
};

/// The variance of \a actuals against \a plan's forecast, month 1 on \a firstMonth. Charges in
/// another currency than the plan's are an error naming it; price + volume + throughput = actual −
/// planned on every line.
Result<QList<VarianceLine>> planVariance(const Plan &plan, QDate firstMonth, const QList<pricing::ActualCharge> &actuals,
                                         const QList<WorkDone> &work = {});

/// Reads a work-done CSV (month as YYYY-MM, tokens_trained, requests_served; either may be empty);
/// a bad row names the file, its line and column.
Result<QList<WorkDone>> readWorkDone(QIODevice *device, const QString &fileName);

} // namespace accelplan::planning
