#include "core/pricing/importers/gcpimporter.h"
#include "core/pricing/importers/jsonsheetread.h"
#include "core/pricing/importers/sheetbuilder.h"

#include "core/common/csvtable.h"
#include "core/common/backgroundhash.h"
#include "core/common/jsonrecordwalker.h"
#include "core/common/jsonsax.h"
#include "core/common/tr.h"
#include "core/pricing/currency.h"

#include <QFile>
#include <QHash>
#include <QIODevice>
#include <QMap>
#include <QSet>

#include <algorithm>
#include <cmath>
#include <cstdlib>
#include <tuple>

using namespace Qt::StringLiterals;

namespace accelplan::pricing {

namespace {

const QString kProvider = u"Google Cloud"_s;
const QString kComputeEngine = u"6F81-5844-456A"_s;
const QString kCloudTpu = u"E000-3F24-B8AA"_s;
constexpr PriceModel kModels[] = {PriceModel::OnDemand, PriceModel::Spot, PriceModel::Commit1y, PriceModel::Commit3y};
constexpr qint64 kNanosPerUnit = 1'000'000'000;
constexpr qint64 kMaxUnits = 9'000'000'000LL; // keeps units × 1e9 inside qint64, as Decimal does

// A whole number as proto3 JSON writes an int64 ("7", in a string) or an int32 (7). Nullopt otherwise.
std::optional<qint64> wholeNumber(const JsonValue &value)
{
    if (value.IsString()) {
        static const QRegularExpression digits(u"\\A-?[0-9]{1,18}\\z"_s);
        const QString text = jsonText(&value);
        if (!digits.match(text).hasMatch())
            return std::nullopt;
        return text.toLongLong();
    }
    if (value.IsNumber()) {
        const double number = value.GetDouble();
        if (std::isfinite(number) && std::floor(number) == number && std::fabs(number) < 1e15)
            return qint64(number);
    }
    return std::nullopt;
}

QString describe(const JsonValue &value)
{
    if (value.IsString())
        return u'"' + jsonText(&value) + u'"';
    if (value.IsNumber())
        return QString::number(value.GetDouble(), 'g', 17);
    return Tr::tr("a non-number");
}

// The price model a description names. "Commitment v1: … for 1 Year" or "… 3 Years", "… Spot …"
// or "… Preemptible …", else on demand. Nullopt for a commitment of another length.
std::optional<PriceModel> describedModel(const QString &description)
{
    if (description.startsWith(u"Commitment"_s, Qt::CaseInsensitive)) {
        static const QRegularExpression years(u"\\b(\\d+)\\s*Years?\\b"_s, QRegularExpression::CaseInsensitiveOption);
        const QString length = years.match(description).captured(1);
        if (length == u"1"_s)
            return PriceModel::Commit1y;
        if (length == u"3"_s)
            return PriceModel::Commit3y;
        return std::nullopt;
    }
    if (description.contains(u"Spot"_s, Qt::CaseInsensitive) || description.contains(u"Preemptible"_s, Qt::CaseInsensitive))
        return PriceModel::Spot;
    return PriceModel::OnDemand;
}

bool isCommitment(PriceModel model) { return model == PriceModel::Commit1y || model == PriceModel::Commit3y; }

// Multi-regional codes have no '-': "us", "europe", "asia", "global".
bool isMultiRegion(const QString &region) { return !region.contains(u'-'); }

// One component's price in one region (or multi-region) on one price model, with where it came from.
struct ComponentPrice
{
    Decimal price;
    QString currency;
    QString skuId;
    QString service; ///< the Billing Catalog service id, for the source URL
    int line = 0;
    QDate effective;
    QStringList notes; ///< what a reader of the offer should know about this SKU
    bool conflicted = false; ///< two SKUs priced it differently: treated as missing
};

QString componentKey(const QString &component, PriceModel model, const QString &region)
{
    return component + u'|' + toString(model) + u'|' + region;
}

// Price × a whole quantity, exact. Nullopt on overflow.
std::optional<qint64> times(Decimal price, qint64 quantity)
{
    qint64 product = 0;
    if (__builtin_mul_overflow(price.nanos(), quantity, &product))
        return std::nullopt;
    return product;
}

/// The rules of one import: classification of each SKU, the component price store, the skip
/// counts, and at the end the assembly of machines and TPU offers.
class GcpImport : public SheetBuilder
{
public:
    GcpImport(ParsedSheet &sheet, const GcpTables &tables) : SheetBuilder(sheet), m_tables(tables) {}

    void read(const JsonValue &sku, int line);
    void finish(bool cancelled, int lastLine);

private:
    std::optional<Decimal> money(const JsonValue *unitPrice, int line);
    void store(const QString &component, PriceModel model, const QString &region, const ComponentPrice &price,
               const QString &description);
    const ComponentPrice *resolve(const QString &component, PriceModel model, const QString &region,
                                  bool *multiRegional) const;
    void assembleMachines();
    void assembleTpus();
    void checkAgainstOnDemand();
    PriceRecord record(const QString &sku, const QString &region, PriceModel model, const ComponentPrice &main) const;

    const GcpTables &m_tables;
    QHash<QString, ComponentPrice> m_prices; ///< by component | model | region (or multi-region code)
    QSet<QString> m_regions;                 ///< every region named by a SKU of the services read
};

void GcpImport::read(const JsonValue &sku, int line)
{
    auto text = [](const JsonValue *object, const char *key) { return jsonText(jsonMember(object, key)); };
    const QString name = text(&sku, "name");
    const JsonValue *category = jsonMember(&sku, "category");
    // The resource name says which service a SKU belongs to; the display name is the fallback.
    QString service = name.startsWith(u"services/"_s) ? name.section(u'/', 1, 1) : QString();
    if (service.isEmpty()) {
        const QString display = text(category, "serviceDisplayName");
        service = display == u"Compute Engine"_s ? kComputeEngine : display == u"Cloud TPU"_s ? kCloudTpu : QString();
    }
    if (service != kComputeEngine && service != kCloudTpu)
        return skip(Tr::tr("other service"));

    QStringList regions;
    if (const JsonValue *listed = jsonMember(&sku, "serviceRegions"); listed && listed->IsArray())
        for (const JsonValue &region : listed->GetArray())
            if (const QString code = jsonText(&region); !code.isEmpty()) {
                regions.append(code);
                if (!isMultiRegion(code))
                    m_regions.insert(code);
            }

    const QString description = text(&sku, "description");
    const QString group = text(category, "resourceGroup");
    // Products that are not list prices for a VM anyone can start, whatever they name.
    if (description.startsWith(u"Commitment - dollar based"_s, Qt::CaseInsensitive))
        return skip(Tr::tr("spend-based commitment"));
    for (const QString &word : {u"Reserved"_s, u"Calendar Mode"_s, u"DWS"_s, u"Sole Tenancy"_s})
        if (description.contains(word, Qt::CaseInsensitive))
            return skip(Tr::tr("reserved, DWS or sole-tenant capacity"));

    const GcpSkuPattern *pattern = m_tables.match(description, group);
    if (!pattern) {
        if (group == u"GPU"_s || group == u"TPU"_s) {
            unknownType(description);
            return skip(Tr::tr("unknown accelerator SKU"));
        }
        return skip(Tr::tr("not a machine component"));
    }

    // The term, from both the description and usageType (infracost/cloud-pricing-api#41: commitments
    // labelled OnDemand; skypilot: preemptible TPUs labelled OnDemand).
    const std::optional<PriceModel> described = describedModel(description);
    if (!described)
        return skip(Tr::tr("commitment of another length"));
    const QString usage = text(category, "usageType");
    PriceModel model = *described;
    QStringList notes;
    if (usage == u"OnDemand"_s) {
        if (model != PriceModel::OnDemand)
            notes.append(u"SKU %1 has usageType OnDemand; its description names %2"_s.arg(text(&sku, "skuId"),
                                                                                        toString(model)));
    } else if (usage == u"Preemptible"_s) {
        if (isCommitment(model))
            return skip(Tr::tr("usageType and description disagree"));
        model = PriceModel::Spot;
    } else if (usage == u"Commit1Yr"_s || usage == u"Commit3Yr"_s) {
        if (model != (usage == u"Commit1Yr"_s ? PriceModel::Commit1y : PriceModel::Commit3y))
            return skip(Tr::tr("usageType and description disagree"));
    } else {
        return skip(Tr::tr("other usage type"));
    }

    // The pricing in force: the latest pricingInfo entry.
    // An object that is empty counts as missing, as an empty QJsonObject did.
    auto nonEmptyObject = [](const JsonValue *v) { return v && v->IsObject() && v->MemberCount() > 0; };
    const JsonValue *info = nullptr;
    if (const JsonValue *infos = jsonMember(&sku, "pricingInfo"); infos && infos->IsArray())
        for (const JsonValue &candidate : infos->GetArray())
            if (!nonEmptyObject(info) || text(&candidate, "effectiveTime") >= text(info, "effectiveTime"))
                info = candidate.IsObject() ? &candidate : nullptr;
    if (!nonEmptyObject(info))
        return skip(Tr::tr("no price"));
    const JsonValue *expression = jsonMember(info, "pricingExpression");
    const QString unit = text(expression, "usageUnit");
    if (unit != (pattern->kind == GcpSkuPattern::Kind::Ram ? u"GiBy.h"_s : u"h"_s))
        return skip(Tr::tr("unexpected unit"));
    const JsonValue *tiers = jsonMember(expression, "tieredRates");
    const JsonValue *base = nullptr;
    if (tiers && tiers->IsArray())
        for (const JsonValue &tier : tiers->GetArray()) // startUsageAmount 0 may be left out, as proto3 JSON does
            if (jsonNumber(jsonMember(&tier, "startUsageAmount"), 0) == 0) {
                base = &tier;
                break;
            }
    if (!nonEmptyObject(base))
        return skip(Tr::tr("no tier starting at zero usage"));
    const auto price = money(jsonMember(base, "unitPrice"), line);
    if (!price)
        return;
    if (regions.isEmpty())
        return skip(Tr::tr("no region")); // never "global" by default (CUDly#2001)

    ComponentPrice component;
    component.price = *price;
    component.currency = text(jsonMember(base, "unitPrice"), "currencyCode");
    component.skuId = text(&sku, "skuId");
    component.service = service;
    component.line = line;
    component.effective = QDate::fromString(text(info, "effectiveTime").left(10), Qt::ISODate);
    component.notes = notes;
    if (const rapidjson::SizeType count = tiers->Size(); count > 1)
        component.notes.append(u"SKU %1: the tier from 0 of %2 usage tiers"_s.arg(component.skuId).arg(count));
    if (const double rate = jsonNumber(jsonMember(info, "currencyConversionRate"), 1); rate != 1)
        component.notes.append(u"SKU %1 converted to %2 by Google at %3"_s.arg(component.skuId, component.currency)
                                   .arg(rate, 0, 'g', 12));
    for (const QString &region : std::as_const(regions))
        store(pattern->component, model, region, component, description);
}

// units + nanos / 1e9, exact; an error at the SKU's line when malformed or negative.
std::optional<Decimal> GcpImport::money(const JsonValue *unitPrice, int line)
{
    const JsonValue *unitsValue = jsonMember(unitPrice, "units");
    const JsonValue *nanosValue = jsonMember(unitPrice, "nanos");
    const auto units = !unitsValue ? std::optional<qint64>(0) : wholeNumber(*unitsValue);
    if (!units || std::abs(*units) > kMaxUnits) {
        error(line, u"unitPrice.units"_s,
              Tr::tr("%1 is not a whole number of currency units (an int64 written as a string)").arg(describe(*unitsValue)));
        return std::nullopt;
    }
    const auto nanos = !nanosValue ? std::optional<qint64>(0) : wholeNumber(*nanosValue);
    if (!nanos || std::abs(*nanos) >= kNanosPerUnit) {
        error(line, u"unitPrice.nanos"_s,
              Tr::tr("%1 is out of range: nanos is a whole number from -999999999 to 999999999").arg(describe(*nanosValue)));
        return std::nullopt;
    }
    if ((*units > 0 && *nanos < 0) || (*units < 0 && *nanos > 0)) {
        error(line, u"unitPrice.nanos"_s, Tr::tr("units %1 and nanos %2 have different signs").arg(*units).arg(*nanos));
        return std::nullopt;
    }
    const Decimal price = Decimal::fromNanos(*units * kNanosPerUnit + *nanos);
    if (price.isNegative()) {
        error(line, u"unitPrice"_s, Tr::tr("negative price %1").arg(price.toString()));
        return std::nullopt;
    }
    if (const QString currency = jsonText(jsonMember(unitPrice, "currencyCode")); currency.isEmpty()) {
        error(line, u"unitPrice.currencyCode"_s, Tr::tr("missing currency"));
        return std::nullopt;
    } else if (const QString problem = currencyProblem(currency); !problem.isEmpty()) {
        error(line, u"unitPrice.currencyCode"_s, problem);
        return std::nullopt;
    }
    return price;
}

// Two SKUs pricing one part differently in one place is a contradiction in the file: neither is
// taken (no last-item-wins, CUDly#1934), and the reader is told.
void GcpImport::store(const QString &component, PriceModel model, const QString &region, const ComponentPrice &price,
                      const QString &description)
{
    const QString key = componentKey(component, model, region);
    const auto existing = m_prices.find(key);
    if (existing == m_prices.end()) {
        m_prices.insert(key, price);
        return;
    }
    if (existing->conflicted || (existing->price == price.price && existing->currency == price.currency))
        return;
    existing->conflicted = true;
    warning(price.line, u"unitPrice"_s,
            Tr::tr("\"%1\" prices %2 (%3) in %4 at %5 %6, but SKU %7 at %8 %9: neither is used there")
                .arg(description, component, toString(model), region, price.price.toString(), price.currency,
                     existing->skuId, existing->price.toString(), existing->currency));
}

// A region's own price wins; otherwise its multi-region's ("us" for "us-east1"), then "global".
const ComponentPrice *GcpImport::resolve(const QString &component, PriceModel model, const QString &region,
                                         bool *multiRegional) const
{
    *multiRegional = false;
    if (const auto own = m_prices.constFind(componentKey(component, model, region)); own != m_prices.cend())
        return own->conflicted ? nullptr : &*own;
    for (const QString &code : {region.section(u'-', 0, 0), u"global"_s})
        if (const auto multi = m_prices.constFind(componentKey(component, model, code)); multi != m_prices.cend()) {
            *multiRegional = true;
            return multi->conflicted ? nullptr : &*multi;
        }
    return nullptr;
}

PriceRecord GcpImport::record(const QString &sku, const QString &region, PriceModel model,
                              const ComponentPrice &main) const
{
    PriceRecord r;
    r.key = {kProvider, sku, region, model};
    r.currency = main.currency;
    r.unit = PriceUnit::Hour;
    r.effectiveDate = main.effective.isValid() ? main.effective : QDate::currentDate();
    // A SKU list says when a price took effect (effectiveTime), not when it was fetched: it was
    // read on import.
    r.asOf = QDate::currentDate();
    r.sourceUrl = u"https://cloudbilling.googleapis.com/v1/services/%1/skus"_s.arg(main.service);
    r.confidence = u"exact"_s;
    r.sheetLine = main.line;
    return r;
}

void GcpImport::assembleMachines()
{
    QStringList regions = m_regions.values();
    regions.sort();
    int incomplete = 0;
    int mixedCurrencies = 0;
    int tooLarge = 0;
    for (const GcpMachine &machine : m_tables.machines) {
        for (const QString &region : std::as_const(regions)) {
            for (const PriceModel model : kModels) {
                bool gpuMulti = false, coreMulti = false, ramMulti = false;
                const ComponentPrice *gpu = resolve(machine.gpuComponent, model, region, &gpuMulti);
                if (!gpu)
                    continue; // the accelerator is not sold here on these terms
                const auto gpuCost = times(gpu->price, machine.acceleratorCount);
                qint64 total = 0;
                QString how;
                QDate partsEffective;
                QStringList partNotes = gpu->notes;
                if (machine.pricedPerGpu) {
                    // One SKU per GPU prices the whole machine (vCPUs, memory and local SSD).
                    if (!gpuCost) {
                        ++tooLarge;
                        continue;
                    }
                    total = *gpuCost;
                    how = u"Cloud Billing Catalog SKU priced per GPU, the whole machine included: %1 GPU × %2 [%3] per hour"_s
                              .arg(QString::number(machine.acceleratorCount), gpu->price.toString(), gpu->skuId);
                } else {
                    const ComponentPrice *core = resolve(machine.family + u"-core"_s, model, region, &coreMulti);
                    const ComponentPrice *ram = resolve(machine.family + u"-ram"_s, model, region, &ramMulti);
                    if (!core || !ram) {
                        ++incomplete; // skypilot#4322: never a GPU-only price for a whole machine
                        continue;
                    }
                    if (core->currency != gpu->currency || ram->currency != gpu->currency) {
                        ++mixedCurrencies;
                        continue;
                    }
                    const auto coreCost = times(core->price, machine.vcpus);
                    const auto ramCost = times(ram->price, machine.ramGib);
                    if (!coreCost || !ramCost || !gpuCost || __builtin_add_overflow(*coreCost, *ramCost, &total)
                        || __builtin_add_overflow(total, *gpuCost, &total)) {
                        ++tooLarge;
                        continue;
                    }
                    how = u"Cloud Billing Catalog SKUs assembled: %1 vCPU × %2 [%3] + %4 GiB × %5 [%6] + %7 GPU × %8 [%9] per hour"_s
                              .arg(QString::number(machine.vcpus), core->price.toString(), core->skuId,
                                   QString::number(machine.ramGib), ram->price.toString(), ram->skuId,
                                   QString::number(machine.acceleratorCount), gpu->price.toString(), gpu->skuId);
                    partsEffective = std::max(core->effective, ram->effective);
                    partNotes = core->notes + ram->notes + gpu->notes;
                }
                PriceRecord r = record(machine.machineType, region, model, *gpu);
                r.offerKind = OfferKind::CloudVm;
                r.accelerator = machine.accelerator;
                r.acceleratorCount = machine.acceleratorCount;
                r.vcpus = machine.vcpus;
                r.ramGb = Decimal::fromNanos(machine.ramGib * kNanosPerUnit);
                r.price = Decimal::fromNanos(total);
                r.effectiveDate = std::max(r.effectiveDate, partsEffective);
                QStringList notes = {how};
                if (isCommitment(model))
                    notes.append(u"resource-based commitment, hourly rate"_s);
                if (machine.bundledLocalSsdGib && !machine.pricedPerGpu)
                    notes.append(u"excludes the bundled %1 GiB local SSD, billed by its own SKU"_s.arg(
                        *machine.bundledLocalSsdGib));
                if (coreMulti || ramMulti || gpuMulti)
                    notes.append(u"a multi-regional SKU priced a part in this region"_s);
                notes += partNotes;
                r.notes = notes.join(u"; "_s);
                m_sheet.records.append(r);
            }
        }
    }
    skip(Tr::tr("machine incomplete in a region (its accelerator is priced, its vCPU or RAM is not)"), incomplete);
    skip(Tr::tr("machine parts in different currencies"), mixedCurrencies);
    skip(Tr::tr("machine price too large to hold"), tooLarge);
}

void GcpImport::assembleTpus()
{
    QStringList regions = m_regions.values();
    regions.sort();
    QSet<QString> done;
    for (const GcpSkuPattern &pattern : m_tables.patterns) {
        if (pattern.kind != GcpSkuPattern::Kind::Tpu || done.contains(pattern.component))
            continue;
        done.insert(pattern.component);
        for (const QString &region : std::as_const(regions)) {
            for (const PriceModel model : kModels) {
                bool multi = false;
                const ComponentPrice *chip = resolve(pattern.component, model, region, &multi);
                if (!chip)
                    continue;
                PriceRecord r = record(pattern.offerSku, region, model, *chip);
                r.offerKind = OfferKind::Tpu;
                r.accelerator = pattern.accelerator;
                r.acceleratorCount = 1;
                r.price = Decimal::fromNanos(chip->price.nanos() / pattern.chipsPerUnit);
                QStringList notes = {pattern.chipsPerUnit == 1
                                         ? u"Cloud Billing Catalog SKU %1, per chip-hour"_s.arg(chip->skuId)
                                         : u"Cloud Billing Catalog SKU %1, %2 per hour for %3 chips: per chip-hour"_s.arg(
                                             chip->skuId, chip->price.toString())
                                               .arg(pattern.chipsPerUnit)};
                if (multi)
                    notes.append(u"a multi-regional SKU"_s);
                r.notes = (notes + chip->notes).join(u"; "_s);
                m_sheet.records.append(r);
            }
        }
    }
}

// Validation on import (price_formats.md §5): a commitment below on-demand, spot not above it.
void GcpImport::checkAgainstOnDemand()
{
    QHash<QString, const PriceRecord *> onDemand;
    for (const PriceRecord &r : std::as_const(m_sheet.records))
        if (r.key.priceModel == PriceModel::OnDemand)
            onDemand.insert(r.key.sku + u'|' + r.key.region, &r);
    for (const PriceRecord &r : std::as_const(m_sheet.records)) {
        const PriceRecord *reference = onDemand.value(r.key.sku + u'|' + r.key.region);
        if (!reference || reference->currency != r.currency)
            continue;
        if (isCommitment(r.key.priceModel) && r.price >= reference->price)
            warning(r.sheetLine, u"price"_s,
                    Tr::tr("%1 in %2: the %3 price %4 is not below the on-demand price %5 (a commitment SKU mislabelled?)")
                        .arg(r.key.sku, r.key.region, toString(r.key.priceModel), r.price.toString(),
                             reference->price.toString()));
        else if (r.key.priceModel == PriceModel::Spot && r.price > reference->price)
            warning(r.sheetLine, u"price"_s,
                    Tr::tr("%1 in %2: the spot price %3 is above the on-demand price %4")
                        .arg(r.key.sku, r.key.region, r.price.toString(), reference->price.toString()));
    }
}

void GcpImport::finish(bool cancelled, int lastLine)
{
    assembleMachines();
    assembleTpus();
    std::sort(m_sheet.records.begin(), m_sheet.records.end(), [](const PriceRecord &a, const PriceRecord &b) {
        return std::tie(a.key.sku, a.key.region, a.key.priceModel) < std::tie(b.key.sku, b.key.region, b.key.priceModel);
    });
    checkAgainstOnDemand();
    finishSheet(cancelled, lastLine,
                Tr::tr("no machine prices could be assembled (%1 SKUs read)").arg(m_sheet.rowCount));
}

} // namespace

ParsedSheet parseGcpJson(QIODevice *device, const QString &fileName, const GcpTables &tables,
                         const std::atomic<bool> *cancel)
{
    ParsedSheet sheet;
    sheet.fileName = fileName;
    GcpImport import(sheet, tables);
    bool sawSkus = false;
    const JsonSheetEnd end = readJsonSheet(device, import, cancel, [&](JsonDeviceStream &stream) {
        JsonRecordWalk walk;
        walk.arrayKey = "skus";
        // Of a SKU's own members only those read are built (not geoTaxonomy and the like).
        walk.keepMember = [](std::string_view key) {
            return key == "name" || key == "skuId" || key == "description" || key == "category"
                   || key == "serviceRegions" || key == "pricingInfo";
        };
        walk.cancel = cancel;
        walk.record = [&](const JsonValue &sku, int line) {
            ++sheet.rowCount;
            import.read(sku, line);
            return true;
        };
        walk.nonObject = [&](int line) {
            ++sheet.rowCount;
            import.error(line, u"skus"_s, Tr::tr("a SKU must be a JSON object"));
        };
        JsonRecordWalker walker(std::move(walk), stream);
        const JsonParseResult parsed = parseJsonValues(stream, walker);
        sawSkus = walker.sawArray();
        return parsed;
    });
    if (!end.parsed.ok && !end.parsed.stopped && !end.cancelled)
        return sheet;
    if (!sawSkus && !end.cancelled) {
        import.error(1, {}, Tr::tr("not a Google Cloud Billing Catalog SKU list (no \"skus\" array)"));
        return sheet;
    }
    import.finish(end.cancelled, end.parsed.line);
    return sheet;
}

} // namespace accelplan::pricing
