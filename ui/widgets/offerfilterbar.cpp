#include "ui/widgets/offerfilterbar.h"

#include "core/catalog/acceleratorcatalog.h"
#include "ui/models/offerfilterproxymodel.h"
#include "ui/models/offertablemodel.h"

#include <QComboBox>
#include <QHBoxLayout>
#include <QVBoxLayout>
#include <QLabel>
#include <QLineEdit>
#include <QSet>

using namespace Qt::StringLiterals;

namespace accelplan::ui {

namespace {

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

QString camel(const QString &prefix, const QString &name)
{
    if (prefix.isEmpty())
        return name;
    return prefix + name.left(1).toUpper() + name.mid(1);
}

} // namespace

OfferFilterBar::OfferFilterBar(const QString &prefix, bool compact, QWidget *parent)
    : QWidget(parent), m_compact(compact)
{
    auto *rows = new QVBoxLayout(this);
    rows->setContentsMargins(0, 0, 0, 0);
    for (QHBoxLayout *&row : m_rows) {
        row = new QHBoxLayout;
        rows->addLayout(row);
    }

    m_search = new QLineEdit(this);
    m_search->setObjectName(camel(prefix, u"searchEdit"_s));
    m_search->setPlaceholderText(tr("Search offers…"));
    m_search->setToolTip(tr("Shows the offers whose provider, SKU, accelerator or region contains this text"));
    m_search->setAccessibleName(tr("Search offers"));
    m_search->setClearButtonEnabled(true);
    m_search->setMinimumWidth(compact ? 100 : 220);
    m_rows[0]->addWidget(m_search, 1);
    connect(m_search, &QLineEdit::textChanged, this, &OfferFilterBar::changed);

    m_provider = addCombo(camel(prefix, u"providerFilter"_s), tr("&Provider:"), tr("Provider filter"), 12);
    m_kind = addCombo(camel(prefix, u"kindFilter"_s), tr("&Kind:"), tr("Offer kind filter"), 12);
    m_accelerator = addCombo(camel(prefix, u"acceleratorFilter"_s), tr("&Accelerator:"), tr("Accelerator filter"), 22);
    m_priceModel = addCombo(camel(prefix, u"priceModelFilter"_s), tr("Price &model:"), tr("Price model filter"), 14);
    for (QComboBox *combo : {m_provider, m_kind, m_accelerator, m_priceModel})
        connect(combo, &QComboBox::currentIndexChanged, this, &OfferFilterBar::changed);
    fill({}, nullptr);
}

// Sized by a typical entry, not the longest one: the popup still shows every name in full.
QComboBox *OfferFilterBar::addCombo(const QString &objectName, const QString &labelText,
                                    const QString &accessibleName, int typicalLength)
{
    auto *combo = new QComboBox(this);
    combo->setObjectName(objectName);
    combo->setAccessibleName(accessibleName);
    combo->setToolTip(accessibleName);
    combo->setSizeAdjustPolicy(QComboBox::AdjustToMinimumContentsLengthWithIcon);
    combo->setMinimumContentsLength(m_compact ? std::min(typicalLength, 9) : typicalLength);
    QHBoxLayout *row = m_rows[m_combos++ >= 2 ? 1 : 0];
    if (row->count() > 0)
        row->addSpacing(m_compact ? 2 : 8);
    if (!m_compact) {
        auto *label = new QLabel(labelText, this);
        label->setBuddy(combo);
        row->addWidget(label);
    }
    row->addWidget(combo, m_compact ? 0 : 1);
    return combo;
}

void OfferFilterBar::fill(const QList<const pricing::PriceRecord *> &offers, const catalog::AcceleratorCatalog *catalog)
{
    QStringList providers;
    QStringList accelerators;
    QSet<int> kinds;
    QSet<int> priceModels;
    for (const pricing::PriceRecord *offer : offers) {
        // Neighbours mostly repeat (one SKU's regions and price models): the lists stay short.
        if (providers.isEmpty() || providers.last() != offer->key.provider)
            providers.append(offer->key.provider);
        if (accelerators.isEmpty() || accelerators.last() != offer->accelerator)
            accelerators.append(offer->accelerator);
        kinds.insert(int(offer->offerKind));
        priceModels.insert(int(offer->key.priceModel));
    }
    providers.removeDuplicates();
    providers.sort(Qt::CaseInsensitive);
    accelerators.removeDuplicates();
    accelerators.sort(Qt::CaseInsensitive);

    QList<std::pair<QString, QString>> entries;
    for (const QString &provider : std::as_const(providers))
        entries.append({provider, provider});
    refillCombo(m_provider, tr("All providers"), entries);

    entries.clear();
    for (const QString &name : pricing::offerKindNames()) {
        const auto kind = pricing::offerKindFromString(name);
        if (kind && kinds.contains(int(*kind)))
            entries.append({OfferTableModel::offerKindLabel(*kind), name});
    }
    refillCombo(m_kind, tr("All kinds"), entries);

    entries.clear();
    for (const QString &id : std::as_const(accelerators)) {
        const catalog::Accelerator *accelerator = catalog ? catalog->find(id) : nullptr;
        entries.append({accelerator ? tr("%1 (%2)").arg(accelerator->name, id) : id, id});
    }
    refillCombo(m_accelerator, tr("All accelerators"), entries);

    entries.clear();
    for (const QString &name : pricing::priceModelNames()) {
        const auto model = pricing::priceModelFromString(name);
        if (model && priceModels.contains(int(*model)))
            entries.append({OfferTableModel::priceModelLabel(*model), name});
    }
    refillCombo(m_priceModel, tr("All price models"), entries);
}

void OfferFilterBar::applyTo(OfferFilterProxyModel *proxy) const
{
    proxy->setProviderFilter(m_provider->currentData().toString());
    proxy->setOfferKindFilter(m_kind->currentData().toString());
    proxy->setAcceleratorFilter(m_accelerator->currentData().toString());
    proxy->setPriceModelFilter(m_priceModel->currentData().toString());
    proxy->setSearchText(m_search->text());
}

} // namespace accelplan::ui
