#pragma once

#include "core/common/diagnostic.h"
#include "core/pricing/importers/instanceshape.h"
#include "core/pricing/parsedsheet.h"

#include <QHash>

#include <atomic>
#include <optional>

class QIODevice;

namespace accelplan::pricing {

/// An Azure VM size as the catalog knows it (data/catalog/azure_skus.csv). The Retail Prices
/// API has no GPU model or count field, so the size name is the only way to them.
using AzureSku = InstanceShape;

/// The shipped armSkuName table, keyed by armSkuName as written there ("Standard_ND96isr_H100_v5").
Result<QHash<QString, AzureSku>> loadAzureSkus();

/// Reads one Azure Retail Prices API response page, or many (pages saved one after another in
/// one file, or a JSON array of pages), streaming: each element of "Items" is built on its own, so
/// memory stays flat whatever the number of pages. Kept: serviceName "Virtual Machines", Linux
/// (productName without " Windows"), unitOfMeasure "1 Hour", sizes in \a skus (matched without
/// regard to case); "Consumption" items as on_demand or, with a " Spot" meter, spot; "Reservation"
/// 1 Year / 3 Years as commit_1y / commit_3y, whose retailPrice is the whole-term price and is
/// divided by (years × 8760) hours. Skipped items are counted by reason; GPU sizes (Standard_N…)
/// missing from \a skus are listed so the table can grow. A reserved hourly rate above the
/// on-demand price of the same size and region, and a second price for one offer, are warnings.
/// Reading stops when \a cancel is set, and a cancelled read returns no records.
ParsedSheet parseAzureJson(QIODevice *device, const QString &fileName, const QHash<QString, AzureSku> &skus,
                           const std::atomic<bool> *cancel = nullptr);

} // namespace accelplan::pricing
