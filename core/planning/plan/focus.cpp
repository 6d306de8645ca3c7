#include "core/planning/plan/focus.h"

#include "core/planning/options/budget.h"
#include "core/pricing/fxtable.h"

#include <QJsonDocument>
#include <QJsonObject>
#include <QMap>

using namespace Qt::StringLiterals;

namespace accelplan::planning {

namespace {

QString timestamp(QDate day)
{
    return day.toString(Qt::ISODate) + u"T00:00:00Z"_s;
}

QString amount(double value)
{
    return QString::number(value, 'f', 6);
}

QString pricingCategory(pricing::PriceModel model)
{
    switch (model) {
    case pricing::PriceModel::OnDemand:
    case pricing::PriceModel::Monthly: return u"Standard"_s;
    case pricing::PriceModel::Spot: return u"Dynamic"_s;
    case pricing::PriceModel::Commit1y:
    case pricing::PriceModel::Commit3y:
    case pricing::PriceModel::CapacityBlock: return u"Committed"_s;
    case pricing::PriceModel::Purchase: return u"Other"_s;
    }
    return u"Other"_s;
}

} // namespace

QStringList focusColumns()
{
    return {u"BilledCost"_s, u"BillingAccountId"_s, u"BillingAccountName"_s, u"BillingCurrency"_s,
            u"BillingPeriodEnd"_s, u"BillingPeriodStart"_s, u"ChargeCategory"_s, u"ChargeClass"_s,
            u"ChargeDescription"_s, u"ChargeFrequency"_s, u"ChargePeriodEnd"_s, u"ChargePeriodStart"_s,
            u"CommitmentDiscountCategory"_s, u"CommitmentDiscountId"_s, u"CommitmentDiscountName"_s,
            u"CommitmentDiscountStatus"_s, u"CommitmentDiscountType"_s, u"ConsumedQuantity"_s, u"ConsumedUnit"_s,
            u"ContractedCost"_s, u"ContractedUnitPrice"_s, u"EffectiveCost"_s, u"InvoiceIssuerName"_s, u"ListCost"_s,
            u"ListUnitPrice"_s, u"PricingCategory"_s, u"PricingQuantity"_s, u"PricingUnit"_s, u"ProviderName"_s,
            u"PublisherName"_s, u"RegionId"_s, u"RegionName"_s, u"ResourceId"_s, u"ResourceName"_s,
            u"ResourceType"_s, u"ServiceCategory"_s, u"ServiceName"_s, u"SkuId"_s, u"SkuPriceId"_s,
            u"SubAccountId"_s, u"SubAccountName"_s, u"Tags"_s, u"x_Workload"_s, u"x_Accelerator"_s,
            u"x_Instances"_s, u"x_Scenario"_s, u"x_PlanMonth"_s};
}

QStringList focusChargeCategories()
{
    return {u"Usage"_s, u"Purchase"_s, u"Tax"_s, u"Credit"_s, u"Adjustment"_s};
}

QStringList focusChargeFrequencies()
{
    return {u"One-Time"_s, u"Recurring"_s, u"Usage-Based"_s};
}

QStringList focusPricingCategories()
{
    return {u"Standard"_s, u"Dynamic"_s, u"Committed"_s, u"Other"_s};
}

namespace {

/// FOCUS's service category and a service name for an all-in line (allin.h).
QString allInCategory(const QString &charge)
{
    return charge == u"storage"_s ? u"Storage"_s : charge == u"egress"_s ? u"Networking"_s : u"Management and Governance"_s;
}

QString allInService(const QString &charge)
{
    return charge == u"storage"_s ? u"Storage of the dataset and checkpoints"_s
           : charge == u"egress"_s ? u"Data transfer out"_s
                                   : u"Support plan"_s;
}

} // namespace

QString ForecastLine::skuId() const
{
    return charge.isEmpty() ? offer->key.sku : u"accelplan/"_s + charge;
}

QList<ForecastLine> forecastLines(const Plan &plan)
{
    // Each recommended option's own budget (the plan's, split by option), merged where both sides
    // run on the same offer: one line per provider, SKU, region, price model and month.
    QMap<std::pair<int, QString>, ForecastLine> lines;
    auto addOption = [&](const pricing::PriceRecord &offer, int instances, const QList<pricing::FxRate> &fxRates,
                         bool owned, const QString &workload, const Budget &budget, const Terms &allIn) {
        const QString key = offer.key.provider + u'|' + offer.key.sku + u'|' + offer.key.region + u'|'
                            + pricing::toString(offer.key.priceModel);
        // Unit prices in the plan's currency, at the rates the option was converted with.
        const pricing::FxTable fx(fxRates);
        const auto contracted = fx.convert(offer.price.toDouble(), offer.currency, plan.currency);
        const auto list = fx.convert(offer.listPrice.value_or(offer.price).toDouble(), offer.currency, plan.currency);
        for (qsizetype m = 0; m < budget.months.size(); ++m) {
            const BudgetMonth &b = budget.months[m];
            if (b.total() <= 0 && b.cashOut <= 0)
                continue;
            ForecastLine &line = lines[{int(m), key}];
            line.month = int(m);
            line.offer = &offer;
            line.instances = std::max(line.instances, instances);
            line.owned = line.owned || owned;
            if (!owned && contracted && list) {
                line.unitPrice = contracted->amount;
                line.listUnitPrice = list->amount;
            }
            if (!line.workloads.contains(workload))
                line.workloads.append(workload);
            line.effective += b.total() - b.allIn;
            line.billed += b.cashOut - b.allIn;
            line.capex += b.capex;
            // Each all-in line on its own row, its share of the month's all-in.
            const double allInTotal = termSum(allIn);
            for (const Term &t : allIn) {
                if (allInTotal <= 0 || b.allIn <= 0)
                    break;
                ForecastLine &extra = lines[{int(m), key + u'|' + t.id}];
                extra.month = int(m);
                extra.offer = &offer;
                extra.instances = std::max(extra.instances, instances);
                extra.charge = t.id;
                if (!extra.workloads.contains(workload))
                    extra.workloads.append(workload);
                extra.effective += b.allIn * t.value / allInTotal;
                extra.billed += b.allIn * t.value / allInTotal;
            }
        }
    };
    const int runs = plan.trainingRequest ? plan.trainingRequest->runs : 1;
    if (const TrainingOption *train = plan.recommendedTraining())
        addOption(train->offer, train->instances, train->fxRates, train->owned.has_value(), u"training"_s,
                  planBudget(train, runs, plan.trainingStartMonth, nullptr, 0), train->costTerms.allIn);
    if (const InferenceOption *serve = plan.recommendedInference())
        addOption(serve->offer, serve->instances, serve->fxRates, serve->owned.has_value(), u"inference"_s,
                  planBudget(nullptr, 1, 0, serve, plan.inferenceMonths), serve->costTerms.allIn);
    return lines.values();
}

QList<QStringList> focusForecast(const Plan &plan, QDate firstMonth)
{
    QList<QStringList> rows;
    for (const ForecastLine &line : forecastLines(plan)) {
        const int month = line.month;
        const pricing::PriceRecord &offer = *line.offer;
        const pricing::PriceModel model = offer.key.priceModel;
        const QDate start = firstMonth.addMonths(month);
        const QDate end = firstMonth.addMonths(month + 1);
        const bool rented = line.quantity().has_value();
        const double listCost = rented ? line.effective * *line.listUnitPrice / *line.unitPrice : line.effective;
        const QString unit = model == pricing::PriceModel::Monthly ? u"Months"_s : u"Hours"_s;
        const QString quantity = rented ? amount(*line.quantity()) : QString();
        const bool allIn = !line.charge.isEmpty(); // storage, egress or support beside the accelerators
        const bool commitment = !allIn && isCommitment(model);
        const bool bought = line.capex > 0;
        const QString frequency = bought                                                        ? u"One-Time"_s
                                  : commitment || model == pricing::PriceModel::Monthly ? u"Recurring"_s
                                                                                                : u"Usage-Based"_s;
        const QString workload = line.workloads.join(u'+');
        const QString offerName = u"%1 %2 %3 %4"_s.arg(offer.key.provider, offer.key.sku, pricing::toString(model),
                                                       offer.key.region);
        const QString tags = QString::fromUtf8(
            QJsonDocument(QJsonObject{{u"accelplan-scenario"_s, plan.scenarioName}, {u"accelplan-workload"_s, workload}})
                .toJson(QJsonDocument::Compact));
        const QString commitmentId = commitment ? u"accelplan/%1/%2/%3/%4"_s.arg(offer.key.provider, offer.key.sku,
                                                                                offer.key.region, pricing::toString(model))
                                                : QString();
        rows.append({
            amount(line.billed),                                 // BilledCost
            u"accelplan-forecast"_s,                             // BillingAccountId
            plan.scenarioName,                                   // BillingAccountName
            plan.currency,                                       // BillingCurrency
            timestamp(end),                                      // BillingPeriodEnd (exclusive)
            timestamp(start),                                    // BillingPeriodStart
            bought ? u"Purchase"_s : u"Usage"_s,                 // ChargeCategory
            QString(),                                           // ChargeClass: no correction
            allIn ? u"Forecast: %1 of %2, %3, month %4"_s.arg(line.charge, offerName, workload).arg(month + 1)
                  : u"Forecast: %1 × %2, %3, month %4"_s.arg(line.instances).arg(offerName, workload).arg(month + 1),
            frequency,                                           // ChargeFrequency
            timestamp(end),                                      // ChargePeriodEnd (exclusive)
            timestamp(start),                                    // ChargePeriodStart
            commitment ? u"Usage"_s : QString(),                 // CommitmentDiscountCategory
            commitmentId,                                        // CommitmentDiscountId
            commitment ? offerName : QString(),                  // CommitmentDiscountName
            commitment ? u"Used"_s : QString(),                  // CommitmentDiscountStatus
            commitment ? pricing::toString(model) : QString(),   // CommitmentDiscountType
            quantity,                                            // ConsumedQuantity
            rented ? unit : QString(),                           // ConsumedUnit
            amount(line.effective),                              // ContractedCost: at the team's prices
            rented ? amount(*line.unitPrice) : QString(),        // ContractedUnitPrice
            amount(line.effective),                              // EffectiveCost
            offer.key.provider,                                  // InvoiceIssuerName
            amount(listCost),                                    // ListCost
            rented ? amount(*line.listUnitPrice) : QString(),    // ListUnitPrice
            allIn ? u"Standard"_s : pricingCategory(model),      // PricingCategory
            quantity,                                            // PricingQuantity
            rented ? unit : QString(),                           // PricingUnit
            offer.key.provider,                                  // ProviderName
            offer.key.provider,                                  // PublisherName
            offer.key.region,                                    // RegionId
            offer.key.region,                                    // RegionName
            u"accelplan/%1/%2"_s.arg(workload, offerName),       // ResourceId
            u"%1 (%2)"_s.arg(plan.scenarioName, workload),       // ResourceName
            pricing::toString(offer.offerKind),                  // ResourceType
            allIn ? allInCategory(line.charge) : u"Compute"_s,   // ServiceCategory
            allIn ? allInService(line.charge) : u"Accelerator instances"_s, // ServiceName
            line.skuId(),                                        // SkuId
            allIn ? u"%1|%2"_s.arg(line.skuId(), offer.key.region)
                  : u"%1|%2|%3"_s.arg(offer.key.sku, offer.key.region, pricing::toString(model)), // SkuPriceId
            QString(),                                           // SubAccountId
            QString(),                                           // SubAccountName
            tags,                                                // Tags
            workload,                                            // x_Workload
            offer.accelerator,                                   // x_Accelerator
            QString::number(line.instances),                     // x_Instances
            plan.scenarioName,                                   // x_Scenario
            QString::number(month + 1),                          // x_PlanMonth
        });
    }
    return rows;
}

} // namespace accelplan::planning
