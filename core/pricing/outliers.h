#pragma once

#include "core/pricing/fxtable.h"
#include "core/pricing/pricesheetparser.h"

namespace accelplan::pricing {

/// Bounds outside which a price is taken for a mistake (an expired 0.01/h item, a whole-term
/// reservation read as hourly) rather than an offer. Per accelerator-hour in USD: the cheapest
/// marketplace cards rent for about $0.10-0.30 and the dearest list price (a GB300 GPU-hour) is
/// under $20, so the bounds sit far outside what real offers do (reference/prices.md).
struct OutlierBounds
{
    double floorUsdPerAcceleratorHour = 0.05;
    double ceilingUsdPerAcceleratorHour = 150;
    /// A spot, commitment or capacity-block price against the on-demand price of the same offer.
    double aboveOnDemand = 1.5;
    double belowOnDemand = 0.05;
};

/// Quarantines the outliers among \a sheet's records: each becomes an error on its line, field
/// "price", so the sheet cannot be imported — or, when \a accept, a warning, with the record's
/// confidence lowered to "approximate" and the reason added to its notes. Prices in a currency
/// \a fx cannot convert are judged only against their own on-demand price. Sets sheet.outliers;
/// returns it.
int quarantineOutliers(ParsedSheet &sheet, const FxTable &fx, bool accept, const OutlierBounds &bounds = {});

/// The exchange rates shipped in data/fx/rates.csv, loaded once.
const FxTable &shippedFxTable();

} // namespace accelplan::pricing
