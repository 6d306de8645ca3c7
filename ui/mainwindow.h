#pragma once

#include "core/planning/plan/compare.h"

#include "core/catalog/planningcatalog.h"

#include <functional>
#include <memory>

#include "core/net/pricefetch.h"
#include "core/pricing/pricedatabase.h"
#include "ui/prices/databasesession.h"

#include <QDate>
#include <QMainWindow>
#include <QPageSize>

class QMenu;
class QStandardItemModel;
class QLabel;
class QTableView;
class QTabWidget;

namespace accelplan::catalog {
class AcceleratorCatalog;
}

namespace accelplan::ui {

class OfferFilterProxyModel;
class OfferTableModel;
class CompareView;
class GlossaryDialog;
class ProfilesDialog;
class DiscountsDialog;
class QuotesDialog;
class ActualsDialog;
class PlannerView;
class PricesView;
class ScenarioDocument;

/// The main window: the planner (scenario files, undo, charts) and the prices (every current
/// offer filterable and sortable, its provenance and history, the sheets, import with a
/// preview, manual edits, export), with where the prices come from in the status bar. It uses
/// the price database and the catalog it is given and owns neither.
class MainWindow : public QMainWindow
{
    Q_OBJECT

public:
    MainWindow(pricing::PriceDatabase &database, const catalog::AcceleratorCatalog &catalog,
               QWidget *parent = nullptr);
    ~MainWindow() override;

    OfferTableModel *offerModel() const;
    OfferFilterProxyModel *offerProxy() const;
    QTableView *offerTable() const;
    PlannerView *planner() const { return m_planner; }
    PricesView *prices() const { return m_prices; }
    CompareView *compare() const { return m_compare; }
    ScenarioDocument *document() const { return m_document; }
    QString scenarioPath() const;
    QStandardItemModel *historyModel() const;
    QStandardItemModel *sheetsModel() const;

    /// Opens a scenario file into the planner; on failure the planner keeps what it had.
    Status openScenario(const QString &path);
    /// Previews \a path in the import dialog and imports it if the user confirms.
    void importFile(const QString &path);
    /// Prices > Update from Providers: downloads \a endpoints (the shipped ones when empty) in the
    /// update dialog, then previews each download in the import dialog and imports the ones the
    /// user confirms (each all or nothing); returns the providers imported.
    QStringList updateFromProviders(QList<net::Endpoint> endpoints = {});
    /// The status bar's age of the prices: past Settings::priceAgeWarningDays it offers the update.
    QString pricesAgeText() const;
    /// After the prices changed: the recent scenarios (and the open one, when saved) whose
    /// recommended cost moved by more than 5 % against \a before, told in a notice that does not
    /// block; returned for the caller.
    QList<planning::CostMove> noticeCostMoves(const planning::PlanInputs &before);
    /// Opens a shipped example (a resource path) as an untitled scenario.
    Status openExample(const QString &resource);
    /// Saves the planner's scenario to \a path (atomically) and makes it the current file.
    Status saveScenarioAs(const QString &path);
    /// Writes the offers shown in the Prices table as a native CSV sheet.
    Status exportShownPrices(const QString &path) const;
    /// Stores a manual sheet (a price edit) and reloads.
    Status saveManualSheet(const pricing::ParsedSheet &sheet);
    /// Writes the PDF budget report of the planner's current plan (the report the CLI writes).
    Status exportReport(const QString &path, QPageSize::PageSizeId pageSize = QPageSize::A4, int top = 10) const;
    /// Replaces the planner's scenario with a new one (after asking about unsaved changes).
    bool newScenario();
    /// The About box: the version, the date of the shipped prices and that of the database's prices.
    QString aboutText() const;
    /// Switches the window to the database at \a location (a postgresql:// URL or an SQLite
    /// path) and reloads; on failure the window keeps its database. When a team database cannot
    /// be reached, \a offerSnapshot is asked whether to open its local snapshot read-only (the
    /// window asks with a message box when it is not given).
    Status connectDatabase(const QString &location,
                           std::function<bool(const QString &question)> offerSnapshot = {});
    /// Marks the window's database as the read-only local snapshot of the team database \a url
    /// (empty: a live database): imports and edits are off and the status bar says so.
    void setSnapshotOf(const QString &url);
    /// Catalog > Throughput Profiles: the dialog listing the user's profiles (made when first asked for).
    ProfilesDialog *showProfiles();
    /// Prices > Negotiated Discounts: the dialog of the team's discounts (made when first asked for).
    DiscountsDialog *showDiscounts();
    /// Prices > Vendor Quotes: the dialog listing the team's quotes (made when first asked for).
    QuotesDialog *showQuotes();
    /// Prices > Plan vs Actual: the bill against the planner's plan (made when first asked for).
    ActualsDialog *showActuals();

public Q_SLOTS:
    /// Reads a fresh snapshot of the current prices, FX rates, sheets and the user's throughput
    /// profiles from the database, and replans on it (F5).
    void reload();
    void focusSearch();
    bool save();

protected:
    void closeEvent(QCloseEvent *event) override;
    void showEvent(QShowEvent *event) override;
    bool eventFilter(QObject *watched, QEvent *event) override;

private:
    /// A fetched Spot Instance Advisor feed: what it would change, asked, then stored (all or
    /// nothing); true once imported.
    bool importSpotBands(const net::Endpoint &endpoint, const net::FetchOutcome &outcome,
                         const net::FetchSettings &settings);
    void createActions();
    void openDialog();
    bool saveAsDialog();
    void importDialog();
    void editPrice();
    void exportDialog();
    void exportReportDialog();
    bool maybeSave();
    void addRecentFile(const QString &path);
    void fillRecentMenu();
    void updateTitle();
    QString lastDirectory() const;
    void rememberDirectory(const QString &path);
    void showError(const QString &title, const Error &error);
    void createStatusBar();
    void connectDialog();
    bool refuseWhenReadOnly();
    void updateStatus();
    void showAbout();
    void showGlossary();
    void readSettings();
    void writeSettings() const;

    pricing::PriceDatabase &m_database;
    const catalog::AcceleratorCatalog &m_catalog;
    DatabaseSession m_session; ///< reads m_database's snapshots and connects it elsewhere

    ScenarioDocument *m_document = nullptr;
    QStringList m_modelIds; ///< the planning catalog's model presets, for opening scenarios
    QDate m_pricesAsOf;
    QMenu *m_recentMenu = nullptr;
    QAction *m_undo = nullptr;
    QAction *m_redo = nullptr;
    QTabWidget *m_tabs = nullptr;
    PlannerView *m_planner = nullptr;
    PricesView *m_prices = nullptr;
    CompareView *m_compare = nullptr;
    GlossaryDialog *m_glossary = nullptr; ///< made when first asked for
    ProfilesDialog *m_profilesDialog = nullptr; ///< made when first asked for
    DiscountsDialog *m_discountsDialog = nullptr; ///< made when first asked for
    QuotesDialog *m_quotesDialog = nullptr;       ///< made when first asked for
    ActualsDialog *m_actualsDialog = nullptr;     ///< made when first asked for
    QLabel *m_asOfLabel = nullptr;
    QLabel *m_databaseLabel = nullptr;
    QLabel *m_countLabel = nullptr;
};

} // namespace accelplan::ui
