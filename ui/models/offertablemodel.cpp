#include "ui/models/offertablemodel.h"

#include "core/catalog/acceleratorcatalog.h"

#include <QFont>
#include <QLocale>

using namespace Qt::StringLiterals;

namespace accelplan::ui {

using pricing::OfferKind;
using pricing::PriceRecord;
using pricing::PriceUnit;

namespace {

// The sheet spelling keeps as many fractional digits as the source quoted; show them all
// (at least two) so "23.77728" is not rounded away on screen.
int fractionalDigits(const Decimal &value)
{
    const QString text = value.toString();
    const qsizetype dot = text.indexOf(u'.');
    return dot < 0 ? 2 : qMax(2, int(text.size() - dot - 1));
}

} // namespace

OfferTableModel::OfferTableModel(QObject *parent) : QAbstractTableModel(parent) {}

void OfferTableModel::setOffers(QList<PriceRecord> offers, pricing::FxTable fxTable, QString displayCurrency)
{
    beginResetModel();
    m_offers = std::move(offers);
    m_fxTable = std::move(fxTable);
    m_displayCurrency = std::move(displayCurrency);
    convertAll();
    endResetModel();
}

void OfferTableModel::setDisplayCurrency(const QString &displayCurrency)
{
    if (displayCurrency == m_displayCurrency)
        return;
    m_displayCurrency = displayCurrency;
    convertAll();
    if (!m_offers.isEmpty())
        Q_EMIT dataChanged(index(0, PriceInDisplayCurrency), index(rowCount() - 1, PricePerChipHour));
    Q_EMIT headerDataChanged(Qt::Horizontal, PriceInDisplayCurrency, PricePerChipHour);
}

void OfferTableModel::convertAll()
{
    m_converted.clear();
    m_converted.reserve(m_offers.size());
    for (const PriceRecord &offer : std::as_const(m_offers))
        m_converted.append(m_fxTable.convert(offer.price.toDouble(), offer.currency, m_displayCurrency));
}

std::optional<pricing::Conversion> OfferTableModel::convertedPrice(int row) const
{
    return m_converted.value(row);
}

std::optional<double> OfferTableModel::pricePerChipHour(int row) const
{
    const PriceRecord &record = m_offers.at(row);
    const auto &converted = m_converted.at(row);
    if (record.unit != PriceUnit::Hour || !converted || record.acceleratorCount <= 0)
        return std::nullopt;
    return converted->amount / record.acceleratorCount;
}

QString OfferTableModel::offerKindLabel(OfferKind kind)
{
    switch (kind) {
    case OfferKind::CloudVm: return tr("Cloud VM");
    case OfferKind::DedicatedServer: return tr("Dedicated");
    case OfferKind::Tpu: return tr("TPU");
    case OfferKind::Marketplace: return tr("Marketplace");
    case OfferKind::Owned: return tr("Owned");
    }
    return {};
}

QString OfferTableModel::priceModelLabel(pricing::PriceModel model)
{
    switch (model) {
    case pricing::PriceModel::OnDemand: return tr("On demand");
    case pricing::PriceModel::Spot: return tr("Spot");
    case pricing::PriceModel::Commit1y: return tr("1-year commit");
    case pricing::PriceModel::Commit3y: return tr("3-year commit");
    case pricing::PriceModel::CapacityBlock: return tr("capacity block");
    case pricing::PriceModel::Monthly: return tr("Monthly");
    case pricing::PriceModel::Purchase: return tr("Purchase");
    }
    return {};
}

QString OfferTableModel::unitSuffix(PriceUnit unit)
{
    switch (unit) {
    case PriceUnit::Hour: return tr("/h");
    case PriceUnit::Month: return tr("/month");
    case PriceUnit::OneTime: return QString();
    }
    return {};
}

QString OfferTableModel::formatPrice(const Decimal &price, const QString &currency, PriceUnit unit)
{
    return tr("%1 %2%3").arg(QLocale().toString(price.toDouble(), 'f', fractionalDigits(price)), currency,
                             unitSuffix(unit));
}

QString OfferTableModel::formatAmount(double amount, const QString &currency, int decimals)
{
    return tr("%1 %2").arg(QLocale().toString(amount, 'f', decimals), currency);
}

QString OfferTableModel::provenanceText(const PriceRecord &offer)
{
    QStringList lines;
    lines << tr("Source: %1").arg(offer.sourceUrl.isEmpty() ? tr("(none given)") : offer.sourceUrl);
    lines << tr("As of: %1").arg(offer.asOf.isValid() ? offer.asOf.toString(Qt::ISODate) : tr("(unknown)"));
    if (offer.sheetId > 0)
        lines << tr("Sheet %1, line %2").arg(offer.sheetId).arg(offer.sheetLine);
    lines << tr("Confidence: %1").arg(offer.confidence.isEmpty() ? tr("(not stated)") : offer.confidence);
    if (!offer.notes.isEmpty())
        lines << tr("Notes: %1").arg(offer.notes);
    return lines.join(u'\n');
}

int OfferTableModel::rowCount(const QModelIndex &parent) const
{
    return parent.isValid() ? 0 : int(m_offers.size());
}

int OfferTableModel::columnCount(const QModelIndex &parent) const
{
    return parent.isValid() ? 0 : ColumnCount;
}

bool OfferTableModel::isNoRate(int row, int column) const
{
    if (column == PriceInDisplayCurrency)
        return !m_converted.at(row).has_value();
    if (column == PricePerChipHour)
        return m_offers.at(row).unit == PriceUnit::Hour && !m_converted.at(row).has_value();
    return false;
}

QVariant OfferTableModel::displayData(int row, int column) const
{
    const PriceRecord &record = m_offers.at(row);
    switch (Column(column)) {
    case Provider: return record.key.provider;
    case Kind: return offerKindLabel(record.offerKind);
    case Sku: return record.key.sku;
    case Accelerator: return record.accelerator;
    case Chips: return QLocale().toString(record.acceleratorCount);
    case AcceleratorMemory: {
        const auto memory = acceleratorMemory(row);
        return memory ? tr("%1 GB").arg(QLocale().toString(*memory, 'f', 0)) : QString();
    }
    case Vcpus: return record.vcpus ? QLocale().toString(*record.vcpus) : QString();
    case Region: return record.key.region;
    case PriceModel: return priceModelLabel(record.key.priceModel);
    case Price: return formatPrice(record.price, record.currency, record.unit);
    case PriceInDisplayCurrency: {
        const auto &converted = m_converted.at(row);
        if (!converted)
            return tr("no rate");
        return QString(formatAmount(converted->amount, m_displayCurrency) + unitSuffix(record.unit));
    }
    case PricePerChipHour: {
        if (record.unit != PriceUnit::Hour)
            return QString();
        if (isNoRate(row, column))
            return tr("no rate");
        const auto perChipHour = pricePerChipHour(row);
        // The header names the currency; the bare number keeps this, the sort column, narrow.
        return perChipHour ? QLocale().toString(*perChipHour, 'f', 3) : QString();
    }
    case EffectiveDate:
        // ISO dates, as in the sheets: "2026-09-27" cannot be misread as 9 March or 3 September.
        return record.effectiveDate.isValid() ? record.effectiveDate.toString(Qt::ISODate) : QString();
    case Age: {
        const QDate today = QDate::currentDate();
        if (!record.asOf.isValid())
            return QString();
        return record.stale(today) ? tr("%1 d, stale").arg(record.ageDays(today)) : tr("%1 d").arg(record.ageDays(today));
    }
    case Confidence: return record.confidence;
    case ColumnCount: break;
    }
    return {};
}

QVariant OfferTableModel::rawData(int row, int column) const
{
    const PriceRecord &record = m_offers.at(row);
    switch (Column(column)) {
    case Provider: return record.key.provider;
    case Kind: return pricing::toString(record.offerKind);
    case Sku: return record.key.sku;
    case Accelerator: return record.accelerator;
    case Chips: return record.acceleratorCount;
    case AcceleratorMemory: {
        const auto memory = acceleratorMemory(row);
        return memory ? QVariant(*memory) : QVariant();
    }
    case Vcpus: return record.vcpus ? QVariant(*record.vcpus) : QVariant();
    case Region: return record.key.region;
    case PriceModel: return pricing::toString(record.key.priceModel);
    case Price: return record.price.toDouble();
    case PriceInDisplayCurrency: {
        const auto &converted = m_converted.at(row);
        return converted ? QVariant(converted->amount) : QVariant();
    }
    case PricePerChipHour: {
        const auto perChipHour = pricePerChipHour(row);
        return perChipHour ? QVariant(*perChipHour) : QVariant();
    }
    case EffectiveDate: return record.effectiveDate;
    case Age: return record.asOf.isValid() ? QVariant(record.ageDays(QDate::currentDate())) : QVariant();
    case Confidence: return record.confidence;
    case ColumnCount: break;
    }
    return {};
}

QVariant OfferTableModel::data(const QModelIndex &index, int role) const
{
    if (!checkIndex(index, CheckIndexOption::IndexIsValid | CheckIndexOption::ParentIsInvalid))
        return {};
    const int row = index.row();
    const int column = index.column();
    switch (role) {
    case Qt::DisplayRole: return displayData(row, column);
    case RawValueRole: return rawData(row, column);
    case OfferRowRole: return row;
    case Qt::ToolTipRole: {
        // Names are elided in narrow columns, so the tooltip starts with the offer itself.
        const PriceRecord &offer = m_offers.at(row);
        return QString(tr("%1 %2 (%3)").arg(offer.key.provider, offer.key.sku, offer.key.region) + u'\n'
                       + provenanceText(offer));
    }
    case Qt::TextAlignmentRole:
        switch (column) {
        case Chips:
        case AcceleratorMemory:
        case Vcpus:
        case Price:
        case PriceInDisplayCurrency:
        case PricePerChipHour: return QVariant::fromValue(Qt::AlignRight | Qt::AlignVCenter);
        default: return QVariant::fromValue(Qt::AlignLeft | Qt::AlignVCenter);
        }
    case Qt::FontRole:
        if (isNoRate(row, column) || (column == Age && m_offers.at(row).stale(QDate::currentDate()))) {
            QFont font;
            font.setItalic(true);
            return font;
        }
        return {};
    default: return {};
    }
}

QVariant OfferTableModel::headerData(int section, Qt::Orientation orientation, int role) const
{
    if (orientation != Qt::Horizontal || section < 0 || section >= ColumnCount)
        return QAbstractTableModel::headerData(section, orientation, role);
    if (role == Qt::DisplayRole) {
        switch (Column(section)) {
        case Provider: return tr("Provider");
        case Kind: return tr("Kind");
        case Sku: return tr("SKU");
        case Accelerator: return tr("Accelerator");
        case Chips: return tr("Chips");
        case AcceleratorMemory: return tr("Memory/chip");
        case Vcpus: return tr("vCPUs");
        case Region: return tr("Region");
        case PriceModel: return tr("Price model");
        case Price: return tr("Price");
        case PriceInDisplayCurrency: return tr("Price (%1)").arg(m_displayCurrency);
        case PricePerChipHour: return tr("Per chip-hour (%1)").arg(m_displayCurrency);
        case EffectiveDate: return tr("Effective");
        case Age: return tr("Age");
        case Confidence: return tr("Confidence");
        case ColumnCount: break;
        }
    }
    if (role == Qt::ToolTipRole) {
        switch (Column(section)) {
        case Chips: return tr("Accelerators in one unit of the SKU");
        case AcceleratorMemory: return tr("Memory of one accelerator (HBM or GDDR), from the accelerator catalog");
        case Vcpus: return tr("Virtual CPUs of one unit of the SKU, where the sheet gives them");
        case Price: return tr("The price as quoted, in the provider's currency and unit");
        case PriceInDisplayCurrency:
            return tr("The price converted to %1 with the newest stored exchange rate")
                .arg(m_displayCurrency);
        case PricePerChipHour: return tr("Hourly prices only: the converted price divided by the number of chips");
        case EffectiveDate: return tr("The date from which the price applies");
        case Age: return tr("Days since the price was read at its source; stale after %1 days").arg(pricing::kStaleAfterDays);
        case Confidence: return tr("exact, approximate or remembered");
        default: return {};
        }
    }
    if (role == Qt::TextAlignmentRole)
        return QVariant::fromValue(Qt::AlignLeft | Qt::AlignVCenter);
    return {};
}

std::optional<double> OfferTableModel::acceleratorMemory(int row) const
{
    if (!m_accelerators)
        return std::nullopt;
    const catalog::Accelerator *accelerator = m_accelerators->find(m_offers.at(row).accelerator);
    return accelerator && accelerator->memoryGb > 0 ? std::optional<double>(accelerator->memoryGb) : std::nullopt;
}

} // namespace accelplan::ui
