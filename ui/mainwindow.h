#pragma once

#include "core/catalog/planningcatalog.h"

#include <memory>

#include "core/pricing/pricedatabase.h"

#include <QDate>
#include <QHash>
#include <QMainWindow>

class QComboBox;
class QLabel;
class QLineEdit;
class QModelIndex;
class QSplitter;
class QTableView;
class QTabWidget;
class QTextBrowser;

namespace accelplan::catalog {
class AcceleratorCatalog;
}

namespace accelplan::ui {

class OfferFilterProxyModel;
class PlannerView;
class OfferTableModel;

/// The main window: every current offer in a filterable, sortable table, the provenance of the
/// selected one, and where the prices come from in the status bar. It reads the price database
/// and the catalog it is given and owns neither.
class MainWindow : public QMainWindow
{
    Q_OBJECT

public:
    MainWindow(pricing::PriceDatabase &database, const catalog::AcceleratorCatalog &catalog,
               QWidget *parent = nullptr);
    ~MainWindow() override;

    OfferTableModel *offerModel() const { return m_offerModel; }
    OfferFilterProxyModel *offerProxy() const { return m_offerProxy; }
    QTableView *offerTable() const { return m_offerTable; }
    PlannerView *planner() const { return m_planner; }

public Q_SLOTS:
    /// Reads a fresh snapshot of the current prices, FX rates and sheets from the database.
    void reload();
    void focusSearch();

protected:
    void closeEvent(QCloseEvent *event) override;

private:
    void createActions();
    QWidget *createFilterBar();
    void createStatusBar();
    void fillFilterCombos();
    void fillCurrencyCombo();
    void applyFilters();
    void showOffer(const QModelIndex &proxyIndex);
    void updateStatus();
    void resizeColumns();
    void showAbout();
    void readSettings();
    void writeSettings() const;

    pricing::PriceDatabase &m_database;
    const catalog::AcceleratorCatalog &m_catalog;

    OfferTableModel *m_offerModel = nullptr;
    OfferFilterProxyModel *m_offerProxy = nullptr;
    QHash<qint64, pricing::SheetInfo> m_sheets;
    QString m_loadError;
    QDate m_pricesAsOf;

    QLineEdit *m_searchEdit = nullptr;
    QComboBox *m_providerCombo = nullptr;
    QComboBox *m_kindCombo = nullptr;
    QComboBox *m_acceleratorCombo = nullptr;
    QComboBox *m_priceModelCombo = nullptr;
    QComboBox *m_currencyCombo = nullptr;
    QSplitter *m_splitter = nullptr;
    QTableView *m_offerTable = nullptr;
    QTabWidget *m_tabs = nullptr;
    PlannerView *m_planner = nullptr;
    std::shared_ptr<const catalog::PlanningCatalog> m_planningCatalog;
    QTextBrowser *m_detailPane = nullptr;
    QLabel *m_asOfLabel = nullptr;
    QLabel *m_databaseLabel = nullptr;
    QLabel *m_countLabel = nullptr;
};

} // namespace accelplan::ui
