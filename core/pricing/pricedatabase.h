#pragma once

#include "core/catalog/planningcatalog.h"
#include "core/common/diagnostic.h"
#include "core/pricing/actuals.h"
#include "core/pricing/dblocation.h"
#include "core/pricing/discount.h"
#include "core/pricing/quote.h"
#include "core/pricing/sheetdiff.h"
#include "core/pricing/fxtable.h"
#include "core/pricing/pricetypes.h"

#include <QDateTime>
#include <QList>
#include <QSqlDatabase>
#include <QSqlError>
#include <QSqlQuery>
#include <QVariantList>
#include <QString>

#include <chrono>
#include <functional>
#include <memory>

namespace accelplan::catalog {
class AcceleratorCatalog;
}

namespace accelplan::pricing {

struct ParsedSheet;
class ServerWatch;

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
    /// false: leave each price's notes empty. They are the longest text of a row and nothing a
    /// plan shows; reading them is a third of reading 17,000 prices.
    bool withNotes = true;
};

/// What a database's content is, engine-neutral: rows per table and a SHA-256 of every row in
/// id order (`db copy` verifies a copy with it).
struct ContentDigest
{
    QList<QPair<QString, qint64>> rows; ///< table, row count, in copy order
    QByteArray sha256;                  ///< hex
    bool operator==(const ContentDigest &other) const = default;
};

/// How to open a database.
struct OpenOptions
{
    bool seed = true;      ///< seed a brand-new database with the shipped sheets and FX rates
    bool readOnly = false; ///< SQLite only: open an existing file for reading (a local snapshot)
    bool walJournal = true; ///< SQLite only: write-ahead log (false: a rollback journal, for a snapshot)
};

/// What a write does while another holds the database's write lock (an import, `db copy`, an FX
/// import elsewhere): \a waiting is told once, when the wait begins, in words ("waiting for another
/// import to finish on …"); \a cancelled is asked about every 0.2 s and, once it says true, the
/// write gives up with ErrorKind::Interrupted and nothing written. Both may be empty.
struct WriteWait
{
    std::function<void(const QString &message)> waiting;
    std::function<bool()> cancelled;
};

/// The price database: offers, dated prices grouped in sheets, FX rates, in SQLite (a file) or
/// PostgreSQL (a team's server, `postgresql://` URLs). Both hold the same schema.
/// One instance owns one named connection; use an instance from one thread only.
class PriceDatabase
{
public:
    ~PriceDatabase();
    PriceDatabase(const PriceDatabase &) = delete;
    PriceDatabase &operator=(const PriceDatabase &) = delete;

    /// Where the database lives unless --db says otherwise (under AppDataLocation).
    static QString defaultPath();

    /// How long a write waits for another's write lock before it gives up (exit 2 in the CLI);
    /// the environment variable ACCELPLAN_LOCK_TIMEOUT (seconds) overrides it.
    static constexpr int kWriteLockTimeoutSeconds = 60;
    /// How long a PostgreSQL server may take to accept a connection or to answer a statement (no
    /// row arriving or leaving) before the database gives up on it; ACCELPLAN_DB_TIMEOUT
    /// (seconds) overrides it.
    static constexpr int kServerTimeoutSeconds = 30;
    static std::chrono::milliseconds writeLockTimeout();
    static std::chrono::milliseconds serverTimeout();

    /// Opens and migrates the database at \a location: an SQLite path (the folder and file are
    /// created if needed) or a PostgreSQL URL (see DbLocation). A new database is seeded with the
    /// shipped price sheets and FX rates from data/ unless options.seed is false.
    static Result<std::unique_ptr<PriceDatabase>> open(const QString &location,
                                                      const catalog::AcceleratorCatalog &catalog,
                                                      OpenOptions options = {});

    /// The SQLite path or the PostgreSQL URL (never with a password).
    QString path() const { return m_location.display(); }
    const DbLocation &location() const { return m_location; }
    bool isReadOnly() const { return m_readOnly; }
    int schemaVersion() const;
    /// Exchanges the connections of two open databases (the window switching databases while
    /// its views keep a reference to one PriceDatabase).
    void swap(PriceDatabase &other) noexcept;

    /// How a write waits for another's write lock (see WriteWait).
    void setWriteWait(WriteWait wait) { m_writeWait = std::move(wait); }

    /// Rows per table and a checksum of the whole content.
    Result<ContentDigest> contentDigest() const;
    /// Copies every sheet, offer, price, FX rate and profile file of \a source, ids kept, into
    /// this database in one transaction, and checks the copy's digest equals the source's before
    /// committing. This database must hold no sheets unless \a replace, which empties it first.
    Result<ContentDigest> copyFrom(const PriceDatabase &source, bool replace = false);

    /// Writes a validated sheet as a new sheet version in one transaction (or, for a dry run,
    /// only computes what it would do). Refuses a sheet that has errors. A file whose hash
    /// matches an earlier sheet is not imported twice: alreadyImportedAs says which.
    Result<ImportSummary> importSheet(const ParsedSheet &sheet, const QString &name, const QString &source,
                                      bool dryRun, SheetKind kind = SheetKind::Import);

    /// Current prices matching \a filter (of each offer, the price in force that outranks the
    /// others: not approximate before approximate, then the newest effective; see diffSheet), or the
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

    /// The newest fetched spot interruption band of each provider, instance type and region (read
    /// by catalog::SpotRate::fromBand), with its source and date; they replace the shipped bands.
    Result<QList<catalog::SpotRate>> spotRates() const;
    /// Stores fetched bands in one transaction, each dated by its source.as_of; counts them against
    /// the newest stored band of the same key (changed: another band). \a dryRun writes nothing.
    Result<FxImportSummary> importSpotRates(const QList<catalog::SpotRate> &rates, bool dryRun);

    /// The team's negotiated discounts, in the order entered (the last entered wins where several
    /// match an offer: applyDiscounts).
    Result<QList<Discount>> discounts() const;
    /// Stores \a discounts in one transaction, each stamped with \a enteredBy and the time; their ids.
    Result<QList<qint64>> addDiscounts(const QList<Discount> &discounts, const QString &enteredBy);
    /// Removes the discount \a id; false (and nothing changed) when there is none.
    Result<bool> removeDiscount(qint64 id);
    /// Vendors' quotes, in the order entered, expired ones too (the plan says they expired).
    Result<QList<Quote>> quotes() const;
    /// Stores \a quotes in one transaction, each stamped with \a enteredBy and the time; their ids.
    Result<QList<qint64>> addQuotes(const QList<Quote> &quotes, const QString &enteredBy);
    /// Removes the quote \a id; false (and nothing changed) when there is none.
    Result<bool> removeQuote(qint64 id);

    /// Actual spend: every stored charge, oldest file first.
    Result<QList<ActualCharge>> actuals() const;
    /// Stores the charges of one FOCUS file (its name and SHA-256 kept with each) in one
    /// transaction; a file already imported (the same SHA-256) is refused and nothing is written.
    Status importActuals(const QList<ActualCharge> &charges, const QString &fileName, const QByteArray &sha256);
    /// What importActualsFile() did: charges kept, other charges left out, their total.
    struct ActualsImport
    {
        qsizetype charges = 0;
        int leftOut = 0;
        double total = 0;
    };
    /// Reads the FOCUS export at \a path (readFocusActuals, keeping the charges of \a skus: "provider|sku"
    /// keys, actualsKey()), or an OpenCost allocation export (readOpenCostActuals, as the charges of
    /// \a openCost's SKU; without one it is refused, saying what to give), and stores them with the
    /// file's SHA-256 (importActuals); \a dryRun writes nothing.
    Result<ActualsImport> importActualsFile(const QString &path, const QSet<QString> &skus, bool dryRun,
                                            const std::optional<OpenCostTarget> &openCost = std::nullopt);
    /// The "provider|sku" keys (actualsKey()) of every current offer: the SKUs a bill's charges are kept for.
    Result<QSet<QString>> pricedSkus() const;

    /// A user profile file as added by `catalog add-profile` (validated by the caller).
    struct ProfileFile
    {
        QString name;
        QByteArray content;
        qint64 id = 0;    ///< as stored; 0 before it is
        QString addedAt{}; ///< ISO 8601, UTC
        bool enabled = true; ///< a disabled file is kept but not planned with
    };
    Status addProfileFile(const ProfileFile &file);
    /// Every stored profile file, oldest first, disabled ones included.
    Result<QList<ProfileFile>> profileFiles() const;
    /// Removes the profile file \a id; false (and nothing changed) when there is none.
    Result<bool> removeProfileFile(qint64 id);
    /// Enables or disables the profile file \a id; false (and nothing changed) when there is none.
    Result<bool> setProfileFileEnabled(qint64 id, bool enabled);

    /// The newest as_of (else effective) date of any price in force today: "prices as of".
    QDate pricesAsOf() const;

private:
    PriceDatabase(DbLocation location, QString connectionName);
    static Result<std::unique_ptr<PriceDatabase>> openSqlite(const DbLocation &location,
                                                            const catalog::AcceleratorCatalog &catalog,
                                                            OpenOptions options);
    static Result<std::unique_ptr<PriceDatabase>> openPostgres(const DbLocation &location,
                                                              const catalog::AcceleratorCatalog &catalog,
                                                              OpenOptions options);
    /// Creates or migrates the schema and seeds a new database, inside the caller's exclusive
    /// write transaction.
    Status setUp(const catalog::AcceleratorCatalog &catalog, bool seed, bool empty);
    /// A failed statement in words a user can act on: \a what, then why (a full disk, a read-only
    /// file, a missing privilege, a server that stopped answering, a lost connection, else the
    /// driver's text). The one place that reads the drivers' error codes.
    Error failure(const QString &what, const QSqlError &error, bool write) const;
    Error writeError(const QString &what, const QSqlQuery &query) const;
    Error readError(const QString &what, const QSqlQuery &query) const;
    /// PostgreSQL: the connection is gone (the server ended it, or it stopped answering).
    bool connectionLost() const;
    /// Refuses a write on a read-only snapshot.
    Status checkWritable() const;
    /// Imports the shipped sheets and FX rates inside the set-up transaction open() holds.
    Status seedSheetsAndRates(const catalog::AcceleratorCatalog &catalog);
    // Writes run in their own transaction, or inside the seeding one. The transaction is
    // exclusive from its start (SQLite: BEGIN IMMEDIATE; PostgreSQL: an advisory lock), so two
    // imports of one file at once end with one sheet.
    /// Takes the write lock of \a table (PostgreSQL: LOCK TABLE … IN EXCLUSIVE MODE, which needs
    /// a maintainer's UPDATE privilege, so a reader cannot hold imports up), waiting in short slices
    /// that check m_writeWait, at most writeLockTimeout().
    Status beginWrite(const QString &table);
    Status commitWrite();
    void rollbackWrite();
    /// Inside a write begun with beginWrite(): runs the prepared \a write once for each of \a count
    /// rows with the values \a row gives, then commits; on a failure rolls back and returns the error
    /// of \a what ("writing discounts"). \a ids, when given, gets each row's new id.
    Status writeRows(QSqlQuery &write, qsizetype count, const std::function<QVariantList(qsizetype)> &row,
                     const QString &what, QList<qint64> *ids = nullptr);
    /// Deletes row \a id of \a table (an error of \a what on failure); false when there is none.
    Result<bool> removeRow(const QString &table, qint64 id, const QString &what);
    Result<QList<PriceRecord>> selectPrices(const QString &joinAndWhere, const QVariantList &bindings,
                                            const QString &orderBy, bool withNotes = true) const;
    QSqlDatabase database() const;

    DbLocation m_location;
    QString m_connectionName;
    std::unique_ptr<ServerWatch> m_watch; ///< PostgreSQL only
    WriteWait m_writeWait;
    bool m_inSeedTransaction = false;
    bool m_readOnly = false;
    static constexpr int kBusyTimeoutMs = 10000;
};

} // namespace accelplan::pricing
