#pragma once

#include "core/common/diagnostic.h"
#include "core/pricing/pricetypes.h"

#include <QByteArray>
#include <QList>
#include <QString>
#include <QStringList>

#include <atomic>
#include <utility>

namespace accelplan::pricing {

/// Whether a reader's cancel flag (null: no flag) is set.
inline bool cancelledBy(const std::atomic<bool> *cancel)
{
    return cancel && cancel->load();
}

/// A price sheet after complete validation, whatever format it was read from (every importer's
/// output). If diagnostics hold any error, records must not be written anywhere: import is all
/// or nothing.
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

} // namespace accelplan::pricing
