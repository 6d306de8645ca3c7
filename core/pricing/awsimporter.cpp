#include "core/pricing/awsimporter.h"

#include "core/common/csvtable.h"
#include "core/common/tr.h"

#include <QCryptographicHash>
#include <QFile>
#include <QIODevice>
#include <QMap>

using namespace Qt::StringLiterals;

namespace accelplan::pricing {

namespace {

constexpr double kHoursPerYear = 8760; // AWS amortises upfront fees over 365 × 24 hours

// Splits one line of the AWS CSV (every field quoted, "" inside a field). False when malformed.
bool splitLine(QByteArrayView line, QList<QByteArray> &fields)
{
    fields.clear();
    while (!line.isEmpty() && (line.back() == '\n' || line.back() == '\r'))
        line.chop(1);
    qsizetype i = 0;
    const qsizetype n = line.size();
    while (i <= n) {
        QByteArray field;
        if (i < n && line[i] == '"') {
            ++i;
            while (true) {
                if (i >= n)
                    return false; // unterminated quote
                if (line[i] == '"') {
                    if (i + 1 < n && line[i + 1] == '"') {
                        field += '"';
                        i += 2;
                        continue;
                    }
                    ++i;
                    break;
                }
                field += line[i++];
            }
        } else {
            while (i < n && line[i] != ',')
                field += line[i++];
        }
        fields.append(field);
        if (i >= n)
            break;
        if (line[i] != ',')
            return false;
        ++i;
        if (i == n) {
            fields.append(QByteArray());
            break;
        }
    }
    return true;
}

// One reserved purchase option of one offer: its upfront fee and hourly rate come on two rows.
struct Reserved
{
    PriceRecord record; ///< the offer's fields, from its first row
    bool threeYears = false;
    QString purchaseOption;
    double hourly = 0;
    double upfront = 0;

    double effectiveHourly() const { return hourly + upfront / ((threeYears ? 3 : 1) * kHoursPerYear); }
};

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

ParsedSheet parseAwsCsv(QIODevice *device, const QString &fileName, const QHash<QString, AwsInstance> &instances,
                        const std::atomic<bool> *cancel)
{
    ParsedSheet sheet;
    sheet.fileName = fileName;
    QCryptographicHash hash(QCryptographicHash::Sha256);
    QMap<QString, int> skipped;
    QStringList reasonsInOrder;
    auto skip = [&](const QString &reason) {
        if (!skipped.contains(reason))
            reasonsInOrder.append(reason);
        ++skipped[reason];
    };
    auto error = [&](int line, const QString &field, const QString &message) {
        sheet.diagnostics.append(Diagnostic::error(fileName, line, field, message));
    };

    // The preamble: metadata lines up to the header, which starts with "SKU".
    QString publication;
    QString version;
    QHash<QString, int> column;
    QList<QByteArray> fields;
    int lineNumber = 0;
    while (!device->atEnd()) {
        const QByteArray line = device->readLine();
        hash.addData(line);
        ++lineNumber;
        if (!splitLine(line, fields))
            continue; // not the AWS preamble; reported below if no header follows
        if (fields.value(0) == "SKU") {
            for (int i = 0; i < fields.size(); ++i)
                column.insert(QString::fromUtf8(fields.at(i)), i);
            break;
        }
        if (fields.value(0) == "Publication Date")
            publication = QString::fromUtf8(fields.value(1));
        if (fields.value(0) == "Version")
            version = QString::fromUtf8(fields.value(1));
        if (lineNumber > 20)
            break;
    }
    const QStringList required = {u"TermType"_s, u"Unit"_s, u"PricePerUnit"_s, u"Currency"_s, u"Instance Type"_s,
                                  u"Tenancy"_s, u"Operating System"_s, u"Region Code"_s, u"Product Family"_s};
    if (column.isEmpty()) {
        error(lineNumber, {}, Tr::tr("no header line starting with \"SKU\" in the first 20 lines: not an AWS "
                                     "AmazonEC2 offer file in CSV form"));
        return sheet;
    }
    for (const QString &name : required)
        if (!column.contains(name))
            error(lineNumber, name, Tr::tr("missing column; the header has %1 columns").arg(column.size()));
    if (!sheet.ok())
        return sheet;
    auto at = [&](const QString &name) { return column.value(name, -1); };
    const int cTerm = at(u"TermType"_s), cUnit = at(u"Unit"_s), cPrice = at(u"PricePerUnit"_s),
              cCurrency = at(u"Currency"_s), cType = at(u"Instance Type"_s), cTenancy = at(u"Tenancy"_s),
              cOs = at(u"Operating System"_s), cRegion = at(u"Region Code"_s), cFamily = at(u"Product Family"_s),
              cCapacity = at(u"CapacityStatus"_s), cSoftware = at(u"Pre Installed S/W"_s),
              cMarket = at(u"MarketOption"_s), cLease = at(u"LeaseContractLength"_s),
              cPurchase = at(u"PurchaseOption"_s), cClass = at(u"OfferingClass"_s), cVcpu = at(u"vCPU"_s),
              cMemory = at(u"Memory"_s), cGpu = at(u"GPU"_s), cEffective = at(u"EffectiveDate"_s);
    auto field = [&](int index) { return index >= 0 ? QString::fromUtf8(fields.value(index)) : QString(); };

    const QDate published = QDate::fromString(publication.left(10), Qt::ISODate);
    const QString source = u"AWS Price List Bulk API, AmazonEC2 offer version %1 (%2)"_s.arg(
        version.isEmpty() ? Tr::tr("unknown") : version, publication.isEmpty() ? Tr::tr("undated") : publication);
    QMap<QString, PriceRecord> onDemand; // by instance type | region
    QMap<QString, Reserved> reserved;    // by instance type | region | lease | purchase option
    QSet<QString> unknown;

    while (!device->atEnd()) {
        if (cancel && cancel->load())
            break;
        const QByteArray line = device->readLine();
        hash.addData(line);
        ++lineNumber;
        ++sheet.rowCount;
        // Cheap rejections before the line is split: most of the file is other OSs and tenancies.
        if (!line.contains("\"Linux\"")) {
            skip(Tr::tr("not Linux"));
            continue;
        }
        if (!line.contains("\"Shared\"")) {
            skip(Tr::tr("not shared tenancy"));
            continue;
        }
        if (!splitLine(line, fields)) {
            error(lineNumber, {}, Tr::tr("malformed CSV line (an unterminated quote?)"));
            continue;
        }
        if (field(cFamily) != u"Compute Instance"_s) {
            skip(Tr::tr("not a compute instance"));
            continue;
        }
        if (field(cOs) != u"Linux"_s) {
            skip(Tr::tr("not Linux"));
            continue;
        }
        if (field(cTenancy) != u"Shared"_s) {
            skip(Tr::tr("not shared tenancy"));
            continue;
        }
        if (cCapacity >= 0 && field(cCapacity) != u"Used"_s) {
            skip(Tr::tr("capacity reservation"));
            continue;
        }
        if (const QString software = field(cSoftware); !software.isEmpty() && software != u"NA"_s) {
            skip(Tr::tr("pre-installed software"));
            continue;
        }
        if (const QString market = field(cMarket); !market.isEmpty() && market != u"OnDemand"_s) {
            skip(Tr::tr("other market option"));
            continue;
        }
        const QString type = field(cType);
        const auto instance = instances.constFind(type);
        if (instance == instances.cend()) {
            const bool accelerated = field(cGpu).toDouble() > 0 || type.startsWith(u'p') || type.startsWith(u"g"_s)
                                     || type.startsWith(u"trn"_s) || type.startsWith(u"inf"_s) || type.startsWith(u"dl"_s);
            if (accelerated) {
                skip(Tr::tr("unknown accelerator instance type"));
                unknown.insert(type);
            } else {
                skip(Tr::tr("not an accelerator instance"));
            }
            continue;
        }
        const QString priceText = field(cPrice);
        if (priceText.isEmpty()) {
            skip(Tr::tr("no price"));
            continue;
        }
        QString why;
        const auto price = Decimal::parse(priceText, &why);
        if (!price) {
            error(lineNumber, u"PricePerUnit"_s, Tr::tr("\"%1\" is not a number: %2").arg(priceText, why));
            continue;
        }
        if (*price < Decimal()) {
            error(lineNumber, u"PricePerUnit"_s, Tr::tr("negative price %1").arg(priceText));
            continue;
        }
        const QString region = field(cRegion);
        if (region.isEmpty()) {
            error(lineNumber, u"Region Code"_s, Tr::tr("empty region code"));
            continue;
        }
        PriceRecord record;
        record.key = {u"AWS"_s, type, region, PriceModel::OnDemand};
        record.offerKind = OfferKind::CloudVm;
        record.accelerator = instance->accelerator;
        record.acceleratorCount = instance->acceleratorCount;
        if (const int vcpus = field(cVcpu).toInt(); vcpus > 0)
            record.vcpus = vcpus;
        if (const QString memory = field(cMemory).section(u' ', 0, 0); !memory.isEmpty())
            record.ramGb = Decimal::parse(memory);
        record.currency = field(cCurrency);
        record.unit = PriceUnit::Hour;
        record.effectiveDate = QDate::fromString(field(cEffective).left(10), Qt::ISODate);
        if (!record.effectiveDate.isValid())
            record.effectiveDate = published.isValid() ? published : QDate::currentDate();
        record.asOf = published.isValid() ? published : record.effectiveDate;
        record.sourceUrl = source;
        record.confidence = u"exact"_s;
        record.sheetLine = lineNumber;
        const QString id = type + u'|' + region;

        const QString term = field(cTerm);
        const QString unit = field(cUnit);
        if (term == u"OnDemand"_s) {
            if (unit != u"Hrs"_s) {
                skip(Tr::tr("not an hourly price"));
                continue;
            }
            record.price = *price;
            record.notes = u"Linux, shared tenancy, on demand"_s;
            onDemand.insert(id, record);
        } else if (term == u"Reserved"_s) {
            if (field(cClass) != u"standard"_s) {
                skip(Tr::tr("convertible reserved term"));
                continue;
            }
            const QString lease = field(cLease);
            if (lease != u"1yr"_s && lease != u"3yr"_s) {
                skip(Tr::tr("other reserved term length"));
                continue;
            }
            const QString option = field(cPurchase);
            Reserved &r = reserved[id + u'|' + lease + u'|' + option];
            if (r.record.sheetLine == 0) {
                r.record = record;
                r.record.key.priceModel = lease == u"3yr"_s ? PriceModel::Commit3y : PriceModel::Commit1y;
                r.threeYears = lease == u"3yr"_s;
                r.purchaseOption = option;
            }
            if (unit == u"Quantity"_s)
                r.upfront += price->toDouble();
            else if (unit == u"Hrs"_s)
                r.hourly += price->toDouble();
            else {
                skip(Tr::tr("not an hourly price"));
                continue;
            }
        } else {
            skip(Tr::tr("other term type"));
        }
    }
    sheet.sha256 = hash.result().toHex();

    // Each purchase option's effective hourly rate; the lowest is the commitment price.
    QMap<QString, const Reserved *> best; // by instance type | region | price model
    for (const Reserved &r : std::as_const(reserved)) {
        const QString key = r.record.key.sku + u'|' + r.record.key.region + u'|' + toString(r.record.key.priceModel);
        if (!best.contains(key) || r.effectiveHourly() < best.value(key)->effectiveHourly())
            best.insert(key, &r);
    }
    sheet.records = onDemand.values();
    for (const Reserved *r : std::as_const(best)) {
        PriceRecord record = r->record;
        record.price = Decimal::parse(QString::number(r->effectiveHourly(), 'f', 6)).value_or(Decimal());
        record.notes = u"standard reserved %1, %2: effective hourly = hourly + upfront / (years × 8760)"_s.arg(
            r->threeYears ? u"3yr"_s : u"1yr"_s, r->purchaseOption);
        sheet.records.append(record);
    }
    for (const QString &reason : std::as_const(reasonsInOrder))
        sheet.skipped.append({reason, skipped.value(reason)});
    sheet.unknownTypes = unknown.values();
    sheet.unknownTypes.sort();
    if (sheet.records.isEmpty() && sheet.ok() && !(cancel && cancel->load()))
        error(lineNumber, {}, Tr::tr("no accelerator instance prices found (%1 rows read)").arg(sheet.rowCount));
    return sheet;
}

} // namespace accelplan::pricing
