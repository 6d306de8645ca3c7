#pragma once

#include "core/common/diagnostic.h"
#include "core/pricing/pricetypes.h"

#include <QByteArray>
#include <QDate>
#include <QList>

#include <atomic>

class QIODevice;

namespace accelplan::catalog {
class AcceleratorCatalog;
}

namespace accelplan::pricing {

/// Whether a reader's cancel flag (null: no flag) is set.
inline bool cancelledBy(const std::atomic<bool> *cancel)
{
    return cancel && cancel->load();
}

enum class SheetFormat { Auto, Csv, Json };
std::optional<SheetFormat> sheetFormatFromString(const QString &text);

/// A native price sheet after complete validation. If diagnostics hold any error, records must
/// not be written anywhere: import is all or nothing.
struct ParsedSheet
{
    QString fileName; ///< as given, for messages
    QString format;   ///< the import format it was read as ("aws-json"), when read through SheetReader
    QByteArray sha256; ///< hex digest of the file's bytes
    QList<PriceRecord> records;
    Diagnostics diagnostics; ///< every error and warning, in file order
    int rowCount = 0;        ///< data rows read, good or bad
    /// Provider price files: rows left out, by reason ("not Linux": 1234), in the order met.
    QList<std::pair<QString, int>> skipped;
    /// Provider price files: accelerator instance types the mapping table does not know.
    QStringList unknownTypes;
    /// Prices quarantined as outliers (see outliers.h): errors, or warnings where accepted.
    int outliers = 0;

    bool ok() const { return !hasErrors(diagnostics); }
    /// Counts \a count rows left out for \a reason (a new reason goes last: the order first met).
    void skip(const QString &reason, int count = 1);
};

/// Reads and validates the native price-sheet format (CSV or JSON, see README), reporting
/// every bad row as FILE:LINE: error: FIELD: what is wrong.
/// The largest native JSON sheet read (parsed whole, unlike a CSV sheet, which streams).
constexpr qint64 kMaxJsonSheetBytes = qint64(256) << 20;

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
