#include "core/planning/inference.h"

#include "core/planning/measurements.h"

#include "core/catalog/servingengine.h"
#include "core/catalog/standin.h"
#include "core/common/tr.h"
#include "core/planning/precisioncredit.h"

#include <QSet>

#include <algorithm>
#include <cmath>
#include <cstdint>
#include <cstring>
#include <unordered_map>

using namespace Qt::StringLiterals;

namespace accelplan::planning {

namespace {

// Used only when no measured profile exists for the accelerator; reported as such.
constexpr Range kGenericPrefill{0.3, 0.45, 0.6};
constexpr Range kGenericDecode{0.5, 0.65, 0.8};
// Sequences one chip's engine schedules at most (an assumption: vLLM's max_num_seqs and SGLang's
// max running requests are set in the hundreds to low thousands per GPU in published runs; Intel's
// Gaudi 3 table runs 1,536 on one chip and 3,516 on two, so 1,024 was too few).
constexpr int kMaxSequencesPerChip = 2048;
constexpr double kInferenceOverheadBytes = 2.0e9; // runtime, activations and workspace per chip
// Paged KV memory: vLLM's default block holds 16 tokens; a sequence wastes half a block on average.
constexpr double kPagedBlockTokens = 16;
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
constexpr double kRoutingPasses = 4;   // MoE permute: write + read; unpermute: write + read
// Stated assumptions, carried as the band's edges: a decode step's fixed cost besides reading and
// computing, as the engine's scheduling (0.3 ms; 1 ms and 0.1 ms at the low and high edges) plus a
// floor per layer for its dozen kernels, which take microseconds each even when they move little
// data (30 µs; 60 and 15 µs at the edges) — what dominates a batch-1 step of a large model; and the
// latency of one small all-reduce inside the fast domain (10 µs).
constexpr Range kStepOverheadSeconds{1.0e-3, 0.3e-3, 0.1e-3};
constexpr Range kLayerOverheadSeconds{60e-6, 30e-6, 15e-6};
constexpr double kAllReduceLatencySeconds = 10e-6;
// Expert parallelism across nodes: a scale-out NIC of 400 Gb/s per accelerator (the HGX H100/H200
// reference design: one ConnectX-7 per GPU), at the collective efficiency. Dispatch sends fp8
// activations and combine returns bf16 (DeepEP's normal kernels), to each token's k experts.
constexpr double kScaleOutBytesPerSecondPerChip = 50e9;
constexpr double kDispatchBytes = 1;
constexpr double kCombineBytes = 2;
// Share of the expert all-to-all not hidden behind compute (two-batch overlap hides part; the
// same assumption as the training model's expert all-to-all).
constexpr double kExposedAllToAll = 0.5;
constexpr int kDefaultFastDomain = 8;
// The least spread of the throughput band (see projectInference).
constexpr double kEngineSpread = 1.5;

QString describe(const catalog::Profile &p)
{
    return Tr::tr("profile %1 %2 %3 %4: %5 (%6)")
        .arg(p.accelerator, catalog::toString(p.workload), p.precisionName, p.framework, p.source.url,
             p.source.asOf.toString(Qt::ISODate));
}

double kvBytesPerElement(const InferenceInput &input)
{
    if (input.kvPrecision)
        return bytesPerWeight(*input.kvPrecision) < 2 ? 1 : 2;
    return bytesPerWeight(input.precision) < 2 ? 1 : 2;
}

/// The architecture the projection needs, from the input or estimated from the size.
struct Shape
{
    double layers = 0;
    double hidden = 0;
    double heads = 0;
    double headDim = 0;
    double kvHeads = 0;        // 1 for MLA: one latent per token, replicated by tensor parallelism
    double kvPerLayerToken = 0; // bytes
    double slidingLayers = 0;
    double window = 0;
    bool mla = false;
    double mlaWidth = 0;       // latent + rope
    double expertParamsEach = 0; // one expert across all layers
    double expertBytesEach = 0; // one expert across all layers, at the weight precision
    double sharedBytes = 0;     // everything every token uses (attention, shared experts, embeddings)
    double weightBytes = 0;     // every weight, each at its precision
    double experts = 0;
    double activeExperts = 0;
    bool estimated = false;

    double fullLayers() const { return layers - slidingLayers; }
    /// Σ over layers of the tokens attended to at a context of \a c.
    double attendedTokens(double c) const { return fullLayers() * c + slidingLayers * std::min(c, window); }
    double kvBytes(double context) const { return kvPerLayerToken * attendedTokens(context); }
};

/// Only the experts' weights are 4-bit (gpt-oss's MXFP4 checkpoint), at fp4 on a mixture of experts.
bool fp4ExpertsOnly(const InferenceInput &input)
{
    return input.fp4ExpertsOnly && input.precision == catalog::Precision::Fp4 && input.isMoe() && input.experts
           && input.activeExperts && *input.experts > *input.activeExperts;
}

Shape modelShape(const InferenceInput &input)
{
    const double kvBytes = kvBytesPerElement(input);
    Shape s;
    if (input.layers && input.hidden && input.heads && (input.kvHeads || input.kvLoraRank)) {
        s.layers = *input.layers;
        s.hidden = *input.hidden;
        s.heads = *input.heads;
        s.headDim = input.headDim.value_or(int(s.hidden / s.heads));
        if (input.kvLoraRank) {
            s.mla = true;
            s.kvHeads = 1;
            s.mlaWidth = *input.kvLoraRank + input.qkRopeHeadDim.value_or(0);
            s.kvPerLayerToken = s.mlaWidth * kvBytes;
        } else {
            s.kvHeads = *input.kvHeads;
            s.kvPerLayerToken = 2.0 * s.kvHeads * s.headDim * kvBytes;
        }
        if (input.slidingWindow && input.slidingLayers) {
            s.window = *input.slidingWindow;
            s.slidingLayers = std::min<double>(*input.slidingLayers, s.layers);
        }
    } else {
        // Llama-like shape from the size, with grouped-query attention of 8 KV heads of 128.
        s.estimated = true;
        s.hidden = std::cbrt(input.modelParams * 128.0 / 12.0);
        s.layers = std::max(1.0, std::round(s.hidden / 128.0));
        s.headDim = 128;
        s.heads = std::max(1.0, std::round(s.hidden / 128.0));
        s.kvHeads = 8;
        s.kvPerLayerToken = 2.0 * 8 * 128 * kvBytes;
    }
    const double weightBytes = bytesPerWeight(input.precision);
    s.weightBytes = input.modelParams * weightBytes;
    if (input.isMoe() && input.experts && input.activeExperts && *input.experts > *input.activeExperts) {
        // total = shared + E·e and active = shared + k·e give one expert's size and the shared part.
        s.experts = *input.experts;
        s.activeExperts = *input.activeExperts;
        const double each = (input.modelParams - input.active()) / (s.experts - s.activeExperts);
        s.expertParamsEach = each;
        s.expertBytesEach = each * weightBytes;
        // A checkpoint whose 4-bit format covers only the experts keeps the rest in bf16.
        s.sharedBytes = std::max(0.0, input.active() - s.activeExperts * each)
                        * (fp4ExpertsOnly(input) ? bytesPerWeight(catalog::Precision::Bf16) : weightBytes);
        s.weightBytes = s.sharedBytes + s.experts * s.expertBytesEach;
    }
    return s;
}

struct Hardware
{
    double peakFlops = 0;     // per chip, at the precision
    double expertPeakFlops = 0; // per chip, for the experts' GEMMs where they run at another precision; 0: peakFlops
    double bandwidth = 0;     // HBM, per chip
    double linkBandwidth = 0; // per chip, per direction, inside the fast domain; 0 when unknown
    int fastDomain = kDefaultFastDomain;
    double prefillEff = 0;
    double decodeEff = 0;
    double stepOverhead = 0;
    double stepScale = 1;     // 1 / calibration: a measurement's verdict on the modelled step time
    double fitScale = 1;      // 1 / the published measurements' factor (measurements.h), prefill and decode alike
};

/// How a replica is spread over its chips.
struct Deployment
{
    int chips = 1;
    int tensorParallel = 1;
    int expertParallel = 1; // > 1: experts spread, attention data-parallel (one shard per chip)
    bool crossesNodes = false;
    int pipeline = 1; // > 1: stages of layers on nodes one after another, each tensor-parallel inside
};

/// What a replica does at a concurrency.
struct Evaluation
{
    double prefillSeconds = 0;  // one request's prefill on the whole replica
    double stepSeconds = 0;     // a decode step with the prefill chunks mixed in, per generated token
    double cycleSeconds = 0;    // a slot's life: its prefill share and its decode steps
    double requestsPerSecond = 0;
    double outputTokensPerSecond = 0;
    double inputTokensPerSecond = 0;
    double prefillShare = 0;
    double memoryShare = 0, computeShare = 0, commShare = 0, overheadShare = 0;
};

class Model
{
public:
    Model(const InferenceInput &input, const Shape &shape, const Hardware &hw, const Deployment &d)
        : m_in(input), m_shape(shape), m_hw(hw), m_d(d)
    {
    }

    /// Weight bytes one chip holds.
    double weightsPerChip() const
    {
        if (m_d.expertParallel > 1 && m_shape.experts > 0)
            return m_shape.sharedBytes + m_shape.experts * m_shape.expertBytesEach / m_d.expertParallel;
        return m_shape.weightBytes / m_d.chips;
    }
    /// KV bytes one sequence at \a context occupies per chip it touches, summed over the replica.
    double kvPerSequenceReplica(double context) const
    {
        const double paged = std::ceil(context / kPagedBlockTokens) * kPagedBlockTokens;
        // Tensor parallelism shards KV heads; a group wider than the KV heads replicates them.
        const double replication = m_d.expertParallel > 1 ? 1.0 : std::max(1.0, m_d.tensorParallel / m_shape.kvHeads);
        return m_shape.kvBytes(paged) * replication;
    }
    int memoryBatch(double usablePerChip) const
    {
        const double room = (usablePerChip - weightsPerChip()) * m_d.chips;
        if (room <= 0)
            return 0;
        // Under continuous batching sequences are at every stage of their output: on average a
        // sequence holds its prompt and half its output (an engine preempts the rare overflow).
        const double perSequence = kvPerSequenceReplica(m_in.inputTokens + m_in.outputTokens / 2.0);
        return int(std::min<double>(double(kMaxSequencesPerChip) * m_d.chips, std::floor(room / perSequence)));
    }

    double prefillSeconds() const
    {
        const double I = m_in.inputTokens;
        // Causal attention: each token attends to those before it (at most the window).
        const double full = I * I / 2.0;
        const double sliding = I <= m_shape.window ? full : m_shape.window * (I - m_shape.window / 2.0);
        const double attention = 4.0 * m_shape.heads * m_shape.headDim * (m_shape.fullLayers() * full + m_shape.slidingLayers * sliding);
        const double flops = 2.0 * m_in.active() * I + attention;
        return computeSeconds(flops, expertFlopsPerToken() * I, m_hw.prefillEff) + allReduceSeconds(I)
               + allToAllSeconds(I) + pipelineSendSeconds(I);
    }

    /// A slot's life at \a batch sequences in flight: its decode steps with the prefill chunks mixed in.
    Evaluation evaluate(double batch) const
    {
        Evaluation e;
        const double I = m_in.inputTokens;
        const double O = std::max(1.0, m_in.outputTokens);
        // The modelled prefill; what the measurements make of it (fitScale) applies once, to the
        // prefill a request waits for and, below, to the decode steps its chunks ride in.
        const double modelledPrefill = m_in.phase == ServePhase::Decode ? 0.0 : prefillSeconds();
        e.prefillSeconds = modelledPrefill * m_hw.fitScale;
        if (m_in.phase == ServePhase::Prefill) {
            // A prefill replica runs requests back to back at its compute rate.
            e.cycleSeconds = e.prefillSeconds;
            e.requestsPerSecond = 1.0 / e.prefillSeconds;
            e.inputTokensPerSecond = e.requestsPerSecond * I;
            e.outputTokensPerSecond = e.requestsPerSecond; // the first token
            e.prefillShare = 1;
            e.computeShare = 1;
            return e;
        }
        // Speculative decoding / multi-token prediction: each verification step checks k proposed
        // tokens and keeps (1 − α^(k+1)) / (1 − α) on average; it costs k+1 tokens of compute.
        const double k = m_in.speculativeTokens;
        const double alpha = std::clamp(m_in.speculativeAcceptance, 0.0, 0.99);
        const double tokensPerStep = k > 0 ? (1.0 - std::pow(alpha, k + 1)) / (1.0 - alpha) : 1.0;
        const double steps = O / tokensPerStep;

        const double context = I + O / 2.0; // a sequence's mean context while it decodes
        // Weights a step reads: the shared part and the experts the batch's tokens reach.
        double weightsRead = 0;
        if (m_shape.experts > 0) {
            const double touched = 1.0 - std::pow(1.0 - m_shape.activeExperts / m_shape.experts, std::max(1.0, batch));
            weightsRead = m_d.chips * m_shape.sharedBytes / (m_d.expertParallel > 1 ? 1.0 : m_d.chips)
                          + m_shape.experts * m_shape.expertBytesEach * touched;
        } else {
            const double all = m_in.modelParams * bytesPerWeight(m_in.precision);
            // A pipeline keeps one micro-batch per stage in flight: each stage reads its weights
            // once per micro-batch, the pipeline's depth times per step of every sequence.
            weightsRead = m_in.isMoe() ? std::min(all, m_in.active() * bytesPerWeight(m_in.precision) * std::max(1.0, batch))
                                     : all * m_d.pipeline;
        }
        const double kvRead = batch * kvPerSequenceReplica(context);
        // A mixture of experts copies each token to its k experts and back in every layer: the
        // permute/unpermute (dispatch/combine) kernels write and read k bf16 copies of the hidden
        // state (four passes), memory traffic a dense layer does not have (assumed unfused).
        const double routing = m_shape.experts > 0 ? batch * (k + 1) * m_shape.activeExperts * m_shape.hidden
                                                         * kActivationBytes * kRoutingPasses * m_shape.layers
                                                   : 0.0;
        const double memory = (weightsRead + kvRead + routing) / (m_d.chips * m_hw.bandwidth * m_hw.decodeEff);
        double attentionFlops = 0;
        if (m_shape.mla) // absorbed MLA: scores over latent + rope, values over the latent
            attentionFlops = 2.0 * m_shape.heads * (2.0 * m_shape.mlaWidth - (m_shape.mlaWidth - m_in.kvLoraRank.value_or(0)))
                             * m_shape.attendedTokens(context);
        else
            attentionFlops = 4.0 * m_shape.heads * m_shape.headDim * m_shape.attendedTokens(context);
        const double flopsPerToken = (2.0 * m_in.active() + attentionFlops) * (k + 1);
        const double compute = computeSeconds(batch * flopsPerToken, batch * (k + 1) * expertFlopsPerToken(),
                                              m_hw.prefillEff, kDecodeComputeShareOfPrefill);
        // Prefill chunks ride in the decode steps: a slot's prefill compute is spread over its steps.
        const double prefillPerStep = m_in.phase == ServePhase::Both ? batch * modelledPrefill / steps : 0.0;
        const double work = compute + prefillPerStep;
        const double comm = allReduceSeconds(batch * (k + 1)) + allToAllSeconds(batch * (k + 1))
                            + pipelineSendSeconds(batch * (k + 1));
        const double overhead = m_hw.stepOverhead;
        e.stepSeconds = (std::max(memory, work) + kUnhiddenShare * std::min(memory, work) + comm + overhead) * m_hw.stepScale
                        * m_hw.fitScale;
        e.cycleSeconds = steps * e.stepSeconds;
        e.requestsPerSecond = batch / e.cycleSeconds;
        e.outputTokensPerSecond = e.requestsPerSecond * O;
        e.inputTokensPerSecond = m_in.phase == ServePhase::Both ? e.requestsPerSecond * I : 0.0;
        e.prefillShare = steps * prefillPerStep * m_hw.stepScale * m_hw.fitScale / e.cycleSeconds;
        const double total = memory + work + comm + overhead;
        e.memoryShare = memory / total;
        e.computeShare = work / total;
        e.commShare = comm / total;
        e.overheadShare = overhead / total;
        return e;
    }

private:
    // The routed experts' FLOPs per token.
    double expertFlopsPerToken() const { return 2.0 * m_shape.activeExperts * m_shape.expertParamsEach; }
    // The replica's seconds for \a flops, of which \a expertFlops in the routed experts' GEMMs, at an
    // efficiency: the experts at their own peak where they run at another precision than the rest.
    double computeSeconds(double flops, double expertFlops, double efficiency, double share = 1.0) const
    {
        if (m_hw.expertPeakFlops <= 0 || m_shape.experts <= 0)
            return flops / (m_d.chips * m_hw.peakFlops * efficiency * share);
        return expertFlops / (m_d.chips * m_hw.expertPeakFlops * efficiency * share)
               + (flops - expertFlops) / (m_d.chips * m_hw.peakFlops * efficiency * share);
    }
    // Two all-reduces per layer of `tokens` activations in the tensor-parallel group (ring: 2·(n−1)/n
    // of the data per chip), each with a fixed latency.
    // Pipeline stages run at once, each over its share of the layers.
    double allReduceSeconds(double tokens) const
    {
        const int n = m_d.tensorParallel;
        if (n <= 1 || m_hw.linkBandwidth <= 0)
            return 0;
        const double bytes = 2.0 * m_shape.layers * 2.0 * (n - 1) / n * tokens * m_shape.hidden * kActivationBytes;
        return bytes / (m_hw.linkBandwidth * kCollectiveEfficiency) / m_d.pipeline
               + 2.0 * m_shape.layers * kAllReduceLatencySeconds;
    }
    // Each stage hands its micro-batches' activations to the next over the scale-out fabric,
    // spread over the stage's chips.
    double pipelineSendSeconds(double tokens) const
    {
        if (m_d.pipeline <= 1)
            return 0;
        return tokens * m_shape.hidden * kActivationBytes
               / (m_d.tensorParallel * kScaleOutBytesPerSecondPerChip * kCollectiveEfficiency);
    }
    // Expert parallelism: each token goes to k experts and comes back, per MoE layer; the share
    // that leaves the fast domain crosses the scale-out NIC.
    double allToAllSeconds(double tokens) const
    {
        const int n = m_d.expertParallel;
        if (n <= 1 || m_shape.experts <= 0)
            return 0;
        const double perChip = tokens / n * m_shape.activeExperts * m_shape.hidden * (kDispatchBytes + kCombineBytes)
                               * m_shape.layers * (n - 1) / n;
        const double local = std::min<double>(n, m_hw.fastDomain);
        const double remoteShare = m_d.crossesNodes ? (n - local) / (n - 1) : 0.0;
        const double link = m_hw.linkBandwidth > 0 ? m_hw.linkBandwidth : kScaleOutBytesPerSecondPerChip;
        const double seconds = perChip * (1 - remoteShare) / (link * kCollectiveEfficiency)
                               + perChip * remoteShare / (kScaleOutBytesPerSecondPerChip * kCollectiveEfficiency);
        return seconds * kExposedAllToAll;
    }

    const InferenceInput &m_in;
    const Shape &m_shape;
    const Hardware &m_hw;
    const Deployment &m_d;
};

// Erlang C: the probability that an arrival waits for one of c slots at offered load a (< c).
// Exact where it is at least kErlangCExactAbove; below that it may return an upper bound instead
// (the callers only compare it with 1 − quantile ≥ 0.1, so what they decide is the same).
constexpr double kErlangCExactAbove = 0.01;
double erlangC(int c, double a)
{
    if (a >= c)
        return 1;
    // Far below saturation the Erlang B recurrence would cost c steps to find a negligible
    // probability. With X ~ Poisson(a), B = P(X = c) / P(X ≤ c); for c past the mean,
    // P(X ≤ c) ≥ ½ and P(X = c) ≤ P(X ≥ c) ≤ exp(−δ² / (2(a + δ/3))) (Bernstein, δ = c − a),
    // and C = cB / (c − a + aB) ≤ cB / δ. Where that bound is already small, it is the answer.
    const double delta = c - a;
    const double bound = c / delta * 2 * std::exp(-delta * delta / (2 * (a + delta / 3)));
    if (bound < kErlangCExactAbove)
        return bound;
    // The Erlang B recurrence costs c steps and the planner asks for the same few (c, a) pairs
    // for every offer: remember them per thread (the window plans on a worker thread).
    thread_local std::unordered_map<std::uint64_t, double> known;
    std::uint64_t aBits;
    std::memcpy(&aBits, &a, sizeof aBits);
    const std::uint64_t key = (aBits * 0x9E3779B97F4A7C15ULL) ^ std::uint64_t(c);
    if (const auto found = known.find(key); found != known.end())
        return found->second;
    double b = 1;
    for (int k = 1; k <= c; ++k) {
        b = a * b / (k + a * b);
        // Past the load, B only falls; once negligible, C is too (and stays an upper bound).
        if (k > a && b < 1e-15)
            break;
    }
    const double result = c * b / (c - a * (1 - b));
    if (known.size() > 200000)
        known.clear();
    known.emplace(key, result);
    return result;
}

/// Latencies at a quantile under Poisson arrivals: the wait for a slot (M/M/c over the slots),
/// the wait for the prefill engine (M/D/1, exponential tail), the prefill itself and the step
/// that emits the first token; TPOT at the occupancy's quantile.
struct Latency
{
    double ttft = 0;
    double tpot = 0;
};

Latency latencyAt(const Model &model, int batch, double utilisation, double quantile, bool offline)
{
    const Evaluation full = model.evaluate(batch);
    if (offline || utilisation <= 0) {
        Latency l;
        l.ttft = full.prefillSeconds + full.stepSeconds;
        l.tpot = full.stepSeconds;
        return l;
    }
    const double a = utilisation * batch; // mean sequences in flight
    const double z = quantile >= 0.9 ? 1.2816 : 0.0;
    const double occupancy = std::clamp(std::ceil(a + z * std::sqrt(a)), 1.0, double(batch));
    const Evaluation at = model.evaluate(occupancy);
    const double lambda = utilisation * full.requestsPerSecond;
    const double service = full.cycleSeconds;
    const double pWait = erlangC(batch, a);
    const double slotWait = pWait > 1 - quantile ? service / (batch - a) * std::log(pWait / (1 - quantile)) : 0.0;
    const double rho = std::min(0.99, lambda * full.prefillSeconds);
    const double meanPrefillWait = rho * full.prefillSeconds / (2 * (1 - rho));
    const double prefillWait = rho > 1 - quantile ? meanPrefillWait / rho * std::log(rho / (1 - quantile)) : 0.0;
    Latency l;
    l.ttft = slotWait + prefillWait + at.prefillSeconds + at.stepSeconds;
    l.tpot = at.stepSeconds;
    return l;
}

QList<Deployment> deployments(const InferenceInput &input, const Shape &shape, int fastDomain, double usablePerChip)
{
    QList<Deployment> list;
    const bool moe = shape.experts > 0;
    // Tensor parallelism stays inside the fast domain and at most 8 wide (as the training layout);
    // a dense replica larger than that is a pipeline of such groups across nodes.
    const int widestTensorParallel = std::clamp(fastDomain, 1, kDefaultFastDomain);
    auto add = [&](int n) {
        // A mixture of experts wider than a tensor-parallel group spreads its experts instead
        // (SGLang and Dynamo deploy DeepSeek-V3 on NVL72 as DP attention + EP 48/72, not TP 48).
        if (moe && n > widestTensorParallel) {
            list.append({n, 1, n, n > fastDomain});
            return;
        }
        if (n <= fastDomain || (!moe && n % widestTensorParallel != 0))
            list.append({n, n, 1, n > fastDomain}); // tensor parallel
        else if (!moe)
            list.append({n, widestTensorParallel, 1, true, n / widestTensorParallel});
        // A mixture of experts may instead spread its experts with data-parallel attention
        // (SGLang's DP attention, TensorRT-LLM's attention DP), inside a node or across nodes.
        if (moe && n > 1)
            list.append({n, 1, n, n > fastDomain});
    };
    if (input.chipsPerReplica) {
        add(*input.chipsPerReplica);
        return list;
    }
    for (int n = 1; n <= 8; n *= 2)
        add(n);
    // Pipeline stages across nodes for a dense model one node cannot hold (vLLM and SGLang serve
    // Llama 3.1 405B in bf16 on two 8-GPU nodes as TP 8 × PP 2).
    const double weights = input.modelParams * bytesPerWeight(input.precision);
    if (!moe && weights / widestTensorParallel > usablePerChip)
        for (int stages = 2; stages <= 8; stages *= 2)
            add(widestTensorParallel * stages);
    if (moe) {
        // Wide expert parallelism, up to one chip per expert, and the whole fast domain.
        for (int n = 16; n <= std::max<double>(16, shape.experts); n *= 2)
            add(n);
        if (fastDomain > 8 && fastDomain < shape.experts && (fastDomain & (fastDomain - 1)) != 0)
            add(fastDomain);
    }
    return list;
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
                            const catalog::PlanningCatalog &catalog, bool calibrationOnly)
{
    InferenceProjection p;
    p.accelerator = accelerator.id;
    p.phase = input.phase;
    // A checkpoint whose 4-bit format covers only the experts computes at its activations'
    // precision: the rest of the model (attention, its projections, embeddings) in bf16, the
    // experts' GEMMs with 8-bit activations on the 8-bit tensor cores of a chip that has
    // block-scaled 4-bit ones (TensorRT-LLM runs gpt-oss as MXFP8 x MXFP4 on Blackwell), else with
    // bf16 activations, the weights widened inside the GEMM (bf16 x MXFP4 on Hopper).
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
        return p;
    }
    if (!accelerator.memoryBandwidthGBps) {
        p.cannotRun = Tr::tr("%1 has no sourced memory bandwidth in the catalog").arg(accelerator.id);
        return p;
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
    // A measurement at a known point calibrates the roofline: the ratio of measured to modelled
    // throughput there carries over to the requested model size and lengths, as a step time
    // 1 / calibration of the modelled one (so TPOT and the decode part of TTFT follow it). Only at
    // the measurement's own precision: a bf16 run says nothing of how fp8 kernels fall short.
    if (input.phase != ServePhase::Prefill && decode && decode->measuredTokensPerSecondPerChip
        && decode->measuredModelParams && decode->measuredInputTokens && decode->measuredOutputTokens) {
        if (decode->precision != input.precision) {
            p.calibrationSource = Tr::tr("not calibrated: the measurement %1 is at %2 and the request at %3; a "
                                         "measurement calibrates only its own precision")
                                      .arg(decode->source.url, decode->precisionName, input.precisionName);
        } else {
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
    } else if (input.phase != ServePhase::Prefill && !decode) {
        // A chip that borrows its stand-ins' profiles borrows their calibration too: the same
        // measurement that moved the stand-in moves the borrowed efficiency (the median where several
        // are calibrated), so a calibrated chip never falls below the chips standing in on it.
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
    if (calibrationOnly)
        return p;
    if (p.calibrated)
        hw.stepScale = 1.0 / p.calibration;
    const catalog::ServingEngine *found = catalog::findServingEngine(input.engine);
    const catalog::ServingEngine &engine = found ? *found : catalog::servingEngines().constFirst();
    const std::optional<int> engineDefault = catalog::engineMaxSequences(engine, accelerator);
    p.engineSource = engineDefault ? Tr::tr("%1 schedules at most %2 sequences an instance when the load sets no "
                                            "concurrency: %3")
                                         .arg(engine.name)
                                         .arg(*engineDefault)
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

    const double utilisation = input.offline ? 1.0 : input.targetUtilisation;

    struct Choice
    {
        Deployment d;
        int batch = 0;
        int memoryBatch = 0;
        double perChip = 0;
    };
    std::optional<Choice> best;
    int largestMemoryBatch = 0;
    QString concurrencyProblem;
    QList<Deployment> candidates = deployments(input, shape, hw.fastDomain, usablePerChip);
    if (input.maxChipsPerReplica && !input.chipsPerReplica)
        candidates.removeIf([&](const Deployment &d) { return d.chips > *input.maxChipsPerReplica; });
    if (candidates.isEmpty()) {
        p.cannotRun = Tr::tr("a replica cannot be laid out on at most %1 chips").arg(input.maxChipsPerReplica.value_or(0));
        return p;
    }
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
        const std::optional<int> engineLimit = catalog::engineMaxSequences(engine, accelerator);
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
    if (!best) {
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
    const Deployment &d = best->d;
    const Model model(input, shape, hw, d);
    const Evaluation e = model.evaluate(best->batch);
    p.chipsPerReplica = d.chips;
    p.tensorParallel = d.tensorParallel;
    p.pipelineParallel = d.pipeline;
    p.expertParallel = d.expertParallel;
    p.crossesNodes = d.crossesNodes;
    p.batch = best->batch;
    p.maxBatchByMemory = best->memoryBatch;
    p.weightsGb = weightBytes / 1e9;
    p.utilisation = utilisation;
    const Latency p50 = latencyAt(model, best->batch, utilisation, 0.5, input.offline);
    const Latency p90 = latencyAt(model, best->batch, utilisation, 0.9, input.offline);
    const bool decodeOnly = input.phase == ServePhase::Decode;
    const bool prefillOnly = input.phase == ServePhase::Prefill;
    p.ttftMs = decodeOnly ? 0 : p50.ttft * 1000;
    p.ttftP90Ms = decodeOnly ? 0 : p90.ttft * 1000;
    p.tpotMs = prefillOnly ? 0 : p50.tpot * 1000;
    p.tpotP90Ms = prefillOnly ? 0 : p90.tpot * 1000;
    p.tokensPerSecondPerReplica = prefillOnly ? e.inputTokensPerSecond : e.outputTokensPerSecond;
    p.inputTokensPerSecondPerReplica = e.inputTokensPerSecond;
    p.prefillTimeShare = e.prefillShare;
    p.stepBreakdownMemory = e.memoryShare;
    p.stepBreakdownCompute = e.computeShare;
    p.stepBreakdownComm = e.commShare;
    p.stepBreakdownOverhead = e.overheadShare;
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
        const Evaluation x = Model(input, shape, edge, d).evaluate(best->batch);
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
    p.tokensPerSecondPerChipBand = fits ? Range{p.tokensPerSecondPerChip * p.bandBasis.lowFactor, p.tokensPerSecondPerChip,
                                                p.tokensPerSecondPerChip * p.bandBasis.highFactor}
                                        : Range{p.tokensPerSecondPerChip * std::min(1.0 / kEngineSpread, lowRatio),
                                                p.tokensPerSecondPerChip,
                                                p.tokensPerSecondPerChip * std::max(kEngineSpread, highRatio)};
    return p;
}

} // namespace

InferenceProjection projectInference(const InferenceInput &input, const catalog::Accelerator &accelerator,
                                     const catalog::PlanningCatalog &catalog)
{
    return project(input, accelerator, catalog, false);
}

} // namespace accelplan::planning
