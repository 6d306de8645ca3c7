#pragma once

#include "core/catalog/planningcatalog.h"

#include <QString>
#include <QStringList>

#include <optional>

namespace accelplan::planning {

/// A model served to a load. Shape fields are optional (estimated from the size when absent).
struct InferenceInput
{
    double modelParams = 0;
    std::optional<double> activeParams;
    catalog::Precision precision = catalog::Precision::Bf16;
    QString precisionName = QStringLiteral("bf16");
    double inputTokens = 0;
    double outputTokens = 0;
    std::optional<double> requestsPerSecond;
    std::optional<double> ttftMs;
    std::optional<double> tpotMs;
    bool offline = false; ///< maximum throughput, no latency bound (MLPerf Offline)
    std::optional<int> layers;
    std::optional<int> hidden;
    std::optional<int> heads;
    std::optional<int> kvHeads;
    std::optional<int> chipsPerReplica; ///< honoured as given
    double targetUtilisation = 0.7;     ///< replicas are sized to run at this share of capacity

    double active() const { return activeParams.value_or(modelParams); }
};

/// Takes a preset's size and shape.
void applyPreset(const catalog::ModelPreset &preset, InferenceInput &input);

/// Bytes per weight at a precision (fp8: 1, bf16: 2, fp4: 0.5).
double bytesPerWeight(catalog::Precision precision);
/// KV-cache bytes per token: 2 (K and V) · layers · kv_heads · head_dim · bytes (bf16, or 1 at fp8).
double kvBytesPerToken(const InferenceInput &input, bool *estimated);

/// One replica of the model on one accelerator type, and what it serves.
struct InferenceProjection
{
    QString accelerator;
    int chipsPerReplica = 0;
    int batch = 0;               ///< concurrent sequences per replica
    int maxBatchByMemory = 0;
    double weightsGb = 0;
    double kvBytesPerToken = 0;
    double ttftMs = 0;           ///< prefill of one request
    double tpotMs = 0;           ///< one decode step at the chosen batch
    double tokensPerSecondPerReplica = 0; ///< generated tokens
    double inputTokensPerSecondPerReplica = 0;
    double tokensPerSecondPerChip = 0;
    double prefillTimeShare = 0; ///< share of replica time spent in prefill
    Range prefillEfficiency;
    QString prefillSource;
    Range decodeEfficiency;
    QString decodeSource;
    double calibration = 1;      ///< measured / roofline at the measured point, when a measurement applies
    QString calibrationSource;
    QStringList warnings;
    QString cannotRun;

    bool runnable() const { return cannotRun.isEmpty(); }
};

/// Sizes a replica (smallest tensor-parallel group whose memory holds the weights and a
/// request's KV cache, unless given), finds the largest batch that meets the TTFT and TPOT
/// targets (or memory allows, offline), and the generated tokens/s: decode steps are bound by
/// HBM bandwidth (weights + KV read per step) or by compute, whichever is slower; prefill is
/// compute-bound. A measured profile calibrates the result at its own point.
InferenceProjection projectInference(const InferenceInput &input, const catalog::Accelerator &accelerator,
                                     const catalog::PlanningCatalog &catalog);

} // namespace accelplan::planning
