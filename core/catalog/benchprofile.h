#pragma once

#include "core/catalog/accelerator.h"
#include "core/catalog/planningcatalog.h"
#include "core/common/diagnostic.h"

#include <QByteArray>
#include <QDate>

namespace accelplan::catalog {

/// The largest profile, benchmark result or training log `catalog add-profile` reads (64 MiB: a
/// log of a row per step for some 600 000 steps); a bigger file, a device or a FIFO is refused
/// unread.
constexpr qint64 kMaxProfileFileBytes = qint64(64) << 20;

/// What a benchmark result file does not say: the hardware and model it ran on.
struct BenchSetup
{
    QString accelerator;     ///< catalog id
    int chips = 1;           ///< accelerators the whole deployment used
    int replicas = 1;        ///< data-parallel replicas among them (chips / replicas per replica)
    QString precision;       ///< of the weights: "bf16", "fp8"…
    double modelParams = 0;  ///< total parameters
    double activeParams = 0; ///< per token (MoE); 0: all of them
    /// Training FLOPs per token as the planner counts them (6 × active parameters plus attention
    /// where the model's shape is known); 0: 6 × active parameters.
    double flopsPerToken = 0;
    QString model;           ///< preset id or "N parameters", for the notes
    QString framework = QStringLiteral("any");
};

/// Turns a vLLM `benchmark_serving` / `vllm bench serve --save-result` JSON result into a decode
/// profile (a CSV with the columns of data/catalog/profiles.csv): its output_throughput per chip
/// is the measurement that calibrates the serving model at the measured model size, mean input and
/// output lengths (total_input_tokens and total_output_tokens over completed) and concurrency per
/// replica (Little's law: request_throughput × mean end-to-end latency, at most max_concurrency);
/// the efficiency band is the shipped decode profile's for the accelerator. Every required field
/// missing or not a number is an error naming it; the source is \a fileName. A measurement no chip
/// can make is refused with the field named: a rate, duration or length that is not finite or not
/// above 0, or more output tokens a second per chip than \a accelerator's peak at the precision
/// allows at 2 FLOPs per active parameter per token.
Result<QByteArray> profileFromVllmBench(const QByteArray &json, const QString &fileName, const BenchSetup &setup,
                                        const PlanningCatalog &catalog, const Accelerator &accelerator);

/// The same from a GenAI-Perf (or AIPerf) profile export JSON: each metric an object with "avg"
/// (output_token_throughput, request_throughput, time_to_first_token, inter_token_latency,
/// input_sequence_length, output_sequence_length; request_latency and request_count when there),
/// with the same bounds.
Result<QByteArray> profileFromGenaiPerf(const QByteArray &json, const QString &fileName, const BenchSetup &setup,
                                        const PlanningCatalog &catalog, const Accelerator &accelerator);

/// A training profile from a training log: a CSV with a header naming `tokens_per_s` (tokens a
/// second over the whole job) or `tflops_per_gpu` (model TFLOP/s per accelerator), one row per
/// step or interval. MFU per row = tokens/s × FLOPs per token ÷ (chips × dense peak), or
/// TFLOP/s ÷ peak; the first tenth of the rows (warm-up) is left out and the band is the 10th,
/// 50th and 90th percentile of the rest, measured at \a setup.chips. Needs the accelerator's peak
/// at the precision. Every bad value is an error naming its line and column.
Result<QByteArray> profileFromTrainingLog(const QByteArray &csv, const QString &fileName, const BenchSetup &setup,
                                          const Accelerator &accelerator);

} // namespace accelplan::catalog
