#include "ui/mainwindow.h"

#include "core/catalog/acceleratorcatalog.h"
#include "ui/models/offerfilterproxymodel.h"
#include "ui/models/offertablemodel.h"
#include "ui/planner/plannerview.h"

#include <QAction>
#include <QApplication>
#include <QCloseEvent>
#include <QComboBox>
#include <QCoreApplication>
#include <QDir>
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
#include <QSettings>
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

// Offered first in the currency box; other currencies follow when the FX table knows them.
const QStringList kPreferredCurrencies = {u"USD"_s, u"EUR"_s, u"GBP"_s};

constexpr int kMaxColumnWidth = 190;
constexpr int kMaxNameColumnWidth = 150;

QString isoDate(const QDate &date)
{
    return date.isValid() ? date.toString(Qt::ISODate) : QString();
}

// Refills a combo box and keeps the entry that was current (by its data) where it still exists.
void refillCombo(QComboBox *combo, const QString &allLabel, const QList<std::pair<QString, QString>> &entries)
{
    const QString previous = combo->currentData().toString();
    const QSignalBlocker blocker(combo);
    combo->clear();
    combo->addItem(allLabel, QString());
    for (const auto &[label, value] : entries)
        combo->addItem(label, value);
    const int index = combo->findData(previous);
    combo->setCurrentIndex(index >= 0 ? index : 0);
}

} // namespace

MainWindow::MainWindow(pricing::PriceDatabase &database, const catalog::AcceleratorCatalog &catalog,
                       QWidget *parent)
    : QMainWindow(parent), m_database(database), m_catalog(catalog)
{
    setWindowTitle(tr("Accelplan"));
    m_offerModel = new OfferTableModel(this);
    m_offerProxy = new OfferFilterProxyModel(this);
    m_offerProxy->setSourceModel(m_offerModel);

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

    m_detailPane = new QTextBrowser(central);
    m_detailPane->setObjectName(u"offerDetails"_s);
    m_detailPane->setAccessibleName(tr("Offer details"));
    m_detailPane->setAccessibleDescription(tr("Where the selected offer's price comes from"));
    m_detailPane->setOpenExternalLinks(true);

    m_splitter = new QSplitter(Qt::Vertical, central);
    m_splitter->setObjectName(u"mainSplitter"_s);
    m_splitter->addWidget(m_offerTable);
    m_splitter->addWidget(m_detailPane);
    m_splitter->setStretchFactor(0, 3);
    m_splitter->setStretchFactor(1, 1);
    m_splitter->setChildrenCollapsible(false);
    m_splitter->setSizes({520, 230});
    layout->addWidget(m_splitter, 1);

    m_planner = new PlannerView(this);
    m_planner->setObjectName(u"planner"_s);
    m_tabs = new QTabWidget(this);
    m_tabs->setObjectName(u"mainTabs"_s);
    m_tabs->addTab(m_planner, tr("&Planner"));
    m_tabs->addTab(central, tr("P&rices"));
    setCentralWidget(m_tabs);

    createActions();
    createStatusBar();

    QWidget::setTabOrder(m_searchEdit, m_providerCombo);
    QWidget::setTabOrder(m_providerCombo, m_kindCombo);
    QWidget::setTabOrder(m_kindCombo, m_acceleratorCombo);
    QWidget::setTabOrder(m_acceleratorCombo, m_priceModelCombo);
    QWidget::setTabOrder(m_priceModelCombo, m_currencyCombo);
    QWidget::setTabOrder(m_currencyCombo, m_offerTable);
    QWidget::setTabOrder(m_offerTable, m_detailPane);

    connect(m_offerTable->selectionModel(), &QItemSelectionModel::selectionChanged, this, [this] {
        showOffer(m_offerTable->selectionModel()->selectedRows().value(0));
    });
    connect(m_offerProxy, &QAbstractItemModel::modelReset, this, &MainWindow::updateStatus);
    connect(m_offerProxy, &QAbstractItemModel::layoutChanged, this, &MainWindow::updateStatus);
    connect(m_offerProxy, &QAbstractItemModel::rowsInserted, this, &MainWindow::updateStatus);
    connect(m_offerProxy, &QAbstractItemModel::rowsRemoved, this, &MainWindow::updateStatus);

    readSettings();
    reload();
}

MainWindow::~MainWindow() = default;

QWidget *MainWindow::createFilterBar()
{
    auto *bar = new QWidget(this);
    auto *layout = new QHBoxLayout(bar);
    layout->setContentsMargins(0, 0, 0, 0);

    m_searchEdit = new QLineEdit(bar);
    m_searchEdit->setObjectName(u"searchEdit"_s);
    m_searchEdit->setPlaceholderText(tr("Search offers…"));
    m_searchEdit->setToolTip(tr("Shows the offers whose provider, SKU, accelerator or region contains this text"));
    m_searchEdit->setAccessibleName(tr("Search offers"));
    m_searchEdit->setClearButtonEnabled(true);
    m_searchEdit->setMinimumWidth(220);
    layout->addWidget(m_searchEdit, 1);
    connect(m_searchEdit, &QLineEdit::textChanged, this, &MainWindow::applyFilters);

    // Sized by a typical entry, not the longest one: the popup still shows every name in full.
    auto addCombo = [&](const QString &objectName, const QString &labelText, const QString &accessibleName,
                        int typicalLength) {
        auto *label = new QLabel(labelText, bar);
        auto *combo = new QComboBox(bar);
        combo->setObjectName(objectName);
        combo->setAccessibleName(accessibleName);
        combo->setSizeAdjustPolicy(QComboBox::AdjustToMinimumContentsLengthWithIcon);
        combo->setMinimumContentsLength(typicalLength);
        label->setBuddy(combo);
        layout->addSpacing(8);
        layout->addWidget(label);
        layout->addWidget(combo);
        return combo;
    };
    m_providerCombo = addCombo(u"providerFilter"_s, tr("&Provider:"), tr("Provider filter"), 12);
    m_kindCombo = addCombo(u"kindFilter"_s, tr("&Kind:"), tr("Offer kind filter"), 12);
    m_acceleratorCombo = addCombo(u"acceleratorFilter"_s, tr("&Accelerator:"), tr("Accelerator filter"), 22);
    m_priceModelCombo = addCombo(u"priceModelFilter"_s, tr("Price &model:"), tr("Price model filter"), 14);
    m_currencyCombo = addCombo(u"displayCurrency"_s, tr("&Currency:"), tr("Display currency"), 4);
    m_currencyCombo->setToolTip(tr("Prices are converted to this currency with the stored exchange rates"));

    for (QComboBox *combo : {m_providerCombo, m_kindCombo, m_acceleratorCombo, m_priceModelCombo})
        connect(combo, &QComboBox::currentIndexChanged, this, &MainWindow::applyFilters);
    connect(m_currencyCombo, &QComboBox::currentIndexChanged, this, [this] {
        const QString currency = m_currencyCombo->currentData().toString();
        if (currency.isEmpty())
            return;
        m_offerModel->setDisplayCurrency(currency);
        resizeColumns();
        showOffer(m_offerTable->selectionModel()->selectedRows().value(0));
    });
    return bar;
}

void MainWindow::createActions()
{
    QMenu *fileMenu = menuBar()->addMenu(tr("&File"));
    QAction *quit = fileMenu->addAction(tr("&Quit"), this, &QWidget::close);
    quit->setObjectName(u"actionQuit"_s);
    quit->setShortcut(QKeySequence(Qt::CTRL | Qt::Key_Q));
    quit->setMenuRole(QAction::QuitRole);

    QMenu *viewMenu = menuBar()->addMenu(tr("&View"));
    QAction *reloadAction = viewMenu->addAction(tr("&Reload Prices"), this, &MainWindow::reload);
    reloadAction->setObjectName(u"actionReload"_s);
    reloadAction->setShortcut(QKeySequence(Qt::Key_F5));
    reloadAction->setStatusTip(tr("Read the current prices from the database again"));
    QAction *find = viewMenu->addAction(tr("&Focus Search"), this, &MainWindow::focusSearch);
    find->setObjectName(u"actionFocusSearch"_s);
    find->setShortcut(QKeySequence(Qt::CTRL | Qt::Key_F));

    QMenu *helpMenu = menuBar()->addMenu(tr("&Help"));
    QAction *about = helpMenu->addAction(tr("&About Accelplan"), this, &MainWindow::showAbout);
    about->setObjectName(u"actionAbout"_s);
    about->setMenuRole(QAction::AboutRole);
    QAction *aboutQt = helpMenu->addAction(tr("About &Qt"), qApp, &QApplication::aboutQt);
    aboutQt->setMenuRole(QAction::AboutQtRole);
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

    QList<PriceRecord> records;
    if (auto prices = m_database.prices(); prices.ok())
        records = std::move(prices).value();
    else
        m_loadError = tr("Could not read the prices: %1").arg(prices.error().message);

    pricing::FxTable fxTable;
    if (auto fx = m_database.fxTable(); fx.ok())
        fxTable = std::move(fx).value();
    else if (m_loadError.isEmpty())
        m_loadError = tr("Could not read the exchange rates: %1").arg(fx.error().message);

    m_pricesAsOf = m_database.pricesAsOf();
    m_sheets.clear();
    if (auto sheets = m_database.sheets(); sheets.ok()) {
        for (const pricing::SheetInfo &sheet : sheets.value())
            m_sheets.insert(sheet.id, sheet);
    }

    QString currency = m_currencyCombo->currentData().toString();
    if (currency.isEmpty())
        currency = kDefaultDisplayCurrency;
    if (!m_planningCatalog) {
        if (auto planning = catalog::PlanningCatalog::loadShipped(); planning.ok())
            m_planningCatalog = std::make_shared<const catalog::PlanningCatalog>(std::move(planning).value());
        else if (m_loadError.isEmpty())
            m_loadError = tr("Could not load the planning catalog: %1").arg(planning.error().message);
    }
    m_planner->setInputs({&m_catalog, m_planningCatalog, std::make_shared<const QList<PriceRecord>>(records), fxTable,
                          m_pricesAsOf});
    m_offerModel->setOffers(std::move(records), std::move(fxTable), currency);
    fillCurrencyCombo();
    fillFilterCombos();
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
    m_searchEdit->setFocus(Qt::ShortcutFocusReason);
    m_searchEdit->selectAll();
}

void MainWindow::fillFilterCombos()
{
    const QList<PriceRecord> &offers = m_offerModel->offers();
    QStringList providers;
    QStringList accelerators;
    QSet<int> kinds;
    QSet<int> priceModels;
    for (const PriceRecord &offer : offers) {
        providers.append(offer.key.provider);
        accelerators.append(offer.accelerator);
        kinds.insert(int(offer.offerKind));
        priceModels.insert(int(offer.key.priceModel));
    }
    providers.removeDuplicates();
    providers.sort(Qt::CaseInsensitive);
    accelerators.removeDuplicates();
    accelerators.sort(Qt::CaseInsensitive);

    QList<std::pair<QString, QString>> entries;
    for (const QString &provider : std::as_const(providers))
        entries.append({provider, provider});
    refillCombo(m_providerCombo, tr("All providers"), entries);

    entries.clear();
    for (const QString &name : pricing::offerKindNames()) {
        const auto kind = pricing::offerKindFromString(name);
        if (kind && kinds.contains(int(*kind)))
            entries.append({OfferTableModel::offerKindLabel(*kind), name});
    }
    refillCombo(m_kindCombo, tr("All kinds"), entries);

    entries.clear();
    for (const QString &id : std::as_const(accelerators)) {
        const catalog::Accelerator *accelerator = m_catalog.find(id);
        entries.append({accelerator ? tr("%1 (%2)").arg(accelerator->name, id) : id, id});
    }
    refillCombo(m_acceleratorCombo, tr("All accelerators"), entries);

    entries.clear();
    for (const QString &name : pricing::priceModelNames()) {
        const auto model = pricing::priceModelFromString(name);
        if (model && priceModels.contains(int(*model)))
            entries.append({OfferTableModel::priceModelLabel(*model), name});
    }
    refillCombo(m_priceModelCombo, tr("All price models"), entries);
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
    m_offerProxy->setProviderFilter(m_providerCombo->currentData().toString());
    m_offerProxy->setOfferKindFilter(m_kindCombo->currentData().toString());
    m_offerProxy->setAcceleratorFilter(m_acceleratorCombo->currentData().toString());
    m_offerProxy->setPriceModelFilter(m_priceModelCombo->currentData().toString());
    m_offerProxy->setSearchText(m_searchEdit->text());
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

void MainWindow::showAbout()
{
    QMessageBox::about(this, tr("About Accelplan"),
                       tr("<h3>Accelplan %1</h3>"
                          "<p>Plans the cost of AI hardware: cloud GPUs, dedicated servers, TPUs, "
                          "marketplace and owned hardware. Every price shows where it comes from.</p>")
                           .arg(QCoreApplication::applicationVersion().toHtmlEscaped()));
}

void MainWindow::readSettings()
{
    const QSettings settings;
    if (!restoreGeometry(settings.value(kGeometryKey).toByteArray()))
        resize(1400, 800);
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
    writeSettings();
    event->accept();
}

} // namespace accelplan::ui
