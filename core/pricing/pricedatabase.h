#pragma once

#include "core/common/diagnostic.h"
#include "core/pricing/sheetdiff.h"
#include "core/pricing/fxtable.h"
#include "core/pricing/pricetypes.h"

#include <QDateTime>
#include <QList>
#include <QSqlDatabase>
#include <QVariantList>
#include <QString>

#include <memory>

namespace accelplan::catalog {
class AcceleratorCatalog;
}

namespace accelplan::pricing {

struct ParsedSheet;

enum class SheetKind { Import, Seed, Manual };
QString toString(SheetKind kind);

/// One imported price sheet version, as listed by `prices sheets`.
struct SheetInfo
{
    qint64 id = 0;
    QString name;
    QString source; ///< the file it came from
    QString kind;   ///< import | seed | manual
    QDateTime importedAt;
    QString fileHash;
    int rowCount = 0;
    int addedCount = 0;
    int changedCount = 0;
    int unchangedCount = 0;
    int historicalCount = 0;
};

struct FxImportSummary
{
    int added = 0;
    int changed = 0;
    int unchanged = 0;
};

/// Which offers `prices list` shows. Empty strings and unset optionals match everything.
struct OfferFilter
{
    QString provider; ///< case-insensitive
    QString accelerator; ///< catalog id
    QString region;
    std::optional<OfferKind> kind;
    std::optional<PriceModel> priceModel;
    qint64 sheetId = 0; ///< when set: the rows of that sheet, not the current prices
    QDate asOf;         ///< current prices as of this date; today when null
};

/// The price database: offers, dated prices grouped in sheets, FX rates, in SQLite.
/// One instance owns one named connection; use an instance from one thread only.
class PriceDatabase
{
public:
    ~PriceDatabase();
    PriceDatabase(const PriceDatabase &) = delete;
    PriceDatabase &operator=(const PriceDatabase &) = delete;

    /// Where the database lives unless --db says otherwise (under AppDataLocation).
    static QString defaultPath();

    /// Opens (creating the folder and file if needed) and migrates the database at \a path.
    /// A new database is seeded with the shipped price sheets and FX rates from data/.
    static Result<std::unique_ptr<PriceDatabase>> open(const QString &path,
                                                      const catalog::AcceleratorCatalog &catalog);

    QString path() const { return m_path; }
    int schemaVersion() const;

    /// Writes a validated sheet as a new sheet version in one transaction (or, for a dry run,
    /// only computes what it would do). Refuses a sheet that has errors. A file whose hash
    /// matches an earlier sheet is not imported twice: alreadyImportedAs says which.
    Result<ImportSummary> importSheet(const ParsedSheet &sheet, const QString &name, const QString &source,
                                      bool dryRun, SheetKind kind = SheetKind::Import);

    /// Current prices (the newest effective price of each offer) matching \a filter, or the
    /// rows of one sheet when filter.sheetId is set. Sorted by provider, sku, region, model.
    Result<QList<PriceRecord>> prices(const OfferFilter &filter = {}) const;
    /// Every stored price of the offers with this SKU, oldest first.
    Result<QList<PriceRecord>> history(const QString &sku, const QString &provider = {},
                                       const QString &region = {}) const;
    Result<QList<SheetInfo>> sheets() const;
    /// How many stored prices take effect after \a date (scheduled changes).
    Result<int> pricesEffectiveAfter(QDate date) const;

    Result<FxTable> fxTable() const;
    Result<FxImportSummary> importFxRates(const QList<FxRate> &rates, bool dryRun);

    /// A user profile file as added by `catalog add-profile` (validated by the caller).
    struct ProfileFile
    {
        QString name;
        QByteArray content;
    };
    Status addProfileFile(const ProfileFile &file);
    Result<QList<ProfileFile>> profileFiles() const;

    /// The newest as_of (else effective) date of any price in force today: "prices as of".
    QDate pricesAsOf() const;

private:
    PriceDatabase(QString path, QString connectionName);
    /// Imports the shipped sheets and FX rates inside the set-up transaction open() holds.
    Status seedSheetsAndRates(const catalog::AcceleratorCatalog &catalog);
    // Writes run in their own transaction, or inside the seeding one.
    bool beginWrite();
    bool commitWrite();
    void rollbackWrite();
    Result<QList<PriceRecord>> selectPrices(const QString &joinAndWhere, const QVariantList &bindings,
                                            const QString &orderBy) const;
    QSqlDatabase database() const;

    QString m_path;
    QString m_connectionName;
    bool m_inSeedTransaction = false;
    static constexpr int kBusyTimeoutMs = 10000;
};

} // namespace accelplan::pricing
