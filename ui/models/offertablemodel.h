#pragma once

#include "core/pricing/fxtable.h"
#include "core/pricing/pricetypes.h"

#include <QAbstractTableModel>
#include <QList>
#include <QString>

#include <optional>

namespace accelplan::catalog {
class AcceleratorCatalog;
}

namespace accelplan::ui {

/// The current price of every offer, one row each, over a snapshot taken from the price
/// database. Display text is locale-formatted; RawValueRole gives the value behind it (double,
/// int, QDate or QString) for sorting, CSV and charts. A price that cannot be converted to the
/// display currency has no raw value and shows "no rate", never the unconverted number.
class OfferTableModel : public QAbstractTableModel
{
    Q_OBJECT

public:
    enum Column {
        Provider,
        Kind,
        Sku,
        Accelerator,
        Chips,
        AcceleratorMemory,
        Vcpus,
        Region,
        PriceModel,
        Price,
        PriceInDisplayCurrency,
        PricePerChipHour,
        EffectiveDate,
        Age,
        Confidence,
        ColumnCount
    };
    Q_ENUM(Column)

    enum Role {
        RawValueRole = Qt::UserRole + 1, ///< the unformatted value; invalid when there is none
        OfferRowRole,                    ///< the row of the offer in this model, for offer()
    };
    Q_ENUM(Role)

    explicit OfferTableModel(QObject *parent = nullptr);

    /// Replaces the snapshot. \a fxTable converts prices to \a displayCurrency (ISO 4217).
    void setOffers(QList<pricing::PriceRecord> offers, pricing::FxTable fxTable, QString displayCurrency);
    /// The catalog the memory column reads (it outlives the model); none: the column is empty.
    void setAccelerators(const catalog::AcceleratorCatalog *accelerators) { m_accelerators = accelerators; }
    /// Converts the same snapshot to another currency.
    void setDisplayCurrency(const QString &displayCurrency);

    const QList<pricing::PriceRecord> &offers() const { return m_offers; }
    const pricing::PriceRecord &offer(int row) const { return m_offers.at(row); }
    const pricing::FxTable &fxTable() const { return m_fxTable; }
    QString displayCurrency() const { return m_displayCurrency; }

    /// The price of \a row in the display currency; nullopt when no exchange rate is known.
    std::optional<pricing::Conversion> convertedPrice(int row) const;
    /// Price per chip and hour in the display currency. Only hourly prices have one.
    std::optional<double> pricePerChipHour(int row) const;

    /// Words for the user: "Cloud VM", "1-year commit", "55.04 USD/h".
    static QString offerKindLabel(pricing::OfferKind kind);
    static QString priceModelLabel(pricing::PriceModel model);
    static QString unitSuffix(pricing::PriceUnit unit);
    static QString formatPrice(const Decimal &price, const QString &currency, pricing::PriceUnit unit);
    static QString formatAmount(double amount, const QString &currency, int decimals = 2);
    /// Source URL, as-of date, sheet id and line, confidence and notes, as plain text.
    static QString provenanceText(const pricing::PriceRecord &offer);

    int rowCount(const QModelIndex &parent = {}) const override;
    int columnCount(const QModelIndex &parent = {}) const override;
    QVariant data(const QModelIndex &index, int role = Qt::DisplayRole) const override;
    QVariant headerData(int section, Qt::Orientation orientation, int role = Qt::DisplayRole) const override;

private:
    QVariant displayData(int row, int column) const;
    QVariant rawData(int row, int column) const;
    bool isNoRate(int row, int column) const;

    void convertAll();

    QList<pricing::PriceRecord> m_offers;
    const catalog::AcceleratorCatalog *m_accelerators = nullptr;
    /// GB of memory of one accelerator of \a row's offer, from the catalog.
    std::optional<double> acceleratorMemory(int row) const;
    QList<std::optional<pricing::Conversion>> m_converted; ///< one per offer, in the display currency
    pricing::FxTable m_fxTable;
    QString m_displayCurrency;
};

} // namespace accelplan::ui
