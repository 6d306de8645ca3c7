// Clusters, not chips: an offer's nodes, fabric and largest cluster decide whether and how fast
// a run goes; spot loses work with node count.
#include "core/catalog/acceleratorcatalog.h"
#include "core/planning/model/cluster.h"
#include "core/planning/model/precisioncredit.h"
#include "core/planning/options/trainingplanner.h"
#include "tests/qtstringmaker.h"
#include "tests/testsupport.h"

#include <catch2/catch.hpp>

using namespace Qt::StringLiterals;
using namespace accelplan;
using namespace accelplan::planning;

namespace {

const catalog::PlanningCatalog &shippedPlanning()
{
    static const catalog::PlanningCatalog catalog = catalog::PlanningCatalog::loadShipped().value();
    return catalog;
}

const catalog::Accelerator &chip(const char *id)
{
    const catalog::Accelerator *a = test::shippedCatalog().find(QString::fromLatin1(id));
    REQUIRE(a != nullptr);
    return *a;
}

pricing::PriceRecord offer(const QString &provider, pricing::OfferKind kind, const QString &sku, const QString &accelerator,
                           int count, pricing::PriceModel model, const char *price)
{
    pricing::PriceRecord r;
    r.key = {provider, sku, u"us-east-1"_s, model};
    r.offerKind = kind;
    r.accelerator = accelerator;
    r.acceleratorCount = count;
    r.price = *Decimal::parse(QString::fromLatin1(price));
    r.currency = u"USD"_s;
    r.unit = pricing::PriceUnit::Hour;
    r.effectiveDate = QDate(2026, 11, 1);
    r.asOf = QDate(2026, 11, 1);
    r.sourceUrl = u"https://example.com"_s;
    return r;
}

TrainingRequest llama70b()
{
    TrainingRequest request;
    request.input.modelParams = 70e9;
    request.input.tokens = 2e12;
    request.input.layers = 80;
    request.input.hidden = 8192;
    request.input.seqLen = 8192;
    request.deadlineDays = 60;
    return request;
}

} // namespace

TEST_CASE("cluster: offers are shaped by their fabric rules, defaults marked assumed", "[planning][cluster]")
{
    const auto p5 = offer(u"AWS"_s, pricing::OfferKind::CloudVm, u"p5.48xlarge"_s, u"h100-sxm"_s, 8, pricing::PriceModel::OnDemand, "55");
    const ClusterShape aws = clusterShape(p5, chip("h100-sxm"), shippedPlanning());
    CHECK(aws.acceleratorsPerNode == 8);
    CHECK(aws.fastDomainChips == 8);
    CHECK(aws.fabric == u"efa"_s);
    CHECK(aws.gbpsPerNode == 3200);
    CHECK_FALSE(aws.maxNodes);
    CHECK_FALSE(aws.assumed);

    const auto vast = offer(u"Vast.ai"_s, pricing::OfferKind::Marketplace, u"H100 SXM (verified, 1x)"_s, u"h100-sxm"_s, 1,
                            pricing::PriceModel::OnDemand, "1.9");
    const ClusterShape host = clusterShape(vast, chip("h100-sxm"), shippedPlanning());
    CHECK(host.fabric == u"none"_s);
    REQUIRE(host.maxNodes);
    CHECK(*host.maxNodes == 1);
    CHECK(host.assumed);

    const auto v5p = offer(u"Google Cloud"_s, pricing::OfferKind::Tpu, u"tpu-v5p"_s, u"tpu-v5p"_s, 1, pricing::PriceModel::OnDemand, "4.2");
    const ClusterShape tpu = clusterShape(v5p, chip("tpu-v5p"), shippedPlanning());
    CHECK(tpu.acceleratorsPerNode == 4);
    CHECK(tpu.fastDomainChips == 6144);
    CHECK(tpu.fabric == u"dcn"_s);
}

TEST_CASE("cluster: the shapes remembered per SKU and per rule are those each offer forms alone", "[planning][cluster]")
{
    QList<pricing::PriceRecord> offers;
    using pricing::OfferKind;
    using pricing::PriceModel;
    for (const auto &[provider, kind, sku, accelerator, count] :
         std::initializer_list<std::tuple<QString, OfferKind, QString, QString, int>>{
             {u"AWS"_s, OfferKind::CloudVm, u"p5.48xlarge"_s, u"h100-sxm"_s, 8},
             {u"aws"_s, OfferKind::CloudVm, u"P5.48XLARGE"_s, u"h100-sxm"_s, 8}, // rules ignore case
             {u"AWS"_s, OfferKind::CloudVm, u"p4d.24xlarge"_s, u"a100-40gb"_s, 8},
             {u"Azure"_s, OfferKind::CloudVm, u"Standard_ND96amsr_A100_v4"_s, u"a100-80gb"_s, 8}, // a wildcard rule
             {u"Google Cloud"_s, OfferKind::CloudVm, u"a2-ultragpu-8g"_s, u"a100-80gb"_s, 8},
             {u"Google Cloud"_s, OfferKind::Tpu, u"tpu-v5p-slice"_s, u"tpu-v5p"_s, 1},
             {u"Vast.ai"_s, OfferKind::Marketplace, u"1x H100"_s, u"h100-sxm"_s, 1},
             {u"Hetzner"_s, OfferKind::DedicatedServer, u"GEX130"_s, u"rtx-6000-ada"_s, 1},
             {u"Nowhere"_s, OfferKind::CloudVm, u"gpu-8x"_s, u"h100-sxm"_s, 8}, // the default for its kind
         }) {
        for (PriceModel model : {PriceModel::OnDemand, PriceModel::Spot})
            offers.append(offer(provider, kind, sku, accelerator, count, model, "10"));
    }
    ClusterShapes shapes(shippedPlanning());
    for (int pass = 0; pass < 2; ++pass) { // the second pass reads what the first remembered
        for (const pricing::PriceRecord &o : offers) {
            const ClusterShape alone = clusterShape(o, chip(o.accelerator.toLatin1().constData()), shippedPlanning());
            const ClusterShape &shared = shapes.of(o, chip(o.accelerator.toLatin1().constData()));
            INFO(o.key.provider.toStdString() << " " << o.key.sku.toStdString());
            CHECK(shared.acceleratorsPerNode == alone.acceleratorsPerNode);
            CHECK(shared.fastDomainChips == alone.fastDomainChips);
            CHECK(shared.fabric == alone.fabric);
            CHECK(shared.gbpsPerNode == alone.gbpsPerNode);
            CHECK(shared.maxNodes == alone.maxNodes);
            CHECK(shared.rule == alone.rule);
            CHECK(shared.basis == alone.basis);
            CHECK(shared.assumed == alone.assumed);
        }
    }
    // Offers of one rule, accelerator and size share one shape.
    CHECK(&shapes.of(offers[0], chip("h100-sxm")) == &shapes.of(offers[2], chip("h100-sxm")));
}

TEST_CASE("cluster: fabric rules match providers and SKUs by wildcard, case-insensitively", "[planning][cluster]")
{
    const catalog::WildcardPattern any(u"*"_s), literal(u"p5.48xlarge"_s), pattern(u"Standard_ND96a*sr*_v4"_s),
        single(u"a?-*"_s);
    CHECK(any.matches(u"anything"_s));
    CHECK(any.matches(QString()));
    CHECK(literal.matches(u"P5.48XLarge"_s));
    CHECK_FALSE(literal.matches(u"p5.48xlarge2"_s));
    CHECK_FALSE(literal.matches(u"xp5.48xlarge"_s));
    CHECK(pattern.matches(u"standard_nd96amsr_a100_v4"_s));
    CHECK(pattern.matches(u"Standard_ND96asr_v4"_s));
    CHECK_FALSE(pattern.matches(u"Standard_ND96amsr_A100_v5"_s));
    CHECK(single.matches(u"a2-highgpu"_s));
    CHECK_FALSE(single.matches(u"a22-highgpu"_s));
}

TEST_CASE("cluster: single-GPU marketplace hosts are refused for a 70B run and a real cluster is laid out", "[planning][cluster]")
{
    const QList<pricing::PriceRecord> offers{
        offer(u"Vast.ai"_s, pricing::OfferKind::Marketplace, u"H100 SXM (verified, 1x)"_s, u"h100-sxm"_s, 1, pricing::PriceModel::OnDemand, "1.9"),
        offer(u"AWS"_s, pricing::OfferKind::CloudVm, u"p5.48xlarge"_s, u"h100-sxm"_s, 8, pricing::PriceModel::OnDemand, "55"),
    };
    pricing::FxTable fx;
    const TrainingPlan plan = planTraining(llama70b(), test::shippedCatalog(), shippedPlanning(), offers, fx);
    REQUIRE(plan.options.size() == 2);
    const TrainingOption &aws = plan.options.at(0);
    const TrainingOption &vast = plan.options.at(1);
    CHECK(aws.offer.key.provider == u"AWS"_s);
    REQUIRE(aws.runnable());
    CHECK_FALSE(vast.runnable());
    CHECK(vast.cannotRun.contains(u"no cluster network"_s));

    // Offers of one accelerator on the same cluster and chips share one projection (issue 38:
    // at 114,000 offers a copy each was a quarter of the plan's memory).
    pricing::PriceRecord region = offers.at(1);
    region.key.region = u"us-west-2"_s;
    const TrainingPlan two = planTraining(llama70b(), test::shippedCatalog(), shippedPlanning(), {offers.at(1), region}, fx);
    REQUIRE(two.options.size() == 2);
    CHECK(&*two.options.at(0).projection == &*two.options.at(1).projection);
    CHECK(two.options.at(0).projection->chips == aws.projection->chips);

    const TrainingProjection &p = *aws.projection;
    CHECK(p.tp * p.pp * p.dp == p.chips);
    CHECK(p.tp <= 8); // tensor parallel stays inside the NVLink node
    CHECK(p.nodes == (p.chips + 7) / 8);
    CHECK(p.fabric == u"efa"_s);
    CHECK(p.stepShares.total() == Approx(1.0));
    // One list names the parts for every presenter: JSON keys, labels and the shares themselves.
    const Terms terms = p.stepShares.terms();
    QStringList ids;
    double sum = 0;
    for (const Term &t : terms) {
        ids << t.id;
        sum += t.value;
        CHECK_FALSE(t.label.isEmpty());
    }
    CHECK(ids == QStringList{u"compute"_s, u"tp_comm"_s, u"pp_bubble"_s, u"dp_comm"_s, u"ep_comm"_s});
    CHECK(sum == Approx(1.0));
    CHECK(terms.first().value == p.stepShares.compute);
    CHECK(p.layoutSummary.startsWith(u"TP "_s));
    CHECK(p.interruption == 1.0); // on demand: nothing reclaimed
}

TEST_CASE("cluster: slower fabrics cost scaling and spot keeps less work the more nodes it spans", "[planning][cluster]")
{
    TrainingInput input = llama70b().input;
    const catalog::Accelerator &h100 = chip("h100-sxm");
    ClusterShape fast = referenceShape(h100);
    ClusterShape slow = fast;
    slow.fabric = u"ethernet"_s;
    slow.gbpsPerNode = 10;
    slow.basis = u"slow"_s;
    const TrainingProjection onFast = projectTraining(input, h100, 512, shippedPlanning(), &fast);
    const TrainingProjection onSlow = projectTraining(input, h100, 512, shippedPlanning(), &slow);
    REQUIRE(onFast.runnable());
    REQUIRE(onSlow.runnable());
    CHECK(onSlow.efficiency.scaling.typical < onFast.efficiency.scaling.typical);
    CHECK(onSlow.stepShares.compute < onFast.stepShares.compute); // more of each step lost to communication or bubbles
    CHECK(onSlow.wallHours.typical > onFast.wallHours.typical);

    const catalog::SpotRate &unknown = shippedPlanning().spotRate(u"SomeCloud"_s, u"gpu-8x"_s, u"eu"_s);
    CHECK_FALSE(unknown.published());
    const Interruptions few = interruptions(input, fast, 64, &unknown);
    const Interruptions many = interruptions(input, fast, 2048, &unknown);
    const Interruptions onDemand = interruptions(input, fast, 2048, nullptr);
    CHECK(few.spotKept.typical < 1.0);
    CHECK(many.spotKept.typical < few.spotKept.typical);
    CHECK(onDemand.spotKept.typical == 1.0);
    CHECK(many.spotKept.low < many.spotKept.typical);
    CHECK(few.basis.contains(u"default"_s));

    // Where AWS publishes a band, the instance type and region set the rate: p5.48xlarge is
    // reclaimed ">20%" a month in us-east-1 and "<5%" in ca-central-1 (Spot Advisor, 2025-06-28).
    const catalog::SpotRate &often = shippedPlanning().spotRate(u"AWS"_s, u"p5.48xlarge"_s, u"us-east-1"_s);
    const catalog::SpotRate &rarely = shippedPlanning().spotRate(u"aws"_s, u"P5.48xlarge"_s, u"ca-central-1"_s);
    REQUIRE(often.published());
    REQUIRE(rarely.published());
    CHECK(often.band == u">20%"_s);
    CHECK(rarely.band == u"<5%"_s);
    const Interruptions reclaimedOften = interruptions(input, fast, 512, &often);
    const Interruptions reclaimedRarely = interruptions(input, fast, 512, &rarely);
    CHECK(reclaimedRarely.spotKept.typical > reclaimedOften.spotKept.typical);
    CHECK(reclaimedRarely.spotKept.typical > interruptions(input, fast, 512, &unknown).spotKept.typical);
    CHECK(reclaimedOften.basis.contains(u">20% of p5.48xlarge instances in us-east-1"_s));
    // Failures grow with the chip count too (Llama 3's rate): goodput falls with scale.
    CHECK(many.failureGoodput.typical < few.failureGoodput.typical);
    CHECK(onDemand.failureGoodput.typical > 0.85);
}

TEST_CASE("cluster: the global batch sets each replica's share and with it the layout's efficiency", "[planning][cluster]")
{
    // MLPerf's Llama 3.1 8B runs on 512 GPUs with 64 sequences a step (training_results_v5.1):
    // one sequence per data-parallel replica at most, so a small batch costs scaling.
    TrainingInput input;
    input.modelParams = 8e9;
    input.tokens = 1e12;
    input.layers = 32;
    input.hidden = 4096;
    input.seqLen = 8192;
    const catalog::Accelerator &b200 = chip("b200");
    const ClusterShape shape = referenceShape(b200);
    const ClusterLayout assumed = bestLayout(input, b200, shape, 512, 0.35);
    input.globalBatchTokens = 64.0 * 8192;
    const ClusterLayout small = bestLayout(input, b200, shape, 512, 0.35);
    input.globalBatchTokens = 4096.0 * 8192;
    const ClusterLayout large = bestLayout(input, b200, shape, 512, 0.35);
    REQUIRE(assumed.fits);
    REQUIRE(small.fits);
    REQUIRE(large.fits);
    CHECK(assumed.batchTokens == Approx(512.0 * 8192)); // chips × sequence when not given
    CHECK(assumed.summary.contains(u"4.19M tokens a step (assumed)"_s));
    CHECK(small.summary.contains(u"0.524M tokens a step;"_s));
    CHECK(small.parallelism.dp <= 64); // every replica holds at least one whole sequence
    CHECK(small.efficiency < assumed.efficiency);
    CHECK(assumed.efficiency <= large.efficiency);

    // Pipeline stages interleave chunks of about two layers: a 405B model on PP 8 loses far less
    // to the bubble than plain 1F1B's (pp - 1) / (m + pp - 1).
    TrainingInput big;
    big.modelParams = 405e9;
    big.tokens = 1e12;
    big.layers = 126;
    big.hidden = 16384;
    big.seqLen = 8192;
    big.globalBatchTokens = 1152.0 * 8192;
    const catalog::Accelerator &h100 = chip("h100-sxm");
    const ClusterLayout l405 = bestLayout(big, h100, referenceShape(h100), 512, 0.4);
    REQUIRE(l405.fits);
    REQUIRE(l405.parallelism.pp > 1);
    const double micro = 1152.0 / l405.parallelism.dp;
    const double plain = (l405.parallelism.pp - 1) / (micro + l405.parallelism.pp - 1);
    CHECK(l405.step.ppBubble / l405.step.total() < plain / 2);

    // Stages on one-GPU nodes send their activations over the fabric: with the same layout (a
    // 70B model on 24 one-GPU H200 nodes, PP 4 × DP 6 on both), the slower fabric costs more.
    ClusterShape rdma = referenceShape(chip("h200"));
    rdma.acceleratorsPerNode = 1;
    rdma.fastDomainChips = 1;
    rdma.gbpsPerNode = 400;
    ClusterShape ethernet = rdma;
    ethernet.fabric = u"ethernet"_s;
    ethernet.gbpsPerNode = 25;
    const TrainingInput seventy = llama70b().input;
    const ClusterLayout overRdma = bestLayout(seventy, chip("h200"), rdma, 24, 0.4);
    const ClusterLayout overEthernet = bestLayout(seventy, chip("h200"), ethernet, 24, 0.4);
    REQUIRE(overRdma.fits);
    REQUIRE(overEthernet.fits);
    REQUIRE(overRdma.parallelism.pp == 4);
    REQUIRE(overEthernet.parallelism.pp == 4);
    CHECK(overEthernet.step.ppBubble > 1.05 * overRdma.step.ppBubble);
}

TEST_CASE("cluster: chips spread over several hosts without a fabric cannot run even when asked for", "[planning][cluster]")
{
    TrainingInput input = llama70b().input;
    const catalog::Accelerator &h100 = chip("h100-sxm");
    ClusterShape hosts = referenceShape(h100);
    hosts.acceleratorsPerNode = 1;
    hosts.fastDomainChips = 1;
    hosts.fabric = u"none"_s;
    hosts.gbpsPerNode = 0;
    hosts.basis = u"hosts"_s;
    const TrainingProjection p = projectTraining(input, h100, 64, shippedPlanning(), &hosts);
    CHECK_FALSE(p.runnable());
    CHECK(p.cannotRun.contains(u"no cluster network"_s));
    CHECK(p.nodes == 64);
}

TEST_CASE("cluster: a capacity block is paid whole, never interrupted, and capped at the block's instances", "[planning][cluster]")
{
    const auto onDemand = offer(u"AWS"_s, pricing::OfferKind::CloudVm, u"p5.48xlarge"_s, u"h100-sxm"_s, 8,
                                pricing::PriceModel::OnDemand, "55.04");
    const auto block = offer(u"AWS"_s, pricing::OfferKind::CloudVm, u"p5.48xlarge"_s, u"h100-sxm"_s, 8,
                             pricing::PriceModel::CapacityBlock, "41.528");
    TrainingRequest request = llama70b();
    request.deadlineDays = 90; // within what 64 instances can do
    const TrainingPlan plan = planTraining(request, test::shippedCatalog(), shippedPlanning(), {onDemand, block},
                                           pricing::FxTable());
    REQUIRE(plan.options.size() == 2);
    const TrainingOption *b = nullptr, *o = nullptr;
    for (const TrainingOption &option : plan.options)
        (option.offer.key.priceModel == pricing::PriceModel::CapacityBlock ? b : o) = &option;
    REQUIRE(b != nullptr);
    REQUIRE(o != nullptr);
    INFO(b->cannotRun.toStdString());
    REQUIRE(o->runnable());
    REQUIRE(b->runnable());
    // Same cluster, no preemptions: the same projection as on demand.
    CHECK(b->instances == o->instances);
    CHECK(b->projection->interruption == 1);
    CHECK(b->projection->wallHours.typical == Approx(o->projection->wallHours.typical));
    // Paid for the whole block the run needs, by the shipped AWS durations.
    const auto rules = shippedPlanning().capacityBlockRules(u"aws"_s);
    REQUIRE_FALSE(rules.isEmpty());
    const double paid = capacityBlockTerm(b->projection->wallHours.typical, rules).paidHours;
    CHECK(paid >= b->projection->wallHours.typical);
    CHECK(b->cost.typical == Approx(b->instances * 41.528 * paid));
    CHECK(b->costBasis().contains(u"paid whole"_s));
    // More instances than a block sells cannot run, and says why.
    request.chips = 8 * 100;
    const TrainingPlan big = planTraining(request, test::shippedCatalog(), shippedPlanning(), {block}, pricing::FxTable());
    REQUIRE(big.options.size() == 1);
    CHECK_FALSE(big.options.first().runnable());
    CHECK(big.options.first().cannotRun.contains(u"capacity blocks of at most 64"_s));
    // A deadline that needs more than a block's instances cannot be met on the block alone.
    request.chips.reset();
    request.deadlineDays = 20;
    const TrainingPlan rushed = planTraining(request, test::shippedCatalog(), shippedPlanning(), {block}, pricing::FxTable());
    REQUIRE(rushed.options.size() == 1);
    CHECK_FALSE(rushed.options.first().runnable());
    CHECK(rushed.options.first().cannotRun.contains(u"512 chips"_s));
}

TEST_CASE("cluster: fp4 is credited with its measured speed-up over fp8 and a chip without a profile borrows its stand-ins'", "[planning][cluster]")
{
    TrainingInput input = llama70b().input;
    input.goodputOverride = 1.0;
    input.scalingOverride = 1.0;
    input.precision = catalog::Precision::Fp8;
    input.precisionName = u"fp8"_s;
    const catalog::Accelerator &b200 = chip("b200");
    const TrainingProjection fp8 = projectTraining(input, b200, 256, shippedPlanning());
    input.precision = catalog::Precision::Fp4;
    input.precisionName = u"fp4"_s;
    const TrainingProjection fp4 = projectTraining(input, b200, 256, shippedPlanning());
    REQUIRE(fp8.runnable());
    REQUIRE(fp4.runnable());
    // B200's fp4 peak is twice its fp8 peak; NVFP4 measured 1.37x FP8 (Megatron-Bridge, Llama 3.1 405B).
    CHECK(fp8.wallHours.typical / fp4.wallHours.typical == Approx(1.37).epsilon(0.01));
    CHECK(fp4.efficiency.mfuSource.contains(u"NVFP4 runs 1.37× FP8"_s));

    // B300 has no dense training profile: B200's and GB200's stand in.
    input.precision = catalog::Precision::Fp8;
    input.precisionName = u"fp8"_s;
    input.activeParams.reset();
    const TrainingProjection b300 = projectTraining(input, chip("b300"), 256, shippedPlanning());
    CHECK(b300.efficiency.mfuSource.contains(u"stand in"_s));
    CHECK(b300.efficiency.mfuSource.contains(u"b200"_s));
    // Gaudi 3 has neither: the quartiles of every measured chip, MoE lower than dense.
    const TrainingProjection dense = projectTraining(input, chip("gaudi3"), 256, shippedPlanning());
    input.activeParams = 10e9;
    const TrainingProjection moe = projectTraining(input, chip("gaudi3"), 256, shippedPlanning());
    CHECK(dense.efficiency.mfuSource.contains(u"quartiles"_s));
    CHECK(moe.efficiency.mfu.typical < dense.efficiency.mfu.typical);
    CHECK(dense.efficiency.mfu.low < dense.efficiency.mfu.typical);
    CHECK(dense.efficiency.mfu.typical < dense.efficiency.mfu.high);
}

TEST_CASE("cluster: an MoE run at fp8 on an MFU measured at bf16 gets the measured MoE speed-up and not the fp8 peak", "[planning][cluster]")
{
    catalog::PlanningCatalog planning = shippedPlanning();
    const auto measuredAtBf16 = [](catalog::Workload workload) {
        catalog::Profile p;
        p.accelerator = u"gb200"_s;
        p.workload = workload;
        p.precision = catalog::Precision::Bf16;
        p.precisionName = u"bf16"_s;
        p.framework = u"any"_s;
        p.efficiency = {0.2, 0.3, 0.4};
        p.userSupplied = true;
        return p;
    };
    planning.addUserProfiles({measuredAtBf16(catalog::Workload::MoeTraining), measuredAtBf16(catalog::Workload::DenseTraining)});
    TrainingInput input = llama70b().input;
    input.precision = catalog::Precision::Fp8;
    input.precisionName = u"fp8"_s;
    input.activeParams = 10e9;
    QStringList warnings;
    QString cannotRun;
    const TrainingEfficiency moe = trainingEfficiency(input, chip("gb200"), planning, &warnings, &cannotRun);
    // GB200: fp8 peak twice bf16; MoE measured 1.2x faster at fp8 (precisioncredit.h), so 0.3 x 1.2 / 2.
    CHECK(moe.mfu.typical == Approx(0.3 * kMoeFp8OverBf16Speedup / 2));
    CHECK(moe.mfu.high == Approx(0.4 * kMoeFp8OverBf16Speedup / 2));
    CHECK(moe.mfuSource.contains(u"1.2× faster at fp8"_s));
    CHECK(warnings.join(u'\n').contains(u"not the peak's 2.0×"_s));
    // Dense is left as it was: the measured dense pairs are not applied (see precisioncredit.h).
    input.activeParams.reset();
    warnings.clear();
    const TrainingEfficiency dense = trainingEfficiency(input, chip("gb200"), planning, &warnings, &cannotRun);
    CHECK(dense.mfu.typical == Approx(0.3));
    CHECK_FALSE(dense.mfuSource.contains(u"faster at fp8"_s));
}

TEST_CASE("A mixture of experts picks its expert-parallel group: experts sharded in memory, all-to-all kept off the fabric at scale",
          "[planning][cluster]")
{
    // DeepSeek-V3's shape (671B, 37B active, 256 routed experts of which 8 active) at 4,096 tokens,
    // 16M tokens a step.
    TrainingInput dsv3;
    dsv3.modelParams = 671e9;
    dsv3.activeParams = 37e9;
    dsv3.experts = 256;
    dsv3.activeExperts = 8;
    dsv3.tokens = 1e12;
    dsv3.layers = 61;
    dsv3.hidden = 7168;
    dsv3.seqLen = 4096;
    dsv3.globalBatchTokens = 16e6;
    const catalog::Accelerator &h100 = chip("h100-sxm");
    const ClusterShape shape = referenceShape(h100);
    // At 16,384 chips the widest group (EP 256 across 32 nodes) sent every token over the scale-out
    // fabric; the search now takes a group inside the node, or none, when memory allows.
    const ClusterLayout wide = bestLayout(dsv3, h100, shape, 16384, 0.3);
    REQUIRE(wide.fits);
    INFO(wide.parallelism.tp << " " << wide.parallelism.pp << " " << wide.parallelism.dp << " ep " << wide.parallelism.ep);
    CHECK(wide.parallelism.tp * wide.parallelism.ep <= shape.fastDomainChips);
    CHECK(wide.step.epComm / wide.step.total() < 0.05);
    // Expert parallelism shards the routed experts' weights and gradients. A shallow 1.2T model
    // (8 layers: TP 8 × PP 8 at most) holds 75 GB of bf16 weights and gradients a chip unsharded, more
    // than an H100 has; spread over an expert group it fits.
    TrainingInput shallow = dsv3;
    shallow.modelParams = 1.2e12;
    shallow.activeParams = 40e9;
    shallow.layers = 8;
    CHECK(layoutFits(shallow, h100, shape, 512));
    const ClusterLayout spread = bestLayout(shallow, h100, shape, 512, 0.3);
    REQUIRE(spread.fits);
    CHECK(spread.parallelism.ep > 1);
    CHECK(spread.memoryPerChipGb <= h100.memoryGb);
    // A dense model has no expert group.
    TrainingInput dense = dsv3;
    dense.activeParams.reset();
    dense.modelParams = 70e9;
    CHECK(bestLayout(dense, h100, shape, 512, 0.4).parallelism.ep == 1);
}
