#pragma once

#include "core/planning/plan/plan.h"
#include "core/planning/plan/planinputs.h"

#include <QJsonObject>

#include <optional>

namespace accelplan::planning {

/// One scenario of a comparison: the figures finance compares, each as that scenario's own plan
/// gives it (the recommended options, the budget and its Monte Carlo P10/P90).
struct ComparedScenario
{
    QString file; ///< the scenario file; "FILE#strategy" for a standard strategy built from it
    QString name;
    QString recommendation;
    std::optional<double> trainingCost;         ///< recommended training option's plan cost
    std::optional<double> trainingDays;         ///< its typical wall-clock days
    std::optional<double> inferenceMonthlyCost; ///< recommended inference option's monthly cost
    double budgetTotal = 0;    ///< the point budget
    double budgetP10 = 0;      ///< the budget at the Monte Carlo's percentiles (headline.h)
    double budgetP50 = 0;
    double budgetP90 = 0;
    double cashTotal = 0;      ///< the budget's cash out (owned hardware paid up front)
    double capex = 0;          ///< owned hardware bought
    double idleCost = 0;       ///< of it, what the scenario's own use leaves idle
    double cashFirstMonth = 0; ///< what goes out in the first month
    QList<double> cashByMonth; ///< the budget's cash out, month by month (owned hardware up front)
    std::optional<double> lockinScore; ///< of the recommended training option, else inference
    std::optional<double> trainingKwh;           ///< the recommended training option's energy
    std::optional<double> trainingCo2eKg;        ///< null where its region's grid is unknown
    std::optional<double> inferenceMonthlyKwh;
    std::optional<double> inferenceMonthlyCo2eKg;
    QString currency;

    /// Whether anything could be planned: without a recommended option the budget is empty, not zero.
    bool planned() const { return trainingCost || inferenceMonthlyCost; }
};

ComparedScenario summarise(const Plan &plan, const QString &file);

/// A standard strategy derived from one scenario by its procurement constraints alone.
struct Strategy
{
    QString id;   ///< "on_demand", "commit_1y", "commit_3y", "tpu", "spot", "buy"
    QString name; ///< for people: "Cloud on demand"
    scenario::Scenario scenario;
};

/// Cloud on demand (cloud VMs at on-demand prices), a 1-year and a 3-year commitment, TPU on
/// demand, spot (any kind at spot prices) and buying (owned hardware): each on one price model, the
/// scenario with its offer kinds and price models replaced, every other constraint kept.
QList<Strategy> standardStrategies(const scenario::Scenario &base);

/// `{scenarios: [{file, name, recommendation, training_cost, training_days,
/// inference_monthly_cost, budget_total, budget_p10, budget_p50, budget_p90, cash_total, capex, idle_cost, cash_first_month,
/// lockin_score, training_kwh,
/// training_co2e_kg, inference_monthly_kwh, inference_monthly_co2e_kg, currency, planned,
/// delta: {…}}], baseline, baseline_index}`; each delta is the figure minus the baseline's (null
/// where either lacks it). A scenario nothing could be planned for has null budget figures.
QJsonObject comparisonJson(const QList<ComparedScenario> &scenarios, int baseline);

/// One offer whose price differs between two dates: null old for an offer that appeared, null
/// new for one that is gone.
struct OfferPriceChange
{
    pricing::OfferKey key;
    std::optional<double> oldPrice;
    std::optional<double> newPrice;
    QString currency;
};

/// A plan at the prices of an earlier date against the plan at today's.
struct SinceComparison
{
    QDate asOf;
    double costThen = 0; ///< the recommended options' plan cost (training + inference)
    double costNow = 0;
    double budgetThen = 0;
    double budgetNow = 0;
    bool recommendationChanged = false; ///< another recommended offer on either side
    QString recommendationThen;
    QList<OfferPriceChange> changes; ///< every offer added, removed or repriced, by provider and SKU
};

/// The recommended options' plan cost (training + inference); 0 when nothing is recommended.
double recommendedCost(const Plan &plan);

/// A scenario whose recommended cost moved between two snapshots of the inputs (an import).
struct CostMove
{
    QString file;
    QString name;
    double before = 0;
    double after = 0;
    QString currency;
    double change() const { return before > 0 ? after / before - 1 : 0; }
};

/// The scenarios among \a files whose recommended cost moved by more than \a threshold (0.05 = 5 %)
/// from the inputs \a before to \a after. Files that cannot be read or planned are left out.
QList<CostMove> recommendedCostMoves(const QStringList &files, const PlanInputs &before, const PlanInputs &after,
                                     double threshold = 0.05);

SinceComparison compareSince(const Plan &then, const Plan &now, const QList<pricing::PriceRecord> &offersThen,
                             const QList<pricing::PriceRecord> &offersNow, QDate asOf);

/// `{as_of, cost_delta, budget_delta, recommendation_changed, changes: [{provider, sku, region,
/// price_model, old, new, currency}], cost_then, budget_then, recommendation_then}`.
QJsonObject sinceJson(const SinceComparison &since);

} // namespace accelplan::planning
