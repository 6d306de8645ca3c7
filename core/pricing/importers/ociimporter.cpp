#include "core/pricing/importers/ociimporter.h"
#include "core/pricing/importers/jsonsheetread.h"
#include "core/pricing/importers/sheetbuilder.h"

#include "core/common/backgroundhash.h"
#include "core/common/csvtable.h"
#include "core/common/jsonrecordwalker.h"
#include "core/common/jsonsax.h"
#include "core/common/tr.h"
#include "core/pricing/currency.h"

#include <QFile>
#include <QIODevice>
#include <QSet>

#include <string>

using namespace Qt::StringLiterals;

namespace accelplan::pricing {

namespace {

const QString kSourceUrl = u"https://apexapps.oracle.com/pls/apex/cetools/api/v1/products/"_s;

class OciReader : public SheetBuilder
{
public:
    OciReader(ParsedSheet &sheet, const QHash<QString, OciPart> &parts) : SheetBuilder(sheet), m_parts(parts) {}

    void setLastUpdated(const QString &text) { m_lastUpdated = text; }

    // Every item ends kept, skipped (counted by reason) or as an error.
    void readItem(const JsonValue &item, int line)
    {
        ++m_sheet.rowCount;
        if (!item.IsObject()) {
            error(line, {}, Tr::tr("a price-list item must be a JSON object"));
            return;
        }
        auto text = [&](const char *key) { return jsonText(jsonMember(&item, key)); };
        const QString part = text("partNumber");
        const QString name = text("displayName").simplified();
        const QString category = text("serviceCategory");
        if (text("metricName") != u"GPU Per Hour"_s) {
            skip(Tr::tr("not priced per GPU-hour"));
            return;
        }
        if (name.contains(u"NVIDIA AI Enterprise"_s, Qt::CaseInsensitive)) {
            skip(Tr::tr("software licence (NVIDIA AI Enterprise), not a GPU rental"));
            return;
        }
        if (category.contains(u"Cloud@Customer"_s) || name.contains(u"Cloud@Customer"_s)) {
            skip(Tr::tr("on-premises (Cloud@Customer)"));
            return;
        }
        const auto found = m_parts.constFind(part);
        if (found == m_parts.cend()) {
            skip(Tr::tr("GPU part not in the mapping table"));
            unknownType(u"%1 (%2)"_s.arg(part, name));
            return;
        }
        const OciPart &shape = *found;

        // One price per item: USD where the item is localised in several currencies.
        const JsonValue *chosen = nullptr;
        if (const JsonValue *localizations = jsonMember(&item, "currencyCodeLocalizations");
            localizations && localizations->IsArray())
            for (const JsonValue &localization : localizations->GetArray())
                if (!chosen || !chosen->IsObject() || chosen->ObjectEmpty()
                    || jsonText(jsonMember(&localization, "currencyCode")) == u"USD"_s)
                    chosen = &localization;
        const QString currency = jsonText(jsonMember(chosen, "currencyCode"));
        if (currency.isEmpty()) {
            error(line, u"currencyCodeLocalizations"_s, Tr::tr("part %1 has no price in any currency").arg(part));
            return;
        }
        if (const QString problem = currencyProblem(currency); !problem.isEmpty()) {
            error(line, u"currencyCode"_s, problem);
            return;
        }
        const JsonValue *payg = nullptr;
        int paygCount = 0;
        if (const JsonValue *prices = jsonMember(chosen, "prices"); prices && prices->IsArray())
            for (const JsonValue &price : prices->GetArray()) {
                if (jsonText(jsonMember(&price, "model")) == u"PAY_AS_YOU_GO"_s) {
                    if (paygCount++ == 0)
                        payg = jsonMember(&price, "value");
                } else {
                    skip(Tr::tr("price model other than pay as you go"));
                }
            }
        if (paygCount == 0) {
            skip(Tr::tr("no pay-as-you-go price"));
            return;
        }
        QString why;
        const auto perGpu = decimalFromJson(jsonScalar(payg), &why);
        if (!perGpu) {
            error(line, u"value"_s, Tr::tr("part %1: the price is not a number: %2").arg(part, why));
            return;
        }
        if (perGpu->isNegative()) {
            error(line, u"value"_s, Tr::tr("part %1: negative price %2").arg(part, perGpu->toString()));
            return;
        }
        if (perGpu->isZero()) {
            skip(Tr::tr("zero price"));
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
                skip(Tr::tr("second part for the same shape"));
                warning(line, u"partNumber"_s,
                        Tr::tr("part %1 prices shape %2 again (line %3 did); the first is kept")
                            .arg(part, shape.shape)
                            .arg(kept.sheetLine));
                return;
            }
        m_sheet.records.append(record);
    }

    void finish(bool cancelled)
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
        finishSheet(cancelled, 0, Tr::tr("no GPU shape prices found (%1 items read)").arg(m_sheet.rowCount));
    }

private:
    const QHash<QString, OciPart> &m_parts;
    QString m_lastUpdated;
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
    OciReader reader(sheet, parts);
    bool sawItems = false;
    const JsonSheetEnd end = readJsonSheet(device, reader, cancel, [&](JsonDeviceStream &stream) {
        JsonRecordWalk walk;
        walk.arrayKey = "items";
        walk.topArray = JsonRecordWalk::TopArray::Ignored;
        walk.cancel = cancel;
        walk.record = [&](const JsonValue &item, int line) {
            reader.readItem(item, line);
            return true;
        };
        walk.pageString = [&](std::string_view key, std::string_view text) {
            if (key == "lastUpdated")
                reader.setLastUpdated(QString::fromUtf8(text.data(), qsizetype(text.size())));
        };
        JsonRecordWalker walker(std::move(walk), stream);
        const JsonParseResult parsed = parseJsonValues(stream, walker);
        sawItems = walker.sawArray();
        return parsed;
    });
    const bool cancelled = end.cancelled;
    if (sheet.ok() && !sawItems && !cancelled)
        reader.error(1, {},
                     Tr::tr("not an Oracle Cloud price list (no \"items\" array of parts with "
                            "currencyCodeLocalizations)"));

    reader.finish(cancelled);
    return sheet;
}

} // namespace accelplan::pricing
