#pragma once

#include "core/catalog/planningcatalog.h"
#include "core/planning/model/modelshape.h"
#include "core/planning/model/steptime.h"

#include <QString>
#include <QStringList>

#include <functional>
#include <optional>

namespace accelplan::catalog {
class AcceleratorCatalog;
}

namespace accelplan::planning {

/// The model and run a training projection is for. Counts are plain numbers (parameters,
/// tokens). Shape fields are optional: without them the attention term is left out and memory
/// uses an estimated shape (reported in warnings).
/// A training run: the model's shape, the tokens it trains on and how.
struct TrainingInput : ModelShape
{
    double tokens = 0;
    catalog::Precision precision = catalog::Precision::Bf16;
    QString precisionName = QStringLiteral("bf16");
    QString framework = QStringLiteral("pytorch");
    std::optional<int> seqLen;
    /// The preset's context window when the sequence length was taken shorter than it (the
    /// pre-training length, kPretrainingSeqLen): said in the projection's warnings.
    std::optional<int> presetContext;
    /// Tokens per optimizer step, all replicas together (global batch × sequence length). Without
    /// it the layout search assumes what large runs publish: chips × sequence, 4M–16M tokens.
    std::optional<double> globalBatchTokens;
    std::optional<double> mfuOverride; ///< replaces the profile's typical MFU (band kept around it)
    std::optional<double> scalingOverride;
    std::optional<double> goodputOverride;
    /// A steady-state projection (what a timed benchmark measures: no failures, restarts,
    /// evaluation or warm-up) instead of a campaign (the default when planning a real run: the
    /// published measurements' whole-run factor on top, data/measurements/).
    bool steadyState = false;

    bool operator==(const TrainingInput &) const = default;
};

/// Training FLOPs: 6 · active parameters · tokens, plus the attention term 12 · L · h · s per
/// token (forward QKᵀ and AV, ×3 for backward) when layers, hidden size and sequence length are
/// known; a sliding-window layer (Gemma 2/3, gpt-oss) attends to its window, not the sequence.
double trainingFlops(const TrainingInput &input);

/// The sequence length a preset trains at unless one is given: pre-training runs at a few thousand
/// tokens and reaches the model's long context in a short final phase (Llama 3: 8,192 tokens, then
/// 128K over the last 800B of 15.6T tokens, arXiv 2407.21783 §3.4; DeepSeek-V3: 4,096, then 32K
/// and 128K, arXiv 2412.19437 §4.3), so a 128K context window is not the length to project at.
inline constexpr int kPretrainingSeqLen = 8192;

/// Takes a preset's sizes and shape (and its token count, when it has one); the sequence length is
/// its context, at most kPretrainingSeqLen.
void applyPreset(const catalog::ModelPreset &preset, TrainingInput &input);
/// The attention part of trainingFlops (0 without a shape).
double attentionFlops(const TrainingInput &input);

/// Memory a chip needs to train with the model states sharded over all chips (ZeRO-3 / FSDP,
/// or tensor + pipeline parallel): mixed-precision Adam keeps 16 bytes per parameter (bf16
/// weights and gradients, fp32 master weights, momentum and variance), plus activations with
/// per-layer checkpointing (2·s·h bytes per layer kept, 34·s·h for the layer being recomputed)
/// split over the tensor-parallel group, plus a fixed runtime overhead.
struct MemoryEstimate
{
    double statesBytesTotal = 0;
    double activationBytesPerChip = 0;
    double overheadBytesPerChip = 0;
    double usableBytesPerChip = 0; ///< capacity less the headroom kept free
    bool shapeEstimated = false;   ///< layers / hidden guessed from the parameter count

    double bytesPerChip(int chips) const;
    /// The smallest chip count whose share fits; 0 when even one layer's activations do not fit.
    int minimumChips() const;
};
constexpr double kAdamBytesPerParam = 16.0;
constexpr double kRuntimeOverheadBytes = 2.0e9;
constexpr double kUsableMemoryFraction = 0.9;
MemoryEstimate trainingMemory(const TrainingInput &input, const catalog::Accelerator &accelerator);

/// Efficiencies behind a projection, each with where it came from.
struct TrainingEfficiency
{
    Range mfu;
    QString mfuSource;
    double frameworkFactor = 1;
    QString frameworkSource;
    Range scaling;
    QString scalingSource;
    Range goodput;
    QString goodputSource;
    int profileChips = 8; ///< the chip count the MFU was measured at
    /// The MFU is the user's: their own measurement of this chip (a user profile) or --mfu. The
    /// published measurements' steady-state factor is then not applied on top of it.
    bool userMeasured = false;
};

/// Time and chip-hours of a training run on `chips` accelerators, with the band carried through.
struct TrainingProjection
{
    QString accelerator;
    int chips = 0;
    double totalFlops = 0;
    double peakFlopsPerChip = 0; ///< dense, at the precision
    TrainingEfficiency efficiency;
    Range wallHours;
    Range chipHours;
    double memoryPerChipGb = 0;
    double memoryCapacityGb = 0;
    int minimumChipsForMemory = 0;
    bool fitsInMemory = false;
    QStringList warnings;
    QString cannotRun; ///< why this accelerator cannot run the workload; empty when it can
    // The cluster (cluster.h): how the chips are laid out, what each step spends, what is lost to
    // failures and preemptions.
    int nodes = 0;
    int acceleratorsPerNode = 0;
    QString fabric;
    double fabricGbpsPerNode = 0;
    std::optional<int> maxClusterNodes;
    int tp = 1, pp = 1, dp = 1, ep = 1;
    StepTime stepShares{1.0}; ///< the parts of a step as shares of it (terms() names them)
    double interruption = 1; ///< share of work kept after spot preemptions (typical)
    QString layoutSummary;
    QString clusterBasis;
    // What the published measurements (data/measurements/) make of the profiles' projection:
    // time ×fitFactor (steady state, and for a campaign its whole-run factor too) and the band
    // from the out-of-sample residuals of the class (bandBasis). fitted false: the profiles alone.
    bool steadyState = false;
    bool fitted = false;
    double fitFactor = 1;
    QString fitSource;
    catalog::BandBasis bandBasis;

    bool runnable() const { return cannotRun.isEmpty(); }
    /// The factors the time follows from, in the formula's order — MFU, framework, scaling,
    /// goodput, and the published measurements' factor where fitted — each with its band and source:
    /// the JSON, the window, the PDF and the CLI render this list.
    Terms efficiencyTerms() const;
};

/// The efficiency band for this accelerator: the measured profile (or the override) and the
/// framework's factor. Scaling and goodput are left at 1 (or as given): projectTraining derives
/// them from the cluster.
TrainingEfficiency trainingEfficiency(const TrainingInput &input, const catalog::Accelerator &accelerator,
                                      const catalog::PlanningCatalog &catalog, QStringList *warnings,
                                      QString *cannotRun);

/// The efficiencies of trainingEfficiency() with what it found wrong, as one value: offers on
/// different clusters with the same accelerator share it.
struct EfficiencyFinding
{
    TrainingEfficiency efficiency;
    QStringList warnings;
    QString cannotRun;
};
EfficiencyFinding findEfficiency(const TrainingInput &input, const catalog::Accelerator &accelerator,
                                 const catalog::PlanningCatalog &catalog);

struct ClusterShape;
/// \a shape: the cluster the chips form (the accelerator's reference cluster when null); \a spot:
/// capacity that can be reclaimed; \a known: findEfficiency() for this input, accelerator and
/// when the caller already has it; \a describe false: the same numbers without the layout's summary
/// and the scaling and goodput sources (for the counts a planner only compares).
TrainingProjection projectTraining(const TrainingInput &input, const catalog::Accelerator &accelerator, int chips,
                                   const catalog::PlanningCatalog &catalog, const ClusterShape *shape = nullptr,
                                   const catalog::SpotRate *spot = nullptr, const EfficiencyFinding *known = nullptr,
                                   bool describe = true);


} // namespace accelplan::planning
