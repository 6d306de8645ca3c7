#include "core/planning/model/modelshape.h"

namespace accelplan::planning {

void applyPreset(const catalog::ModelPreset &preset, ModelShape &shape)
{
    shape.modelParams = preset.totalParams;
    if (preset.activeParams < preset.totalParams)
        shape.activeParams = preset.activeParams;
    shape.layers = preset.layers;
    shape.hidden = preset.hidden;
    shape.heads = preset.heads;
    shape.kvHeads = preset.kvHeads;
    shape.headDim = preset.headDim;
    shape.kvLoraRank = preset.kvLoraRank;
    shape.qkRopeHeadDim = preset.qkRopeHeadDim;
    shape.slidingWindow = preset.slidingWindow;
    shape.slidingLayers = preset.slidingLayers;
    shape.experts = preset.experts;
    shape.activeExperts = preset.activeExperts;
    shape.fp4ExpertsOnly = preset.fp4ExpertsOnly;
}

} // namespace accelplan::planning
