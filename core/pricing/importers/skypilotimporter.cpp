#include "core/pricing/importers/skypilotimporter.h"

#include "core/common/csvreader.h"
#include "core/common/csvtable.h"
#include "core/common/tr.h"

#include <QCryptographicHash>
#include <QFile>
#include <QIODevice>

#include <algorithm>

#include <optional>

using namespace Qt::StringLiterals;

namespace accelplan::pricing {

namespace {

const QString kSourceUrl = u"https://github.com/skypilot-org/skypilot-catalog"_s;

struct KnownProvider
{
    const char *directory;
    const char *name;
    OfferKind kind;
};

// Directory names of catalogs/v8 in skypilot-org/skypilot-catalog; the names the shipped sheets
// use where Accelplan ships the provider. Marketplaces rent other people's machines.
constexpr KnownProvider kProviders[] = {
    {"aws", "AWS", OfferKind::CloudVm},
    {"gcp", "Google Cloud", OfferKind::CloudVm},
    {"azure", "Azure", OfferKind::CloudVm},
    {"oci", "Oracle Cloud", OfferKind::CloudVm},
    {"lambda", "Lambda", OfferKind::CloudVm},
    {"runpod", "RunPod", OfferKind::CloudVm},
    {"vast", "Vast.ai", OfferKind::Marketplace},
    {"nebius", "Nebius", OfferKind::CloudVm},
    {"hyperstack", "Hyperstack", OfferKind::CloudVm},
    {"cudo", "Cudo Compute", OfferKind::CloudVm},
    {"fluidstack", "Fluidstack", OfferKind::CloudVm},
    {"verda", "Verda (DataCrunch)", OfferKind::CloudVm},
    {"paperspace", "Paperspace", OfferKind::CloudVm},
    {"do", "DigitalOcean", OfferKind::CloudVm},
    {"coreweave", "CoreWeave", OfferKind::CloudVm},
    {"seeweb", "Seeweb", OfferKind::CloudVm},
    {"jarvislabs", "JarvisLabs", OfferKind::CloudVm},
    {"mithril", "Mithril", OfferKind::CloudVm},
    {"yotta", "Yotta", OfferKind::CloudVm},
    {"shadeform", "Shadeform", OfferKind::Marketplace},
    {"primeintellect", "Prime Intellect", OfferKind::Marketplace},
    {"hyperbolic", "Hyperbolic", OfferKind::Marketplace},
    {"spheron", "Spheron", OfferKind::Marketplace},
    {"lium", "Lium", OfferKind::Marketplace},
};

std::optional<Decimal> price(const QString &text, QString *why)
{
    auto value = Decimal::parse(text, why);
    if (value && value->isNegative()) {
        *why = Tr::tr("negative price %1").arg(text);
        return std::nullopt;
    }
    return value;
}

/// An accelerator name not in the catalog: where it first appears and on how many rows.
struct UnknownAccelerator
{
    int firstLine = 0;
    int rows = 0;
};

/// Keeps a row's on-demand and spot prices (from \a base, its shape and dates) in \a sheet. An
/// offer seen before is another zone of its region: the lowest spot price is kept, an on-demand
/// price that differs is warned about. \a index maps an offer to its record, \a zones counts
/// each spot record's zones.
void keepRowPrices(ParsedSheet &sheet, const CsvColumns &columns, const QStringList &fields, const PriceRecord &base,
                   QHash<QString, qsizetype> &index, QHash<qsizetype, int> &zones)
{
    const QString type = base.key.sku;
    const QString region = base.key.region;
    const int line = base.sheetLine;
    for (const auto &[column, field, model] :
         {std::tuple{u"price"_s, u"Price"_s, PriceModel::OnDemand},
          std::tuple{u"spotprice"_s, u"SpotPrice"_s, PriceModel::Spot}}) {
        const QString text = columns.value(fields, column);
        if (text.isEmpty())
            continue;
        QString why;
        const auto value = price(text, &why);
        if (!value) {
            sheet.diagnostics.append(
                Diagnostic::error(sheet.fileName, line, field, Tr::tr("\"%1\" is not a price: %2").arg(text, why)));
            continue;
        }
        if (value->isZero()) {
            sheet.skip(Tr::tr("zero price"));
            continue;
        }
        PriceRecord record = base;
        record.key = {base.key.provider, type, region, model};
        record.price = *value;
        const QString id = type.toLower() + u'|' + region.toLower() + u'|' + toString(model);
        const auto found = index.constFind(id);
        if (found == index.cend()) {
            index.insert(id, sheet.records.size());
            if (model == PriceModel::Spot)
                zones.insert(sheet.records.size(), 1);
            sheet.records.append(record);
            continue;
        }
        // The same offer in another zone of the region.
        PriceRecord &kept = sheet.records[*found];
        if (model == PriceModel::Spot) {
            ++zones[*found];
            if (record.price < kept.price)
                kept = record;
            sheet.skip(Tr::tr("spot price of another zone (the lowest is kept)"));
        } else if (record.price == kept.price) {
            sheet.skip(Tr::tr("same offer again"));
        } else {
            sheet.skip(Tr::tr("other price for the same offer"));
            sheet.diagnostics.append(Diagnostic::warning(
                sheet.fileName, line, u"Price"_s,
                Tr::tr("%1 in %2 costs %3 here but %4 on line %5; the first is kept")
                    .arg(type, region, record.price.toString(), kept.price.toString())
                    .arg(kept.sheetLine)));
        }
    }
}

/// The notes of every record, a warning for each unknown accelerator, and the sheet's end.
void finishSkypilotSheet(ParsedSheet &sheet, const QString &providerName, const QHash<qsizetype, int> &zones,
                         const QMap<QString, UnknownAccelerator> &unknown, bool cancelled)
{
    for (qsizetype i = 0; i < sheet.records.size(); ++i) {
        PriceRecord &r = sheet.records[i];
        r.notes = Tr::tr("SkyPilot catalog (vms.csv) of %1; an undated snapshot, dated on import").arg(providerName);
        if (r.key.priceModel == PriceModel::Spot)
            r.notes += zones.value(i, 1) == 1 ? Tr::tr("; spot prices move")
                                              : Tr::tr("; spot: the lowest of %1 zones listed, and spot prices move")
                                                    .arg(zones.value(i, 1));
    }
    for (auto it = unknown.cbegin(); it != unknown.cend(); ++it) {
        sheet.unknownTypes << it.key();
        sheet.diagnostics.append(Diagnostic::warning(
            sheet.fileName, it->firstLine, u"AcceleratorName"_s,
            Tr::tr("'%1' is not in the accelerator catalog; %2 left out (add an alias to "
                   "data/catalog/accelerators.csv or skypilot_names.csv)")
                .arg(it.key(), it->rows == 1 ? Tr::tr("its row is") : Tr::tr("its %1 rows are").arg(it->rows))));
    }
    std::stable_sort(sheet.diagnostics.begin(), sheet.diagnostics.end(),
                     [](const Diagnostic &a, const Diagnostic &b) { return a.line < b.line; });
    if (cancelled)
        sheet.records.clear();
    else if (sheet.records.isEmpty() && sheet.ok())
        sheet.diagnostics.append(Diagnostic::error(
            sheet.fileName, 0, {}, Tr::tr("no accelerator prices found (%1 rows read)").arg(sheet.rowCount)));
}

} // namespace

std::pair<QString, OfferKind> skypilotProvider(const QString &name)
{
    const QString trimmed = name.trimmed();
    for (const KnownProvider &known : kProviders)
        if (trimmed.compare(QLatin1StringView(known.directory), Qt::CaseInsensitive) == 0
            || trimmed.compare(QString::fromUtf8(known.name), Qt::CaseInsensitive) == 0)
            return {QString::fromUtf8(known.name), known.kind};
    return {trimmed, OfferKind::CloudVm};
}

Result<QHash<QString, SkypilotName>> loadSkypilotNames()
{
    QFile file(u":/data/catalog/skypilot_names.csv"_s);
    if (!file.open(QIODevice::ReadOnly))
        return Error::internal(Tr::tr("the shipped data/catalog/skypilot_names.csv is missing from the build"));
    QHash<QString, SkypilotName> names;
    const Diagnostics problems = readCsvTable(&file, u"data/catalog/skypilot_names.csv"_s,
                                              {u"skypilot_name"_s, u"accelerator"_s}, [&](const CsvRecord &r) {
                                                  names.insert(r.required(u"skypilot_name"_s).toLower(),
                                                               {r.required(u"accelerator"_s),
                                                                r.text(u"pcie_accelerator"_s)});
                                              });
    if (hasErrors(problems))
        return Error::badInput(Tr::tr("data/catalog/skypilot_names.csv has errors"), problems);
    return names;
}

ParsedSheet parseSkypilotCsv(QIODevice *device, const QString &fileName, const QString &provider,
                             const catalog::AcceleratorCatalog &catalog, const QHash<QString, SkypilotName> &names,
                             QDate date, const std::atomic<bool> *cancel)
{
    ParsedSheet sheet;
    sheet.fileName = fileName;
    auto error = [&](int line, const QString &field, const QString &message) {
        sheet.diagnostics.append(Diagnostic::error(fileName, line, field, message));
    };
    const auto [providerName, kind] = skypilotProvider(provider);
    if (providerName.isEmpty()) {
        error(0, {}, Tr::tr("a SkyPilot catalog does not name its provider: give one (--provider lambda)"));
        return sheet;
    }
    QCryptographicHash hash(QCryptographicHash::Sha256);
    hash.addData(device);
    sheet.sha256 = hash.result().toHex();
    device->seek(0);

    CsvReader reader(device);
    QStringList fields;
    if (!reader.next(fields)) {
        error(reader.recordLine(), {}, reader.error().isEmpty() ? Tr::tr("empty file") : reader.error());
        return sheet;
    }
    const CsvColumns columns(fields);
    for (const QString &required : {u"InstanceType"_s, u"AcceleratorName"_s, u"AcceleratorCount"_s, u"Price"_s,
                                    u"Region"_s})
        if (!columns.contains(required.toLower()))
            error(1, required, Tr::tr("not a SkyPilot catalog (vms.csv): no %1 column").arg(required));
    if (!sheet.ok())
        return sheet;

    // The accelerator a row names, by name and form factor; cached, as a catalog repeats a few
    // names over thousands of rows. Empty when unknown.
    QHash<QString, QString> resolved;
    auto resolve = [&](const QString &name, bool pcie) -> QString {
        const QString key = name.toLower() + (pcie ? u"|pcie"_s : u""_s);
        if (auto cached = resolved.constFind(key); cached != resolved.cend())
            return *cached;
        QString id;
        if (auto known = names.constFind(name.toLower()); known != names.cend()) {
            id = pcie ? known->pcieAccelerator : known->accelerator;
        } else {
            const catalog::Accelerator *found = pcie ? catalog.find(name + u" PCIe"_s) : nullptr;
            if (!found)
                found = catalog.find(name);
            if (found)
                id = found->id;
        }
        resolved.insert(key, id);
        return id;
    };

    QMap<QString, UnknownAccelerator> unknown;
    QHash<QString, qsizetype> index; // offer → sheet.records
    QHash<qsizetype, int> zones;     // spot record → zones seen
    while (reader.next(fields) || !reader.error().isEmpty()) {
        if (cancel && cancel->load())
            break;
        if (!reader.error().isEmpty()) {
            error(reader.recordLine(), {}, reader.error());
            continue;
        }
        const int line = reader.recordLine();
        if (fields.size() == 1 && fields.first().trimmed().isEmpty())
            continue;
        ++sheet.rowCount;
        const QString name = columns.value(fields, u"acceleratorname"_s);
        const QString countText = columns.value(fields, u"acceleratorcount"_s);
        const double count = countText.toDouble();
        if (name.isEmpty() || count <= 0) {
            sheet.skip(Tr::tr("no accelerator"));
            continue;
        }
        if (name.startsWith(u"tpu-"_s, Qt::CaseInsensitive)) {
            sheet.skip(Tr::tr("TPU (import Google's billing catalog with --format gcp)"));
            continue;
        }
        if (count != int(count)) {
            sheet.skip(Tr::tr("a fraction of an accelerator"));
            continue;
        }
        const QString type = columns.value(fields, u"instancetype"_s);
        const bool pcie = type.contains(u"pcie"_s, Qt::CaseInsensitive);
        const QString accelerator = resolve(name, pcie);
        if (accelerator.isEmpty()) {
            const QString shown = pcie ? Tr::tr("%1 (PCIe)").arg(name) : name;
            UnknownAccelerator &u = unknown[shown];
            if (u.rows++ == 0)
                u.firstLine = line;
            sheet.skip(Tr::tr("accelerator not in the catalog"));
            continue;
        }
        const QString region = columns.value(fields, u"region"_s);
        if (type.isEmpty() || region.isEmpty()) {
            error(line, type.isEmpty() ? u"InstanceType"_s : u"Region"_s, Tr::tr("empty"));
            continue;
        }
        // An AWS Local Zone (zone id "use1-atl2-az1": a metro between the region and the zone) is a
        // small site with a spot market of its own, not the region's capacity for a cluster.
        if (providerName == u"AWS"_s && columns.value(fields, u"availabilityzone"_s).count(u'-') > 1) {
            sheet.skip(Tr::tr("AWS Local Zone (not the region's capacity)"));
            continue;
        }
        PriceRecord base;
        base.offerKind = kind;
        base.accelerator = accelerator;
        base.acceleratorCount = int(count);
        if (const QString vcpus = columns.value(fields, u"vcpus"_s); !vcpus.isEmpty())
            base.vcpus = int(vcpus.toDouble());
        if (const QString ram = columns.value(fields, u"memorygib"_s); !ram.isEmpty())
            base.ramGb = Decimal::parse(ram);
        base.currency = u"USD"_s;
        base.unit = PriceUnit::Hour;
        base.effectiveDate = date;
        base.asOf = date;
        base.sourceUrl = kSourceUrl;
        base.confidence = u"approximate"_s;
        base.sheetLine = line;
        base.key = {providerName, type, region, PriceModel::OnDemand}; // the model is each price's

        keepRowPrices(sheet, columns, fields, base, index, zones);
    }
    if (!reader.error().isEmpty())
        error(reader.recordLine(), {}, reader.error());

    finishSkypilotSheet(sheet, providerName, zones, unknown, cancel && cancel->load());
    return sheet;
}

} // namespace accelplan::pricing
