#pragma once

#include "core/catalog/accelerator.h"
#include "core/catalog/planningcatalog.h"
#include "core/common/range.h"
#include "core/common/texthash.h"
#include "core/planning/model/steptime.h"
#include "core/planning/model/training.h"
#include "core/pricing/pricetypes.h"

#include <QHash>
#include <QString>

#include <deque>
#include <optional>

namespace accelplan::planning {

/// Nodes a cluster of single-accelerator cloud VMs without a listed RDMA fabric is capped at (a
/// judgement: no provider states such clusters, and their traffic crosses a general network).
constexpr int kSingleAcceleratorMaxNodes = 8;

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
/// The same for an offer that \a rule (null: none) applies to.
ClusterShape clusterShape(const pricing::PriceRecord &offer, const catalog::Accelerator &accelerator,
                          const catalog::FabricRule *rule);

/// The cluster each offer forms: the fabric rule found once per SKU (the offers of one SKU, its
/// regions and price models, share it), the shape once per rule, accelerator and instance size
/// (a plan holds thousands of offers of a few thousand SKUs and a few dozen such shapes).
class ClusterShapes
{
public:
    explicit ClusterShapes(const catalog::PlanningCatalog &catalog) : m_catalog(catalog) {}
    const ClusterShape &of(const pricing::PriceRecord &offer, const catalog::Accelerator &accelerator);

private:
    struct Key
    {
        pricing::OfferKind kind;
        QString provider;
        QString sku;
        const catalog::Accelerator *accelerator;
        int count;
        bool operator==(const Key &) const = default;
    };
    friend size_t qHash(const Key &key, size_t seed = 0)
    {
        return qHashMulti(seed, int(key.kind), textHash(key.provider), textHash(key.sku), key.accelerator, key.count);
    }
    struct ShapeKey
    {
        const catalog::FabricRule *rule;
        pricing::OfferKind kind;
        const catalog::Accelerator *accelerator;
        int count;
        bool operator==(const ShapeKey &) const = default;
    };
    friend size_t qHash(const ShapeKey &key, size_t seed = 0)
    {
        return qHashMulti(seed, key.rule, int(key.kind), key.accelerator, key.count);
    }
    const catalog::PlanningCatalog &m_catalog;
    QHash<Key, const ClusterShape *> m_bySku;
    QHash<ShapeKey, const ClusterShape *> m_byShape;
    std::deque<ClusterShape> m_shapes; ///< what the pointers point to: a deque's elements stay put
};
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
/// \a spot: the offer's spot interruption rate (null when it is not spot); \a describe false:
/// without the basis.
Interruptions interruptions(const TrainingInput &input, const ClusterShape &shape, int chips,
                            const catalog::SpotRate *spot, bool describe = true);

} // namespace accelplan::planning
