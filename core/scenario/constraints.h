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
    // Procurement rules (training and serving):
    bool excludeSpot = false;
    bool excludeMarketplace = false;
    bool wholeNodes = false;                  ///< chip counts in whole nodes (TPU hosts included)
    std::optional<double> minScaleOutGbps;    ///< per node; offers with less are not used
    QStringList fabrics;                      ///< required scale-out fabric(s): infiniband, efa, roce, ethernet, dcn

    bool operator==(const Constraints &) const = default;
};

} // namespace accelplan::scenario
