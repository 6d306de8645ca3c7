#pragma once

#include "core/catalog/planningcatalog.h"
#include "core/common/range.h"

#include <QList>

#include <functional>

namespace accelplan::catalog {

/// What an accelerator's stand-ins (PlanningCatalog::findStandIns) say together: their median, in
/// a band that holds each of theirs. Training and serving both use it. \a scale, where given,
/// multiplies each stand-in's band first (a precision credit).
Range standInEfficiency(const QList<const Profile *> &standIns, const std::function<double(const Profile &)> &scale = {});

} // namespace accelplan::catalog
