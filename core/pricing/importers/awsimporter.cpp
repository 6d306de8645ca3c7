#include "core/pricing/importers/awsimporter.h"

#include "core/common/backgroundhash.h"
#include "core/common/csvtable.h"
#include "core/common/jsonstream.h"
#include "core/common/tr.h"

#include <QCryptographicHash>
#include <QFile>
#include <QIODevice>
#include <QJsonObject>
#include <QMap>
#include <QRegularExpression>
#include <QVarLengthArray>

#include <cstring>
#include <string_view>
#include <vector>

using namespace Qt::StringLiterals;

namespace accelplan::pricing {

namespace {

constexpr double kHoursPerYear = 8760; // AWS amortises upfront fees over 365 × 24 hours

/// One line's fields: views into the line (valid until the next line is read), or into
/// `unescaped` for the rare field with a doubled quote inside. No field is copied otherwise.
struct CsvFields
{
    QVarLengthArray<QByteArrayView, 96> views;
    std::vector<QByteArray> unescaped;

    QByteArrayView value(qsizetype i) const { return i >= 0 && i < views.size() ? views[i] : QByteArrayView(); }
    bool is(qsizetype i, std::string_view text) const
    {
        const QByteArrayView v = value(i);
        return std::string_view(v.data(), size_t(v.size())) == text;
    }
};

// Splits one line of the AWS CSV (every field quoted, "" inside a field). False when malformed.
bool splitLine(QByteArrayView line, CsvFields &fields)
{
    fields.views.clear();
    fields.unescaped.clear();
    while (!line.isEmpty() && (line.back() == '\n' || line.back() == '\r'))
        line.chop(1);
    const char *data = line.data();
    const qsizetype n = line.size();
    qsizetype i = 0;
    while (i <= n) {
        if (i < n && data[i] == '"') {
            const qsizetype start = ++i;
            bool doubled = false;
            while (true) {
                const void *quote = i < n ? std::memchr(data + i, '"', size_t(n - i)) : nullptr;
                if (!quote)
                    return false; // unterminated quote
                i = static_cast<const char *>(quote) - data;
                if (i + 1 < n && data[i + 1] == '"') {
                    doubled = true;
                    i += 2;
                    continue;
                }
                break;
            }
            const QByteArrayView raw = line.sliced(start, i - start);
            ++i;
            if (doubled) {
                fields.unescaped.push_back(raw.toByteArray().replace("\"\"", "\""));
                fields.views.append(QByteArrayView(fields.unescaped.back()));
            } else {
                fields.views.append(raw);
            }
        } else {
            const void *comma = i < n ? std::memchr(data + i, ',', size_t(n - i)) : nullptr;
            const qsizetype stop = comma ? static_cast<const char *>(comma) - data : n;
            fields.views.append(line.sliced(i, stop - i));
            i = stop;
        }
        if (i >= n)
            break;
        if (data[i] != ',')
            return false;
        ++i;
        if (i == n) {
            fields.views.append(QByteArrayView());
            break;
        }
    }
    return true;
}

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

/// A PricePerUnit: AWS writes 10 decimal places ("55.0400000000"); a 10th significant one is
/// rounded half up to the 9 a Decimal holds, and \a rounded says so.
std::optional<Decimal> parsePrice(const QString &text, QString *why, bool *rounded)
{
    *rounded = false;
    const qsizetype dot = text.indexOf(u'.');
    const qsizetype cut = dot + 1 + Decimal::kScaleDigits;
    if (dot < 0 || text.size() <= cut)
        return Decimal::parse(text, why);
    for (qsizetype i = cut; i < text.size(); ++i)
        if (!text.at(i).isDigit())
            return Decimal::parse(text, why); // not a plain number: let the parser say why
    auto value = Decimal::parse(QStringView(text).left(cut), why);
    if (!value)
        return value;
    *rounded = QStringView(text).mid(cut).contains(QRegularExpression(u"[1-9]"_s));
    if (text.at(cut) >= u'5')
        *value = Decimal::fromNanos(value->nanos() + (text.startsWith(u'-') ? -1 : 1));
    return value;
}

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
class AwsOffers
{
public:
    AwsOffers(ParsedSheet &sheet, const QHash<QString, AwsInstance> &instances)
        : m_sheet(sheet), m_instances(instances)
    {
    }

    void skip(const QString &reason, int count = 1) { m_sheet.skip(reason, count); }
    void error(int line, const QString &field, const QString &message)
    {
        m_sheet.diagnostics.append(Diagnostic::error(m_sheet.fileName, line, field, message));
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
            m_unknown.insert(type);
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
        const auto price = parsePrice(d.price, &why, &rounded);
        if (!price)
            return error(line, u"PricePerUnit"_s, Tr::tr("\"%1\" is not a number: %2").arg(d.price, why));
        if (*price < Decimal())
            return error(line, u"PricePerUnit"_s, Tr::tr("negative price %1").arg(d.price));
        record.currency = d.currency;
        record.effectiveDate = QDate::fromString(d.effectiveDate.left(10), Qt::ISODate);
        if (!record.effectiveDate.isValid())
            record.effectiveDate = m_published.isValid() ? m_published : QDate::currentDate();
        record.asOf = m_published.isValid() ? m_published : record.effectiveDate;
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
        m_sheet.unknownTypes = m_unknown.values();
        m_sheet.unknownTypes.sort();
        if (m_sheet.records.isEmpty() && m_sheet.ok() && !cancelled)
            error(line, {}, Tr::tr("no accelerator instance prices found (%1 rows read)").arg(m_sheet.rowCount));
    }

private:
    std::nullopt_t skipped(const QString &reason)
    {
        skip(reason);
        return std::nullopt;
    }

    ParsedSheet &m_sheet;
    const QHash<QString, AwsInstance> &m_instances;
    QDate m_published;
    QString m_source;
    QSet<QString> m_unknown;
    QMap<QString, PriceRecord> m_onDemand; // by instance type | region
    QMap<QString, Reserved> m_reserved;    // by instance type | region | lease | purchase option
};

bool cancelledBy(const std::atomic<bool> *cancel)
{
    return cancel && cancel->load();
}

} // namespace

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
    QHash<QString, int> column;
    CsvFields fields;
    int lineNumber = 0;
    while (lineNumber < 20 && lines.next(line)) {
        ++lineNumber;
        if (!splitLine(line, fields))
            continue; // not the AWS preamble; reported below if no header follows
        if (fields.is(0, "SKU")) {
            for (int i = 0; i < fields.views.size(); ++i)
                column.insert(QString::fromUtf8(fields.views[i]), i);
            break;
        }
        if (fields.is(0, "Publication Date"))
            publication = QString::fromUtf8(fields.value(1));
        if (fields.is(0, "Version"))
            version = QString::fromUtf8(fields.value(1));
    }
    if (column.isEmpty()) {
        offers.error(lineNumber, {}, Tr::tr("no header line starting with \"SKU\" in the first 20 lines: not an AWS "
                                            "AmazonEC2 offer file in CSV form"));
        return sheet;
    }
    const QStringList required = {u"TermType"_s, u"Unit"_s, u"PricePerUnit"_s, u"Currency"_s, u"Instance Type"_s,
                                  u"Tenancy"_s, u"Operating System"_s, u"Region Code"_s, u"Product Family"_s};
    for (const QString &name : required)
        if (!column.contains(name))
            offers.error(lineNumber, name, Tr::tr("missing column; the header has %1 columns").arg(column.size()));
    if (!sheet.ok())
        return sheet;
    offers.setVersion(publication, version);
    auto field = [&](const QString &name) {
        const int index = column.value(name, -1);
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
        if (!splitLine(line, fields)) {
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
    sheet.sha256 = hash.resultHex();
    offers.finish(cancelledBy(cancel), lineNumber);
    return sheet;
}

namespace {

/// Product attributes in the JSON form: camelCase keys (and one at the product's top level) for
/// the CSV header names the shared rules use.
QString jsonAttribute(const QJsonObject &product, const QString &csvName)
{
    static const QHash<QString, QString> keys = {
        {u"Operating System"_s, u"operatingSystem"_s}, {u"Tenancy"_s, u"tenancy"_s},
        {u"CapacityStatus"_s, u"capacitystatus"_s},    {u"Pre Installed S/W"_s, u"preInstalledSw"_s},
        {u"MarketOption"_s, u"marketoption"_s},        {u"Instance Type"_s, u"instanceType"_s},
        {u"GPU"_s, u"gpu"_s},                          {u"Region Code"_s, u"regionCode"_s},
        {u"vCPU"_s, u"vcpu"_s},                        {u"Memory"_s, u"memory"_s},
    };
    if (csvName == u"Product Family"_s)
        return product.value(u"productFamily"_s).toString();
    return product.value(u"attributes"_s).toObject().value(keys.value(csvName)).toString();
}

} // namespace

ParsedSheet parseAwsJson(QIODevice *device, const QString &fileName, const QHash<QString, AwsInstance> &instances,
                         const std::atomic<bool> *cancel)
{
    ParsedSheet sheet;
    sheet.fileName = fileName;
    AwsOffers offers(sheet, instances);
    QCryptographicHash hash(QCryptographicHash::Sha256);
    JsonStream json(device);
    json.hashInto(&hash);
    auto syntaxError = [&] { offers.error(json.line(), {}, Tr::tr("malformed JSON: %1").arg(json.errorString())); };

    QString publication;
    QString version;
    QString offerCode;
    QHash<QString, PriceRecord> kept; // the kept products, by SKU
    bool sawProducts = false;
    int skippedTermsOfSkus = 0;

    // Walks an object's members, handing each key to \a member with the stream on the value's first token.
    auto members = [&](auto &&member) {
        while (!cancelledBy(cancel) && json.next() == JsonStream::Key) {
            const QString key = json.string();
            json.next();
            member(key);
            if (json.hasError())
                return;
        }
    };

    if (json.next() != JsonStream::BeginObject) {
        if (json.hasError())
            syntaxError();
        else
            offers.error(json.line(), {}, Tr::tr("not an AWS AmazonEC2 offer file in JSON form (no top-level object)"));
        return sheet;
    }
    members([&](const QString &key) {
        if ((key == u"publicationDate"_s || key == u"version"_s || key == u"offerCode"_s)
            && json.token() == JsonStream::String) {
            (key == u"version"_s ? version : key == u"offerCode"_s ? offerCode : publication) = json.string();
        } else if (key == u"products"_s && json.token() == JsonStream::BeginObject) {
            sawProducts = true;
            offers.setVersion(publication, version);
            members([&](const QString &sku) {
                const int line = json.line();
                const QJsonObject product = json.readValue().toObject();
                ++sheet.rowCount;
                auto attribute = [&](const QString &name) { return jsonAttribute(product, name); };
                if (auto record = offers.product(attribute, line))
                    kept.insert(sku, *std::move(record));
            });
        } else if (key == u"terms"_s && json.token() == JsonStream::BeginObject) {
            if (!sawProducts) {
                offers.error(json.line(), u"terms"_s, Tr::tr("\"terms\" comes before \"products\"; AWS writes products "
                                                              "first, and a streaming reader needs them first"));
                json.skipValue();
                return;
            }
            members([&](const QString &termType) { // OnDemand, Reserved
                if (json.token() != JsonStream::BeginObject)
                    return json.skipValue();
                members([&](const QString &sku) {
                    const auto product = kept.constFind(sku);
                    if (product == kept.cend()) {
                        ++skippedTermsOfSkus;
                        return json.skipValue(); // a product left out: its terms are not built
                    }
                    members([&](const QString &) { // one term (offer term code)
                        const int termLine = json.line();
                        const QJsonObject term = json.readValue().toObject();
                        const QJsonObject attributes = term.value(u"termAttributes"_s).toObject();
                        const QJsonObject dimensions = term.value(u"priceDimensions"_s).toObject();
                        for (auto it = dimensions.begin(); it != dimensions.end(); ++it) {
                            const QJsonObject d = it.value().toObject();
                            const QJsonObject prices = d.value(u"pricePerUnit"_s).toObject();
                            const QString currency = prices.isEmpty() ? QString() : prices.begin().key();
                            ++sheet.rowCount;
                            offers.add(*product,
                                       {termType, d.value(u"unit"_s).toString(),
                                        prices.value(currency).toString(), currency,
                                        term.value(u"effectiveDate"_s).toString(),
                                        attributes.value(u"LeaseContractLength"_s).toString(),
                                        attributes.value(u"OfferingClass"_s).toString(),
                                        attributes.value(u"PurchaseOption"_s).toString()},
                                       termLine);
                        }
                    });
                });
            });
        } else {
            json.skipValue();
        }
    });
    if (json.hasError() && !cancelledBy(cancel)) {
        syntaxError();
        return sheet;
    }
    if (!sawProducts && !cancelledBy(cancel)) {
        offers.error(json.line(), {}, Tr::tr("no \"products\" object: not an AWS AmazonEC2 offer file in JSON form"));
        return sheet;
    }
    offers.skip(Tr::tr("terms of a product left out"), skippedTermsOfSkus);
    sheet.sha256 = hash.result().toHex();
    offers.finish(cancelledBy(cancel), json.line());
    return sheet;
}

} // namespace accelplan::pricing
