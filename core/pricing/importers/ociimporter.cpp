#include "core/pricing/importers/ociimporter.h"

#include "core/common/csvtable.h"
#include "core/common/jsonstream.h"
#include "core/common/tr.h"

#include <QCryptographicHash>
#include <QFile>
#include <QIODevice>
#include <QJsonArray>
#include <QJsonObject>
#include <QSet>

using namespace Qt::StringLiterals;

namespace accelplan::pricing {

namespace {

const QString kSourceUrl = u"https://apexapps.oracle.com/pls/apex/cetools/api/v1/products/"_s;

class OciReader
{
public:
    OciReader(ParsedSheet &sheet, const QHash<QString, OciPart> &parts) : m_sheet(sheet), m_parts(parts) {}

    void setLastUpdated(const QString &text) { m_lastUpdated = text; }

    // Every item ends kept, skipped (counted by reason) or as an error.
    void readItem(const QJsonValue &value, int line)
    {
        ++m_sheet.rowCount;
        if (!value.isObject()) {
            error(line, {}, Tr::tr("a price-list item must be a JSON object"));
            return;
        }
        const QJsonObject item = value.toObject();
        auto text = [&](const QString &key) { return item.value(key).toString(); };
        const QString part = text(u"partNumber"_s);
        const QString name = text(u"displayName"_s).simplified();
        const QString category = text(u"serviceCategory"_s);
        if (text(u"metricName"_s) != u"GPU Per Hour"_s) {
            m_sheet.skip(Tr::tr("not priced per GPU-hour"));
            return;
        }
        if (name.contains(u"NVIDIA AI Enterprise"_s, Qt::CaseInsensitive)) {
            m_sheet.skip(Tr::tr("software licence (NVIDIA AI Enterprise), not a GPU rental"));
            return;
        }
        if (category.contains(u"Cloud@Customer"_s) || name.contains(u"Cloud@Customer"_s)) {
            m_sheet.skip(Tr::tr("on-premises (Cloud@Customer)"));
            return;
        }
        const auto found = m_parts.constFind(part);
        if (found == m_parts.cend()) {
            m_sheet.skip(Tr::tr("GPU part not in the mapping table"));
            m_unknown.insert(u"%1 (%2)"_s.arg(part, name));
            return;
        }
        const OciPart &shape = *found;

        // One price per item: USD where the item is localised in several currencies.
        const QJsonArray localizations = item.value(u"currencyCodeLocalizations"_s).toArray();
        QJsonObject chosen;
        for (const QJsonValue &l : localizations) {
            const QJsonObject localization = l.toObject();
            if (chosen.isEmpty() || localization.value(u"currencyCode"_s).toString() == u"USD"_s)
                chosen = localization;
        }
        const QString currency = chosen.value(u"currencyCode"_s).toString();
        if (currency.isEmpty()) {
            error(line, u"currencyCodeLocalizations"_s, Tr::tr("part %1 has no price in any currency").arg(part));
            return;
        }
        QJsonValue payg;
        int paygCount = 0;
        for (const QJsonValue &p : chosen.value(u"prices"_s).toArray()) {
            const QJsonObject price = p.toObject();
            if (price.value(u"model"_s).toString() == u"PAY_AS_YOU_GO"_s) {
                if (paygCount++ == 0)
                    payg = price.value(u"value"_s);
            } else {
                m_sheet.skip(Tr::tr("price model other than pay as you go"));
            }
        }
        if (paygCount == 0) {
            m_sheet.skip(Tr::tr("no pay-as-you-go price"));
            return;
        }
        QString why;
        const auto perGpu = decimalFromJson(payg, &why);
        if (!perGpu) {
            error(line, u"value"_s, Tr::tr("part %1: the price is not a number: %2").arg(part, why));
            return;
        }
        if (perGpu->isNegative()) {
            error(line, u"value"_s, Tr::tr("part %1: negative price %2").arg(part, perGpu->toString()));
            return;
        }
        if (perGpu->isZero()) {
            m_sheet.skip(Tr::tr("zero price"));
            return;
        }
        if (paygCount > 1)
            warning(line, u"prices"_s,
                    Tr::tr("part %1 has %2 pay-as-you-go prices in %3; the first, %4, is kept")
                        .arg(part)
                        .arg(paygCount)
                        .arg(currency, perGpu->toString()));

        PriceRecord record;
        record.key = {u"Oracle Cloud"_s, shape.shape, u"global"_s, PriceModel::OnDemand};
        record.offerKind = OfferKind::CloudVm;
        record.accelerator = shape.accelerator;
        record.acceleratorCount = shape.acceleratorCount;
        record.vcpus = shape.vcpus;
        record.ramGb = shape.ramGb;
        record.currency = currency;
        record.unit = PriceUnit::Hour;
        record.price = Decimal::fromNanos(perGpu->nanos() * shape.acceleratorCount);
        record.sourceUrl = kSourceUrl;
        record.confidence = u"exact"_s;
        record.sheetLine = line;
        record.notes = Tr::tr("part %1 '%2': %3 %4 per GPU-hour × %5 GPUs; one list price in every commercial "
                              "region")
                           .arg(part, name, perGpu->toString(), currency)
                           .arg(shape.acceleratorCount);
        for (const PriceRecord &kept : std::as_const(m_sheet.records))
            if (kept.key == record.key) {
                m_sheet.skip(Tr::tr("second part for the same shape"));
                warning(line, u"partNumber"_s,
                        Tr::tr("part %1 prices shape %2 again (line %3 did); the first is kept")
                            .arg(part, shape.shape)
                            .arg(kept.sheetLine));
                return;
            }
        m_sheet.records.append(record);
    }

    void finish()
    {
        // The list says when it was last updated, not when each price began: that date is the
        // price's date, and the date it was read.
        QDate date = QDate::fromString(m_lastUpdated.left(10), Qt::ISODate);
        QString dated = Tr::tr("price list last updated %1").arg(m_lastUpdated.left(10));
        if (!date.isValid()) {
            date = QDate::currentDate();
            dated = Tr::tr("no lastUpdated in the file, dated on import");
        }
        for (PriceRecord &record : m_sheet.records) {
            record.effectiveDate = date;
            record.asOf = date;
            record.notes += u"; "_s + dated;
        }
        m_sheet.unknownTypes = m_unknown.values();
        m_sheet.unknownTypes.sort();
    }

    void error(int line, const QString &field, const QString &message)
    {
        m_sheet.diagnostics.append(Diagnostic::error(m_sheet.fileName, line, field, message));
    }

private:
    void warning(int line, const QString &field, const QString &message)
    {
        m_sheet.diagnostics.append(Diagnostic::warning(m_sheet.fileName, line, field, message));
    }

    ParsedSheet &m_sheet;
    const QHash<QString, OciPart> &m_parts;
    QString m_lastUpdated;
    QSet<QString> m_unknown;
};

} // namespace

Result<QHash<QString, OciPart>> loadOciParts()
{
    QFile file(u":/data/catalog/oci_parts.csv"_s);
    if (!file.open(QIODevice::ReadOnly))
        return Error::internal(Tr::tr("the shipped data/catalog/oci_parts.csv is missing from the build"));
    QHash<QString, OciPart> parts;
    const Diagnostics problems = readCsvTable(
        &file, u"data/catalog/oci_parts.csv"_s,
        {u"part_number"_s, u"shape"_s, u"accelerator"_s, u"accelerator_count"_s}, [&](const CsvRecord &r) {
            OciPart part{readInstanceShape(r), r.required(u"shape"_s)};
            parts.insert(r.required(u"part_number"_s), part);
        });
    if (hasErrors(problems))
        return Error::badInput(Tr::tr("data/catalog/oci_parts.csv has errors"), problems);
    return parts;
}

ParsedSheet parseOciJson(QIODevice *device, const QString &fileName, const QHash<QString, OciPart> &parts,
                         const std::atomic<bool> *cancel)
{
    ParsedSheet sheet;
    sheet.fileName = fileName;
    QCryptographicHash hash(QCryptographicHash::Sha256);
    JsonStream json(device);
    json.hashInto(&hash);
    OciReader reader(sheet, parts);
    auto cancelled = [&] { return cancel && cancel->load(); };

    bool sawItems = false;
    if (json.next() == JsonStream::BeginObject) {
        JsonStream::Token token;
        while (!cancelled() && (token = json.next()) == JsonStream::Key) {
            const QString key = json.string();
            token = json.next();
            if (key == u"items"_s && token == JsonStream::BeginArray) {
                sawItems = true;
                while (!cancelled() && (token = json.next()) != JsonStream::EndArray && token != JsonStream::Error) {
                    const int line = json.line();
                    const QJsonValue item = json.readValue();
                    if (json.hasError())
                        break;
                    reader.readItem(item, line);
                }
            } else if (key == u"lastUpdated"_s && token == JsonStream::String) {
                reader.setLastUpdated(json.string());
            } else {
                json.skipValue();
            }
            if (json.hasError())
                break;
        }
    }
    if (json.hasError() && !cancelled())
        reader.error(json.line(), {}, Tr::tr("JSON syntax error: %1").arg(json.errorString()));
    else if (!sawItems && !cancelled())
        reader.error(json.line(), {},
                     Tr::tr("not an Oracle Cloud price list (no \"items\" array of parts with "
                            "currencyCodeLocalizations)"));

    if (!cancelled()) {
        char buffer[64 * 1024];
        qint64 got;
        while ((got = device->read(buffer, sizeof buffer)) > 0)
            hash.addData(QByteArrayView(buffer, got));
    }
    sheet.sha256 = hash.result().toHex();

    reader.finish();
    if (cancelled())
        sheet.records.clear();
    else if (sheet.records.isEmpty() && sheet.ok())
        reader.error(0, {}, Tr::tr("no GPU shape prices found (%1 items read)").arg(sheet.rowCount));
    return sheet;
}

} // namespace accelplan::pricing
