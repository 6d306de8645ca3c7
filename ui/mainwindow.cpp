#include "ui/mainwindow.h"

#include "core/catalog/acceleratorcatalog.h"
#include "ui/models/offerfilterproxymodel.h"
#include "ui/models/offertablemodel.h"
#include "core/pricing/sheetexporter.h"
#include "core/pricing/shippedprices.h"
#include "ui/planner/plancharts.h"
#include "ui/planner/plannerview.h"
#include "ui/prices/importdialog.h"
#include "ui/prices/priceeditdialog.h"
#include "ui/report/budgetreport.h"
#include "ui/widgets/offerfilterbar.h"

#include <QAction>
#include <QApplication>
#include <QCloseEvent>
#include <QComboBox>
#include <QCoreApplication>
#include <QDir>
#include <QFileDialog>
#include <QFileInfo>
#include <QSaveFile>
#include <QStandardItemModel>
#include <QUndoStack>
#include <QHBoxLayout>
#include <QHeaderView>
#include <QItemSelectionModel>
#include <QKeySequence>
#include <QLabel>
#include <QLineEdit>
#include <QLocale>
#include <QMenuBar>
#include <QMessageBox>
#include <QSet>
#include <QScreen>
#include <QSettings>
#include <QRegularExpression>
#include <QSplitter>
#include <QStatusBar>
#include <QTabWidget>
#include <QTableView>
#include <QTextBrowser>
#include <QVBoxLayout>

#include <algorithm>

using namespace Qt::StringLiterals;

namespace accelplan::ui {

using pricing::PriceRecord;

namespace {

const QString kGeometryKey = u"MainWindow/geometry"_s;
const QString kSplitterKey = u"MainWindow/splitterState"_s;
const QString kDisplayCurrencyKey = u"MainWindow/displayCurrency"_s;
const QString kDefaultDisplayCurrency = u"USD"_s;
const QString kLastDirectoryKey = u"Files/lastDirectory"_s;
const QString kRecentFilesKey = u"Files/recent"_s;
constexpr int kMaxRecentFiles = 8;
const QString kScenarioFilter = u"Accelplan scenarios (*.accelplan)"_s;

// Offered first in the currency box; other currencies follow when the FX table knows them.
const QStringList kPreferredCurrencies = {u"USD"_s, u"EUR"_s, u"GBP"_s};

constexpr int kMaxColumnWidth = 190;
constexpr int kMaxNameColumnWidth = 150;

QString isoDate(const QDate &date)
{
    return date.isValid() ? date.toString(Qt::ISODate) : QString();
}

} // namespace

MainWindow::MainWindow(pricing::PriceDatabase &database, const catalog::AcceleratorCatalog &catalog,
                       QWidget *parent)
    : QMainWindow(parent), m_database(database), m_catalog(catalog)
{
    setWindowTitle(tr("Accelplan"));
    m_offerModel = new OfferTableModel(this);
    m_offerModel->setAccelerators(&m_catalog);
    m_offerProxy = new OfferFilterProxyModel(this);
    m_offerProxy->setSourceModel(m_offerModel);

    m_planner = new PlannerView(this);
    m_planner->setObjectName(u"planner"_s);
    m_tabs = new QTabWidget(this);
    m_tabs->setObjectName(u"mainTabs"_s);
    m_tabs->addTab(m_planner, tr("&Planner"));
    m_tabs->addTab(createPricesView(), tr("P&rices"));
    setCentralWidget(m_tabs);

    createActions();
    createStatusBar();

    connect(m_planner->undoStack(), &QUndoStack::cleanChanged, this, &MainWindow::updateTitle);
    connect(m_planner, &PlannerView::offerSelected, this, [this](const PriceRecord &offer) {
        m_planner->charts()->setPriceHistory(offer.key.provider + u' ' + offer.key.sku + u", "_s + offer.key.region,
                                             storedHistory(offer));
    });
    connect(m_offerTable->selectionModel(), &QItemSelectionModel::selectionChanged, this, [this] {
        showOffer(m_offerTable->selectionModel()->selectedRows().value(0));
    });
    connect(m_offerProxy, &QAbstractItemModel::modelReset, this, &MainWindow::updateStatus);
    connect(m_offerProxy, &QAbstractItemModel::layoutChanged, this, &MainWindow::updateStatus);
    connect(m_offerProxy, &QAbstractItemModel::rowsInserted, this, &MainWindow::updateStatus);
    connect(m_offerProxy, &QAbstractItemModel::rowsRemoved, this, &MainWindow::updateStatus);

    readSettings();
    reload();
    updateTitle();
}

MainWindow::~MainWindow()
{
    // ~QWidget destroys the children after this class is gone, and they still signal as they go
    // (the undo stack emits cleanChanged while it clears): no slot of a half-destroyed MainWindow
    // may run then.
    disconnect(m_planner->undoStack(), nullptr, this, nullptr);
    disconnect(m_planner, nullptr, this, nullptr);
    disconnect(m_offerProxy, nullptr, this, nullptr);
    disconnect(m_offerTable->selectionModel(), nullptr, this, nullptr);
}

QWidget *MainWindow::createFilterBar()
{
    m_filterBar = new OfferFilterBar(QString(), false, this);
    connect(m_filterBar, &OfferFilterBar::changed, this, &MainWindow::applyFilters);
    m_currencyCombo = m_filterBar->addCombo(u"displayCurrency"_s, tr("&Currency:"), tr("Display currency"), 4);
    m_currencyCombo->setToolTip(tr("Prices are converted to this currency with the stored exchange rates"));
    connect(m_currencyCombo, &QComboBox::currentIndexChanged, this, [this] {
        const QString currency = m_currencyCombo->currentData().toString();
        if (currency.isEmpty())
            return;
        m_offerModel->setDisplayCurrency(currency);
        resizeColumns();
        showOffer(m_offerTable->selectionModel()->selectedRows().value(0));
    });
    return m_filterBar;
}

QWidget *MainWindow::createPricesView()
{
    auto *central = new QWidget(this);
    auto *layout = new QVBoxLayout(central);
    layout->setContentsMargins(6, 6, 6, 0);
    layout->addWidget(createFilterBar());

    m_offerTable = new QTableView(central);
    m_offerTable->setObjectName(u"offerTable"_s);
    m_offerTable->setAccessibleName(tr("Offers"));
    m_offerTable->setAccessibleDescription(tr("The current price of every offer; select one to see its source"));
    m_offerTable->setModel(m_offerProxy);
    m_offerTable->setSortingEnabled(true);
    m_offerTable->setAlternatingRowColors(true);
    m_offerTable->setSelectionBehavior(QAbstractItemView::SelectRows);
    m_offerTable->setSelectionMode(QAbstractItemView::SingleSelection);
    m_offerTable->setEditTriggers(QAbstractItemView::NoEditTriggers);
    m_offerTable->setWordWrap(false);
    m_offerTable->setHorizontalScrollMode(QAbstractItemView::ScrollPerPixel);
    m_offerTable->setTextElideMode(Qt::ElideRight);
    m_offerTable->verticalHeader()->hide();
    m_offerTable->verticalHeader()->setMinimumSectionSize(fontMetrics().height() + 4);
    m_offerTable->verticalHeader()->setDefaultSectionSize(fontMetrics().height() + 8);
    m_offerTable->horizontalHeader()->setHighlightSections(false);
    m_offerTable->horizontalHeader()->setStretchLastSection(true);
    m_offerTable->sortByColumn(OfferTableModel::PricePerChipHour, Qt::AscendingOrder);
    connect(m_offerTable, &QAbstractItemView::doubleClicked, this, &MainWindow::editPrice);

    m_detailPane = new QTextBrowser(central);
    m_detailPane->setObjectName(u"offerDetails"_s);
    m_detailPane->setAccessibleName(tr("Offer details"));
    m_detailPane->setAccessibleDescription(tr("Where the selected offer's price comes from"));
    m_detailPane->setOpenExternalLinks(true);

    auto makeTable = [central](const QString &name, const QString &accessibleName, QStandardItemModel *model) {
        auto *table = new QTableView(central);
        table->setObjectName(name);
        table->setAccessibleName(accessibleName);
        table->setModel(model);
        table->setEditTriggers(QAbstractItemView::NoEditTriggers);
        table->setSelectionBehavior(QAbstractItemView::SelectRows);
        table->setSortingEnabled(true);
        table->setAlternatingRowColors(true);
        table->verticalHeader()->hide();
        table->horizontalHeader()->setStretchLastSection(true);
        return table;
    };
    m_historyModel = new QStandardItemModel(0, 6, this);
    m_historyModel->setHorizontalHeaderLabels(
        {tr("Effective"), tr("Price"), tr("As of"), tr("Sheet"), tr("Confidence"), tr("Source")});
    m_sheetsModel = new QStandardItemModel(0, 8, this);
    m_sheetsModel->setHorizontalHeaderLabels({tr("Sheet"), tr("Name"), tr("Kind"), tr("Imported"), tr("Rows"),
                                              tr("Added"), tr("Changed"), tr("Source")});
    auto *lower = new QTabWidget(central);
    lower->setObjectName(u"priceTabs"_s);
    lower->addTab(m_detailPane, tr("Details"));
    lower->addTab(makeTable(u"historyTable"_s, tr("Price history of the selected offer"), m_historyModel),
                  tr("History"));
    lower->addTab(makeTable(u"sheetsTable"_s, tr("Price sheet versions"), m_sheetsModel), tr("Sheets"));

    m_splitter = new QSplitter(Qt::Vertical, central);
    m_splitter->setObjectName(u"mainSplitter"_s);
    m_splitter->addWidget(m_offerTable);
    m_splitter->addWidget(lower);
    m_splitter->setStretchFactor(0, 3);
    m_splitter->setStretchFactor(1, 1);
    m_splitter->setChildrenCollapsible(false);
    m_splitter->setSizes({520, 230});
    layout->addWidget(m_splitter, 1);

    QWidget::setTabOrder(m_filterBar->searchEdit(), m_filterBar->providerCombo());
    QWidget::setTabOrder(m_filterBar->providerCombo(), m_filterBar->kindCombo());
    QWidget::setTabOrder(m_filterBar->kindCombo(), m_filterBar->acceleratorCombo());
    QWidget::setTabOrder(m_filterBar->acceleratorCombo(), m_filterBar->priceModelCombo());
    QWidget::setTabOrder(m_filterBar->priceModelCombo(), m_currencyCombo);
    QWidget::setTabOrder(m_currencyCombo, m_offerTable);
    QWidget::setTabOrder(m_offerTable, lower);
    return central;
}

void MainWindow::createActions()
{
    auto add = [this](QMenu *menu, const QString &text, const QString &name, const QKeySequence &shortcut,
                      const QString &tip, auto slot) {
        QAction *action = menu->addAction(text, this, slot);
        action->setObjectName(name);
        action->setShortcut(shortcut);
        action->setStatusTip(tip);
        return action;
    };
    QMenu *fileMenu = menuBar()->addMenu(tr("&File"));
    add(fileMenu, tr("&New Scenario"), u"actionNew"_s, QKeySequence::New, tr("Start a new scenario"),
        &MainWindow::newScenario);
    add(fileMenu, tr("&Open Scenario…"), u"actionOpen"_s, QKeySequence::Open, tr("Open an .accelplan file"),
        &MainWindow::openDialog);
    m_recentMenu = fileMenu->addMenu(tr("Open &Recent"));
    m_recentMenu->setObjectName(u"recentMenu"_s);
    fillRecentMenu();
    add(fileMenu, tr("&Save"), u"actionSave"_s, QKeySequence::Save, tr("Save the scenario"), &MainWindow::save);
    add(fileMenu, tr("Save &As…"), u"actionSaveAs"_s, QKeySequence::SaveAs, tr("Save the scenario under a new name"),
        &MainWindow::saveAsDialog);
    add(fileMenu, tr("Export &Report…"), u"actionExportReport"_s, QKeySequence(Qt::CTRL | Qt::Key_E),
        tr("Write the PDF budget report of the current plan"), &MainWindow::exportReportDialog);
    fileMenu->addSeparator();
    add(fileMenu, tr("&Import Price Sheet…"), u"actionImport"_s, QKeySequence(Qt::CTRL | Qt::Key_I),
        tr("Preview and import a price sheet"), &MainWindow::importDialog);
    add(fileMenu, tr("&Export Shown Prices…"), u"actionExport"_s, QKeySequence(Qt::CTRL | Qt::SHIFT | Qt::Key_E),
        tr("Write the offers shown in the Prices table as a CSV sheet"), &MainWindow::exportDialog);
    fileMenu->addSeparator();
    QAction *quit = add(fileMenu, tr("&Quit"), u"actionQuit"_s, QKeySequence(Qt::CTRL | Qt::Key_Q),
                        tr("Quit Accelplan"), &QWidget::close);
    quit->setMenuRole(QAction::QuitRole);

    QMenu *editMenu = menuBar()->addMenu(tr("&Edit"));
    QAction *undo = m_planner->undoStack()->createUndoAction(this, tr("&Undo"));
    undo->setObjectName(u"actionUndo"_s);
    undo->setShortcut(QKeySequence::Undo);
    QAction *redo = m_planner->undoStack()->createRedoAction(this, tr("&Redo"));
    redo->setObjectName(u"actionRedo"_s);
    redo->setShortcut(QKeySequence::Redo);
    editMenu->addAction(undo);
    editMenu->addAction(redo);
    editMenu->addSeparator();
    add(editMenu, tr("Edit &Price…"), u"actionEditPrice"_s, QKeySequence(Qt::Key_F2),
        tr("Set a new price for the selected offer (saved as a manual sheet)"), &MainWindow::editPrice);

    QMenu *viewMenu = menuBar()->addMenu(tr("&View"));
    add(viewMenu, tr("&Planner"), u"actionShowPlanner"_s, QKeySequence(Qt::CTRL | Qt::Key_1),
        tr("Show the planner"), [this] { m_tabs->setCurrentIndex(0); });
    add(viewMenu, tr("P&rices"), u"actionShowPrices"_s, QKeySequence(Qt::CTRL | Qt::Key_2), tr("Show the prices"),
        [this] { m_tabs->setCurrentIndex(1); });
    viewMenu->addSeparator();
    add(viewMenu, tr("&Reload Prices"), u"actionReload"_s, QKeySequence(Qt::Key_F5),
        tr("Read the current prices from the database again"), &MainWindow::reload);
    add(viewMenu, tr("&Find Offer"), u"actionFocusSearch"_s, QKeySequence::Find, tr("Search the offers"),
        &MainWindow::focusSearch);

    QMenu *helpMenu = menuBar()->addMenu(tr("&Help"));
    // The shipped example scenarios (compiled in), each opened as an untitled copy.
    QMenu *examples = helpMenu->addMenu(tr("&Examples"));
    examples->setObjectName(u"examplesMenu"_s);
    const QDir exampleDir(u":/data/examples"_s);
    for (const QString &file : exampleDir.entryList({u"*.accelplan"_s}, QDir::Files, QDir::Name)) {
        QAction *example = examples->addAction(QFileInfo(file).completeBaseName(), this,
                                               [this, path = exampleDir.filePath(file)] {
                                                   if (const Status opened = openExample(path); !opened)
                                                       showError(tr("Cannot open the example"), opened.error());
                                               });
        example->setObjectName(u"example:"_s + QFileInfo(file).completeBaseName());
    }
    helpMenu->addSeparator();
    QAction *about = helpMenu->addAction(tr("&About Accelplan"), this, &MainWindow::showAbout);
    about->setObjectName(u"actionAbout"_s);
    about->setMenuRole(QAction::AboutRole);
    QAction *aboutQt = helpMenu->addAction(tr("About &Qt"), qApp, &QApplication::aboutQt);
    aboutQt->setMenuRole(QAction::AboutQtRole);
}

QString MainWindow::lastDirectory() const
{
    return QSettings().value(kLastDirectoryKey, QDir::homePath()).toString();
}

void MainWindow::rememberDirectory(const QString &path)
{
    QSettings().setValue(kLastDirectoryKey, QFileInfo(path).absolutePath());
}

void MainWindow::showError(const QString &title, const Error &error)
{
    QStringList lines{error.message};
    for (const Diagnostic &detail : error.details)
        lines.append(detail.toString());
    QMessageBox::warning(this, title, lines.join(u'\n'));
}

void MainWindow::updateTitle()
{
    const QString name = m_scenarioPath.isEmpty() ? tr("Untitled") : QFileInfo(m_scenarioPath).fileName();
    setWindowFilePath(m_scenarioPath);
    setWindowTitle(tr("%1[*] — Accelplan").arg(name));
    setWindowModified(!m_planner->undoStack()->isClean());
}

bool MainWindow::maybeSave()
{
    if (m_planner->undoStack()->isClean())
        return true;
    const auto answer = QMessageBox::warning(this, tr("Unsaved Changes"),
                                             tr("The scenario has changes that are not saved. Save them?"),
                                             QMessageBox::Save | QMessageBox::Discard | QMessageBox::Cancel,
                                             QMessageBox::Save);
    if (answer == QMessageBox::Save)
        return save();
    return answer == QMessageBox::Discard;
}

bool MainWindow::newScenario()
{
    if (!maybeSave())
        return false;
    m_planner->setScenario(PlannerView::newScenario());
    m_scenarioPath.clear();
    updateTitle();
    return true;
}

Status MainWindow::openExample(const QString &resource)
{
    if (!maybeSave())
        return Done{};
    QFile file(resource);
    if (!file.open(QIODevice::ReadOnly))
        return Error::internal(tr("the example %1 is missing from the build").arg(resource));
    auto loaded = scenario::parseScenario(file.readAll(), QFileInfo(resource).fileName(),
                                          m_modelIds.isEmpty() ? nullptr : &m_modelIds);
    if (!loaded.ok())
        return loaded.error();
    m_planner->setScenario(loaded.value());
    m_scenarioPath.clear(); // an untitled copy: Save asks where
    updateTitle();
    statusBar()->showMessage(tr("Opened the example %1 as a new scenario").arg(QFileInfo(resource).completeBaseName()),
                             8000);
    return Done{};
}

Status MainWindow::openScenario(const QString &path)
{
    // An unknown model preset is refused at its line, as the command line refuses it.
    auto loaded = scenario::readScenario(path, m_modelIds.isEmpty() ? nullptr : &m_modelIds);
    if (!loaded.ok())
        return loaded.error();
    m_planner->setScenario(loaded.value());
    m_scenarioPath = QFileInfo(path).absoluteFilePath();
    addRecentFile(m_scenarioPath);
    updateTitle();
    const Diagnostics &warnings = loaded.value().warnings;
    statusBar()->showMessage(warnings.isEmpty() ? tr("Opened %1").arg(path)
                                                : tr("Opened %1 with %n warning(s): %2", nullptr, int(warnings.size()))
                                                      .arg(path, warnings.first().toString()),
                             8000);
    return Done{};
}

void MainWindow::openDialog()
{
    if (!maybeSave())
        return;
    const QString path = QFileDialog::getOpenFileName(this, tr("Open Scenario"), lastDirectory(), kScenarioFilter);
    if (path.isEmpty())
        return;
    rememberDirectory(path);
    if (const Status opened = openScenario(path); !opened.ok())
        showError(tr("Cannot Open Scenario"), opened.error());
}

Status MainWindow::saveScenarioAs(const QString &path)
{
    if (!m_planner->problems().isEmpty())
        return Error::badInput(tr("The scenario has problems: %1").arg(m_planner->problems().join(u"; "_s)));
    if (const Status saved = scenario::saveScenario(m_planner->scenario(), path); !saved.ok())
        return saved;
    m_scenarioPath = QFileInfo(path).absoluteFilePath();
    m_planner->undoStack()->setClean();
    addRecentFile(m_scenarioPath);
    updateTitle();
    statusBar()->showMessage(tr("Saved %1").arg(path), 5000);
    return Done{};
}

bool MainWindow::save()
{
    if (m_scenarioPath.isEmpty())
        return saveAsDialog();
    const Status saved = saveScenarioAs(m_scenarioPath);
    if (!saved.ok())
        showError(tr("Cannot Save Scenario"), saved.error());
    return saved.ok();
}

bool MainWindow::saveAsDialog()
{
    QString suggested = m_scenarioPath;
    if (suggested.isEmpty()) {
        QString name = m_planner->scenario().name.toLower();
        name.replace(QRegularExpression(u"[^a-z0-9]+"_s), u"-"_s);
        suggested = QDir(lastDirectory()).filePath(name + u".accelplan"_s);
    }
    QString path = QFileDialog::getSaveFileName(this, tr("Save Scenario As"), suggested, kScenarioFilter);
    if (path.isEmpty())
        return false;
    if (!path.endsWith(u".accelplan"_s))
        path += u".accelplan"_s;
    rememberDirectory(path);
    const Status saved = saveScenarioAs(path);
    if (!saved.ok())
        showError(tr("Cannot Save Scenario"), saved.error());
    return saved.ok();
}

void MainWindow::addRecentFile(const QString &path)
{
    QSettings settings;
    QStringList recent = settings.value(kRecentFilesKey).toStringList();
    recent.removeAll(path);
    recent.prepend(path);
    while (recent.size() > kMaxRecentFiles)
        recent.removeLast();
    settings.setValue(kRecentFilesKey, recent);
    fillRecentMenu();
}

void MainWindow::fillRecentMenu()
{
    m_recentMenu->clear();
    const QStringList recent = QSettings().value(kRecentFilesKey).toStringList();
    for (int i = 0; i < recent.size(); ++i) {
        const QString path = recent.at(i);
        QAction *action = m_recentMenu->addAction(tr("&%1 %2").arg(QString::number(i + 1), QFileInfo(path).fileName()));
        action->setStatusTip(path);
        connect(action, &QAction::triggered, this, [this, path] {
            if (!maybeSave())
                return;
            if (const Status opened = openScenario(path); !opened.ok())
                showError(tr("Cannot Open Scenario"), opened.error());
        });
    }
    m_recentMenu->setEnabled(!recent.isEmpty());
}

void MainWindow::importDialog()
{
    const QString path = QFileDialog::getOpenFileName(this, tr("Import Price Sheet"), lastDirectory(),
                                                      tr("Price sheets (*.csv *.json);;All files (*)"));
    if (path.isEmpty())
        return;
    rememberDirectory(path);
    importFile(path);
}

void MainWindow::importFile(const QString &path)
{
    ImportDialog dialog(m_database, m_catalog, path, this);
    if (dialog.exec() == QDialog::Accepted) {
        reload();
        statusBar()->showMessage(dialog.statusText(), 8000);
    } else {
        // Stopped or cancelled at any step: say that nothing was written.
        statusBar()->showMessage(tr("Import of %1 cancelled: nothing was written, the database is unchanged.")
                                     .arg(QFileInfo(path).fileName()),
                                 8000);
    }
}

void MainWindow::editPrice()
{
    const QModelIndex selected = m_offerTable->selectionModel()->selectedRows().value(0);
    if (!selected.isValid()) {
        m_tabs->setCurrentIndex(1);
        statusBar()->showMessage(tr("Select an offer in the Prices table to edit its price."), 5000);
        return;
    }
    PriceEditDialog dialog(m_offerModel->offer(selected.data(OfferTableModel::OfferRowRole).toInt()), this);
    if (dialog.exec() != QDialog::Accepted)
        return;
    if (const Status saved = saveManualSheet(dialog.sheet()); !saved.ok())
        showError(tr("Cannot Save the Price"), saved.error());
}

Status MainWindow::saveManualSheet(const pricing::ParsedSheet &sheet)
{
    if (!sheet.ok())
        return Error::badInput(tr("The new price is not valid"), sheet.diagnostics);
    const PriceRecord &record = sheet.records.first();
    auto imported = m_database.importSheet(sheet, tr("Manual: %1 %2").arg(record.key.provider, record.key.sku),
                                           sheet.fileName, false, pricing::SheetKind::Manual);
    if (!imported.ok())
        return imported.error();
    reload();
    statusBar()->showMessage(tr("Saved the new price as sheet %1").arg(imported.value().sheetId), 5000);
    return Done{};
}

Status MainWindow::exportShownPrices(const QString &path) const
{
    QList<PriceRecord> shown;
    for (int row = 0; row < m_offerProxy->rowCount(); ++row)
        shown.append(m_offerModel->offer(m_offerProxy->index(row, 0).data(OfferTableModel::OfferRowRole).toInt()));
    QSaveFile file(path);
    if (!file.open(QIODevice::WriteOnly))
        return Error::internal(tr("cannot write %1: %2").arg(path, file.errorString()));
    file.write(pricing::toNativeCsv(shown));
    if (!file.commit())
        return Error::internal(tr("cannot write %1: %2").arg(path, file.errorString()));
    return Done{};
}

void MainWindow::exportDialog()
{
    QString path = QFileDialog::getSaveFileName(this, tr("Export Shown Prices"),
                                                QDir(lastDirectory()).filePath(u"prices.csv"_s),
                                                tr("CSV price sheets (*.csv)"));
    if (path.isEmpty())
        return;
    rememberDirectory(path);
    if (const Status exported = exportShownPrices(path); !exported.ok())
        showError(tr("Cannot Export"), exported.error());
    else
        statusBar()->showMessage(tr("Exported %n offer(s) to %1", nullptr, m_offerProxy->rowCount()).arg(path), 5000);
}

QList<PriceRecord> MainWindow::storedHistory(const PriceRecord &offer) const
{
    QList<PriceRecord> history;
    if (auto stored = m_database.history(offer.key.sku, offer.key.provider, offer.key.region); stored.ok()) {
        for (const PriceRecord &record : stored.value())
            if (record.key == offer.key) // the same SKU under another price model is another offer
                history.append(record);
    }
    return history;
}

Status MainWindow::exportReport(const QString &path, QPageSize::PageSizeId pageSize, int top) const
{
    if (!m_planner->plan() || m_planner->busy() || !m_planner->problems().isEmpty())
        return Error::badInput(tr("There is no current plan to report: wait for the plan or fix the scenario (%1)")
                                   .arg(m_planner->problems().join(u"; "_s)));
    QList<pricing::SheetInfo> sheets = m_sheets.values();
    std::sort(sheets.begin(), sheets.end(), [](const auto &a, const auto &b) { return a.id < b.id; });
    return report::writeReport({m_planner->scenario(), m_planner->sharedPlan(), sheets, pageSize, top,
                                QDate::currentDate()},
                               path);
}

void MainWindow::exportReportDialog()
{
    QString suggested = m_scenarioPath.isEmpty() ? QDir(lastDirectory()).filePath(u"budget-report.pdf"_s)
                                                 : QFileInfo(m_scenarioPath).path() + u'/'
                                                       + QFileInfo(m_scenarioPath).completeBaseName() + u".pdf"_s;
    QString path = QFileDialog::getSaveFileName(this, tr("Export Report"), suggested, tr("PDF files (*.pdf)"));
    if (path.isEmpty())
        return;
    if (!path.endsWith(u".pdf"_s, Qt::CaseInsensitive))
        path += u".pdf"_s;
    rememberDirectory(path);
    const QPageSize::PageSizeId pageSize = QLocale().measurementSystem() == QLocale::ImperialUSSystem
        ? QPageSize::Letter
        : QPageSize::A4;
    QApplication::setOverrideCursor(Qt::WaitCursor);
    const Status written = exportReport(path, pageSize);
    QApplication::restoreOverrideCursor();
    if (!written.ok())
        showError(tr("Cannot Export the Report"), written.error());
    else
        statusBar()->showMessage(tr("Wrote the report to %1").arg(path), 5000);
}

void MainWindow::showHistory(const PriceRecord &offer)
{
    m_historyModel->removeRows(0, m_historyModel->rowCount());
    for (const PriceRecord &record : storedHistory(offer)) {
        auto *sheet = new QStandardItem;
        sheet->setData(record.sheetId, Qt::DisplayRole);
        m_historyModel->appendRow(
            {new QStandardItem(record.effectiveDate.toString(Qt::ISODate)),
             new QStandardItem(OfferTableModel::formatPrice(record.price, record.currency, record.unit)),
             new QStandardItem(isoDate(record.asOf)), sheet, new QStandardItem(record.confidence),
             new QStandardItem(record.sourceUrl)});
    }
}

void MainWindow::fillSheets()
{
    m_sheetsModel->removeRows(0, m_sheetsModel->rowCount());
    auto sheets = m_database.sheets();
    if (!sheets.ok())
        return;
    for (const pricing::SheetInfo &sheet : sheets.value()) {
        auto number = [](qint64 value) {
            auto *item = new QStandardItem;
            item->setData(value, Qt::DisplayRole);
            return item;
        };
        m_sheetsModel->appendRow({number(sheet.id), new QStandardItem(sheet.name), new QStandardItem(sheet.kind),
                                  new QStandardItem(sheet.importedAt.toString(Qt::ISODate)), number(sheet.rowCount),
                                  number(sheet.addedCount), number(sheet.changedCount),
                                  new QStandardItem(sheet.source)});
    }
}

void MainWindow::createStatusBar()
{
    m_databaseLabel = new QLabel(this);
    m_databaseLabel->setObjectName(u"databasePathLabel"_s);
    m_databaseLabel->setTextInteractionFlags(Qt::TextSelectableByMouse);
    m_asOfLabel = new QLabel(this);
    m_asOfLabel->setObjectName(u"pricesAsOfLabel"_s);
    m_countLabel = new QLabel(this);
    m_countLabel->setObjectName(u"offerCountLabel"_s);
    statusBar()->addWidget(m_databaseLabel, 1);
    statusBar()->addPermanentWidget(m_asOfLabel);
    statusBar()->addPermanentWidget(m_countLabel);
}

void MainWindow::reload()
{
    m_loadError.clear();
    std::optional<pricing::OfferKey> selectedKey;
    if (const QModelIndex selected = m_offerTable->selectionModel()->selectedRows().value(0); selected.isValid())
        selectedKey = m_offerModel->offer(selected.data(OfferTableModel::OfferRowRole).toInt()).key;

    // One snapshot for the planner, loaded as the command line loads it (user profiles included);
    // the prices browser shows the same offers. When it cannot be loaded, the browser still shows
    // what can be read and the planner has nothing to plan on.
    QList<PriceRecord> records;
    pricing::FxTable fxTable;
    auto inputs = planning::loadPlanInputs(m_database, m_catalog);
    if (inputs) {
        records = *inputs->offers;
        fxTable = inputs->fx;
        m_modelIds = inputs->planning->modelIds();
        m_planner->setInputs(std::move(inputs).value());
    } else {
        m_loadError = tr("Could not load the prices, exchange rates and profiles to plan on: %1")
                          .arg(inputs.error().message);
        m_planner->setInputs({});
        if (auto prices = m_database.prices(); prices.ok())
            records = std::move(prices).value();
        if (auto fx = m_database.fxTable(); fx.ok())
            fxTable = std::move(fx).value();
    }

    m_pricesAsOf = m_database.pricesAsOf();
    m_sheets.clear();
    if (auto sheets = m_database.sheets(); sheets.ok()) {
        for (const pricing::SheetInfo &sheet : sheets.value())
            m_sheets.insert(sheet.id, sheet);
    }

    QString currency = m_currencyCombo->currentData().toString();
    if (currency.isEmpty())
        currency = kDefaultDisplayCurrency;
    m_offerModel->setOffers(std::move(records), std::move(fxTable), currency);
    fillCurrencyCombo();
    {
        QList<const PriceRecord *> offers;
        for (const PriceRecord &offer : m_offerModel->offers())
            offers.append(&offer);
        const QSignalBlocker blocker(m_filterBar);
        m_filterBar->fill(offers, &m_catalog);
    }
    fillSheets();
    applyFilters();
    resizeColumns();

    int rowToSelect = 0;
    if (selectedKey) {
        for (int row = 0; row < m_offerProxy->rowCount(); ++row) {
            const int sourceRow = m_offerProxy->index(row, 0).data(OfferTableModel::OfferRowRole).toInt();
            if (m_offerModel->offer(sourceRow).key == *selectedKey) {
                rowToSelect = row;
                break;
            }
        }
    }
    if (m_offerProxy->rowCount() > 0)
        m_offerTable->selectRow(rowToSelect);
    else
        showOffer({});
    updateStatus();
}

void MainWindow::focusSearch()
{
    m_tabs->setCurrentIndex(1);
    m_filterBar->searchEdit()->setFocus(Qt::ShortcutFocusReason);
    m_filterBar->searchEdit()->selectAll();
}

void MainWindow::fillCurrencyCombo()
{
    QStringList others;
    for (const pricing::FxRate &rate : m_offerModel->fxTable().rates())
        others << rate.base << rate.quote;
    for (const PriceRecord &offer : m_offerModel->offers())
        others << offer.currency;
    others.removeDuplicates();
    others.removeIf([](const QString &code) { return kPreferredCurrencies.contains(code) || code.isEmpty(); });
    others.sort();

    const QString current = m_offerModel->displayCurrency().isEmpty() ? kDefaultDisplayCurrency
                                                                      : m_offerModel->displayCurrency();
    const QSignalBlocker blocker(m_currencyCombo);
    m_currencyCombo->clear();
    for (const QString &code : kPreferredCurrencies + others)
        m_currencyCombo->addItem(code, code);
    int index = m_currencyCombo->findData(current);
    if (index < 0) {
        m_currencyCombo->addItem(current, current);
        index = m_currencyCombo->count() - 1;
    }
    m_currencyCombo->setCurrentIndex(index);
}

void MainWindow::applyFilters()
{
    m_filterBar->applyTo(m_offerProxy);
    updateStatus();
}

void MainWindow::resizeColumns()
{
    m_offerTable->resizeColumnsToContents();
    QHeaderView *header = m_offerTable->horizontalHeader();
    for (int column = 0; column < header->count(); ++column) {
        // Names are elided (the detail pane shows them in full) so the prices stay in view.
        const int cap = column == OfferTableModel::Sku || column == OfferTableModel::Accelerator
            ? kMaxNameColumnWidth
            : kMaxColumnWidth;
        if (header->sectionSize(column) > cap)
            header->resizeSection(column, cap);
    }
}

void MainWindow::showOffer(const QModelIndex &proxyIndex)
{
    if (!m_loadError.isEmpty()) {
        m_detailPane->setHtml(u"<p><b>%1</b></p>"_s.arg(m_loadError.toHtmlEscaped()));
        return;
    }
    if (!proxyIndex.isValid()) {
        m_detailPane->setHtml(u"<p><i>%1</i></p>"_s.arg(
            tr("Select an offer to see where its price comes from.").toHtmlEscaped()));
        return;
    }
    const int row = proxyIndex.data(OfferTableModel::OfferRowRole).toInt();
    const PriceRecord &offer = m_offerModel->offer(row);
    showHistory(offer);
    const QString displayCurrency = m_offerModel->displayCurrency();
    const QLocale locale;

    // Two columns: what is offered on the left, where the price comes from on the right.
    QString offerRows;
    QString provenanceRows;
    auto addRow = [](QString &rows, const QString &label, const QString &valueHtml) {
        rows += u"<tr><td style='padding-right:10px; white-space:nowrap;'><b>%1</b></td><td>%2</td></tr>"_s.arg(
            label.toHtmlEscaped(), valueHtml);
    };
    auto text = [](const QString &value) -> QString { return value.toHtmlEscaped(); };
    auto link = [](const QString &url) -> QString {
        if (url.startsWith(u"https://"_s) || url.startsWith(u"http://"_s))
            return u"<a href=\"%1\">%2</a>"_s.arg(url.toHtmlEscaped(), url.toHtmlEscaped());
        return url.toHtmlEscaped();
    };

    const catalog::Accelerator *accelerator = m_catalog.find(offer.accelerator);
    addRow(offerRows, tr("Accelerator"),
           text(tr("%1 × %2").arg(offer.acceleratorCount)
                    .arg(accelerator ? tr("%1 (%2)").arg(accelerator->name, offer.accelerator) : offer.accelerator)));
    if (offer.vcpus)
        addRow(offerRows, tr("vCPUs"), text(locale.toString(*offer.vcpus)));
    if (offer.ramGb)
        addRow(offerRows, tr("RAM"), text(tr("%1 GB").arg(locale.toString(offer.ramGb->toDouble()))));
    addRow(offerRows, tr("Price"), text(OfferTableModel::formatPrice(offer.price, offer.currency, offer.unit)));

    if (const auto converted = m_offerModel->convertedPrice(row)) {
        QString value = text(OfferTableModel::formatAmount(converted->amount, displayCurrency))
                        + text(OfferTableModel::unitSuffix(offer.unit));
        for (const pricing::FxRate &rate : converted->ratesUsed) {
            value += u"<br/><small>%1</small>"_s.arg(
                text(tr("1 %1 = %2 %3 on %4").arg(rate.base, rate.rate.toString(), rate.quote, isoDate(rate.date))));
            if (!rate.sourceUrl.isEmpty())
                value += u"<small> (%1)</small>"_s.arg(link(rate.sourceUrl));
        }
        addRow(offerRows, tr("Price in %1").arg(displayCurrency), value);
    } else {
        addRow(offerRows, tr("Price in %1").arg(displayCurrency),
               text(tr("no rate: no exchange rate from %1 to %2 is stored").arg(offer.currency, displayCurrency)));
    }
    if (const auto perChipHour = m_offerModel->pricePerChipHour(row))
        addRow(offerRows, tr("Per chip-hour"), text(OfferTableModel::formatAmount(*perChipHour, displayCurrency, 4)));
    if (offer.setupFee)
        addRow(offerRows, tr("Setup fee"),
               text(OfferTableModel::formatPrice(*offer.setupFee, offer.currency, pricing::PriceUnit::OneTime)));

    addRow(provenanceRows, tr("Source"), offer.sourceUrl.isEmpty() ? text(tr("none given")) : link(offer.sourceUrl));
    addRow(provenanceRows, tr("As of"), text(offer.asOf.isValid() ? isoDate(offer.asOf) : tr("unknown")));
    addRow(provenanceRows, tr("Effective date"), text(isoDate(offer.effectiveDate)));
    if (offer.sheetId > 0) {
        const pricing::SheetInfo sheet = m_sheets.value(offer.sheetId);
        const QString sheetText = sheet.name.isEmpty()
            ? tr("sheet %1, line %2").arg(offer.sheetId).arg(offer.sheetLine)
            : tr("sheet %1 “%2”, line %3").arg(QString::number(offer.sheetId), sheet.name,
                                                 QString::number(offer.sheetLine));
        addRow(provenanceRows, tr("Sheet"), text(sheetText));
    }
    addRow(provenanceRows, tr("Confidence"), text(offer.confidence.isEmpty() ? tr("not stated") : offer.confidence));
    if (!offer.notes.isEmpty())
        addRow(provenanceRows, tr("Notes"), text(offer.notes));

    const QString title = tr("%1 — %2").arg(offer.key.provider, offer.key.sku);
    const QString subtitle = tr("%1 · %2 · %3").arg(offer.key.region,
                                                     OfferTableModel::priceModelLabel(offer.key.priceModel),
                                                     OfferTableModel::offerKindLabel(offer.offerKind));
    m_detailPane->setHtml(u"<h3 style='margin-bottom:0'>%1</h3><p style='margin-top:2px'>%2</p>"
                          "<table width='100%' cellspacing='0'><tr>"
                          "<td valign='top' width='40%'><table cellspacing='1'>%3</table></td>"
                          "<td valign='top' width='60%'><table cellspacing='1'>%4</table></td>"
                          "</tr></table>"_s.arg(text(title), text(subtitle), offerRows, provenanceRows));
}

void MainWindow::updateStatus()
{
    m_asOfLabel->setText(m_pricesAsOf.isValid() ? tr("Prices as of %1").arg(isoDate(m_pricesAsOf))
                                                : tr("No prices yet"));
    const QString path = QDir::toNativeSeparators(m_database.path());
    m_databaseLabel->setText(tr("Database: %1").arg(path));
    m_databaseLabel->setToolTip(path);

    const int total = m_offerModel->rowCount();
    const int shown = m_offerProxy->rowCount();
    if (!m_loadError.isEmpty())
        m_countLabel->setText(tr("Prices could not be read"));
    else if (shown == total)
        m_countLabel->setText(tr("%n offers priced", nullptr, total));
    else
        m_countLabel->setText(tr("%1 / %n offers priced", nullptr, total).arg(shown));
}

QString MainWindow::aboutText() const
{
    const QDate shipped = pricing::shippedPricesDate();
    return tr("<h3>Accelplan %1</h3>"
              "<p>Plans the cost of AI hardware: cloud GPUs, dedicated servers, TPUs, "
              "marketplace and owned hardware. Every price shows where it comes from.</p>"
              "<p>Shipped prices as of %2<br>Prices in this database as of %3</p>")
        .arg(QStringLiteral(ACCELPLAN_VERSION).toHtmlEscaped(),
             shipped.isValid() ? isoDate(shipped) : tr("none"),
             m_pricesAsOf.isValid() ? isoDate(m_pricesAsOf) : tr("none"));
}

void MainWindow::showAbout()
{
    QMessageBox::about(this, tr("About Accelplan"), aboutText());
}

void MainWindow::readSettings()
{
    const QSettings settings;
    if (!restoreGeometry(settings.value(kGeometryKey).toByteArray()))
        resize(1400, 800);
    // A size saved on a larger screen, or at another scale, must not put the window off this one.
    if (const QScreen *here = screen()) {
        const QRect available = here->availableGeometry();
        resize(size().boundedTo(available.size()));
        if (!available.contains(frameGeometry().topLeft()))
            move(available.topLeft());
    }
    m_splitter->restoreState(settings.value(kSplitterKey).toByteArray());
    const QString currency = settings.value(kDisplayCurrencyKey, kDefaultDisplayCurrency).toString();
    const QSignalBlocker blocker(m_currencyCombo);
    m_currencyCombo->clear();
    m_currencyCombo->addItem(currency, currency);
}

void MainWindow::writeSettings() const
{
    QSettings settings;
    settings.setValue(kGeometryKey, saveGeometry());
    settings.setValue(kSplitterKey, m_splitter->saveState());
    settings.setValue(kDisplayCurrencyKey, m_offerModel->displayCurrency());
}

void MainWindow::closeEvent(QCloseEvent *event)
{
    if (!maybeSave()) {
        event->ignore();
        return;
    }
    writeSettings();
    event->accept();
}

} // namespace accelplan::ui
