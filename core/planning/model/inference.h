#pragma once

#include "core/catalog/planningcatalog.h"
#include "core/common/term.h"
#include "core/planning/model/modelshape.h"

#include <QString>
#include <QStringList>

#include <optional>

namespace accelplan::planning {

/// Which part of the work a replica does: both (one replica prefills and decodes, prefill chunks
/// mixed into decode steps as vLLM and SGLang do), or one side of a disaggregated deployment.
enum class ServePhase { Both, Prefill, Decode };
QString toString(ServePhase phase);
std::optional<ServePhase> servePhaseFromString(const QString &text);

/// A model served to a load. Shape fields are optional (estimated from the size when absent).
/// A service: the model's shape, its requests and load, and how it is served.
struct InferenceInput : ModelShape
{
    catalog::Precision precision = catalog::Precision::Bf16;
    QString precisionName = QStringLiteral("bf16");
    /// KV-cache precision (bf16 or fp8); empty: fp8 when the weights are 8-bit or narrower, else bf16.
    std::optional<catalog::Precision> kvPrecision;
    double inputTokens = 0;
    double outputTokens = 0;
    std::optional<double> requestsPerSecond;
    std::optional<double> ttftMs; ///< target at p90 under the load
    std::optional<double> tpotMs; ///< target at p90 under the load
    bool offline = false; ///< maximum throughput, no latency bound (MLPerf Offline)
    std::optional<int> concurrency; ///< sequences in flight per replica; empty: the largest that meets the targets
    /// The serving engine (catalog::servingEngines id; empty: vLLM): without a concurrency, an
    /// instance schedules no more sequences than the engine does by default.
    QString engine;
    ServePhase phase = ServePhase::Both;
    int speculativeTokens = 0;          ///< draft / multi-token-prediction tokens proposed per step
    double speculativeAcceptance = 0;   ///< probability each proposed token is accepted
    /// Share of each prompt found in the prefix cache (0..0.99): its prefill is not computed again
    /// (the KV it holds still takes memory and is attended to).
    double prefixCacheHit = 0;
    std::optional<int> chipsPerReplica; ///< honoured as given
    std::optional<int> maxChipsPerReplica; ///< the offer's limit: one node where it has no fabric
    double targetUtilisation = 0.7;     ///< replicas are sized to run at this share of capacity

    bool operator==(const InferenceInput &) const = default;
};

/// Bytes per weight at a precision (fp8: 1, bf16: 2, fp4: 0.5).
double bytesPerWeight(catalog::Precision precision);
/// KV-cache bytes per token of context, averaged over the layers, for a sequence of \a context
/// tokens: GQA/MHA 2 (K and V) · kv_heads · head_dim per layer, MLA the latent plus the rotary
/// key per layer, sliding-window layers holding at most their window; at the KV precision.
double kvBytesPerToken(const InferenceInput &input, double context, bool *estimated);
/// The attention as words: "GQA, 8 KV heads of 128", "MLA, latent 512 + rope 64", with any window.
QString attentionInWords(const InferenceInput &input);

/// One replica of the model on one accelerator type, and what it serves.
struct InferenceProjection
{
    QString accelerator;
    int chipsPerReplica = 0;
    int tensorParallel = 0;
    int pipelineParallel = 1;    ///< > 1: stages across nodes, each tensor-parallel
    int expertParallel = 1;      ///< > 1: experts spread over the replica, attention data-parallel
    bool crossesNodes = false;   ///< the replica is larger than the fast domain
    ServePhase phase = ServePhase::Both;
    int batch = 0;               ///< concurrent sequences per replica (the concurrency limit)
    int maxBatchByMemory = 0;
    double weightsGb = 0;        ///< per replica
    double kvBytesPerToken = 0;  ///< at the request's full context
    double kvBytesPerRequest = 0; ///< one request's cache at its full context, in whole pages
    QString attention;
    QString kvPrecisionName;
    double ttftMs = 0;           ///< p50 under the offered load (offline: prefill of one request)
    double tpotMs = 0;           ///< p50 under the offered load
    double ttftP90Ms = 0;
    double tpotP90Ms = 0;
    double utilisation = 0;      ///< the load the latencies are quoted at
    double tokensPerSecondPerReplica = 0; ///< generated tokens (input tokens for a prefill replica)
    double inputTokensPerSecondPerReplica = 0;
    double tokensPerSecondPerChip = 0;
    Range tokensPerSecondPerChipBand;     ///< from the profiles' low and high efficiencies
    double prefillTimeShare = 0; ///< share of replica time spent in prefill
    /// Shares of a decode step; terms() names them for every presenter.
    struct DecodeStepShares
    {
        double memory = 0;        ///< weights and KV read
        double compute = 0;
        double communication = 0; ///< tensor-parallel all-reduce and expert all-to-all
        double overhead = 0;
        Terms terms() const;
    } decodeStep;
    Range prefillEfficiency;
    QString prefillSource;
    Range decodeEfficiency;
    QString decodeSource;
    /// Measured / roofline at the measured point, when a measurement applies: throughput at a
    /// concurrency is ×calibration and each decode step (TPOT, the decode part of TTFT) ÷calibration.
    /// Only a measurement at the request's precision calibrates; a chip without its own decode
    /// profile carries its stand-ins' calibration (their median).
    double calibration = 1;
    bool calibrated = false;     ///< a measurement applies (calibration may still be near 1)
    QString calibrationSource;   ///< the measurement, or why none applies (another precision)
    QString engineSource;        ///< the engine and the sequences it schedules by default
    /// What the published measurements (data/measurements/) make of the model for this class:
    /// every step takes 1 / fitFactor of the modelled time; the band is the class's out-of-sample
    /// residuals (bandBasis). fitted false: the profiles alone.
    bool fitted = false;
    double fitFactor = 1;
    QString fitSource;
    catalog::BandBasis bandBasis;
    QStringList warnings;
    QString cannotRun;

    bool runnable() const { return cannotRun.isEmpty(); }
    /// The factors the throughput follows from — prefill and decode efficiency, the calibration
    /// where a measurement applies, the published measurements' factor where fitted — each with its
    /// band and source: the JSON, the window and the PDF render this list.
    Terms efficiencyTerms() const;
};

/// Sizes a replica and its concurrency and projects what it serves. A replica is a tensor-parallel
/// group inside the fast domain (1, 2, 4, 8 chips up to the domain), or for a mixture of experts a
/// wider expert-parallel group with data-parallel attention, across nodes when it must. Decode steps
/// take max(weights and KV read ÷ effective bandwidth, FLOPs ÷ effective peak) plus the part of the
/// shorter not hidden, the collectives and a per-step overhead; prefill chunks ride in decode steps.
/// The concurrency is the one given, or the largest that fits memory and keeps TTFT and TPOT at p90
/// within the targets at the target utilisation (queueing for a slot and for the prefill engine).
/// A measured profile calibrates the result at its own point.
InferenceProjection projectInference(const InferenceInput &input, const catalog::Accelerator &accelerator,
                                     const catalog::PlanningCatalog &catalog);

} // namespace accelplan::planning
