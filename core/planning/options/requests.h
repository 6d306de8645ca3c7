#pragma once

#include "core/planning/options/inferenceplanner.h"
#include "core/planning/options/trainingplanner.h"
#include "core/scenario/scenario.h"

namespace accelplan::planning {

/// The one mapping from a scenario's sections to the planners' requests, used by `plan`, by
/// `train` and `serve` (which fill the same sections from their options) and by the window: the
/// model preset's sizes where the section gives none, precisions, framework, constraints,
/// currency. An unknown preset, or training without model_params and tokens, is an error.
Result<TrainingRequest> trainingRequest(const scenario::Scenario &scenario, const catalog::PlanningCatalog &catalog);
Result<InferenceRequest> inferenceRequest(const scenario::Scenario &scenario, const catalog::PlanningCatalog &catalog);

} // namespace accelplan::planning
