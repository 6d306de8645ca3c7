#pragma once

#include "core/catalog/accelerator.h"
#include "core/catalog/planningcatalog.h"
#include "core/common/term.h"
#include "core/common/texthash.h"
#include "core/pricing/fxtable.h"
#include "core/pricing/pricetypes.h"

#include <QHash>
#include <QSet>
#include <QString>

#include <optional>

namespace accelplan::catalog {
class AcceleratorCatalog;
}

namespace accelplan::planning {

/// What is still payable on a 1- or 3-year commitment when leaving, in the offer's currency, and
/// what it follows from.
struct CommitmentLeft
{
    double amount = 0;
    pricing::PriceModel model = pricing::PriceModel::OnDemand;
    int instances = 0;
    Decimal hourlyPrice;
    QString currency;
    double termHours = 0;
    double exitAtFraction = 0;
    double otherUse = 0;
    /// How it was computed: written when asked (a plan holds thousands of options, half of them
    /// commitments, and shows a few explanations).
    QString basis() const;
};

/// What leaving costs, in the plan's currency, with how each part was computed.
struct ExitCost
{
    double egress = 0;
    double porting = 0;
    double commitment = 0;
    double portingWeeks = 0;
    QString egressBasis;
    QString portingBasis;
    CommitmentLeft commitmentLeft;
    QString commitmentBasis() const { return commitmentLeft.basis(); }
    double total() const { return egress + porting + commitment; }
};

/// The scenario's lock-in parameters (amounts in the plan's currency).
struct LockinParameters
{
    double dataGb = 0;              ///< dataset + checkpoints moved out
    double engineerWeekCost = 6000;
    double exitProbability = 0.3;
    double exitAtFraction = 0.5;    ///< how far into a commitment's term the exit happens
    double commitmentOtherUse = 0;  ///< share of a commitment other work uses
    QString framework = QStringLiteral("pytorch");
    bool customCudaKernels = false;
};

/// Which providers sell each accelerator, and which vendors have accelerators on sale: the
/// market an option could move to. Built once from the offers.
struct Market
{
    QHash<QString, QSet<QString>> providersByAccelerator; ///< accelerator id → providers (lower case)
    QHash<QString, QSet<QString>> providersByVendor;      ///< vendor → providers (lower case)
    QHash<const catalog::Accelerator *, int> providerCount; ///< the size of providersByAccelerator's sets
};
Market marketOf(const QList<pricing::PriceRecord> &offers, const catalog::AcceleratorCatalog &accelerators);

/// Internet egress of \a gb from \a provider: tiers applied after the monthly free allowance, in
/// the tiers' currency. nullopt when no tiers are shipped for the provider.
struct EgressQuote
{
    double amount = 0;
    QString currency;
    QString basis;
};
std::optional<EgressQuote> egressCost(const QList<catalog::EgressTier> &tiers, double gb);

/// Engineer-weeks to move the workload off this accelerator: 0 when another provider sells the
/// same accelerator; else the cheapest move to a vendor other providers sell, by the
/// framework-fit table (the scenario's framework, and custom CUDA kernels when it has them).
struct Porting
{
    double weeks = 0;
    QString basis;
};
Porting exitPorting(const pricing::PriceRecord &offer, const catalog::Accelerator &accelerator,
                    const LockinParameters &parameters, const Market &market, const catalog::PlanningCatalog &catalog);

/// What is still payable on a 1- or 3-year commitment when leaving at `exitAtFraction` of the
/// term, less other work's share; 0 for other price models. In the offer's currency.
CommitmentLeft commitmentRemaining(const pricing::PriceRecord &offer, int instances, const LockinParameters &parameters);

/// What exitCost works out per provider (egress) and per provider and accelerator (porting):
/// a plan's thousands of options share a few dozen of each. One per plan (the parameters,
/// market and currency must not change while it is used).
class ExitCostMemo
{
public:
    struct Egress
    {
        double amount = 0;
        QString basis;
        QString warning; ///< empty when it was counted
    };
    struct Ported
    {
        double weeks = 0;
        double cost = 0;
        QString basis;
    };
    QHash<TextKey, Egress> egress;  ///< by provider
    struct PortingKey
    {
        QString provider;
        const catalog::Accelerator *accelerator;
        bool operator==(const PortingKey &) const = default;
    };
    friend size_t qHash(const PortingKey &key, size_t seed = 0)
    {
        return qHashMulti(seed, textHash(key.provider), key.accelerator);
    }
    QHash<PortingKey, Ported> porting;
};

/// The whole exit cost of an option, in the plan's currency. \a memo, when given, keeps the
/// parts that depend only on the provider and accelerator between calls.
ExitCost exitCost(const pricing::PriceRecord &offer, const catalog::Accelerator &accelerator, int instances,
                  const LockinParameters &parameters, const Market &market, const catalog::PlanningCatalog &catalog,
                  const pricing::FxTable &fx, const QString &currency, QStringList *warnings,
                  ExitCostMemo *memo = nullptr);

/// The lock-in score's four factors, each 0–100, and their weighted sum.
struct LockinScore
{
    double availability = 0; ///< 100 when one provider sells the accelerator, 0 from five
    double framework = 0;    ///< porting weeks against a 12-week rewrite
    double commitment = 0;   ///< on demand/spot 0, monthly 10, capacity block 20, purchase 40, 1 year 50, 3 years 100
    double exitShare = 0;    ///< exit cost against the option's cost, capped at 100 %
    double score = 0;        ///< the weighted sum of factors()

    /// The four factors as terms, in the score's order, each with its weight and rule: what the
    /// JSON, the window's explanation and the PDF show.
    Terms factors() const;
};
constexpr double kAvailabilityWeight = 0.30;
constexpr double kFrameworkWeight = 0.25;
constexpr double kCommitmentWeight = 0.20;
constexpr double kExitShareWeight = 0.25;
constexpr double kRewriteWeeks = 12.0; ///< a full rewrite in the framework-fit table (JAX, TensorFlow)

LockinScore lockinScore(int providersOfAccelerator, double portingWeeks, pricing::PriceModel priceModel, double exitCost,
                        double planCost);

/// cost + exit_probability × exit_cost.
inline double lockinAdjustedCost(double cost, double exitProbability, double exitCost)
{
    return cost + exitProbability * exitCost;
}

} // namespace accelplan::planning
