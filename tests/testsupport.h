#pragma once

#include "core/catalog/acceleratorcatalog.h"
#include "core/pricing/pricesheetparser.h"

#include <QDate>
#include <QTemporaryDir>

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

/// A small tmpfs mounted on a scratch folder for the test's lifetime, to see a full or read-only
/// disk (needs root: CI runs as root; `mounted` is false otherwise and the test skips).
struct TmpfsMount
{
    QTemporaryDir dir;
    bool mounted = false;

    explicit TmpfsMount(const QString &options);
    ~TmpfsMount();
    TmpfsMount(const TmpfsMount &) = delete;
    TmpfsMount &operator=(const TmpfsMount &) = delete;

    /// Fills the file system with a file named \a name (dd stops at "No space left on device").
    void fill(const QString &name = QStringLiteral("filler")) const;
};

/// Runs a system command; true when it exited 0.
bool runCommand(const QString &program, const QStringList &arguments);

} // namespace accelplan::test
