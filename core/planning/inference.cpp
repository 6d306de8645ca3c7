#include "core/planning/inference.h"

#include "core/common/tr.h"
#include "core/planning/training.h"

#include <algorithm>
#include <cmath>

using namespace Qt::StringLiterals;

namespace accelplan::planning {


namespace {

// Used only when no measured profile exists for the accelerator; reported as such.
constexpr Range kGenericPrefill{0.3, 0.45, 0.6};
constexpr Range kGenericDecode{0.5, 0.65, 0.8};
constexpr int kMaxBatch = 1024;
constexpr double kInferenceOverheadBytes = 2.0e9; // runtime, activations and workspace per chip
// Decode GEMMs (one token per sequence) reach a smaller share of the peak than prefill's:
// inference-sim/BLIS calibrates mfuDecode 0.30 against mfuPrefill 0.45 on H100
// (inference-sim/inference-sim#1710, #1711), so decode compute runs at 2/3 of prefill's efficiency.
constexpr double kDecodeComputeShareOfPrefill = 0.30 / 0.45;
// How much of the shorter of a decode step's memory and compute time is not hidden behind the
// longer: open tools assume either perfect overlap (llm-analysis) or none (Calculon's
// no_overlap); the planner takes the midpoint.
constexpr double kUnhiddenShare = 0.5;
// Tensor-parallel all-reduce reaches ~80% of the per-direction link bandwidth (stas00,
// network/README: all-gather/reduce-scatter/all-reduce measured at 80-82% on 8×H200).
constexpr double kCollectiveEfficiency = 0.8;
constexpr double kActivationBytes = 2; // bf16 activations between tensor-parallel shards

QString describe(const catalog::Profile &p)
{
    return Tr::tr("profile %1 %2 %3 %4: %5 (%6)")
        .arg(p.accelerator, catalog::toString(p.workload), p.precisionName, p.framework, p.source.url,
             p.source.asOf.toString(Qt::ISODate));
}

struct Shape
{
    double layers = 0;
    double hidden = 0;
    double kvBytesPerToken = 0;
    bool estimated = false;
};

Shape modelShape(const InferenceInput &input)
{
    const double kvBytes = input.precision == catalog::Precision::Fp8 || input.precision == catalog::Precision::Fp4 ? 1 : 2;
    Shape s;
    if (input.layers && input.hidden && input.heads && input.kvHeads) {
        s.layers = *input.layers;
        s.hidden = *input.hidden;
        s.kvBytesPerToken = 2.0 * s.layers * *input.kvHeads * (s.hidden / *input.heads) * kvBytes;
        return s;
    }
    // Llama-like shape from the size, with grouped-query attention of 8 KV heads of 128.
    s.estimated = true;
    s.hidden = std::cbrt(input.modelParams * 128.0 / 12.0);
    s.layers = std::max(1.0, std::round(s.hidden / 128.0));
    s.kvBytesPerToken = 2.0 * s.layers * 8 * 128 * kvBytes;
    return s;
}

struct Hardware
{
    int chips = 1;
    double peakFlops = 0;   // per chip, at the precision
    double bandwidth = 0;   // HBM, per chip
    double linkBandwidth = 0; // per chip, per direction; 0 when unknown
    double prefillEff = 0;
    double decodeEff = 0;
};

struct Roofline
{
    double ttftSeconds = 0;
    double stepSeconds = 0;
    double tokensPerSecond = 0; // generated, per replica
    double inputTokensPerSecond = 0;
    double prefillShare = 0;
};

// Seconds for the two tensor-parallel all-reduces per layer of `tokens` activations (ring:
// 2·(n−1)/n of the data per chip).
double allReduceSeconds(const Shape &shape, double tokens, const Hardware &hw)
{
    if (hw.chips <= 1 || hw.linkBandwidth <= 0)
        return 0;
    const double bytes = 2.0 * shape.layers * 2.0 * (hw.chips - 1) / hw.chips * tokens * shape.hidden * kActivationBytes;
    return bytes / (hw.linkBandwidth * kCollectiveEfficiency);
}

Roofline roofline(const InferenceInput &in, double params, double active, double inputTokens, double outputTokens,
                  int batch, const Hardware &hw, const Shape &shape)
{
    Roofline r;
    const double weightBytes = params * bytesPerWeight(in.precision);
    const double activeBytes = active * bytesPerWeight(in.precision);
    const double compute = hw.chips * hw.peakFlops * hw.prefillEff;
    r.ttftSeconds = 2.0 * active * inputTokens / compute + allReduceSeconds(shape, inputTokens, hw);
    // A decode step reads the weights the batch touches (all of them once the batch is large
    // for a mixture of experts) and every sequence's KV cache, at about half its final length;
    // each token costs 2·active FLOPs plus attention over that context (4·L·ctx·d).
    const double context = inputTokens + outputTokens / 2.0;
    const double weightsRead = std::min(weightBytes, activeBytes * std::max(1, batch));
    const double kvRead = batch * shape.kvBytesPerToken * context;
    const double memorySeconds = (weightsRead + kvRead) / (hw.chips * hw.bandwidth * hw.decodeEff);
    const double flopsPerToken = 2.0 * active + 4.0 * shape.layers * context * shape.hidden;
    const double computeSeconds = batch * flopsPerToken / (compute * kDecodeComputeShareOfPrefill);
    r.stepSeconds = std::max(memorySeconds, computeSeconds) + kUnhiddenShare * std::min(memorySeconds, computeSeconds)
                    + allReduceSeconds(shape, batch, hw);
    // With continuous batching a replica serves `batch` requests in one prefill each plus
    // `outputTokens` shared decode steps.
    const double cycle = batch * r.ttftSeconds + outputTokens * r.stepSeconds;
    r.tokensPerSecond = batch * outputTokens / cycle;
    r.inputTokensPerSecond = batch * inputTokens / cycle;
    r.prefillShare = batch * r.ttftSeconds / cycle;
    return r;
}

} // namespace

void applyPreset(const catalog::ModelPreset &preset, InferenceInput &input)
{
    input.modelParams = preset.totalParams;
    if (preset.activeParams < preset.totalParams)
        input.activeParams = preset.activeParams;
    input.layers = preset.layers;
    input.hidden = preset.hidden;
    input.heads = preset.heads;
    input.kvHeads = preset.kvHeads;
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

double kvBytesPerToken(const InferenceInput &input, bool *estimated)
{
    const Shape shape = modelShape(input);
    *estimated = shape.estimated;
    return shape.kvBytesPerToken;
}

InferenceProjection projectInference(const InferenceInput &input, const catalog::Accelerator &accelerator,
                                     const catalog::PlanningCatalog &catalog)
{
    InferenceProjection p;
    p.accelerator = accelerator.id;
    const auto peak = accelerator.peakTflops(input.precision);
    if (!peak || *peak <= 0) {
        p.cannotRun = Tr::tr("%1 has no %2 tensor peak in the catalog").arg(accelerator.id, input.precisionName);
        return p;
    }
    if (!accelerator.memoryBandwidthGBps) {
        p.cannotRun = Tr::tr("%1 has no sourced memory bandwidth in the catalog").arg(accelerator.id);
        return p;
    }
    Hardware hw;
    hw.peakFlops = *peak * 1e12;
    hw.bandwidth = *accelerator.memoryBandwidthGBps * 1e9;
    hw.linkBandwidth = accelerator.interconnectGBps.value_or(0) * 1e9;

    const catalog::Profile *prefill =
        catalog.findProfile(accelerator.id, catalog::Workload::InferencePrefill, input.precision, u"any"_s);
    const catalog::Profile *decode =
        catalog.findProfile(accelerator.id, catalog::Workload::InferenceDecode, input.precision, u"any"_s);
    p.prefillEfficiency = prefill ? prefill->efficiency : kGenericPrefill;
    p.prefillSource = prefill ? describe(*prefill) : Tr::tr("no prefill profile for %1: generic band").arg(accelerator.id);
    p.decodeEfficiency = decode ? decode->efficiency : kGenericDecode;
    p.decodeSource = decode ? describe(*decode) : Tr::tr("no decode profile for %1: generic band").arg(accelerator.id);
    if (!prefill)
        p.warnings.append(p.prefillSource);
    if (!decode)
        p.warnings.append(p.decodeSource);

    const Shape shape = modelShape(input);
    p.kvBytesPerToken = shape.kvBytesPerToken;
    if (shape.estimated)
        p.warnings.append(Tr::tr("KV cache size estimated from the parameter count (8 KV heads of 128 assumed)"));
    const double weightBytes = input.modelParams * bytesPerWeight(input.precision);
    p.weightsGb = weightBytes / 1e9;
    const double usablePerChip = accelerator.memoryGb * 1e9 * kUsableMemoryFraction - kInferenceOverheadBytes;
    const double context = input.inputTokens + input.outputTokens;

    auto maxBatch = [&](int chips) {
        const double room = usablePerChip * chips - weightBytes;
        return room <= 0 ? 0 : int(std::min<double>(kMaxBatch, std::floor(room / (p.kvBytesPerToken * context))));
    };
    QList<int> groups;
    if (input.chipsPerReplica)
        groups = {*input.chipsPerReplica};
    else
        groups = {1, 2, 4, 8};
    hw.prefillEff = p.prefillEfficiency.typical;
    hw.decodeEff = p.decodeEfficiency.typical;
    for (int chips : groups) {
        const int memoryBatch = maxBatch(chips);
        if (memoryBatch < 1)
            continue;
        auto at = [&](int batch) {
            Hardware group = hw;
            group.chips = chips;
            return roofline(input, input.modelParams, input.active(), input.inputTokens, input.outputTokens, batch, group,
                            shape);
        };
        int batch = memoryBatch;
        if (!input.offline) {
            if (input.ttftMs && at(1).ttftSeconds * 1000 > *input.ttftMs)
                continue; // a bigger group prefills faster
            if (input.tpotMs) {
                if (at(1).stepSeconds * 1000 > *input.tpotMs)
                    continue;
                int lo = 1, hi = memoryBatch; // step time grows with the batch
                while (lo < hi) {
                    const int mid = (lo + hi + 1) / 2;
                    if (at(mid).stepSeconds * 1000 <= *input.tpotMs)
                        lo = mid;
                    else
                        hi = mid - 1;
                }
                batch = lo;
            }
        }
        const Roofline r = at(batch);
        p.chipsPerReplica = chips;
        p.batch = batch;
        p.maxBatchByMemory = memoryBatch;
        p.ttftMs = r.ttftSeconds * 1000;
        p.tpotMs = r.stepSeconds * 1000;
        p.tokensPerSecondPerReplica = r.tokensPerSecond;
        p.inputTokensPerSecondPerReplica = r.inputTokensPerSecond;
        p.prefillTimeShare = r.prefillShare;
        break;
    }
    if (p.chipsPerReplica == 0) {
        if (maxBatch(groups.last()) < 1)
            p.cannotRun = Tr::tr("%1 GB of weights and one request's KV cache do not fit on %2 × %3 GB")
                              .arg(p.weightsGb, 0, 'f', 0)
                              .arg(groups.last())
                              .arg(accelerator.memoryGb);
        else
            p.cannotRun = Tr::tr("the latency targets cannot be met on up to %1 chips per replica").arg(groups.last());
        return p;
    }

    // A measurement at a known point calibrates the roofline: the ratio of measured to modelled
    // throughput there carries over to the requested model size and lengths.
    if (decode && decode->measuredTokensPerSecondPerChip && decode->measuredModelParams && decode->measuredInputTokens
        && decode->measuredOutputTokens) {
        const int chips = decode->measuredChips.value_or(1);
        InferenceInput measured = input;
        measured.modelParams = *decode->measuredModelParams;
        measured.activeParams.reset();
        // The measured model's architecture when a preset has its size, else estimated.
        const auto preset = std::find_if(catalog.models().cbegin(), catalog.models().cend(), [&](const catalog::ModelPreset &m) {
            return std::abs(m.totalParams / measured.modelParams - 1.0) < 0.005;
        });
        const bool known = preset != catalog.models().cend();
        measured.layers = known ? preset->layers : std::nullopt;
        measured.hidden = known ? preset->hidden : std::nullopt;
        measured.heads = known ? preset->heads : std::nullopt;
        measured.kvHeads = known ? preset->kvHeads : std::nullopt;
        const Shape measuredShape = modelShape(measured);
        Hardware measuredHw = hw;
        measuredHw.chips = chips;
        const double kv = measuredShape.kvBytesPerToken;
        const double room = usablePerChip * chips - measured.modelParams * bytesPerWeight(input.precision);
        const int batch = decode->measuredBatch ? int(*decode->measuredBatch)
                                                : int(std::clamp(room / (kv * (*decode->measuredInputTokens + *decode->measuredOutputTokens)), 1.0, double(kMaxBatch)));
        const Roofline model = roofline(measured, measured.modelParams, measured.modelParams, *decode->measuredInputTokens,
                                        *decode->measuredOutputTokens, std::max(1, batch), measuredHw, measuredShape);
        const double modelledPerChip = model.tokensPerSecond / chips;
        if (modelledPerChip > 0) {
            p.calibration = std::clamp(*decode->measuredTokensPerSecondPerChip / modelledPerChip, 0.25, 4.0);
            p.calibrationSource = Tr::tr("measured %1 tokens/s/chip at %2 params, %3/%4 tokens: %5")
                                      .arg(*decode->measuredTokensPerSecondPerChip)
                                      .arg(*decode->measuredModelParams, 0, 'g', 3)
                                      .arg(*decode->measuredInputTokens)
                                      .arg(*decode->measuredOutputTokens)
                                      .arg(decode->source.url);
            p.tokensPerSecondPerReplica *= p.calibration;
            p.inputTokensPerSecondPerReplica *= p.calibration;
        }
    }
    p.tokensPerSecondPerChip = p.tokensPerSecondPerReplica / p.chipsPerReplica;
    return p;
}

} // namespace accelplan::planning
