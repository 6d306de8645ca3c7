#include "core/planning/model/servingmodel.h"

#include <algorithm>
#include <cmath>

namespace accelplan::planning::serving {

double kvBytesPerElement(const InferenceInput &input)
{
    if (input.kvPrecision)
        return bytesPerWeight(*input.kvPrecision) < 2 ? 1 : 2;
    return bytesPerWeight(input.precision) < 2 ? 1 : 2;
}

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

} // namespace accelplan::planning::serving
