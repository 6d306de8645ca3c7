// The serving model: KV cache per architecture, concurrency, queueing, phases, expert
// parallelism, speculative decoding and the refusals.
#include "core/catalog/acceleratorcatalog.h"
#include "core/common/units.h"
#include "core/planning/model/inference.h"
#include "core/planning/options/demand.h"
#include "core/planning/options/inferenceplanner.h"
#include "tests/qtstringmaker.h"
#include "tests/testsupport.h"

#include <catch2/catch.hpp>

#include <cmath>
#include <random>

using namespace Qt::StringLiterals;
using namespace accelplan;
using namespace accelplan::planning;

namespace {

const catalog::PlanningCatalog &planningCatalog()
{
    static const auto catalog = catalog::PlanningCatalog::loadShipped();
    REQUIRE(catalog.ok());
    return *catalog;
}

const catalog::Accelerator &accelerator(const char *id)
{
    const catalog::Accelerator *a = test::shippedCatalog().find(QString::fromLatin1(id));
    REQUIRE(a != nullptr);
    return *a;
}

InferenceInput llama8b()
{
    InferenceInput in;
    in.modelParams = 8.03e9;
    in.layers = 32;
    in.hidden = 4096;
    in.heads = 32;
    in.kvHeads = 8;
    in.headDim = 128;
    in.inputTokens = 1000;
    in.outputTokens = 250;
    in.precision = catalog::Precision::Fp8;
    in.precisionName = u"fp8"_s;
    return in;
}

// DeepSeek-V3's published config: 61 layers, hidden 7168, 128 heads, kv_lora_rank 512,
// qk_rope_head_dim 64, 256 routed experts with 8 active; 671B total, 37B active.
InferenceInput deepseekV3()
{
    InferenceInput in;
    in.modelParams = 671e9;
    in.activeParams = 37e9;
    in.layers = 61;
    in.hidden = 7168;
    in.heads = 128;
    in.kvHeads = 128;
    in.kvLoraRank = 512;
    in.qkRopeHeadDim = 64;
    in.experts = 256;
    in.activeExperts = 8;
    in.inputTokens = 2000;
    in.outputTokens = 1000;
    in.precision = catalog::Precision::Fp8;
    in.precisionName = u"fp8"_s;
    return in;
}


/// An 8-GPU H100 instance at 55 USD an hour.
pricing::PriceRecord h100Node()
{
    pricing::PriceRecord node;
    node.key = {u"Test"_s, u"p5.48xlarge"_s, u"r1"_s, pricing::PriceModel::OnDemand};
    node.accelerator = u"h100-sxm"_s;
    node.acceleratorCount = 8;
    node.price = *Decimal::parse(u"55"_s);
    node.currency = u"USD"_s;
    node.unit = pricing::unitFor(pricing::PriceModel::OnDemand);
    node.offerKind = pricing::OfferKind::CloudVm;
    return node;
}

} // namespace

TEST_CASE("Serving: KV cache per token follows the attention of the architecture", "[planning][serving]")
{
    bool estimated = true;
    // MLA caches the 512-wide latent and the 64-wide rotary key per layer: 61 · 576 · 2 bytes.
    InferenceInput mla = deepseekV3();
    mla.kvPrecision = catalog::Precision::Bf16;
    CHECK(kvBytesPerToken(mla, 3000, &estimated) == Approx(61.0 * 576 * 2));
    CHECK_FALSE(estimated);
    // fp8 KV halves it: about 35 KB per token, against 1.7 MB that 128 full heads would take.
    mla.kvPrecision = catalog::Precision::Fp8;
    CHECK(kvBytesPerToken(mla, 3000, &estimated) == Approx(61.0 * 576));
    CHECK(attentionInWords(mla).contains(u"MLA"_s));

    // GQA: 2 (K and V) · 8 KV heads · 128 · 32 layers · 2 bytes.
    InferenceInput gqa = llama8b();
    gqa.kvPrecision = catalog::Precision::Bf16;
    CHECK(kvBytesPerToken(gqa, 1000, &estimated) == Approx(2.0 * 8 * 128 * 32 * 2));
    // By default the KV cache takes fp8 with fp8 weights, bf16 with bf16 weights.
    gqa.kvPrecision.reset();
    CHECK(kvBytesPerToken(gqa, 1000, &estimated) == Approx(2.0 * 8 * 128 * 32));

    // Sliding windows: half the layers (Gemma 2 style) hold at most 4,096 tokens.
    InferenceInput window = gqa;
    window.kvPrecision = catalog::Precision::Bf16;
    window.slidingWindow = 4096;
    window.slidingLayers = 16;
    const double perLayer = 2.0 * 8 * 128 * 2;
    CHECK(kvBytesPerToken(window, 2048, &estimated) == Approx(perLayer * 32));
    CHECK(kvBytesPerToken(window, 16384, &estimated) == Approx(perLayer * (16 * 16384.0 + 16 * 4096.0) / 16384));
    CHECK(attentionInWords(window).contains(u"window 4096 on 16 of 32"_s));

    // Without a shape the estimate says so.
    InferenceInput bare;
    bare.modelParams = 8e9;
    kvBytesPerToken(bare, 1000, &estimated);
    CHECK(estimated);
}

TEST_CASE("Serving: the concurrency sets throughput and latency", "[planning][serving]")
{
    InferenceInput in = llama8b();
    in.offline = true;
    in.chipsPerReplica = 1;
    in.concurrency = 1;
    const InferenceProjection one = projectInference(in, accelerator("h100-sxm"), planningCatalog());
    in.concurrency = 64;
    const InferenceProjection many = projectInference(in, accelerator("h100-sxm"), planningCatalog());
    REQUIRE(one.runnable());
    REQUIRE(many.runnable());
    CHECK(one.batch == 1);
    CHECK(many.batch == 64);
    // Batch 1 is bound by reading 8 GB of weights per token: a few ms per token at 3.35 TB/s.
    CHECK(one.tpotMs > 8.03e9 / 3.35e12 * 1000);
    CHECK(one.tpotMs < many.tpotMs);
    CHECK(many.tokensPerSecondPerChip > 20 * one.tokensPerSecondPerChip);
    // Memory is the limit of the concurrency: more than fits is refused with the sizes.
    in.concurrency = 1000000;
    const InferenceProjection tooMany = projectInference(in, accelerator("h100-sxm"), planningCatalog());
    REQUIRE_FALSE(tooMany.runnable());
    CHECK(tooMany.cannotRun.contains(u"KV cache"_s));
    // The band brackets the typical figure.
    CHECK(many.tokensPerSecondPerChipBand.low < many.tokensPerSecondPerChip);
    CHECK(many.tokensPerSecondPerChipBand.high > many.tokensPerSecondPerChip);
}

TEST_CASE("Serving: queueing makes TTFT grow with utilisation and p90 above p50", "[planning][serving]")
{
    InferenceInput in = llama8b();
    in.chipsPerReplica = 1;
    in.concurrency = 16;
    double previous = 0;
    for (const double u : {0.3, 0.6, 0.8, 0.95}) {
        in.targetUtilisation = u;
        const InferenceProjection p = projectInference(in, accelerator("h100-sxm"), planningCatalog());
        REQUIRE(p.runnable());
        INFO("utilisation " << u);
        CHECK(p.ttftP90Ms >= p.ttftMs);
        CHECK(p.tpotP90Ms >= p.tpotMs);
        CHECK(p.ttftP90Ms > previous);
        previous = p.ttftP90Ms;
    }
    // With targets and no concurrency given, the largest concurrency that meets them is chosen,
    // and a tighter TPOT target gives a smaller one.
    in.concurrency.reset();
    in.targetUtilisation = 0.7;
    in.ttftMs = 2000;
    in.tpotMs = 50;
    const InferenceProjection loose = projectInference(in, accelerator("h100-sxm"), planningCatalog());
    in.tpotMs = 15;
    const InferenceProjection tight = projectInference(in, accelerator("h100-sxm"), planningCatalog());
    REQUIRE(loose.runnable());
    REQUIRE(tight.runnable());
    CHECK(loose.tpotP90Ms <= 50);
    CHECK(tight.tpotP90Ms <= 15);
    CHECK(tight.batch < loose.batch);
    CHECK(loose.ttftP90Ms <= 2000);
}

TEST_CASE("Serving: prefill and decode replicas of a disaggregated deployment", "[planning][serving]")
{
    InferenceInput in = llama8b();
    in.offline = true;
    in.chipsPerReplica = 1;
    in.concurrency = 128;
    const InferenceProjection both = projectInference(in, accelerator("h100-sxm"), planningCatalog());
    in.phase = ServePhase::Decode;
    const InferenceProjection decode = projectInference(in, accelerator("h100-sxm"), planningCatalog());
    in.phase = ServePhase::Prefill;
    const InferenceProjection prefill = projectInference(in, accelerator("h100-sxm"), planningCatalog());
    REQUIRE(both.runnable());
    REQUIRE(decode.runnable());
    REQUIRE(prefill.runnable());
    // Without prefill chunks in its steps a decode replica generates more and steps faster.
    CHECK(decode.tokensPerSecondPerChip > both.tokensPerSecondPerChip);
    CHECK(decode.tpotMs < both.tpotMs);
    CHECK(decode.ttftMs == 0);
    // A prefill replica's throughput is input tokens at the compute rate: 2·N FLOPs per token
    // (plus attention) at the profile's prefill efficiency of 989 TFLOP/s... of the fp8 peak.
    const double fp8Peak = *accelerator("h100-sxm").peakFp8Tflops * 1e12;
    CHECK(prefill.tokensPerSecondPerChip < fp8Peak / (2 * 8.03e9));
    CHECK(prefill.tokensPerSecondPerChip > 0.1 * fp8Peak / (2 * 8.03e9));
    CHECK(prefill.tpotMs == 0);
    CHECK(toString(ServePhase::Decode) == u"decode"_s);
    CHECK_FALSE(servePhaseFromString(u"both-ways"_s).has_value());
}

TEST_CASE("Serving: a large mixture of experts spreads over an expert-parallel replica", "[planning][serving]")
{
    InferenceInput in = deepseekV3();
    in.offline = true;
    // 671 GB of fp8 weights do not fit one 8 × 80 GB node.
    in.maxChipsPerReplica = 8;
    const InferenceProjection node = projectInference(in, accelerator("h100-sxm"), planningCatalog());
    CHECK_FALSE(node.runnable());
    // Across nodes: experts spread, attention data-parallel, the all-to-all over the fabric.
    in.maxChipsPerReplica.reset();
    const InferenceProjection wide = projectInference(in, accelerator("h100-sxm"), planningCatalog());
    REQUIRE(wide.runnable());
    CHECK(wide.chipsPerReplica >= 16);
    CHECK(wide.expertParallel == wide.chipsPerReplica);
    CHECK(wide.crossesNodes);
    CHECK(wide.decodeStep.communication > 0);
    // MLA's small cache lets each chip hold many sequences.
    CHECK(wide.batch / wide.chipsPerReplica >= 64);
    // On one 8 × 141 GB H200 node it fits inside the NVLink domain.
    in.maxChipsPerReplica = 8;
    const InferenceProjection h200 = projectInference(in, accelerator("h200"), planningCatalog());
    REQUIRE(h200.runnable());
    CHECK(h200.chipsPerReplica == 8);
    CHECK_FALSE(h200.crossesNodes);
}

TEST_CASE("Serving: speculative decoding and multi-token prediction raise low-batch throughput", "[planning][serving]")
{
    InferenceInput in = llama8b();
    in.offline = true;
    in.chipsPerReplica = 1;
    in.concurrency = 1;
    const InferenceProjection plain = projectInference(in, accelerator("h100-sxm"), planningCatalog());
    in.speculativeTokens = 1;
    in.speculativeAcceptance = 0.8; // DeepSeek-V3 reports 85-90 % for its second MTP token
    const InferenceProjection mtp = projectInference(in, accelerator("h100-sxm"), planningCatalog());
    REQUIRE(plain.runnable());
    REQUIRE(mtp.runnable());
    // 1.8 tokens per step at nearly the same step time when the step is bound by reading weights.
    CHECK(mtp.tokensPerSecondPerChip / plain.tokensPerSecondPerChip == Approx(1.8).epsilon(0.1));
}

TEST_CASE("Serving: a precision the chip lacks is refused with the ones it has", "[planning][serving]")
{
    InferenceInput in = llama8b();
    in.offline = true;
    const InferenceProjection a10g = projectInference(in, accelerator("a10g"), planningCatalog());
    REQUIRE_FALSE(a10g.runnable());
    CHECK(a10g.cannotRun.contains(u"no fp8"_s));
    CHECK(a10g.cannotRun.contains(u"int8"_s));
    CHECK(a10g.cannotRun.contains(u"bf16"_s));
    in.precision = catalog::Precision::Fp4;
    in.precisionName = u"fp4"_s;
    CHECK_FALSE(projectInference(in, accelerator("h100-sxm"), planningCatalog()).runnable());
    CHECK(projectInference(in, accelerator("b200"), planningCatalog()).runnable());
}

TEST_CASE("Serving: the planner disaggregates prefill and decode where that needs fewer chips", "[planning][serving]")
{
    const pricing::PriceRecord node = h100Node();

    InferenceRequest request;
    request.input = llama8b();
    request.input.modelParams = 70.55e9;
    request.input.layers = 80;
    request.input.hidden = 8192;
    request.input.heads = 64;
    request.input.kvHeads = 8;
    request.input.inputTokens = 8000; // long prompts
    request.input.outputTokens = 500;
    request.input.requestsPerSecond = 20;
    request.input.ttftMs = 2000;
    request.input.tpotMs = 15; // a tight TPOT: prefill chunks in decode steps would break it
    const InferencePlan tight = planInference(request, test::shippedCatalog(), planningCatalog(), {node}, pricing::FxTable());
    REQUIRE(tight.options.size() == 1);
    const InferenceOption &o = tight.options.first();
    REQUIRE(o.runnable());
    REQUIRE(o.disaggregation.has_value());
    const Disaggregation &d = *o.disaggregation;
    CHECK(o.chips == d.prefillReplicas * d.prefillChipsPerReplica + d.decodeReplicas * d.decodeChipsPerReplica);
    CHECK(o.instances == (o.chips + 7) / 8);
    CHECK(o.projection->tpotP90Ms <= 15);
    CHECK(o.projection->warnings.join(u' ').contains(u"disaggregated"_s));
    // Offers share their projections (issue 38); a disaggregated option's is its own, so another
    // region's option says it once, not once per option that shares the decode projection.
    pricing::PriceRecord other = node;
    other.key.region = u"us-west-2"_s;
    const InferencePlan both2 = planInference(request, test::shippedCatalog(), planningCatalog(), {node, other}, pricing::FxTable());
    REQUIRE(both2.options.size() == 2);
    for (const InferenceOption &each : both2.options) {
        REQUIRE(each.disaggregation.has_value());
        CHECK(each.projection->warnings.join(u' ').count(u"disaggregated"_s) == 1);
        CHECK(each.projection->tpotP90Ms == o.projection->tpotP90Ms);
    }
    // The same offer doing both on every replica would need more chips, or cannot meet the TPOT.
    request.input.phase = ServePhase::Both;
    const InferenceProjection both = projectInference(request.input, accelerator("h100-sxm"), planningCatalog());
    if (both.runnable())
        CHECK(std::ceil(20 * 500 / (both.tokensPerSecondPerReplica * 0.7)) * both.chipsPerReplica > o.chips);
    // Offline batch work is never split.
    request.input.offline = true;
    const InferencePlan offline = planInference(request, test::shippedCatalog(), planningCatalog(), {node}, pricing::FxTable());
    REQUIRE(offline.options.size() == 1);
    CHECK_FALSE(offline.options.first().disaggregation.has_value());
}

TEST_CASE("Serving: a replica that needs several nodes cannot run where there is no cluster network", "[planning][serving]")
{
    auto make = [](const QString &provider, pricing::OfferKind kind, const QString &sku, int count) {
        pricing::PriceRecord r;
        r.key = {provider, sku, u"r1"_s, pricing::PriceModel::OnDemand};
        r.accelerator = u"h100-sxm"_s;
        r.acceleratorCount = count;
        r.price = *Decimal::parse(u"2"_s);
        r.currency = u"USD"_s;
        r.unit = pricing::PriceUnit::Hour;
        r.offerKind = kind;
        return r;
    };
    InferenceRequest request;
    request.input = deepseekV3();
    request.input.requestsPerSecond = 5;
    const InferencePlan plan = planInference(
        request, test::shippedCatalog(), planningCatalog(),
        {make(u"Vast.ai"_s, pricing::OfferKind::Marketplace, u"H100 SXM (verified, 1x)"_s, 1),
         make(u"AWS"_s, pricing::OfferKind::CloudVm, u"p5.48xlarge"_s, 8)},
        pricing::FxTable());
    REQUIRE(plan.options.size() == 2);
    for (const InferenceOption &o : plan.options) {
        INFO(o.offer.key.provider.toStdString() << ": " << o.cannotRun.toStdString());
        if (o.offer.key.provider == u"Vast.ai"_s) {
            // 671 GB of fp8 weights on one 80 GB host: no replica can form.
            CHECK_FALSE(o.runnable());
        } else {
            // EFA between p5 nodes: an expert-parallel replica across nodes.
            REQUIRE(o.runnable());
            CHECK(o.projection->crossesNodes);
            CHECK(o.instances * 8 >= o.projection->chipsPerReplica);
        }
    }
}

TEST_CASE("Serving: fp4 compute measured at bf16 is credited with what NVFP4 gains over fp8 not the fp4 peak",
          "[planning][serving]")
{
    // A prefill replica is bound by compute: fp4 on a B200 (9 PFLOP/s against fp8's 4.5) gains
    // the measured 1.37x over fp8, not 2x, because B200's prefill profile was measured at bf16.
    InferenceInput in = llama8b();
    in.offline = true;
    in.chipsPerReplica = 1;
    in.concurrency = 64;
    in.phase = ServePhase::Prefill;
    const InferenceProjection fp8 = projectInference(in, accelerator("b200"), planningCatalog());
    in.precision = catalog::Precision::Fp4;
    in.precisionName = u"fp4"_s;
    const InferenceProjection fp4 = projectInference(in, accelerator("b200"), planningCatalog());
    REQUIRE(fp8.runnable());
    REQUIRE(fp4.runnable());
    const double ratio = fp4.tokensPerSecondPerChip / fp8.tokensPerSecondPerChip;
    INFO("fp4 / fp8 prefill throughput on B200: " << ratio);
    CHECK(ratio > 1.2);
    CHECK(ratio < 1.45);
    CHECK(fp4.prefillSource.contains(u"1.37"_s));
}

TEST_CASE("Serving: a chip without its own profile takes its stand-ins' before the generic band",
          "[planning][serving]")
{
    InferenceInput in = llama8b();
    in.offline = true;
    // B300 has no serving profile; accelerators.csv names B200 and GB200 as its stand-ins.
    const InferenceProjection b300 = projectInference(in, accelerator("b300"), planningCatalog());
    REQUIRE(b300.runnable());
    INFO(b300.prefillSource.toStdString());
    CHECK(b300.prefillSource.contains(u"stand in"_s));
    CHECK(b300.prefillSource.contains(u"b200"_s));
    // Their median, in a band that holds each of theirs.
    const catalog::Profile *b200 = planningCatalog().findProfile(u"b200"_s, catalog::Workload::InferencePrefill,
                                                                 catalog::Precision::Fp8, u"any"_s);
    const catalog::Profile *gb200 = planningCatalog().findProfile(u"gb200"_s, catalog::Workload::InferencePrefill,
                                                                  catalog::Precision::Fp8, u"any"_s);
    REQUIRE(b200 != nullptr);
    REQUIRE(gb200 != nullptr);
    CHECK(b300.prefillSource.contains(u"gb200"_s));
    CHECK(b300.prefillEfficiency.typical == Approx((b200->efficiency.typical + gb200->efficiency.typical) / 2));
    CHECK(b300.prefillEfficiency.low == Approx(std::min(b200->efficiency.low, gb200->efficiency.low)));
    CHECK(b300.prefillEfficiency.high == Approx(std::max(b200->efficiency.high, gb200->efficiency.high)));
    // The L4 has neither a profile nor a stand-in: the generic band, said so.
    const InferenceProjection l4 = projectInference(in, accelerator("l4"), planningCatalog());
    REQUIRE(l4.runnable());
    CHECK(l4.prefillSource.contains(u"generic band"_s));
}

TEST_CASE("Serving: a dense model one node cannot hold runs as pipeline stages of tensor-parallel groups",
          "[planning][serving]")
{
    // Llama 3.1 405B in bf16 is 811 GB of weights: more than 8 × 80 GB H100s hold.
    InferenceInput in;
    in.modelParams = 405.85e9;
    in.layers = 126;
    in.hidden = 16384;
    in.heads = 128;
    in.kvHeads = 8;
    in.headDim = 128;
    in.inputTokens = 1000;
    in.outputTokens = 300;
    in.precision = catalog::Precision::Bf16;
    in.precisionName = u"bf16"_s;
    in.offline = true;
    const InferenceProjection bf16 = projectInference(in, accelerator("h100-sxm"), planningCatalog());
    REQUIRE(bf16.runnable());
    CHECK(bf16.tensorParallel == 8);
    CHECK(bf16.pipelineParallel >= 2);
    CHECK(bf16.chipsPerReplica == bf16.tensorParallel * bf16.pipelineParallel);
    CHECK(bf16.crossesNodes);
    CHECK(bf16.warnings.join(u' ').contains(u"pipeline stages"_s));
    // A pipeline re-reads each stage's weights per micro-batch: per chip it serves less than the
    // same model in fp8 on one node, which needs no pipeline.
    in.precision = catalog::Precision::Fp8;
    in.precisionName = u"fp8"_s;
    const InferenceProjection fp8 = projectInference(in, accelerator("h100-sxm"), planningCatalog());
    REQUIRE(fp8.runnable());
    CHECK(fp8.pipelineParallel == 1);
    CHECK(fp8.chipsPerReplica == 8);
    CHECK(fp8.tokensPerSecondPerChip > bf16.tokensPerSecondPerChip);
    // An offer of one node without a cluster network cannot hold the bf16 model.
    in.precision = catalog::Precision::Bf16;
    in.precisionName = u"bf16"_s;
    in.maxChipsPerReplica = 8;
    CHECK_FALSE(projectInference(in, accelerator("h100-sxm"), planningCatalog()).runnable());
}

TEST_CASE("Serving: the throughput band is carried to replicas and costs in whole instances", "[planning][serving]")
{
    // One-GPU replicas of an 8B model on 8-GPU instances: a slower chip needs more replicas,
    // which cost only when they need another instance.
    const pricing::PriceRecord node = h100Node();
    InferenceRequest request;
    request.input = llama8b();
    request.input.chipsPerReplica = 1;
    request.input.requestsPerSecond = 200;
    const InferencePlan plan = planInference(request, test::shippedCatalog(), planningCatalog(), {node}, pricing::FxTable());
    REQUIRE(plan.options.size() == 1);
    const InferenceOption &o = plan.options.first();
    REQUIRE(o.runnable());
    const Range &t = o.projection->tokensPerSecondPerChipBand;
    REQUIRE(t.low < t.typical);
    REQUIRE(t.typical < t.high);
    INFO("replicas " << o.replicasBand.low << " / " << o.replicas << " / " << o.replicasBand.high);
    CHECK(o.replicasBand.typical == o.replicas);
    CHECK(o.replicasBand.low <= o.replicas);
    CHECK(o.replicasBand.high > o.replicas);
    CHECK(o.replicasBand.high == std::ceil(o.replicas * t.typical / t.low - 1e-9));
    // Cost in whole 8-GPU instances at each edge.
    CHECK(o.monthlyCostBand.typical == Approx(o.monthlyCost));
    CHECK(o.monthlyCostBand.high == Approx(o.monthlyCost / o.instances * std::ceil(o.replicasBand.high / 8.0 - 1e-9)));
    CHECK(o.monthlyCostBand.low == Approx(o.monthlyCost / o.instances * std::ceil(o.replicasBand.low / 8.0 - 1e-9)));
    // The same requests on more capacity: per-request and per-token costs rise with it.
    CHECK(o.costPerRequestBand.high / o.costPerRequest == Approx(o.monthlyCostBand.high / o.monthlyCost));
    CHECK(o.costPerMillionOutputBand.low <= o.costPerMillionOutput);
    CHECK(o.costPerMillionOutputBand.high >= o.costPerMillionOutput);
}

TEST_CASE("Serving: a checkpoint with only its experts in 4 bits computes at its activations' precision",
          "[planning][serving]")
{
    const catalog::ModelPreset *preset = planningCatalog().findModel(u"gpt-oss-120b"_s);
    REQUIRE(preset != nullptr);
    CHECK(preset->fp4ExpertsOnly);
    InferenceInput in;
    applyPreset(*preset, in);
    REQUIRE(in.fp4ExpertsOnly);
    in.precision = catalog::Precision::Fp4;
    in.precisionName = u"fp4"_s;
    in.inputTokens = 5000;
    in.outputTokens = 1000;
    in.offline = true;
    in.chipsPerReplica = 1;
    in.concurrency = 256;
    InferenceInput allFp4 = in;
    allFp4.fp4ExpertsOnly = false;
    const InferenceProjection mixed = projectInference(in, accelerator("b200"), planningCatalog());
    const InferenceProjection w4a4 = projectInference(allFp4, accelerator("b200"), planningCatalog());
    REQUIRE(mixed.runnable());
    REQUIRE(w4a4.runnable());
    // Prefill-heavy: the experts at the fp8 peak and the rest at bf16's are slower than fp4 throughout,
    // and the bf16 attention and embeddings weigh more.
    CHECK(mixed.tokensPerSecondPerChip < w4a4.tokensPerSecondPerChip * 0.9);
    CHECK(mixed.weightsGb > w4a4.weightsGb);
    // A chip without 4-bit tensor cores widens the weights inside the GEMM (bf16 x MXFP4) instead of refusing.
    in.concurrency = 64;
    allFp4.concurrency = 64;
    const InferenceProjection hopper = projectInference(in, accelerator("h100-sxm"), planningCatalog());
    INFO(hopper.cannotRun.toStdString());
    CHECK(hopper.runnable());
    CHECK_FALSE(projectInference(allFp4, accelerator("h100-sxm"), planningCatalog()).runnable());
}

TEST_CASE("Serving: without a stated concurrency no more than the engine's default max_num_seqs run", "[serving][engine]")
{
    // Llama 3 8B at fp8 with short requests: memory holds thousands of sequences on an H200.
    InferenceInput in = llama8b();
    in.inputTokens = 200;
    in.outputTokens = 100;
    in.offline = true;
    in.chipsPerReplica = 1;
    const InferenceProjection h200 = projectInference(in, accelerator("h200"), planningCatalog());
    REQUIRE(h200.runnable());
    CHECK(h200.maxBatchByMemory > 1024);
    CHECK(h200.batch == 1024); // vLLM's default on >= 70 GiB
    const InferenceProjection l40s = projectInference(in, accelerator("l40s"), planningCatalog());
    REQUIRE(l40s.runnable());
    CHECK(l40s.maxBatchByMemory > 256);
    CHECK(l40s.batch == 256); // and on smaller chips
    // Other engines schedule more by default: SGLang's request pool (2,048 with a long-context
    // model) and TensorRT-LLM's max_batch_size; JetStream decodes its per_device_batch_size on each
    // chip (11 in its serving guide), however much memory is left.
    in.engine = u"sglang"_s;
    const InferenceProjection sglang = projectInference(in, accelerator("h200"), planningCatalog());
    REQUIRE(sglang.runnable());
    CHECK(sglang.batch == std::min(2048, sglang.maxBatchByMemory));
    CHECK(sglang.engineSource.contains(u"SGLang"_s));
    in.engine = u"jetstream"_s;
    const InferenceProjection jetstream = projectInference(in, accelerator("h200"), planningCatalog());
    REQUIRE(jetstream.runnable());
    CHECK(jetstream.maxBatchByMemory > 1024);
    CHECK(jetstream.batch == 11);
    CHECK(jetstream.engineSource.contains(u"11 sequences a chip"_s));
    in.chipsPerReplica = 8;
    const InferenceProjection jetstream8 = projectInference(in, accelerator("h200"), planningCatalog());
    REQUIRE(jetstream8.runnable());
    CHECK(jetstream8.maxBatchByMemory > 1024);
    CHECK(jetstream8.batch == 88);
    in.chipsPerReplica = 1;
    in.engine.clear();
    CHECK(h200.engineSource.contains(u"vLLM schedules at most 1024"_s));
    // A stated concurrency is taken as given.
    in.concurrency = 1500;
    const InferenceProjection stated = projectInference(in, accelerator("h200"), planningCatalog());
    REQUIRE(stated.runnable());
    CHECK(stated.batch == 1500);
}

TEST_CASE("Serving: a mixture of experts wider than 8 chips spreads its experts, as NVL72 deployments do", "[serving][engine]")
{
    // DeepSeek-V3 decode on 48 GB200 (one NVL72 domain): DP attention + EP 48, each attention rank
    // an engine of its own; published wide-EP decode runs give 7,500-13,000 tokens/s per chip.
    InferenceInput in = deepseekV3();
    in.precision = catalog::Precision::Fp8;
    in.precisionName = u"fp8"_s;
    in.inputTokens = 2000;
    in.outputTokens = 100;
    in.phase = ServePhase::Decode;
    in.offline = true;
    in.chipsPerReplica = 48;
    const InferenceProjection p = projectInference(in, accelerator("gb200"), planningCatalog());
    REQUIRE(p.runnable());
    CHECK(p.tensorParallel == 1);
    CHECK(p.expertParallel == 48);
    CHECK(p.batch > 48 * 256);
    CHECK(p.tokensPerSecondPerChip > 5000);
}

TEST_CASE("Serving: the break-even load against an API is where self-hosting first costs no more", "[planning][serving][apis]")
{
    // One replica of 8 chips, 3000 a month, serving 100 tokens/s per chip; requests of 100 output tokens.
    InferenceOption option;
    InferenceProjection &p = option.projection.edit();
    p.chipsPerReplica = 8;
    p.tokensPerSecondPerChip = 100;
    option.chips = 8;
    option.monthlyCost = 3000;
    InferenceInput in;
    in.outputTokens = 100;
    in.targetUtilisation = 0.7; // a replica serves 100 × 8 × 0.7 / 100 = 5.6 requests/s
    const double month = kHoursPerMonth * 3600.0;
    // 0.001 a request: 2628 a month per request/s; one replica (3000) pays from 1.14 requests/s,
    // with a spare (6000) from 2.28.
    CHECK(*breakEvenQps(option, in, false, 0.001) == Approx(3000 / (0.001 * month)));
    CHECK(*breakEvenQps(option, in, true, 0.001) == Approx(6000 / (0.001 * month)));
    // So cheap an API that a full replica's requests cost less than the replica: never.
    CHECK_FALSE(breakEvenQps(option, in, false, 0.0001));
    CHECK_FALSE(breakEvenQps(option, in, true, 0.00015));

    // Against the definition on random cases: self-hosting costs (ceil(q / capacity) + spare)
    // replicas; q* is the first load where that is no more than the API's, none below it is.
    std::mt19937 random(11);
    std::uniform_real_distribution<double> unit(0.0, 1.0);
    int found = 0;
    for (int round = 0; round < 300; ++round) {
        option.monthlyCost = 500 + 20000 * unit(random);
        p.tokensPerSecondPerChip = 10 + 500 * unit(random);
        const double perRequest = 1e-5 + 0.01 * unit(random);
        const bool production = round % 2 == 0;
        const double capacity = p.tokensPerSecondPerChip * 8 * 0.7 / 100;
        auto self = [&](double q) { return (std::ceil(q / capacity) + (production ? 1 : 0)) * option.monthlyCost; };
        auto api = [&](double q) { return perRequest * month * q; };
        const auto q = breakEvenQps(option, in, production, perRequest);
        if (!q) {
            // Never: even full replicas cost more than their requests bought.
            CHECK(api(capacity) <= option.monthlyCost * (1 + 1e-9));
            continue;
        }
        ++found;
        CHECK(self(*q * (1 + 1e-9)) <= api(*q) * (1 + 1e-6));
        for (double f : {0.1, 0.5, 0.9, 0.99})
            CHECK(self(*q * f) > api(*q * f));
    }
    CHECK(found > 50);
}

TEST_CASE("A demand curve's months: held before the first point and after the last, ramped or stepped between", "[serving][demand]")
{
    const QList<scenario::DemandPoint> points{{3, 10}, {6, 40}};
    CHECK(planning::demandByMonth(points, false, 8) == QList<double>{10, 10, 10, 20, 30, 40, 40, 40});
    CHECK(planning::demandByMonth(points, true, 8) == QList<double>{10, 10, 10, 10, 10, 40, 40, 40});
    CHECK(planning::demandByMonth({{1, 5}}, false, 3) == QList<double>{5, 5, 5});
    CHECK(planning::demandByMonth({}, false, 12).isEmpty());
}
