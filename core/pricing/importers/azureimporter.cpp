#include "core/pricing/importers/azureimporter.h"
#include "core/pricing/importers/jsonsheetread.h"
#include "core/pricing/importers/sheetbuilder.h"

#include "core/common/csvtable.h"
#include "core/common/backgroundhash.h"
#include "core/common/jsonsax.h"
#include "core/common/tr.h"
#include "core/pricing/currency.h"

#include <QFile>
#include <QIODevice>
#include <QJsonObject>
#include <QMap>
#include <QSet>

#include <algorithm>
#include <array>
#include <string>
#include <string_view>

using namespace Qt::StringLiterals;

namespace accelplan::pricing {

namespace {

constexpr qint64 kHoursPerYear = 8760; // Azure prices a reservation over 365 × 24 hours a year

// A whole-term reservation price spread over its hours, rounded to micro-units: exact integer
// arithmetic on nano-units, so 551221 / 8760 is always 62.924772.
Decimal hourlyFromTerm(Decimal wholeTerm, int years)
{
    const qint64 micro = 1000; // nanos per micro-unit
    const qint64 divisor = years * kHoursPerYear * micro;
    return Decimal::fromNanos((wholeTerm.nanos() + divisor / 2) / divisor * micro);
}

// One kept item: its record, and whether Azure marked its meter region as primary (unknown when
// the item does not say).
struct Kept
{
    PriceRecord record;
    std::optional<bool> primary;
    QDate endDate; ///< effectiveEndDate; invalid while the price is in force
};

// The members of a price item the reader looks at, as read by the SAX walk: text as written,
// and what kind of JSON value each was (absent, string, number…).
enum class ItemField {
    ServiceName,
    ProductName,
    MeterName,
    SkuName,
    Type,
    ReservationTerm,
    UnitOfMeasure,
    ArmSkuName,
    RetailPrice,
    ArmRegionName,
    CurrencyCode,
    EffectiveStartDate,
    EffectiveEndDate,
    IsPrimaryMeterRegion,
    Count
};

class FlatItem
{
public:
    enum class Kind : quint8 { Absent, String, Number, Bool, Null, Other };

    /// The field a member's key names, or Count for one the reader does not look at.
    static ItemField field(std::string_view key)
    {
        static constexpr std::array<std::string_view, std::size_t(ItemField::Count)> names{
            "serviceName", "productName",   "meterName",     "skuName",          "type",
            "reservationTerm", "unitOfMeasure", "armSkuName", "retailPrice",      "armRegionName",
            "currencyCode", "effectiveStartDate", "effectiveEndDate", "isPrimaryMeterRegion"};
        for (std::size_t i = 0; i < names.size(); ++i) {
            if (names[i] == key)
                return ItemField(i);
        }
        return ItemField::Count;
    }

    void clear() { m_kinds.fill(Kind::Absent); }
    void set(ItemField field, Kind kind, std::string_view text = {})
    {
        m_kinds[std::size_t(field)] = kind;
        m_texts[std::size_t(field)].assign(text);
    }
    bool has(ItemField field) const { return m_kinds[std::size_t(field)] != Kind::Absent; }
    /// A string member's text; empty for any other kind, as QJsonValue::toString() gives.
    QString string(ItemField field) const
    {
        if (m_kinds[std::size_t(field)] != Kind::String)
            return {};
        const std::string &t = m_texts[std::size_t(field)];
        return QString::fromUtf8(t.data(), qsizetype(t.size()));
    }
    /// The member as a QJsonValue (Undefined when absent; an object stands for any container).
    QJsonValue value(ItemField field) const
    {
        const std::string &t = m_texts[std::size_t(field)];
        switch (m_kinds[std::size_t(field)]) {
        case Kind::Absent: return QJsonValue(QJsonValue::Undefined);
        case Kind::String: return QString::fromUtf8(t.data(), qsizetype(t.size()));
        case Kind::Number: return QByteArray::fromRawData(t.data(), qsizetype(t.size())).toDouble();
        case Kind::Bool: return t == "true";
        case Kind::Null: return QJsonValue(QJsonValue::Null);
        case Kind::Other: break;
        }
        return QJsonObject();
    }

private:
    std::array<Kind, std::size_t(ItemField::Count)> m_kinds{};
    std::array<std::string, std::size_t(ItemField::Count)> m_texts;
};

class AzureReader : public SheetBuilder
{
public:
    AzureReader(ParsedSheet &sheet, const QHash<QString, AzureSku> &skus, const std::atomic<bool> *cancel)
        : SheetBuilder(sheet), m_skus(skus), m_cancel(cancel)
    {
        for (auto it = skus.cbegin(); it != skus.cend(); ++it)
            m_skuNames.insert(it.key().toLower(), it.key());
    }

    bool cancelled() const { return m_cancel && m_cancel->load(); }
    /// Pages and bare items read.
    int pages() const { return m_pages; }

    void countPage() { ++m_pages; }
    void nonObjectItem(int line)
    {
        ++m_sheet.rowCount;
        error(line, {}, Tr::tr("a price item must be a JSON object"));
    }

    void notAzure(int line)
    {
        error(line, {}, Tr::tr("not an Azure Retail Prices API response (no \"Items\" array of price items)"));
    }

    // After the last item: warnings that compare kept prices, then the sheet's lists.
    void finish(int lastLine)
    {
        // Only prices in force on the sheet's date become prices. The file does not say when it
        // was fetched: its date is the latest effectiveStartDate it holds. An item that ended
        // before that (an expired 0.01/h next to the valid 106/h) is passed over.
        QDate sheetDate;
        for (const Kept &kept : std::as_const(m_kept))
            sheetDate = std::max(sheetDate, kept.record.effectiveDate);
        m_kept.removeIf([&](const Kept &kept) {
            if (!kept.endDate.isValid() || kept.endDate >= sheetDate)
                return false;
            skip(Tr::tr("expired before the sheet's date"));
            return true;
        });
        // Reference §2.3: reservation prices are whole-term prices; one that comes out above
        // on-demand per hour was probably not one. Spot above on-demand is as suspect.
        for (const Kept &kept : std::as_const(m_kept)) {
            const PriceRecord &r = kept.record;
            if (r.key.priceModel == PriceModel::OnDemand)
                continue;
            const auto onDemand = m_index.constFind(offerId(r.key.sku, r.key.region, PriceModel::OnDemand));
            if (onDemand == m_index.cend())
                continue;
            const PriceRecord &base = m_kept.at(*onDemand).record;
            if (r.price > base.price)
                warning(r.sheetLine, u"retailPrice"_s,
                        Tr::tr("%1 %2 in %3 comes to %4 an hour, above the on-demand price %5 on line %6: %7")
                            .arg(toString(r.key.priceModel), r.key.sku, r.key.region, r.price.toString(),
                                 base.price.toString(), QString::number(base.sheetLine),
                                 r.key.priceModel == PriceModel::Spot
                                     ? Tr::tr("check the item")
                                     : Tr::tr("is retailPrice really the price of the whole term?")));
        }
        for (const Kept &kept : std::as_const(m_kept))
            m_sheet.records.append(kept.record);
        std::stable_sort(m_sheet.diagnostics.begin(), m_sheet.diagnostics.end(),
                         [](const Diagnostic &a, const Diagnostic &b) { return a.line < b.line; });
        finishSheet(cancelled(), lastLine,
                    Tr::tr("no accelerator VM prices found (%1 items read)").arg(m_sheet.rowCount));
    }

private:
    static QString offerId(const QString &sku, const QString &region, PriceModel model)
    {
        return sku.toLower() + u'|' + region.toLower() + u'|' + toString(model);
    }


    // The price model of an item and its reservation term in years (0: none), or nothing when
    // the item's terms are left out (counted by reason).
    std::optional<std::pair<PriceModel, int>> termsOf(const FlatItem &item)
    {
        const QString meter = item.string(ItemField::MeterName);
        const QString skuName = item.string(ItemField::SkuName);
        auto tier = [&](const QString &suffix) { return meter.endsWith(suffix) || skuName.endsWith(suffix); };
        const QString type = item.string(ItemField::Type);
        const QString term = item.string(ItemField::ReservationTerm);
        if (type == u"Consumption"_s) {
            if (tier(u" Low Priority"_s))
                return skipped(Tr::tr("Low Priority"));
            return std::pair{tier(u" Spot"_s) ? PriceModel::Spot : PriceModel::OnDemand, 0};
        }
        if (type == u"DevTestConsumption"_s)
            return skipped(Tr::tr("DevTest"));
        if (type != u"Reservation"_s)
            return skipped(Tr::tr("other price type"));
        if (term == u"1 Year"_s)
            return std::pair{PriceModel::Commit1y, 1};
        if (term == u"3 Years"_s)
            return std::pair{PriceModel::Commit3y, 3};
        return skipped(Tr::tr("other reservation term"));
    }

    // Every item ends kept, skipped (counted by reason) or as an error, in that order of checks:
    // the cheap selection first, so a bad price in an item left out anyway blocks nothing.
public:
    void readItem(const FlatItem &item, int line, const QString &billingCurrency)
    {
        ++m_sheet.rowCount;
        auto text = [&](ItemField field) { return item.string(field); };
        if (text(ItemField::ServiceName) != u"Virtual Machines"_s) {
            skip(Tr::tr("not a virtual machine"));
            return;
        }
        // Linux and Windows share meterName and armSkuName: only productName tells them apart.
        const QString product = text(ItemField::ProductName);
        if (product.endsWith(u" Windows"_s)) {
            skip(Tr::tr("Windows"));
            return;
        }
        const auto terms = termsOf(item);
        if (!terms)
            return;
        const auto [model, termYears] = *terms;
        const QString meter = text(ItemField::MeterName);
        // "100 Hours" and "1/Month" meters are not interchangeable with "1 Hour" ones (CUDly#1934).
        if (text(ItemField::UnitOfMeasure) != u"1 Hour"_s) {
            skip(Tr::tr("not an hourly price"));
            return;
        }
        QString arm = text(ItemField::ArmSkuName);
        if (arm.isEmpty()) {
            skip(Tr::tr("no armSkuName"));
            return;
        }
        const auto name = m_skuNames.constFind(arm.toLower());
        if (name == m_skuNames.cend()) {
            if (arm.startsWith(u"Standard_N"_s, Qt::CaseInsensitive)) { // the N family: NC, ND, NV, NG…
                skip(Tr::tr("unknown accelerator VM size"));
                unknownType(arm);
            } else {
                skip(Tr::tr("not an accelerator VM size"));
            }
            return;
        }
        arm = *name; // the table's spelling, as the shipped azure.csv writes it
        const AzureSku &sku = *m_skus.constFind(arm);

        const QJsonValue priceValue = item.value(ItemField::RetailPrice);
        if (priceValue.isUndefined() || priceValue.isNull()) {
            error(line, u"retailPrice"_s, Tr::tr("missing"));
            return;
        }
        QString why;
        const auto price = decimalFromJson(priceValue, &why);
        if (!price) {
            const QString shown = priceValue.isString() ? priceValue.toString() : Tr::tr("(not a number)");
            error(line, u"retailPrice"_s, Tr::tr("\"%1\" is not a number: %2").arg(shown, why));
            return;
        }
        if (price->isNegative()) {
            error(line, u"retailPrice"_s, Tr::tr("negative price %1").arg(price->toString()));
            return;
        }
        if (price->isZero()) {
            skip(Tr::tr("zero price"));
            return;
        }
        const QString region = text(ItemField::ArmRegionName);
        if (region.isEmpty()) {
            error(line, u"armRegionName"_s, Tr::tr("empty region"));
            return;
        }
        QString currency = text(ItemField::CurrencyCode);
        if (currency.isEmpty())
            currency = billingCurrency;
        if (currency.isEmpty()) {
            error(line, u"currencyCode"_s, Tr::tr("no currency in the item or its page"));
            return;
        }
        if (const QString problem = currencyProblem(currency); !problem.isEmpty()) {
            error(line, u"currencyCode"_s, problem);
            return;
        }

        PriceRecord record;
        record.key = {u"Azure"_s, arm, region, model};
        record.offerKind = OfferKind::CloudVm;
        record.accelerator = sku.accelerator;
        record.acceleratorCount = sku.acceleratorCount;
        record.vcpus = sku.vcpus;
        record.ramGb = sku.ramGb;
        record.currency = currency;
        record.unit = PriceUnit::Hour;
        record.price = termYears > 0 ? hourlyFromTerm(*price, termYears) : *price;
        // effectiveStartDate is when the price took effect, often years ago; a Retail Prices
        // response carries no publication or fetch date, so the price was read on import.
        const QString effective = text(ItemField::EffectiveStartDate);
        record.effectiveDate = QDate::fromString(effective.left(10), Qt::ISODate);
        QString dated = Tr::tr("effective %1").arg(effective.left(10));
        if (!record.effectiveDate.isValid()) {
            record.effectiveDate = QDate::currentDate();
            dated = Tr::tr("no effectiveStartDate, dated on import");
        }
        record.asOf = QDate::currentDate();
        record.sourceUrl = u"https://prices.azure.com/api/retail/prices"_s;
        record.confidence = u"exact"_s;
        record.sheetLine = line;
        const QString described = u"'%1', meter '%2', %3"_s.arg(product, meter, dated);
        if (termYears > 0)
            record.notes = Tr::tr("Linux, reservation %1: retailPrice %2 is the whole-term price per VM although "
                                  "unitOfMeasure says 1 Hour; hourly = %2 / %3 h (%4)")
                               .arg(text(ItemField::ReservationTerm), price->toString(), QString::number(termYears * kHoursPerYear), described);
        else if (model == PriceModel::Spot)
            record.notes = Tr::tr("Linux, spot (%1); the Retail API spot price is indicative").arg(described);
        else
            record.notes = Tr::tr("Linux, pay as you go (%1)").arg(described);

        const std::optional<bool> primary =
            item.has(ItemField::IsPrimaryMeterRegion)
                ? std::optional<bool>(item.value(ItemField::IsPrimaryMeterRegion).toBool())
                : std::nullopt;
        QDate end;
        if (const QString ended = text(ItemField::EffectiveEndDate); !ended.isEmpty()) {
            end = QDate::fromString(ended.left(10), Qt::ISODate);
            if (!end.isValid()) {
                error(line, u"effectiveEndDate"_s, Tr::tr("\"%1\" is not a date").arg(ended));
                return;
            }
            record.notes += Tr::tr("; ends %1").arg(end.toString(Qt::ISODate));
        }
        keep({record, primary, end});
    }

private:
    // Two items for one offer (size, region, price model) must not be decided by file order alone
    // (last-write-wins, CUDly#1934). The same price again (overlapping pages) is dropped. Otherwise
    // the item whose meter region Azure marks as primary wins when exactly one of them is; failing
    // that the first is kept and a warning names both lines, for the user to check.
    void keep(const Kept &item)
    {
        const PriceRecord &r = item.record;
        const QString id = offerId(r.key.sku, r.key.region, r.key.priceModel);
        const auto found = m_index.constFind(id);
        if (found == m_index.cend()) {
            m_index.insert(id, m_kept.size());
            m_kept.append(item);
            return;
        }
        Kept &first = m_kept[*found];
        // Of an expired and a current price for the same offer, the current one stands.
        auto inForceLonger = [](const Kept &a, const Kept &b) {
            return !a.endDate.isValid() ? b.endDate.isValid() : (b.endDate.isValid() && a.endDate > b.endDate);
        };
        if (inForceLonger(item, first) || inForceLonger(first, item)) {
            skip(Tr::tr("replaced by a price in force longer"));
            if (inForceLonger(item, first))
                first = item;
            return;
        }
        if (first.record.price == r.price) {
            skip(Tr::tr("same price as an earlier item"));
            return;
        }
        if (first.primary && item.primary && *first.primary != *item.primary) {
            skip(Tr::tr("not the primary meter region"));
            if (*item.primary)
                first = item;
            return;
        }
        skip(Tr::tr("other price for the same offer"));
        warning(r.sheetLine, u"retailPrice"_s,
                Tr::tr("%1 %2 in %3 costs %4 here but %5 on line %6; the first is kept")
                    .arg(toString(r.key.priceModel), r.key.sku, r.key.region, r.price.toString(),
                         first.record.price.toString(), QString::number(first.record.sheetLine)));
    }

    const QHash<QString, AzureSku> &m_skus;
    const std::atomic<bool> *m_cancel;
    QHash<QString, QString> m_skuNames;      // lower-case armSkuName → as in m_skus
    QList<Kept> m_kept;                      // in file order
    QHash<QString, qsizetype> m_index;       // offerId → m_kept
    int m_pages = 0;
};

} // namespace

Result<QHash<QString, AzureSku>> loadAzureSkus()
{
    QFile file(u":/data/catalog/azure_skus.csv"_s);
    if (!file.open(QIODevice::ReadOnly))
        return Error::internal(Tr::tr("the shipped data/catalog/azure_skus.csv is missing from the build"));
    QHash<QString, AzureSku> skus;
    const Diagnostics problems = readCsvTable(
        &file, u"data/catalog/azure_skus.csv"_s, {u"arm_sku_name"_s, u"accelerator"_s, u"accelerator_count"_s},
        [&](const CsvRecord &r) { skus.insert(r.required(u"arm_sku_name"_s), readInstanceShape(r)); });
    if (hasErrors(problems))
        return Error::badInput(Tr::tr("data/catalog/azure_skus.csv has errors"), problems);
    return skus;
}

namespace {

/// RapidJSON SAX events of Azure Retail Prices responses: one page, pages one after another, or
/// an array of pages or of bare items. A page is an object whose "Items" array holds the items;
/// an object without "Items" that has retailPrice and serviceName is an item itself.
class AzureJsonHandler : public rapidjson::BaseReaderHandler<rapidjson::UTF8<>, AzureJsonHandler>
{
public:
    AzureJsonHandler(AzureReader &reader, JsonDeviceStream &stream) : m_reader(reader), m_stream(stream) {}

    bool StartObject()
    {
        if (m_depth == 0 || (m_depth == 1 && m_topArray)) {
            startPage();
        } else if (m_itemsDepth && m_depth == m_itemsDepth) {
            m_itemLine = m_stream.line();
            m_item.clear();
            m_inItem = true;
        } else {
            nestedValue();
        }
        ++m_depth;
        return true;
    }
    bool EndObject(rapidjson::SizeType)
    {
        --m_depth;
        if (m_inItem && m_depth == m_itemsDepth) {
            m_inItem = false;
            m_reader.readItem(m_item, m_itemLine, m_billingCurrency);
            return !m_reader.cancelled();
        }
        if (m_depth == m_pageDepth - 1)
            return endPage();
        return true;
    }
    bool StartArray()
    {
        if (m_depth == 0) {
            m_topArray = true;
        } else if (!m_inItem && m_depth == m_pageDepth && m_key == "Items") {
            m_itemsDepth = m_depth + 1;
            m_hasItems = true;
        } else if (m_itemsDepth && m_depth == m_itemsDepth) {
            m_reader.nonObjectItem(m_stream.line());
            m_skipArrayDepth = m_depth + 1;
        } else {
            nestedValue();
        }
        ++m_depth;
        return true;
    }
    bool EndArray(rapidjson::SizeType)
    {
        --m_depth;
        if (m_depth + 1 == m_skipArrayDepth)
            m_skipArrayDepth = 0;
        if (m_itemsDepth && m_depth + 1 == m_itemsDepth)
            m_itemsDepth = 0;
        return true;
    }
    bool Key(const char *text, rapidjson::SizeType length, bool)
    {
        if (m_depth == m_pageDepth || (m_inItem && m_depth == m_itemsDepth + 1))
            m_key.assign(text, length);
        return true;
    }
    bool String(const char *text, rapidjson::SizeType length, bool)
    {
        return scalar(FlatItem::Kind::String, std::string_view(text, length));
    }
    bool RawNumber(const char *text, rapidjson::SizeType length, bool)
    {
        return scalar(FlatItem::Kind::Number, std::string_view(text, length));
    }
    bool Bool(bool b) { return scalar(FlatItem::Kind::Bool, b ? "true" : "false"); }
    bool Null() { return scalar(FlatItem::Kind::Null, {}); }

private:
    void startPage()
    {
        m_pageDepth = m_depth + 1;
        m_pageLine = m_stream.line();
        m_hasItems = false;
        m_itemsDepth = 0;
        m_billingCurrency.clear();
        m_page.clear();
        m_key.clear();
    }

    bool endPage()
    {
        if (!m_hasItems && m_page.has(ItemField::RetailPrice) && m_page.has(ItemField::ServiceName)) {
            m_reader.readItem(m_page, m_pageLine, m_billingCurrency);
        } else if (!m_hasItems) {
            m_reader.notAzure(m_pageLine);
            return false;
        }
        m_reader.countPage();
        m_pageDepth = 0;
        return !m_reader.cancelled();
    }

    // A container where a scalar member would be: an item's field of the wrong kind.
    void nestedValue()
    {
        if (m_inItem && m_depth == m_itemsDepth + 1) {
            if (const ItemField f = FlatItem::field(m_key); f != ItemField::Count)
                m_item.set(f, FlatItem::Kind::Other);
        } else if (!m_inItem && m_pageDepth && m_depth == m_pageDepth && !m_hasItems) {
            if (const ItemField f = FlatItem::field(m_key); f != ItemField::Count)
                m_page.set(f, FlatItem::Kind::Other);
        }
    }

    bool scalar(FlatItem::Kind kind, std::string_view text)
    {
        if (m_depth == 0 || (m_topArray && m_depth == 1)) {
            m_reader.notAzure(m_stream.line()); // a number or string where a page belongs
            return false;
        }
        if (m_skipArrayDepth)
            return true;
        if (m_inItem) {
            if (m_depth == m_itemsDepth + 1) {
                if (const ItemField f = FlatItem::field(m_key); f != ItemField::Count)
                    m_item.set(f, kind, text);
            }
            return true;
        }
        if (m_itemsDepth && m_depth == m_itemsDepth) {
            m_reader.nonObjectItem(m_stream.line());
            return true;
        }
        if (m_depth == m_pageDepth) {
            if (m_key == "BillingCurrency" && kind == FlatItem::Kind::String)
                m_billingCurrency = QString::fromUtf8(text.data(), qsizetype(text.size()));
            else if (!m_hasItems)
                if (const ItemField f = FlatItem::field(m_key); f != ItemField::Count)
                    m_page.set(f, kind, text);
        }
        return true;
    }

    AzureReader &m_reader;
    JsonDeviceStream &m_stream;
    int m_depth = 0;
    bool m_topArray = false;
    int m_pageDepth = 0;  ///< the depth of a page's members; 0 outside a page
    int m_pageLine = 0;
    bool m_hasItems = false;
    int m_itemsDepth = 0; ///< the depth of the Items array's elements; 0 outside it
    int m_skipArrayDepth = 0;
    bool m_inItem = false;
    int m_itemLine = 0;
    std::string m_key;
    QString m_billingCurrency;
    FlatItem m_item;
    FlatItem m_page; ///< a page's own scalar members: a bare item's fields
};

} // namespace

ParsedSheet parseAzureJson(QIODevice *device, const QString &fileName, const QHash<QString, AzureSku> &skus,
                           const std::atomic<bool> *cancel)
{
    ParsedSheet sheet;
    sheet.fileName = fileName;
    AzureReader reader(sheet, skus, cancel);
    const JsonSheetEnd end = readJsonSheet(device, reader, cancel, [&](JsonDeviceStream &stream) {
        AzureJsonHandler handler(reader, stream);
        return parseJsonValues(stream, handler);
    });
    if (sheet.ok() && reader.pages() == 0 && !end.cancelled)
        reader.notAzure(end.parsed.line);

    reader.finish(0);
    return sheet;
}

} // namespace accelplan::pricing
