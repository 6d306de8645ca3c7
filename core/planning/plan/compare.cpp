#include "core/planning/plan/compare.h"

#include "core/common/tr.h"

#include <QJsonArray>

#include <cmath>
#include <map>

using namespace Qt::StringLiterals;

namespace accelplan::planning {

namespace {

QJsonValue optional(const std::optional<double> &value)
{
    return value ? QJsonValue(*value) : QJsonValue();
}

QJsonValue delta(const std::optional<double> &value, const std::optional<double> &base)
{
    return value && base ? QJsonValue(*value - *base) : QJsonValue();
}

} // namespace

ComparedScenario summarise(const Plan &plan, const QString &file)
{
    ComparedScenario s;
    s.file = file;
    s.name = plan.scenarioName;
    s.recommendation = plan.recommendation;
    s.currency = plan.currency;
    if (const TrainingOption *t = plan.recommendedTraining()) {
        s.trainingCost = t->lockin.planCost;
        s.trainingDays = t->projection->wallHours.typical / 24;
        s.lockinScore = t->lockin.score.score;
        if (t->energy) {
            s.trainingKwh = t->energy->kwh;
            s.trainingCo2eKg = t->energy->co2eKg;
        }
    }
    if (const InferenceOption *i = plan.recommendedInference()) {
        s.inferenceMonthlyCost = i->monthlyCost;
        if (!s.lockinScore)
            s.lockinScore = i->lockin.score.score;
        if (i->energyPerMonth) {
            s.inferenceMonthlyKwh = i->energyPerMonth->kwh;
            s.inferenceMonthlyCo2eKg = i->energyPerMonth->co2eKg;
        }
    }
    s.budgetTotal = plan.budget.total;
    s.budgetP10 = plan.headline.p10;
    s.budgetP50 = plan.headline.p50;
    s.budgetP90 = plan.headline.p90;
    s.cashTotal = plan.budget.cashTotal;
    s.capex = plan.headline.capex;
    s.idleCost = plan.headline.idleCost;
    s.cashFirstMonth = plan.budget.months.isEmpty() ? 0 : plan.budget.months.first().cashOut;
    for (const BudgetMonth &month : plan.budget.months)
        s.cashByMonth.append(month.cashOut);
    return s;
}

QList<Strategy> standardStrategies(const scenario::Scenario &base)
{
    using pricing::OfferKind;
    using pricing::PriceModel;
    struct Rule
    {
        const char *id;
        const char *name;
        QList<OfferKind> kinds;
        QList<PriceModel> models;
    };
    const QList<Rule> rules = {
        {"on_demand", QT_TRANSLATE_NOOP("Accelplan", "Cloud on demand"), {OfferKind::CloudVm}, {PriceModel::OnDemand}},
        {"commit_1y", QT_TRANSLATE_NOOP("Accelplan", "1-year commitment"), {}, {PriceModel::Commit1y}},
        {"commit_3y", QT_TRANSLATE_NOOP("Accelplan", "3-year commitment"), {}, {PriceModel::Commit3y}},
        {"tpu", QT_TRANSLATE_NOOP("Accelplan", "TPU on demand"), {OfferKind::Tpu}, {PriceModel::OnDemand}},
        {"spot", QT_TRANSLATE_NOOP("Accelplan", "Spot"), {}, {PriceModel::Spot}},
        {"buy", QT_TRANSLATE_NOOP("Accelplan", "Buy"), {OfferKind::Owned}, {PriceModel::Purchase}},
    };
    QList<Strategy> strategies;
    for (const Rule &rule : rules) {
        Strategy s{QString::fromLatin1(rule.id), Tr::tr(rule.name), base};
        s.scenario.constraints.offerKinds = rule.kinds;
        s.scenario.constraints.priceModels = rule.models;
        s.scenario.name = u"%1 — %2"_s.arg(base.name, s.name);
        strategies.append(std::move(s));
    }
    return strategies;
}

QJsonObject comparisonJson(const QList<ComparedScenario> &scenarios, int baseline)
{
    QJsonArray array;
    const ComparedScenario *base = baseline >= 0 && baseline < scenarios.size() ? &scenarios.at(baseline) : nullptr;
    for (const ComparedScenario &s : scenarios) {
        const auto budget = [&](double value) { return s.planned() ? QJsonValue(value) : QJsonValue(); };
        const auto budgetDelta = [&] {
            return s.planned() && base->planned() ? QJsonValue(s.budgetTotal - base->budgetTotal) : QJsonValue();
        };
        QJsonObject json{{u"file"_s, s.file},
                         {u"name"_s, s.name},
                         {u"recommendation"_s, s.recommendation},
                         {u"training_cost"_s, optional(s.trainingCost)},
                         {u"training_days"_s, optional(s.trainingDays)},
                         {u"inference_monthly_cost"_s, optional(s.inferenceMonthlyCost)},
                         {u"budget_total"_s, budget(s.budgetTotal)},
                         {u"budget_p10"_s, budget(s.budgetP10)},
                         {u"budget_p50"_s, budget(s.budgetP50)},
                         {u"budget_p90"_s, budget(s.budgetP90)},
                         {u"cash_total"_s, budget(s.cashTotal)},
                         {u"capex"_s, budget(s.capex)},
                         {u"idle_cost"_s, budget(s.idleCost)},
                         {u"cash_first_month"_s, budget(s.cashFirstMonth)},
                         {u"cash_by_month"_s, [&] {
                              QJsonArray months;
                              for (double cash : s.cashByMonth)
                                  months.append(cash);
                              return months;
                          }()},
                         {u"lockin_score"_s, optional(s.lockinScore)},
                         {u"training_kwh"_s, optional(s.trainingKwh)},
                         {u"training_co2e_kg"_s, optional(s.trainingCo2eKg)},
                         {u"inference_monthly_kwh"_s, optional(s.inferenceMonthlyKwh)},
                         {u"inference_monthly_co2e_kg"_s, optional(s.inferenceMonthlyCo2eKg)},
                         {u"currency"_s, s.currency},
                         {u"planned"_s, s.planned()}};
        if (base)
            json.insert(u"delta"_s,
                        QJsonObject{{u"training_cost"_s, delta(s.trainingCost, base->trainingCost)},
                                    {u"training_days"_s, delta(s.trainingDays, base->trainingDays)},
                                    {u"inference_monthly_cost"_s, delta(s.inferenceMonthlyCost, base->inferenceMonthlyCost)},
                                    {u"budget_total"_s, budgetDelta()},
                                    {u"budget_p50"_s, s.planned() && base->planned() ? QJsonValue(s.budgetP50 - base->budgetP50)
                                                                                   : QJsonValue()},
                                    {u"cash_total"_s, s.planned() && base->planned() ? QJsonValue(s.cashTotal - base->cashTotal)
                                                                                   : QJsonValue()},
                                    {u"lockin_score"_s, delta(s.lockinScore, base->lockinScore)}});
        array.append(json);
    }
    return QJsonObject{{u"scenarios"_s, array},
                       {u"baseline"_s, base ? QJsonValue(base->file) : QJsonValue()},
                       {u"baseline_index"_s, baseline}};
}

double recommendedCost(const Plan &plan)
{
    double cost = 0;
    if (const TrainingOption *t = plan.recommendedTraining())
        cost += t->lockin.planCost;
    if (const InferenceOption *i = plan.recommendedInference())
        cost += i->lockin.planCost;
    return cost;
}

QList<CostMove> recommendedCostMoves(const QStringList &files, const PlanInputs &before, const PlanInputs &after,
                                     double threshold)
{
    QList<CostMove> moves;
    if (!before.complete() || !after.complete())
        return moves;
    const QStringList models = after.planning->modelIds();
    for (const QString &file : files) {
        const auto scenario = scenario::readScenario(file, &models);
        if (!scenario)
            continue;
        const auto then = planScenario(*scenario, before);
        const auto now = planScenario(*scenario, after);
        if (!then || !now)
            continue;
        CostMove move{file, scenario->name, recommendedCost(*then), recommendedCost(*now), now->currency};
        if (move.before > 0 && std::abs(move.change()) > threshold)
            moves.append(move);
    }
    return moves;
}

namespace {

QString offerId(const pricing::OfferKey &key)
{
    return key.provider.toLower() + u'|' + key.sku.toLower() + u'|' + key.region.toLower() + u'|'
           + pricing::toString(key.priceModel);
}

template<typename Option>
bool sameOffer(const Option *a, const Option *b)
{
    return !a == !b && (!a || offerId(a->offer.key) == offerId(b->offer.key));
}

} // namespace

SinceComparison compareSince(const Plan &then, const Plan &now, const QList<pricing::PriceRecord> &offersThen,
                             const QList<pricing::PriceRecord> &offersNow, QDate asOf)
{
    SinceComparison since;
    since.asOf = asOf;
    since.costThen = recommendedCost(then);
    since.costNow = recommendedCost(now);
    since.budgetThen = then.budget.total;
    since.budgetNow = now.budget.total;
    since.recommendationThen = then.recommendation;
    since.recommendationChanged = !sameOffer(then.recommendedTraining(), now.recommendedTraining())
                                  || !sameOffer(then.recommendedInference(), now.recommendedInference());
    std::map<QString, OfferPriceChange> changes; // sorted by provider, SKU, region, model
    for (const pricing::PriceRecord &r : offersThen)
        changes[offerId(r.key)] = {r.key, r.price.toDouble(), std::nullopt, r.currency};
    for (const pricing::PriceRecord &r : offersNow) {
        auto [it, added] = changes.try_emplace(offerId(r.key), OfferPriceChange{r.key, std::nullopt, {}, r.currency});
        it->second.newPrice = r.price.toDouble();
        it->second.currency = r.currency;
    }
    for (const auto &[id, change] : changes)
        if (change.oldPrice != change.newPrice)
            since.changes.append(change);
    return since;
}

QJsonObject sinceJson(const SinceComparison &since)
{
    QJsonArray changes;
    for (const OfferPriceChange &c : since.changes)
        changes.append(QJsonObject{{u"provider"_s, c.key.provider},
                                   {u"sku"_s, c.key.sku},
                                   {u"region"_s, c.key.region},
                                   {u"price_model"_s, pricing::toString(c.key.priceModel)},
                                   {u"old"_s, optional(c.oldPrice)},
                                   {u"new"_s, optional(c.newPrice)},
                                   {u"currency"_s, c.currency}});
    return QJsonObject{{u"as_of"_s, since.asOf.toString(Qt::ISODate)},
                       {u"cost_delta"_s, since.costNow - since.costThen},
                       {u"budget_delta"_s, since.budgetNow - since.budgetThen},
                       {u"recommendation_changed"_s, since.recommendationChanged},
                       {u"changes"_s, changes},
                       {u"cost_then"_s, since.costThen},
                       {u"budget_then"_s, since.budgetThen},
                       {u"recommendation_then"_s, since.recommendationThen}};
}

} // namespace accelplan::planning
