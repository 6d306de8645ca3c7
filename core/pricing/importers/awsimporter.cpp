#include "core/pricing/importers/awsimporter.h"
#include "core/pricing/importers/awscsvfields.h"
#include "core/pricing/importers/jsonsheetread.h"
#include "core/pricing/importers/sheetbuilder.h"

#include "core/common/backgroundhash.h"
#include "core/common/csvtable.h"
#include "core/common/jsonsax.h"
#include "core/common/texthash.h"
#include "core/common/tr.h"
#include "core/pricing/currency.h"

#include <QFile>
#include <QIODevice>
#include <QJsonObject>
#include <QMap>

#include <algorithm>
#include <array>
#include <cstring>
#include <string>
#include <string_view>
#include <unordered_map>
#include <vector>

using namespace Qt::StringLiterals;

namespace accelplan::pricing {

namespace {

constexpr double kHoursPerYear = 8760; // AWS amortises upfront fees over 365 × 24 hours

// One reserved purchase option of one offer: its upfront fee and hourly rate are two price
// dimensions (two rows in CSV).
struct Reserved
{
    PriceRecord record; ///< the offer's fields, from its first dimension
    bool threeYears = false;
    QString purchaseOption;
    double hourly = 0;
    double upfront = 0;

    double effectiveHourly() const { return hourly + upfront / ((threeYears ? 3 : 1) * kHoursPerYear); }
};

/// One price dimension of one term, the same in both forms.
struct Dimension
{
    QString termType; ///< OnDemand | Reserved
    QString unit;     ///< Hrs | Quantity
    QString price;
    QString currency;
    QString effectiveDate;
    QString lease, offeringClass, purchaseOption; ///< reserved terms only
};

/// The rules both forms share: which products are kept, how a price dimension becomes an offer,
/// how reserved options fold into one commitment price, and the count of everything skipped.
/// Attributes are named as the CSV header names them; the JSON form's camelCase keys are
/// translated by the caller.
class AwsOffers : public SheetBuilder
{
public:
    AwsOffers(ParsedSheet &sheet, const QHash<QString, AwsInstance> &instances)
        : SheetBuilder(sheet), m_instances(instances)
    {
    }

    void setVersion(const QString &publication, const QString &version)
    {
        m_published = QDate::fromString(publication.left(10), Qt::ISODate);
        m_source = u"AWS Price List Bulk API, AmazonEC2 offer version %1 (%2)"_s.arg(
            version.isEmpty() ? Tr::tr("unknown") : version, publication.isEmpty() ? Tr::tr("undated") : publication);
    }

    /// The offer a product is, or nothing (counted by reason) when it is left out.
    template<typename Attribute>
    std::optional<PriceRecord> product(const Attribute &attribute, int line)
    {
        if (attribute(u"Product Family"_s) != u"Compute Instance"_s)
            return skipped(Tr::tr("not a compute instance"));
        if (attribute(u"Operating System"_s) != u"Linux"_s)
            return skipped(Tr::tr("not Linux"));
        if (attribute(u"Tenancy"_s) != u"Shared"_s)
            return skipped(Tr::tr("not shared tenancy"));
        if (const QString capacity = attribute(u"CapacityStatus"_s); !capacity.isEmpty() && capacity != u"Used"_s)
            return skipped(Tr::tr("capacity reservation"));
        if (const QString software = attribute(u"Pre Installed S/W"_s); !software.isEmpty() && software != u"NA"_s)
            return skipped(Tr::tr("pre-installed software"));
        if (const QString market = attribute(u"MarketOption"_s); !market.isEmpty() && market != u"OnDemand"_s)
            return skipped(Tr::tr("other market option"));
        const QString type = attribute(u"Instance Type"_s);
        const auto instance = m_instances.constFind(type);
        if (instance == m_instances.cend()) {
            const bool accelerated = attribute(u"GPU"_s).toDouble() > 0 || type.startsWith(u'p')
                                     || type.startsWith(u'g') || type.startsWith(u"trn"_s)
                                     || type.startsWith(u"inf"_s) || type.startsWith(u"dl"_s);
            if (!accelerated)
                return skipped(Tr::tr("not an accelerator instance"));
            unknownType(type);
            return skipped(Tr::tr("unknown accelerator instance type"));
        }
        const QString region = attribute(u"Region Code"_s);
        if (region.isEmpty()) {
            error(line, u"Region Code"_s, Tr::tr("empty region code"));
            return std::nullopt;
        }
        PriceRecord record;
        record.key = {u"AWS"_s, type, region, PriceModel::OnDemand};
        record.offerKind = OfferKind::CloudVm;
        record.accelerator = instance->accelerator;
        record.acceleratorCount = instance->acceleratorCount;
        if (const int vcpus = attribute(u"vCPU"_s).toInt(); vcpus > 0)
            record.vcpus = vcpus;
        if (const QString memory = attribute(u"Memory"_s).section(u' ', 0, 0); !memory.isEmpty())
            record.ramGb = Decimal::parse(memory);
        record.unit = PriceUnit::Hour;
        record.sourceUrl = m_source;
        record.confidence = u"exact"_s;
        return record;
    }

    /// One price dimension of a kept product.
    void add(PriceRecord record, const Dimension &d, int line)
    {
        if (d.price.isEmpty())
            return skip(Tr::tr("no price"));
        QString why;
        bool rounded = false;
        const auto price = parseAwsPrice(d.price, &why, &rounded);
        if (!price)
            return error(line, u"PricePerUnit"_s, Tr::tr("\"%1\" is not a number: %2").arg(d.price, why));
        if (*price < Decimal())
            return error(line, u"PricePerUnit"_s, Tr::tr("negative price %1").arg(d.price));
        if (d.currency.isEmpty())
            return error(line, u"Currency"_s, Tr::tr("empty currency for price %1").arg(d.price));
        if (const QString problem = currencyProblem(d.currency); !problem.isEmpty())
            return error(line, u"Currency"_s, problem);
        record.currency = d.currency;
        record.effectiveDate = QDate::fromString(d.effectiveDate.left(10), Qt::ISODate);
        if (!record.effectiveDate.isValid())
            record.effectiveDate = m_published.isValid() ? m_published : QDate::currentDate();
        // Read when the offer file was published, else on import: never the effective date,
        // which can be years old for a price still in force.
        record.asOf = m_published.isValid() ? m_published : QDate::currentDate();
        record.sheetLine = line;
        const QString id = record.key.sku + u'|' + record.key.region;

        if (d.termType == u"OnDemand"_s) {
            if (d.unit != u"Hrs"_s)
                return skip(Tr::tr("not an hourly price"));
            record.price = *price;
            record.notes = u"Linux, shared tenancy, on demand"_s;
            if (rounded)
                record.notes += u"; price rounded to 9 decimal places from "_s + d.price;
            m_onDemand.insert(id, record);
        } else if (d.termType == u"Reserved"_s) {
            if (d.offeringClass != u"standard"_s)
                return skip(Tr::tr("convertible reserved term"));
            if (d.lease != u"1yr"_s && d.lease != u"3yr"_s)
                return skip(Tr::tr("other reserved term length"));
            if (d.unit != u"Quantity"_s && d.unit != u"Hrs"_s)
                return skip(Tr::tr("not an hourly price"));
            Reserved &r = m_reserved[id + u'|' + d.lease + u'|' + d.purchaseOption];
            if (r.record.sheetLine == 0) {
                r.record = record;
                r.threeYears = d.lease == u"3yr"_s;
                r.record.key.priceModel = r.threeYears ? PriceModel::Commit3y : PriceModel::Commit1y;
                r.purchaseOption = d.purchaseOption;
            }
            (d.unit == u"Quantity"_s ? r.upfront : r.hourly) += price->toDouble();
        } else {
            skip(Tr::tr("other term type"));
        }
    }

    /// Folds the reserved options (the lowest effective hourly rate is the commitment price) and
    /// fills in the sheet's records and counts.
    void finish(bool cancelled, int line)
    {
        QMap<QString, const Reserved *> best; // by instance type | region | price model
        for (const Reserved &r : std::as_const(m_reserved)) {
            const QString key = r.record.key.sku + u'|' + r.record.key.region + u'|' + toString(r.record.key.priceModel);
            if (!best.contains(key) || r.effectiveHourly() < best.value(key)->effectiveHourly())
                best.insert(key, &r);
        }
        m_sheet.records = m_onDemand.values();
        for (const Reserved *r : std::as_const(best)) {
            PriceRecord record = r->record;
            record.price = Decimal::parse(QString::number(r->effectiveHourly(), 'f', 6)).value_or(Decimal());
            record.notes = u"standard reserved %1, %2: effective hourly = hourly + upfront / (years × 8760)"_s.arg(
                r->threeYears ? u"3yr"_s : u"1yr"_s, r->purchaseOption);
            m_sheet.records.append(record);
        }
        finishSheet(cancelled, line,
                    Tr::tr("no accelerator instance prices found (%1 rows read)").arg(m_sheet.rowCount));
    }

private:
    const QHash<QString, AwsInstance> &m_instances;
    QDate m_published;
    QString m_source;
    QMap<QString, PriceRecord> m_onDemand; // by instance type | region
    QMap<QString, Reserved> m_reserved;    // by instance type | region | lease | purchase option
};

} // namespace

std::optional<Decimal> parseAwsPrice(const QString &text, QString *why, bool *rounded)
{
    *rounded = false;
    const qsizetype dot = text.indexOf(u'.');
    const qsizetype cut = dot + 1 + Decimal::kScaleDigits;
    if (dot < 0 || text.size() <= cut)
        return Decimal::parse(text, why);
    for (qsizetype i = cut; i < text.size(); ++i)
        if (text.at(i) < u'0' || text.at(i) > u'9') // ASCII digits only, as the Decimal parser reads
            return Decimal::parse(text, why);        // not a plain number: let the parser say why
    auto value = Decimal::parse(QStringView(text).left(cut), why);
    if (!value)
        return value;
    // Digits only past the cut (checked above): any but 0 is rounded away.
    const QStringView past = QStringView(text).mid(cut);
    *rounded = std::any_of(past.begin(), past.end(), [](QChar c) { return c != u'0'; });
    if (text.at(cut) >= u'5')
        *value = Decimal::fromNanos(value->nanos() + (text.startsWith(u'-') ? -1 : 1));
    return value;
}

Result<QHash<QString, AwsInstance>> loadAwsInstances()
{
    QFile file(u":/data/catalog/aws_instances.csv"_s);
    if (!file.open(QIODevice::ReadOnly))
        return Error::internal(Tr::tr("the shipped data/catalog/aws_instances.csv is missing from the build"));
    QHash<QString, AwsInstance> instances;
    const Diagnostics problems = readCsvTable(&file, u"data/catalog/aws_instances.csv"_s,
                                              {u"instance_type"_s, u"accelerator"_s, u"accelerator_count"_s},
                                              [&](const CsvRecord &r) {
                                                  const auto count = r.number(u"accelerator_count"_s, true);
                                                  instances.insert(r.required(u"instance_type"_s),
                                                                   {r.required(u"accelerator"_s), int(count.value_or(1))});
                                              });
    if (hasErrors(problems))
        return Error::badInput(Tr::tr("data/catalog/aws_instances.csv has errors"), problems);
    return instances;
}

namespace {

bool lineHas(QByteArrayView line, std::string_view needle)
{
    return memmem(line.data(), line.size(), needle.data(), needle.size()) != nullptr;
}

} // namespace

ParsedSheet parseAwsCsv(QIODevice *device, const QString &fileName, const QHash<QString, AwsInstance> &instances,
                        const std::atomic<bool> *cancel)
{
    ParsedSheet sheet;
    sheet.fileName = fileName;
    AwsOffers offers(sheet, instances);
    BackgroundHash hash; // SHA-256 on its own thread: the file is gigabytes
    ChunkedLineReader lines(device, &hash);
    QByteArrayView line;

    // The preamble: metadata lines up to the header, which starts with "SKU".
    QString publication;
    QString version;
    QHash<TextKey, int> column; // unseeded: looked up some 20 times a row
    AwsCsvFields fields;
    int lineNumber = 0;
    while (lineNumber < 20 && lines.next(line)) {
        ++lineNumber;
        if (!splitAwsCsvLine(line, fields))
            continue; // not the AWS preamble; reported below if no header follows
        if (fields.is(0, "SKU")) {
            for (int i = 0; i < fields.views.size(); ++i)
                column.insert({QString::fromUtf8(fields.views[i])}, i);
            break;
        }
        if (fields.is(0, "Publication Date"))
            publication = QString::fromUtf8(fields.value(1));
        if (fields.is(0, "Version"))
            version = QString::fromUtf8(fields.value(1));
    }
    if (lines.tooLong()) {
        offers.error(lineNumber + 1, {}, Tr::tr("line longer than %1 MiB").arg(kMaxCsvFieldBytes >> 20));
        return sheet;
    }
    if (column.isEmpty()) {
        offers.error(lineNumber, {}, Tr::tr("no header line starting with \"SKU\" in the first 20 lines: not an AWS "
                                            "AmazonEC2 offer file in CSV form"));
        return sheet;
    }
    const QStringList required = {u"TermType"_s, u"Unit"_s, u"PricePerUnit"_s, u"Currency"_s, u"Instance Type"_s,
                                  u"Tenancy"_s, u"Operating System"_s, u"Region Code"_s, u"Product Family"_s};
    for (const QString &name : required)
        if (!column.contains({name}))
            offers.error(lineNumber, name, Tr::tr("missing column; the header has %1 columns").arg(column.size()));
    if (!sheet.ok())
        return sheet;
    offers.setVersion(publication, version);
    auto field = [&](const QString &name) {
        const int index = column.value({name}, -1);
        return index >= 0 ? QString::fromUtf8(fields.value(index)) : QString();
    };

    while (!cancelledBy(cancel) && lines.next(line)) {
        ++lineNumber;
        ++sheet.rowCount;
        // Cheap rejections before the line is split: most of the file is other OSs and tenancies.
        if (!lineHas(line, "\"Linux\"")) {
            offers.skip(Tr::tr("not Linux"));
            continue;
        }
        if (!lineHas(line, "\"Shared\"")) {
            offers.skip(Tr::tr("not shared tenancy"));
            continue;
        }
        if (!splitAwsCsvLine(line, fields)) {
            offers.error(lineNumber, {}, Tr::tr("malformed CSV line (an unterminated quote?)"));
            continue;
        }
        if (auto record = offers.product(field, lineNumber))
            offers.add(*std::move(record),
                       {field(u"TermType"_s), field(u"Unit"_s), field(u"PricePerUnit"_s), field(u"Currency"_s),
                        field(u"EffectiveDate"_s), field(u"LeaseContractLength"_s), field(u"OfferingClass"_s),
                        field(u"PurchaseOption"_s)},
                       lineNumber);
    }
    if (lines.tooLong())
        offers.error(lineNumber + 1, {}, Tr::tr("line longer than %1 MiB").arg(kMaxCsvFieldBytes >> 20));
    sheet.sha256 = hash.resultHex();
    offers.finish(cancelledBy(cancel), lineNumber);
    return sheet;
}

namespace {

/// The product attributes the shared rules ask for, by their JSON key (camelCase; one at the
/// product's top level), with the CSV header name the rules use.
struct JsonAttributeKey
{
    std::string_view json;
    QString csv;
};

const std::array<JsonAttributeKey, 11> &jsonAttributeKeys()
{
    static const std::array<JsonAttributeKey, 11> keys{{
        {"productFamily", u"Product Family"_s},
        {"operatingSystem", u"Operating System"_s},
        {"tenancy", u"Tenancy"_s},
        {"capacitystatus", u"CapacityStatus"_s},
        {"preInstalledSw", u"Pre Installed S/W"_s},
        {"marketoption", u"MarketOption"_s},
        {"instanceType", u"Instance Type"_s},
        {"gpu", u"GPU"_s},
        {"regionCode", u"Region Code"_s},
        {"vcpu", u"vCPU"_s},
        {"memory", u"Memory"_s},
    }};
    return keys;
}

/// RapidJSON SAX events of an AmazonEC2 offer file, as a walk over its fixed shape (depth =
/// containers open after the event):
///   1 top level: publicationDate, version, offerCode, products, terms
///   2 products: SKU → 3 productFamily, attributes → 4 attribute names
///   2 terms: OnDemand | Reserved → 3 SKU → 4 offer term code → 5 effectiveDate, termAttributes
///     (→ 6 names), priceDimensions → 6 rate code → 7 unit, pricePerUnit → 8 currency: price
/// Nothing is built for the parts passed over: a left-out product's terms are only scanned.
class AwsJsonHandler : public rapidjson::BaseReaderHandler<rapidjson::UTF8<>, AwsJsonHandler>
{
public:
    AwsJsonHandler(AwsOffers &offers, ParsedSheet &sheet, JsonDeviceStream &stream, const std::atomic<bool> *cancel)
        : m_offers(offers), m_sheet(sheet), m_stream(stream), m_cancel(cancel)
    {
    }

    bool StartObject() { return open(true); }
    bool StartArray() { return open(false); }
    bool EndObject(rapidjson::SizeType) { return close(); }
    bool EndArray(rapidjson::SizeType) { return close(); }
    bool Key(const char *text, rapidjson::SizeType length, bool)
    {
        if (m_skipFrom == 0 && m_depth < kMaxTracked) // a left-out SKU's keys are never read
            m_keys[m_depth].assign(text, length);
        return true;
    }
    bool String(const char *text, rapidjson::SizeType length, bool) { return value(std::string_view(text, length)); }
    bool Default() { return value({}); }

    bool sawProducts() const { return m_sawProducts; }
    int skippedTermsOfSkus() const { return m_skippedTermsOfSkus; }
    bool termsFirst() const { return m_termsFirst; }
    int termsFirstLine() const { return m_termsFirstLine; }

private:
    static constexpr int kMaxTracked = 10;
    enum class Section { Other, Products, Terms };

    const std::string &key(int depth) const { return m_keys[depth]; }

    bool open(bool object)
    {
        // The container opens under the key of the depth it is in.
        if (m_depth == 1 && object) {
            if (key(1) == "products") {
                m_section = Section::Products;
                m_sawProducts = true;
                m_offers.setVersion(m_publication, m_version);
            } else if (key(1) == "terms") {
                m_section = m_sawProducts ? Section::Terms : Section::Other;
                if (!m_sawProducts && !m_termsFirst) {
                    m_termsFirst = true;
                    m_termsFirstLine = m_stream.line();
                }
            } else {
                m_section = Section::Other;
            }
        } else if (m_section == Section::Products && m_depth == 2 && object) {
            m_productLine = m_stream.line();
            for (std::string &v : m_attributes)
                v.clear();
        } else if (m_section == Section::Terms && m_skipFrom == 0) {
            if (m_depth == 3 && object) {
                // One SKU's terms: kept products only.
                const auto product = m_kept.find(key(3));
                if (product == m_kept.end()) {
                    ++m_skippedTermsOfSkus;
                    m_skipFrom = 4;
                } else {
                    m_product = &product->second;
                }
            } else if (m_depth == 4 && object) {
                m_termLine = m_stream.line();
                m_effectiveDate.clear();
                m_lease.clear();
                m_offeringClass.clear();
                m_purchaseOption.clear();
                m_dimensions.clear();
            } else if (m_depth == 6 && object && key(5) == "priceDimensions") {
                m_dimensions.emplace_back();
            }
        }
        ++m_depth;
        return true;
    }

    bool close()
    {
        --m_depth;
        if (m_skipFrom != 0) {
            if (m_depth < m_skipFrom)
                m_skipFrom = 0;
            return true;
        }
        if (m_depth == 1)
            m_section = Section::Other;
        else if (m_section == Section::Products && m_depth == 2)
            return productEnd();
        else if (m_section == Section::Terms && m_depth == 4)
            return termEnd();
        return true;
    }

    bool value(std::string_view text)
    {
        if (m_skipFrom != 0)
            return true;
        if (m_depth == 1) {
            if (key(1) == "publicationDate")
                m_publication = QString::fromUtf8(text.data(), qsizetype(text.size()));
            else if (key(1) == "version")
                m_version = QString::fromUtf8(text.data(), qsizetype(text.size()));
        } else if (m_section == Section::Products) {
            if ((m_depth == 3 && key(3) == "productFamily") || (m_depth == 4 && key(3) == "attributes")) {
                const std::string &name = key(m_depth);
                const auto &keys = jsonAttributeKeys();
                for (std::size_t i = 0; i < keys.size(); ++i) {
                    if (keys[i].json == name && (m_depth == 3) == (i == 0)) {
                        m_attributes[i].assign(text);
                        break;
                    }
                }
            }
        } else if (m_section == Section::Terms) {
            if (m_depth == 5 && key(5) == "effectiveDate") {
                m_effectiveDate.assign(text);
            } else if (m_depth == 6 && key(5) == "termAttributes") {
                if (key(6) == "LeaseContractLength")
                    m_lease.assign(text);
                else if (key(6) == "OfferingClass")
                    m_offeringClass.assign(text);
                else if (key(6) == "PurchaseOption")
                    m_purchaseOption.assign(text);
            } else if (!m_dimensions.empty() && key(5) == "priceDimensions") {
                PriceDimension &d = m_dimensions.back();
                if (m_depth == 7 && key(7) == "unit") {
                    d.unit.assign(text);
                } else if (m_depth == 8 && key(7) == "pricePerUnit" && d.currency.empty()) {
                    d.currency = key(8);
                    d.price.assign(text);
                }
            }
        }
        return true;
    }

    bool productEnd()
    {
        ++m_sheet.rowCount;
        const auto &keys = jsonAttributeKeys();
        auto attribute = [&](const QString &csvName) {
            for (std::size_t i = 0; i < keys.size(); ++i) {
                if (keys[i].csv == csvName)
                    return QString::fromUtf8(m_attributes[i].data(), qsizetype(m_attributes[i].size()));
            }
            return QString();
        };
        if (auto record = m_offers.product(attribute, m_productLine))
            m_kept.insert_or_assign(key(2), *std::move(record));
        return !cancelledBy(m_cancel);
    }

    bool termEnd()
    {
        auto text = [](const std::string &s) { return QString::fromUtf8(s.data(), qsizetype(s.size())); };
        for (const PriceDimension &d : m_dimensions) {
            ++m_sheet.rowCount;
            m_offers.add(*m_product,
                         {text(key(2)), text(d.unit), text(d.price), text(d.currency), text(m_effectiveDate),
                          text(m_lease), text(m_offeringClass), text(m_purchaseOption)},
                         m_termLine);
        }
        return !cancelledBy(m_cancel);
    }

    struct PriceDimension
    {
        std::string unit;
        std::string currency;
        std::string price;
    };

    AwsOffers &m_offers;
    ParsedSheet &m_sheet;
    JsonDeviceStream &m_stream;
    const std::atomic<bool> *m_cancel;
    int m_depth = 0;
    std::array<std::string, kMaxTracked> m_keys;
    Section m_section = Section::Other;
    int m_skipFrom = 0; ///< a left-out SKU's terms: events are ignored until the depth falls below this
    QString m_publication;
    QString m_version;
    bool m_sawProducts = false;
    bool m_termsFirst = false;
    int m_termsFirstLine = 0;
    // The product being read.
    int m_productLine = 0;
    std::array<std::string, 11> m_attributes;
    std::unordered_map<std::string, PriceRecord> m_kept; ///< the kept products, by SKU
    // The term being read.
    const PriceRecord *m_product = nullptr;
    int m_termLine = 0;
    std::string m_effectiveDate, m_lease, m_offeringClass, m_purchaseOption;
    std::vector<PriceDimension> m_dimensions;
    int m_skippedTermsOfSkus = 0;
};

} // namespace

ParsedSheet parseAwsJson(QIODevice *device, const QString &fileName, const QHash<QString, AwsInstance> &instances,
                         const std::atomic<bool> *cancel)
{
    ParsedSheet sheet;
    sheet.fileName = fileName;
    AwsOffers offers(sheet, instances);
    bool termsFirst = false, sawProducts = false;
    int termsFirstLine = 0, skippedTermsOfSkus = 0;
    const JsonSheetEnd end = readJsonSheet(device, offers, cancel, [&](JsonDeviceStream &stream) {
        AwsJsonHandler handler(offers, sheet, stream, cancel);
        const JsonParseResult parsed = parseJsonValues(stream, handler);
        termsFirst = handler.termsFirst();
        termsFirstLine = handler.termsFirstLine();
        sawProducts = handler.sawProducts();
        skippedTermsOfSkus = handler.skippedTermsOfSkus();
        return parsed;
    });
    if (end.cancelled) {
        offers.finish(true, end.parsed.line);
        return sheet;
    }
    if (termsFirst)
        offers.error(termsFirstLine, u"terms"_s,
                     Tr::tr("\"terms\" comes before \"products\"; AWS writes products first, and a streaming reader needs "
                            "them first"));
    if (!end.parsed.ok || !sawProducts) {
        if (end.parsed.ok && !termsFirst)
            offers.error(end.parsed.line, {},
                         Tr::tr("no \"products\" object: not an AWS AmazonEC2 offer file in JSON form"));
        sheet.sha256.clear(); // only a sheet that can be imported carries its digest
        return sheet;
    }
    offers.skip(Tr::tr("terms of a product left out"), skippedTermsOfSkus);
    offers.finish(false, end.parsed.line);
    return sheet;
}

} // namespace accelplan::pricing
