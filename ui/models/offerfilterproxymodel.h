#pragma once

#include <QList>
#include <QSortFilterProxyModel>
#include <QString>

namespace accelplan::ui {

/// Filters and sorts an OfferTableModel (or the option tables, given their columns). Sorting uses the raw values (RawValueRole), so
/// "1,200" never sorts before "900"; rows without a value (no exchange rate, not hourly) sort
/// last in either order. Each filter is an exact match on the raw value (the sheet spelling,
/// e.g. "cloud_vm", "on_demand") and an empty filter matches everything; the search text is
/// matched, ignoring case, against provider, SKU, accelerator and region.
class OfferFilterProxyModel : public QSortFilterProxyModel
{
    Q_OBJECT

public:
    /// Which source columns hold the filtered values (their RawValueRole), and which the search
    /// text looks in.
    struct Columns
    {
        int provider = -1;
        int kind = -1;
        int accelerator = -1;
        int priceModel = -1;
        QList<int> search;
    };
    /// Filters an OfferTableModel.
    explicit OfferFilterProxyModel(QObject *parent = nullptr);
    /// Filters any model whose rows are offers (or options on offers) with these columns.
    OfferFilterProxyModel(Columns columns, QObject *parent);

    QString providerFilter() const { return m_provider; }
    QString offerKindFilter() const { return m_offerKind; }
    QString acceleratorFilter() const { return m_accelerator; }
    QString priceModelFilter() const { return m_priceModel; }
    QString searchText() const { return m_searchText; }

    void setProviderFilter(const QString &provider);
    void setOfferKindFilter(const QString &offerKind);
    void setAcceleratorFilter(const QString &accelerator);
    void setPriceModelFilter(const QString &priceModel);
    void setSearchText(const QString &text);

protected:
    bool filterAcceptsRow(int sourceRow, const QModelIndex &sourceParent) const override;
    bool lessThan(const QModelIndex &sourceLeft, const QModelIndex &sourceRight) const override;

private:
    void setFilterValue(QString &member, const QString &value);

    Columns m_columns;
    QString m_provider;
    QString m_offerKind;
    QString m_accelerator;
    QString m_priceModel;
    QString m_searchText;
};

} // namespace accelplan::ui
