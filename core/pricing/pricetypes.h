#pragma once

#include "core/common/decimal.h"

#include <QDate>
#include <QString>
#include <QStringList>

#include <memory>
#include <optional>

namespace accelplan::pricing {

enum class OfferKind { CloudVm, DedicatedServer, Tpu, Marketplace, Owned };
/// CapacityBlock: capacity reserved for a fixed number of days and paid whole (AWS EC2 Capacity
/// Blocks for ML, Google Cloud calendar-mode reservations), priced per instance-hour.
enum class PriceModel { OnDemand, Spot, Commit1y, Commit3y, Monthly, Purchase, CapacityBlock };
enum class PriceUnit { Hour, Month, OneTime };

/// The spelling used in sheets, the database and the CLI ("cloud_vm", "commit_1y", "hour").
QString toString(OfferKind kind);
QString toString(PriceModel model);
QString toString(PriceUnit unit);
std::optional<OfferKind> offerKindFromString(const QString &text);
std::optional<PriceModel> priceModelFromString(const QString &text);
std::optional<PriceUnit> priceUnitFromString(const QString &text);
QStringList offerKindNames();
QStringList priceModelNames();
QStringList priceUnitNames();

/// The unit a price model is quoted in: hourly for on-demand, spot and commitments (effective
/// hourly rates), monthly for monthly servers, one-time for purchases.
PriceUnit unitFor(PriceModel model);

/// What identifies an offer: a provider sells one SKU in one region on one price model.
/// Provider, SKU and region compare without regard to case ("aws" is "AWS"): the spelling
/// first stored is kept.
struct OfferKey
{
    QString provider;
    QString sku;
    QString region;
    PriceModel priceModel = PriceModel::OnDemand;

    friend bool operator==(const OfferKey &a, const OfferKey &b)
    {
        return a.priceModel == b.priceModel && a.provider.compare(b.provider, Qt::CaseInsensitive) == 0
               && a.sku.compare(b.sku, Qt::CaseInsensitive) == 0
               && a.region.compare(b.region, Qt::CaseInsensitive) == 0;
    }
};
size_t qHash(const OfferKey &key, size_t seed = 0) noexcept;

/// How a quote's price stands against the vendor's list price for the same SKU and price model
/// and against the market: every other offer of the chip on the same price model, per chip-hour
/// (per chip for a purchase), in the quote's currency.
struct QuoteComparison
{
    double perChip = 0;              ///< the quote's price per chip-hour (per chip bought)
    QString unit;                    ///< "USD/chip-h", "USD/chip"
    std::optional<double> list;      ///< the vendor's own list price, where the database has it
    std::optional<double> marketLow; ///< over the market's offers, none when it has none
    std::optional<double> marketHigh;
    int marketOffers = 0;
    /// "quote 2.10 USD/chip-h; list 3.90; market 1.85–2.60 across 9 offers"
    QString text() const;
};

/// What a vendor's quote (quote.h) adds to the offer it becomes: its terms and how its price
/// compares, shared by the offer's copies.
struct QuoteTerms
{
    qint64 id = 0;
    QString description;     ///< Quote::describe()
    QDate validUntil;
    int minimumTermMonths = 0; ///< paid for at least this many months (730 h each)
    int minimumInstances = 0;  ///< paid for at least this many instances (servers)
    QuoteComparison comparison;
};

/// One priced row as read from a sheet or stored in the database: the offer and one dated price.
/// A price read more than this many days before the day it is used for is stale.
constexpr int kStaleAfterDays = 180;

/// The confidences of a third-party or recalled price ("approximate", "remembered"). A price not
/// so marked — a provider's own price file (always "exact"), an exact sheet row, a manual price —
/// supersedes them for the same offer whatever their dates; among prices of one standing, the
/// latest effective wins.
QStringList approximateConfidences();
bool isApproximate(const QString &confidence);

struct PriceRecord
{
    OfferKey key;
    OfferKind offerKind = OfferKind::CloudVm;
    QString accelerator; ///< catalog id
    int acceleratorCount = 1;
    std::optional<int> vcpus;
    std::optional<Decimal> ramGb;

    Decimal price;    ///< for the whole SKU, in currency per unit
    QString currency; ///< ISO 4217
    PriceUnit unit = PriceUnit::Hour;
    QDate effectiveDate; ///< when the price took effect
    QDate asOf; ///< when the price was read: the source's publication date, else the import
    std::optional<Decimal> setupFee;
    QString sourceUrl;
    QString confidence; ///< exact | approximate | remembered, or empty
    QString notes;
    /// Under a negotiated discount (discount.h): the list price, price then being the effective
    /// one, and the overlay that made it.
    std::optional<Decimal> listPrice{};
    QString discountSource{};
    /// An offer a vendor quoted the team (quote.h): its terms; null for a list price.
    std::shared_ptr<const QuoteTerms> quote{};

    // Provenance inside the database (0 when not stored yet).
    qint64 sheetId = 0;
    int sheetLine = 0;

    /// Days from when the price was read (as_of) to \a on.
    qint64 ageDays(const QDate &on) const { return asOf.isValid() ? asOf.daysTo(on) : 0; }
    bool stale(const QDate &on) const { return ageDays(on) > kStaleAfterDays; }
};

/// The columns of the native price-sheet format, in the order export writes them.
QStringList nativeColumns();
QStringList requiredNativeColumns();

} // namespace accelplan::pricing
