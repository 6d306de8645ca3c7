#include "core/planning/model/inference.h"
#include "core/planning/model/servingmodel.h"

#include "core/planning/model/measurements.h"

#include "core/catalog/servingengine.h"
#include "core/catalog/standin.h"
#include "core/common/tr.h"
#include "core/planning/model/precisioncredit.h"

#include <QSet>

#include <algorithm>
#include <cmath>
#include <cstdint>
#include <cstring>
#include <functional>
#include <unordered_map>

using namespace Qt::StringLiterals;

namespace accelplan::planning {

using namespace serving;

namespace {

QString describe(const catalog::Profile &p)
{
    return Tr::tr("profile %1 %2 %3 %4: %5 (%6)")
        .arg(p.accelerator, catalog::toString(p.workload), p.precisionName, p.framework, p.source.url,
             p.source.asOf.toString(Qt::ISODate));
}

} // namespace

QString toString(ServePhase phase)
{
    switch (phase) {
    case ServePhase::Both: return u"both"_s;
    case ServePhase::Prefill: return u"prefill"_s;
    case ServePhase::Decode: return u"decode"_s;
    }
    return u"both"_s;
}

std::optional<ServePhase> servePhaseFromString(const QString &text)
{
    const QString t = text.trimmed().toLower();
    if (t == u"both"_s || t.isEmpty())
        return ServePhase::Both;
    if (t == u"prefill"_s)
        return ServePhase::Prefill;
    if (t == u"decode"_s)
        return ServePhase::Decode;
    return std::nullopt;
}

double bytesPerWeight(catalog::Precision precision)
{
    switch (precision) {
    case catalog::Precision::Fp32: return 4;
    case catalog::Precision::Bf16: return 2;
    case catalog::Precision::Fp8:
    case catalog::Precision::Int8: return 1;
    case catalog::Precision::Fp4: return 0.5;
    }
    return 2;
}

double kvBytesPerToken(const InferenceInput &input, double context, bool *estimated)
{
    const Shape shape = modelShape(input);
    *estimated = shape.estimated;
    return context > 0 ? shape.kvBytes(context) / context : shape.kvPerLayerToken * shape.layers;
}

QString attentionInWords(const InferenceInput &input)
{
    const Shape s = modelShape(input);
    QString words;
    if (s.estimated)
        words = Tr::tr("estimated: GQA, 8 KV heads of 128");
    else if (s.mla)
        words = Tr::tr("MLA, latent %1 + rope %2").arg(input.kvLoraRank.value_or(0)).arg(input.qkRopeHeadDim.value_or(0));
    else if (s.kvHeads >= s.heads)
        words = Tr::tr("MHA, %1 heads of %2").arg(s.heads).arg(s.headDim);
    else
        words = Tr::tr("GQA, %1 KV heads of %2").arg(s.kvHeads).arg(s.headDim);
    if (s.slidingLayers > 0)
        words += Tr::tr("; window %1 on %2 of %3 layers").arg(s.window).arg(s.slidingLayers).arg(s.layers);
    return words + Tr::tr("; KV at %1 byte(s)").arg(kvBytesPerElement(input));
}

namespace {

/// A serving efficiency and where it comes from.
struct ServingEfficiency
{
    Range efficiency;
    QString source;
    std::optional<catalog::Precision> precision; // the measurement's; none for the generic band
};

/// The chip's own profile, else its stand-ins' (accelerators.csv: the same die or the vendor's
/// nearest generation; their median, in a band that holds each of theirs), else the generic band.
ServingEfficiency servingEfficiency(const catalog::Profile *own, catalog::Workload workload, const InferenceInput &input,
                                    const catalog::Accelerator &accelerator, const catalog::PlanningCatalog &catalog,
                                    Range generic)
{
    if (own)
        return {own->efficiency, describe(*own), own->precision};
    const QList<const catalog::Profile *> standIns =
        catalog.findStandIns(accelerator, workload, input.precision, u"any"_s);
    const QString phase = workload == catalog::Workload::InferencePrefill ? u"prefill"_s : u"decode"_s;
    if (standIns.isEmpty())
        return {generic, Tr::tr("no %1 profile for %2: generic band").arg(phase, accelerator.id), std::nullopt};
    QStringList names;
    for (const catalog::Profile *standIn : standIns)
        names.append(standIn->accelerator + u' ' + standIn->precisionName);
    ServingEfficiency e{catalog::standInEfficiency(standIns), {}, standIns.first()->precision};
    e.source = Tr::tr("no measured %1 profile for %2: those of %3 stand in (median, band over all)")
                   .arg(phase, accelerator.id, names.join(u", "_s));
    return e;
}

/// projectInference(); with \a calibrationOnly, only the calibration (what a stand-in carries over).
InferenceProjection project(const InferenceInput &input, const catalog::Accelerator &accelerator,
                            const catalog::PlanningCatalog &catalog, bool calibrationOnly);

/// The chip as the roofline sees it, at the input's precision; none (and p.cannotRun set) when the
/// catalog lacks its tensor peak or memory bandwidth.
std::optional<Hardware> hardwareFor(const InferenceInput &input, const catalog::Accelerator &accelerator,
                                    InferenceProjection &p)
{
    const bool expertsOnly = fp4ExpertsOnly(input);
    const auto peak = accelerator.peakTflops(expertsOnly ? catalog::Precision::Bf16 : input.precision);
    if (!peak || *peak <= 0) {
        QStringList has;
        for (const auto precision : {catalog::Precision::Fp4, catalog::Precision::Fp8, catalog::Precision::Int8,
                                     catalog::Precision::Bf16})
            if (const auto other = accelerator.peakTflops(precision); other && *other > 0)
                has.append(catalog::toString(precision));
        p.cannotRun = Tr::tr("%1 has no %2 tensor peak in the catalog; it has %3")
                          .arg(accelerator.id, input.precisionName, has.isEmpty() ? Tr::tr("none") : has.join(u", "_s));
        return std::nullopt;
    }
    if (!accelerator.memoryBandwidthGBps) {
        p.cannotRun = Tr::tr("%1 has no sourced memory bandwidth in the catalog").arg(accelerator.id);
        return std::nullopt;
    }
    if (input.kvPrecision && *input.kvPrecision == catalog::Precision::Fp8 && !accelerator.peakFp8Tflops)
        p.warnings.append(Tr::tr("%1 has no fp8 tensor cores: the fp8 KV cache is stored in fp8 and converted for "
                                 "attention, as vLLM does on such GPUs")
                              .arg(accelerator.id));
    Hardware hw;
    hw.peakFlops = *peak * 1e12;
    if (expertsOnly) {
        const auto fp4 = accelerator.peakTflops(catalog::Precision::Fp4);
        const auto fp8 = accelerator.peakTflops(catalog::Precision::Fp8);
        hw.expertPeakFlops = (fp4 && *fp4 > 0 && fp8 && *fp8 > 0 ? *fp8 : *peak) * 1e12;
    }
    hw.bandwidth = *accelerator.memoryBandwidthGBps * 1e9;
    hw.linkBandwidth = accelerator.interconnectGBps.value_or(0) * 1e9;
    // Tensor parallelism runs inside a node even over PCIe; the fast domain bounds expert parallelism.
    hw.fastDomain = std::max(kDefaultFastDomain, accelerator.maxDomainChips.value_or(kDefaultFastDomain));

    return hw;
}

/// The prefill and decode efficiencies (the chip's profiles, its stand-ins' or the generic bands)
/// and their sources; fp4 compute credited with what fp4 is measured to gain. The chip's own decode
/// profile, or null.
const catalog::Profile *fitEfficiencies(const InferenceInput &input, const catalog::Accelerator &accelerator,
                                        const catalog::PlanningCatalog &catalog, Hardware &hw, InferenceProjection &p)
{
    const bool expertsOnly = fp4ExpertsOnly(input);
    const catalog::Profile *prefill =
        catalog.findProfile(accelerator.id, catalog::Workload::InferencePrefill, input.precision, u"any"_s);
    const catalog::Profile *decode =
        catalog.findProfile(accelerator.id, catalog::Workload::InferenceDecode, input.precision, u"any"_s);
    const ServingEfficiency prefillFit = servingEfficiency(prefill, catalog::Workload::InferencePrefill, input, accelerator,
                                                           catalog, kGenericPrefill);
    const ServingEfficiency decodeFit = servingEfficiency(decode, catalog::Workload::InferenceDecode, input, accelerator,
                                                          catalog, kGenericDecode);
    p.prefillEfficiency = prefillFit.efficiency;
    p.prefillSource = prefillFit.source;
    p.decodeEfficiency = decodeFit.efficiency;
    p.decodeSource = decodeFit.source;
    // Compute at fp4 with an efficiency measured at fp8 or bf16: what fp4 is measured to gain, not its peak.
    if (expertsOnly)
        p.prefillSource += Tr::tr("; only the experts' weights are 4-bit: the experts compute at %1 TFLOP/s, the rest "
                                  "at bf16's %2 (TensorRT-LLM's gpt-oss support matrix)")
                               .arg(hw.expertPeakFlops / 1e12, 0, 'f', 0)
                               .arg(hw.peakFlops / 1e12, 0, 'f', 0);
    else if (input.precision == catalog::Precision::Fp4 && prefillFit.precision != catalog::Precision::Fp4) {
        const double credit = fp4PeakCredit(accelerator);
        if (credit < 1.0) {
            hw.peakFlops *= credit;
            p.prefillSource += Tr::tr("; at fp4 ×%1 of the fp4 peak: NVFP4 runs 1.37× FP8 (Megatron-Bridge), "
                                      "not the peak's %2×")
                                   .arg(credit, 0, 'f', 2)
                                   .arg(kFp4OverFp8Speedup / credit, 0, 'f', 1);
        }
    }
    if (!prefill)
        p.warnings.append(p.prefillSource);
    if (!decode)
        p.warnings.append(p.decodeSource);
    return decode;
}

/// A measurement at a known point calibrates the roofline: the ratio of measured to modelled
/// throughput there carries over to the requested model size and lengths, as a step time
/// 1 / calibration of the modelled one (so TPOT and the decode part of TTFT follow it). Only at the
/// measurement's own precision (the caller checks): a bf16 run says nothing of how fp8 kernels fall short.
void calibrateByMeasurement(const InferenceInput &input, const catalog::Accelerator &accelerator,
                            const catalog::PlanningCatalog &catalog, const catalog::Profile &measurement,
                            const Hardware &hw, Range layerOverhead, double usablePerChip, InferenceProjection &p)
{
    const catalog::Profile *decode = &measurement;
    const bool expertsOnly = fp4ExpertsOnly(input);
    InferenceInput measured = input;
    measured.modelParams = *decode->measuredModelParams;
    measured.activeParams.reset();
    measured.inputTokens = *decode->measuredInputTokens;
    measured.outputTokens = *decode->measuredOutputTokens;
    measured.phase = ServePhase::Both;
    measured.speculativeTokens = 0;
    measured.concurrency.reset();
    measured.kvPrecision.reset();
    // The measured model's architecture when a preset has its size, else estimated.
    const auto preset = std::find_if(catalog.models().cbegin(), catalog.models().cend(),
                                     [&](const catalog::ModelPreset &m) {
                                         return std::abs(m.totalParams / measured.modelParams - 1.0) < 0.005;
                                     });
    measured.layers.reset();
    measured.hidden.reset();
    measured.heads.reset();
    measured.kvHeads.reset();
    measured.headDim.reset();
    measured.kvLoraRank.reset();
    measured.qkRopeHeadDim.reset();
    measured.slidingWindow.reset();
    measured.slidingLayers.reset();
    measured.experts.reset();
    measured.activeExperts.reset();
    measured.fp4ExpertsOnly = false;
    if (preset != catalog.models().cend())
        applyPreset(*preset, measured);
    measured.modelParams = *decode->measuredModelParams;
    measured.activeParams.reset();
    const Shape measuredShape = modelShape(measured);
    const int chips = decode->measuredChips.value_or(1);
    const Deployment md{chips, chips, 1, false};
    Hardware measuredHw = hw;
    // The measured model is dense and at the input's precision throughout.
    if (expertsOnly) {
        measuredHw.expertPeakFlops = 0;
        if (const auto full = accelerator.peakTflops(input.precision); full && *full > 0)
            measuredHw.peakFlops = *full * 1e12 * fp4PeakCredit(accelerator);
    }
    measuredHw.stepOverhead = kStepOverheadSeconds.typical + layerOverhead.typical * measuredShape.layers;
    const Model measuredModel(measured, measuredShape, measuredHw, md);
    const int batch = decode->measuredBatch ? int(*decode->measuredBatch)
                                            : std::max(1, measuredModel.memoryBatch(usablePerChip));
    const double modelledPerChip = measuredModel.evaluate(std::max(1, batch)).outputTokensPerSecond / chips;
    if (modelledPerChip > 0) {
        p.calibrated = true;
        p.calibration = std::clamp(*decode->measuredTokensPerSecondPerChip / modelledPerChip, 0.25, 4.0);
        p.calibrationSource =
            Tr::tr("measured %1 tokens/s/chip at %2 params, %3/%4 tokens, %5: %6; the model before "
                   "calibration gave %7 there (%8%)")
                .arg(*decode->measuredTokensPerSecondPerChip)
                .arg(*decode->measuredModelParams, 0, 'g', 3)
                .arg(*decode->measuredInputTokens)
                .arg(*decode->measuredOutputTokens)
                .arg(decode->precisionName, decode->source.url)
                .arg(modelledPerChip, 0, 'f', 0)
                .arg((modelledPerChip / *decode->measuredTokensPerSecondPerChip - 1) * 100, 0, 'f', 0);
    }
}

/// A chip that borrows its stand-ins' profiles borrows their calibration too: the same measurement
/// that moved the stand-in moves the borrowed efficiency (the median where several are calibrated),
/// so a calibrated chip never falls below the chips standing in on it.
void calibrateByStandIns(const InferenceInput &input, const catalog::Accelerator &accelerator,
                         const catalog::PlanningCatalog &catalog, InferenceProjection &p)
{
    QList<double> factors;
    QStringList sources;
    QString refusal;
    for (const catalog::Accelerator &standIn : accelerator.standInSpecs) {
        const InferenceProjection s = project(input, standIn, catalog, true);
        if (s.calibrated) {
            factors.append(s.calibration);
            sources.append(Tr::tr("%1's: %2").arg(standIn.id, s.calibrationSource));
        } else if (refusal.isEmpty() && !s.calibrationSource.isEmpty()) {
            refusal = Tr::tr("as the stand-in %1's: %2").arg(standIn.id, s.calibrationSource);
        }
    }
    if (!factors.isEmpty()) {
        std::sort(factors.begin(), factors.end());
        const qsizetype n = factors.size();
        p.calibrated = true;
        p.calibration = n % 2 ? factors[n / 2] : (factors[n / 2 - 1] + factors[n / 2]) / 2;
        p.calibrationSource = Tr::tr("carried from the stand-in (no measured decode profile for %1): %2")
                                  .arg(accelerator.id, sources.join(u"; "_s));
    } else {
        p.calibrationSource = refusal;
    }
}

/// The engine's default sequences and the published measurements' factor for this class of chip
/// and model; the engine the deployment search schedules with.
const catalog::ServingEngine &applyEngineAndFit(const InferenceInput &input, const catalog::Accelerator &accelerator,
                                                const catalog::PlanningCatalog &catalog, const catalog::Profile *decode,
                                                Hardware &hw, InferenceProjection &p)
{
    const catalog::ServingEngine *found = catalog::findServingEngine(input.engine);
    const catalog::ServingEngine &engine = found ? *found : catalog::servingEngines().constFirst();
    const std::optional<int> engineDefault = catalog::engineMaxSequences(engine, accelerator, 1);
    p.engineSource = engineDefault ? Tr::tr("%1 schedules at most %2 sequences %3 when the load sets no "
                                            "concurrency: %4")
                                         .arg(engine.name)
                                         .arg(*engineDefault)
                                         .arg(engine.maxSequencesPerChip ? Tr::tr("a chip") : Tr::tr("an instance"))
                                         .arg(engine.source)
                                   : Tr::tr("%1: %2").arg(engine.name, engine.source);
    const catalog::MeasurementFits *fits = catalog.measurementFits();
    if (fits) {
        // The published measurements' verdict on the model for this class of chip and model
        // (measurements.h): every step, prefill and decode, takes 1 / factor of the modelled time.
        // A chip calibrated by the user's own measurement keeps it: the class's factor is not put on top.
        const bool userCalibrated = p.calibrated && decode && decode->userFileId != 0;
        const catalog::MeasurementFit::Factor f =
            userCalibrated ? catalog::MeasurementFit::Factor{}
                           : fits->serving.factor(servingFitPath(input.isMoe(), accelerator, input.precision, *fits));
        p.fitted = true;
        p.fitFactor = std::exp(f.logFactor);
        p.fitSource = userCalibrated ? Tr::tr("calibrated by your measurement: the published measurements' factor is not "
                                              "applied on top of it")
                                     : Tr::tr("published measurements ×%1 (%2, %3 rows)")
                                           .arg(p.fitFactor, 0, 'f', 2)
                                           .arg(f.level.isEmpty() ? Tr::tr("none") : f.level)
                                           .arg(f.measurements);
        hw.fitScale = 1.0 / p.fitFactor;
        p.bandBasis = bandFor(*fits, servingBandClass(input.isMoe(), !input.offline && (input.ttftMs || input.tpotMs)));
    }
    return engine;
}

/// The deployment a replica takes and its concurrency.
struct Choice
{
    Deployment d;
    int batch = 0;
    int memoryBatch = 0;
    double perChip = 0;
};

/// Why no deployment was chosen, when none was: what the search met on the way.
struct SearchOutcome
{
    std::optional<Choice> best;
    int largestMemoryBatch = 0;
    QString concurrencyProblem;
};

/// The deployment serving the most per chip under the targets, at the concurrency the input gives,
/// else the largest that meets the targets (at most what the engine schedules).
SearchOutcome chooseDeployment(const InferenceInput &input, const catalog::Accelerator &accelerator, const Shape &shape,
                               const Hardware &hw, const catalog::ServingEngine &engine,
                               const QList<Deployment> &candidates, double usablePerChip, double utilisation,
                               double context)
{
    SearchOutcome out;
    std::optional<Choice> &best = out.best;
    int &largestMemoryBatch = out.largestMemoryBatch;
    QString &concurrencyProblem = out.concurrencyProblem;
    QSet<int> servedByTensorParallel;
    for (const Deployment &d : candidates) {
        // Inside a node, expert parallelism with data-parallel attention is the fallback where a
        // tensor-parallel group of the same chips cannot hold the concurrency: on published runs
        // its gains fall short of what the roofline gives it (expert load imbalance, routing).
        if (d.expertParallel > 1 && !d.crossesNodes && servedByTensorParallel.contains(d.chips))
            continue;
        const Model model(input, shape, hw, d);
        const int memoryBatch = model.memoryBatch(usablePerChip);
        largestMemoryBatch = std::max(largestMemoryBatch, memoryBatch);
        if (memoryBatch < 1)
            continue;
        // Whether a concurrency meets the targets at p90; *tpotMissed says the step alone is too slow.
        auto meets = [&](int batch, bool *tpotMissed = nullptr) {
            if (input.offline)
                return true;
            const Latency l = latencyAt(model, batch, utilisation, 0.9, false);
            const bool tpotMet = !input.tpotMs || l.tpot * 1000 <= *input.tpotMs;
            if (tpotMissed)
                *tpotMissed = !tpotMet;
            return (!input.ttftMs || l.ttft * 1000 <= *input.ttftMs) && tpotMet;
        };
        // Without a stated concurrency, no more than the engine schedules by default (vLLM's
        // max_num_seqs, catalog::servingEngines), however much memory is left; each data-parallel
        // attention rank of an expert-parallel replica is an engine of its own.
        const int engines = d.expertParallel > 1 ? d.chips : 1;
        const std::optional<int> engineLimit = catalog::engineMaxSequences(engine, accelerator, d.chips / engines);
        const int schedulable = engineLimit ? int(std::min<qint64>(memoryBatch, qint64(*engineLimit) * engines)) : memoryBatch;
        int batch = schedulable;
        if (input.concurrency) {
            if (*input.concurrency > memoryBatch) {
                concurrencyProblem = Tr::tr("%1 sequences of %2 tokens need %3 GB of KV cache; %4 chips hold room for %5")
                                         .arg(*input.concurrency)
                                         .arg(context, 0, 'f', 0)
                                         .arg(*input.concurrency * model.kvPerSequenceReplica(context) / 1e9, 0, 'f', 0)
                                         .arg(d.chips)
                                         .arg(memoryBatch);
                continue;
            }
            batch = *input.concurrency;
            if (!meets(batch))
                continue;
        } else if (!input.offline) {
            // Few slots queue requests, many slow each step: scan the concurrency geometrically for
            // the largest that meets the targets, then refine up to the next point scanned.
            auto next = [](int b) { return std::max(b + 1, int(b * 1.25)); };
            int lo = 0;
            for (int b = 1; b <= schedulable; b = next(b)) {
                bool tpotMissed = false;
                if (meets(b, &tpotMissed))
                    lo = b;
                // A step only slows as sequences are added (more weights, KV and compute per step):
                // past the TPOT target no larger concurrency meets it.
                else if (tpotMissed)
                    break;
            }
            if (lo == 0)
                continue;
            int hi = std::min(schedulable, next(lo) - 1);
            while (lo < hi) {
                const int mid = lo + (hi - lo + 1) / 2;
                if (meets(mid))
                    lo = mid;
                else
                    hi = mid - 1;
            }
            batch = lo;
        }
        if (d.expertParallel == 1)
            servedByTensorParallel.insert(d.chips);
        const double perChip = model.evaluate(batch).outputTokensPerSecond / d.chips;
        // The deployment serving the most per chip wins; a smaller one on a tie within 2 %.
        if (!best || perChip > best->perChip * 1.02)
            best = Choice{d, batch, memoryBatch, perChip};
    }
    return out;
}

/// The chosen deployment's figures, latencies and throughput band.
void describeDeployment(const InferenceInput &input, const Shape &shape, const Hardware &hw, const Choice &best,
                        double utilisation, double weightBytes, const std::function<double(int)> &stepOverhead,
                        bool fitted, InferenceProjection &p)
{
    const Deployment &d = best.d;
    const Model model(input, shape, hw, d);
    const Evaluation e = model.evaluate(best.batch);
    p.chipsPerReplica = d.chips;
    p.tensorParallel = d.tensorParallel;
    p.pipelineParallel = d.pipeline;
    p.expertParallel = d.expertParallel;
    p.crossesNodes = d.crossesNodes;
    p.batch = best.batch;
    p.maxBatchByMemory = best.memoryBatch;
    p.weightsGb = weightBytes / 1e9;
    p.utilisation = utilisation;
    const Latency p50 = latencyAt(model, best.batch, utilisation, 0.5, input.offline);
    const Latency p90 = latencyAt(model, best.batch, utilisation, 0.9, input.offline);
    const bool decodeOnly = input.phase == ServePhase::Decode;
    const bool prefillOnly = input.phase == ServePhase::Prefill;
    p.ttftMs = decodeOnly ? 0 : p50.ttft * 1000;
    p.ttftP90Ms = decodeOnly ? 0 : p90.ttft * 1000;
    p.tpotMs = prefillOnly ? 0 : p50.tpot * 1000;
    p.tpotP90Ms = prefillOnly ? 0 : p90.tpot * 1000;
    p.tokensPerSecondPerReplica = prefillOnly ? e.inputTokensPerSecond : e.outputTokensPerSecond;
    p.inputTokensPerSecondPerReplica = e.inputTokensPerSecond;
    p.prefillTimeShare = e.prefillShare;
    p.decodeStep = {e.memoryShare, e.computeShare, e.commShare, e.overheadShare};
    if (d.pipeline > 1)
        p.warnings.append(Tr::tr("a replica of %1 chips spans nodes: %2 pipeline stages of tensor parallel %3, "
                                 "activations between them over a 400 Gb/s per-chip fabric (assumed)")
                              .arg(d.chips)
                              .arg(d.pipeline)
                              .arg(d.tensorParallel));
    else if (d.crossesNodes)
        p.warnings.append(Tr::tr("a replica of %1 chips spans nodes: expert all-to-all over a 400 Gb/s per-chip fabric "
                                 "(assumed)")
                              .arg(d.chips));

    // The band: the same deployment and concurrency at the profiles' low and high efficiencies.
    auto throughputAt = [&](double prefillEff, double decodeEff, double overhead) {
        Hardware edge = hw;
        edge.prefillEff = prefillEff;
        edge.decodeEff = decodeEff;
        edge.stepOverhead = overhead;
        const Evaluation x = Model(input, shape, edge, d).evaluate(best.batch);
        return prefillOnly ? x.inputTokensPerSecond : x.outputTokensPerSecond;
    };
    const double lowRatio = throughputAt(p.prefillEfficiency.low, p.decodeEfficiency.low, stepOverhead(-1))
                            / p.tokensPerSecondPerReplica;
    const double highRatio = throughputAt(p.prefillEfficiency.high, p.decodeEfficiency.high, stepOverhead(1))
                             / p.tokensPerSecondPerReplica;

    p.tokensPerSecondPerChip = p.tokensPerSecondPerReplica / p.chipsPerReplica;
    // The band is at least ×/÷ kEngineSpread: the same model on the same chips differs that much
    // between engines and their versions (TensorRT-LLM 0.6 against 1.0 on H100 Llama 2 70B: 2×),
    // and 80 % of the published points of data/measurements/serving.csv (58 scored then) lie
    // within ×/÷1.53 of the projection.
    p.tokensPerSecondPerChipBand = fitted ? Range{p.tokensPerSecondPerChip * p.bandBasis.lowFactor, p.tokensPerSecondPerChip,
                                                p.tokensPerSecondPerChip * p.bandBasis.highFactor}
                                        : Range{p.tokensPerSecondPerChip * std::min(1.0 / kEngineSpread, lowRatio),
                                                p.tokensPerSecondPerChip,
                                                p.tokensPerSecondPerChip * std::max(kEngineSpread, highRatio)};
}

InferenceProjection project(const InferenceInput &input, const catalog::Accelerator &accelerator,
                            const catalog::PlanningCatalog &catalog, bool calibrationOnly)
{
    InferenceProjection p;
    p.accelerator = accelerator.id;
    p.phase = input.phase;
    std::optional<Hardware> chip = hardwareFor(input, accelerator, p);
    if (!chip)
        return p;
    Hardware &hw = *chip;
    const catalog::Profile *decode = fitEfficiencies(input, accelerator, catalog, hw, p);

    const Shape shape = modelShape(input);
    const double context = input.inputTokens + input.outputTokens;
    p.kvBytesPerToken = context > 0 ? shape.kvBytes(context) / context : shape.kvPerLayerToken * shape.layers;
    p.kvBytesPerRequest = shape.kvBytes(std::ceil(context / kPagedBlockTokens) * kPagedBlockTokens);
    p.attention = attentionInWords(input);
    p.kvPrecisionName = kvBytesPerElement(input) < 2 ? u"fp8"_s : u"bf16"_s;
    if (shape.estimated)
        p.warnings.append(Tr::tr("KV cache size estimated from the parameter count (8 KV heads of 128 assumed)"));
    const double weightBytes = shape.weightBytes;
    const double usablePerChip = accelerator.memoryGb * 1e9 * kUsableMemoryFraction - kInferenceOverheadBytes;
    hw.prefillEff = p.prefillEfficiency.typical;
    hw.decodeEff = p.decodeEfficiency.typical;
    // The per-layer floor: the decode profile's own where its chip's batch-1 latency gives one
    // (its band edges as wide, relatively, as the generic one's), else the generic floor.
    const Range layerOverhead = decode && decode->decodeLayerOverheadUs
                                    ? Range{*decode->decodeLayerOverheadUs * 1e-6 * 2.0, *decode->decodeLayerOverheadUs * 1e-6,
                                            *decode->decodeLayerOverheadUs * 1e-6 * 0.5}
                                    : kLayerOverheadSeconds;
    auto stepOverhead = [&](int edge) {
        const double base = edge < 0 ? kStepOverheadSeconds.low : edge > 0 ? kStepOverheadSeconds.high
                                                                         : kStepOverheadSeconds.typical;
        const double layer = edge < 0 ? layerOverhead.low : edge > 0 ? layerOverhead.high : layerOverhead.typical;
        return base + layer * shape.layers;
    };
    hw.stepOverhead = stepOverhead(0);
    if (input.phase != ServePhase::Prefill && decode && decode->measuredTokensPerSecondPerChip
        && decode->measuredModelParams && decode->measuredInputTokens && decode->measuredOutputTokens) {
        if (decode->precision != input.precision)
            p.calibrationSource = Tr::tr("not calibrated: the measurement %1 is at %2 and the request at %3; a "
                                         "measurement calibrates only its own precision")
                                      .arg(decode->source.url, decode->precisionName, input.precisionName);
        else
            calibrateByMeasurement(input, accelerator, catalog, *decode, hw, layerOverhead, usablePerChip, p);
    } else if (input.phase != ServePhase::Prefill && !decode) {
        calibrateByStandIns(input, accelerator, catalog, p);
    }
    if (calibrationOnly)
        return p;
    if (p.calibrated)
        hw.stepScale = 1.0 / p.calibration;
    const catalog::ServingEngine &engine = applyEngineAndFit(input, accelerator, catalog, decode, hw, p);

    const double utilisation = input.offline ? 1.0 : input.targetUtilisation;
    QList<Deployment> candidates = deployments(input, shape, hw.fastDomain, usablePerChip);
    if (input.maxChipsPerReplica && !input.chipsPerReplica)
        candidates.removeIf([&](const Deployment &d) { return d.chips > *input.maxChipsPerReplica; });
    if (candidates.isEmpty()) {
        p.cannotRun = Tr::tr("a replica cannot be laid out on at most %1 chips").arg(input.maxChipsPerReplica.value_or(0));
        return p;
    }
    const SearchOutcome search =
        chooseDeployment(input, accelerator, shape, hw, engine, candidates, usablePerChip, utilisation, context);
    const int largestMemoryBatch = search.largestMemoryBatch;
    const QString &concurrencyProblem = search.concurrencyProblem;
    if (!search.best) {
        if (largestMemoryBatch < 1)
            p.cannotRun = Tr::tr("%1 GB of weights and one request's KV cache do not fit on %2 × %3 GB")
                              .arg(weightBytes / 1e9, 0, 'f', 0)
                              .arg(candidates.last().chips)
                              .arg(accelerator.memoryGb);
        else if (!concurrencyProblem.isEmpty())
            p.cannotRun = concurrencyProblem;
        else
            p.cannotRun = Tr::tr("the latency targets cannot be met at p90 on up to %1 chips per replica at %2 % utilisation")
                              .arg(candidates.last().chips)
                              .arg(utilisation * 100, 0, 'f', 0);
        // Say when it is the measurement that slowed the steps past the targets.
        if (largestMemoryBatch >= 1 && concurrencyProblem.isEmpty() && p.calibrated && p.calibration < 1)
            p.cannotRun += Tr::tr(" once calibrated: the measurement makes each decode step %1× the modelled one (%2)")
                               .arg(1.0 / p.calibration, 0, 'f', 2)
                               .arg(p.calibrationSource);
        return p;
    }
    describeDeployment(input, shape, hw, *search.best, utilisation, weightBytes, stepOverhead,
                       catalog.measurementFits() != nullptr, p);
    return p;
}

} // namespace

InferenceProjection projectInference(const InferenceInput &input, const catalog::Accelerator &accelerator,
                                     const catalog::PlanningCatalog &catalog)
{
    return project(input, accelerator, catalog, false);
}

Terms InferenceProjection::DecodeStepShares::terms() const
{
    return {{u"memory"_s, Tr::tr("memory"), memory, {}, {}, {}, {}, {}},
            {u"compute"_s, Tr::tr("compute"), compute, {}, {}, {}, {}, {}},
            {u"communication"_s, Tr::tr("communication"), communication, {}, {}, {}, {}, {}},
            {u"overhead"_s, Tr::tr("overhead"), overhead, {}, {}, {}, {}, {}}};
}

Terms InferenceProjection::efficiencyTerms() const
{
    Terms terms{{u"prefill_efficiency"_s, Tr::tr("prefill efficiency"), prefillEfficiency.typical, {}, {}, prefillSource,
                 prefillEfficiency.low, prefillEfficiency.high},
                {u"decode_efficiency"_s, Tr::tr("decode efficiency"), decodeEfficiency.typical, {}, {}, decodeSource,
                 decodeEfficiency.low, decodeEfficiency.high}};
    if (!calibrationSource.isEmpty())
        terms.append({u"calibration"_s, Tr::tr("calibration"), calibration, {}, {}, calibrationSource, {}, {}});
    if (fitted)
        terms.append({u"measured"_s, Tr::tr("measured"), fitFactor, u"×"_s, {}, fitSource, {}, {}});
    return terms;
}

} // namespace accelplan::planning
