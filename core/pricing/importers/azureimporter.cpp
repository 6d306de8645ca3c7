#include "core/pricing/importers/azureimporter.h"
#include "core/pricing/importers/jsonsheetread.h"
#include "core/pricing/importers/sheetbuilder.h"

#include "core/common/csvtable.h"
#include "core/common/backgroundhash.h"
#include "core/common/jsonrecordwalker.h"
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

// The members of a price item the reader looks at: the record walker builds only these.
constexpr std::array<std::string_view, 14> kItemMembers{
    "serviceName",   "productName",   "meterName",     "skuName",          "type",
    "reservationTerm", "unitOfMeasure", "armSkuName",  "retailPrice",      "armRegionName",
    "currencyCode",  "effectiveStartDate", "effectiveEndDate", "isPrimaryMeterRegion"};

// A member of an item as a QJsonValue: Undefined when absent, an object for any container.
QJsonValue itemValue(const JsonValue &item, const char *key)
{
    const JsonValue *member = jsonMember(&item, key);
    if (member && (member->IsObject() || member->IsArray()))
        return QJsonObject();
    return jsonScalar(member);
}

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
    std::optional<std::pair<PriceModel, int>> termsOf(const JsonValue &item)
    {
        const QString meter = jsonText(jsonMember(&item, "meterName"));
        const QString skuName = jsonText(jsonMember(&item, "skuName"));
        auto tier = [&](const QString &suffix) { return meter.endsWith(suffix) || skuName.endsWith(suffix); };
        const QString type = jsonText(jsonMember(&item, "type"));
        const QString term = jsonText(jsonMember(&item, "reservationTerm"));
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
    void readItem(const JsonValue &item, int line, const QString &billingCurrency)
    {
        ++m_sheet.rowCount;
        auto text = [&](const char *key) { return jsonText(jsonMember(&item, key)); };
        if (text("serviceName") != u"Virtual Machines"_s) {
            skip(Tr::tr("not a virtual machine"));
            return;
        }
        // Linux and Windows share meterName and armSkuName: only productName tells them apart.
        const QString product = text("productName");
        if (product.endsWith(u" Windows"_s)) {
            skip(Tr::tr("Windows"));
            return;
        }
        const auto terms = termsOf(item);
        if (!terms)
            return;
        const auto [model, termYears] = *terms;
        const QString meter = text("meterName");
        // "100 Hours" and "1/Month" meters are not interchangeable with "1 Hour" ones (CUDly#1934).
        if (text("unitOfMeasure") != u"1 Hour"_s) {
            skip(Tr::tr("not an hourly price"));
            return;
        }
        QString arm = text("armSkuName");
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

        const QJsonValue priceValue = itemValue(item, "retailPrice");
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
        const QString region = text("armRegionName");
        if (region.isEmpty()) {
            error(line, u"armRegionName"_s, Tr::tr("empty region"));
            return;
        }
        QString currency = text("currencyCode");
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
        const QString effective = text("effectiveStartDate");
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
                               .arg(text("reservationTerm"), price->toString(), QString::number(termYears * kHoursPerYear), described);
        else if (model == PriceModel::Spot)
            record.notes = Tr::tr("Linux, spot (%1); the Retail API spot price is indicative").arg(described);
        else
            record.notes = Tr::tr("Linux, pay as you go (%1)").arg(described);

        const std::optional<bool> primary =
            jsonMember(&item, "isPrimaryMeterRegion")
                ? std::optional<bool>(itemValue(item, "isPrimaryMeterRegion").toBool())
                : std::nullopt;
        QDate end;
        if (const QString ended = text("effectiveEndDate"); !ended.isEmpty()) {
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

// Azure Retail Prices responses as a record walk: one page, pages one after another, or an array
// of pages or of bare items. A page is an object whose "Items" array holds the items; an object
// without "Items" that has retailPrice and serviceName is an item itself.
JsonRecordWalk azureWalk(AzureReader &reader, QString &billingCurrency, const std::atomic<bool> *cancel)
{
    JsonRecordWalk walk;
    walk.arrayKey = "Items";
    walk.keepMember = [](std::string_view key) {
        return std::find(kItemMembers.begin(), kItemMembers.end(), key) != kItemMembers.end();
    };
    walk.cancel = cancel;
    walk.record = [&reader, &billingCurrency](const JsonValue &item, int line) {
        reader.readItem(item, line, billingCurrency);
        return true;
    };
    walk.nonObject = [&reader](int line) { reader.nonObjectItem(line); };
    walk.pageString = [&billingCurrency](std::string_view key, std::string_view text) {
        if (key == "BillingCurrency")
            billingCurrency = QString::fromUtf8(text.data(), qsizetype(text.size()));
    };
    walk.pageEnd = [&reader, &billingCurrency](int line, bool hadItems, const JsonValue &own) {
        const bool bareItem = !hadItems && jsonMember(&own, "retailPrice") && jsonMember(&own, "serviceName");
        if (bareItem)
            reader.readItem(own, line, billingCurrency);
        billingCurrency.clear();
        if (!hadItems && !bareItem) {
            reader.notAzure(line);
            return false;
        }
        reader.countPage();
        return true;
    };
    walk.notAPage = [&reader](int line) { // a number or string where a page belongs
        reader.notAzure(line);
        return false;
    };
    return walk;
}

} // namespace

ParsedSheet parseAzureJson(QIODevice *device, const QString &fileName, const QHash<QString, AzureSku> &skus,
                           const std::atomic<bool> *cancel)
{
    ParsedSheet sheet;
    sheet.fileName = fileName;
    AzureReader reader(sheet, skus, cancel);
    QString billingCurrency; // the current page's
    const JsonSheetEnd end = readJsonSheet(device, reader, cancel, [&](JsonDeviceStream &stream) {
        JsonRecordWalker walker(azureWalk(reader, billingCurrency, cancel), stream);
        return parseJsonValues(stream, walker);
    });
    if (sheet.ok() && reader.pages() == 0 && !end.cancelled)
        reader.notAzure(end.parsed.line);

    reader.finish(0);
    return sheet;
}

} // namespace accelplan::pricing
