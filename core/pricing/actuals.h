#pragma once
// Actual spend (issue 40): the accelerator lines of a cloud bill's FOCUS export (AWS, Azure and
// Google all produce one), read with the same all-or-nothing rules as a price sheet and stored
// with the file they came from, to be set against a plan's forecast (planning/plan/variance.h).
#include "core/common/diagnostic.h"

#include <QDate>
#include <QIODevice>
#include <QList>
#include <QSet>
#include <QString>

namespace accelplan::pricing {

/// One charge of a FOCUS export, as stored.
struct ActualCharge
{
    QString provider;      ///< ProviderName
    QString sku;           ///< SkuId
    QString region;        ///< RegionId (may be empty)
    QDate month;           ///< the first day of ChargePeriodStart's month
    double effectiveCost = 0; ///< EffectiveCost, else BilledCost
    QString currency;      ///< BillingCurrency
    double quantity = 0;   ///< PricingQuantity (hours of the SKU)
    QString unit;          ///< PricingUnit
    int line = 0;          ///< in the file
};

/// The charges of a FOCUS CSV whose provider and SKU are in \a skus ("provider|sku", lower case):
/// the accelerator SKUs there are prices for, or those a scenario's plan uses. A row that is not a
/// FOCUS row (a cost that is not a number, a date that is not ISO 8601, no SkuId) is an error
/// naming the file, its line and the column, and nothing is kept; rows of other SKUs are counted
/// in \a skipped.
Result<QList<ActualCharge>> readFocusActuals(QIODevice *device, const QString &fileName, const QSet<QString> &skus,
                                             int *skipped = nullptr);

/// The key readFocusActuals() filters on: "provider|sku", lower case.
QString actualsKey(const QString &provider, const QString &sku);

} // namespace accelplan::pricing
