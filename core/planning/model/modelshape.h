#pragma once

#include "core/catalog/planningcatalog.h"

#include <optional>

namespace accelplan::planning {

/// A model's size and architecture, as training and serving both need it: taken from a preset
/// (applyPreset) or given field by field; an empty field is not known.
struct ModelShape
{
    double modelParams = 0;
    std::optional<double> activeParams; ///< MoE: parameters active per token
    std::optional<int> layers;
    std::optional<int> hidden;
    std::optional<int> heads;
    std::optional<int> kvHeads;
    std::optional<int> headDim;       ///< empty: hidden / heads
    std::optional<int> kvLoraRank;    ///< multi-head latent attention (DeepSeek): the cached latent
    std::optional<int> qkRopeHeadDim; ///< MLA: the decoupled rotary key cached beside the latent
    std::optional<int> slidingWindow; ///< tokens a sliding-window layer attends to
    std::optional<int> slidingLayers; ///< how many of the layers use that window
    std::optional<int> experts;       ///< MoE: routed experts per layer
    std::optional<int> activeExperts; ///< MoE: experts each token is sent to
    /// At fp4, only the experts' weights are 4-bit and the activations stay wider (gpt-oss's MXFP4
    /// checkpoint): the other weights are bf16 and compute runs at the activations' precision.
    bool fp4ExpertsOnly = false;

    double active() const { return activeParams.value_or(modelParams); }
    bool isMoe() const { return activeParams && *activeParams < modelParams; }

    bool operator==(const ModelShape &) const = default;
};

/// Takes a preset's size and architecture (every field of the shape).
void applyPreset(const catalog::ModelPreset &preset, ModelShape &shape);

} // namespace accelplan::planning
