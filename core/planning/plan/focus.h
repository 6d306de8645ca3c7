#pragma once
// The plan as a forecast in FOCUS, the FinOps Open Cost and Usage Specification (issue 40): the
// recommended options' budget month by month, a row per provider, SKU, region, price model and
// month, in the columns a cloud bill's FOCUS export has, so that a forecast and the actual bill
// line up column for column.
#include "core/planning/plan/plan.h"

#include <QDate>
#include <QStringList>

namespace accelplan::planning {

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
