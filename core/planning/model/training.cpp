#include "core/planning/model/training.h"

#include "core/planning/model/measurements.h"

#include "core/catalog/standin.h"
#include "core/common/statistics.h"
#include "core/common/tr.h"
#include "core/planning/model/cluster.h"
#include "core/planning/model/precisioncredit.h"

#include <algorithm>
#include <cmath>

using namespace Qt::StringLiterals;

namespace accelplan::planning {


namespace {

// Used only when fewer than four profiles of a workload are shipped at all; reported as such.
constexpr Range kGenericMfu{0.25, 0.35, 0.45};
constexpr int kProfileChipsWhenUnstated = 8;
constexpr double kModelSpread = 1.45;

QString describe(const catalog::Source &source)
{
    QString text = source.url;
    if (source.asOf.isValid())
        text += u" ("_s + source.asOf.toString(Qt::ISODate) + u')';
    if (!source.confidence.isEmpty())
        text += u" ["_s + source.confidence + u']';
    return text;
}

Range pointBand(double value)
{
    return {value, value, value};
}

/// Layers and hidden size from the input, or a Llama-like guess from the parameter count
/// (N ≈ 12·L·h² with h = 128·L), which is close for dense decoder-only models.
std::pair<int, int> shapeOf(const TrainingInput &input, bool *estimated)
{
    if (input.layers && input.hidden) {
        *estimated = false;
        return {*input.layers, *input.hidden};
    }
    *estimated = true;
    const double hidden = std::cbrt(input.modelParams * 128.0 / 12.0);
    return {std::max(1, int(std::lround(hidden / 128.0))), int(std::lround(hidden))};
}

} // namespace

double attentionFlops(const TrainingInput &input)
{
    if (!input.layers || !input.hidden || !input.seqLen)
        return 0;
    const double seq = *input.seqLen;
    const int sliding = input.slidingWindow ? std::clamp(input.slidingLayers.value_or(0), 0, *input.layers) : 0;
    const double attended = double(*input.layers - sliding) * seq
                            + double(sliding) * std::min(seq, double(input.slidingWindow.value_or(0)));
    return 12.0 * double(*input.hidden) * attended * input.tokens;
}

double trainingFlops(const TrainingInput &input)
{
    return 6.0 * input.active() * input.tokens + attentionFlops(input);
}

double MemoryEstimate::bytesPerChip(int chips) const
{
    return statesBytesTotal / std::max(1, chips) + activationBytesPerChip + overheadBytesPerChip;
}

int MemoryEstimate::minimumChips() const
{
    const double room = usableBytesPerChip - activationBytesPerChip - overheadBytesPerChip;
    if (room <= 0)
        return 0;
    return std::max(1, int(std::ceil(statesBytesTotal / room)));
}

MemoryEstimate trainingMemory(const TrainingInput &input, const catalog::Accelerator &accelerator)
{
    MemoryEstimate m;
    const auto [layers, hidden] = shapeOf(input, &m.shapeEstimated);
    const double seq = input.seqLen.value_or(4096);
    // Tensor parallelism stays inside one NVLink / ICI domain, at most 8 ways.
    const int tensorParallel = std::clamp(accelerator.maxDomainChips.value_or(1), 1, 8);
    m.statesBytesTotal = kAdamBytesPerParam * input.modelParams;
    m.activationBytesPerChip = (2.0 * seq * hidden * layers + 34.0 * seq * hidden) / tensorParallel;
    m.overheadBytesPerChip = kRuntimeOverheadBytes;
    m.usableBytesPerChip = accelerator.memoryGb * 1e9 * kUsableMemoryFraction;
    return m;
}

void applyPreset(const catalog::ModelPreset &preset, TrainingInput &input)
{
    applyPreset(preset, static_cast<ModelShape &>(input));
    input.seqLen = preset.context;
    input.presetContext.reset();
    if (preset.context && *preset.context > kPretrainingSeqLen) {
        input.seqLen = kPretrainingSeqLen;
        input.presetContext = preset.context;
    }
    if (preset.trainingTokens)
        input.tokens = *preset.trainingTokens;
}

TrainingEfficiency trainingEfficiency(const TrainingInput &input, const catalog::Accelerator &accelerator,
                                      const catalog::PlanningCatalog &catalog, QStringList *warnings,
                                      QString *cannotRun)
{
    TrainingEfficiency e;
    const catalog::Workload workload = input.isMoe() ? catalog::Workload::MoeTraining : catalog::Workload::DenseTraining;
    // The chip's own measurement of the workload, else its stand-ins' (the same die, or the same
    // vendor's nearest generation), else what every measured chip achieves at that workload.
    const catalog::Profile *profile = catalog.findProfile(accelerator.id, workload, input.precision, input.framework);
    const QList<const catalog::Profile *> standIns =
        profile ? QList<const catalog::Profile *>() : catalog.findStandIns(accelerator, workload, input.precision, input.framework);
    const catalog::Profile *used = profile ? profile : standIns.value(0);
    // An MoE efficiency measured at bf16 is credited at fp8 with what fp8 is measured to gain on
    // MoE (precisioncredit.h), not with the fp8 peak; the same for each stand-in and each measurement
    // the quartiles are taken of.
    const double moeFp8Credit = input.isMoe() && input.precision == catalog::Precision::Fp8 ? moeFp8PeakCredit(accelerator) : 1.0;
    const auto precisionCredit = [&](const catalog::Profile &p) {
        return p.precision == catalog::Precision::Bf16 ? moeFp8Credit : 1.0;
    };
    bool credited = false;
    if (profile) {
        e.mfu = profile->efficiency;
        if (const double factor = precisionCredit(*profile); factor < 1.0) {
            e.mfu = {e.mfu.low * factor, e.mfu.typical * factor, e.mfu.high * factor};
            credited = true;
        }
        e.mfuSource = Tr::tr("profile %1 %2 %3 %4: %5")
                          .arg(profile->accelerator, catalog::toString(profile->workload), profile->precisionName,
                               profile->framework, describe(profile->source));
    } else if (!standIns.isEmpty()) {
        e.mfu = catalog::standInEfficiency(standIns, precisionCredit);
        QStringList names;
        for (const catalog::Profile *standIn : standIns) {
            names.append(standIn->accelerator + u' ' + standIn->precisionName);
            credited = credited || precisionCredit(*standIn) < 1.0;
        }
        e.mfuSource = Tr::tr("no measured %1 profile for %2: those of %3 stand in (median, band over all)")
                          .arg(catalog::toString(workload), accelerator.id, names.join(u", "_s));
        warnings->append(e.mfuSource);
    } else {
        // The quartiles of every shipped measurement of the workload.
        QList<double> typicals;
        for (const catalog::Profile &p : catalog.profiles()) {
            if (p.workload == workload && !p.userSupplied && p.efficiency.typical > 0) {
                typicals.append(p.efficiency.typical * precisionCredit(p));
                credited = credited || precisionCredit(p) < 1.0;
            }
        }
        e.mfu = typicals.size() >= 4 ? Range{percentile(typicals, 25), percentile(typicals, 50), percentile(typicals, 75)}
                                     : kGenericMfu;
        e.mfuSource = Tr::tr("no measured %1 profile for %2 or a stand-in: the quartiles of the %3 measured ones, "
                             "%4–%5–%6")
                          .arg(catalog::toString(workload), accelerator.id)
                          .arg(typicals.size())
                          .arg(e.mfu.low, 0, 'f', 2)
                          .arg(e.mfu.typical, 0, 'f', 2)
                          .arg(e.mfu.high, 0, 'f', 2);
        warnings->append(e.mfuSource);
    }
    if (used && used->precision != input.precision) {
        warnings->append(Tr::tr("MFU for %1 was measured at %2 and is applied to %3")
                             .arg(used->accelerator, used->precisionName, input.precisionName));
    }
    if (credited) {
        const QString credit =
            Tr::tr("MoE MFU measured at bf16 is applied at fp8 ×%1: MoE training runs %2× faster at fp8 than at bf16 "
                   "(same-table pairs: Megatron-Bridge 25.11 DeepSeek-V3 GB300 1.13×, GB200 1.28×; MaxText Ironwood "
                   "DeepSeek-V3 1.21×, Qwen3-235B 1.12×), not the peak's %3×")
                .arg(moeFp8Credit, 0, 'f', 2)
                .arg(kMoeFp8OverBf16Speedup, 0, 'f', 1)
                .arg(kMoeFp8OverBf16Speedup / moeFp8Credit, 0, 'f', 1);
        e.mfuSource += u"; "_s + credit;
        warnings->append(credit);
    }
    // An MFU measured at a wider precision is credited with what the narrower one is measured to
    // gain (precisioncredit.h), not with the ratio of the peaks: fp4 over fp8 or bf16, int8 (AQT)
    // over bf16.
    auto creditMeasured = [&](catalog::Precision narrow, double factor, double speedup, const QString &why) {
        if (input.precision != narrow || (used && used->precision == narrow) || factor >= 1.0)
            return;
        e.mfu = e.mfu.scaled(factor);
        e.mfuSource += Tr::tr("; at %1 ×%2: %3, not the peak's %4×")
                           .arg(input.precisionName)
                           .arg(factor, 0, 'f', 2)
                           .arg(why)
                           .arg(speedup / factor, 0, 'f', 1);
    };
    creditMeasured(catalog::Precision::Fp4, fp4PeakCredit(accelerator), kFp4OverFp8Speedup,
                   Tr::tr("NVFP4 runs 1.37× FP8 (Megatron-Bridge, Llama 3.1 405B on GB300/GB200)"));
    creditMeasured(catalog::Precision::Int8, int8TrainingPeakCredit(accelerator), kInt8OverBf16TrainingSpeedup,
                   Tr::tr("int8 (AQT) training runs %1× bf16 (Marin on TPU v5e-256)").arg(kInt8OverBf16TrainingSpeedup, 0, 'f', 2));
    if (input.mfuOverride) {
        const double typical = *input.mfuOverride;
        const double lowRatio = e.mfu.typical > 0 ? e.mfu.low / e.mfu.typical : 1.0;
        const double highRatio = e.mfu.typical > 0 ? e.mfu.high / e.mfu.typical : 1.0;
        e.mfu = {typical * lowRatio, typical, std::min(1.0, typical * highRatio)};
        e.mfuSource = Tr::tr("--mfu %1 (band shaped like %2)").arg(typical).arg(e.mfuSource);
    }

    const catalog::FrameworkFit *fit = catalog.findFramework(input.framework, accelerator.vendor);
    if (!fit) {
        warnings->append(Tr::tr("no framework-fit data for %1 on %2: factor 1").arg(input.framework, accelerator.vendor));
        e.frameworkSource = Tr::tr("not in frameworks.csv");
    } else if (fit->support == catalog::FrameworkFit::Support::Unsupported) {
        *cannotRun = Tr::tr("%1 does not run on %2 accelerators (%3)").arg(input.framework, accelerator.vendor,
                                                                           describe(fit->source));
    } else {
        e.frameworkFactor = fit->efficiencyFactor.value_or(1.0);
        e.frameworkSource = describe(fit->source);
    }

    // Scaling and goodput follow from the cluster (projectTraining: the layout's compute share
    // relative to the profile's scale, failures and preemptions); here only what was given.
    e.profileChips = used && used->measuredChips ? *used->measuredChips : kProfileChipsWhenUnstated;
    e.userMeasured = input.mfuOverride.has_value() || (profile && profile->userFileId != 0);
    e.scaling = pointBand(input.scalingOverride.value_or(1.0));
    e.scalingSource = input.scalingOverride ? Tr::tr("given") : Tr::tr("no layout holds the model");
    e.goodput = pointBand(input.goodputOverride.value_or(1.0));
    e.goodputSource = input.goodputOverride ? Tr::tr("given") : QString();
    return e;
}

EfficiencyFinding findEfficiency(const TrainingInput &input, const catalog::Accelerator &accelerator,
                                 const catalog::PlanningCatalog &catalog)
{
    EfficiencyFinding found;
    found.efficiency = trainingEfficiency(input, accelerator, catalog, &found.warnings, &found.cannotRun);
    return found;
}

TrainingProjection projectTraining(const TrainingInput &input, const catalog::Accelerator &accelerator, int chips,
                                   const catalog::PlanningCatalog &catalog, const ClusterShape *given,
                                   const catalog::SpotRate *spot, const EfficiencyFinding *known, bool describe)
{
    TrainingProjection p;
    p.accelerator = accelerator.id;
    p.chips = chips;
    p.totalFlops = trainingFlops(input);
    p.memoryCapacityGb = accelerator.memoryGb;

    const auto peak = accelerator.peakTflops(input.precision);
    if (!peak || *peak <= 0) {
        p.cannotRun = Tr::tr("%1 has no %2 tensor peak in the catalog").arg(accelerator.id, input.precisionName);
        return p;
    }
    p.peakFlopsPerChip = *peak * 1e12;
    const EfficiencyFinding found = known ? *known : findEfficiency(input, accelerator, catalog);
    p.efficiency = found.efficiency;
    p.warnings += found.warnings;
    p.cannotRun = found.cannotRun;
    TrainingEfficiency &e = p.efficiency;

    if (input.presetContext && input.seqLen && *input.seqLen < *input.presetContext)
        p.warnings.append(Tr::tr("sequence length %1 assumed, a pre-training length: the model's %2-token context is "
                                 "reached in a final extension phase, not projected here (seq_len or --seq-len to "
                                 "change)")
                              .arg(*input.seqLen)
                              .arg(*input.presetContext));
    const MemoryEstimate memory = trainingMemory(input, accelerator);
    if (memory.shapeEstimated)
        p.warnings.append(Tr::tr("layers and hidden size estimated from the parameter count"));
    p.minimumChipsForMemory = memory.minimumChips();

    // The cluster: the layout that fits and is fastest on this offer's nodes and fabric; scaling
    // is its compute share relative to the same accelerator's reference cluster at the profile's scale.
    const ClusterShape shape = given ? *given : referenceShape(accelerator);
    const ClusterLayout layout = bestLayout(input, accelerator, shape, chips, e.mfu.typical, describe);
    p.nodes = layout.nodes;
    p.acceleratorsPerNode = shape.acceleratorsPerNode;
    p.fabric = shape.fabric;
    p.fabricGbpsPerNode = shape.gbpsPerNode;
    p.maxClusterNodes = shape.maxNodes;
    p.clusterBasis = shape.basis;
    p.fitsInMemory = layout.fits;
    p.memoryPerChipGb = layout.fits ? layout.memoryPerChipGb : memory.bytesPerChip(chips) / 1e9;
    if (!layout.fits) {
        if (p.cannotRun.isEmpty())
            p.cannotRun = chips < p.minimumChipsForMemory
                              ? Tr::tr("needs at least %1 chips to hold the model (%2 GB per chip on %3 of %4 GB)")
                                    .arg(p.minimumChipsForMemory)
                                    .arg(p.memoryPerChipGb, 0, 'f', 1)
                                    .arg(chips)
                                    .arg(accelerator.memoryGb)
                          : p.nodes > 1 && shape.fabric == u"none"_s
                              ? Tr::tr("needs %1 nodes, but these hosts have no cluster network").arg(p.nodes)
                              : Tr::tr("no layout of %1 chips (%2 per node) holds the model in %3 GB per chip")
                                    .arg(chips)
                                    .arg(shape.acceleratorsPerNode)
                                    .arg(accelerator.memoryGb);
    } else {
        const Parallelism &par = layout.parallelism;
        p.tp = par.tp;
        p.pp = par.pp;
        p.dp = par.dp;
        p.ep = par.ep;
        p.stepShares = layout.step.shares();
        p.layoutSummary = layout.summary;
        if (!input.scalingOverride) {
            // The profile was measured at its own run's batch, not this one's: the reference
            // cluster takes the batch such runs use (chips × sequence, 4M–16M tokens).
            TrainingInput profiled = input;
            profiled.globalBatchTokens.reset();
            const ClusterLayout reference = bestLayout(profiled, accelerator, referenceShape(accelerator),
                                                       std::max(1, e.profileChips), e.mfu.typical, false);
            const double base = reference.fits ? reference.efficiency : 1.0;
            const double typical = std::min(1.0, layout.efficiency / base);
            // The communication model's own uncertainty: the lost share may be half again as large, or a third smaller.
            e.scaling = {std::max(0.02, 1.0 - 1.5 * (1.0 - typical)), typical, std::min(1.0, 1.0 - 0.65 * (1.0 - typical))};
            if (describe)
                e.scalingSource = Tr::tr("%1; relative to %2 chips on the reference cluster (the profile's)")
                                      .arg(layout.summary)
                                      .arg(e.profileChips);
        }
    }
    if (p.nodes > 1 && shape.maxNodes && p.nodes > *shape.maxNodes && p.cannotRun.isEmpty())
        p.cannotRun = Tr::tr("needs %1 nodes; the largest cluster one job can get here is %2").arg(p.nodes).arg(*shape.maxNodes);

    if (!input.goodputOverride) {
        const Interruptions lost = interruptions(input, shape, chips, spot, describe);
        // A steady state has no failures to lose time to; spot capacity is still reclaimed.
        const Range failures = input.steadyState ? pointBand(1.0) : lost.failureGoodput;
        e.goodput = {failures.low * lost.spotKept.low, failures.typical * lost.spotKept.typical,
                     failures.high * lost.spotKept.high};
        e.goodputSource = input.steadyState ? Tr::tr("steady state: no failures or restarts") + u"; "_s + lost.basis : lost.basis;
        p.interruption = lost.spotKept.typical;
    }

    const double seconds = p.totalFlops / (double(chips) * p.peakFlopsPerChip * e.frameworkFactor);
    auto hours = [&](double mfu, double scaling, double goodput) { return seconds / (mfu * scaling * goodput) / 3600.0; };
    p.wallHours = {hours(e.mfu.high, e.scaling.high, e.goodput.high), hours(e.mfu.typical, e.scaling.typical, e.goodput.typical),
                   hours(e.mfu.low, e.scaling.low, e.goodput.low)};
    p.steadyState = input.steadyState;
    if (const catalog::MeasurementFits *fits = catalog.measurementFits()) {
        // The published measurements' verdict on the profiles (measurements.h): the steady state
        // of this class of chip and model, a campaign's whole-run factor on top, and the band the
        // class's out-of-sample residuals hold 80 % of unseen runs in.
        const bool moe = input.isMoe();
        const catalog::MeasurementFit::Factor steady = e.userMeasured ? catalog::MeasurementFit::Factor{}
                                                                      : fits->steady.factor(trainingFitPath(moe, accelerator, input.precision, *fits));
        const catalog::MeasurementFit::Factor whole = input.steadyState ? catalog::MeasurementFit::Factor{}
                                                                         : fits->campaign.factor(campaignFitPath());
        p.fitted = true;
        p.fitFactor = std::exp(steady.logFactor + whole.logFactor);
        p.bandBasis = bandFor(*fits, trainingBandClass(moe, input.steadyState));
        const double typical = p.wallHours.typical * p.fitFactor;
        // Spot capacity's own spread (reclaims) comes on top of the model's.
        const double spotLow = spot ? e.goodput.typical / e.goodput.high : 1.0;
        const double spotHigh = spot ? e.goodput.typical / e.goodput.low : 1.0;
        p.wallHours = {typical * p.bandBasis.lowFactor * spotLow, typical, typical * p.bandBasis.highFactor * spotHigh};
        if (describe) {
            p.fitSource = e.userMeasured ? Tr::tr("steady state: your MFU as given (the published measurements' factor "
                                                  "is not applied to your own measurement)")
                                         : Tr::tr("published measurements: steady state ×%1 (%2, %3 rows)")
                                               .arg(std::exp(steady.logFactor), 0, 'f', 2)
                                               .arg(steady.level.isEmpty() ? Tr::tr("none") : steady.level)
                                               .arg(steady.measurements);
            if (!input.steadyState)
                p.fitSource += Tr::tr("; campaign (evaluation, restarts, stalls, warm-up) ×%1 (%2, %3 whole runs)")
                                   .arg(std::exp(whole.logFactor), 0, 'f', 2)
                                   .arg(whole.level.isEmpty() ? Tr::tr("none") : whole.level)
                                   .arg(whole.measurements);
        }
    } else {
        // Without the measurements, the band is at least the model's own error: 80 % of the
        // published runs lie within a factor kModelSpread of the profiles' typical projection.
        p.wallHours.low = std::min(p.wallHours.low, p.wallHours.typical / kModelSpread);
        p.wallHours.high = std::max(p.wallHours.high, p.wallHours.typical * kModelSpread);
    }
    p.chipHours = p.wallHours.scaled(chips);
    return p;
}

Terms TrainingProjection::efficiencyTerms() const
{
    const TrainingEfficiency &e = efficiency;
    Terms terms{{u"mfu"_s, Tr::tr("MFU"), e.mfu.typical, {}, {}, e.mfuSource, e.mfu.low, e.mfu.high},
                {u"framework"_s, Tr::tr("framework factor"), e.frameworkFactor, {}, {}, e.frameworkSource, {}, {}},
                {u"scaling"_s, Tr::tr("scaling"), e.scaling.typical, {}, {}, e.scalingSource, e.scaling.low, e.scaling.high},
                {u"goodput"_s, Tr::tr("goodput"), e.goodput.typical, {}, {}, e.goodputSource, e.goodput.low, e.goodput.high}};
    if (fitted)
        terms.append({u"measured"_s, steadyState ? Tr::tr("measured, steady state") : Tr::tr("measured, campaign"),
                      fitFactor, u"×"_s, {}, fitSource, {}, {}});
    return terms;
}

} // namespace accelplan::planning
