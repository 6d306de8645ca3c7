// Serving calibration by a measured profile: only at the measurement's precision, carried to the
// chips that take the measured chip as stand-in, and applied to the step time (TPOT, TTFT) as well
// as to throughput.
#include "core/catalog/acceleratorcatalog.h"
#include "core/planning/model/inference.h"
#include "tests/planning/planfixtures.h"
#include "tests/qtstringmaker.h"
#include "tests/testsupport.h"

#include <catch2/catch.hpp>

using namespace Qt::StringLiterals;
using namespace accelplan;
using namespace accelplan::planning;

namespace {

const catalog::Accelerator &accelerator(const char *id)
{
    const catalog::Accelerator *a = test::shippedCatalog().find(QString::fromLatin1(id));
    REQUIRE(a != nullptr);
    return *a;
}

// Llama 3 8B (the shipped preset, so the measured point and the request share a shape), one chip
// per replica at a fixed concurrency: the same deployment with and without a measurement.
InferenceInput llama8b(catalog::Precision precision)
{
    InferenceInput in;
    const catalog::ModelPreset *preset = test::planningCatalog().findModel(u"llama3-8b"_s);
    REQUIRE(preset != nullptr);
    applyPreset(*preset, in);
    in.inputTokens = 1000;
    in.outputTokens = 250;
    in.precision = precision;
    in.precisionName = catalog::toString(precision);
    in.chipsPerReplica = 1;
    in.concurrency = 32;
    in.offline = true;
    return in;
}

// A user's vLLM measurement on \a chip at the point of \a at, \a share of what the model projects there.
catalog::PlanningCatalog withMeasurement(const char *chip, const InferenceInput &at, double share)
{
    const InferenceProjection modelled = projectInference(at, accelerator(chip), test::planningCatalog());
    REQUIRE(modelled.runnable());
    REQUIRE_FALSE(modelled.calibrated);
    catalog::Profile measured;
    measured.accelerator = QString::fromLatin1(chip);
    measured.workload = catalog::Workload::InferenceDecode;
    measured.precision = at.precision;
    measured.precisionName = at.precisionName;
    measured.framework = u"any"_s;
    measured.efficiency = modelled.decodeEfficiency;
    measured.measuredTokensPerSecondPerChip = modelled.tokensPerSecondPerChip * share;
    measured.measuredModelParams = at.modelParams;
    measured.measuredInputTokens = at.inputTokens;
    measured.measuredOutputTokens = at.outputTokens;
    measured.measuredBatch = *at.concurrency;
    measured.measuredChips = 1;
    measured.source.url = u"bench.json"_s;
    measured.userSupplied = true;
    catalog::PlanningCatalog catalog = test::planningCatalog();
    catalog.addUserProfiles({measured});
    return catalog;
}

} // namespace

TEST_CASE("Calibration: a measurement calibrates only its own precision", "[planning][calibration]")
{
    const InferenceInput bf16 = llama8b(catalog::Precision::Bf16);
    const catalog::PlanningCatalog measured = withMeasurement("h100-sxm", bf16, 0.4);

    const InferenceProjection before = projectInference(bf16, accelerator("h100-sxm"), test::planningCatalog());
    const InferenceProjection after = projectInference(bf16, accelerator("h100-sxm"), measured);
    REQUIRE(after.runnable());
    CHECK(after.calibrated);
    CHECK(after.calibration == Approx(0.4).epsilon(0.01));
    CHECK(after.tokensPerSecondPerChip == Approx(before.tokensPerSecondPerChip * 0.4).epsilon(0.01));
    CHECK(after.calibrationSource.contains(u"bench.json"_s));

    // The same bf16 run does not move fp8 serving, and says why.
    const InferenceInput fp8 = llama8b(catalog::Precision::Fp8);
    const InferenceProjection fp8Before = projectInference(fp8, accelerator("h100-sxm"), test::planningCatalog());
    const InferenceProjection fp8After = projectInference(fp8, accelerator("h100-sxm"), measured);
    REQUIRE(fp8After.runnable());
    CHECK_FALSE(fp8After.calibrated);
    CHECK(fp8After.calibration == 1);
    CHECK(fp8After.tokensPerSecondPerChip == Approx(fp8Before.tokensPerSecondPerChip).epsilon(1e-9));
    CHECK(fp8After.calibrationSource.contains(u"not calibrated"_s));
    CHECK(fp8After.calibrationSource.contains(u"bf16"_s));
    CHECK(fp8After.calibrationSource.contains(u"fp8"_s));

    // An fp8 measurement calibrates fp8 serving.
    const InferenceProjection fp8Measured =
        projectInference(fp8, accelerator("h100-sxm"), withMeasurement("h100-sxm", fp8, 0.7));
    CHECK(fp8Measured.calibrated);
    CHECK(fp8Measured.calibration == Approx(0.7).epsilon(0.01));
}

TEST_CASE("Calibration: chips that take the measured chip as stand-in carry its calibration",
          "[planning][calibration]")
{
    const InferenceInput in = llama8b(catalog::Precision::Bf16);
    const catalog::PlanningCatalog measured = withMeasurement("h100-sxm", in, 0.4);
    const InferenceProjection h100 = projectInference(in, accelerator("h100-sxm"), measured);
    REQUIRE(h100.calibrated);
    for (const char *chip : {"gh200", "h100-nvl", "h100-pcie"}) {
        INFO(chip);
        REQUIRE(accelerator(chip).profileStandIns.contains(u"h100-sxm"_s));
        const InferenceProjection before = projectInference(in, accelerator(chip), test::planningCatalog());
        const InferenceProjection after = projectInference(in, accelerator(chip), measured);
        REQUIRE(after.runnable());
        CHECK(after.calibrated);
        CHECK(after.calibration == Approx(h100.calibration).epsilon(1e-9));
        CHECK(after.calibrationSource.contains(u"carried from the stand-in"_s));
        CHECK(after.calibrationSource.contains(u"h100-sxm"_s));
        CHECK(after.tokensPerSecondPerChip == Approx(before.tokensPerSecondPerChip * h100.calibration).epsilon(0.01));
    }
    // H100 PCIe has 60 % of H100 SXM's bandwidth: calibrated alike, it stays below it.
    CHECK(projectInference(in, accelerator("h100-pcie"), measured).tokensPerSecondPerChip < h100.tokensPerSecondPerChip);
    // A chip with a decode profile of its own keeps it, uncalibrated (H200 has one).
    const InferenceProjection h200 = projectInference(in, accelerator("h200"), measured);
    CHECK_FALSE(h200.calibrated);
    CHECK(h200.tokensPerSecondPerChip
          == Approx(projectInference(in, accelerator("h200"), test::planningCatalog()).tokensPerSecondPerChip).epsilon(1e-9));
    // A stand-in's measurement at another precision carries nothing, and the reason is given.
    const InferenceProjection fp8 = projectInference(llama8b(catalog::Precision::Fp8), accelerator("gh200"), measured);
    CHECK_FALSE(fp8.calibrated);
    CHECK(fp8.calibrationSource.contains(u"h100-sxm"_s));
    CHECK(fp8.calibrationSource.contains(u"not calibrated"_s));
}

TEST_CASE("Calibration: TPOT and TTFT's decode part follow the calibrated step time", "[planning][calibration]")
{
    const InferenceInput in = llama8b(catalog::Precision::Bf16);
    const catalog::PlanningCatalog measured = withMeasurement("h100-sxm", in, 0.4);
    const InferenceProjection before = projectInference(in, accelerator("h100-sxm"), test::planningCatalog());
    const InferenceProjection after = projectInference(in, accelerator("h100-sxm"), measured);
    REQUIRE(after.runnable());
    REQUIRE(after.batch == before.batch);
    // Throughput ×c at the same concurrency is a step ÷c.
    CHECK(after.tpotMs == Approx(before.tpotMs / after.calibration).epsilon(1e-6));
    CHECK(after.tpotP90Ms == Approx(before.tpotP90Ms / after.calibration).epsilon(1e-6));
    // Offline TTFT is the prefill plus the first step: only the step slows.
    CHECK(after.ttftMs - before.ttftMs == Approx(after.tpotMs - before.tpotMs).epsilon(1e-6));

    // A TPOT target the model meets but the measurement does not: the option says so.
    InferenceInput online = in;
    online.offline = false;
    online.requestsPerSecond = 1;
    const InferenceProjection modelled = projectInference(online, accelerator("h100-sxm"), test::planningCatalog());
    REQUIRE(modelled.runnable());
    online.tpotMs = modelled.tpotP90Ms * 1.2;
    REQUIRE(projectInference(online, accelerator("h100-sxm"), test::planningCatalog()).runnable());
    const InferenceProjection slowed = projectInference(online, accelerator("h100-sxm"), measured);
    CHECK_FALSE(slowed.runnable());
    CHECK(slowed.cannotRun.contains(u"once calibrated"_s));
    // Free to choose its concurrency: a step of an 8B model is mostly its weights, and fewer
    // sequences do not bring 2.5 times the modelled step under 1.2 times it.
    online.concurrency.reset();
    const InferenceProjection anyConcurrency = projectInference(online, accelerator("h100-sxm"), measured);
    CHECK_FALSE(anyConcurrency.runnable());
    CHECK(anyConcurrency.cannotRun.contains(u"once calibrated"_s));

    // A measurement faster than the model meets a target the model alone misses.
    online.concurrency = in.concurrency;
    online.tpotMs = modelled.tpotP90Ms * 0.8;
    REQUIRE_FALSE(projectInference(online, accelerator("h100-sxm"), test::planningCatalog()).runnable());
    const InferenceProjection faster =
        projectInference(online, accelerator("h100-sxm"), withMeasurement("h100-sxm", in, 2.0));
    REQUIRE(faster.runnable());
    CHECK(faster.calibration == Approx(2.0).epsilon(0.01));
    CHECK(faster.tpotP90Ms <= *online.tpotMs);
}
