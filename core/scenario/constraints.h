#pragma once

#include "core/pricing/pricetypes.h"

#include <QList>
#include <QStringList>

#include <optional>

namespace accelplan::scenario {

/// Which offers a plan may use. Empty lists allow everything. Part of a scenario; the planners
/// read it (planning::allows).
struct Constraints
{
    QStringList providers; ///< case-insensitive
    QList<pricing::OfferKind> offerKinds;
    QStringList regions;
    QList<pricing::PriceModel> priceModels;
    QStringList accelerators; ///< catalog ids
    int maxChips = 4096;
    std::optional<double> budget; ///< in the display currency
};

} // namespace accelplan::scenario
