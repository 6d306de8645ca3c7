#include "ui/mainwindow.h"

#include "core/catalog/acceleratorcatalog.h"
#include "core/common/savefile.h"
#include "ui/format.h"
#include "ui/catalog/profilesdialog.h"
#include "ui/help/glossarydialog.h"
#include "ui/models/offerfilterproxymodel.h"
#include "ui/models/offertablemodel.h"
#include "core/pricing/importers/spotadvisor.h"
#include "core/pricing/sheetexporter.h"
#include "core/pricing/shippedprices.h"
#include "ui/charts/plancharts.h"
#include "ui/planner/compareview.h"
#include "ui/planner/plannerview.h"
#include "ui/planner/actualsdialog.h"
#include "ui/prices/discountsdialog.h"
#include "ui/prices/importdialog.h"
#include "ui/prices/priceeditdialog.h"
#include "ui/prices/quotesdialog.h"
#include "ui/prices/teamdatabase.h"
#include "ui/prices/updatedialog.h"
#include "ui/report/budgetreport.h"
#include "ui/settings.h"
#include "ui/planner/scenariodocument.h"
#include "ui/prices/pricesview.h"

#include <QAction>
#include <QApplication>
#include <QCloseEvent>
#include <QShowEvent>
#include <QComboBox>
#include <QDateEdit>
#include <QCoreApplication>
#include <QDir>
#include <QFileDialog>
#include <QFileInfo>
#include <QStandardItemModel>
#include <QUndoStack>
#include <QHBoxLayout>
#include <QHeaderView>
#include <QItemSelectionModel>
#include <QKeyEvent>
#include <QKeySequence>
#include <QLabel>
#include <QLineEdit>
#include <QLocale>
#include <QMenuBar>
#include <QMessageBox>
#include <QSet>
#include <QScreen>
#include <QPushButton>
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

const QString kScenarioFilter = u"Accelplan scenarios (*.accelplan)"_s;

QString isoDate(const QDate &date)
{
    return date.isValid() ? date.toString(Qt::ISODate) : QString();
}

} // namespace

MainWindow::MainWindow(pricing::PriceDatabase &database, const catalog::AcceleratorCatalog &catalog,
                       QWidget *parent)
    : QMainWindow(parent), m_database(database), m_catalog(catalog), m_session(database, catalog)
{
    setWindowTitle(tr("Accelplan"));
    m_document = new ScenarioDocument(this);
    m_planner = new PlannerView(m_document, this);
    m_planner->setObjectName(u"planner"_s);
    m_tabs = new QTabWidget(this);
    m_tabs->setObjectName(u"mainTabs"_s);
    m_tabs->addTab(m_planner, tr("&Planner"));
    m_prices = new PricesView(m_database, m_catalog, this);
    m_prices->setObjectName(u"prices"_s);
    m_tabs->addTab(m_prices, tr("P&rices"));
    m_compare = new CompareView(m_document, this);
    m_tabs->addTab(m_compare, tr("C&ompare"));
    setCentralWidget(m_tabs);

    createActions();
    createStatusBar();

    connect(m_document, &ScenarioDocument::modificationChanged, this, &MainWindow::updateTitle);
    connect(m_document, &ScenarioDocument::filePathChanged, this, &MainWindow::updateTitle);
    connect(m_planner, &PlannerView::offerSelected, this, [this](const PriceRecord &offer) {
        m_planner->charts()->setPriceHistory(offer.key.provider + u' ' + offer.key.sku + u", "_s + offer.key.region,
                                             m_prices->storedHistory(offer));
    });
    connect(m_prices, &PricesView::countChanged, this, &MainWindow::updateStatus);
    connect(m_prices, &PricesView::editRequested, this, &MainWindow::editPrice);

    readSettings();
    reload();
    updateTitle();
}

MainWindow::~MainWindow()
{
    // ~QWidget destroys the children after this class is gone, and they still signal as they go
    // (the undo stack emits cleanChanged while it clears): no slot of a half-destroyed MainWindow
    // may run then.
    disconnect(m_document, nullptr, this, nullptr);
    disconnect(m_planner, nullptr, this, nullptr);
    disconnect(m_prices, nullptr, this, nullptr);
}

OfferTableModel *MainWindow::offerModel() const
{
    return m_prices->offerModel();
}

OfferFilterProxyModel *MainWindow::offerProxy() const
{
    return m_prices->offerProxy();
}

QTableView *MainWindow::offerTable() const
{
    return m_prices->offerTable();
}

QStandardItemModel *MainWindow::historyModel() const
{
    return m_prices->historyModel();
}

QStandardItemModel *MainWindow::sheetsModel() const
{
    return m_prices->sheetsModel();
}

QString MainWindow::scenarioPath() const
{
    return m_document->filePath();
}

QString MainWindow::lastDirectory() const
{
    return Settings::lastDirectory();
}

void MainWindow::rememberDirectory(const QString &path)
{
    Settings::setLastDirectory(QFileInfo(path).absolutePath());
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
    setWindowFilePath(m_document->filePath());
    setWindowTitle(tr("%1[*] — Accelplan").arg(m_document->displayName()));
    setWindowModified(m_document->isModified());
}

bool MainWindow::maybeSave()
{
    if (!m_document->isModified())
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
    m_document->reset(ScenarioDocument::newScenario());
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
    m_document->reset(std::move(loaded).value()); // an untitled copy: Save asks where
    statusBar()->showMessage(tr("Opened the example %1 as a new scenario").arg(QFileInfo(resource).completeBaseName()),
                             8000);
    return Done{};
}

Status MainWindow::openScenario(const QString &path)
{
    // An unknown model preset is refused at its line, as the command line refuses it.
    auto opened = m_document->open(path, m_modelIds.isEmpty() ? nullptr : &m_modelIds);
    if (!opened.ok())
        return opened.error();
    addRecentFile(m_document->filePath());
    const Diagnostics &warnings = opened.value();
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
    if (const Status saved = m_document->saveAs(path); !saved.ok())
        return saved;
    addRecentFile(m_document->filePath());
    statusBar()->showMessage(tr("Saved %1").arg(path), 5000);
    return Done{};
}

bool MainWindow::save()
{
    if (m_document->filePath().isEmpty())
        return saveAsDialog();
    const Status saved = saveScenarioAs(m_document->filePath());
    if (!saved.ok())
        showError(tr("Cannot Save Scenario"), saved.error());
    return saved.ok();
}

bool MainWindow::saveAsDialog()
{
    QString suggested = m_document->filePath();
    if (suggested.isEmpty()) {
        QString name = m_document->scenario().name.toLower();
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

void MainWindow::importDialog()
{
    const QString path = QFileDialog::getOpenFileName(this, tr("Import Price Sheet"), lastDirectory(),
                                                      tr("Price sheets (*.csv *.json);;All files (*)"));
    if (path.isEmpty())
        return;
    rememberDirectory(path);
    importFile(path);
}

bool MainWindow::refuseWhenReadOnly()
{
    if (!m_database.isReadOnly())
        return false;
    QMessageBox::information(this, tr("Read-Only Snapshot"),
                             tr("The prices shown are the local snapshot of %1, which could not be reached. "
                                "Connect to it again (File → Connect to Team Database…) to import or edit prices.")
                                 .arg(m_session.snapshotOf()));
    return true;
}

void MainWindow::connectDialog()
{
    const QString snapshotOf = m_session.snapshotOf();
    ConnectDialog dialog(snapshotOf.isEmpty() ? m_database.path() : snapshotOf, this);
    if (dialog.exec() != QDialog::Accepted)
        return;
    QApplication::setOverrideCursor(Qt::WaitCursor);
    const Status connected = connectDatabase(dialog.location());
    QApplication::restoreOverrideCursor();
    if (!connected)
        showError(tr("Cannot Connect"), connected.error());
}

Status MainWindow::connectDatabase(const QString &location, std::function<bool(const QString &question)> offerSnapshot)
{
    if (!offerSnapshot) {
        offerSnapshot = [this](const QString &question) {
            QApplication::restoreOverrideCursor();
            const bool yes = QMessageBox::question(this, tr("Team Database Unreachable"), question,
                                                   QMessageBox::Open | QMessageBox::Cancel, QMessageBox::Open)
                             == QMessageBox::Open;
            QApplication::setOverrideCursor(Qt::WaitCursor);
            return yes;
        };
    }
    if (Status connected = m_session.connectTo(location, offerSnapshot); !connected)
        return connected;
    const QString snapshotOf = m_session.snapshotOf();
    setSnapshotOf(snapshotOf);
    reload();
    statusBar()->showMessage(snapshotOf.isEmpty() ? tr("Connected to %1").arg(m_database.path())
                                                  : tr("Showing the read-only snapshot of %1").arg(snapshotOf),
                             8000);
    return Done{};
}

void MainWindow::setSnapshotOf(const QString &url)
{
    m_session.setSnapshotOf(url);
    for (const QString &name : {u"actionImport"_s, u"actionEditPrice"_s}) {
        if (auto *action = findChild<QAction *>(name))
            action->setEnabled(url.isEmpty());
    }
    updateStatus();
}

void MainWindow::importFile(const QString &path)
{
    if (refuseWhenReadOnly())
        return;
    auto before = planning::loadPlanInputs(m_database, m_catalog);
    ImportDialog dialog(m_database, m_catalog, path, this);
    if (dialog.exec() == QDialog::Accepted) {
        reload();
        statusBar()->showMessage(dialog.statusText(), 8000);
        if (before)
            noticeCostMoves(*before);
    } else {
        // Stopped or cancelled at any step: say that nothing was written.
        statusBar()->showMessage(tr("Import of %1 cancelled: nothing was written, the database is unchanged.")
                                     .arg(QFileInfo(path).fileName()),
                                 8000);
    }
}

QStringList MainWindow::updateFromProviders(QList<net::Endpoint> endpoints)
{
    if (refuseWhenReadOnly())
        return {};
    if (endpoints.isEmpty()) {
        QString error;
        endpoints = net::shippedEndpoints(&error);
        if (!error.isEmpty()) {
            QMessageBox::warning(this, tr("Cannot Update Prices"), error);
            return {};
        }
    }
    const net::FetchSettings settings = net::fetchSettingsFromEnvironment();
    UpdateDialog downloads(std::move(endpoints), settings, this);
    if (downloads.exec() != QDialog::Accepted) {
        statusBar()->showMessage(tr("Update from providers closed: nothing was written, the database is unchanged."), 8000);
        return {};
    }
    auto before = planning::loadPlanInputs(m_database, m_catalog);
    QStringList imported, skipped;
    for (const auto &[endpoint, outcome] : downloads.results()) {
        if (outcome.status != net::FetchOutcome::Status::Fetched)
            continue;
        if (endpoint.format == pricing::kSpotAdvisorFormat) {
            (importSpotBands(endpoint, outcome, settings) ? imported : skipped).append(endpoint.provider);
            continue;
        }
        // The same preview as an import, with the provenance of `prices update`.
        ImportDialog preview(m_database, m_catalog, outcome.file, this,
                             {net::updateSheetName(endpoint, outcome), endpoint.url, endpoint.format, endpoint.offersOf()});
        preview.setWindowTitle(tr("Import %1 Prices").arg(endpoint.provider));
        if (preview.exec() == QDialog::Accepted) {
            net::storeValidators(settings, endpoint, outcome); // asked conditionally next time
            imported.append(endpoint.provider);
        } else {
            skipped.append(endpoint.provider);
        }
    }
    if (!imported.isEmpty()) {
        reload();
        if (before)
            noticeCostMoves(*before);
    }
    statusBar()->showMessage(imported.isEmpty()
                                 ? tr("Update from providers: nothing imported.")
                                 : tr("Updated from providers: %1.").arg(imported.join(u", "_s))
                                       + (skipped.isEmpty() ? QString() : u' ' + tr("Skipped: %1.").arg(skipped.join(u", "_s))),
                             8000);
    return imported;
}

bool MainWindow::importSpotBands(const net::Endpoint &endpoint, const net::FetchOutcome &outcome,
                                 const net::FetchSettings &settings)
{
    const auto rates = pricing::readSpotAdvisorFile(outcome.file, endpoint.url, outcome.fetchedAt.date());
    const auto counted = rates ? m_database.importSpotRates(*rates, true) : Result<pricing::FxImportSummary>(rates.error());
    if (!counted) {
        QMessageBox::warning(this, tr("Cannot Import Interruption Bands"),
                             tr("%1: %2\n\nNothing was written.").arg(endpoint.provider, counted.error().message));
        return false;
    }
    // The preview of bands: what would change, before anything is written.
    QMessageBox preview(QMessageBox::Question, tr("Import %1 Interruption Bands").arg(endpoint.provider),
                        tr("The Spot Instance Advisor lists %1 interruption bands of accelerator instance types "
                           "(instance type and region): %2 new, %3 changed, %4 the same.\n\nThey replace the shipped "
                           "bands in spot plans, dated %5.")
                            .arg(rates->size())
                            .arg(counted->added)
                            .arg(counted->changed)
                            .arg(counted->unchanged)
                            .arg(isoDate(outcome.fetchedAt.date())),
                        QMessageBox::Cancel, this);
    preview.setObjectName(u"spotBandsPreview"_s);
    QPushButton *importButton = preview.addButton(tr("&Import"), QMessageBox::AcceptRole);
    preview.setDefaultButton(importButton);
    preview.exec();
    if (preview.clickedButton() != importButton)
        return false;
    if (const auto written = m_database.importSpotRates(*rates, false); !written) {
        QMessageBox::warning(this, tr("Cannot Import Interruption Bands"),
                             tr("%1: %2\n\nNothing was written.").arg(endpoint.provider, written.error().message));
        return false;
    }
    net::storeValidators(settings, endpoint, outcome); // asked conditionally next time
    return true;
}

QString MainWindow::pricesAgeText() const
{
    if (!m_pricesAsOf.isValid())
        return tr("No prices yet");
    const qint64 days = m_pricesAsOf.daysTo(QDate::currentDate());
    if (days <= Settings::priceAgeWarningDays())
        return tr("Prices as of %1").arg(isoDate(m_pricesAsOf));
    return tr("Prices as of %1, %2 days old: <a href=\"update\">Update from Providers…</a>")
        .arg(isoDate(m_pricesAsOf))
        .arg(days);
}

QList<planning::CostMove> MainWindow::noticeCostMoves(const planning::PlanInputs &before)
{
    QStringList files = Settings::recentFiles();
    if (const QString open = m_document->filePath(); !open.isEmpty() && !files.contains(open))
        files.prepend(open);
    files = files.mid(0, 10);
    const auto after = planning::loadPlanInputs(m_database, m_catalog);
    if (!after)
        return {};
    const QList<planning::CostMove> moves = planning::recommendedCostMoves(files, before, *after);
    if (moves.isEmpty())
        return moves;
    QString text = tr("<p>The new prices move the recommended cost of %n recent scenario(s) by more than 5 %:</p><ul>",
                      nullptr, int(moves.size()));
    for (const planning::CostMove &m : moves)
        text += u"<li>"_s
                + tr("%1: %2 → %3 (%4%5 %)")
                      .arg(m.name.toHtmlEscaped(), format::money(m.before, m.currency), format::money(m.after, m.currency),
                           m.change() > 0 ? u"+"_s : QString(), format::number(m.change() * 100, 1))
                + u"</li>"_s;
    text += u"</ul>"_s;
    auto *notice = new QMessageBox(QMessageBox::Information, tr("Recommended Costs Moved"), text, QMessageBox::Ok, this);
    notice->setObjectName(u"costMovesNotice"_s);
    notice->setTextFormat(Qt::RichText);
    notice->setAttribute(Qt::WA_DeleteOnClose);
    notice->open();
    return moves;
}

void MainWindow::editPrice()
{
    if (refuseWhenReadOnly())
        return;
    const std::optional<PriceRecord> selected = m_prices->selectedOffer();
    if (!selected) {
        m_tabs->setCurrentIndex(1);
        statusBar()->showMessage(tr("Select an offer in the Prices table to edit its price."), 5000);
        return;
    }
    PriceEditDialog dialog(*selected, this);
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
    const QList<PriceRecord> shown = m_prices->shownOffers();
    return writeFileAtomically(path, pricing::toNativeCsv(shown));
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
        statusBar()->showMessage(tr("Exported %n offer(s) to %1", nullptr, int(m_prices->shownOffers().size())).arg(path), 5000);
}

Status MainWindow::exportReport(const QString &path, QPageSize::PageSizeId pageSize, int top) const
{
    if (!m_planner->plan() || m_planner->busy() || !m_planner->problems().isEmpty())
        return Error::badInput(tr("There is no current plan to report: wait for the plan or fix the scenario (%1)")
                                   .arg(m_planner->problems().join(u"; "_s)));
    // The bill against the plan, its month 1 as the Plan vs Actual dialog has it (this month without one).
    const auto actuals = m_database.actuals();
    return report::writeReport({m_document->scenario(), m_planner->sharedPlan(), m_prices->sheets(), pageSize, top,
                                QDate::currentDate(), {}, actuals ? *actuals : QList<pricing::ActualCharge>(),
                                m_actualsDialog ? m_actualsDialog->startMonth()->date() : QDate()},
                               path);
}

void MainWindow::exportReportDialog()
{
    const QString scenarioPath = m_document->filePath();
    QString suggested = scenarioPath.isEmpty() ? QDir(lastDirectory()).filePath(u"budget-report.pdf"_s)
                                               : QFileInfo(scenarioPath).path() + u'/'
                                                     + QFileInfo(scenarioPath).completeBaseName() + u".pdf"_s;
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

void MainWindow::createStatusBar()
{
    m_databaseLabel = new QLabel(this);
    m_databaseLabel->setObjectName(u"databasePathLabel"_s);
    m_databaseLabel->setTextInteractionFlags(Qt::TextSelectableByMouse);
    m_asOfLabel = new QLabel(this);
    m_asOfLabel->setObjectName(u"pricesAsOfLabel"_s);
    m_asOfLabel->setTextFormat(Qt::RichText); // prices past their age offer the update as a link
    connect(m_asOfLabel, &QLabel::linkActivated, this, [this] { updateFromProviders(); });
    m_countLabel = new QLabel(this);
    m_countLabel->setObjectName(u"offerCountLabel"_s);
    statusBar()->addWidget(m_databaseLabel, 1);
    statusBar()->addPermanentWidget(m_asOfLabel);
    statusBar()->addPermanentWidget(m_countLabel);
}

void MainWindow::reload()
{
    // One snapshot for the planner, loaded as the command line loads it (user profiles included);
    // the prices browser shows the same offers.
    DatabaseSnapshot snapshot = m_session.snapshot();
    if (snapshot.inputs) {
        m_modelIds = snapshot.inputs->planning->modelIds();
        m_compare->setInputs(*snapshot.inputs);
        m_planner->setInputs(std::move(snapshot.inputs).value());
    } else {
        m_planner->setInputs({});
        m_compare->setInputs({});
    }
    m_pricesAsOf = snapshot.pricesAsOf;
    m_prices->setSnapshot(std::move(snapshot.offers), std::move(snapshot.fx), std::move(snapshot.sheets),
                          snapshot.loadError);
    if (m_profilesDialog)
        m_profilesDialog->refresh();
    updateStatus();
}

void MainWindow::focusSearch()
{
    m_tabs->setCurrentIndex(1);
    m_prices->focusSearch();
}

void MainWindow::updateStatus()
{
    m_asOfLabel->setText(pricesAgeText());
    const QString path = m_database.location().isPostgres() ? m_database.path()
                                                            : QDir::toNativeSeparators(m_database.path());
    if (const QString snapshotOf = m_session.snapshotOf(); !snapshotOf.isEmpty()) {
        m_databaseLabel->setText(tr("Read-only snapshot of %1 (the server cannot be reached)").arg(snapshotOf));
        m_databaseLabel->setToolTip(tr("Local snapshot: %1").arg(path));
    } else {
        m_databaseLabel->setText(m_database.location().isPostgres() ? tr("Team database: %1").arg(path)
                                                                    : tr("Database: %1").arg(path));
        m_databaseLabel->setToolTip(path);
    }

    m_countLabel->setText(m_prices->countText());
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

namespace {

/// A dialog of the window made when first asked for (by \a make), read again (refresh()) when
/// asked for later, and brought to the front.
template<typename Dialog, typename Make>
Dialog *raised(Dialog *&dialog, Make make)
{
    if (!dialog)
        dialog = make();
    else
        dialog->refresh();
    dialog->show();
    dialog->raise();
    dialog->activateWindow();
    return dialog;
}

} // namespace

ProfilesDialog *MainWindow::showProfiles()
{
    return raised(m_profilesDialog, [this] {
        auto *dialog = new ProfilesDialog(m_database, this);
        // A profile removed, disabled or enabled changes what the planner plans with.
        connect(dialog, &ProfilesDialog::profilesChanged, this, &MainWindow::reload);
        return dialog;
    });
}

DiscountsDialog *MainWindow::showDiscounts()
{
    return raised(m_discountsDialog, [this] {
        auto *dialog = new DiscountsDialog(m_database, this);
        // A discount added or removed changes what every option costs.
        connect(dialog, &BookDialog::changed, this, &MainWindow::reload);
        return dialog;
    });
}

QuotesDialog *MainWindow::showQuotes()
{
    return raised(m_quotesDialog, [this] {
        auto *dialog = new QuotesDialog(m_database, m_catalog, this);
        // A quote added or removed is an offer more or less to rank.
        connect(dialog, &BookDialog::changed, this, &MainWindow::reload);
        return dialog;
    });
}

ActualsDialog *MainWindow::showActuals()
{
    return raised(m_actualsDialog, [this] { return new ActualsDialog(m_database, m_planner, this); });
}

void MainWindow::showGlossary()
{
    if (!m_glossary)
        m_glossary = new GlossaryDialog(this);
    m_glossary->show();
    m_glossary->raise();
    m_glossary->activateWindow();
}

void MainWindow::showAbout()
{
    QMessageBox::about(this, tr("About Accelplan"), aboutText());
}

void MainWindow::readSettings()
{
    if (!restoreGeometry(Settings::windowGeometry()))
        resize(1400, 800);
    // A size saved on a larger screen, or at another scale, must not put the window off this one.
    if (const QScreen *here = screen()) {
        const QRect available = here->availableGeometry();
        resize(size().boundedTo(available.size()));
        if (!available.contains(frameGeometry().topLeft()))
            move(available.topLeft());
    }
    m_prices->restoreState(Settings::pricesSplitterState());
    m_prices->setDisplayCurrency(Settings::displayCurrency());
}

void MainWindow::writeSettings() const
{
    Settings::setWindowGeometry(saveGeometry());
    Settings::setPricesSplitterState(m_prices->saveState());
    Settings::setDisplayCurrency(m_prices->displayCurrency());
}

void MainWindow::showEvent(QShowEvent *event)
{
    QMainWindow::showEvent(event);
    // A message shown before the window was (a scenario opened from the command line) did not
    // hide the database label, which was not visible yet: show it again so that it does.
    if (const QString message = statusBar()->currentMessage(); !message.isEmpty()) {
        statusBar()->clearMessage(); // the same text again would be ignored
        statusBar()->showMessage(message, 5000);
    }
}

bool MainWindow::eventFilter(QObject *watched, QEvent *event)
{
    // A text field accepts Ctrl+Z and Ctrl+Shift+Z before the Edit menu's shortcuts see them, and
    // its own undo of the scenario's fields would be recorded as one more edit: in this window
    // they step through the scenario's edits wherever the focus is.
    if (event->type() == QEvent::KeyPress && watched == QApplication::focusWidget()
        && static_cast<QWidget *>(watched)->window() == this) {
        const auto *key = static_cast<QKeyEvent *>(event);
        QAction *step = key->matches(QKeySequence::Undo)   ? m_undo
                        : key->matches(QKeySequence::Redo) ? m_redo
                                                           : nullptr;
        if (step) {
            step->trigger();
            return true;
        }
    }
    return QMainWindow::eventFilter(watched, event);
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
