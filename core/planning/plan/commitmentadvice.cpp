#include "core/planning/plan/commitmentadvice.h"

#include "core/common/tr.h"
#include "core/common/units.h"
#include "core/planning/options/budget.h"

#include <QJsonArray>
#include <QLocale>
#include <QSet>

#include <algorithm>
#include <cmath>
#include <random>

using namespace Qt::StringLiterals;

namespace accelplan::planning {

namespace {

/// The offer's price per instance-month in the plan's currency (an hourly price × 730 h, a monthly
/// server's as it is); none without an exchange rate.
std::optional<double> perInstanceMonth(const pricing::PriceRecord &offer, const pricing::FxTable &fx, const QString &currency)
{
    const double hours = offer.key.priceModel == pricing::PriceModel::Monthly ? 1.0 : kHoursPerMonth;
    const auto c = fx.convert(offer.price.toDouble() * hours, offer.currency, currency);
    return c ? std::optional<double>(c->amount) : std::nullopt;
}

/// An option's instances in each month of the horizon: its demand curve's fleet, else its own.
QList<int> instancesByMonth(const InferenceOption &o, int months)
{
    QList<int> base;
    for (int m = 0; m < months; ++m)
        base.append(m < o.byMonth.size() ? o.byMonth[m].instances : o.instances);
    return base;
}

/// \a base under each volume factor, whole instances.
QList<QList<int>> scenariosOf(const QList<int> &base, const QList<double> &factors)
{
    QList<QList<int>> scenarios;
    for (double f : factors) {
        QList<int> scenario;
        for (int n : base)
            scenario.append(int(std::ceil(n * f - 1e-9)));
        scenarios.append(scenario);
    }
    return scenarios;
}

QString money(double value, const QString &currency)
{
    return QLocale(QLocale::English, QLocale::UnitedStates).toString(value, 'f', 0) + u' ' + currency;
}

} // namespace

CommitmentAdvice adviseCommitments(const Plan &plan, const QList<pricing::PriceRecord> &offers, const pricing::FxTable &fx,
                                   const scenario::SensitivitySection &sensitivity, double otherUse,
                                   const CommitmentGoal &goal)
{
    CommitmentAdvice best;
    best.percentile = goal.percentile;
    best.reason = Tr::tr("the plan serves nothing: commitments are advised for a service");
    if (!plan.inference)
        return best;
    best.reason = Tr::tr("none of the best-ranked rented offers sells both on demand and a 1- or 3-year commitment");
    const int months = std::max(1, int(std::ceil(plan.inferenceMonths - 1e-9)));
    // The volume band's draws, the same for every offer tried.
    std::mt19937_64 random(sensitivity.seed);
    std::uniform_real_distribution<double> volume(1.0 - sensitivity.volumeBand, 1.0 + sensitivity.volumeBand);
    QList<double> factors;
    for (int s = 0; s < goal.scenarios; ++s)
        factors.append(volume(random));

    // What the recommended option costs at its own price over the same scenarios (a commitment
    // bought for it counts as bought): a portfolio must beat it to be advised.
    const InferenceOption *recommended = plan.recommendedInference();
    if (recommended && !isCommitment(recommended->offer.key.priceModel) && !recommended->owned)
        if (const auto price = perInstanceMonth(recommended->offer, fx, plan.currency)) {
            CommitmentProblem own;
            own.demand = scenariosOf(instancesByMonth(*recommended, months), factors);
            own.onDemandPerInstanceMonth = *price;
            best.recommendedCost = portfolioCost(own, {}, nullptr);
            best.recommended = recommended->offer.key.provider + u' ' + recommended->offer.key.sku + u' '
                               + pricing::toString(recommended->offer.key.priceModel);
        }

    QSet<QString> tried;
    for (const InferenceOption &o : plan.inference->options) {
        if (int(tried.size()) >= goal.candidates)
            break;
        const pricing::PriceRecord &offer = o.offer;
        if (!o.runnable() || o.owned || offer.key.priceModel == pricing::PriceModel::Spot
            || offer.offerKind == pricing::OfferKind::Marketplace)
            continue;
        const QString key = offer.key.provider + u'|' + offer.key.sku + u'|' + offer.key.region;
        if (tried.contains(key))
            continue;
        tried.insert(key);
        // The same SKU on demand and committed, in the plan's currency.
        CommitmentProblem problem;
        problem.otherUse = otherUse;
        problem.idleCap = goal.idleCap;
        problem.percentile = goal.percentile;
        const pricing::PriceRecord *onDemand = nullptr;
        for (const pricing::PriceRecord &r : offers) {
            if (r.key.provider != offer.key.provider || r.key.sku != offer.key.sku || r.key.region != offer.key.region || r.quote)
                continue;
            const auto price = perInstanceMonth(r, fx, plan.currency);
            if (!price)
                continue;
            if (r.key.priceModel == pricing::PriceModel::OnDemand) {
                onDemand = &r;
                problem.onDemandPerInstanceMonth = *price;
            } else if (isCommitment(r.key.priceModel)) {
                problem.products.append({r.key.priceModel, *price, int(std::lround(termMonths(r.key.priceModel)))});
            }
        }
        if (!onDemand || problem.products.isEmpty())
            continue;
        problem.demand = scenariosOf(instancesByMonth(o, months), factors);
        auto solved = optimiseCommitments(problem);
        if (!solved)
            continue;
        ++best.offersTried;
        if (best.reason.isEmpty() && solved->expectedCost >= best.solution.expectedCost)
            continue;
        best.offer = *onDemand;
        best.solution = *solved;
        best.products = problem.products;
        best.onDemandPerInstanceMonth = problem.onDemandPerInstanceMonth;
        best.reason.clear();
    }
    if (best.reason.isEmpty() && best.recommendedCost && *best.recommendedCost <= best.solution.expectedCost)
        best.reason = Tr::tr("the recommended %1 costs less without one (expected %2 against %3 for the best "
                             "commitments, on %4 %5)")
                          .arg(best.recommended, money(*best.recommendedCost, plan.currency),
                               money(best.solution.expectedCost, plan.currency), best.offer.key.provider, best.offer.key.sku);
    return best;
}

QString CommitmentAdvice::summary(const QString &currency) const
{
    if (!reason.isEmpty())
        return Tr::tr("Commitments: none advised: %1.").arg(reason);
    QStringList buys;
    for (const CommitmentPurchase &p : solution.purchases)
        buys.append(Tr::tr("%1 × %2 from month %3").arg(p.instances).arg(pricing::toString(p.model)).arg(p.startMonth));
    const QString what = buys.isEmpty() ? Tr::tr("no commitment: on demand costs least")
                                        : Tr::tr("buy %1").arg(buys.join(u", "_s));
    return Tr::tr("Commitments for %1 %2 in %3: %4; expected %5 against %6 all on demand (%7 % saved); at P%8 %9 % of "
                  "the committed instance-months idle%10.")
        .arg(offer.key.provider, offer.key.sku, offer.key.region, what, money(solution.expectedCost, currency),
             money(solution.onDemandCost, currency))
        .arg(solution.onDemandCost > 0 ? (1.0 - solution.expectedCost / solution.onDemandCost) * 100 : 0.0, 0, 'f', 1)
        .arg(percentile * 100, 0, 'f', 0)
        .arg(solution.idleShare * 100, 0, 'f', 1)
        .arg(solution.optimal ? QString() : Tr::tr(" (the solver's time ran out: the best found)"));
}

QJsonObject commitmentAdviceJson(const CommitmentAdvice &advice, const CommitmentGoal &goal, const QString &currency)
{
    QJsonObject json{{u"idle_cap"_s, goal.idleCap},
                     {u"percentile"_s, goal.percentile},
                     {u"scenarios"_s, goal.scenarios},
                     {u"offers_tried"_s, advice.offersTried},
                     {u"currency"_s, currency},
                     {u"method"_s, u"GLPK mixed integer program: least expected cost over the scenarios, the idle cap at the percentile"_s}};
    if (advice.recommendedCost) {
        json.insert(u"recommended"_s, advice.recommended);
        json.insert(u"recommended_cost"_s, *advice.recommendedCost);
    }
    if (!advice.reason.isEmpty()) {
        json.insert(u"reason"_s, advice.reason);
        json.insert(u"purchases"_s, QJsonArray());
        return json;
    }
    QJsonArray purchases;
    for (const CommitmentPurchase &p : advice.solution.purchases)
        purchases.append(QJsonObject{{u"price_model"_s, pricing::toString(p.model)},
                                     {u"start_month"_s, p.startMonth},
                                     {u"instances"_s, p.instances}});
    QJsonArray products;
    for (const CommitmentProduct &p : advice.products)
        products.append(QJsonObject{{u"price_model"_s, pricing::toString(p.model)},
                                    {u"per_instance_month"_s, p.perInstanceMonth},
                                    {u"term_months"_s, p.termMonths}});
    json.insert(u"provider"_s, advice.offer.key.provider);
    json.insert(u"sku"_s, advice.offer.key.sku);
    json.insert(u"region"_s, advice.offer.key.region);
    json.insert(u"on_demand_per_instance_month"_s, advice.onDemandPerInstanceMonth);
    json.insert(u"products"_s, products);
    json.insert(u"purchases"_s, purchases);
    json.insert(u"expected_cost"_s, advice.solution.expectedCost);
    json.insert(u"on_demand_cost"_s, advice.solution.onDemandCost);
    json.insert(u"expected_saving"_s, advice.solution.onDemandCost - advice.solution.expectedCost);
    json.insert(u"idle_share"_s, advice.solution.idleShare);
    json.insert(u"optimal"_s, advice.solution.optimal);
    json.insert(u"summary"_s, advice.summary(currency));
    return json;
}

} // namespace accelplan::planning
