#include "ui/prices/pricesview.h"

#include "core/catalog/acceleratorcatalog.h"
#include "ui/models/offerfilterproxymodel.h"
#include "ui/models/offertablemodel.h"
#include "ui/widgets/offerfilterbar.h"
#include "ui/widgets/tableactions.h"

#include <QComboBox>
#include <QHeaderView>
#include <QItemSelectionModel>
#include <QLineEdit>
#include <QLocale>
#include <QSplitter>
#include <QStandardItemModel>
#include <QTabWidget>
#include <QTableView>
#include <QTextBrowser>
#include <QVBoxLayout>

using namespace Qt::StringLiterals;

namespace accelplan::ui {

using pricing::PriceRecord;

namespace {

const QString kDefaultDisplayCurrency = u"USD"_s;
// Offered first in the currency box; other currencies follow when the FX table knows them.
const QStringList kPreferredCurrencies = {u"USD"_s, u"EUR"_s, u"GBP"_s};
constexpr int kMaxColumnWidth = 190;
constexpr int kMaxNameColumnWidth = 150;

QString isoDate(const QDate &date)
{
    return date.isValid() ? date.toString(Qt::ISODate) : QString();
}

} // namespace

PricesView::PricesView(const pricing::PriceDatabase &database, const catalog::AcceleratorCatalog &catalog,
                       QWidget *parent)
    : QWidget(parent), m_database(database), m_catalog(catalog)
{
    m_offerModel = new OfferTableModel(this);
    m_offerModel->setAccelerators(&m_catalog);
    m_offerProxy = new OfferFilterProxyModel(this);
    m_offerProxy->setSourceModel(m_offerModel);

    auto *central = this;
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
    TableActions::install(m_offerTable);
    connect(m_offerTable, &QAbstractItemView::doubleClicked, this, &PricesView::editRequested);

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
        TableActions::install(table);
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
    
    connect(m_offerTable->selectionModel(), &QItemSelectionModel::selectionChanged, this, [this] {
        showOffer(m_offerTable->selectionModel()->selectedRows().value(0));
    });
    connect(m_offerProxy, &QAbstractItemModel::modelReset, this, &PricesView::countChanged);
    connect(m_offerProxy, &QAbstractItemModel::layoutChanged, this, &PricesView::countChanged);
    connect(m_offerProxy, &QAbstractItemModel::rowsInserted, this, &PricesView::countChanged);
    connect(m_offerProxy, &QAbstractItemModel::rowsRemoved, this, &PricesView::countChanged);
}

QWidget *PricesView::createFilterBar()
{
    m_filterBar = new OfferFilterBar(QString(), false, this);
    connect(m_filterBar, &OfferFilterBar::changed, this, &PricesView::applyFilters);
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

void PricesView::setSnapshot(QList<PriceRecord> offers, pricing::FxTable fx, QList<pricing::SheetInfo> sheets,
                             const QString &loadError)
{
    const std::optional<PriceRecord> selected = selectedOffer();
    m_loadError = loadError;
    m_sheetList = std::move(sheets);
    m_sheets.clear();
    for (const pricing::SheetInfo &sheet : std::as_const(m_sheetList))
        m_sheets.insert(sheet.id, sheet);

    m_offerModel->setOffers(std::move(offers), std::move(fx), displayCurrency());
    fillCurrencyCombo();
    {
        QList<const PriceRecord *> shown;
        for (const PriceRecord &offer : m_offerModel->offers())
            shown.append(&offer);
        const QSignalBlocker blocker(m_filterBar);
        m_filterBar->fill(shown, &m_catalog);
    }
    fillSheets();
    applyFilters();
    resizeColumns();

    int rowToSelect = 0;
    if (selected) {
        for (int row = 0; row < m_offerProxy->rowCount(); ++row) {
            const int sourceRow = m_offerProxy->index(row, 0).data(OfferTableModel::OfferRowRole).toInt();
            if (m_offerModel->offer(sourceRow).key == selected->key) {
                rowToSelect = row;
                break;
            }
        }
    }
    if (m_offerProxy->rowCount() > 0)
        m_offerTable->selectRow(rowToSelect);
    else
        showOffer({});
    Q_EMIT countChanged();
}

QList<PriceRecord> PricesView::shownOffers() const
{
    QList<PriceRecord> shown;
    for (int row = 0; row < m_offerProxy->rowCount(); ++row)
        shown.append(m_offerModel->offer(m_offerProxy->index(row, 0).data(OfferTableModel::OfferRowRole).toInt()));
    return shown;
}

std::optional<PriceRecord> PricesView::selectedOffer() const
{
    const QModelIndex selected = m_offerTable->selectionModel()->selectedRows().value(0);
    if (!selected.isValid())
        return std::nullopt;
    return m_offerModel->offer(selected.data(OfferTableModel::OfferRowRole).toInt());
}

QString PricesView::countText() const
{
    const int total = m_offerModel->rowCount();
    const int shown = m_offerProxy->rowCount();
    if (!m_loadError.isEmpty())
        return tr("Prices could not be read");
    if (shown == total)
        return tr("%n offers priced", nullptr, total);
    return tr("%1 / %n offers priced", nullptr, total).arg(shown);
}

void PricesView::focusSearch()
{
    m_filterBar->searchEdit()->setFocus(Qt::ShortcutFocusReason);
    m_filterBar->searchEdit()->selectAll();
}

QString PricesView::displayCurrency() const
{
    const QString current = m_currencyCombo->currentData().toString();
    return current.isEmpty() ? kDefaultDisplayCurrency : current;
}

void PricesView::setDisplayCurrency(const QString &currency)
{
    const QSignalBlocker blocker(m_currencyCombo);
    m_currencyCombo->clear();
    m_currencyCombo->addItem(currency, currency);
}

QByteArray PricesView::saveState() const
{
    return m_splitter->saveState();
}

void PricesView::restoreState(const QByteArray &state)
{
    m_splitter->restoreState(state);
}

QList<PriceRecord> PricesView::storedHistory(const PriceRecord &offer) const
{
    QList<PriceRecord> history;
    if (auto stored = m_database.history(offer.key.sku, offer.key.provider, offer.key.region); stored.ok()) {
        for (const PriceRecord &record : stored.value())
            if (record.key == offer.key) // the same SKU under another price model is another offer
                history.append(record);
    }
    return history;
}

void PricesView::showHistory(const PriceRecord &offer)
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

void PricesView::fillSheets()
{
    m_sheetsModel->removeRows(0, m_sheetsModel->rowCount());
    auto number = [](qint64 value) {
        auto *item = new QStandardItem;
        item->setData(value, Qt::DisplayRole);
        return item;
    };
    for (const pricing::SheetInfo &sheet : std::as_const(m_sheetList)) {
        m_sheetsModel->appendRow({number(sheet.id), new QStandardItem(sheet.name), new QStandardItem(sheet.kind),
                                  new QStandardItem(sheet.importedAt.toString(Qt::ISODate)), number(sheet.rowCount),
                                  number(sheet.addedCount), number(sheet.changedCount),
                                  new QStandardItem(sheet.source)});
    }
}

void PricesView::fillCurrencyCombo()
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

void PricesView::applyFilters()
{
    m_filterBar->applyTo(m_offerProxy);
    Q_EMIT countChanged();
}

void PricesView::resizeColumns()
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

void PricesView::showOffer(const QModelIndex &proxyIndex)
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

} // namespace accelplan::ui
