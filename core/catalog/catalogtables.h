#pragma once

// The rows of the shipped catalog tables (data/catalog/*.csv), each read one way with its errors
// named at their line and column. Internal to core/catalog.
#include "core/catalog/planningcatalog.h"
#include "core/common/csvtable.h"

#include <optional>

namespace accelplan::catalog::tables {

/// source_url, as_of, confidence and notes.
Source readSource(const CsvRecord &r);
/// low, typical and high as a band 0 < low <= typical <= high <= 1.
std::optional<Range> readBand(const CsvRecord &r);

std::optional<FrameworkFit> readFrameworkFit(const CsvRecord &r);           ///< frameworks.csv
std::optional<ScaleBand> readScaleBand(const CsvRecord &r);                 ///< scaling.csv
std::optional<EgressTier> readEgressTier(const CsvRecord &r);               ///< egress.csv
std::optional<ApiPrice> readApiPrice(const CsvRecord &r);                   ///< api_prices.csv
std::optional<StoragePrice> readStoragePrice(const CsvRecord &r);           ///< storage.csv
std::optional<SupportTier> readSupportTier(const CsvRecord &r);             ///< support_plans.csv
std::optional<FabricRule> readFabricRule(const CsvRecord &r);               ///< fabrics.csv
std::optional<CapacityBlockRule> readCapacityBlockRule(const CsvRecord &r); ///< capacity_blocks.csv
std::optional<GridIntensity> readGridIntensity(const CsvRecord &r);         ///< grid_intensity.csv
std::optional<SpotRate> readSpotRate(const CsvRecord &r);                   ///< spot_interruption.csv

} // namespace accelplan::catalog::tables
