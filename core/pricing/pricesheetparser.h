#pragma once

#include "core/common/diagnostic.h"
#include "core/pricing/parsedsheet.h"
#include "core/pricing/pricetypes.h"

#include <QDate>

#include <optional>

class QIODevice;

namespace accelplan::catalog {
class AcceleratorCatalog;
}

namespace accelplan::pricing {

enum class SheetFormat { Auto, Csv, Json };
std::optional<SheetFormat> sheetFormatFromString(const QString &text);

/// The largest native JSON sheet read (parsed whole, unlike a CSV sheet, which streams).
constexpr qint64 kMaxJsonSheetBytes = qint64(256) << 20;

/// Reads and validates the native price-sheet format (CSV or JSON, see README), reporting
/// every bad row as FILE:LINE: error: FIELD: what is wrong.

class PriceSheetParser
{
public:
    /// \a defaultDate is the effective date of rows that give neither effective_date nor as_of.
    PriceSheetParser(const catalog::AcceleratorCatalog &catalog, QDate defaultDate);

    ParsedSheet parseFile(const QString &path, SheetFormat format = SheetFormat::Auto) const;
    /// \a device must be open and seekable; \a fileName names it in diagnostics.
    ParsedSheet parse(QIODevice *device, const QString &fileName, SheetFormat format = SheetFormat::Auto) const;

private:
    const catalog::AcceleratorCatalog &m_catalog;
    QDate m_defaultDate;
};

} // namespace accelplan::pricing
