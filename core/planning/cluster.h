#pragma once

#include "core/catalog/accelerator.h"
#include "core/catalog/planningcatalog.h"
#include "core/common/range.h"
#include "core/planning/training.h"
#include "core/pricing/pricetypes.h"

#include <QString>

#include <optional>

namespace accelplan::planning {

/// How an offer's accelerators can form one training cluster: accelerators per node, the fast
/// (NVLink / xGMI / ICI) domain, the scale-out fabric between nodes and the largest cluster one
/// job can get — from data/catalog/fabrics.csv, else the default for the offer's kind (assumed).
struct ClusterShape
{
    int acceleratorsPerNode = 8;
    int fastDomainChips = 8;  ///< chips that share the fast interconnect (tensor parallel stays inside)
    double fastGBps = 0;      ///< per chip and direction inside the fast domain
    QString fabric;           ///< none | ethernet | roce | infiniband | efa | dcn
    double gbpsPerNode = 0;   ///< scale-out per node
    std::optional<int> maxNodes; ///< empty when unlimited or not stated
    QString basis;            ///< where the shape comes from, for the explanation
    bool assumed = false;
    const catalog::FabricRule *rule = nullptr; ///< the rule it comes from; null for a reference cluster

    int nodes(int chips) const { return (chips + acceleratorsPerNode - 1) / acceleratorsPerNode; }
    /// The most chips one job can use; empty when unlimited.
    std::optional<int> maxChips() const;
};

ClusterShape clusterShape(const pricing::PriceRecord &offer, const catalog::Accelerator &accelerator,
                          const catalog::PlanningCatalog &catalog);
/// The cluster published runs of an accelerator are on (the profiles' and the validation set's):
/// HGX-style nodes with a 400 Gb/s port per GPU (NVL72 racks for GB200/GB300), TPU slices on ICI.
ClusterShape referenceShape(const catalog::Accelerator &accelerator);

struct Parallelism
{
    int tp = 1; ///< tensor parallel, inside the fast domain
    int pp = 1; ///< pipeline parallel, across nodes
    int dp = 1; ///< data parallel (optimizer states sharded over it)
    int ep = 1; ///< expert parallel (MoE), inside the data-parallel group
};

/// One optimizer step, in seconds: compute at the profile's MFU and the communication that is not
/// hidden behind it.
struct StepTime
{
    double compute = 0;
    double tpComm = 0;
    double ppBubble = 0;
    double dpComm = 0;
    double epComm = 0;

    double total() const { return compute + tpComm + ppBubble + dpComm + epComm; }
};

struct ClusterLayout
{
    Parallelism parallelism;
    StepTime step;
    int nodes = 0;
    double batchTokens = 0;
    double memoryPerChipGb = 0;
    bool fits = false;     ///< a layout whose states and activations fit in memory exists
    double efficiency = 0; ///< compute ÷ step time
    QString summary;       ///< "TP 8 × PP 4 × DP 14; 11 % of each step in data-parallel …"
};

/// The layout of \a chips chips on \a shape that fits memory and gives the shortest step: tensor
/// parallel inside the fast domain, pipeline and data parallel across nodes, expert parallel for
/// MoE. \a mfu is the compute efficiency of the profile; \a describe: write the summary.
ClusterLayout bestLayout(const TrainingInput &input, const catalog::Accelerator &accelerator, const ClusterShape &shape,
                         int chips, double mfu, bool describe = true);

/// Whether some layout of \a chips chips on \a shape holds the model (bestLayout's memory rule,
/// without timing it).
bool layoutFits(const TrainingInput &input, const catalog::Accelerator &accelerator, const ClusterShape &shape, int chips);

/// Share of the work kept under failures (any capacity) and, on spot, preemptions: with the
/// checkpoint interval that minimises lost work (Young: √(2·C·MTBI)) and a restart time.
struct Interruptions
{
    Range failureGoodput; ///< failures at scale (the Llama 3 rate per GPU-hour)
    Range spotKept;       ///< 1 except on spot
    double checkpointSeconds = 0;
    QString basis;
};
/// \a spot: the offer's spot interruption rate (null when it is not spot).
Interruptions interruptions(const TrainingInput &input, const ClusterShape &shape, int chips,
                            const catalog::SpotRate *spot);

} // namespace accelplan::planning
