#pragma once

// The serving roofline inference.cpp projects with: a model's shape as serving needs it, the chip,
// how a replica is laid out, and what a replica does at a concurrency. Internal to core/planning.
#include "core/planning/model/inference.h"

#include <QList>

#include <algorithm>
#include <cmath>

namespace accelplan::planning::serving {

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

/// Bytes per KV element: the KV precision given, else 1 where the weights are 8-bit or narrower.
double kvBytesPerElement(const InferenceInput &input);
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
        // A prompt's first C tokens found in the prefix cache are not computed again; the other
        // N tokens are, each attending to every token before it, cached ones included.
        const double C = I * std::clamp(m_in.prefixCacheHit, 0.0, 0.99);
        const double N = I - C;
        // Causal attention: each token attends to those before it (at most the window).
        auto attended = [&](double tokens) {
            const double full = tokens * tokens / 2.0;
            return std::pair{full, tokens <= m_shape.window ? full : m_shape.window * (tokens - m_shape.window / 2.0)};
        };
        const auto [fullAll, slidingAll] = attended(I);
        const auto [fullCached, slidingCached] = attended(C);
        const double attention = 4.0 * m_shape.heads * m_shape.headDim
                                 * (m_shape.fullLayers() * (fullAll - fullCached) + m_shape.slidingLayers * (slidingAll - slidingCached));
        const double flops = 2.0 * m_in.active() * N + attention;
        return computeSeconds(flops, expertFlopsPerToken() * N, m_hw.prefillEff) + allReduceSeconds(N)
               + allToAllSeconds(N) + pipelineSendSeconds(N);
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

/// Only the experts' weights are 4-bit (gpt-oss's MXFP4 checkpoint), at fp4 on a mixture of experts.
bool fp4ExpertsOnly(const InferenceInput &input);
/// The architecture the projection needs, from the input or estimated from the size.
Shape modelShape(const InferenceInput &input);

struct Latency
{
    double ttft = 0;
    double tpot = 0;
};

/// TTFT and TPOT at a quantile, at \a utilisation of the replica's capacity (queueing included).
Latency latencyAt(const Model &model, int batch, double utilisation, double quantile, bool offline);
/// The layouts a replica can take, fewest chips first.
QList<Deployment> deployments(const InferenceInput &input, const Shape &shape, int fastDomain, double usablePerChip);

} // namespace accelplan::planning::serving
