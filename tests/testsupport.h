#pragma once

#include "core/catalog/acceleratorcatalog.h"
#include "core/pricing/pricesheetparser.h"

#include <QDate>

#include <QString>

namespace accelplan::test {

/// The shipped catalog, loaded once (a test failure if it does not load).
const catalog::AcceleratorCatalog &shippedCatalog();

/// A path under tests/data.
QString dataPath(const QString &relative);
/// A shipped example scenario (data/examples/NAME).
QString examplePath(const QString &name);


/// The newest as_of (else effective_date) of data/prices/*.csv, read with nothing but the CSV
/// tokenizer, so the program's own reading of the shipped sheets is checked, not repeated.
QDate newestShippedPriceDate();

/// Provider price files: the record of one offer, or nullptr.
const pricing::PriceRecord *findRecord(const pricing::ParsedSheet &sheet, const QString &sku, const QString &region,
                                       pricing::PriceModel model);
/// Provider price files: how many rows were left out for \a reason (0 if none).
int skippedFor(const pricing::ParsedSheet &sheet, const QString &reason);

} // namespace accelplan::test
