#pragma once

#include "core/pricing/pricetypes.h"

#include <QDate>
#include <QHash>
#include <QList>
#include <QVariant>

#include <optional>

namespace accelplan::pricing {

/// What importing a sheet does to one offer.
struct PriceChange
{
    enum class Kind { Added, Changed, Unchanged, Historical };
    Kind kind = Kind::Added;
    OfferKey key;
    int line = 0;
    QString oldPrice; ///< "98.32 USD/hour": the current stored price; empty when added
    QDate oldEffectiveDate; ///< when the current stored price took effect
    QString oldConfidence;  ///< of the current stored price
    QString newPrice;
    QString newConfidence;
    /// The row, not approximate, replaces a current approximate (third-party) price, whatever
    /// their dates. A Historical approximate row under a current one not approximate is history
    /// because of that standing, not its date.
    bool supersedesApproximate = false;
    /// Changed in the same currency and unit: new ÷ old − 1 (−0.44 for 98.32 → 55.04).
    std::optional<double> move;
};

struct ImportSummary
{
    qint64 sheetId = 0;          ///< the new sheet; 0 for a dry run or an already-imported file
    qint64 alreadyImportedAs = 0; ///< set when a sheet with the same file hash exists
    int rowCount = 0;
    int added = 0;
    int changed = 0;
    int unchanged = 0;
    int historical = 0; ///< rows the stored current price outranks (see diffSheet): history only
    /// Added to changed or unchanged: rows that replace a current approximate third-party price.
    int supersededApproximate = 0;
    QList<PriceChange> changes; ///< one per row, in file order
};

/// An offer as stored, with its current price: what a new sheet row is compared with.
struct StoredOffer
{
    qint64 id = 0; ///< the offers row
    QString offerKind;
    QString accelerator;
    int acceleratorCount = 0;
    QVariant vcpus;
    QVariant ramGb;
    QString price;
    QString currency;
    QString unit;
    QDate effectiveDate;
    QString confidence;
};

/// Compares each of \a records with the stored offer of the same key: added (none stored),
/// historical (the stored current price outranks it), unchanged (same price, currency, unit, kind,
/// accelerator and count) or changed. A price outranks another when it is not approximate and the
/// other is (isApproximate), else when it took effect later; so a provider's own file supersedes
/// an approximate third-party row whatever the dates. Appends one change per record, in order, to
/// \a summary and counts them. Pure: the database reads \a stored and writes what this decides.
void diffSheet(const QList<PriceRecord> &records, const QHash<OfferKey, StoredOffer> &stored, ImportSummary *summary);

/// "supersedes 4 approximate third-party rows", or empty when none: for import summaries.
QString supersededText(const ImportSummary &summary);

/// The \a count changed prices that moved most (by |move|, the larger first; file order on ties).
QList<PriceChange> biggestMoves(const ImportSummary &summary, int count);

} // namespace accelplan::pricing
