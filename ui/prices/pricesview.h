#pragma once

#include "core/pricing/fxtable.h"
#include "core/pricing/pricedatabase.h"
#include "core/pricing/pricetypes.h"

#include <QHash>
#include <QWidget>

#include <optional>

class QComboBox;
class QModelIndex;
class QSplitter;
class QStandardItemModel;
class QTableView;
class QTextBrowser;

namespace accelplan::catalog {
class AcceleratorCatalog;
}

namespace accelplan::ui {

class OfferFilterBar;
class OfferFilterProxyModel;
class OfferTableModel;

/// The prices browser: every current offer, filterable and sortable, in a display currency, with
/// the selected offer's details (what is offered, where the price comes from), its price history
/// and the stored sheet versions. It shows the snapshot it is given; it reads the database only for
/// the history of the offer selected.
class PricesView : public QWidget
{
    Q_OBJECT

public:
    PricesView(const pricing::PriceDatabase &database, const catalog::AcceleratorCatalog &catalog,
               QWidget *parent = nullptr);

    /// Shows a new snapshot, keeping the selected offer selected. \a loadError, when not empty,
    /// says why the offers could not all be read; the details pane shows it.
    void setSnapshot(QList<pricing::PriceRecord> offers, pricing::FxTable fx, QList<pricing::SheetInfo> sheets,
                     const QString &loadError);

    OfferTableModel *offerModel() const { return m_offerModel; }
    OfferFilterProxyModel *offerProxy() const { return m_offerProxy; }
    QTableView *offerTable() const { return m_offerTable; }
    QStandardItemModel *historyModel() const { return m_historyModel; }
    QStandardItemModel *sheetsModel() const { return m_sheetsModel; }
    /// The stored sheets of the snapshot, by id.
    const QList<pricing::SheetInfo> &sheets() const { return m_sheetList; }

    /// The offers the filters let through, in the table's order.
    QList<pricing::PriceRecord> shownOffers() const;
    std::optional<pricing::PriceRecord> selectedOffer() const;
    /// Every stored price of \a offer (the same SKU under another price model is another offer).
    QList<pricing::PriceRecord> storedHistory(const pricing::PriceRecord &offer) const;
    /// "12 offers priced" or "3 / 12 offers priced".
    QString countText() const;

    void focusSearch();
    QString displayCurrency() const;
    void setDisplayCurrency(const QString &currency);
    QByteArray saveState() const;
    void restoreState(const QByteArray &state);

Q_SIGNALS:
    /// The user asked to edit the selected offer's price (double click).
    void editRequested();
    /// The number of offers shown changed.
    void countChanged();

private:
    QWidget *createFilterBar();
    void fillCurrencyCombo();
    void fillSheets();
    void applyFilters();
    void resizeColumns();
    void showOffer(const QModelIndex &proxyIndex);
    void showHistory(const pricing::PriceRecord &offer);

    const pricing::PriceDatabase &m_database;
    const catalog::AcceleratorCatalog &m_catalog;
    OfferTableModel *m_offerModel = nullptr;
    OfferFilterProxyModel *m_offerProxy = nullptr;
    QList<pricing::SheetInfo> m_sheetList;
    QHash<qint64, pricing::SheetInfo> m_sheets;
    QString m_loadError;

    OfferFilterBar *m_filterBar = nullptr;
    QComboBox *m_currencyCombo = nullptr;
    QStandardItemModel *m_historyModel = nullptr;
    QStandardItemModel *m_sheetsModel = nullptr;
    QSplitter *m_splitter = nullptr;
    QTableView *m_offerTable = nullptr;
    QTextBrowser *m_detailPane = nullptr;
};

} // namespace accelplan::ui
