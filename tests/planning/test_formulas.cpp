#include "core/catalog/acceleratorcatalog.h"
#include "core/planning/model/counts.h"
#include "core/planning/model/inference.h"
#include "core/planning/model/precisioncredit.h"
#include "core/planning/cost/offercost.h"
#include "core/planning/options/trainingplanner.h"
#include "tests/qtstringmaker.h"
#include "tests/testsupport.h"

#include <catch2/catch.hpp>

using namespace Qt::StringLiterals;
using namespace accelplan;
using namespace accelplan::planning;
using pricing::PriceModel;

namespace {

pricing::PriceRecord offer(PriceModel model, const char *price, int count = 8, const char *accelerator = "h100-sxm")
{
    pricing::PriceRecord r;
    r.key = {u"Test"_s, u"sku"_s, u"r1"_s, model};
    r.accelerator = QString::fromLatin1(accelerator);
    r.acceleratorCount = count;
    r.price = *Decimal::parse(QString::fromLatin1(price));
    r.currency = u"USD"_s;
    r.unit = pricing::unitFor(model);
    r.offerKind = QString::fromLatin1(accelerator).startsWith(u"tpu"_s) ? pricing::OfferKind::Tpu
                                                                          : pricing::OfferKind::CloudVm;
    return r;
}

const catalog::Accelerator &accelerator(const char *id)
{
    const catalog::Accelerator *a = test::shippedCatalog().find(QString::fromLatin1(id));
    REQUIRE(a != nullptr);
    return *a;
}

/// A cost formula's amount: the product of its factors plus its addends (they come last).
double formulaValue(const Terms &terms)
{
    double product = 1, added = 0;
    for (const Term &t : terms) {
        if (t.addend)
            added += t.value;
        else
            product *= t.value;
    }
    return product + added;
}

} // namespace

TEST_CASE("Counts accept 70e9, 70B, 2T, 1.5M", "[planning][counts]")
{
    struct Case
    {
        const char *text;
        double value;
    };
    const Case c = GENERATE(values<Case>({{"70e9", 70e9}, {"70B", 70e9}, {"70b", 70e9}, {"2T", 2e12}, {"1.5M", 1.5e6},
                                          {"300k", 3e5}, {"7000000000", 7e9}, {"8G", 8e9}}));
    CAPTURE(c.text);
    REQUIRE(parseCount(QString::fromLatin1(c.text)).has_value());
    CHECK(*parseCount(QString::fromLatin1(c.text)) == Approx(c.value));
    for (const char *bad : {"", "-5B", "seventy", "0", "1.5X"})
        CHECK_FALSE(parseCount(QString::fromLatin1(bad)).has_value());
}

TEST_CASE("Training FLOPs: 6·N_active·D plus 12·L·h·s·D attention", "[planning][training]")
{
    TrainingInput input;
    input.modelParams = 7e9;
    input.tokens = 2e12;
    CHECK(trainingFlops(input) == Approx(6 * 7e9 * 2e12));
    CHECK(attentionFlops(input) == 0); // no shape, no attention term
    input.layers = 32;
    input.hidden = 4096;
    input.seqLen = 4096;
    CHECK(attentionFlops(input) == Approx(12.0 * 32 * 4096 * 4096 * 2e12));
    CHECK(trainingFlops(input) == Approx(6 * 7e9 * 2e12 + 12.0 * 32 * 4096 * 4096 * 2e12));
    // Sliding-window layers attend to their window only (Gemma 3: 40 of 48 layers at 1,024 tokens).
    TrainingInput gemma;
    gemma.modelParams = 12e9;
    gemma.tokens = 1e12;
    gemma.layers = 48;
    gemma.hidden = 3840;
    gemma.seqLen = 32768;
    const double full = attentionFlops(gemma);
    gemma.slidingWindow = 1024;
    gemma.slidingLayers = 40;
    CHECK(attentionFlops(gemma) == Approx(12.0 * 3840 * (8.0 * 32768 + 40.0 * 1024) * 1e12));
    CHECK(attentionFlops(gemma) < full / 5);
    gemma.seqLen = 512; // a window longer than the sequence changes nothing
    CHECK(attentionFlops(gemma) == Approx(12.0 * 48 * 3840 * 512 * 1e12));
    // Mixture of experts: only active parameters do work per token.
    TrainingInput moe;
    moe.modelParams = 671e9;
    moe.activeParams = 37e9;
    moe.tokens = 14.8e12;
    CHECK(moe.isMoe());
    CHECK(trainingFlops(moe) == Approx(6 * 37e9 * 14.8e12));
}

TEST_CASE("Memory fit: 16 bytes per parameter sharded, plus activations", "[planning][memory]")
{
    TrainingInput input;
    input.modelParams = 70e9;
    input.tokens = 1e12;
    input.layers = 80;
    input.hidden = 8192;
    input.seqLen = 4096;
    const MemoryEstimate m = trainingMemory(input, accelerator("h100-sxm"));
    CHECK(m.statesBytesTotal == Approx(16 * 70e9));
    CHECK_FALSE(m.shapeEstimated);
    const int minimum = m.minimumChips();
    REQUIRE(minimum > 1);
    CHECK(m.bytesPerChip(minimum) <= m.usableBytesPerChip);
    CHECK(m.bytesPerChip(minimum - 1) > m.usableBytesPerChip);
    // A chip with more memory needs fewer of them.
    CHECK(trainingMemory(input, accelerator("mi300x")).minimumChips() < minimum);
}

TEST_CASE("A projection below the memory minimum is flagged, never priced silently", "[planning][training]")
{
    auto catalog = catalog::PlanningCatalog::loadShipped();
    REQUIRE(catalog.ok());
    TrainingInput input;
    input.modelParams = 70e9;
    input.tokens = 1e12;
    const TrainingProjection tooFew = projectTraining(input, accelerator("h100-sxm"), 4, *catalog);
    CHECK_FALSE(tooFew.fitsInMemory);
    CHECK_FALSE(tooFew.runnable());
    CHECK(tooFew.cannotRun.contains(u"needs at least"_s));
    const TrainingProjection enough = projectTraining(input, accelerator("h100-sxm"), 64, *catalog);
    CHECK(enough.fitsInMemory);
    CHECK(enough.runnable());
    // The band is carried through: low <= typical <= high.
    CHECK(enough.wallHours.low < enough.wallHours.typical);
    CHECK(enough.wallHours.typical < enough.wallHours.high);
    CHECK(enough.chipHours.typical == Approx(enough.wallHours.typical * 64));
    // More chips: less wall time.
    CHECK(projectTraining(input, accelerator("h100-sxm"), 128, *catalog).wallHours.typical < enough.wallHours.typical);
    // An accelerator without the precision cannot run it.
    input.precision = catalog::Precision::Fp8;
    input.precisionName = u"fp8"_s;
    CHECK(projectTraining(input, accelerator("a100-80gb"), 64, *catalog).cannotRun.contains(u"no fp8"_s));
}

TEST_CASE("Offer costs by price model", "[planning][cost]")
{
    const Range wall{100, 200, 400};
    struct Case
    {
        PriceModel model;
        const char *price;
        double typical;
    };
    const Case c = GENERATE(values<Case>({
        {PriceModel::OnDemand, "10", 2 * 10.0 * 200},               // 2 instances × $10/h × 200 h
        {PriceModel::Spot, "4", 2 * 4.0 * 200},
        {PriceModel::Commit1y, "6", 2 * 6.0 * 8760},                // the whole year
        {PriceModel::Commit3y, "5", 2 * 5.0 * 3 * 8760},            // a 200-hour run pays three years
        {PriceModel::Monthly, "3000", 2 * 3000.0 * 1},              // 200 h is one whole month
        // A purchase is costed per hour of use (test_lockin.cpp, "Ownership").
    }));
    CAPTURE(int(c.model));
    const OfferCost cost = offerCost(offer(c.model, c.price), 2, wall);
    CHECK(cost.amount.typical == Approx(c.typical));
    CHECK(cost.amount.low <= cost.amount.typical);
    CHECK(cost.amount.typical <= cost.amount.high);
    CHECK_FALSE(cost.basis().isEmpty());
    // The cost terms every presenter shows are what the amount follows from.
    CHECK(formulaValue(cost.terms.runTerms()) == Approx(c.typical));
    CHECK(cost.basis() == formulaText(cost.terms.runTerms()));
}

TEST_CASE("Capacity blocks: whole days, rounded to a duration sold, paid whole", "[planning][cost]")
{
    // Durations as AWS sells them: 1-14 days by the day, then to 182 days by the week.
    QList<catalog::CapacityBlockRule> aws(2);
    aws[0].fromDays = 1;
    aws[0].toDays = 14;
    aws[0].incrementDays = 1;
    aws[1].fromDays = 14;
    aws[1].toDays = 182;
    aws[1].incrementDays = 7;
    aws[1].maxInstances = 64;
    CHECK(capacityBlockTerm(1, aws).paidHours == 24);          // one hour still books a day
    CHECK(capacityBlockTerm(5 * 24 + 1, aws).paidHours == 6 * 24);
    CHECK(capacityBlockTerm(14 * 24, aws).paidHours == 14 * 24);
    CHECK(capacityBlockTerm(15 * 24, aws).paidHours == 21 * 24); // past two weeks: whole weeks
    CHECK(capacityBlockTerm(59 * 24, aws).paidHours == 63 * 24);
    const CapacityBlockTerm long_ = capacityBlockTerm(200 * 24, aws); // longer than one block
    CHECK(long_.blocks == 2);
    CHECK(long_.paidHours == (182 + 21) * 24);
    CHECK(long_.basis.contains(u"2 consecutive blocks"_s));
    // No rules shipped: whole days, said so.
    const CapacityBlockTerm bare = capacityBlockTerm(30, {});
    CHECK(bare.paidHours == 48);
    CHECK(bare.basis.contains(u"no block durations"_s));
    // The offer's cost: instances × hourly rate × the paid block, low and high by their own hours.
    const OfferCost cost = offerCost(offer(PriceModel::CapacityBlock, "41.528"), 4, {100, 15 * 24, 400}, 0, nullptr, aws);
    CHECK(cost.amount.low == Approx(4 * 41.528 * 5 * 24));
    CHECK(cost.amount.typical == Approx(4 * 41.528 * 21 * 24));
    CHECK(cost.amount.high == Approx(4 * 41.528 * 21 * 24));
    CHECK(cost.basis().contains(u"paid whole"_s));
    CHECK(formulaValue(cost.terms.runTerms()) == Approx(cost.amount.typical)); // the block's hours, not the run's
    CHECK(pricing::toString(PriceModel::CapacityBlock) == u"capacity_block"_s);
    CHECK(pricing::priceModelFromString(u"capacity_block"_s) == PriceModel::CapacityBlock);
    CHECK(pricing::unitFor(PriceModel::CapacityBlock) == pricing::PriceUnit::Hour);
}

TEST_CASE("Commitments: other work's share and runs longer than the term", "[planning][cost]")
{
    // Half the commitment used by other work: this plan pays the other half.
    const OfferCost half = offerCost(offer(PriceModel::Commit1y, "6"), 1, {100, 100, 100}, 0.5);
    CHECK(half.amount.typical == Approx(6.0 * 4380));
    CHECK(formulaValue(half.terms.runTerms()) == Approx(half.amount.typical)); // the hours the share leaves
    // But never less than its own hours.
    CHECK(offerCost(offer(PriceModel::Commit1y, "6"), 1, {8000, 8000, 8000}, 0.5).amount.typical == Approx(6.0 * 8000));
    // A 13-month run needs two 1-year terms.
    CHECK(offerCost(offer(PriceModel::Commit1y, "6"), 1, {9500, 9500, 9500}).amount.typical == Approx(6.0 * 2 * 8760));
    // Monthly servers: whole months plus setup per server.
    pricing::PriceRecord monthly = offer(PriceModel::Monthly, "184", 1);
    monthly.setupFee = Decimal::parse(u"79"_s);
    const OfferCost servers = offerCost(monthly, 3, {731, 731, 731});
    CHECK(servers.amount.typical == Approx(3 * (184.0 * 2 + 79)));
    CHECK(formulaValue(servers.terms.runTerms()) == Approx(servers.amount.typical)); // the setup fees an addend
    CHECK(servers.basis() == u"3 server(s) × 184 USD/month × whole months + setup 79 each"_s);
    // A month of a service: instances × rate × 730 h, and the setup once.
    CostTerms month = costTerms(offer(PriceModel::OnDemand, "10"), 2);
    CHECK(formulaValue(month.monthlyTerms()) == Approx(2 * 10.0 * 730));
    CHECK(month.monthlyBasis() == u"2 instance(s) × 10 USD/h × 730 h"_s);
}

TEST_CASE("Valid chip counts: whole instances and TPU slices", "[planning][chips]")
{
    const QList<int> eights = validChipCounts(offer(PriceModel::OnDemand, "1", 8), accelerator("h100-sxm"), 40);
    CHECK(eights == QList<int>{8, 16, 24, 32, 40});
    CHECK(isValidChipCount(offer(PriceModel::OnDemand, "1", 8), accelerator("h100-sxm"), 24));
    CHECK_FALSE(isValidChipCount(offer(PriceModel::OnDemand, "1", 8), accelerator("h100-sxm"), 12));
    const QList<int> v5e = validChipCounts(offer(PriceModel::OnDemand, "1", 1, "tpu-v5e"), accelerator("tpu-v5e"), 600);
    CHECK(v5e.first() == 1);
    CHECK(v5e.contains(256));
    CHECK(v5e.contains(512)); // two pods
    CHECK_FALSE(v5e.contains(3));
    const QList<int> v5p = validChipCounts(offer(PriceModel::OnDemand, "1", 1, "tpu-v5p"), accelerator("tpu-v5p"), 64);
    CHECK(v5p.first() == 4);
}

TEST_CASE("Planner: deadline picks the fewest chips, budget flags, Pareto front, reasons kept", "[planning][planner]")
{
    auto catalog = catalog::PlanningCatalog::loadShipped();
    REQUIRE(catalog.ok());
    TrainingRequest request;
    request.input.modelParams = 8e9;
    request.input.tokens = 1e12;
    request.constraints.maxChips = 1024;
    QList<pricing::PriceRecord> offers{offer(PriceModel::OnDemand, "40", 8), offer(PriceModel::Spot, "15", 8),
                                       offer(PriceModel::OnDemand, "1", 1, "l4")};
    offers[1].key.sku = u"spot-sku"_s;
    offers[2].key.sku = u"l4-sku"_s;
    request.deadlineDays = 30;
    const TrainingPlan plan = planTraining(request, test::shippedCatalog(), *catalog, offers, pricing::FxTable());
    REQUIRE(plan.options.size() == 3);
    const TrainingOption &cheapest = plan.options.first();
    REQUIRE(cheapest.runnable());
    CHECK(cheapest.offer.key.priceModel == PriceModel::Spot);
    CHECK(cheapest.projection->wallHours.typical <= 30 * 24);
    // One instance fewer would miss the deadline.
    if (cheapest.projection->chips > 8) {
        const TrainingProjection fewer = projectTraining(request.input, accelerator("h100-sxm"),
                                                         cheapest.projection->chips - 8, *catalog);
        CHECK(fewer.wallHours.typical > 30 * 24);
    }
    CHECK(cheapest.pareto);
    for (const TrainingOption &o : plan.options) {
        if (!o.runnable())
            CHECK_FALSE(o.cannotRun.isEmpty()); // listed with its reason, not dropped
    }

    request.constraints.budget = 1.0;
    const TrainingPlan broke = planTraining(request, test::shippedCatalog(), *catalog, offers, pricing::FxTable());
    REQUIRE(broke.options.size() == 3);
    for (const TrainingOption &o : broke.options)
        CHECK_FALSE(o.runnable());
    CHECK(broke.options.first().cannotRun.contains(u"over budget"_s));
}

TEST_CASE("An explicit chip count is honoured, with a warning when it is not a shape sold", "[planning][planner]")
{
    auto catalog = catalog::PlanningCatalog::loadShipped();
    REQUIRE(catalog.ok());
    TrainingRequest request;
    request.input.modelParams = 8e9;
    request.input.tokens = 1e11;
    request.chips = 12;
    const TrainingPlan plan = planTraining(request, test::shippedCatalog(), *catalog,
                                           {offer(PriceModel::OnDemand, "40", 8)}, pricing::FxTable());
    REQUIRE(plan.options.size() == 1);
    CHECK(plan.options[0].projection->chips == 12);
    CHECK(plan.options[0].instances == 2);
    REQUIRE_FALSE(plan.options[0].warnings.isEmpty());
    CHECK(plan.options[0].warnings[0].contains(u"not a shape"_s));
}

TEST_CASE("Inference: KV cache per token and decode bound by bandwidth", "[planning][inference]")
{
    auto catalog = catalog::PlanningCatalog::loadShipped();
    REQUIRE(catalog.ok());
    InferenceInput input;
    input.modelParams = 70e9;
    input.layers = 80;
    input.hidden = 8192;
    input.heads = 64;
    input.kvHeads = 8;
    input.inputTokens = 1000;
    input.outputTokens = 300;
    bool estimated = true;
    // Llama 70B: 2 · 80 · 8 · 128 · 2 bytes = 327,680 bytes per token in bf16.
    CHECK(kvBytesPerToken(input, 1300, &estimated) == Approx(327680));
    CHECK_FALSE(estimated);
    input.offline = true;
    const InferenceProjection p = projectInference(input, accelerator("h100-sxm"), *catalog);
    REQUIRE(p.runnable());
    // 141 GB of bf16 weights plus KV cache do not fit on two 80 GB chips (90 % usable, 2 GB
    // runtime each): tensor-parallel groups are powers of two, so four.
    CHECK(p.chipsPerReplica == 4);
    CHECK(p.batch >= 1);
    CHECK(p.tokensPerSecondPerChip > 0);
    // Online with a tight TPOT target: a smaller batch, fewer tokens per chip.
    input.offline = false;
    input.tpotMs = 15;
    const InferenceProjection online = projectInference(input, accelerator("h100-sxm"), *catalog);
    REQUIRE(online.runnable());
    CHECK(online.tpotMs <= 15);
    CHECK(online.batch < p.batch);
    CHECK(online.tokensPerSecondPerChip < p.tokensPerSecondPerChip);
    // fp8 halves the weights and doubles bandwidth-bound throughput, roughly.
    input.precision = catalog::Precision::Fp8;
    input.precisionName = u"fp8"_s;
    input.tpotMs.reset();
    input.offline = true;
    const InferenceProjection fp8 = projectInference(input, accelerator("h100-sxm"), *catalog);
    REQUIRE(fp8.runnable());
    CHECK(fp8.weightsGb == Approx(70));
    CHECK(fp8.chipsPerReplica == 2);
}

TEST_CASE("Inference: step time, prefill and tensor-parallel all-reduce by hand", "[planning][inference]")
{
    auto catalog = catalog::PlanningCatalog::loadShipped();
    REQUIRE(catalog.ok());
    // An accelerator with no profiles: the generic bands apply (prefill 0.45, decode 0.65).
    catalog::Accelerator chip;
    chip.id = u"test-chip"_s;
    chip.memoryGb = 80;
    chip.memoryBandwidthGBps = 2000;
    chip.peakBf16Tflops = 1000;
    chip.interconnectGBps = 100;
    InferenceInput input;
    input.modelParams = 8e9;
    input.layers = 32;
    input.hidden = 4096;
    input.heads = 32;
    input.kvHeads = 8;
    input.inputTokens = 1000;
    input.outputTokens = 200;
    input.offline = true;
    input.concurrency = 64;
    const double kv = 2.0 * 32 * 8 * 128 * 2; // bytes per token, bf16
    struct Row { int chips; };
    for (const Row row : {Row{1}, Row{2}, Row{4}}) {
        input.chipsPerReplica = row.chips;
        const InferenceProjection p = projectInference(input, chip, *catalog);
        INFO("chips " << row.chips);
        REQUIRE(p.runnable());
        const int n = row.chips;
        const double compute = n * 1e15 * 0.45;
        // Two all-reduces per layer; a ring moves 2·(n−1)/n of the bf16 activations per chip at 80 % of
        // the link, and each all-reduce waits 10 µs.
        auto allReduce = [&](double tokens) {
            return n == 1 ? 0.0 : 2.0 * 32 * 2.0 * (n - 1) / n * tokens * 4096 * 2 / (100e9 * 0.8) + 2.0 * 32 * 10e-6;
        };
        // Prefill: 2·N FLOPs per token plus causal attention 4·heads·head_dim·I²/2 per layer.
        const double prefill = (2.0 * 8e9 * 1000 + 4.0 * 32 * 128 * 32 * 1000.0 * 1000 / 2) / compute + allReduce(1000);
        const double b = 64;
        REQUIRE(p.batch == 64);
        // KV is read for each sequence at its mean context, in whole 16-token pages.
        const double paged = std::ceil((1000 + 200 / 2.0) / 16) * 16;
        const double memory = (16e9 + b * kv * paged) / (n * 2000e9 * 0.65);
        const double flops = b * (2.0 * 8e9 + 4.0 * 32 * 128 * 32 * 1100) / (compute * 0.30 / 0.45);
        // Each slot's prefill is spread over its 200 decode steps (chunked prefill).
        const double work = flops + b * prefill / 200;
        // The shorter of memory and compute time is half hidden behind the longer; 0.3 ms per step
        // and 30 µs per layer of fixed cost.
        const double step = std::max(memory, work) + 0.5 * std::min(memory, work) + allReduce(b) + 0.3e-3 + 32 * 30e-6;
        CHECK(p.tpotMs == Approx(step * 1000).epsilon(1e-9));
        CHECK(p.ttftMs == Approx((prefill + step) * 1000).epsilon(1e-9));
        CHECK(p.tokensPerSecondPerChip == Approx(b / step / n).epsilon(1e-9));
        CHECK(p.prefillTimeShare == Approx(b * prefill / 200 / step).epsilon(1e-9));
    }
}

TEST_CASE("Training at int8 on a bf16 profile gains the measured 1.17x, not the peak's 2x", "[formulas][precision]")
{
    auto loaded = catalog::PlanningCatalog::loadShipped();
    REQUIRE(loaded.ok());
    const catalog::Accelerator *v5e = test::shippedCatalog().find(u"tpu-v5e"_s);
    REQUIRE(v5e != nullptr);
    REQUIRE(v5e->peakTflops(catalog::Precision::Int8).value_or(0) > 1.9 * v5e->peakTflops(catalog::Precision::Bf16).value_or(1));
    TrainingInput in;
    in.modelParams = 8e9;
    in.tokens = 1e12;
    in.framework = u"jax"_s;
    in.steadyState = true;
    in.mfuOverride.reset();
    const TrainingProjection bf16 = projectTraining(in, *v5e, 256, *loaded);
    in.precision = catalog::Precision::Int8;
    in.precisionName = u"int8"_s;
    const TrainingProjection int8 = projectTraining(in, *v5e, 256, *loaded);
    REQUIRE(bf16.runnable());
    REQUIRE(int8.runnable());
    CHECK(bf16.wallHours.typical / int8.wallHours.typical == Approx(kInt8OverBf16TrainingSpeedup).epsilon(0.03));
    CHECK(int8.efficiency.mfuSource.contains(u"int8 (AQT)"_s));
}
