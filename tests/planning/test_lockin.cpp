// Lock-in, exit cost, ownership, budget and sensitivity: each factor as a table, then the whole
// plan of the shipped example scenarios on the shipped prices.
#include "core/catalog/acceleratorcatalog.h"
#include "core/common/statistics.h"
#include "core/planning/cost/lockin.h"
#include "core/planning/cost/ownership.h"
#include "core/planning/plan/plan.h"
#include "core/planning/plan/planjson.h"
#include "core/pricing/pricedatabase.h"
#include "tests/planning/planfixtures.h"
#include "tests/qtstringmaker.h"
#include "tests/testsupport.h"

#include <catch2/catch.hpp>

#include <QBuffer>
#include <QTemporaryDir>

using namespace Qt::StringLiterals;
using namespace accelplan;
using namespace accelplan::planning;

namespace {

using test::planningCatalog;
using test::Prices;
using test::shippedPrices;

pricing::PriceRecord offer(const QString &provider, const QString &accelerator, pricing::PriceModel model, double price,
                           int count = 8)
{
    return test::madeUpOffer(provider, accelerator, model, price, count);
}

const catalog::Accelerator &accelerator(const QString &id)
{
    const catalog::Accelerator *a = test::shippedCatalog().find(id);
    REQUIRE(a != nullptr);
    return *a;
}

Plan planExample(const QString &name, double exitProbability = -1, quint64 seed = 0)
{
    auto scenario = scenario::readScenario(test::examplePath(name));
    INFO(name.toStdString());
    REQUIRE(scenario.ok());
    if (exitProbability >= 0)
        scenario->lockin.exitProbability = exitProbability;
    if (seed)
        scenario->sensitivity.seed = seed;
    const Prices &prices = shippedPrices();
    auto plan = planScenario(*scenario, test::shippedCatalog(), planningCatalog(), prices.offers, prices.fx, prices.asOf);
    REQUIRE(plan.ok());
    return std::move(plan).value();
}

const QStringList kExamples = {u"llama-70b.accelplan"_s, u"jax-8b-tpu-or-gpu.accelplan"_s,
                               u"chat-service-8b-eur.accelplan"_s};

} // namespace

TEST_CASE("Egress: tiers after the free allowance", "[planning][lockin]")
{
    catalog::EgressTier first{u"P"_s, 0, 1000, 0.10, u"USD"_s, 100, {}};
    catalog::EgressTier second{u"P"_s, 1000, 5000, 0.05, u"USD"_s, 100, {}};
    catalog::EgressTier rest{u"P"_s, 5000, std::nullopt, 0.02, u"USD"_s, 100, {}};
    const QList<catalog::EgressTier> tiers{first, second, rest};
    struct Row { double gb; double expected; };
    for (const Row row : {Row{0, 0}, Row{100, 0}, Row{600, 50}, Row{1100, 100}, Row{2100, 150},
                          Row{5100, 100 + 200}, Row{10100, 100 + 200 + 100}}) {
        INFO(row.gb << " GB");
        const auto quote = egressCost(tiers, row.gb);
        REQUIRE(quote.has_value());
        CHECK(quote->amount == Approx(row.expected));
        CHECK(quote->currency == u"USD"_s);
    }
    CHECK_FALSE(egressCost({}, 100).has_value());
    // Shipped AWS tiers: 52,000 GB = 100 free, then 10,240 × 0.09 + 40,960 × 0.085 + 700 × 0.07.
    const auto aws = egressCost(planningCatalog().egressTiers(u"aws"_s), 52000);
    REQUIRE(aws.has_value());
    CHECK(aws->amount == Approx(10240 * 0.09 + 40960 * 0.085 + 700 * 0.07));
    // Providers that publish free egress cost nothing to leave.
    const auto lambda = egressCost(planningCatalog().egressTiers(u"Lambda"_s), 52000);
    REQUIRE(lambda.has_value());
    CHECK(lambda->amount == 0);
}

TEST_CASE("Porting: weeks to leave an accelerator, by the framework-fit table", "[planning][lockin]")
{
    const QList<pricing::PriceRecord> offers{
        offer(u"Google Cloud"_s, u"tpu-v5p"_s, pricing::PriceModel::OnDemand, 4.2, 1),
        offer(u"AWS"_s, u"h100-sxm"_s, pricing::PriceModel::OnDemand, 55),
        offer(u"Lambda"_s, u"h100-sxm"_s, pricing::PriceModel::OnDemand, 24),
        offer(u"OnlyAmd"_s, u"mi300x"_s, pricing::PriceModel::OnDemand, 20),
    };
    const Market market = marketOf(offers, test::shippedCatalog());
    struct Row
    {
        int offerIndex;
        QString framework;
        bool kernels;
        double weeks;
    };
    const QList<Row> rows{
        {1, u"pytorch"_s, false, 0},  // H100 is sold elsewhere: move as it is
        {1, u"pytorch"_s, true, 0},   // even with custom kernels
        {0, u"jax"_s, false, 12},     // TPU/JAX to NVIDIA GPUs: jax on NVIDIA
        {0, u"pytorch"_s, false, 0},  // PyTorch/XLA back to CUDA: pytorch on NVIDIA
        {0, u"tensorflow"_s, false, 12},
        {3, u"pytorch"_s, true, 0},   // only one AMD seller, but NVIDIA runs CUDA kernels natively
    };
    for (const Row &row : rows) {
        LockinParameters p;
        p.framework = row.framework;
        p.customCudaKernels = row.kernels;
        const pricing::PriceRecord &o = offers[row.offerIndex];
        INFO(o.accelerator.toStdString() << " " << row.framework.toStdString() << " kernels " << row.kernels);
        const Porting porting = exitPorting(o, accelerator(o.accelerator), p, market, planningCatalog());
        CHECK(porting.weeks == row.weeks);
        CHECK_FALSE(porting.basis.isEmpty());
    }
    // With nowhere else to go, the largest effort in the table is assumed, and said.
    const QList<pricing::PriceRecord> alone{offers[0]};
    LockinParameters jax;
    jax.framework = u"jax"_s;
    const Porting stuck = exitPorting(alone[0], accelerator(u"tpu-v5p"_s), jax, marketOf(alone, test::shippedCatalog()),
                                      planningCatalog());
    CHECK(stuck.weeks >= kRewriteWeeks);
    CHECK(stuck.basis.contains(u"assumed"_s));
}

TEST_CASE("Commitment: what remains payable when leaving mid-term", "[planning][lockin]")
{
    struct Row
    {
        pricing::PriceModel model;
        double exitAt;
        double otherUse;
        double expected;
    };
    const QList<Row> rows{
        {pricing::PriceModel::Commit1y, 0.5, 0, 2 * 10 * 8760 * 0.5},
        {pricing::PriceModel::Commit1y, 0.5, 0.25, 2 * 10 * 8760 * 0.5 * 0.75},
        {pricing::PriceModel::Commit3y, 0.25, 0, 2 * 10 * 3 * 8760 * 0.75},
        {pricing::PriceModel::Commit3y, 1.0, 0, 0},
        {pricing::PriceModel::OnDemand, 0.5, 0, 0},
        {pricing::PriceModel::Monthly, 0.5, 0, 0},
        {pricing::PriceModel::Purchase, 0.5, 0, 0},
    };
    for (const Row &row : rows) {
        LockinParameters p;
        p.exitAtFraction = row.exitAt;
        p.commitmentOtherUse = row.otherUse;
        INFO(pricing::toString(row.model).toStdString() << " exit " << row.exitAt << " other " << row.otherUse);
        const CommitmentLeft left = commitmentRemaining(offer(u"P"_s, u"h100-sxm"_s, row.model, 10), 2, p);
        CHECK(left.amount == Approx(row.expected));
        CHECK_FALSE(left.basis().isEmpty());
    }
}

TEST_CASE("Exit cost: the plan's memo gives every option what it computes alone", "[planning][lockin]")
{
    const Prices &prices = shippedPrices();
    const Market market = marketOf(prices.offers, test::shippedCatalog());
    LockinParameters p;
    p.dataGb = 52000;
    p.exitAtFraction = 0.25;
    p.commitmentOtherUse = 0.1;
    ExitCostMemo memo;
    int commitments = 0;
    for (const QString &currency : {u"USD"_s, u"EUR"_s}) {
        for (const pricing::PriceRecord &o : prices.offers) {
            const catalog::Accelerator *a = test::shippedCatalog().find(o.accelerator);
            REQUIRE(a != nullptr);
            QStringList alone, remembered;
            const ExitCost x = exitCost(o, *a, 3, p, market, planningCatalog(), prices.fx, currency, &alone);
            const ExitCost y = exitCost(o, *a, 3, p, market, planningCatalog(), prices.fx, currency, &remembered,
                                        &memo);
            INFO(o.key.provider.toStdString() << " " << o.key.sku.toStdString() << " " << currency.toStdString());
            CHECK(x.egress == y.egress);
            CHECK(x.porting == y.porting);
            CHECK(x.portingWeeks == y.portingWeeks);
            CHECK(x.commitment == y.commitment);
            CHECK(x.egressBasis == y.egressBasis);
            CHECK(x.portingBasis == y.portingBasis);
            CHECK(x.commitmentBasis() == y.commitmentBasis());
            CHECK(alone == remembered);
            commitments += x.commitment > 0;
        }
        memo = {}; // one memo per plan: the currency is the plan's
    }
    CHECK(commitments > 0);
}

TEST_CASE("Lock-in score: each factor and the weighted sum", "[planning][lockin]")
{
    struct Row
    {
        int providers;
        double weeks;
        pricing::PriceModel model;
        double exit;
        double cost;
        double availability, framework, commitment, exitShare;
    };
    const QList<Row> rows{
        {1, 12, pricing::PriceModel::Commit3y, 100, 100, 100, 100, 100, 100},
        {5, 0, pricing::PriceModel::OnDemand, 0, 100, 0, 0, 0, 0},
        {2, 6, pricing::PriceModel::Commit1y, 25, 100, 75, 50, 50, 25},
        {3, 24, pricing::PriceModel::Monthly, 300, 100, 50, 100, 10, 100},
        {9, 3, pricing::PriceModel::Purchase, 10, 0, 0, 25, 40, 100},
        {4, 0, pricing::PriceModel::Spot, 5, 100, 25, 0, 0, 5},
    };
    for (const Row &row : rows) {
        INFO("providers " << row.providers << " weeks " << row.weeks);
        const LockinScore s = lockinScore(row.providers, row.weeks, row.model, row.exit, row.cost);
        CHECK(s.availability == Approx(row.availability));
        CHECK(s.framework == Approx(row.framework));
        CHECK(s.commitment == Approx(row.commitment));
        CHECK(s.exitShare == Approx(row.exitShare));
        CHECK(s.score == Approx(0.30 * row.availability + 0.25 * row.framework + 0.20 * row.commitment
                                + 0.25 * row.exitShare));
    }
}

TEST_CASE("A TPU/JAX option is more locked in than a same-cost GPU option many providers sell", "[planning][lockin]")
{
    QList<pricing::PriceRecord> offers{offer(u"Google Cloud"_s, u"tpu-v5p"_s, pricing::PriceModel::OnDemand, 4.2, 1)};
    for (const QString &provider : {u"AWS"_s, u"Azure"_s, u"Lambda"_s, u"CoreWeave"_s, u"RunPod"_s})
        offers.append(offer(provider, u"h100-sxm"_s, pricing::PriceModel::OnDemand, 30));
    const Market market = marketOf(offers, test::shippedCatalog());
    LockinParameters p;
    p.framework = u"jax"_s;
    p.dataGb = 20000;
    const double cost = 1'000'000; // the same for both
    QStringList warnings;
    const ExitCost tpuExit = exitCost(offers[0], accelerator(u"tpu-v5p"_s), 64, p, market, planningCatalog(),
                                      shippedPrices().fx, u"USD"_s, &warnings);
    const ExitCost gpuExit = exitCost(offers[1], accelerator(u"h100-sxm"_s), 8, p, market, planningCatalog(),
                                      shippedPrices().fx, u"USD"_s, &warnings);
    const LockinScore tpu = lockinScore(1, tpuExit.portingWeeks, pricing::PriceModel::OnDemand, tpuExit.total(), cost);
    const LockinScore gpu = lockinScore(5, gpuExit.portingWeeks, pricing::PriceModel::OnDemand, gpuExit.total(), cost);
    CHECK(tpuExit.portingWeeks == 12);
    CHECK(tpuExit.porting == Approx(12 * 6000));
    CHECK(gpuExit.portingWeeks == 0);
    CHECK(tpu.score > gpu.score + 30);
    CHECK(lockinAdjustedCost(cost, 0.3, tpuExit.total()) > lockinAdjustedCost(cost, 0.3, gpuExit.total()));
}

TEST_CASE("Ownership: hourly cost of use and the break-even utilisation", "[planning][ownership]")
{
    const catalog::Accelerator &h100 = accelerator(u"h100-sxm"_s);
    REQUIRE(h100.tdpWatts.has_value());
    Ownership o;
    o.powerPriceKwh = 0.10;
    o.pue = 1.5;
    o.lifetimeMonths = 48;
    o.utilization = 0.5;
    o.coloPerServerMonth = 2000;
    o.networkingPerServer = 0; // the server alone
    const double price = 300'000;
    const OwnedHourly h = ownedHourly(price, 8, h100, o);
    const double usedHours = 48 * 730 * 0.5;
    CHECK(h.capital == Approx(price / usedHours));
    CHECK(h.colocation == Approx(2000 * 48 / usedHours));
    CHECK(h.power == Approx(8 * *h100.tdpWatts / 1000 * 1.5 * 0.10));
    CHECK(h.total() == Approx(h.capital + h.colocation + h.power));
    // At the break-even utilisation owning costs what renting does per hour of use.
    const double rented = 30;
    const auto u = breakEvenUtilization(price, 8, h100, o, rented);
    REQUIRE(u.has_value());
    Ownership atBreakEven = o;
    atBreakEven.utilization = *u;
    CHECK(ownedHourly(price, 8, h100, atBreakEven).total() == Approx(rented));
    // Renting for less than the power bill: owning never pays.
    CHECK_FALSE(breakEvenUtilization(price, 8, h100, o, 0.5).has_value());
    // A purchase offer is costed per hour of use, not at its full price, when ownership is given.
    const pricing::PriceRecord purchase = offer(u"Owned"_s, u"h100-sxm"_s, pricing::PriceModel::Purchase, price);
    const auto owned = ownedHourlyForOffer(purchase, h100, o, 1.0);
    REQUIRE(owned.has_value());
    const OfferCost cost = offerCost(purchase, 2, Range{100, 200, 400}, 0, &*owned);
    // 200 hours amortise little of the capex: the rest is idle and the run carries it.
    CHECK(cost.amount.typical == Approx(2 * (200 * h.total() + price - 200 * h.capital)));
    // Every purchase gets the owned costing (the default ownership when a command gives none); other
    // price models none.
    CHECK(ownedHourlyForOffer(purchase, h100, Ownership{}, 1.0).has_value());
    CHECK_FALSE(ownedHourlyForOffer(offer(u"Rented"_s, u"h100-sxm"_s, pricing::PriceModel::OnDemand, 30), h100,
                                    Ownership{}, 1.0)
                    .has_value());
}

TEST_CASE("Ownership: capex with the network, break-even utilisation and months against renting", "[planning][owned]")
{
    const catalog::Accelerator &h100 = *test::shippedCatalog().find(u"h100-sxm"_s);
    Ownership o;
    o.networkingPerServer = 15000;
    const double price = 300000;
    const double rented = 30; // per server-hour
    const OwnedFigures f = ownedFigures(price, 8, 4, h100, o, rented, u"Cloud p5 (on_demand)"_s);
    CHECK(f.capex == Approx(4 * (price + 15000)));
    REQUIRE(f.breakEvenUtilization.has_value());
    // At the break-even utilisation owning costs as much per used hour as renting.
    Ownership atBreakEven = o;
    atBreakEven.utilization = *f.breakEvenUtilization;
    CHECK(ownedHourly(price, 8, h100, atBreakEven).total() == Approx(rented));
    // Months of use after which the rent saved (less power and colocation) has paid the server.
    REQUIRE(f.breakEvenMonths.has_value());
    const double power = ownedHourly(price, 8, h100, o).power;
    CHECK(*f.breakEvenMonths == Approx((price + 15000) / ((rented - power) * 730 * o.utilization - o.coloPerServerMonth)));
    CHECK(ownedSummary(f, 4, u"USD"_s).contains(u"Capex 1,260,000 USD"_s));
    // Renting below the power bill: owning never pays; nothing rented: nothing to compare.
    CHECK_FALSE(ownedFigures(price, 8, 4, h100, o, 0.5, u"x"_s).breakEvenMonths.has_value());
    const OwnedFigures alone = ownedFigures(price, 8, 4, h100, o, std::nullopt, {});
    CHECK_FALSE(alone.breakEvenUtilization.has_value());
    CHECK(ownedSummary(alone, 4, u"USD"_s).contains(u"no rented option"_s));
}

TEST_CASE("Plan: exit probability 0 makes the adjusted cost the cost", "[planning][plan]")
{
    const Plan plan = planExample(u"llama-70b.accelplan"_s, 0.0);
    REQUIRE(plan.training.has_value());
    REQUIRE(plan.inference.has_value());
    int checked = 0;
    for (const TrainingOption &o : plan.training->options) {
        if (!o.runnable())
            continue;
        CHECK(o.lockin.adjustedCost == o.lockin.planCost);
        ++checked;
    }
    for (const InferenceOption &o : plan.inference->options) {
        if (!o.runnable())
            continue;
        CHECK(o.lockin.adjustedCost == o.lockin.planCost);
        ++checked;
    }
    CHECK(checked > 20);
    // With a chance of leaving, the adjusted cost adds exactly that share of the exit cost.
    const Plan risky = planExample(u"llama-70b.accelplan"_s, 0.5);
    for (const TrainingOption &o : risky.training->options) {
        if (o.runnable())
            CHECK(o.lockin.adjustedCost == Approx(o.lockin.planCost + 0.5 * o.lockin.exit.total()));
    }
}

TEST_CASE("Plan: options are ranked by lock-in-adjusted cost, non-runnable last with a reason", "[planning][plan]")
{
    for (const QString &name : kExamples) {
        const Plan plan = planExample(name);
        INFO(name.toStdString());
        auto check = [](const auto &options) {
            bool seenUnrunnable = false;
            double previous = -1;
            for (const auto &o : options) {
                if (!o.runnable()) {
                    seenUnrunnable = true;
                    CHECK_FALSE(o.cannotRun.isEmpty());
                    continue;
                }
                CHECK_FALSE(seenUnrunnable);
                CHECK(o.lockin.computed);
                CHECK(o.lockin.adjustedCost >= previous);
                CHECK(o.lockin.exit.total() == Approx(o.lockin.exit.egress + o.lockin.exit.porting + o.lockin.exit.commitment));
                previous = o.lockin.adjustedCost;
            }
        };
        if (plan.training)
            check(plan.training->options);
        if (plan.inference)
            check(plan.inference->options);
        CHECK_FALSE(plan.recommendation.isEmpty());
    }
}

TEST_CASE("Plan: the budget months add up to the total of the recommended options", "[planning][plan]")
{
    for (const QString &name : kExamples) {
        const Plan plan = planExample(name);
        INFO(name.toStdString());
        REQUIRE_FALSE(plan.budget.months.isEmpty());
        double sum = 0;
        int month = 0;
        for (const BudgetMonth &m : plan.budget.months) {
            CHECK(m.month == ++month);
            CHECK(m.training >= 0);
            CHECK(m.inference >= 0);
            CHECK(m.commitments >= 0);
            sum += m.total();
        }
        CHECK(sum == Approx(plan.budget.total));
        double expected = 0;
        if (const TrainingOption *t = plan.recommendedTraining())
            expected += t->lockin.planCost;
        if (const InferenceOption *i = plan.recommendedInference()) {
            expected += i->lockin.planCost;
            CHECK(plan.budget.months.size() >= int(plan.inferenceMonths));
        }
        CHECK(plan.budget.total == Approx(expected));
        CHECK(plan.sensitivity.base == Approx(expected));
    }
}

TEST_CASE("Plan: an inference commitment longer than the horizon is budgeted for its whole term", "[planning][plan]")
{
    auto scenario = scenario::readScenario(test::examplePath(u"chat-service-8b-eur.accelplan"_s));
    REQUIRE(scenario.ok());
    scenario->constraints.priceModels = {pricing::PriceModel::Commit3y};
    scenario->inference->months = 12;
    const Prices &prices = shippedPrices();
    const auto plan = planScenario(*scenario, test::shippedCatalog(), planningCatalog(), prices.offers, prices.fx, prices.asOf);
    REQUIRE(plan.ok());
    const InferenceOption *serve = plan->recommendedInference();
    REQUIRE(serve != nullptr);
    // 12 months in use, then 24 more of which other work uses 25 %.
    CHECK(serve->lockin.planCost == Approx(serve->monthlyCost * (12 + 24 * 0.75)));
    CHECK(plan->budget.months.size() == 36);
    CHECK(plan->budget.months[0].commitments == Approx(serve->monthlyCost));
    CHECK(plan->budget.months[35].commitments == Approx(serve->monthlyCost * 0.75));
    CHECK(plan->budget.months[0].inference == 0);
    // Leaving half-way leaves 18 months of the term to pay, less other work's share.
    CHECK(serve->lockin.exit.commitment > 0);
}

TEST_CASE("Plan: the Monte Carlo is reproducible and brackets the base", "[planning][plan]")
{
    const Plan a = planExample(u"llama-70b.accelplan"_s, -1, 7);
    const Plan b = planExample(u"llama-70b.accelplan"_s, -1, 7);
    const Plan c = planExample(u"llama-70b.accelplan"_s, -1, 8);
    CHECK(a.sensitivity.p10 == b.sensitivity.p10);
    CHECK(a.sensitivity.p50 == b.sensitivity.p50);
    CHECK(a.sensitivity.p90 == b.sensitivity.p90);
    CHECK(a.sensitivity.p50 != c.sensitivity.p50);
    CHECK(a.sensitivity.p10 < a.sensitivity.p50);
    CHECK(a.sensitivity.p50 < a.sensitivity.p90);
    CHECK(a.sensitivity.p10 < a.sensitivity.base * 1.5);
    // The tornado: every factor moves the total, widest swing first.
    REQUIRE(a.sensitivity.factors.size() >= 4);
    double previous = 1e300;
    for (const SensitivityFactor &f : a.sensitivity.factors) {
        INFO(f.id.toStdString());
        const double swing = std::abs(f.totalAtHigh - f.totalAtLow);
        CHECK(swing > 0);
        CHECK(swing <= previous);
        previous = swing;
    }
}

TEST_CASE("Percentile interpolates between order statistics", "[planning][plan]")
{
    const QList<double> values{5, 1, 4, 2, 3};
    CHECK(percentile(values, 0) == 1);
    CHECK(percentile(values, 50) == 3);
    CHECK(percentile(values, 100) == 5);
    CHECK(percentile(values, 10) == Approx(1.4));
    CHECK(percentile(values, 90) == Approx(4.6));
    CHECK(priceBand(u"exact"_s) == 0.05);
    CHECK(priceBand(u"approximate"_s) == 0.10);
    CHECK(priceBand(u"remembered"_s) == 0.25);
}

TEST_CASE("Plan: a dated training run starts in its month, the total unchanged", "[planning][plan]")
{
    auto scenario = scenario::readScenario(test::examplePath(u"llama-70b.accelplan"_s));
    REQUIRE(scenario.ok());
    const Prices &prices = shippedPrices();
    const auto atStart = planScenario(*scenario, test::shippedCatalog(), planningCatalog(), prices.offers, prices.fx, prices.asOf);
    scenario->training->startMonth = 3;
    const auto dated = planScenario(*scenario, test::shippedCatalog(), planningCatalog(), prices.offers, prices.fx, prices.asOf);
    REQUIRE(atStart.ok());
    REQUIRE(dated.ok());
    CHECK(atStart->budget.months[0].training > 0);
    CHECK(dated->budget.months[0].training == 0);
    CHECK(dated->budget.months[1].training == 0);
    CHECK(dated->budget.months[2].training == Approx(atStart->budget.months[0].training));
    CHECK(dated->budget.total == Approx(atStart->budget.total));
}

TEST_CASE("Inference on monthly servers pays setup fees once", "[planning][plan]")
{
    auto scenario = scenario::readScenario(test::examplePath(u"chat-service-8b-eur.accelplan"_s));
    REQUIRE(scenario.ok());
    scenario->currency = u"USD"_s;
    scenario->constraints.providers = {u"SetupCo"_s};
    pricing::PriceRecord server = offer(u"SetupCo"_s, u"h100-sxm"_s, pricing::PriceModel::Monthly, 20000);
    server.setupFee = *Decimal::parse(u"5000"_s);
    const Prices &prices = shippedPrices();
    const auto plan = planScenario(*scenario, test::shippedCatalog(), planningCatalog(), {server}, prices.fx, prices.asOf);
    REQUIRE(plan.ok());
    const InferenceOption *serve = plan->recommendedInference();
    REQUIRE(serve != nullptr);
    CHECK(serve->setupCost == Approx(5000.0 * serve->instances));
    CHECK(serve->lockin.planCost == Approx(serve->monthlyCost * 24 + serve->setupCost));
    CHECK(plan->budget.months[0].inference == Approx(serve->monthlyCost + serve->setupCost));
    CHECK(plan->budget.months[1].inference == Approx(serve->monthlyCost));
    CHECK(plan->budget.total == Approx(serve->lockin.planCost));
}

TEST_CASE("Plan: break-even of the cheapest option against the cheapest portable one", "[planning][plan]")
{
    // A JAX run: a cheap TPU sold by one provider against H100s sold by three.
    auto scenario = scenario::readScenario(test::examplePath(u"jax-8b-tpu-or-gpu.accelplan"_s));
    REQUIRE(scenario.ok());
    scenario->training->deadlineDays.reset();
    scenario->training->runs = 1;
    QList<pricing::PriceRecord> offers{offer(u"Google Cloud"_s, u"tpu-v5p"_s, pricing::PriceModel::OnDemand, 1.0, 1)};
    for (const QString &provider : {u"AWS"_s, u"Lambda"_s, u"CoreWeave"_s})
        offers.append(offer(provider, u"h100-sxm"_s, pricing::PriceModel::OnDemand, 80));
    const Prices &prices = shippedPrices();
    const auto plan = planScenario(*scenario, test::shippedCatalog(), planningCatalog(), offers, prices.fx, prices.asOf);
    REQUIRE(plan.ok());
    REQUIRE(plan->trainingBreakEven.has_value());
    const BreakEven &b = *plan->trainingBreakEven;
    const auto &options = plan->training->options;
    REQUIRE(b.cheapest >= 0);
    REQUIRE(b.cheapestPortable >= 0);
    const OptionLockin &cheap = options[b.cheapest].lockin;
    const OptionLockin &portable = options[b.cheapestPortable].lockin;
    CHECK(options[b.cheapest].offer.accelerator == u"tpu-v5p"_s);
    CHECK(options[b.cheapestPortable].offer.accelerator == u"h100-sxm"_s);
    CHECK(b.savings == Approx(portable.planCost - cheap.planCost));
    CHECK(b.savings > 0);
    CHECK(b.expectedExitCost == Approx(0.4 * cheap.exit.total()));
    REQUIRE(b.breakEvenExitProbability.has_value());
    // At the break-even probability both adjusted costs are equal.
    const double p = *b.breakEvenExitProbability;
    CHECK(cheap.planCost + p * cheap.exit.total() == Approx(portable.planCost + p * portable.exit.total()));
    CHECK(b.summary.contains(u"saves"_s));
    // A probability over 1 means cheaper however sure leaving is, not "below 100%".
    INFO(b.summary.toStdString());
    CHECK(b.summary.contains(p > 1 ? u"even if leaving is certain"_s : u"below %1%"_s.arg(p * 100, 0, 'f', 0)));
}

TEST_CASE("Plan: amounts converted from another currency carry an FX factor in the tornado", "[planning][plan]")
{
    const Plan plan = planExample(u"chat-service-8b-eur.accelplan"_s);
    const InferenceOption *serve = plan.recommendedInference();
    REQUIRE(serve != nullptr);
    REQUIRE(serve->offer.currency != u"EUR"_s); // the shipped cheapest is priced in USD
    CHECK_FALSE(plan.budget.fxRates.isEmpty());
    const auto fx = std::find_if(plan.sensitivity.factors.cbegin(), plan.sensitivity.factors.cend(),
                                 [](const SensitivityFactor &f) { return f.id == u"fx"_s; });
    REQUIRE(fx != plan.sensitivity.factors.cend());
    CHECK(fx->totalAtLow == Approx(plan.sensitivity.base * 0.95));
    CHECK(fx->totalAtHigh == Approx(plan.sensitivity.base * 1.05));
}

TEST_CASE("Plan: a service alone carries its served weights out on exit, not a training checkpoint", "[planning][plan]")
{
    // chat-service-8b-eur: inference only, Llama 3 8B at fp8, a 500 GB dataset, no checkpoint given.
    const Plan plan = planExample(u"chat-service-8b-eur.accelplan"_s);
    REQUIRE(plan.inference);
    REQUIRE_FALSE(plan.training);
    CHECK(plan.lockin.dataGb == Approx(500 + 8030261248.0 * 1 / 1e9));
    CHECK(plan.defaults.join(u'\n').contains(u"served weights"_s));
    // With a training section the checkpoint holds weights and Adam states: 16 bytes per parameter.
    auto scenario = scenario::readScenario(test::examplePath(u"llama-70b.accelplan"_s));
    REQUIRE(scenario.ok());
    scenario->lockin.checkpointGb.reset();
    const Prices &prices = shippedPrices();
    const auto training = planScenario(*scenario, test::shippedCatalog(), planningCatalog(), prices.offers, prices.fx,
                                       prices.asOf);
    REQUIRE(training.ok());
    CHECK(training->lockin.dataGb == Approx(*scenario->lockin.datasetGb + 70e9 * 16 / 1e9));
}

TEST_CASE("Plan: a memo takes the unchanged side's plan again and the plan is the same as without it",
          "[planning][plan]")
{
    auto scenario = scenario::readScenario(test::examplePath(u"llama-70b.accelplan"_s));
    REQUIRE(scenario.ok());
    const Prices &prices = shippedPrices();
    auto json = [](const Plan &plan) {
        QBuffer buffer;
        REQUIRE(buffer.open(QIODevice::WriteOnly));
        writePlanJson(plan, 0, &buffer);
        return buffer.data();
    };
    PlanMemo memo;
    auto plan = [&](PlanMemo *m) {
        auto result = planScenario(*scenario, test::shippedCatalog(), planningCatalog(), prices.offers, prices.fx,
                                   prices.asOf, m);
        REQUIRE(result.ok());
        return std::move(result).value();
    };
    CHECK(json(plan(&memo)) == json(plan(nullptr)));
    CHECK(memo.reused == 0);
    // An inference edit: training is taken again, inference planned anew; the plan is the same
    // as one made without the memo.
    scenario->inference->requestsPerSecond = 35;
    CHECK(json(plan(&memo)) == json(plan(nullptr)));
    CHECK(memo.reused == 1);
    // A training edit: inference is taken again.
    scenario->training->tokens = 3e12;
    CHECK(json(plan(&memo)) == json(plan(nullptr)));
    CHECK(memo.reused == 2);
    // The lock-in of the side taken again still follows the other side's edit (the checkpoint
    // a longer training run carries out), and the memo's own plan is untouched by it.
    REQUIRE(memo.training.has_value());
    CHECK_FALSE(memo.training->options.isEmpty());
    CHECK_FALSE(memo.training->options.first().lockin.computed);
    // Other offers: the memo starts afresh.
    QList<pricing::PriceRecord> fewer = prices.offers.mid(0, prices.offers.size() / 2);
    auto other = planScenario(*scenario, test::shippedCatalog(), planningCatalog(), fewer, prices.fx, prices.asOf, &memo);
    REQUIRE(other.ok());
    CHECK(memo.reused == 0);
    CHECK(memo.offers == &fewer);
}

TEST_CASE("lock-in: the score's factors are one list of terms, with the weights the score is summed with",
          "[planning][lockin]")
{
    const LockinScore s = lockinScore(2, 3.0, pricing::PriceModel::Commit1y, 5000, 20000);
    const Terms factors = s.factors();
    REQUIRE(factors.size() == 4);
    QStringList ids;
    double weights = 0;
    for (const Term &t : factors) {
        ids << t.id;
        REQUIRE(t.weight);
        weights += *t.weight;
        CHECK_FALSE(t.label.isEmpty());
        CHECK_FALSE(t.rule.isEmpty());
    }
    CHECK(ids == QStringList{u"availability"_s, u"framework"_s, u"commitment"_s, u"exit_share"_s});
    CHECK(weights == Approx(1.0));
    CHECK(factors.at(0).weight == kAvailabilityWeight);
    CHECK(factors.at(3).weight == kExitShareWeight);
    CHECK(factors.at(2).value == 50); // a 1-year commitment
    CHECK(s.score == Approx(kAvailabilityWeight * s.availability + kFrameworkWeight * s.framework
                            + kCommitmentWeight * s.commitment + kExitShareWeight * s.exitShare));
    CHECK(factors.at(1).rule.contains(QString::number(kRewriteWeeks, 'f', 0) + u"-week"_s));
}
