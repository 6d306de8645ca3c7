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

/// An OpenCost allocation export names Kubernetes workloads, not SKUs: the offer the team says
/// ran them, and which of them to read.
struct OpenCostTarget
{
    QString provider;
    QString sku;
    QString region{};
    int acceleratorsPerInstance = 1; ///< the SKU's GPUs: GPU-hours to instance-hours
    QString currency = QStringLiteral("USD"); ///< the export's (OpenCost's configured currency)
    QString namespaceFilter{};       ///< only this namespace; empty: every workload with GPUs
};

/// Whether \a device (not consumed) holds an OpenCost allocation CSV export (OpenCost's daily CSV
/// exporter: Date, Namespace, …, GPUs, …, GPUCost, TotalCost) rather than a FOCUS export.
bool isOpenCostExport(QIODevice *device);

/// The GPU charges of an OpenCost allocation CSV export, one row per workload and day: GPUCost as
/// the cost of \a target's SKU in the month of Date, GPUs × 24 h ÷ its GPUs per instance as its
/// instance-hours. Rows without GPU cost, or of another namespace, are counted in \a skipped; a
/// cost or date that is not one is an error naming the file, line and column, and nothing is kept.
Result<QList<ActualCharge>> readOpenCostActuals(QIODevice *device, const QString &fileName,
                                                const OpenCostTarget &target, int *skipped = nullptr);

/// The key readFocusActuals() filters on: "provider|sku", lower case.
QString actualsKey(const QString &provider, const QString &sku);

} // namespace accelplan::pricing
