#pragma once
// The plan as a forecast in FOCUS, the FinOps Open Cost and Usage Specification (issue 40): the
// recommended options' budget month by month, a row per provider, SKU, region, price model and
// month, in the columns a cloud bill's FOCUS export has, so that a forecast and the actual bill
// line up column for column.
#include "core/planning/plan/plan.h"

#include <QDate>
#include <QStringList>

namespace accelplan::planning {

/// One month of one recommended offer in the plan's budget (both sides merged where they run on
/// the same offer): what focusForecast() writes and planVariance() compares with a bill.
struct ForecastLine
{
    int month = 0;                            ///< budget month index (0: month 1)
    const pricing::PriceRecord *offer = nullptr;
    int instances = 0;
    QStringList workloads;                    ///< "training", "inference"
    double effective = 0;                     ///< the budget's (amortised) cost
    double billed = 0;                        ///< invoiced: owned hardware in full when bought
    double capex = 0;                         ///< of billed, hardware bought in the month
    bool owned = false;
    std::optional<double> unitPrice;          ///< rented: the team's price per hour (month), plan currency
    std::optional<double> listUnitPrice;      ///< rented: the list price, plan currency
    /// An all-in line of the offer's use (allin.h: "storage", "egress", "support"); empty for the
    /// accelerators themselves.
    QString charge{};
    /// The SKU the line is billed under: the offer's, or "accelplan/<charge>" for an all-in line.
    QString skuId() const;
    /// Rented: the instance-hours (months) the effective cost pays for.
    std::optional<double> quantity() const
    {
        return unitPrice && *unitPrice > 0 ? std::optional<double>(effective / *unitPrice) : std::nullopt;
    }
};

/// The plan's recommended options month by month, in month then offer order.
QList<ForecastLine> forecastLines(const Plan &plan);

/// The columns written, in order: FOCUS 1.2's (every one it requires, and those a forecast can
/// fill), then Accelplan's own, prefixed x_ as FOCUS reserves for extensions.
QStringList focusColumns();

/// The values FOCUS allows in the enumerated columns a forecast fills.
QStringList focusChargeCategories();  ///< ChargeCategory
QStringList focusChargeFrequencies(); ///< ChargeFrequency
QStringList focusPricingCategories(); ///< PricingCategory

/// The forecast's rows (focusColumns() order): the budget of the plan's recommended training and
/// inference options, month 1 starting on \a firstMonth (its first day, UTC). BilledCost is what
/// is invoiced in the month (owned hardware in full when bought), EffectiveCost the budget's
/// amortised cost; ListCost is at list prices, ContractedCost at the team's (negotiated) prices.
QList<QStringList> focusForecast(const Plan &plan, QDate firstMonth);

} // namespace accelplan::planning
