#include "core/planning/model/cluster.h"

#include "core/common/tr.h"
#include "core/common/units.h"

#include <algorithm>
#include <cmath>

using namespace Qt::StringLiterals;

namespace accelplan::planning {

namespace {

// Achieved share of the line rate: NCCL bus bandwidth on RDMA fabrics reaches about 80 % of it
// (nccl-tests PERFORMANCE.md; 455.85 GB/s busbw on 2×8 H200 with 8×400 Gb/s IB, SkyPilot), TCP
// on Ethernet and TPU DCN about half (assumed).
constexpr double kRdmaEfficiency = 0.8;
constexpr double kTcpEfficiency = 0.5;
constexpr double kFastLinkEfficiency = 0.7; ///< NVLink / xGMI / ICI collectives (assumed)
// Share of data-parallel and expert communication hidden behind compute (overlap of gradient
// reduce-scatter with the backward pass, of all-to-all with other micro-batches): assumed.
constexpr double kDpOverlap = 0.8;
constexpr double kTpExposed = 0.5;
constexpr double kEpExposed = 0.5;
constexpr double kPpExposed = 0.5;
// Tokens per optimizer step: published runs use 4M (Llama 2/3 70B) to 16M (Llama 3 405B).
constexpr double kMinBatchTokens = 4.0e6;
constexpr double kMaxBatchTokens = 16.0e6;
constexpr double kWeightAndGradBytes = 4.0;   ///< bf16 weights + bf16 gradients, per parameter, per model-parallel shard
constexpr double kOptimizerBytes = 12.0;      ///< fp32 master, momentum, variance: sharded over data parallel too

// Failures: Llama 3 405B, 419 unexpected interruptions in 54 days on 16,384 H100 (arXiv 2407.21783,
// Table 5) = 1 per 50,700 GPU-hours.
constexpr double kFailuresPerChipHour = 419.0 / (16384.0 * 54.0 * 24.0);
constexpr double kCheckpointGBpsPerNode = 1.0; ///< Llama 3: 2 TB/s sustained for 2,048 nodes
// Restart after a failure (detect, reschedule, reload): 0.1–0.5 h, typical 0.25 (assumed;
// with it the model gives Llama 3's ">90 % effective training time").
constexpr Range kRestartHours{0.1, 0.25, 0.5};
// Spot: the share of instances reclaimed a month comes from catalog::SpotRate (the AWS Spot
// Advisor's band for the instance type and region; a wide default elsewhere). Getting the capacity
// back before the job restarts takes 0.5–4 h (assumed, wide).
constexpr Range kSpotRestartHours{0.5, 1.0, 4.0};

bool rdma(const QString &fabric)
{
    return fabric == u"infiniband"_s || fabric == u"efa"_s || fabric == u"roce"_s;
}

/// Scale-out bandwidth per chip, bytes per second, as achieved.
double scaleOutBytesPerChip(const ClusterShape &shape)
{
    const double share = rdma(shape.fabric) ? kRdmaEfficiency : kTcpEfficiency;
    return shape.gbpsPerNode * 1e9 / 8.0 * share / std::max(1, shape.acceleratorsPerNode);
}

double fastBytesPerChip(const ClusterShape &shape)
{
    return std::max(1.0, shape.fastGBps) * 1e9 * kFastLinkEfficiency;
}

QString fabricName(const QString &fabric)
{
    if (fabric == u"infiniband"_s)
        return u"InfiniBand"_s;
    if (fabric == u"efa"_s)
        return u"EFA"_s;
    if (fabric == u"roce"_s)
        return u"RoCE"_s;
    if (fabric == u"dcn"_s)
        return u"data-center network"_s;
    if (fabric == u"ethernet"_s)
        return u"Ethernet"_s;
    return u"no cluster network"_s;
}

QList<int> powersOfTwoUpTo(int limit)
{
    QList<int> values;
    for (int v = 1; v <= limit; v *= 2)
        values.append(v);
    return values;
}

/// The expert-parallel sizes a layout with \a dp data-parallel ranks can take: powers of two up to
/// the experts that divide dp, and the largest divisor as the layout search has always used; {1}
/// for a dense model.
QList<int> expertParallelSizes(const TrainingInput &input, int dp)
{
    if (!input.isMoe())
        return {1};
    int largest = std::min(input.experts.value_or(64), dp);
    while (largest > 1 && dp % largest != 0)
        --largest;
    QList<int> sizes;
    for (int ep : powersOfTwoUpTo(largest))
        if (dp % ep == 0)
            sizes.append(ep);
    if (sizes.constLast() != largest)
        sizes.append(largest);
    return sizes;
}

/// The layers, width and sequence as the layout search uses them (a Llama-like guess when not given).
struct LayerGeometry
{
    int layers;
    double hidden;
    double seq;
};

LayerGeometry layerGeometry(const TrainingInput &input)
{
    const double guessedHidden = std::cbrt(input.modelParams * 128.0 / 12.0);
    return {input.layers.value_or(std::max(1, int(std::lround(guessedHidden / 128.0)))),
            input.hidden ? double(*input.hidden) : guessedHidden, double(input.seqLen.value_or(4096))};
}

/// The routed experts' parameters (all of them, across layers) of a mixture of experts: with E
/// experts of e parameters, k of them active, total = shared + E·e and active = shared + k·e.
double routedExpertParams(const TrainingInput &input)
{
    if (!input.isMoe())
        return 0;
    const double experts = input.experts.value_or(64);
    const double active = input.activeExperts.value_or(8);
    if (experts <= active)
        return 0;
    return (input.modelParams - input.active()) / (experts - active) * experts;
}

/// Bytes per chip: weights and gradients split over the model-parallel group (the routed experts'
/// over the expert-parallel group too), optimizer states over every chip; activations with
/// per-layer recomputation, 1F1B keeping up to pp micro-batches in flight.
double bytesPerChip(const TrainingInput &input, const LayerGeometry &m, int tp, int pp, int dp, int ep = 1)
{
    const double routed = routedExpertParams(input);
    const double held = (input.modelParams - routed + routed / ep) / (tp * pp);
    const double states = held * kWeightAndGradBytes + input.modelParams / (tp * pp) * kOptimizerBytes / dp;
    const double activations = (2.0 * m.seq * m.hidden * m.layers / pp * std::min(pp, 4) + 34.0 * m.seq * m.hidden) / tp;
    return states + activations + kRuntimeOverheadBytes;
}

} // namespace

bool layoutFits(const TrainingInput &input, const catalog::Accelerator &accelerator, const ClusterShape &shape, int chips)
{
    const LayerGeometry m = layerGeometry(input);
    const double memory = accelerator.memoryGb * 1e9 * kUsableMemoryFraction;
    for (int tp = 1; tp <= std::min({8, shape.fastDomainChips, chips}); tp *= 2) {
        for (int pp = 1; pp <= std::min(m.layers, chips / tp); pp *= 2) {
            if (chips % (tp * pp) != 0)
                continue;
            const int dp = chips / (tp * pp);
            if (bytesPerChip(input, m, tp, pp, dp, expertParallelSizes(input, dp).constLast()) <= memory)
                return true;
        }
    }
    return false;
}

std::optional<int> ClusterShape::maxChips() const
{
    if (!maxNodes)
        return std::nullopt;
    return *maxNodes * acceleratorsPerNode;
}

namespace {

/// The reference cluster's figures, without its description.
ClusterShape referenceFigures(const catalog::Accelerator &accelerator)
{
    ClusterShape shape;
    const int domain = accelerator.maxDomainChips.value_or(1);
    const bool tpu = accelerator.id.startsWith(u"tpu"_s);
    shape.fastGBps = accelerator.interconnectGBps.value_or(32);
    if (tpu) {
        shape.acceleratorsPerNode = domain <= 256 ? 8 : 4;
        shape.fastDomainChips = domain;
        shape.fabric = u"dcn"_s;
        shape.gbpsPerNode = 200;
    } else {
        shape.acceleratorsPerNode = domain > 8 ? 4 : 8; // NVL72 racks are built of 4-GPU trays
        shape.fastDomainChips = std::max(1, domain);
        shape.fabric = u"infiniband"_s;
        shape.gbpsPerNode = 400.0 * shape.acceleratorsPerNode;
    }
    shape.assumed = true;
    return shape;
}

} // namespace

ClusterShape referenceShape(const catalog::Accelerator &accelerator)
{
    ClusterShape shape = referenceFigures(accelerator);
    shape.basis = Tr::tr("reference cluster for %1: %2 per node, %3 Gb/s %4 per node")
                      .arg(accelerator.id)
                      .arg(shape.acceleratorsPerNode)
                      .arg(shape.gbpsPerNode)
                      .arg(fabricName(shape.fabric));
    return shape;
}

ClusterShape clusterShape(const pricing::PriceRecord &offer, const catalog::Accelerator &accelerator,
                          const catalog::PlanningCatalog &catalog)
{
    return clusterShape(offer, accelerator,
                        catalog.findFabric(pricing::toString(offer.offerKind), offer.key.provider, offer.key.sku));
}

ClusterShape clusterShape(const pricing::PriceRecord &offer, const catalog::Accelerator &accelerator,
                          const catalog::FabricRule *rule)
{
    ClusterShape shape = rule ? referenceFigures(accelerator) : referenceShape(accelerator);
    const int perOffer = std::max(1, offer.acceleratorCount);
    // Single-accelerator VMs with no RDMA fabric listed (none known, or plain Ethernet) are not
    // joined into large clusters: capped at a few nodes.
    auto capSingleAccelerator = [&] {
        if (offer.offerKind != pricing::OfferKind::CloudVm || perOffer != 1 || shape.maxNodes
            || (rule && shape.fabric != u"ethernet"_s))
            return;
        shape.maxNodes = kSingleAcceleratorMaxNodes;
        shape.basis += Tr::tr("; single-accelerator VMs without a listed RDMA fabric: at most %1 nodes (judgement)")
                           .arg(kSingleAcceleratorMaxNodes);
    };
    if (!rule) {
        shape.acceleratorsPerNode = offer.offerKind == pricing::OfferKind::Tpu ? shape.acceleratorsPerNode : perOffer;
        shape.fastDomainChips = std::min(shape.fastDomainChips, shape.acceleratorsPerNode);
        capSingleAccelerator();
        return shape;
    }
    shape.acceleratorsPerNode = rule->acceleratorsPerNode.value_or(perOffer);
    const int domain = accelerator.maxDomainChips.value_or(1);
    shape.fastDomainChips = rule->fastDomainChips.value_or(std::min(domain, shape.acceleratorsPerNode));
    if (shape.fastDomainChips > domain)
        shape.fastDomainChips = std::max(domain, shape.acceleratorsPerNode);
    shape.fabric = rule->fabric;
    shape.gbpsPerNode = rule->gbpsPerNode;
    shape.maxNodes = rule->maxNodes;
    shape.rule = rule;
    shape.assumed = rule->source.confidence == u"assumed"_s;
    shape.basis = Tr::tr("%1 per node, %2; %3 (%4, %5)")
                      .arg(shape.acceleratorsPerNode)
                      .arg(shape.fabric == u"none"_s ? fabricName(shape.fabric)
                                                      : Tr::tr("%1 Gb/s %2 per node").arg(shape.gbpsPerNode).arg(fabricName(shape.fabric)),
                           rule->source.url.isEmpty() ? Tr::tr("default for %1 offers").arg(pricing::toString(offer.offerKind))
                                                      : rule->source.url,
                           rule->source.confidence, rule->source.asOf.toString(Qt::ISODate));
    capSingleAccelerator();
    return shape;
}

const ClusterShape &ClusterShapes::of(const pricing::PriceRecord &offer, const catalog::Accelerator &accelerator)
{
    const Key key{offer.offerKind, offer.key.provider, offer.key.sku, &accelerator, offer.acceleratorCount};
    if (const auto known = m_bySku.constFind(key); known != m_bySku.cend())
        return **known;
    const catalog::FabricRule *rule = m_catalog.findFabric(pricing::toString(offer.offerKind), offer.key.provider,
                                                           offer.key.sku);
    const ShapeKey shapeKey{rule, offer.offerKind, &accelerator, offer.acceleratorCount};
    const ClusterShape *shape = m_byShape.value(shapeKey);
    if (!shape) {
        shape = &m_shapes.emplace_back(clusterShape(offer, accelerator, rule));
        m_byShape.insert(shapeKey, shape);
    }
    m_bySku.insert(key, shape);
    return *shape;
}

ClusterLayout bestLayout(const TrainingInput &input, const catalog::Accelerator &accelerator, const ClusterShape &shape,
                         int chips, double mfu, bool describe)
{
    ClusterLayout best;
    best.nodes = shape.nodes(chips);
    const auto peak = accelerator.peakTflops(input.precision);
    // Nodes without a fabric cannot exchange gradients or activations: one node at most.
    if (!peak || chips < 1 || mfu <= 0 || (best.nodes > 1 && shape.fabric == u"none"_s))
        return best;
    const LayerGeometry m = layerGeometry(input);
    const int layers = m.layers;
    const double hidden = m.hidden;
    const double seq = m.seq;
    const double batchTokens = input.globalBatchTokens && *input.globalBatchTokens >= 1
                                   ? *input.globalBatchTokens
                                   : std::clamp(double(chips) * seq, kMinBatchTokens, kMaxBatchTokens);
    best.batchTokens = batchTokens;
    const double flopsPerStep = trainingFlops(input) / std::max(1.0, input.tokens) * batchTokens;
    const double compute = flopsPerStep / (double(chips) * *peak * 1e12 * mfu);
    const double memory = accelerator.memoryGb * 1e9 * kUsableMemoryFraction;
    const bool moe = input.isMoe();
    const int activeExperts = input.activeExperts.value_or(moe ? 8 : 1);
    const double fast = fastBytesPerChip(shape);
    const double scaleOut = shape.fabric == u"none"_s ? 0.0 : scaleOutBytesPerChip(shape);
    const int maxTp = std::min({8, shape.fastDomainChips, chips});

    double bestTime = 0;
    bool splitSequences = false; ///< a layout was passed over for giving replicas part of a sequence
    for (int attempt = 0; attempt < 2 && !best.fits && (attempt == 0 || splitSequences); ++attempt) {
        const bool wholeSequences = attempt == 0;
        for (int tp : powersOfTwoUpTo(maxTp)) {
            for (int pp : powersOfTwoUpTo(std::min(layers, chips / tp))) {
                if (chips % (tp * pp) != 0)
                    continue;
                const int dp = chips / (tp * pp);
                const double params = input.modelParams / (tp * pp);
                // Tokens one pipeline replica handles per step: at least one whole sequence
                // (splitting sequences, context parallelism, is not modelled) while a layout can.
                const double replicaTokens = batchTokens / dp;
                if (wholeSequences && dp > 1 && replicaTokens < seq) {
                    splitSequences = true;
                    continue;
                }
                StepTime dense;
                dense.compute = compute;
                if (tp > 1) {
                    const double bytes = 4.0 * 2.0 * (tp - 1) / tp * (double(layers) / pp) * replicaTokens * hidden * 2.0;
                    dense.tpComm = kTpExposed * bytes / fast;
                }
                if (pp > 1) {
                    // 1F1B with interleaved virtual stages of about two layers each, as Megatron runs
                    // large models (published layouts: Llama 3.1 405B PP 8 × VP 8, Llama 3 70B PP 8 ×
                    // VP 5, Qwen3 235B PP 4 × VP 12): the bubble shrinks by the number of chunks.
                    const double micro = std::max(1.0, replicaTokens / seq);
                    const double chunks = std::clamp(std::floor(double(layers) / pp / 2.0), 1.0, 12.0);
                    const double bubble = (pp - 1) / (chunks * micro + pp - 1);
                    dense.ppBubble = (dense.compute + dense.tpComm) * bubble / (1.0 - bubble);
                    // Each chunk boundary sends a micro-batch's activations forward and their
                    // gradients back (bf16, split over the tensor-parallel group); stages leave the fast
                    // domain (NVLink, ICI) once tp·pp does not fit in it. Counted with the bubble.
                    const double bytes = 2.0 * chunks * micro * seq * hidden * 2.0 / tp;
                    const double rate = tp * pp <= shape.fastDomainChips || best.nodes == 1 ? fast : scaleOut;
                    if (rate > 0)
                        dense.ppBubble += kPpExposed * bytes / rate;
                }
                // Model-parallel groups fill nodes first: data parallel crosses nodes once tp·pp does not
                // hold them all.
                const bool dpCrossesNodes = best.nodes > 1;
                const bool dpInFastDomain = chips <= shape.fastDomainChips;
                if (dp > 1) {
                    const double bytes = 4.0 * params * (dp - 1) / dp;
                    const double rate = dpInFastDomain || !dpCrossesNodes ? fast : scaleOut;
                    dense.dpComm = std::max(0.0, bytes / rate - kDpOverlap * dense.compute);
                }
                // A mixture of experts shards its routed experts over an expert-parallel group inside
                // the data-parallel ranks: a wider group holds fewer experts a chip but sends each
                // token's activations to its experts and back (dispatch and combine, forward and
                // backward) over the scale-out fabric once the group leaves the fast domain. The
                // search takes the group that gives the shortest step in memory, as Megatron and
                // MaxText deployments pick EP 8-64 inside NVLink or ICI domains at any scale.
                for (int ep : expertParallelSizes(input, dp)) {
                    const double perChip = bytesPerChip(input, m, tp, pp, dp, ep);
                    if (perChip > memory)
                        continue;
                    StepTime step = dense;
                    if (ep > 1) {
                        const double tokensPerChip = replicaTokens / tp;
                        const double bytes = (double(layers) / pp) * tokensPerChip * activeExperts * hidden * 2.0 * 4.0
                                             * (ep - 1) / ep;
                        const double rate = tp * ep <= shape.fastDomainChips || !dpCrossesNodes ? fast : scaleOut;
                        if (rate > 0)
                            step.epComm = kEpExposed * bytes / rate;
                    }
                    if (!best.fits || step.total() < bestTime) {
                        best.fits = true;
                        best.parallelism = {tp, pp, dp, ep};
                        best.step = step;
                        best.memoryPerChipGb = perChip / 1e9;
                        bestTime = step.total();
                    }
                }
            }
        }
    }
    if (!best.fits)
        return best;
    best.efficiency = best.step.compute / best.step.total();
    if (!describe)
        return best;
    const Parallelism &p = best.parallelism;
    QString layout = moe && p.ep > 1 ? Tr::tr("TP %1 × PP %2 × DP %3 (EP %4)").arg(p.tp).arg(p.pp).arg(p.dp).arg(p.ep)
                                     : Tr::tr("TP %1 × PP %2 × DP %3").arg(p.tp).arg(p.pp).arg(p.dp);
    // The parts of a step other than compute, worded by the same terms every presenter shows.
    QStringList parts;
    for (const Term &t : best.step.shares().terms()) {
        if (t.id == u"compute"_s || t.value < 0.005)
            continue;
        QString part = Tr::tr("%1 % %2").arg(QString::number(100.0 * t.value, 'f', 0), t.label);
        if (t.id == u"dp_comm"_s)
            part += best.nodes > 1 ? Tr::tr(" over %1 Gb/s %2").arg(shape.gbpsPerNode).arg(fabricName(shape.fabric))
                                   : Tr::tr(" inside the node");
        parts.append(part);
    }
    layout = Tr::tr("%1 on %2 node(s), %3M tokens a step%4")
                 .arg(layout)
                 .arg(best.nodes)
                 .arg(QString::number(best.batchTokens / 1e6, 'g', 3),
                      input.globalBatchTokens ? QString() : Tr::tr(" (assumed)"));
    best.summary = parts.isEmpty() ? Tr::tr("%1; communication hidden behind compute").arg(layout)
                                   : Tr::tr("%1; of each step: %2").arg(layout, parts.join(u", "_s));
    return best;
}

Interruptions interruptions(const TrainingInput &input, const ClusterShape &shape, int chips,
                            const catalog::SpotRate *spot, bool describe)
{
    Interruptions result;
    const int nodes = shape.nodes(chips);
    const double checkpointBytes = (kWeightAndGradBytes + kOptimizerBytes) * input.modelParams;
    const double checkpointHours = checkpointBytes / (nodes * kCheckpointGBpsPerNode * 1e9) / 3600.0;
    result.checkpointSeconds = checkpointHours * 3600.0;
    // Young: interval √(2·C·M); lost share C/τ + (τ/2 + R)/M.
    auto kept = [&](double perHour, double restart) {
        if (perHour <= 0)
            return 1.0;
        const double interval = std::sqrt(2.0 * checkpointHours / perHour);
        const double lost = checkpointHours / interval + perHour * (interval / 2.0 + restart);
        return std::clamp(1.0 - lost, 0.0, 1.0);
    };
    const double failures = kFailuresPerChipHour * chips;
    result.failureGoodput = {kept(failures, kRestartHours.high), kept(failures, kRestartHours.typical),
                             kept(failures, kRestartHours.low)};
    result.spotKept = {1, 1, 1};
    if (spot) {
        auto spotRate = [&](double monthly) { return monthly / kHoursPerMonth * nodes; };
        result.spotKept = {kept(spotRate(spot->monthlyHigh), kSpotRestartHours.high),
                           kept(spotRate(spot->monthlyTypical), kSpotRestartHours.typical),
                           kept(spotRate(spot->monthlyLow), kSpotRestartHours.low)};
    }
    if (!describe)
        return result;
    result.basis = Tr::tr("failures 1 per %1 chip-hours (Llama 3 405B, arXiv 2407.21783) on %2 chips; checkpoint %3 s at "
                          "%4 GB/s per node, Young's interval, restart 0.1–0.5 h")
                       .arg(QString::number(1.0 / kFailuresPerChipHour, 'f', 0))
                       .arg(chips)
                       .arg(QString::number(result.checkpointSeconds, 'f', 0))
                       .arg(kCheckpointGBpsPerNode);
    auto percent = [](double share) { return QString::number(share * 100, 'g', 3); };
    if (spot && spot->published())
        result.basis += Tr::tr("; spot: %1 of %2 instances in %3 reclaimed a month (AWS Spot Advisor band, %4; "
                               "read as %5–%6 %), %7 node(s), 0.5–4 h to get capacity back")
                            .arg(spot->band, spot->instanceType, spot->region,
                                 spot->source.asOf.toString(Qt::ISODate), percent(spot->monthlyLow),
                                 percent(spot->monthlyHigh))
                            .arg(nodes);
    else if (spot)
        result.basis += Tr::tr("; spot: %1–%2 % of nodes reclaimed a month (default: no published rate for this "
                               "offer), %3 node(s), 0.5–4 h to get capacity back")
                            .arg(percent(spot->monthlyLow), percent(spot->monthlyHigh))
                            .arg(nodes);
    return result;
}

} // namespace accelplan::planning
