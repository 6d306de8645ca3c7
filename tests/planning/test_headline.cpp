// The numbers a budget owner signs: the headline (budget at P50 and P90, cash, capex and what owned
// hardware assumes, the deadline band, all-in cost per token, risks) and the defaults behind it
// (production serving, inference-only chips, single-accelerator clusters, one price model per
// strategy).
#include "core/planning/model/cluster.h"
#include "core/planning/plan/compare.h"
#include "core/planning/plan/headline.h"
#include "core/planning/options/inferenceplanner.h"
#include "core/planning/options/trainingplanner.h"
#include "core/catalog/acceleratorcatalog.h"
#include "core/planning/cost/ownership.h"
#include "core/planning/plan/plan.h"
#include "core/scenario/scenario.h"
#include "tests/planning/planfixtures.h"
#include "tests/qtstringmaker.h"

#include <catch2/catch.hpp>

using namespace Qt::StringLiterals;
using namespace accelplan;
using namespace accelplan::planning;
using test::madeUpOffer;

namespace {

scenario::Scenario scenarioOf(const QByteArray &json)
{
    auto parsed = scenario::parseScenario(json, u"test.accelplan"_s);
    INFO((parsed.ok() ? QString() : parsed.error().message).toStdString());
    REQUIRE(parsed.ok());
    return std::move(parsed).value();
}

Plan planOf(const scenario::Scenario &s, const QList<pricing::PriceRecord> &offers)
{
    const test::Prices &prices = test::shippedPrices();
    auto plan = planScenario(s, test::shippedCatalog(), test::planningCatalog(), offers, prices.fx, prices.asOf);
    REQUIRE(plan.ok());
    return std::move(plan).value();
}

Plan planExample(const QString &name, void (*edit)(scenario::Scenario &) = nullptr)
{
    auto read = scenario::readScenario(test::examplePath(name));
    REQUIRE(read.ok());
    scenario::Scenario s = *read;
    if (edit)
        edit(s);
    return planOf(s, test::shippedPrices().offers);
}

bool anyStartsWith(const QStringList &list, const QString &prefix)
{
    return std::any_of(list.cbegin(), list.cend(), [&](const QString &s) { return s.startsWith(prefix); });
}

const QByteArray kShortRun = R"({"format": "accelplan-scenario", "version": 1, "name": "short run",
    "training": {"model": "llama3-8b", "tokens": 1e11}, "lockin": {"exit_probability": 0}})";

QList<pricing::PriceRecord> buyOrRent()
{
    pricing::PriceRecord server = madeUpOffer(u"Owned"_s, u"h100-sxm"_s, pricing::PriceModel::Purchase, 300000);
    server.offerKind = pricing::OfferKind::Owned;
    return {server, madeUpOffer(u"Cloud"_s, u"h100-sxm"_s, pricing::PriceModel::OnDemand, 30)};
}

} // namespace

TEST_CASE("Owned hardware: capex a run leaves idle is charged to it, less what other work fills",
          "[planning][headline][owned]")
{
    const catalog::Accelerator &h100 = *test::shippedCatalog().find(u"h100-sxm"_s);
    pricing::PriceRecord server = buyOrRent().first();
    Ownership o; // 48 months at 70 %, the default network per server
    CHECK(o.networkingPerServer == scenario::kNetworkingPerServer);
    CHECK(ownedHourlyForOffer(server, h100, o, 1.0)->capexPerServer == Approx(300000 + scenario::kNetworkingPerServer));
    o.networkingPerServer = 0; // the server alone, for round figures below
    const auto hourly = ownedHourlyForOffer(server, h100, o, 1.0);
    REQUIRE(hourly.has_value());
    CHECK(hourly->capexPerServer == Approx(300000));
    const double life = 48 * 730 * 0.7;
    // A month of use amortises a month's share; the rest of the capex is idle.
    const OfferCost month = offerCost(server, 2, Range{730, 730, 730}, 0, &*hourly);
    CHECK(month.terms.ownedIdle == Approx(2 * 300000 * (1 - 730 / life)));
    CHECK(month.amount.typical == Approx(2 * (730 * hourly->total() + 300000 * (1 - 730 / life))));
    CHECK(month.basis().contains(u"leaves idle"_s));
    // Filling the hardware's life: nothing idle; beyond it, never negative.
    CHECK(ownedIdleCost(*hourly, life) == Approx(0).margin(1e-6));
    CHECK(ownedIdleCost(*hourly, 2 * life) == 0);
    CHECK(ownedUsedShare(o, life / 4) == Approx(0.25));
    // Other work filling the rest of its life: the hourly (amortised) cost alone.
    o.otherUse = 1;
    const auto shared = ownedHourlyForOffer(server, h100, o, 1.0);
    const OfferCost filled = offerCost(server, 2, Range{730, 730, 730}, 0, &*shared);
    CHECK(filled.amount.typical == Approx(2 * 730 * shared->total()));
    CHECK(filled.terms.ownedIdle == 0);
    CHECK(ownershipAssumptions(o) == u"48-month life, 70% utilisation, no residual value, other use 100%"_s);
}

TEST_CASE("Headline: buying for a short run shows its capex, the idle share and loses to renting",
          "[planning][headline][owned]")
{
    scenario::Scenario s = scenarioOf(kShortRun);
    s.ownership.networkingPerServer = 0; // the server alone, for round figures
    // Rent or buy: a run of days does not fill a server bought for four years.
    const Plan either = planOf(s, buyOrRent());
    const TrainingOption *best = either.recommendedTraining();
    REQUIRE(best != nullptr);
    CHECK(best->offer.key.priceModel == pricing::PriceModel::OnDemand);
    CHECK(either.headline.capex == 0);
    CHECK_FALSE(either.headline.text().contains(u"capex"_s));

    // Buy only: the headline carries the cash and the capex, and says the hardware sits idle.
    s.constraints.priceModels = {pricing::PriceModel::Purchase};
    const Plan buy = planOf(s, buyOrRent());
    const TrainingOption *owned = buy.recommendedTraining();
    REQUIRE(owned != nullptr);
    REQUIRE(owned->owned.has_value());
    const Headline &h = buy.headline;
    CHECK(h.capex == Approx(owned->instances * 300000.0));
    CHECK(owned->owned->idleCost > 0);
    CHECK(h.idleCost == Approx(owned->owned->idleCost));
    CHECK(*h.usedShare < 0.05);
    CHECK(h.cashTotal >= h.capex);
    CHECK(buy.budget.months.first().cashOut >= h.capex);
    CHECK(buy.budget.months.first().capex == Approx(h.capex));
    // The plan cost is never below the cash the hardware takes (no other use, no residual value).
    CHECK(owned->cost.typical >= h.capex);
    Ownership serverAlone;
    serverAlone.networkingPerServer = 0;
    const OwnedHourly hourly = ownedHourly(300000, 8, *test::shippedCatalog().find(u"h100-sxm"_s), serverAlone);
    const double hours = owned->projection->wallHours.typical;
    CHECK(owned->cost.typical
          == Approx(owned->instances * (hourly.total() * hours + 300000 - hourly.capital * hours)));
    CHECK(h.text().contains(u"capex %1 USD"_s.arg(groupedAmount(h.capex))));
    CHECK(h.text().contains(u"48-month life, 70% utilisation, no residual value"_s));
    CHECK(anyStartsWith(h.risks, u"idle hardware"_s));
    CHECK(anyStartsWith(buy.warnings, u"idle hardware"_s));

    // Other work filling the rest: no idle share, the amortised cost.
    s.ownership.otherUse = 1;
    const Plan shared = planOf(s, buyOrRent());
    REQUIRE(shared.recommendedTraining() != nullptr);
    CHECK(shared.recommendedTraining()->owned->idleCost == 0);
    CHECK(shared.recommendedTraining()->cost.typical < owned->cost.typical);
}

TEST_CASE("Headline: the budget at P50 and P90 follows the Monte Carlo, the point projection beside it",
          "[planning][headline]")
{
    for (const QString &name : {u"llama-70b.accelplan"_s, u"chat-service-8b-eur.accelplan"_s}) {
        INFO(name.toStdString());
        const Plan plan = planExample(name);
        const Headline &h = plan.headline;
        CHECK(h.amortised == Approx(plan.budget.total));
        CHECK(h.p50 == Approx(plan.budget.total + plan.sensitivity.p50 - plan.sensitivity.base));
        CHECK(h.p90 == Approx(plan.budget.total + plan.sensitivity.p90 - plan.sensitivity.base));
        CHECK(h.p10 <= h.p50);
        CHECK(h.p50 < h.p90);
        CHECK(h.cashTotal == Approx(plan.budget.cashTotal));
        CHECK(h.horizonMonths == plan.budget.months.size());
        // The text leads with the median, the slow end beside it.
        const QString text = h.text();
        CHECK(text.startsWith(u"Budget %1 %2 at P50 (P90 %3"_s.arg(groupedAmount(h.p50), plan.currency, groupedAmount(h.p90))));
        CHECK(text.contains(u"cash out %1"_s.arg(groupedAmount(h.cashTotal))));
    }
}

TEST_CASE("Headline: a deadline the band's slow end misses is a risk", "[planning][headline]")
{
    const Plan free = planExample(u"llama-70b.accelplan"_s, [](scenario::Scenario &s) { s.training->deadlineDays.reset(); });
    REQUIRE(free.headline.trainingDays.has_value());
    const Range days = *free.headline.trainingDays;
    REQUIRE(days.high > days.typical);
    CHECK(days.typical == Approx(free.recommendedTraining()->projection->wallHours.typical / 24));
    CHECK_FALSE(anyStartsWith(free.headline.risks, u"deadline"_s));
    CHECK(free.headline.text().contains(u"training %1 days"_s.arg(days.typical, 0, 'f', 1)));

    // Between the typical and the slow end: the plan runs, and says the band misses.
    static double deadline = 0;
    deadline = (days.typical + days.high) / 2;
    const Plan tight = planExample(u"llama-70b.accelplan"_s, [](scenario::Scenario &s) { s.training->deadlineDays = deadline; });
    REQUIRE(tight.headline.trainingDays.has_value());
    const bool misses = tight.headline.trainingDays->high > deadline;
    CHECK(anyStartsWith(tight.headline.risks, u"deadline"_s) == misses);
    CHECK(anyStartsWith(tight.warnings, u"deadline"_s) == misses);
    // Far beyond the slow end: no risk.
    deadline = days.high * 3;
    const Plan loose = planExample(u"llama-70b.accelplan"_s, [](scenario::Scenario &s) { s.training->deadlineDays = deadline; });
    CHECK_FALSE(anyStartsWith(loose.headline.risks, u"deadline"_s));
}

TEST_CASE("Serving: a production service runs N+1 and on no spot or marketplace capacity", "[planning][headline][serving]")
{
    const Plan production = planExample(u"chat-service-8b-eur.accelplan"_s);
    const Plan trial = planExample(u"chat-service-8b-eur.accelplan"_s,
                                   [](scenario::Scenario &s) { s.inference->production = false; });
    REQUIRE(production.inference.has_value());
    REQUIRE(trial.inference.has_value());
    auto reclaimable = [](const InferenceOption &o) {
        return o.offer.key.priceModel == pricing::PriceModel::Spot || o.offer.offerKind == pricing::OfferKind::Marketplace;
    };
    int trialSpot = 0;
    for (const InferenceOption &o : trial.inference->options)
        trialSpot += o.runnable() && reclaimable(o);
    REQUIRE(trialSpot > 0);
    QHash<QString, int> trialReplicas;
    for (const InferenceOption &o : trial.inference->options)
        if (o.runnable())
            trialReplicas.insert(o.offer.key.provider + o.offer.key.sku + o.offer.key.region + pricing::toString(o.offer.key.priceModel), o.replicas);
    int compared = 0;
    for (const InferenceOption &o : production.inference->options) {
        INFO(o.offer.key.sku.toStdString());
        const QString key = o.offer.key.provider + o.offer.key.sku + o.offer.key.region + pricing::toString(o.offer.key.priceModel);
        if (reclaimable(o)) {
            CHECK_FALSE(o.runnable());
            // Where the trial could run it, production is the reason.
            if (trialReplicas.contains(key))
                CHECK(o.cannotRun.contains(u"production service"_s));
            continue;
        }
        if (!o.runnable())
            continue;
        CHECK(o.replicas >= 2);
        CHECK(o.warnings.contains(u"production: one spare replica beyond the load (N+1)"_s));
        if (trialReplicas.contains(key) && !o.disaggregation) {
            CHECK(o.replicas == trialReplicas.value(key) + 1);
            ++compared;
        }
    }
    CHECK(compared > 0);
    // Offline work is never production.
    auto read = scenario::readScenario(test::examplePath(u"chat-service-8b-eur.accelplan"_s));
    REQUIRE(read.ok());
    scenario::Scenario offline = *read;
    offline.inference->offline = true;
    auto request = inferenceRequest(offline, test::planningCatalog());
    REQUIRE(request.ok());
    CHECK_FALSE(request->production);
}

TEST_CASE("Serving: the cost per 1M output tokens is all-in, the phase split beside it", "[planning][headline][serving]")
{
    const Plan plan = planExample(u"chat-service-8b-eur.accelplan"_s);
    REQUIRE(plan.inferenceRequest.has_value());
    const InferenceInput &in = plan.inferenceRequest->input;
    REQUIRE(in.requestsPerSecond.has_value());
    const double outputTokensPerMonth = *in.requestsPerSecond * 730 * 3600 * in.outputTokens;
    int checked = 0;
    for (const InferenceOption &o : plan.inference->options) {
        if (!o.runnable())
            continue;
        CHECK(o.costPerMillionOutputAllIn * outputTokensPerMonth / 1e6 == Approx(o.monthlyCost));
        CHECK(o.costPerMillionOutput <= o.costPerMillionOutputAllIn);
        ++checked;
    }
    CHECK(checked > 0);
    const InferenceOption *serve = plan.recommendedInference();
    REQUIRE(serve != nullptr);
    REQUIRE(plan.headline.costPerMillionOutput.has_value());
    CHECK(*plan.headline.costPerMillionOutput == serve->costPerMillionOutputAllIn);
    CHECK(plan.recommendation.contains(u"%1 %2 per 1M output tokens all-in"_s.arg(serve->costPerMillionOutputAllIn, 0, 'f', 3)
                                           .arg(plan.currency)));
}

TEST_CASE("Plan: a spot price far below on-demand is flagged as implausible", "[planning][headline]")
{
    scenario::Scenario s = scenarioOf(kShortRun);
    const auto onDemand = madeUpOffer(u"Cloud"_s, u"h100-sxm"_s, pricing::PriceModel::OnDemand, 30);
    const auto cheap = madeUpOffer(u"Cloud"_s, u"h100-sxm"_s, pricing::PriceModel::Spot, 3);   // 90 % off
    const Plan deep = planOf(s, {onDemand, cheap});
    const TrainingOption *spot = deep.recommendedTraining();
    REQUIRE(spot != nullptr);
    REQUIRE(spot->offer.key.priceModel == pricing::PriceModel::Spot);
    CHECK(anyStartsWith(spot->warnings, u"implausible discount: spot at 10% of on-demand"_s));
    CHECK(anyStartsWith(deep.headline.risks, u"implausible discount"_s));
    const auto usual = madeUpOffer(u"Cloud"_s, u"h100-sxm"_s, pricing::PriceModel::Spot, 12); // 60 % off
    const Plan plausible = planOf(s, {onDemand, usual});
    REQUIRE(plausible.recommendedTraining() != nullptr);
    CHECK_FALSE(anyStartsWith(plausible.recommendedTraining()->warnings, u"implausible"_s));
}

TEST_CASE("Plan: large spot training carries a capacity risk with its on-demand fallback", "[planning][headline]")
{
    scenario::Scenario s = scenarioOf(R"({"format": "accelplan-scenario", "version": 1, "name": "large spot",
        "training": {"model": "llama3-70b", "tokens": 2e12, "chips": 256}, "lockin": {"exit_probability": 0}})");
    const auto onDemand = madeUpOffer(u"Cloud"_s, u"h100-sxm"_s, pricing::PriceModel::OnDemand, 30);
    const auto spot = madeUpOffer(u"Cloud"_s, u"h100-sxm"_s, pricing::PriceModel::Spot, 15);
    const Plan plan = planOf(s, {onDemand, spot});
    const TrainingOption *best = plan.recommendedTraining();
    REQUIRE(best != nullptr);
    REQUIRE(best->offer.key.priceModel == pricing::PriceModel::Spot);
    REQUIRE(best->projection->chips > kSpotCapacityRiskChips);
    const auto risk = std::find_if(plan.headline.risks.cbegin(), plan.headline.risks.cend(),
                                   [](const QString &r) { return r.startsWith(u"capacity: no capacity guarantee"_s); });
    REQUIRE(risk != plan.headline.risks.cend());
    const TrainingOption &fallback = *std::find_if(plan.training->options.cbegin(), plan.training->options.cend(),
                                                  [](const TrainingOption &o) { return o.offer.key.priceModel == pricing::PriceModel::OnDemand; });
    CHECK(risk->contains(groupedAmount(fallback.cost.typical)));
}

TEST_CASE("Training: inference-only chips are not offered, and single-accelerator VMs without a fabric are capped",
          "[planning][headline][cluster]")
{
    const catalog::Accelerator *inferentia = test::shippedCatalog().find(u"inferentia2"_s);
    REQUIRE(inferentia != nullptr);
    CHECK(inferentia->inferenceOnly);
    CHECK_FALSE(test::shippedCatalog().find(u"trainium2"_s)->inferenceOnly);
    scenario::Scenario s = scenarioOf(kShortRun);
    const Plan plan = planOf(s, {madeUpOffer(u"AWS"_s, u"inferentia2"_s, pricing::PriceModel::OnDemand, 12, 12),
                                 madeUpOffer(u"Cloud"_s, u"h100-sxm"_s, pricing::PriceModel::OnDemand, 30)});
    for (const TrainingOption &o : plan.training->options)
        if (o.offer.accelerator == u"inferentia2"_s) {
            CHECK_FALSE(o.runnable());
            CHECK(o.cannotRun.contains(u"inference only"_s));
        }

    const catalog::Accelerator &h100 = *test::shippedCatalog().find(u"h100-sxm"_s);
    const ClusterShape single = clusterShape(madeUpOffer(u"Nowhere"_s, u"h100-sxm"_s, pricing::PriceModel::OnDemand, 3, 1),
                                             h100, static_cast<const catalog::FabricRule *>(nullptr));
    REQUIRE(single.maxNodes.has_value());
    CHECK(*single.maxNodes == kSingleAcceleratorMaxNodes);
    CHECK(single.basis.contains(u"single-accelerator"_s));
    const ClusterShape eight = clusterShape(madeUpOffer(u"Nowhere"_s, u"h100-sxm"_s, pricing::PriceModel::OnDemand, 30, 8),
                                            h100, static_cast<const catalog::FabricRule *>(nullptr));
    CHECK_FALSE(eight.maxNodes.has_value());
}

TEST_CASE("Compare: each standard strategy stays on one price model, spot a strategy of its own", "[planning][compare]")
{
    auto s = scenario::readScenario(test::examplePath(u"llama-70b.accelplan"_s));
    REQUIRE(s.ok());
    const QList<Strategy> strategies = standardStrategies(*s);
    QStringList ids;
    for (const Strategy &strategy : strategies) {
        INFO(strategy.id.toStdString());
        ids << strategy.id;
        CHECK(strategy.scenario.constraints.priceModels.size() == 1);
    }
    CHECK(ids == QStringList{u"on_demand"_s, u"commit_1y"_s, u"commit_3y"_s, u"tpu"_s, u"spot"_s, u"buy"_s});
    CHECK(strategies.at(3).scenario.constraints.priceModels == QList<pricing::PriceModel>{pricing::PriceModel::OnDemand});
    CHECK(strategies.at(4).scenario.constraints.priceModels == QList<pricing::PriceModel>{pricing::PriceModel::Spot});
}

TEST_CASE("headline projection: train and serve lead with the planner's, not one the command makes up",
          "[planning][headline]")
{
    const catalog::Accelerator &h100 = *test::shippedCatalog().find(u"h100-sxm"_s);
    const pricing::FxTable fx;
    TrainingRequest training;
    training.input.modelParams = 8e9;
    training.input.tokens = 1e11;
    const QList<pricing::PriceRecord> offers{madeUpOffer(u"Cheap"_s, u"h100-sxm"_s, pricing::PriceModel::OnDemand, 20),
                                             madeUpOffer(u"Dear"_s, u"h100-sxm"_s, pricing::PriceModel::OnDemand, 90)};
    const TrainingPlan plan = planTraining(training, test::shippedCatalog(), test::planningCatalog(), offers, fx);
    REQUIRE(plan.options.first().runnable());

    // No accelerator named: the cheapest runnable option's own projection.
    const auto cheapest = trainingHeadline(training, plan, nullptr, test::planningCatalog());
    REQUIRE(cheapest);
    CHECK(cheapest->chips == plan.options.first().projection->chips);
    CHECK(cheapest->wallHours.typical == plan.options.first().projection->wallHours.typical);
    // An accelerator and a chip count: exactly those.
    training.chips = 48;
    const auto given = trainingHeadline(training, plan, &h100, test::planningCatalog());
    REQUIRE(given);
    CHECK(given->chips == 48);
    CHECK(given->accelerator == u"h100-sxm"_s);
    // Nothing runnable: the fewest chips that hold the model on the named accelerator, else none.
    training.chips.reset();
    const TrainingPlan none;
    const auto fewest = trainingHeadline(training, none, &h100, test::planningCatalog());
    REQUIRE(fewest);
    CHECK(fewest->chips == trainingMemory(training.input, h100).minimumChips());
    CHECK_FALSE(trainingHeadline(training, none, nullptr, test::planningCatalog()));

    InferenceRequest serving;
    serving.input.modelParams = 8e9;
    serving.input.inputTokens = 500;
    serving.input.outputTokens = 200;
    serving.input.requestsPerSecond = 2;
    const InferencePlan served = planInference(serving, test::shippedCatalog(), test::planningCatalog(), offers, fx);
    REQUIRE(served.options.first().runnable());
    const auto best = inferenceHeadline(serving, served, nullptr, test::planningCatalog());
    REQUIRE(best);
    CHECK(best->tokensPerSecondPerChip == served.options.first().projection->tokensPerSecondPerChip);
    const auto onH100 = inferenceHeadline(serving, InferencePlan(), &h100, test::planningCatalog());
    REQUIRE(onH100);
    CHECK(onH100->accelerator == u"h100-sxm"_s);
    CHECK_FALSE(inferenceHeadline(serving, InferencePlan(), nullptr, test::planningCatalog()));
}
