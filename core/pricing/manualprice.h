#pragma once

#include "core/pricing/pricesheetparser.h"

namespace accelplan::pricing {

/// A one-row sheet that sets a new price for an existing offer, for the window's "Edit price"
/// (imported with SheetKind::Manual, so the change keeps its own sheet version and history).
/// The offer keeps every other field; its source becomes \a note. A price that is not positive,
/// an invalid date or an empty note is an error in the sheet's diagnostics.
ParsedSheet manualPriceSheet(const PriceRecord &offer, const QString &priceText, QDate effectiveDate,
                             const QString &note, const QDateTime &editedAt);

} // namespace accelplan::pricing
